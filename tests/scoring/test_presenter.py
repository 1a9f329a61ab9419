# ruff: noqa: E501 (hands and their words written out whole, one a line)
"""The one presenter (scoring.presenter) and the number formats it prints with
(core.formats): their words and numbers, pinned as literals.

The literals were written out by the functions the presenter replaced
(``scoring.selectors.describe_hand``, ``scoring.sheet_data.describe_hand``,
``leagues.standings.format_result``, ``scoring.pdf.points``, ...), checked equal to them over these hands and a
range of numbers before those were deleted: pages, sheets and CSVs print what they printed.
"""

import pytest

import engine
from core import formats
from engine import Unit
from scoring import presenter

HANDS = [
    {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}], "riichi": [3]},
    {
        "result": "ron",
        "from": 0,
        "wins": [{"seat": 1, "han": 2, "fu": 30, "dora": 1}, {"seat": 3, "han": 5}],
        "riichi": [1, 3],
    },
    {
        "result": "ron",
        "from": 3,
        "wins": [
            {"seat": 0, "han": 1, "fu": 30},
            {"seat": 1, "yakuman": 1},
            {"seat": 2, "score": 8000},
        ],
    },
    {"result": "tsumo", "wins": [{"seat": 0, "yakuman": 2, "pao": 2}]},
    {
        "result": "tsumo",
        "wins": [{"seat": 1, "yakuman": 4}],
        "note": "four concealed triplets, single wait",
    },
    {"result": "tsumo", "wins": [{"seat": 2, "han": 13}], "riichi": [2]},
    {
        "result": "ron",
        "from": 2,
        "wins": [{"seat": 0, "points": 20, "doubles": 3}],
        "riichi": [0],
        "losers": [
            {"seat": 1, "points": 8, "doubles": 1},
            {"seat": 2, "points": 0, "doubles": 0},
            {"seat": 3, "score": 200},
        ],
    },
    {
        "result": "tsumo",
        "wins": [{"seat": 3, "points": 40, "doubles": 0}],
        "riichi": [3, 1],
        "losers": [
            {"seat": 0, "points": 10, "doubles": 2},
            {"seat": 1, "points": 4, "doubles": 0},
            {"seat": 2, "points": 0, "doubles": 1},
        ],
    },
    {"result": "ron", "from": 1, "wins": [{"seat": 0, "score": 3000}], "riichi": [0]},
    {"result": "draw", "tenpai": []},
    {"result": "draw", "tenpai": [0, 3], "riichi": [0]},
    {"result": "draw", "tenpai": [1], "nagashi": [2]},
    {"result": "abortive", "reason": "nine_terminals"},
    {"result": "abortive", "reason": "four_winds"},
    {"result": "abortive", "reason": "four_kongs"},
    {"result": "abortive", "reason": "four_riichi", "riichi": [0, 1, 2, 3]},
    {"result": "abortive", "reason": "triple_ron"},
    {"result": "chombo", "offender": 2},
    {"result": "chombo", "offender": 0, "note": "called ron on a wrong tile"},
    {
        "result": "tsumo",
        "wins": [{"seat": 1, "han": 4, "fu": 25}],
        "penalties": [{"seat": 0, "kind": "false_claim"}, {"seat": 3, "kind": "false_out"}],
    },
    {
        "result": "draw",
        "tenpai": [2],
        "penalties": [
            {"seat": 1, "kind": "false_ready"},
            {"seat": 3, "points": 1000},
            {"seat": 0, "points": 2500, "to": 2},
        ],
    },
]
NAMES = ["Aiko", "Bruno", "Chiara", "Daiki"]

