"""The API schema is committed as docs/openapi.json, so that a change to it shows in review: the
file must be what the code generates. After changing the API, regenerate it with `make openapi`.
"""

import json
from pathlib import Path

from django.core.management import call_command

FILE = Path(__file__).resolve().parents[2] / "docs" / "openapi.json"
REGENERATE = (
    "docs/openapi.json differs from the schema the code generates; regenerate it with "
    "`make openapi` (or `.venv/bin/python manage.py spectacular --file docs/openapi.json "
    "--format openapi-json --validate`) and commit it"
)


def _differences(committed, generated, where=""):
    """Where two JSON values differ, as paths like paths./api/games/.post.responses."""
    if isinstance(committed, dict) and isinstance(generated, dict):
        found = []
        for key in sorted(set(committed) | set(generated)):
            if committed.get(key, ...) != generated.get(key, ...):
                if key in committed and key in generated:
                    found += _differences(committed[key], generated[key], f"{where}{key}.")
                else:
                    found.append(f"{where}{key} ({'gone' if key in committed else 'new'})")
        return found
    return [where.rstrip(".") or "(the whole file)"]


def test_the_committed_schema_is_the_one_the_code_generates(tmp_path):
    generated = tmp_path / "openapi.json"
    call_command("spectacular", file=str(generated), format="openapi-json")

    committed = json.loads(FILE.read_text(encoding="utf-8"))
    fresh = json.loads(generated.read_text(encoding="utf-8"))

    differences = _differences(committed, fresh)
    assert differences == [], f"{REGENERATE}. Differences: {', '.join(differences[:10])}"


def test_the_check_names_what_differs():
    committed = {"paths": {"/api/a/": {"get": {"summary": "A"}}}, "info": {"version": "1"}}
    generated = {"paths": {"/api/a/": {"get": {"summary": "B"}}, "/api/b/": {}}}

    assert _differences(committed, generated) == [
        "info (gone)",
        "paths./api/a/.get.summary",
        "paths./api/b/ (new)",
    ]
