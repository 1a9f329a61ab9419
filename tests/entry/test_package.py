"""The entry (the form's field codec and the phone's protocol) as a package: Django-free, it
imports no project package but the engine, and every docstring example runs."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import entry

REPO = Path(__file__).resolve().parents[2]
MODULES = ["entry"] + [f"entry.{m.name}" for m in pkgutil.iter_modules(entry.__path__)]


def test_importing_the_entry_imports_no_django_and_only_the_engine() -> None:
    projects = sorted(p.parent.name for p in REPO.glob("*/__init__.py"))
    code = (
        "import json, sys\n"
        "import entry, entry.fields, entry.phone\n"
        "record = {'rules': {'preset': 'japanese-modern'}, 'hands': []}\n"
        "ask = {'record': record, 'names': ['A', 'B', 'C', 'D'], 'queued': [],\n"
        "       'fields': {'result': 'draw', 'tenpai': ['1']}}\n"
        "assert json.loads(entry.phone.preview_json(json.dumps(ask)))['number'] == 1\n"
        "print(json.dumps(sorted(m for m in sys.modules if m == 'django'\n"
        f"    or m.startswith('django.') or m in {projects!r})))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == '["engine", "entry"]'


def test_every_entry_module_is_checked_here() -> None:
    assert {"entry", "entry.fields", "entry.phone"} <= set(MODULES)


@pytest.mark.parametrize("name", [m for m in MODULES if m != "entry"])
def test_the_docstring_examples_of_each_module_run(name: str) -> None:
    module = importlib.import_module(name)
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0
    assert attempted > 0, f"{name} has no docstring examples"
