"""What a hand is worth: basic points from han and fu, or a Standard score from points and
doubles, and the rounding of payments. Integer arithmetic throughout.

>>> from engine.presets import resolve_rules
>>> modern = resolve_rules("japanese-modern")
>>> base_points(modern, HandValue(seat=0, han=3, fu=40))
1280
>>> base_points(modern, HandValue(seat=0, han=6, fu=30))
3000
>>> round_payment(modern, 4 * 1280)
5200
"""

from __future__ import annotations

import dataclasses

from .errors import RecordError
from .rules import Rules
from .types import HandValue
from .yaku import HanBreakdown

MAX_HAN = 99
MAX_FU = 140
MAX_DOUBLES = 20
MAX_POINTS = 2000
# No hand is worth more than the largest multiple yakuman the options allow: six yakuman
# (max_yakuman at most 6) of 16 limits each (yakuman_value at most 16). An entered ``score``
# above that many limits is refused, not cut: it is a slip, not a hand.
SCORE_LIMITS = 6 * 16


def max_score(rules: Rules) -> int:
    """The most an entered ``score`` may be under the rules: 96 times the limit.

    >>> from engine.presets import resolve_rules
    >>> max_score(resolve_rules("japanese-modern")), max_score(resolve_rules("italian-official"))
    (192000, 96000)
    """
    return rules.limit * SCORE_LIMITS


def check_score(rules: Rules, score: int, field: str) -> None:
    """Refuse an entered score above :func:`max_score`, naming the field."""
    if score > max_score(rules):
        raise _bad(
            f"a score of {score:,} is more than any hand is worth under these rules "
            f"(at most {max_score(rules):,}: six yakuman of 16 limits).",
            field,
            "bad_score",
        )


