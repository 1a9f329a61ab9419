"""Property tests: random valid games under every preset keep the engine's invariants.

A game is generated hand by hand. Each hand is drawn from what the preset's rules allow in the
state the table is in (who can pay a riichi deposit, how many may win on a discard, whether
abortive draws, nagashi or chombo exist, han and fu or points and doubles), then scored alone
from that state, so the generator knows the next state and when the game is over. The whole
record is then scored in one go and must agree with the hands scored one by one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine import Rules, RulesError, get_preset, preset_ids, resolve_rules, score_game
from engine.italian import HONOUR_DOUBLES, PAIR_POINTS, SET_PATTERNS, WINNER_PATTERNS
from engine.rules import Option, option
from engine.types import GameResult
from engine.values import max_score

WINDS = "ESWN"
ROUNDS = {"east": 1, "south": 2, "all": 4}
MAX_HANDS = 10
PROPERTY_SETTINGS = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@dataclass(frozen=True)
class Generated:
    """A random valid game and each of its hands as scored alone from the state before it."""

    record: dict[str, Any]
    steps: tuple[dict[str, Any], ...]  # the hand results of the one-hand records


def seats_of(rules: Rules, dealer: int | None = None) -> tuple[int, ...]:
    """The table's seats: four, or three for three-player rules; with five at the table, the
    seats that play the hand ``dealer`` deals: the dealer and the three after it (the seat
    before the dealer sits out). Without a dealer, every seat."""
    if dealer is None or rules.players != 5:
        return tuple(range(rules.players))
    return tuple(sorted((dealer + i) % 5 for i in range(4)))


def subsets(seats: list[int] | tuple[int, ...]) -> st.SearchStrategy[list[int]]:
    return st.lists(st.sampled_from(list(seats)), unique=True).map(sorted) if seats else st.just([])


# One player's hand ---------------------------------------------------------------------------


@st.composite
def han_fu_value(
    draw: st.DrawFn, rules: Rules, seat: int, seats: tuple[int, ...]
) -> dict[str, Any]:
    # mostly everyday hands, so that games last long enough to reach their ends
    kind = draw(st.sampled_from(["han_fu"] * 18 + ["yakuman", "score"]))
    value: dict[str, Any] = {"seat": seat}
    if kind == "yakuman":
        value["yakuman"] = draw(st.integers(1, rules.max_yakuman))
        if rules.pao and draw(st.booleans()):
            value["pao"] = draw(st.sampled_from([s for s in seats if s != seat]))
        return value
    if kind == "score":
        most = max_score(rules)  # more is refused as a slip (tests/engine/test_limits.py)
        value["score"] = draw(st.integers(1, min(3000, most)) | st.integers(1, most))
        return value
    high = draw(st.sampled_from([False] * 9 + [True]))
    han = draw(st.integers(5, 30) if high else st.integers(rules.min_han, 4))
    value["han"] = han
    if rules.north_dora and draw(st.booleans()):
        value["north"] = draw(st.integers(0, 4))  # north tiles set aside: each a han more
    if rules.dora and han > rules.min_han and draw(st.booleans()):
        value["dora"] = draw(st.integers(0, han - rules.min_han))
    if han >= 5 and draw(st.booleans()):
        return value  # the han alone reach the limit: fu may be left out
    fu = draw(
        st.sampled_from([20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110]) | st.integers(20, 140)
    )
    if rules.min_han >= 1 and han < 2 and fu in (20, 25):
        fu = 30  # 20 fu (pinfu self-drawn) and 25 fu (seven pairs) come with 2 han
    value["fu"] = fu
    return value


@st.composite
def parts(draw: st.DrawFn, rules: Rules, winner: bool, self_drawn: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"win": winner}
    sets = []
    for _ in range(draw(st.integers(0, 4))):
        tiles = draw(st.sampled_from(["simples", "terminals", "honours"]))
        one = {
            "set": draw(st.sampled_from(["pung", "kong"])),
            "tiles": tiles,
            "concealed": draw(st.booleans()),
        }
        if tiles == "honours" and draw(st.booleans()):
            one["honour"] = draw(st.sampled_from(sorted(HONOUR_DOUBLES)))
        sets.append(one)
    out["sets"] = sets
    if draw(st.booleans()):
        out["pair"] = draw(st.sampled_from(sorted(PAIR_POINTS)))
    if rules.flowers:
        flowers = draw(st.integers(0, 8))
        out["flowers"] = flowers
        out["own_flowers"] = draw(st.integers(0, min(2, flowers)))
        out["all_flowers"] = flowers >= 4 and draw(st.booleans())
        out["all_seasons"] = (
            (flowers >= 8 or not out["all_flowers"]) and flowers >= 4 and draw(st.booleans())
        )
    if winner:
        out["self_drawn"] = self_drawn
        out["only_tile"] = draw(st.booleans())
    names = sorted(SET_PATTERNS) + (sorted(WINNER_PATTERNS) if winner else [])
    out["patterns"] = draw(st.lists(st.sampled_from(names), max_size=3, unique=True))
    return out


@st.composite
def standard_value(
    draw: st.DrawFn, rules: Rules, seat: int, winner: bool, self_drawn: bool
) -> dict[str, Any]:
    kind = draw(
        st.sampled_from(
            ["counted", "counted", "parts", "score"] if winner else ["counted", "parts"]
        )
    )
    if kind == "score":  # a limit hand with its fixed score
        return {"seat": seat, "score": draw(st.sampled_from([1000, 2000, 3000]))}
    if kind == "parts":
        return {"seat": seat, "parts": draw(parts(rules, winner, self_drawn))}
    return {"seat": seat, "points": draw(st.integers(0, 300)), "doubles": draw(st.integers(0, 8))}


def hand_value(
    rules: Rules,
    seat: int,
    *,
    winner: bool = True,
    self_drawn: bool = False,
    seats: tuple[int, ...] | None = None,
) -> st.SearchStrategy[dict[str, Any]]:
    if rules.value_system == "han_fu":
        return han_fu_value(rules, seat, seats if seats is not None else seats_of(rules))
    return standard_value(rules, seat, winner, self_drawn)


# One hand --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """The state before a hand, as the game record's ``start`` writes it."""

    scores: tuple[int, ...]
    round: str
    number: int
    dealer: int
    honba: int
    pool: int

    def as_start(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "round": self.round,
            "number": self.number,
            "dealer": self.dealer,
            "honba": self.honba,
            "pool": self.pool,
        }


