"""A game keeps the rules it was started with.

A game copies every option when it starts. A copy made by engine 1.0 lacks the options added
since; those take the value that plays as engine 1.0 did, so the stored game replays exactly as
before, while a record naming a preset gets the preset's new defaults.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import get_preset, resolve_rules, rules_as_options
from engine.rules import OPTIONS_1_0, OPTIONS_BEFORE

from .helpers import deltas, draw, ron, scored, tsumo, win


def copy_1_0(preset: str, **changed: Any) -> dict[str, Any]:
    """The rules as engine 1.0 copied them into a game: every option it had, and no other."""
    every = rules_as_options(get_preset(preset).rules)
    kept = {name: value for name, value in every.items() if name in OPTIONS_1_0}
    return {"preset": preset, "options": kept | changed}


def copy_now(preset: str, **changed: Any) -> dict[str, Any]:
    """The rules as a game started now copies them."""
    return {"preset": preset, "options": rules_as_options(get_preset(preset).rules) | changed}


# Options that only price hands entered by yaku or tiles, which no record of engine 1.0 holds:
# a stored copy takes its preset's value (its yaku table), and replays exactly as before.
HAND_ENTRY = {"yaku_table", "ippatsu", "red_fives"}


def test_every_option_added_since_1_0_has_its_old_value() -> None:
    added = set(rules_as_options(resolve_rules("japanese-modern"))) - OPTIONS_1_0
    uma_tables = {"uma_one_above", "uma_two_above", "uma_three_above"}
    assert added == set(OPTIONS_BEFORE) | uma_tables | HAND_ENTRY


@pytest.mark.parametrize(
    ("preset", "table"), [("tenhou", "standard"), ("arushiiaru", "arushiiaru")]
)
def test_a_stored_copy_prices_yaku_with_its_presets_table(preset: str, table: str) -> None:
    assert resolve_rules(copy_1_0(preset)).yaku_table == table


def test_a_stored_nagashi_is_paid_as_engine_1_0_paid_it() -> None:
    hand = draw(nagashi=[2])
    start = {"honba": 1, "pool": 1000}
    old = scored(copy_1_0("japanese-modern", nagashi_mangan_percent=100), [hand], start=start)
    assert old["hands"][0]["deltas"] == [-4000, -2000, 8000, -2000]  # no counters
    assert old["hands"][0]["pool"] == 1000  # the pool stays
    new = scored(copy_now("japanese-modern", nagashi_mangan_percent=100), [hand], start=start)
    assert new["hands"][0]["deltas"] == [-4100, -2100, 8000 + 300 + 1000, -2100]
    assert new["hands"][0]["pool"] == 0


def test_a_stored_double_ron_gives_every_deposit_to_the_first_winner() -> None:
    hand = ron(0, win(1, 1, 30), win(3, 1, 30), riichi=[1, 3])
    assert deltas(copy_1_0("japanese-modern"), hand) == [[-2000, 2000, 0, 0]]
    assert deltas(copy_now("japanese-modern"), hand) == [[-2000, 1000, 0, 1000]]
    assert deltas("japanese-modern", hand) == [[-2000, 1000, 0, 1000]]


def test_a_stored_classical_game_with_counters_pays_them_to_any_winner() -> None:
    hand = ron(1, win(3, score=200))
    start = {"honba": 2}
    assert deltas(copy_1_0("japanese-classical", honba_points=30), hand, start=start) == [
        [0, -860, 0, 860]
    ]
    assert deltas(copy_now("japanese-classical", honba_points=30), hand, start=start) == [
        [0, -800, 0, 800]
    ]


def test_a_stored_italian_hand_counts_an_included_pattern_again() -> None:
    parts = {"win": True, "patterns": ["four_identical_chows", "chow_hand"]}
    hand = tsumo({"seat": 1, "parts": parts}, losers=[{"seat": s, "score": 0} for s in (0, 2, 3)])
    # engine 1.0: 5 doubles, 20 x 32 = 640; now 4 doubles, 320
    assert deltas(copy_1_0("italian-official"), hand) == [[-1280, 2560, -640, -640]]
    assert deltas(copy_now("italian-official"), hand) == [[-640, 1280, -320, -320]]


def test_a_stored_m_league_game_keeps_the_values_it_copied() -> None:
    # what engine 1.0 copied for M-League: no kiriage, counted yakuman, the deposit must be
    # paid, agari-yame
    old = copy_1_0(
        "m-league",
        kiriage_mangan=False,
        counted_yakuman=True,
        riichi_needs_points=True,
        dealer_stop_when_leading=True,
    )
    assert deltas(old, ron(1, win(2, 4, 30))) == [[0, -7700, 7700, 0]]
    assert deltas("m-league", ron(1, win(2, 4, 30))) == [[0, -8000, 8000, 0]]


@pytest.mark.parametrize("name", sorted(OPTIONS_BEFORE))
def test_an_option_given_in_a_copy_is_never_replaced(name: str) -> None:
    rules = copy_now("japanese-modern")
    assert resolve_rules(rules) == get_preset("japanese-modern").rules
    one_less = copy_1_0("japanese-modern")
    assert getattr(resolve_rules(one_less), name) == OPTIONS_BEFORE[name]


def test_a_record_naming_a_preset_with_a_few_options_gets_the_new_defaults() -> None:
    rules = resolve_rules({"preset": "japanese-modern", "options": {"kiriage_mangan": True}})
    assert (rules.nagashi_payment, rules.multi_ron_riichi) == ("win", "own_back")


@pytest.mark.parametrize("preset", ["japanese-modern", "nashi-nashi", "ema", "m-league", "jpml-a"])
def test_options_that_pass_the_deal_on_a_nagashi_as_a_draw_stay_valid(preset: str) -> None:
    # Written before nagashi_payment existed (a league's or a rule set's few options): the
    # nagashi is paid its value only, the one payment a deal passed as a draw allows.
    options = {"nagashi_mangan_percent": 100, "payment_scheme": "winner_only"}
    rules = resolve_rules({"preset": preset, "options": {**options, "nagashi_flow": "draw"}})
    assert (rules.nagashi_flow, rules.nagashi_payment) == ("draw", "value_only")


def test_paying_a_nagashi_as_a_win_on_a_draw_is_still_refused_when_asked_for() -> None:
    options = {"nagashi_mangan_percent": 100, "nagashi_flow": "draw", "nagashi_payment": "win"}
    with pytest.raises(ValueError) as refused:
        resolve_rules({"preset": "japanese-modern", "options": options})
    assert refused.value.field == "nagashi_payment"  # type: ignore[attr-defined]