def round_payment(rules: Rules, amount: int) -> int:
    """One payment rounded as the rules say (``up_100``, ``up_10``, ``nearest_10``, ``exact``).

    >>> from engine.presets import resolve_rules
    >>> italian = resolve_rules("italian-official")
    >>> round_payment(italian, 125), round_payment(italian, 126)
    (120, 130)
    >>> exact = resolve_rules({"preset": "italian-official", "options": {"rounding": "exact"}})
    >>> round_payment(exact, 125)
    125
    """
    if rules.rounding == "up_100":
        return -(-amount // 100) * 100
    if rules.rounding == "up_10":
        return -(-amount // 10) * 10
    if rules.rounding == "exact":
        return amount
    return (amount + 4) // 10 * 10  # nearest ten: 5 goes down, 6 goes up


def _bad(message: str, field: str, code: str) -> RecordError:
    return RecordError(message, code=code, field=field)


def _settled_limit(rules: Rules, han: int) -> int | None:
    """The payment for a hand whose han alone reach the limit, or None."""
    if han < 5:
        return None
    if not rules.settling_table:
        return rules.limit
    if han >= 13:
        return rules.limit * (rules.yakuman_value if rules.counted_yakuman else 3)
    if han >= 11:
        return rules.limit * 3
    if han >= 8:
        return rules.limit * 2
    if han >= 6:
        return rules.limit * 3 // 2
    return rules.limit


def with_north(win: HandValue, field: str) -> HandValue:
    """The win with its north tiles set aside counted in: each is one han more, a dora (in
    its breakdown too, so what a page shows is what is paid).

    >>> with_north(HandValue(seat=1, han=2, fu=30, north=1), "wins[0]").han
    3
    """
    if not win.north:
        return win
    if win.score is not None:
        raise _bad(
            "a hand given as a score counts its north tiles in it: leave out 'north'.",
            f"{field}.north",
            "bad_value",
        )
    if win.yakuman:
        raise _bad("a yakuman counts no dora: leave out 'north'.", f"{field}.north", "bad_value")
    if win.han is None:
        raise _bad("a win with north tiles needs its 'han'.", f"{field}.han", "missing_field")
    breakdown = win.breakdown
    if isinstance(breakdown, HanBreakdown):
        breakdown = dataclasses.replace(
            breakdown, han=breakdown.han + win.north, dora=breakdown.dora + win.north
        )
    return dataclasses.replace(
        win, han=win.han + win.north, dora=win.dora + win.north, north=0, breakdown=breakdown
    )


def base_points(rules: Rules, win: HandValue, field: str = "wins[0]") -> int:
    """Basic points of a win scored by han and fu (mangan system, or fu x 2^han without bazoro).

    A ``score`` is the hand's basic points as worked out on paper; like any hand it is cut to
    the most a hand can be worth under the rules (the limit itself where nothing is paid above
    it, as the Japanese Classical text says: "the limit is applied to the final score").
    Errors name what no hand can have under the rules.

    >>> from engine.presets import resolve_rules
    >>> classical = resolve_rules("japanese-classical")
    >>> [base_points(classical, HandValue(seat=0, score=s)) for s in (200, 800)]
    [200, 500]
    """
    if win.points is not None or win.doubles is not None:
        raise _bad(
            "these rules score by han and fu, not points and doubles.",
            f"{field}.points",
            "wrong_value_kind",
        )
    if win.score is not None:
        if win.han is not None or win.fu is not None or win.yakuman:
            raise _bad(
                "give either 'score' or han and fu, not both.", f"{field}.score", "bad_value"
            )
        if win.score <= 0:
            raise _bad("'score' must be more than 0.", f"{field}.score", "bad_value")
        check_score(rules, win.score, f"{field}.score")
        return min(win.score, rules.limit * rules.yakuman_value * rules.max_yakuman)
    if win.north:
        win = with_north(win, field)
    if win.yakuman:
        if win.han is not None or win.fu is not None:
            raise _bad("a yakuman needs no han or fu.", f"{field}.yakuman", "bad_value")
        if win.yakuman > rules.max_yakuman:
            raise _bad(
                f"these rules count at most {rules.max_yakuman} yakuman in one hand, "
                f"not {win.yakuman}.",
                f"{field}.yakuman",
                "bad_yakuman",
            )
        return rules.limit * rules.yakuman_value * win.yakuman
    if win.pao is not None:
        raise _bad("liability (pao) applies only to a yakuman.", f"{field}.pao", "bad_pao")
    if win.han is None:
        raise _bad(
            "a win needs 'han' and 'fu', 'yakuman' or 'score'.", f"{field}.han", "missing_field"
        )
    han = win.han
    if han > MAX_HAN:
        raise _bad(f"{han} han is more than any hand can have.", f"{field}.han", "bad_han")
    if win.dora:
        if not rules.dora:
            raise _bad("these rules are played without dora.", f"{field}.dora", "bad_han")
        if win.dora > han:
            raise _bad(
                f"{win.dora} dora cannot be more than the {han} han.", f"{field}.dora", "bad_han"
            )
    if han - win.dora < rules.min_han:
        # Where the han were counted from yaku or tiles, the fault is in what was entered there.
        source = getattr(win.breakdown, "source", None)
        raise _bad(
            f"a win needs at least {rules.min_han} han without dora; "
            f"this one has {han - win.dora}.",
            f"{field}.{source if source in ('yaku', 'tiles') else 'han'}",
            "below_minimum",
        )
    limit = _settled_limit(rules, han)
    if limit is not None and win.fu is None:
        return limit
    if win.fu is None:
        raise _bad(f"a {han} han hand needs its fu.", f"{field}.fu", "missing_field")
    fu = win.fu
    if not 20 <= fu <= MAX_FU:
        raise _bad(
            f"{fu} fu is not possible: a hand has 20 to {MAX_FU} fu.", f"{field}.fu", "bad_fu"
        )
    if rules.min_han >= 1 and fu in (20, 25) and han < 2:
        what = "20 fu (pinfu self-drawn)" if fu == 20 else "25 fu (seven pairs)"
        raise _bad(f"{what} comes with at least 2 han, not {han}.", f"{field}.fu", "bad_fu")
    if limit is not None:
        return limit
    if fu != 25:
        fu = -(-fu // 10) * 10
    base = fu << (han + (2 if rules.bazoro else 0))  # fu x 2^(han+2), or fu x 2^han
    if rules.kiriage_mangan and base >= rules.limit * 96 // 100:
        return rules.limit
    return min(base, rules.limit)


def standard_score(rules: Rules, value: HandValue, extra_doubles: int, field: str) -> int:
    """A Standard hand's score: points x 2^doubles cut to the limit, or its fixed score.

    >>> from engine.presets import resolve_rules
    >>> italian = resolve_rules("italian-official")
    >>> standard_score(italian, HandValue(seat=1, points=42, doubles=3), 0, "wins[0]")
    336
    >>> standard_score(italian, HandValue(seat=1, score=3000), 0, "wins[0]")
    3000
    """
    if value.han is not None or value.fu is not None or value.yakuman:
        raise _bad(
            "these rules score by points and doubles, not han and fu.",
            f"{field}.han",
            "wrong_value_kind",
        )
    if value.score is not None:
        if value.points is not None or value.doubles is not None:
            raise _bad(
                "give either 'score' or points and doubles, not both.",
                f"{field}.score",
                "bad_value",
            )
        check_score(rules, value.score, f"{field}.score")
        return value.score
    if value.points is None:
        raise _bad(
            "a hand needs 'points' and 'doubles', 'parts' or 'score'.",
            f"{field}.points",
            "missing_field",
        )
    if value.points > MAX_POINTS:
        raise _bad(
            f"{value.points} basic points is more than any hand can have.",
            f"{field}.points",
            "bad_points",
        )
    doubles = value.doubles or 0
    if doubles > MAX_DOUBLES:
        raise _bad(
            f"{doubles} doubles cannot occur in one hand.", f"{field}.doubles", "bad_doubles"
        )
    return min(value.points << (doubles + extra_doubles), rules.limit)