def can_declare(rules: Rules, table: Table) -> list[int]:
    if not rules.riichi:
        return []
    seats = seats_of(rules, table.dealer)
    if not rules.riichi_needs_points:
        return list(seats)
    return [s for s in seats if table.scores[s] >= rules.riichi_deposit]


@st.composite
def penalties(
    draw: st.DrawFn, rules: Rules, result: str, winners: list[int], seats: tuple[int, ...]
) -> list[dict[str, Any]]:
    kinds = ["points"]
    if rules.false_claim_points and result in ("ron", "tsumo"):
        kinds.append("false_claim")
    if rules.false_ready == "forfeit" or (rules.false_ready == "limit_each" and result == "draw"):
        kinds.append("false_ready")
    if rules.chombo == "forfeit":
        kinds.append("false_out")
    out = []
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2]))):
        kind = draw(st.sampled_from(kinds))
        if kind == "false_claim":  # paid to the winner, so by somebody who did not win
            out.append(
                {
                    "seat": draw(st.sampled_from([s for s in seats if s not in winners])),
                    "kind": kind,
                }
            )
            continue
        seat = draw(st.sampled_from(seats))
        if kind != "points":
            out.append({"seat": seat, "kind": kind})
            continue
        penalty: dict[str, Any] = {
            "seat": seat,
            "points": draw(st.integers(1, 20).map(lambda n: n * 100)),
        }
        if draw(st.booleans()):
            penalty["to"] = draw(st.sampled_from([s for s in seats if s != seat]))
        out.append(penalty)
    return out


