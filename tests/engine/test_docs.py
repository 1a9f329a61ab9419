"""The engine's documentation: the generated presets page is current."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from engine import preset_ids
from engine.docs import REGENERATE, presets_markdown
from engine.rules import Rules

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_presets_page_is_generated_from_the_registry() -> None:
    page = (DOCS / "presets.md").read_text(encoding="utf-8")
    assert page == presets_markdown(), (
        f"docs/presets.md is out of date; regenerate it from the project root with: {REGENERATE}"
    )


def test_the_presets_page_shows_every_option_of_every_preset() -> None:
    page = presets_markdown()
    for pid in preset_ids():
        assert f"\n## {pid}\n" in page
    rows = [line for line in page.splitlines() if line.startswith("| `")]
    options = [f.name for f in dataclasses.fields(Rules)]
    for name in options:
        assert sum(1 for row in rows if row.startswith(f"| `{name}` |")) == len(preset_ids())
