"""Every stylesheet closes what it opens: an unclosed rule swallows every rule after it without
any error (a merge once left one open and the language switcher lost its styles)."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STYLESHEETS = sorted([*ROOT.glob("static/**/*.css"), *ROOT.glob("templates/**/*.css")])


def test_there_are_stylesheets_to_check():
    assert len(STYLESHEETS) >= 3


@pytest.mark.parametrize("path", STYLESHEETS, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_stylesheet_closes_every_block_it_opens(path):
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    depth = 0
    for number, line in enumerate(text.splitlines(), 1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"{path.name}:{number} closes a block that is not open"
    assert depth == 0, f"{path.name} leaves {depth} block(s) open at its end"
