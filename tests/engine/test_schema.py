"""docs/game-record.schema.json and the examples of docs/game-record.md, against the engine."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from engine import preset_ids, score_record
from engine.rules import Rules

DOCS = Path(__file__).resolve().parents[2] / "docs"
SCHEMA = json.loads((DOCS / "game-record.schema.json").read_text(encoding="utf-8"))
RECORD = Draft202012Validator(SCHEMA)


def validator(definition: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": f"#/$defs/{definition}", "$defs": SCHEMA["$defs"]})


RESULT, HAND = validator("result"), validator("hand")


def doc_examples() -> list[Any]:
    """Every JSON object in the page's json blocks, in order (a block may hold one a line)."""
    page = (DOCS / "game-record.md").read_text(encoding="utf-8")
    out: list[Any] = []
    for block in re.findall(r"```json\n(.*?)```", page, flags=re.S):
        try:
            out.append(json.loads(block))
        except json.JSONDecodeError:
            out += [json.loads(line) for line in block.splitlines() if line.strip()]
    return out


def is_result(obj: Any) -> bool:
    return "final" in obj or "error" in obj


def test_the_schema_is_valid_json_schema_2020_12() -> None:
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_every_example_of_the_page_is_valid_and_scores_as_shown() -> None:
    examples = doc_examples()
    records = [e for e in examples if "rules" in e]
    assert len(records) >= 4
    compared = 0
    for i, example in enumerate(examples):
        if "rules" in example:
            RECORD.validate(example)
            following = examples[i + 1] if i + 1 < len(examples) else None
            if following is not None and is_result(following):
                assert score_record(example) == following
                compared += 1
            else:
                assert "error" not in score_record(example)
        elif is_result(example):
            RESULT.validate(example)
        else:
            HAND.validate(example)
    assert compared == 7


GAMES = [
    {"rules": "tenhou", "hands": [{"result": "draw", "tenpai": [0], "nagashi": [2]}]},
    {
        "rules": {
            "preset": "japanese-modern",
            "options": {"kiriage_mangan": True, "uma": [30, 10, -10, -30]},
        },
        "start": {"round": "S", "number": 4, "dealer": 3, "honba": 2, "pool": 1000},
        "hands": [
            {"result": "tsumo", "wins": [{"seat": 1, "yakuman": 1, "pao": 2}], "riichi": [0]},
        ],
    },
    {
        "rules": "japanese-classical",
        "hands": [
            {
                "result": "ron",
                "from": 0,
                "wins": [{"seat": 3, "score": 200}],
                "penalties": [
                    {"seat": 1, "kind": "false_claim"},
                    {"seat": 2, "points": 20, "to": 3},
                ],
            }
        ],
        "ended": True,
    },
    {
        "rules": "italian-official",
        "hands": [
            {
                "result": "ron",
                "from": 1,
                "wins": [{"seat": 2, "points": 20, "doubles": 1}, {"seat": 3, "score": 2000}],
                "losers": [{"seat": 0, "points": 10}, {"seat": 1, "parts": {"pair": "dragon"}}],
            },
            {"result": "chombo", "offender": 0},
        ],
    },
    {"rules": "ema", "start": {"scores": [42300, 35100, 24600, 18000]}, "ended": True},
    {
        "rules": "japanese-modern",
        "hands": [
            {
                "result": "ron",
                "from": 0,
                "wins": [
                    {"seat": 1, "yaku": ["shousangen", "yakuhai_haku"], "open": True, "fu": 40},
                    {
                        "seat": 2,
                        "tiles": "123456m55566677z",
                        "win": "7z",
                        "melds": [{"kind": "pon", "tiles": "555z"}],
                        "dora_indicators": ["4z"],
                    },
                ],
            },
            {"result": "tsumo", "wins": [{"seat": 3, "yaku": ["kokushi"]}]},
        ],
    },
    {
        "rules": "italian-official",
        "hands": [
            {
                "result": "tsumo",
                "wins": [{"seat": 2, "parts": {"win": True, "limit_hand": "gerties_garter"}}],
                "losers": [
                    {"seat": 0, "points": 0},
                    {"seat": 1, "points": 0},
                    {"seat": 3, "score": 0},
                ],
            }
        ],
    },
]


@pytest.mark.parametrize("game", GAMES)
def test_valid_records_and_their_results_match_the_schema(game: dict[str, Any]) -> None:
    RECORD.validate(game)
    result = score_record(game)
    assert "error" not in result, result
    RESULT.validate(result)


@pytest.mark.parametrize(
    "game",
    [
        {
            "rules": "tenhou",
            "hands": [
                {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 1, "fu": 30}], "winner": 2}
            ],
        },
        {
            "rules": "tenhou",
            # seat 4 exists only at a table of five: seat 5 at none
            "hands": [{"result": "tsumo", "wins": [{"seat": 5, "han": 1, "fu": 30}]}],
        },
        {
            "rules": "tenhou",
            "hands": [{"result": "tsumo", "wins": [{"seat": 1, "tiles": "234567m234p4568x"}]}],
        },
        {
            "rules": "tenhou",
            "hands": [
                {"result": "tsumo", "wins": [{"seat": 1, "tiles": "234567m234p45688s", "han": 4}]}
            ],
        },
        {
            "rules": "italian-official",
            "hands": [
                {"result": "tsumo", "wins": [{"seat": 1, "parts": {"limit_hand": "dragon_tail"}}]}
            ],
        },
        {
            "rules": "tenhou",
            "hands": [
                {
                    "result": "tsumo",
                    "wins": [{"seat": 1, "han": 1, "fu": 30}, {"seat": 2, "han": 1, "fu": 30}],
                }
            ],
        },
        {"rules": "riichi-city", "hands": []},
        {"rules": {"preset": "tenhou", "options": {"kiriage": True}}},
        {"rules": {"preset": "tenhou", "options": {"nagashi_mangan_percent": 2000}}},
        {
            "rules": "italian-official",
            "hands": [
                {"result": "tsumo", "wins": [{"seat": 1, "parts": {"patterns": ["dragon_tail"]}}]}
            ],
        },
    ],
)
def test_the_schema_and_the_engine_both_refuse_a_bad_record(game: dict[str, Any]) -> None:
    assert not RECORD.is_valid(game)
    result = score_record(game)
    assert "error" in result
    RESULT.validate(result)


def test_the_schema_knows_every_preset_and_every_option() -> None:
    assert SCHEMA["$defs"]["preset"]["enum"] == list(preset_ids())
    properties = SCHEMA["$defs"]["options"]["properties"]
    fields = dataclasses.fields(Rules)
    assert list(properties) == [f.name for f in fields]
    for f in fields:
        opt = f.metadata["option"]
        schema = properties[f.name]
        if opt.kind == "choice":
            assert schema["enum"] == [value for value, _ in opt.choices], f.name
        elif opt.kind == "int":
            # a value alone is checked against the step every table size allows
            expected = (opt.minimum, opt.maximum, opt.any_step if opt.any_step != 1 else None)
            got = (schema["minimum"], schema["maximum"], schema.get("multipleOf"))
            assert got == expected, f.name
        else:
            assert schema["type"] == {"bool": "boolean", "uma": "array"}[opt.kind], f.name