HAND_LINES = [
    "Chiara won on Bruno's discard (3 han 40 fu); riichi: Daiki",
    "Bruno (2 han 30 fu, 1 dora) and Daiki (5 han) won on Aiko's discard; riichi: Bruno, Daiki",
    "Aiko (1 han 30 fu), Bruno (yakuman) and Chiara (score 8,000) won on Daiki's discard",
    "Aiko won by self-draw (double yakuman; pao: Chiara)",
    "Bruno won by self-draw (4-fold yakuman); note: “four concealed triplets, single wait”",
    "Chiara won by self-draw (13 han); riichi: Chiara",
    "Aiko won on Chiara's discard (20 points, 3 doubles); riichi: Aiko",
    "Daiki won by self-draw (40 points, 0 doubles); riichi: Daiki, Bruno",
    "Aiko won on Bruno's discard (score 3,000); riichi: Aiko",
    "Draw; ready: nobody",
    "Draw; ready: Aiko, Daiki; riichi: Aiko",
    "Draw; ready: Bruno; nagashi mangan: Chiara",
    "Abortive draw (nine terminals)",
    "Abortive draw (four winds)",
    "Abortive draw (four kongs)",
    "Abortive draw (four riichi); riichi: Aiko, Bruno, Chiara, Daiki",
    "Abortive draw (triple ron)",
    "Chombo by Chiara",
    "Chombo by Aiko; note: “called ron on a wrong tile”",
    "Bruno won by self-draw (4 han 25 fu); penalty: Aiko (false claim); penalty: Daiki (false win)",
    "Draw; ready: Chiara; penalty: Bruno (false ready); penalty: Daiki (1,000 points); penalty: Aiko (2,500 points to Chiara)",
    "Chiara won on Bruno's discard (3 han 40 fu); riichi: Daiki",
    "Bruno (2 han 30 fu, 1 dora) and Daiki (5 han) won on Aiko's discard; riichi: Bruno, Daiki",
    "Aiko (1 han 30 fu), Bruno (yakuman) and Chiara (score 8,000) won on Daiki's discard",
    "Aiko won by self-draw (double yakuman; pao: Chiara)",
    "Bruno won by self-draw (4-fold yakuman); note: “four concealed triplets, single wait”",
    "Chiara won by self-draw (13 han); riichi: Chiara",
    "Aiko won on Chiara's discard (20 points, 4 doubles with 1 for riichi); riichi: Aiko",
    "Daiki won by self-draw (40 points, 1 double with 1 for riichi); riichi: Daiki, Bruno",
    "Aiko won on Bruno's discard (score 3,000); riichi: Aiko",
    "Draw; ready: nobody",
    "Draw; ready: Aiko, Daiki; riichi: Aiko",
    "Draw; ready: Bruno; nagashi mangan: Chiara",
    "Abortive draw (nine terminals)",
    "Abortive draw (four winds)",
    "Abortive draw (four kongs)",
    "Abortive draw (four riichi); riichi: Aiko, Bruno, Chiara, Daiki",
    "Abortive draw (triple ron)",
    "Chombo by Chiara",
    "Chombo by Aiko; note: “called ron on a wrong tile”",
    "Bruno won by self-draw (4 han 25 fu); penalty: Aiko (false claim); penalty: Daiki (false win)",
    "Draw; ready: Chiara; penalty: Bruno (false ready); penalty: Daiki (1,000 points); penalty: Aiko (2,500 points to Chiara)",
]
OUTCOMES = [
    ("Ron", ("Chiara 3 han 40 fu", "from Bruno")),
    ("Double ron", ("Bruno 2 han 30 fu, 1 dora", "Daiki 5 han", "from Aiko")),
    ("Triple ron", ("Aiko 1 han 30 fu", "Bruno yakuman", "Chiara score 8,000", "from Daiki")),
    ("Tsumo", ("Aiko double yakuman, Chiara liable (pao)",)),
    ("Tsumo", ("Bruno 4-fold yakuman", "“four concealed triplets, single wait”")),
    ("Tsumo", ("Chiara 13 han",)),
    (
        "Ron",
        (
            "Aiko 20 points, 3 doubles",
            "from Chiara",
            "losers: Bruno 8 points, 1 double; Chiara 0 points, 0 doubles; Daiki score 200",
        ),
    ),
    (
        "Tsumo",
        (
            "Daiki 40 points, 0 doubles",
            "losers: Aiko 10 points, 2 doubles; Bruno 4 points, 0 doubles; Chiara 0 points, 1 double",
        ),
    ),
    ("Ron", ("Aiko score 3,000", "from Bruno")),
    ("Exhaustive draw", ("nobody ready",)),
    ("Exhaustive draw", ("ready: Aiko, Daiki",)),
    ("Exhaustive draw", ("ready: Bruno", "nagashi mangan: Chiara")),
    ("Abortive draw", ("nine terminals",)),
    ("Abortive draw", ("four winds",)),
    ("Abortive draw", ("four kongs",)),
    ("Abortive draw", ("four riichi",)),
    ("Abortive draw", ("triple ron",)),
    ("Chombo", ("by Chiara",)),
    ("Chombo", ("by Aiko", "“called ron on a wrong tile”")),
    ("Tsumo", ("Bruno 4 han 25 fu", "Penalty: Aiko, faulty claim", "Penalty: Daiki, faulty out")),
    (
        "Exhaustive draw",
        (
            "ready: Chiara",
            "Penalty: Bruno, faulty ready declaration",
            "Penalty: Daiki pays 1,000 off the table",
            "Penalty: Aiko pays 2,500 to Chiara",
        ),
    ),
    ("Ron", ("Chiara 3 han 40 fu", "from Bruno")),
    ("Double ron", ("Bruno 2 han 30 fu, 1 dora", "Daiki 5 han", "from Aiko")),
    ("Triple ron", ("Aiko 1 han 30 fu", "Bruno yakuman", "Chiara score 8,000", "from Daiki")),
    ("Tsumo", ("Aiko double yakuman, Chiara liable (pao)",)),
    ("Tsumo", ("Bruno 4-fold yakuman", "“four concealed triplets, single wait”")),
    ("Tsumo", ("Chiara 13 han",)),
    (
        "Ron",
        (
            "Aiko 20 points, 4 doubles with 1 for riichi",
            "from Chiara",
            "losers: Bruno 8 points, 1 double; Chiara 0 points, 0 doubles; Daiki score 200",
        ),
    ),
    (
        "Tsumo",
        (
            "Daiki 40 points, 1 double with 1 for riichi",
            "losers: Aiko 10 points, 2 doubles; Bruno 4 points, 0 doubles; Chiara 0 points, 1 double",
        ),
    ),
    ("Ron", ("Aiko score 3,000", "from Bruno")),
    ("Exhaustive draw", ("nobody ready",)),
    ("Exhaustive draw", ("ready: Aiko, Daiki",)),
    ("Exhaustive draw", ("ready: Bruno", "nagashi mangan: Chiara")),
    ("Abortive draw", ("nine terminals",)),
    ("Abortive draw", ("four winds",)),
    ("Abortive draw", ("four kongs",)),
    ("Abortive draw", ("four riichi",)),
    ("Abortive draw", ("triple ron",)),
    ("Chombo", ("by Chiara",)),
    ("Chombo", ("by Aiko", "“called ron on a wrong tile”")),
    ("Tsumo", ("Bruno 4 han 25 fu", "Penalty: Aiko, faulty claim", "Penalty: Daiki, faulty out")),
    (
        "Exhaustive draw",
        (
            "ready: Chiara",
            "Penalty: Bruno, faulty ready declaration",
            "Penalty: Daiki pays 1,000 off the table",
            "Penalty: Aiko pays 2,500 to Chiara",
        ),
    ),
]