@st.composite
def hands(draw: st.DrawFn, rules: Rules, table: Table) -> dict[str, Any]:
    results = ["ron", "ron", "ron", "tsumo", "tsumo", "draw", "draw"]
    if rules.abortive_draws or rules.triple_ron_aborts:
        results.append("abortive")
    if rules.chombo != "none":
        results.append("chombo")
    result = draw(st.sampled_from(results))
    seats = seats_of(rules, table.dealer)
    declarers = can_declare(rules, table)
    hand: dict[str, Any] = {"result": result, "riichi": draw(subsets(declarers))}
    winners: list[int] = []
    if result == "ron":
        discarder = draw(st.sampled_from(seats))
        others = [s for s in seats if s != discarder]
        most = min(rules.max_ron_winners, len(others))
        count = draw(st.sampled_from([n for n in (1, 1, 1, 1, 2, 3) if n <= most]))
        winners = draw(
            st.lists(st.sampled_from(others), min_size=count, max_size=count, unique=True)
        )
        hand["from"] = discarder
        hand["wins"] = [draw(hand_value(rules, seat, seats=seats)) for seat in winners]
    elif result == "tsumo":
        winners = [draw(st.sampled_from(seats))]
        hand["wins"] = [draw(hand_value(rules, winners[0], self_drawn=True, seats=seats))]
    elif result == "draw":
        hand["tenpai"] = draw(subsets(seats))
        if rules.nagashi_mangan_percent and draw(st.booleans()):
            hand["nagashi"] = draw(
                st.lists(st.sampled_from(seats), min_size=1, max_size=2, unique=True)
            )
    elif result == "abortive":
        reasons = []
        if rules.abortive_draws:
            reasons += ["nine_terminals", "four_kongs"]
            if len(seats) == 4:  # no North seat, no four winds
                reasons.append("four_winds")
            if len(declarers) == 4:
                reasons.append("four_riichi")
        if rules.triple_ron_aborts:
            reasons.append("triple_ron")
        hand["reason"] = draw(st.sampled_from(reasons))
        if hand["reason"] == "four_riichi":
            hand["riichi"] = list(seats)
    else:
        hand["offender"] = draw(st.sampled_from(seats))
    if winners and rules.payment_scheme == "all_pay":
        hand["losers"] = [
            draw(hand_value(rules, seat, winner=False, seats=seats))
            for seat in seats
            if seat not in winners
        ]
    hand["penalties"] = draw(penalties(rules, result, winners, seats))
    return hand


# A game ----------------------------------------------------------------------------------------


@st.composite
def starts(draw: st.DrawFn, rules: Rules) -> Table:
    step = 10 if rules.start_points < 10000 else 100
    seats = seats_of(rules)
    if draw(st.booleans()):
        scores = (rules.start_points,) * len(seats)
    else:
        low, high = rules.start_points // 2 // step, 3 * rules.start_points // 2 // step
        scores = tuple(draw(st.integers(low, high)) * step for _ in seats)
    if draw(st.booleans()):
        return Table(scores, "E", 1, 0, 0, 0)
    last = ROUNDS[rules.length] - 1
    round_ = WINDS[draw(st.integers(0, last))]
    number = draw(st.integers(1, len(seats)))
    dealer = draw(st.sampled_from(seats))
    honba = draw(st.integers(0, 5)) if rules.honba_points else 0
    pool = draw(st.integers(0, 3)) * rules.riichi_deposit
    return Table(scores, round_, number, dealer, honba, pool)


def score(
    preset: str, start: Table, hand_list: list[dict[str, Any]], ended: bool = False
) -> GameResult:
    return score_game(
        {"rules": preset, "start": start.as_start(), "hands": hand_list, "ended": ended}
    )


@st.composite
def games(draw: st.DrawFn, spec: Any) -> Generated:
    """A random valid game under ``spec``, a preset id or a preset with options."""
    rules = resolve_rules(spec)
    start = draw(starts(rules))
    table = start
    played: list[dict[str, Any]] = []
    steps: list[dict[str, Any]] = []
    over = False
    for _ in range(draw(st.integers(0, MAX_HANDS))):
        hand = draw(hands(rules, table))
        alone = score(spec, table, [hand])  # a valid hand must never raise
        played.append(hand)
        steps.append(alone.hands[0].as_dict())
        if alone.final.over:
            over = True
            break
        nxt = alone.final.next
        assert nxt is not None
        table = Table(
            alone.final.scores, nxt.round.value, nxt.number, nxt.dealer, nxt.honba, nxt.pool
        )
    ended = not over and draw(st.booleans())
    record = {"rules": spec, "start": start.as_start(), "hands": played, "ended": ended}
    return Generated(record, tuple(steps))


