"""``python -m scoring.engine FILE``: score game records without Django or a database.

One JSON game object in, one result object out; or JSON Lines in (one game a line), JSON Lines
out in the same order. ``-`` reads standard input. Exits 0 when every game scored, 1 when any
gave an error. ``--presets`` prints every preset with its options as JSON;
``--presets-markdown`` prints ``docs/presets.md``.

>>> import io, json, os, tempfile
>>> with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
...     print('{"rules": "tenhou", "hands": [{"result": "draw", "tenpai": [1]}]}', file=f)
...     print('{"rules": "nope"}', file=f)
>>> out = io.StringIO()
>>> main([f.name], stdout=out)
1
>>> [sorted(json.loads(line)) for line in out.getvalue().splitlines()]
[['final', 'hands'], ['error']]
>>> os.unlink(f.name)
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from . import score_record
from .docs import presets_markdown
from .presets import get_preset, preset_ids


def _records(text: str) -> list[Any]:
    stripped = text.strip()
    if not stripped:
        return []
    try:
        return [json.loads(stripped)]
    except json.JSONDecodeError:
        pass
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as e:
                out.append(_BadLine(number, str(e)))
    return out


class _BadLine:
    def __init__(self, number: int, why: str) -> None:
        self.answer = {
            "error": {
                "code": "bad_json",
                "message": f"Line {number} is not valid JSON: {why}",
                "hand": None,
                "field": None,
            }
        }


def main(argv: list[str] | None = None, stdout: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m scoring.engine", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "file", nargs="?", help="a game record (JSON or JSON Lines); - for standard input"
    )
    parser.add_argument(
        "--presets", action="store_true", help="print every preset with its options"
    )
    parser.add_argument(
        "--presets-markdown",
        action="store_true",
        help="print the presets page (docs/presets.md) generated from the registry",
    )
    parser.add_argument("--pretty", action="store_true", help="indent the output for people")
    args = parser.parse_args(argv)
    indent = 2 if args.pretty else None
    if args.presets:
        print(
            json.dumps([get_preset(p).as_dict() for p in preset_ids()], indent=indent), file=stdout
        )
        return 0
    if args.presets_markdown:
        stdout.write(presets_markdown())
        return 0
    if not args.file:
        parser.error("give a FILE, or - for standard input")
    if args.file == "-":
        text = sys.stdin.read()
    else:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    status = 0
    for record in _records(text):
        answer = record.answer if isinstance(record, _BadLine) else score_record(record)
        if "error" in answer:
            status = 1
        print(
            json.dumps(answer, indent=indent, separators=None if indent else (",", ":")),
            file=stdout,
        )
    return status


if __name__ == "__main__":
    sys.exit(main())
