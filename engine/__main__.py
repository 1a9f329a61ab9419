"""``python -m engine FILE``: score game records without Django or a database.

One JSON game object in, one result object out; or JSON Lines in (one game a line), JSON Lines
out in the same order. ``-`` reads standard input. Exits 0 when every game scored, 1 when any
gave an error. ``--presets`` prints every preset with its options as JSON;
``--presets-markdown`` prints ``docs/presets.md``. ``--from-tenhou6 LOG`` prints the game record
of a tenhou.net/6 log (or of a viewer address holding one), ``--to-tenhou6 RECORD`` the log of
a game record (docs/tenhou6.md); both exit 1 with ``{"error": {...}}`` when the input is
refused.

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
from .errors import EngineError
from .presets import get_preset, preset_ids
from .tenhou6 import read_tenhou6, record_from_tenhou6, tenhou6_from_record


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


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


def _convert(log: str | None, record: str | None, indent: int | None, stdout: TextIO) -> int:
    """``--from-tenhou6`` / ``--to-tenhou6``: one JSON object in, one out."""
    path = log or record
    assert path is not None
    text = _read(path)
    answer: Any
    try:
        if log:
            answer = record_from_tenhou6(read_tenhou6(text))
        else:
            answer = tenhou6_from_record(json.loads(text))
    except json.JSONDecodeError as e:
        answer = {
            "error": {
                "code": "bad_json",
                "message": f"{path} is not valid JSON: {e}",
                "hand": None,
                "field": None,
            }
        }
    except EngineError as e:
        answer = {"error": e.as_dict()}
    separators = None if indent else (",", ":")
    print(json.dumps(answer, indent=indent, separators=separators, ensure_ascii=False), file=stdout)
    return 1 if "error" in answer else 0


def main(argv: list[str] | None = None, stdout: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.splitlines()[0])
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
    parser.add_argument(
        "--from-tenhou6",
        metavar="LOG",
        help="print the game record of a tenhou.net/6 log (JSON); - for standard input",
    )
    parser.add_argument(
        "--to-tenhou6",
        metavar="RECORD",
        help="print a game record (JSON) as a tenhou.net/6 log; - for standard input",
    )
    parser.add_argument("--pretty", action="store_true", help="indent the output for people")
    args = parser.parse_args(argv)
    indent = 2 if args.pretty else None
    if args.from_tenhou6 or args.to_tenhou6:
        return _convert(args.from_tenhou6, args.to_tenhou6, indent, stdout)
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
    text = _read(args.file)
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
