"""A win given as its tiles: read the notation, then ask the ``mahjong`` hand calculator for the
yaku and fu, and price them with the preset's own yaku table.

The notation is the compact one riichi references use: digits followed by their suit, ``m``
(characters), ``p`` (circles), ``s`` (bamboo), ``z`` (honours 1-7: east, south, west, north,
white, green, red); ``0`` is a red five. A hand is read (and refused, naming the field) when the
record is parsed; it is valued when the hand is replayed, where the seat and round winds are
known (:func:`value_tiles`).

>>> hand = parse_tiles({"tiles": "234m567p23455s666z", "win": "5s"}, "wins[0]")
>>> len(hand.tiles), hand.win, hand.melds
(14, 22, ())
>>> parse_tiles({"tiles": "234m567p2345s666z", "win": "5s"}, "wins[0]")
Traceback (most recent call last):
...
engine.errors.RecordError: a complete hand has 14 tiles; 'tiles' holds 13.
>>> parse_tiles({"tiles": "11111m234p567s111z", "win": "1m"}, "wins[0]")
Traceback (most recent call last):
...
engine.errors.RecordError: 'tiles' holds five of 1m; a tile has four copies.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import RecordError
from .yaku import TABLES, HanBreakdown, YakuTable, count_yaku, known_yaku, yaku_table

if TYPE_CHECKING:
    from .rules import Rules

SUITS = "mpsz"
MELD_KINDS = ("chi", "pon", "kan", "ankan")
TILE_FIELDS = frozenset({"tiles", "win", "melds", "dora_indicators", "ura_dora_indicators"})
_LIB_MELD = {"chi": "chi", "pon": "pon"}  # the library's meld types (mahjong.meld.Meld)
MAX_INDICATORS = 5  # the first indicator and one for each of four kongs

# The ``mahjong`` library's yaku (by class name) under our ids; dora are counted here.
LIBRARY_YAKU = {
    "Tsumo": "menzen_tsumo",
    "Riichi": "riichi",
    "DaburuRiichi": "double_riichi",
    "Ippatsu": "ippatsu",
    "Chankan": "chankan",
    "Rinshan": "rinshan",
    "Haitei": "haitei",
    "Houtei": "houtei",
    "Pinfu": "pinfu",
    "Tanyao": "tanyao",
    "Iipeiko": "iipeikou",
    "Haku": "yakuhai_haku",
    "Hatsu": "yakuhai_hatsu",
    "Chun": "yakuhai_chun",
    "SeatWindEast": "yakuhai_seat_wind",
    "SeatWindSouth": "yakuhai_seat_wind",
    "SeatWindWest": "yakuhai_seat_wind",
    "SeatWindNorth": "yakuhai_seat_wind",
    "RoundWindEast": "yakuhai_round_wind",
    "RoundWindSouth": "yakuhai_round_wind",
    "RoundWindWest": "yakuhai_round_wind",
    "RoundWindNorth": "yakuhai_round_wind",
    "Sanshoku": "sanshoku",
    "Ittsu": "ittsu",
    "Chantai": "chanta",
    "Honroto": "honroutou",
    "Toitoi": "toitoi",
    "Sanankou": "sanankou",
    "SanKantsu": "sankantsu",
    "SanshokuDoukou": "sanshoku_doukou",
    "Chiitoitsu": "chiitoitsu",
    "Shosangen": "shousangen",
    "Honitsu": "honitsu",
    "Junchan": "junchan",
    "Ryanpeikou": "ryanpeikou",
    "Chinitsu": "chinitsu",
    "KokushiMusou": "kokushi",
    "DaburuKokushiMusou": "kokushi",
    "ChuurenPoutou": "chuuren",
    "DaburuChuurenPoutou": "chuuren",
    "Suuankou": "suuankou",
    "SuuankouTanki": "suuankou",
    "Daisangen": "daisangen",
    "Shousuushii": "shousuushii",
    "DaiSuushii": "daisuushii",
    "Ryuuiisou": "ryuuiisou",
    "Suukantsu": "suukantsu",
    "Tsuuiisou": "tsuuiisou",
    "Chinroutou": "chinroutou",
}
# The yaku a win names beside its tiles: how and when it was won, which no tile shows.
NAMED_WITH_TILES = frozenset(
    {"double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou"}
)


class Tile(NamedTuple):
    """One tile: its kind 0-33 (1m-9m, 1p-9p, 1s-9s, then the seven honours), red or not.

    A named tuple: tiles are counted and compared in bulk, which a tuple does in C.
    """

    kind: int
    red: bool = False

    @property
    def name(self) -> str:
        suit, number = divmod(self.kind, 9)
        return f"{0 if self.red else number + 1}{SUITS[suit]}"


@dataclass(frozen=True, slots=True)
class Meld:
    kind: str
    tiles: tuple[Tile, ...]

    @property
    def is_open(self) -> bool:
        return self.kind != "ankan"


@dataclass(frozen=True, slots=True)
class TileHand:
    """A win's tiles as read from the record: all of them (melds included), the winning tile,
    the melds and the dora indicators (tile kinds)."""

    tiles: tuple[Tile, ...]
    win: int
    win_red: bool
    melds: tuple[Meld, ...]
    dora_indicators: tuple[int, ...] = ()
    ura_dora_indicators: tuple[int, ...] = ()

    @property
    def is_open(self) -> bool:
        return any(m.is_open for m in self.melds)


def _bad(message: str, field: str, code: str = "bad_tiles") -> RecordError:
    return RecordError(message, code=code, field=field)


def read_tiles(text: Any, field: str) -> tuple[Tile, ...]:
    """Tiles in the compact notation; an error naming ``field`` for anything else.

    >>> [t.name for t in read_tiles("120m7z", "tiles")]
    ['1m', '2m', '0m', '7z']
    """
    if not isinstance(text, str) or not text:
        raise _bad(f"'{field}' must be tiles such as \"123m456p789s11z\".", field)
    out: list[Tile] = []
    digits = ""
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits += ch
            continue
        if ch not in SUITS:
            raise _bad(f"'{field}' has {ch!r}: tiles are digits followed by m, p, s or z.", field)
        if not digits:
            raise _bad(f"'{field}' has the suit {ch!r} with no digits before it.", field)
        suit = SUITS.index(ch)
        for d in digits:
            n = int(d)
            if ch == "z" and not 1 <= n <= 7:
                raise _bad(f"'{field}' has {n}z: honours are 1z to 7z.", field)
            red = n == 0
            out.append(Tile(suit * 9 + (4 if red else n - 1), red))
        digits = ""
    if digits:
        raise _bad(f"'{field}' ends with digits and no suit ({digits!r}).", field)
    return tuple(out)


def _one_tile(text: Any, field: str) -> Tile:
    tiles = read_tiles(text, field)
    if len(tiles) != 1:
        raise _bad(f"'{field}' must be one tile such as \"8s\".", field)
    return tiles[0]


def _indicators(obj: Mapping[str, Any], name: str, field: str) -> tuple[Tile, ...]:
    value = obj.get(name)
    if value is None:
        return ()
    where = f"{field}.{name}"
    if not isinstance(value, list) or len(value) > MAX_INDICATORS:
        raise _bad(f"'{name}' must be a list of at most {MAX_INDICATORS} tiles.", where)
    return tuple(_one_tile(v, where) for v in value)


def parse_tiles(obj: Mapping[str, Any], field: str) -> TileHand:
    """A win's ``tiles``, ``win``, ``melds`` and dora indicators, checked for shape.

    The hand holds fourteen tiles and one more for each kong; no tile more than four times
    (dora indicators included); the melds and the winning tile among the tiles.
    """
    tiles = read_tiles(obj.get("tiles"), f"{field}.tiles")
    if "win" not in obj:
        raise _bad("a hand given as tiles needs 'win', the winning tile.", f"{field}.win")
    win = _one_tile(obj["win"], f"{field}.win")
    melds_raw = obj.get("melds") or []
    if not isinstance(melds_raw, list) or len(melds_raw) > 4:
        raise _bad("'melds' must be a list of at most four melds.", f"{field}.melds")
    melds: list[Meld] = []
    for i, m in enumerate(melds_raw):
        where = f"{field}.melds[{i}]"
        if not isinstance(m, Mapping) or set(m) - {"kind", "tiles"}:
            raise _bad("a meld has a 'kind' and its 'tiles'.", where)
        kind = m.get("kind")
        if kind not in MELD_KINDS:
            raise _bad(
                f"a meld's 'kind' is one of {', '.join(MELD_KINDS)}, not {kind!r}.",
                f"{where}.kind",
            )
        mt = read_tiles(m.get("tiles"), f"{where}.tiles")
        kinds = sorted(t.kind for t in mt)
        if kind == "chi":
            ok = (
                len(mt) == 3
                and kinds[0] < 27
                and kinds[0] // 9 == kinds[2] // 9
                and kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2]
            )
            shape = "three tiles in a row of one suit"
        else:
            size = 3 if kind == "pon" else 4
            ok = len(mt) == size and len(set(kinds)) == 1
            shape = f"{size} of one tile"
        if not ok:
            raise _bad(f"a {kind} is {shape}, not {m.get('tiles')!r}.", f"{where}.tiles")
        melds.append(Meld(kind, mt))
    kongs = sum(m.kind in ("kan", "ankan") for m in melds)
    if len(tiles) != 14 + kongs:
        extra = f" and one more for each of the {kongs} kongs" if kongs else ""
        raise _bad(
            f"a complete hand has 14 tiles{extra}; 'tiles' holds {len(tiles)}.",
            f"{field}.tiles",
            "incomplete_hand",
        )
    dora = _indicators(obj, "dora_indicators", field)
    ura = _indicators(obj, "ura_dora_indicators", field)
    counts = [0] * 34
    reds = 0
    for t in tiles:
        counts[t.kind] += 1
        reds += t.red
    for kind, n in enumerate(counts):
        if n > 4:
            raise _bad(
                f"'tiles' holds {'five' if n == 5 else n} of {Tile(kind).name}; a tile has four "
                "copies.",
                f"{field}.tiles",
            )
    if reds > len({t.kind for t in tiles if t.red}):
        raise _bad("each suit has one red five; 'tiles' holds two of one.", f"{field}.tiles")
    for t in dora + ura:
        counts[t.kind] += 1
        if counts[t.kind] > 4:
            raise _bad(
                f"the tiles and the dora indicators hold {counts[t.kind]} of {Tile(t.kind).name}; "
                "a tile has four copies.",
                f"{field}.dora_indicators",
            )
    rest = Counter(tiles)
    for i, m in enumerate(melds):
        for t in m.tiles:
            if rest[t] == 0:
                raise _bad(
                    f"the meld {''.join(t.name for t in m.tiles)} is not among 'tiles'.",
                    f"{field}.melds[{i}].tiles",
                )
            rest[t] -= 1
    if rest[win] == 0:
        raise _bad(
            f"the winning tile {win.name} is not among the tiles outside the melds.",
            f"{field}.win",
            "win_not_in_hand",
        )
    return TileHand(
        tiles=tiles,
        win=win.kind,
        win_red=win.red,
        melds=tuple(melds),
        dora_indicators=tuple(t.kind for t in dora),
        ura_dora_indicators=tuple(t.kind for t in ura),
    )


def dora_of(indicator: int, players: int = 4) -> int:
    """The tile an indicator points at: the next in its suit, winds and dragons in a circle.
    A three-player set has no 2m-8m: there the 1m indicator points at 9m.

    >>> [Tile(dora_of(read_tiles(t, "x")[0].kind)).name for t in ("9m", "4z", "7z", "5p")]
    ['1m', '1z', '5z', '6p']
    >>> Tile(dora_of(read_tiles("1m", "x")[0].kind, players=3)).name
    '9m'
    """
    if indicator == 0 and players == 3:
        return 8
    if indicator < 27:
        suit, n = divmod(indicator, 9)
        return suit * 9 + (n + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


def count_dora(rules: Rules, hand: TileHand, riichi: bool, field: str) -> int:
    """Dora, red fives and (for a riichi) ura dora in the hand."""
    if not rules.dora and (hand.dora_indicators or hand.ura_dora_indicators):
        raise _bad("these rules are played without dora.", f"{field}.dora_indicators", "bad_han")
    reds = sum(t.red for t in hand.tiles)
    if reds and not (rules.dora and rules.red_fives):
        raise _bad("these rules are played without red fives.", f"{field}.tiles")
    if hand.ura_dora_indicators and not riichi:
        raise _bad(
            "ura dora count only for a winner who declared riichi.",
            f"{field}.ura_dora_indicators",
            "bad_han",
        )
    if rules.players == 3:
        for what, kinds_of in (
            ("tiles", [t.kind for t in hand.tiles]),
            ("dora_indicators", list(hand.dora_indicators + hand.ura_dora_indicators)),
        ):
            if any(1 <= k <= 7 for k in kinds_of):
                raise _bad(
                    "a three-player set has no 2m to 8m.",
                    f"{field}.{what}",
                )
    kinds = Counter(t.kind for t in hand.tiles)
    indicators = hand.dora_indicators + hand.ura_dora_indicators
    found = sum(kinds[dora_of(i, rules.players)] for i in indicators)
    return found + reds


def _to_136(hand: TileHand) -> tuple[list[int], int, list[Any]]:
    """The hand in the library's 136 numbering (red fives at its red indices), the winning
    tile and the melds."""
    from mahjong.meld import Meld as LibMeld

    used = [0] * 34  # plain copies given out per kind: 1, 2, 3, then 0 (the red five's index)

    def take(t: Tile) -> int:
        if t.red:
            return t.kind * 4
        copy = (used[t.kind] + 1) % 4
        used[t.kind] += 1
        return t.kind * 4 + copy

    melds = []
    in_melds: list[Tile] = []
    for m in hand.melds:
        indices = [take(t) for t in m.tiles]
        in_melds += m.tiles
        lib_kind = _LIB_MELD.get(m.kind, LibMeld.KAN)
        melds.append(LibMeld(meld_type=lib_kind, tiles=indices, opened=m.is_open))
    rest = list(hand.tiles)
    for t in in_melds:
        rest.remove(t)
    concealed = [take(t) for t in rest]
    pairs = zip(concealed, rest, strict=True)
    win = next(i for i, t in pairs if t.kind == hand.win and t.red == hand.win_red)
    return [*concealed, *(i for m in melds for i in m.tiles)], win, melds


def _complete(tiles: list[int], melds: list[Any]) -> bool:
    """Whether the tiles are a complete hand (the library's shape check)."""
    from mahjong.agari import Agari
    from mahjong.tile import TilesConverter

    opened = [m.tiles_34 for m in melds if m.opened]
    return Agari.is_agari(TilesConverter.to_34_array(tiles), opened or None)


def value_tiles(
    rules: Rules,
    hand: TileHand,
    *,
    named: tuple[str, ...],
    riichi: bool,
    tsumo: bool,
    seat_wind: int,
    round_wind: int,
    field: str,
) -> HanBreakdown:
    """The win's yaku, han and fu: the library finds the yaku and fu in the tiles, the rules'
    own table prices them. ``named`` are the yaku no tile shows (ippatsu, haitei, ...);
    ``seat_wind`` and ``round_wind`` count 0-3 from East.

    >>> from engine.presets import resolve_rules
    >>> hand = parse_tiles({"tiles": "234567m234p45688s", "win": "6s"}, "wins[0]")
    >>> b = value_tiles(resolve_rules("tenhou"), hand, named=(), riichi=True, tsumo=True,
    ...                 seat_wind=1, round_wind=0, field="wins[0]")
    >>> b.han, b.fu, [i.id for i in b.items]
    (4, 20, ['riichi', 'menzen_tsumo', 'pinfu', 'tanyao'])
    """
    from mahjong.hand_calculating.hand import HandCalculator

    table = yaku_table(rules, f"{field}.tiles")
    for name in named:
        if name not in NAMED_WITH_TILES:
            what = (
                "riichi comes from the hand's 'riichi'"
                if name == "riichi"
                else "the tiles show it"
                if name in LIBRARY_YAKU.values()
                else "it is not a yaku of these rules"
            )
            raise _bad(
                f"beside tiles, 'yaku' names only how the hand was won "
                f"({', '.join(sorted(NAMED_WITH_TILES))}); not {name!r}: {what}.",
                f"{field}.yaku",
                "bad_yaku",
            )
    if "double_riichi" in named and not riichi:
        raise _bad(
            "double riichi needs the winner among the hand's 'riichi'.",
            f"{field}.yaku",
            "riichi_not_declared",
        )
    tiles, win, melds = _to_136(hand)
    dora = count_dora(rules, hand, riichi, field)
    yakuman_named = [n for n in named if (y := table.by_id.get(n)) is not None and y.yakuman]
    result = _calculate(
        rules, table, tiles, win, melds, named=named, riichi=riichi, tsumo=tsumo,
        is_open=hand.is_open, seat_wind=seat_wind, round_wind=round_wind,
    )  # fmt: skip
    if result.error == HandCalculator.ERR_HAND_NOT_WINNING or (
        yakuman_named and not _complete(tiles, melds)
    ):
        raise _not_complete(field)
    if yakuman_named:  # heavenly or earthly hand: the yakuman in the tiles count beside it
        found_yakuman = [
            LIBRARY_YAKU[type(y).__name__]
            for y in result.yaku or ()
            if y.is_yakuman and type(y).__name__ in LIBRARY_YAKU
        ]
        ids = [i for i in dict.fromkeys(found_yakuman) if i in table.by_id] + yakuman_named
        return count_yaku(
            rules,
            ids,
            is_open=hand.is_open,
            tsumo=tsumo,
            dora=0,
            fu=None,
            field=field,
            source="tiles",
        )
    if result.error is not None:
        if result.error == HandCalculator.ERR_NO_YAKU:
            raise _bad(
                "these tiles make no yaku under these rules"
                + ("" if rules.kuitan else " (all simples counts only in a concealed hand)")
                + ": enter the hand by han and fu if it is a win.",
                f"{field}.tiles",
                "no_yaku",
            )
        raise _bad(
            f"the hand calculator refuses this win ({result.error.replace('_', ' ')}).",
            f"{field}.tiles",
        )
    found = _our_yaku(rules, table, result, named=named, is_open=hand.is_open)
    if "chiitoitsu" not in table.by_id and any(
        type(y).__name__ == "Chiitoitsu" for y in result.yaku or ()
    ):
        raise _not_complete(field, "these rules have no seven pairs")
    fu = result.fu
    if (
        hand.is_open
        and not tsumo
        and _open_pinfu(table)
        and all(m.kind == "chi" for m in hand.melds)
    ):
        # Open pinfu (arushiiaru): the library knows pinfu only in a concealed hand, so the
        # same tiles are read once more as if the chows were concealed; a pinfu reading
        # found there counts open, at 20 fu, where it pays more than the open reading.
        closed = [type(m)(meld_type=m.type, tiles=m.tiles, opened=False) for m in melds]
        again = _calculate(
            rules, table, tiles, win, closed, named=named, riichi=riichi, tsumo=tsumo,
            is_open=True, seat_wind=seat_wind, round_wind=round_wind,
        )  # fmt: skip
        if again.error is None and any(type(y).__name__ == "Pinfu" for y in again.yaku or ()):
            pinfu = _our_yaku(rules, table, again, named=named, is_open=True)
            if _points(table, pinfu, 20, is_open=True) > _points(table, found, fu, is_open=True):
                found, fu = pinfu, 20
    ids = found
    if riichi and "double_riichi" not in named and "riichi" not in ids and "riichi" in table.by_id:
        ids.insert(0, "riichi")
    yakuman = [id for id in ids if (y := table.by_id.get(id)) is not None and y.yakuman]
    if yakuman:  # a yakuman counts alone: riichi and the rest add nothing to it
        ids, dora = yakuman, 0
    order = {id: i for i, id in enumerate(table.by_id)}
    ids.sort(key=lambda id: order.get(id, len(order)))  # the table's order, as pickers list it
    return count_yaku(
        rules,
        ids,
        is_open=hand.is_open,
        tsumo=tsumo,
        dora=dora,
        fu=fu,
        field=field,
        source="tiles",
    )


# A library yaku a table does not list, counted as the one it contains that the table does:
# twice two identical chows are two identical chows where a table has only those (seed 000).
CONTAINED = {"ryanpeikou": "iipeikou"}
# The library's yaku standing for "a win" where the rules need no yaku (min_han 0): one of
# these is set, priced at 1 han so the library scores the hand, and dropped from what it found.
_CARRIERS = {True: ("is_haitei", "haitei"), False: ("is_houtei", "houtei")}


def _not_complete(
    field: str, shapes: str = "four sets and a pair, seven pairs or thirteen orphans"
) -> RecordError:
    return _bad(
        f"these tiles are not a complete hand ({shapes}).", f"{field}.tiles", "incomplete_hand"
    )


def _open_pinfu(table: YakuTable) -> bool:
    y = table.by_id.get("pinfu")
    return y is not None and y.open is not None


def _calculate(
    rules: Rules,
    table: YakuTable,
    tiles: list[int],
    win: int,
    melds: list[Any],
    *,
    named: tuple[str, ...],
    riichi: bool,
    tsumo: bool,
    is_open: bool,
    seat_wind: int,
    round_wind: int,
) -> Any:
    """Ask the library for the hand's value, its yaku priced at the table's own han for a hand
    this open, so that of the hand's readings (which sets, which wait) it keeps the one these
    rules pay most: not the one the standard values would."""
    from mahjong.constants import EAST
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

    options = OptionalRules(
        has_open_tanyao=rules.kuitan,
        has_aka_dora=False,  # dora are counted here, by the rules' own options
        has_double_yakuman=False,  # every yakuman counts one in our tables
        kiriage=False,  # rounding up is the payment's business (values.base_points)
        fu_for_pinfu_tsumo=not table.pinfu_tsumo,
        fu_for_open_pinfu=not _open_pinfu(table),
    )
    double = "double_riichi" in named
    flags = {
        "is_haitei": "haitei" in named,
        "is_houtei": "houtei" in named,
        "is_rinshan": "rinshan" in named,
        "is_chankan": "chankan" in named,
    }
    carrier = None
    if rules.min_han == 0 and not any(flags.values()):
        flag, carrier = _CARRIERS[tsumo]
        flags[flag] = True
    config = HandConfig(
        is_tsumo=tsumo,
        is_riichi=riichi and not double,
        is_daburu_riichi=double,
        is_ippatsu="ippatsu" in named,
        player_wind=EAST + seat_wind,
        round_wind=EAST + round_wind,
        options=options,
        **flags,
    )
    for attr, han in _prices(table.id, rules.ippatsu, is_open):
        yaku = getattr(config.yaku, attr)
        yaku.han_open = yaku.han_closed = han
    if carrier is not None:
        yaku = getattr(config.yaku, carrier)
        yaku.han_open = yaku.han_closed = 1
    result = HandCalculator.estimate_hand_value(tiles, win, melds=melds, config=config)
    if carrier is not None and result.yaku:
        carried = getattr(config.yaku, carrier)
        result.yaku = [y for y in result.yaku if y is not carried]
    return result


@functools.cache
def _prices(table_id: str, ippatsu: bool, is_open: bool) -> tuple[tuple[str, int], ...]:
    """The library's yaku (by their attribute on its ``YakuConfig``) whose han the table sets
    otherwise for a hand this open: a yaku the table lacks is worth nothing. Built once for
    each table, so a hand pays only for the few prices that differ from the library's."""
    from mahjong.hand_calculating.yaku_config import YakuConfig

    table = TABLES[table_id]
    out = []
    for attr, yaku in vars(YakuConfig()).items():
        id = LIBRARY_YAKU.get(type(yaku).__name__)
        if id is None or yaku.is_yakuman:
            continue
        if id not in table.by_id:
            id = CONTAINED.get(id, id)
        ours = table.by_id.get(id)
        if ours is None or (id == "ippatsu" and not ippatsu):
            han = 0
        else:
            han = (ours.open if is_open else ours.closed) or 0
        library = (yaku.han_open if is_open and yaku.han_open else yaku.han_closed) or 0
        if han != library:
            out.append((attr, han))
    return tuple(out)


def _our_yaku(
    rules: Rules, table: YakuTable, result: Any, *, named: tuple[str, ...], is_open: bool
) -> list[str]:
    """The table's ids of the yaku the library found, with the named ones it does not score."""
    ids: list[str] = []
    for found in result.yaku or ():
        id = LIBRARY_YAKU.get(type(found).__name__)
        if id is None:
            continue  # dora are counted apart; a yaku of the library's that no table lists
        if id not in table.by_id:
            id = CONTAINED.get(id, id)
        if id in ids:
            continue
        if id in named or id == "riichi":
            ids.append(id)  # how it was won: the scorer named it, or the hand's riichi
            continue
        ours = known_yaku(rules, table, id)
        if ours is not None and (ours.open is not None or not is_open):
            ids.append(id)  # a yaku the tiles show that the rules know, for a hand this open
    for n in named:  # a named yaku the library does not score (a table's own) still counts
        if n not in ids:
            ids.append(n)
    return ids


def _points(table: YakuTable, ids: list[str], fu: int, *, is_open: bool) -> tuple[int, int]:
    """Han and fu of a reading, to compare two readings of one hand."""
    han = 0
    for id in ids:
        y = table.by_id.get(id)
        if y is not None and not y.yakuman:
            han += (y.open if is_open else y.closed) or 0
    return han, fu


__all__ = ["TABLES", "TileHand", "parse_tiles", "read_tiles", "value_tiles"]
