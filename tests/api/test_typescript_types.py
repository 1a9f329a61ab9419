"""TypeScript types generated from the schema type-check a client's script.

openapi-typescript (tests/api/typescript/package.json, installed by `make install` with npm)
turns the schema the site serves into types; tsc --strict checks tests/api/typescript/evening.ts
against them: the requests it builds, the answers it reads (the hand, a 409, the record, the
standings, the presets' options, the one error body). Its `@ts-expect-error` lines must each be
an error, so types that let anything through (``any``) fail the check too.
"""

import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent / "typescript"
TSC = ["--noEmit", "--strict", "--target", "es2022", "--module", "es2022"]
TSC += ["--moduleResolution", "bundler"]
BIN = HERE / "node_modules" / ".bin"
MISSING = f"{BIN} has no {{}}: run `make install` (npm ci in {HERE})"


def _run(command, cwd):
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300)


def test_a_typescript_script_type_checks_against_types_generated_from_the_schema(
    client, db, tmp_path
):
    for tool in ("openapi-typescript", "tsc"):
        assert (BIN / tool).exists(), MISSING.format(tool)
    schema = client.get("/api/schema/?format=json")
    assert schema.status_code == 200
    (tmp_path / "openapi.json").write_bytes(schema.content)
    shutil.copy(HERE / "evening.ts", tmp_path)

    generated = _run([BIN / "openapi-typescript", "openapi.json", "-o", "schema.d.ts"], tmp_path)
    assert generated.returncode == 0, generated.stdout + generated.stderr
    checked = _run([BIN / "tsc", *TSC, "evening.ts"], tmp_path)

    assert checked.returncode == 0, checked.stdout + checked.stderr
