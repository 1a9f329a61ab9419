"""The engine as a package: Django-free, importing no other project package, its old name
(scoring.engine) an alias for old scripts, and every docstring example runs."""

from __future__ import annotations

import doctest
import importlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import engine

REPO = Path(__file__).resolve().parents[2]
MODULES = ["engine"] + [f"engine.{m.name}" for m in pkgutil.iter_modules(engine.__path__)]


def _loaded(code: str) -> list[str]:
    """The Django modules and the project's top-level packages loaded by ``code``."""
    projects = sorted(p.parent.name for p in REPO.glob("*/__init__.py"))
    code += (
        "\nprint(json.dumps(sorted(m for m in sys.modules if m == 'django'"
        f" or m.startswith('django.') or m in {projects!r})))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=False
    )
    assert proc.returncode == 0, proc.stderr
    return list(json.loads(proc.stdout))


def test_importing_the_engine_imports_no_django_and_no_other_project_package() -> None:
    code = (
        "import json, sys\n"
        "import engine, engine.__main__, engine.docs\n"
        "engine.score_record({'rules': 'japanese-modern', 'hands': []})"
    )
    assert _loaded(code) == ["engine"]


def test_the_old_name_runs_the_same_command_line() -> None:
    def run(module: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", module, "-"],
            input='{"rules": "tenhou", "hands": [{"result": "draw", "tenpai": [1]}]}\n',
            capture_output=True,
            text=True,
            cwd=REPO,
            check=False,
        )

    new, old = run("engine"), run("scoring.engine")
    assert new.returncode == old.returncode == 0, old.stderr
    assert json.loads(old.stdout)["hands"][0]["deltas"] == [-1000, 3000, -1000, -1000]
    assert old.stdout == new.stdout


def test_the_old_name_is_the_engine() -> None:
    import scoring.engine

    assert scoring.engine.score_record is engine.score_record
    assert scoring.engine.EngineError is engine.EngineError


def test_every_engine_module_is_checked_here() -> None:
    assert len(MODULES) >= 13
    assert {"engine.errors", "engine.__main__", "engine.docs"} < set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_of_each_module_run(name: str) -> None:
    module = importlib.import_module(name)
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0
    assert attempted > 0, f"{name} has no docstring examples"