def expected_next(rules: Rules, hand: dict[str, Any], dealer: int, honba: int) -> tuple[int, int]:
    """The next hand's dealer and counters, as the rules state them (not as the engine does)."""
    result = hand["result"]
    if result in ("ron", "tsumo"):
        keeps = any(w["seat"] == dealer for w in hand["wins"])
        counters = honba + 1 if keeps else 0
    elif result == "draw" and hand.get("nagashi") and rules.nagashi_flow == "win":
        keeps = dealer in hand["nagashi"]  # a nagashi is then a self-drawn win
        counters = honba + 1 if keeps else 0
    elif result == "draw":
        keeps = {"pass": False, "keep": True, "keep_if_ready": dealer in hand["tenpai"]}[
            rules.draw_deal
        ]
        counters = honba + 1 if keeps or rules.honba_after_passed_draw else 0
    elif result == "abortive":
        keeps, counters = True, honba + 1
    else:  # chombo: the hand is played again, by the next dealer if East offended
        keeps = not (hand["offender"] == dealer and rules.chombo_passes_deal)
        counters = honba
    if not rules.honba_points:
        counters = 0
    return (dealer if keeps else (dealer + 1) % rules.players), counters


def expected_position(rules: Rules, out: dict[str, Any], keeps: bool) -> tuple[str, int]:
    """The next hand's wind and number: the same when the dealer keeps the deal; else the next
    deal, a round having a deal per seat (three at a three-player table)."""
    if keeps:
        return out["round"], out["number"]
    if out["number"] == rules.players:
        return WINDS[min(WINDS.index(out["round"]) + 1, 3)], 1
    return out["round"], out["number"] + 1


def expected_pool(rules: Rules, hand: dict[str, Any], pool_before: int) -> int:
    if hand["result"] == "chombo":  # the deposits of the hand go back to their owners
        return pool_before
    if hand["result"] in ("ron", "tsumo"):  # the winners take it all
        return 0
    if hand.get("nagashi") and rules.nagashi_payment == "win":  # a self-drawn win takes it
        return 0
    return pool_before + rules.riichi_deposit * len(hand["riichi"])


# The properties --------------------------------------------------------------------------------


def check_game(generated: Generated) -> None:
    """Every invariant of a scored game, against the rules as stated in expected_next/_pool."""
    record = generated.record
    rules = resolve_rules(record["rules"])
    scored = score_game(record)  # no valid record raises
    result = scored.as_dict()
    # the JSON the site caches reads back as the same typed result
    assert GameResult.from_dict(result, scored.rules) == scored
    hands_out = result["hands"]
    assert hands_out == list(generated.steps)  # the whole game agrees with its hands alone

    scores = record["start"]["scores"]
    start = record["start"]
    east = (start["dealer"] - start["number"] + 1) % rules.players
    for i, (hand, out) in enumerate(zip(record["hands"], hands_out, strict=True)):
        assert sum(out["deltas"]) + (out["pool"] - out["pool_before"]) + out["forfeited"] == 0
        assert out["scores"] == [s + d for s, d in zip(scores, out["deltas"], strict=True)]
        assert out["pool"] == expected_pool(rules, hand, out["pool_before"])
        scores = out["scores"]
        following = hands_out[i + 1] if i + 1 < len(hands_out) else result["final"]["next"]
        if following is not None:
            dealer, honba = expected_next(rules, hand, out["dealer"], out["honba"])
            assert (following["dealer"], following["honba"]) == (dealer, honba)
            if out["round"] != "N" or out["number"] < rules.players:  # North's last ends it
                position = expected_position(rules, out, dealer == out["dealer"])
                assert (following["round"], following["number"]) == position
            # the dealer is the seat the first East dealer's deal has passed to
            assert following["dealer"] == (east + following["number"] - 1) % rules.players
            pool = following["pool_before"] if "pool_before" in following else following["pool"]
            assert pool == out["pool"]
    final = result["final"]
    assert final["scores"] == scores
    assert final["over"] == (record["ended"] or final["next"] is None)
    if not final["over"]:
        assert final["ranks"] is None and final["results"] is None
        return
    ranks = final["ranks"]
    totals = [s + p for s, p in zip(scores, final["pool_to"], strict=True)]
    for a in seats_of(rules):
        for b in seats_of(rules):
            if scores[a] > scores[b]:
                assert ranks[a] < ranks[b]
    assert sum(final["pool_to"]) == (final["pool"] if rules.leftover_pool == "first" else 0)
    if rules.settlement == "difference":
        deduction = rules.chombo_points if rules.chombo == "deduction" else 0
        assert final["results"] == [
            t - rules.start_points - c * deduction
            for t, c in zip(totals, final["chombo"], strict=True)
        ]


