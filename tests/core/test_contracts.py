"""The import contracts of docs/architecture.md cover every app and every module of scoring
beside the engine, so that a new one cannot slip past them."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]


def _contract(kind):
    (contract,) = [c for c in CONFIG["contracts"] if c["type"] == kind]
    return contract


def test_every_app_is_a_layer():
    apps = {p.parent.name for p in ROOT.glob("*/apps.py")} | {"config"}
    assert set(_contract("layers")["layers"]) == apps
    assert set(CONFIG["root_packages"]) == apps


def test_the_engine_may_import_no_other_module_of_scoring():
    modules = {
        f"scoring.{p.stem}"
        for p in (ROOT / "scoring").iterdir()
        if (p.suffix == ".py" or (p / "__init__.py").exists())
        and p.stem not in {"__init__", "engine"}
    }
    assert modules <= set(_contract("forbidden")["forbidden_modules"])