@pytest.mark.parametrize("doubles", [0, 1])
@pytest.mark.parametrize("i", range(len(HANDS)))
def test_a_hand_in_one_line(i, doubles):
    expected = HAND_LINES[i + doubles * len(HANDS)]
    assert presenter.hand_line(HANDS[i], NAMES, riichi_doubles=doubles) == expected


@pytest.mark.parametrize("doubles", [0, 1])
@pytest.mark.parametrize("i", range(len(HANDS)))
def test_a_hand_on_the_printed_sheet(i, doubles):
    expected = OUTCOMES[i + doubles * len(HANDS)]
    assert presenter.hand_outcome(HANDS[i], NAMES, riichi_doubles=doubles) == expected


@pytest.mark.parametrize(
    ("value", "unit", "result", "printed"),
    [
        (273, "tenths", "+27.3", "+27.3"),
        (-104, "tenths", "-10.4", "\u221210.4"),
        (0, "tenths", "0.0", "0.0"),
        (-5, "tenths", "-0.5", "\u22120.5"),
        (3900, "points", "+3,900", "+3,900"),
        (-12000, "points", "-12,000", "\u221212,000"),
        (0, "points", "0", "0"),
        (None, "points", "", ""),
    ],
)
def test_a_result_is_written_one_way_wherever_it_is_printed(value, unit, result, printed):
    """A result, an integer in its unit in ``final`` and in the seats alike, as the pages,
    the standings and the API write it, and as the printed sheet does (with a true minus)."""
    assert formats.result_text(value, unit) == result
    assert formats.printed(formats.result_text(value, unit)) == printed


