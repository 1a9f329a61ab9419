"""Property test: a random complete concealed hand given as tiles under ``tenhou`` (whose table
is the standard one, the `mahjong` library's own) counts the same han and fu as the library
counts for it, at random seat and round winds, by self-draw or on a discard, with or without
riichi; and where the library finds no yaku the engine refuses the hand naming its tiles."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

from engine import resolve_rules
from engine.errors import RecordError
from engine.tiles import _to_136, parse_tiles, value_tiles

SUITS = "mpsz"


def name(kind: int) -> str:
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """Four sets and a pair (tile kinds 0-33), no tile more than four times; the winning tile."""
    kinds: list[int] = []
    for _ in range(4):
        if draw(st.booleans()):
            suit, start = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            kinds += [suit * 9 + start + i for i in range(3)]
        else:
            kinds += [draw(st.integers(0, 33))] * 3
    kinds += [draw(st.integers(0, 33))] * 2
    assume(max(Counter(kinds).values()) <= 4)
    return kinds, draw(st.sampled_from(kinds))


def notation(kinds: list[int]) -> str:
    out = ""
    for s, suit in enumerate(SUITS):
        digits = "".join(str(k % 9 + 1) for k in sorted(kinds) if k // 9 == s)
        out += f"{digits}{suit}" if digits else ""
    return out


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    hand=hands(),
    tsumo=st.booleans(),
    riichi=st.booleans(),
    seat=st.integers(0, 3),
    round_=st.integers(0, 3),
)
def test_the_engine_counts_what_the_library_counts(hand, tsumo, riichi, seat, round_) -> None:
    kinds, win = hand
    parsed = parse_tiles({"tiles": notation(kinds), "win": name(win)}, "wins[0]")
    tiles, win_136, melds = _to_136(parsed)
    config = HandConfig(
        is_tsumo=tsumo,
        is_riichi=riichi,
        player_wind=EAST + seat,
        round_wind=EAST + round_,
        options=OptionalRules(has_open_tanyao=True, has_double_yakuman=False),
    )
    library = HandCalculator.estimate_hand_value(tiles, win_136, melds=melds, config=config)
    rules = resolve_rules("tenhou")
    try:
        ours = value_tiles(
            rules,
            parsed,
            named=(),
            riichi=riichi,
            tsumo=tsumo,
            seat_wind=seat,
            round_wind=round_,
            field="wins[0]",
        )
    except RecordError as e:
        assert library.error == HandCalculator.ERR_NO_YAKU, (library.error, str(e))
        assert (e.code, e.field) == ("no_yaku", "wins[0].tiles")
        return
    assert library.error is None
    if ours.yakuman:
        assert 13 * ours.yakuman == library.han
    else:
        assert (ours.han, ours.fu) == (library.han, library.fu)


@st.composite
def open_hands(draw: st.DrawFn) -> tuple[list[int], int, list[dict[str, str]]]:
    """Four sets (some called: chi or pon) and a pair; the winning tile among the rest."""
    kinds: list[int] = []
    concealed: list[int] = []
    melds: list[dict[str, str]] = []
    for _ in range(4):
        if draw(st.booleans()):
            suit, start = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            group, kind = [suit * 9 + start + i for i in range(3)], "chi"
        else:
            group, kind = [draw(st.integers(0, 33))] * 3, "pon"
        kinds += group
        if draw(st.booleans()):
            melds.append({"kind": kind, "tiles": notation(group)})
        else:
            concealed += group
    pair = [draw(st.integers(0, 33))] * 2
    kinds += pair
    concealed += pair
    assume(melds and max(Counter(kinds).values()) <= 4)
    return kinds, draw(st.sampled_from(concealed)), melds


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hand=open_hands(), tsumo=st.booleans(), seat=st.integers(0, 3), round_=st.integers(0, 3))
def test_open_hands_count_as_the_library_counts_them(hand, tsumo, seat, round_) -> None:
    kinds, win, melds = hand
    parsed = parse_tiles({"tiles": notation(kinds), "win": name(win), "melds": melds}, "wins[0]")
    assert parsed.is_open
    tiles, win_136, lib_melds = _to_136(parsed)
    config = HandConfig(
        is_tsumo=tsumo,
        player_wind=EAST + seat,
        round_wind=EAST + round_,
        options=OptionalRules(has_open_tanyao=True, has_double_yakuman=False),
    )
    library = HandCalculator.estimate_hand_value(tiles, win_136, melds=lib_melds, config=config)
    try:
        ours = value_tiles(
            resolve_rules("tenhou"),
            parsed,
            named=(),
            riichi=False,
            tsumo=tsumo,
            seat_wind=seat,
            round_wind=round_,
            field="wins[0]",
        )
    except RecordError as e:
        assert library.error == HandCalculator.ERR_NO_YAKU, (library.error, str(e))
        return
    assert library.error is None
    assert ours.is_open
    if ours.yakuman:
        assert 13 * ours.yakuman == library.han
    else:
        assert (ours.han, ours.fu) == (library.han, library.fu)
