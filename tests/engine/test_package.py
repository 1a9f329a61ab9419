"""The engine as a package: Django-free, and every docstring example runs."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import scoring.engine

REPO = Path(__file__).resolve().parents[2]
MODULES = ["scoring.engine"] + [
    f"scoring.engine.{m.name}" for m in pkgutil.iter_modules(scoring.engine.__path__)
]


def test_importing_the_engine_does_not_import_django() -> None:
    code = (
        "import sys\n"
        "import scoring.engine, scoring.engine.__main__, scoring.engine.docs\n"
        "scoring.engine.score_record({'rules': 'japanese-modern', 'hands': []})\n"
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_every_engine_module_is_checked_here() -> None:
    assert len(MODULES) >= 13
    assert {"scoring.engine.errors", "scoring.engine.__main__", "scoring.engine.docs"} < set(
        MODULES
    )


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_of_each_module_run(name: str) -> None:
    module = importlib.import_module(name)
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0
    assert attempted > 0, f"{name} has no docstring examples"