@pytest.mark.parametrize(
    ("value", "points", "printed", "delta", "signed_points", "tenths"),
    [
        (25000, "25,000", "25,000", "+25,000", "+25,000", "2500.0"),
        (-1300, "-1,300", "\u22121,300", "\u22121,300", "-1,300", "-130.0"),
        (0, "0", "0", "0", "0", "0.0"),
        (23, "23", "23", "+23", "+23", "2.3"),
        (None, "", "", "", None, ""),
    ],
)
def test_numbers(value, points, printed, delta, signed_points, tenths):
    assert formats.points(value) == points
    assert formats.printed_points(value) == printed
    assert formats.printed_delta(value) == delta
    if value is not None:
        assert formats.signed_points(value) == signed_points
    assert formats.tenths(value) == tenths


@pytest.mark.parametrize(("unit", "words"), [("tenths", "points of 1,000"), ("points", "points")])
def test_the_result_unit_in_words(unit, words):
    assert presenter.unit_words(unit) == words


@pytest.mark.parametrize(
    ("preset", "options", "text"),
    [
        ("ema", {}, "uma +15/+5/-5/-15 · start 30,000 · return 30,000"),
        ("japanese-modern", {}, "uma +20/+10/-10/-20 · start 25,000 · return 30,000"),
        ("italian-official", {}, "final minus start points (5,000)"),
        (
            "jpml-a",
            {},
            "uma by players above return: one +12/-1/-3/-8, two +8/+4/-4/-8, three +8/+3/+1/-12"
            " · start 30,000 · return 30,000",
        ),
    ],
)
def test_a_settlement_in_one_line(preset, options, text):
    rules = engine.resolve_rules({"preset": preset, "options": options})
    assert presenter.settlement_text(engine.settlement_terms(rules)) == text
    # as the standings read them: a database's group of the games' stored options
    stored = engine.rules_as_options(rules)
    grouped = {name: stored[name] for name in engine.SETTLEMENT_OPTIONS}
    assert presenter.settlement_text(engine.settlement_terms_of(grouped)) == text


def test_option_values_as_the_sheet_prints_them():
    described = {d["name"]: d for d in engine.describe_options()}
    assert formats.option_text(described["ties"], "share") == "They share the placement bonuses"
    assert formats.option_text(described["bust_ends"], False) == "no"
    assert formats.option_text(described["start_points"], 25000) == "25,000"
    assert formats.option_text(described["uma"], [15, 5, -5, -15]) == (
        "+15 / +5 / \u22125 / \u221215"
    )