@pytest.mark.parametrize("preset", preset_ids())
@PROPERTY_SETTINGS
@given(data=st.data())
def test_random_valid_games_conserve_points_and_follow_the_rules(
    preset: str, data: st.DataObject
) -> None:
    check_game(data.draw(games(preset)))


# Options a club may change, each drawn from its own description (range, step, choices).
VARIED_OPTIONS = (
    "length",
    "goal_points",
    "bust_ends",
    "dealer_stop_when_leading",
    "max_ron_winners",
    "triple_ron_aborts",
    "multi_ron_honba",
    "draw_deal",
    "tenpai_payment",
    "abortive_draws",
    "nagashi_mangan_percent",
    "nagashi_flow",
    "nagashi_payment",
    "bazoro",
    "limit",
    "settling_table",
    "kiriage_mangan",
    "counted_yakuman",
    "yakuman_value",
    "max_yakuman",
    "min_han",
    "dora",
    "rounding",
    "included_doubles",
    "riichi",
    "riichi_deposit",
    "riichi_needs_points",
    "multi_ron_riichi",
    "honba_points",
    "honba_to",
    "honba_after_passed_draw",
    "pao",
    "chombo",
    "chombo_points",
    "chombo_passes_deal",
    "false_ready",
    "false_claim_points",
    "uma_floating",
    "ties",
    "final_rounding",
    "leftover_pool",
    "north_share",
    "north_dora",
)


def option_values(opt: Option) -> st.SearchStrategy[Any]:
    if opt.kind == "bool":
        return st.booleans()
    if opt.kind == "choice":
        return st.sampled_from([value for value, _ in opt.choices])
    assert opt.kind == "int" and opt.minimum is not None and opt.maximum is not None
    top = min(opt.maximum, max(opt.minimum, 40000))  # no need for a million-point limit
    return st.integers(-(-opt.minimum // opt.step), top // opt.step).map(lambda n: n * opt.step)


@st.composite
def rule_specs(draw: st.DrawFn) -> dict[str, Any]:
    names = draw(st.lists(st.sampled_from(VARIED_OPTIONS), min_size=1, max_size=8, unique=True))
    spec = {
        "preset": draw(st.sampled_from(preset_ids())),
        "options": {name: draw(option_values(option(name))) for name in names},
    }
    try:
        resolve_rules(spec)
    except RulesError:
        assume(False)  # a combination the engine refuses, with a message: not a game
    return spec


@PROPERTY_SETTINGS
@given(data=st.data())
def test_random_valid_games_under_random_options_keep_the_same_rules(data: st.DataObject) -> None:
    check_game(data.draw(games(data.draw(rule_specs()))))


ALL_PAY = [p for p in preset_ids() if get_preset(p).rules.payment_scheme == "all_pay"]


@pytest.mark.parametrize("preset", ALL_PAY)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_all_pay_payments_sum_to_zero_and_penalties_to_the_forfeited_points(
    preset: str, data: st.DataObject
) -> None:
    generated = data.draw(games(preset))
    record = generated.record
    for hand, out in zip(record["hands"], generated.steps, strict=True):
        assert out["pool"] == out["pool_before"] == 0
        assert sum(out["deltas"]) == -out["forfeited"]
        if hand["result"] == "chombo":  # a chombo is itself a penalty: nothing else is paid
            continue
        before = Table(
            tuple(s - d for s, d in zip(out["scores"], out["deltas"], strict=True)),
            out["round"],
            out["number"],
            out["dealer"],
            out["honba"],
            out["pool_before"],
        )
        without = score(preset, before, [{**hand, "penalties": []}]).hands[0]
        assert sum(without.deltas) == 0
        assert without.forfeited == 0
