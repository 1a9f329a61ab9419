"""The import contracts of docs/architecture.md cover every app and every Django-free package
(the engine, the entry beside it, the seating draw), so that a new one cannot slip past them."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
APPS = {p.parent.name for p in ROOT.glob("*/apps.py")} | {"config"}
# The Django-free packages and the module of each that its own contract covers.
LIBRARIES = {"engine": "engine", "entry": "entry", "tournaments": "tournaments.seating"}


def _contract(kind, source=None):
    (contract,) = [
        c
        for c in CONFIG["contracts"]
        if c["type"] == kind and source in (None, *c.get("source_modules", ()))
    ]
    return contract


def _forbidden(library):
    return set(_contract("forbidden", source=LIBRARIES[library])["forbidden_modules"])


def test_every_app_is_a_layer():
    assert set(_contract("layers")["layers"]) == APPS
    assert set(CONFIG["root_packages"]) >= APPS


def test_the_root_packages_are_the_apps_and_the_django_free_packages():
    assert set(CONFIG["root_packages"]) == APPS | set(LIBRARIES)
    # Every top-level package of the project but the tests and the benchmarks.
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")} - {"tests", "bench"}
    assert packages == set(CONFIG["root_packages"])


def test_each_django_free_package_imports_no_django_and_no_app():
    for library, module in LIBRARIES.items():
        forbidden = _forbidden(library)
        # The seating draw is a module of the tournaments app: it is forbidden every other
        # app, and Django, which every other module of its own app imports.
        own_app = {module.split(".")[0]} if module != library else set()
        assert forbidden >= APPS - own_app, library
        assert {"django", "rest_framework", "drf_spectacular", "weasyprint"} <= forbidden


def test_the_engine_imports_no_project_package_and_the_entry_only_the_engine():
    others = set(CONFIG["root_packages"])
    assert _forbidden("engine") == (others - {"engine"}) | {
        "django",
        "rest_framework",
        "drf_spectacular",
        "weasyprint",
    }
    assert _forbidden("entry") == (others - {"engine", "entry"}) | {
        "django",
        "rest_framework",
        "drf_spectacular",
        "weasyprint",
    }


def test_the_tournaments_app_stands_on_scoring_below_the_clubhouse():
    layers = _contract("layers")["layers"]
    assert layers.index("clubhouse") < layers.index("tournaments") < layers.index("scoring")
    assert "tournaments" not in _forbidden("tournaments")


def test_no_contract_keeps_an_exception():
    for contract in CONFIG["contracts"]:
        assert "ignore_imports" not in contract, contract["name"]