@pytest.mark.parametrize(
    ("preset", "options", "limits", "penalties"),
    [
        (
            "japanese-modern",
            {},
            ["Mangan", "Haneman", "Baiman", "Sanbaiman", "Yakuman", "Double yakuman"],
            ["Faulty claim (100 to the winner)", "Faulty ready declaration (at a draw)"],
        ),
        (
            "japanese-classical",
            {},
            ["Limit", "Yakuman"],
            ["Faulty claim (10 to the winner)"],
        ),
        (
            "italian-official",
            {},
            ["Mangan", "Haneman", "Baiman", "Sanbaiman", "Yakuman", "Double yakuman"],
            ["Faulty ready declaration (1,000 off)", "Faulty out, play goes on (500 off)"],
        ),
    ],
)
def test_the_entry_forms_labels(preset, options, limits, penalties):
    entry = engine.describe_entry(engine.resolve_rules({"preset": preset, "options": options}))
    assert [presenter.limit_label(lim) for lim in entry.limits] == limits
    assert [presenter.penalty_label(p) for p in entry.penalties] == penalties


@pytest.mark.parametrize("module", [presenter, formats], ids=["presenter", "formats"])
def test_the_examples_in_the_presenter_and_the_formats_run(module):
    import doctest

    failed, attempted = doctest.testmod(module)
    assert failed == 0 and attempted > 0


@pytest.mark.parametrize(
    ("name", "value", "text"),
    [
        ("bust_ends", True, "on"),
        ("riichi", False, "off"),
        ("honba_points", 1500, "1,500"),
        ("uma", [30, 10, -10, -30], "30/10/-10/-30"),
        ("ties", "share", "They share the placement bonuses"),
    ],
)
def test_option_values_as_a_rule_sets_change_list_writes_them(name, value, text):
    """As ``rulesets.services.format_value`` wrote them (the rule set form and change list)."""
    described = {d["name"]: d for d in engine.describe_options()}
    assert formats.option_setting(described[name], value) == text


@pytest.mark.parametrize(
    ("language", "label", "tight", "expected"),
    [
        ("ja", "E3-2", False, "東3局 2本場"),
        ("ja", "E3-2", True, "東3局2本場"),
        ("ja", "S4", False, "南4局"),
        ("it", "W1-1", False, "O1-1"),
        ("it", "E3-2", True, "E3-2"),
        ("it", "N2", False, "N2"),
        ("en", "W1-1", False, "W1-1"),
        ("ja", "not a label", False, "not a label"),
    ],
)
def test_a_hand_label_is_shown_in_the_reader_words(language, label, tight, expected):
    from django.utils import translation

    from scoring.presenter import hand_name

    with translation.override(language):
        assert hand_name(label, tight=tight) == expected


@pytest.mark.parametrize("preset", ["japanese-modern", "arushiiaru", "italian-official"])
@pytest.mark.parametrize(
    ("language", "points", "tenths"),
    [
        ("en", ("+7,670", "-12,300"), ("+7,670.5", "-1,234.0")),
        ("it", ("+7.670", "-12.300"), ("+7.670,5", "-1.234,0")),
        ("ja", ("+7,670", "-12,300"), ("+7,670.5", "-1,234.0")),
    ],
)
def test_every_rule_family_writes_its_results_with_thousands_separators(
    preset, language, points, tenths, club, bob
):
    # The unit a finished game of the family keeps its results in (points for Italian and
    # Arushiiaru, tenths of 1,000 for modern riichi), then a large total in it.
    from django.utils import translation

    from tests.sheets.games import played_game

    game = played_game(club, bob, rules=preset, hands=[{"result": "draw", "tenpai": []}])
    unit = game.final_result.unit
    assert game.final["unit"] == unit.record_name
    values = (7670, -12300) if unit == Unit.POINTS else (76705, -12340)
    expected = points if unit == Unit.POINTS else tenths
    with translation.override(language):
        assert tuple(formats.result_text(v, unit) for v in values) == expected
        assert tuple(formats.printed(formats.result_text(v, unit)) for v in values) == tuple(
            e.replace("-", "\u2212") for e in expected
        )
