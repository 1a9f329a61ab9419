"""Yaku by name: each riichi preset's own table of yaku and their han, and counting a win from it.

A table is data: each yaku's han in a concealed and in an open hand (``None`` where the yaku
needs a concealed hand), whether it is a yakuman, the one way it can be won (self-drawn or on a
discard) where it has one, and the yaku whose han it already includes. A preset names its table
with the option ``yaku_table``; :func:`count_yaku` turns a win's yaku, dora and fu into han and
fu with the breakdown, refusing what the table does not allow.

>>> from engine.presets import resolve_rules
>>> tenhou = resolve_rules("tenhou")
>>> b = count_yaku(tenhou, ("riichi", "menzen_tsumo", "pinfu", "tanyao"), is_open=False,
...                tsumo=True, dora=1, fu=None, field="wins[0]")
>>> b.han, b.fu, [(i.id, i.han) for i in b.items]
(5, 20, [('riichi', 1), ('menzen_tsumo', 1), ('pinfu', 1), ('tanyao', 1)])
>>> count_yaku(resolve_rules("nashi-nashi"), ("tanyao",), is_open=True, tsumo=False, dora=0,
...            fu=30, field="wins[0]")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.errors.RecordError: these rules count All Simples (tanyao) only in a concealed...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from . import decode
from .errors import RecordError

if TYPE_CHECKING:
    from .rules import Rules


@dataclass(frozen=True)
class Yaku:
    """One yaku of a table: its han concealed and open, or its count of yakuman."""

    id: str
    name: str
    closed: int
    """Han in a concealed hand (for a yakuman: how many yakuman it counts)."""
    open: int | None
    """Han in an open hand; ``None`` where the yaku needs a concealed hand."""
    yakuman: bool = False
    win: str | None = None
    """``"tsumo"`` or ``"ron"`` where the yaku can only be won that way."""
    includes: tuple[str, ...] = ()
    """Yaku whose han this one's already count: listed beside it they add nothing."""
    situational: bool = False
    """How or when the hand was won, not its tiles: named beside tiles, never found in them."""

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "han_closed": None if self.yakuman else self.closed,
            "han_open": None if self.yakuman else self.open,
            "yakuman": self.closed if self.yakuman else 0,
            "concealed_only": self.open is None,
        }
        if self.win:
            out["win"] = self.win
        if self.includes:
            out["includes"] = list(self.includes)
        return out


@dataclass(frozen=True)
class YakuTable:
    """A preset's yaku and values, and where they come from."""

    id: str
    name: str
    source: str
    yaku: tuple[Yaku, ...]
    pinfu_tsumo: bool = True
    """Pinfu scores on a self-draw (20 fu). Off (arushiiaru): pinfu needs a discard, and a
    self-drawn hand of its shape counts 22 fu (paid as 30)."""

    def __post_init__(self) -> None:
        ids = [y.id for y in self.yaku]
        if len(set(ids)) != len(ids):
            raise ValueError(f"yaku table {self.id} names a yaku twice")
        known = set(ids)
        for y in self.yaku:
            if not set(y.includes) <= known:
                raise ValueError(f"yaku table {self.id}: {y.id} includes an unknown yaku")

    @cached_property
    def by_id(self) -> Mapping[str, Yaku]:
        """The yaku by id, in the table's order (built once: every win reads it)."""
        return MappingProxyType({y.id: y for y in self.yaku})

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "source": self.source,
            "yaku": [y.as_dict() for y in self.yaku],
        }


def _y(id: str, name: str, closed: int, open: int | None, **kw: Any) -> Yaku:
    return Yaku(id, name, closed, open, **kw)


def _yakuman(id: str, name: str, *, concealed: bool = False, **kw: Any) -> Yaku:
    return Yaku(id, name, 1, None if concealed else 1, yakuman=True, **kw)


DRAGONS = ("yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun")
# Every id a table may use, in the order pickers list them (common ones first).
COMMON = ("riichi", "menzen_tsumo", "pinfu", "tanyao", "yakuhai_haku", "yakuhai_hatsu")

_STANDARD = (
    _y("riichi", "Riichi", 1, None, situational=True),
    _y("double_riichi", "Double riichi", 2, None, situational=True),
    _y("ippatsu", "Ippatsu", 1, None, situational=True),
    _y("menzen_tsumo", "Fully concealed self-draw (menzen tsumo)", 1, None, win="tsumo"),
    _y("pinfu", "Pinfu (no-points hand)", 1, None),
    _y("tanyao", "All simples (tanyao)", 1, 1),
    _y("iipeikou", "Two identical chows (iipeikou)", 1, None),
    _y("yakuhai_haku", "White dragon (haku)", 1, 1),
    _y("yakuhai_hatsu", "Green dragon (hatsu)", 1, 1),
    _y("yakuhai_chun", "Red dragon (chun)", 1, 1),
    _y("yakuhai_seat_wind", "Seat wind", 1, 1),
    _y("yakuhai_round_wind", "Round wind", 1, 1),
    _y("haitei", "Last tile of the wall (haitei)", 1, 1, win="tsumo", situational=True),
    _y("houtei", "Last discard (houtei)", 1, 1, win="ron", situational=True),
    _y("rinshan", "Supplement tile (rinshan kaihou)", 1, 1, win="tsumo", situational=True),
    _y("chankan", "Robbing a kong (chankan)", 1, 1, win="ron", situational=True),
    _y("chiitoitsu", "Seven pairs (chiitoitsu)", 2, None),
    _y("sanshoku", "Same chow in three suits (sanshoku)", 2, 1),
    _y("ittsu", "Straight 1-9 in one suit (ittsu)", 2, 1),
    _y("chanta", "Terminal or honour in each set (chanta)", 2, 1),
    _y("toitoi", "All pungs (toitoi)", 2, 2),
    _y("sanankou", "Three concealed pungs (sanankou)", 2, 2),
    _y("sanshoku_doukou", "Same pung in three suits (sanshoku doukou)", 2, 2),
    _y("sankantsu", "Three kongs (sankantsu)", 2, 2),
    _y("shousangen", "Little three dragons (shousangen)", 2, 2),
    _y("honroutou", "All terminals and honours (honroutou)", 2, 2),
    _y("honitsu", "One suit with honours (honitsu)", 3, 2),
    _y("junchan", "Terminal in each set (junchan)", 3, 2),
    _y("ryanpeikou", "Twice two identical chows (ryanpeikou)", 3, None),
    _y("chinitsu", "One suit only (chinitsu)", 6, 5),
    _yakuman("kokushi", "Thirteen orphans (kokushi musou)", concealed=True),
    _yakuman("suuankou", "Four concealed pungs (suuankou)", concealed=True),
    _yakuman("daisangen", "Big three dragons (daisangen)"),
    _yakuman("shousuushii", "Little four winds (shousuushii)"),
    _yakuman("daisuushii", "Big four winds (daisuushii)"),
    _yakuman("tsuuiisou", "All honours (tsuuiisou)"),
    _yakuman("chinroutou", "All terminals (chinroutou)"),
    _yakuman("ryuuiisou", "All green (ryuuiisou)"),
    _yakuman("chuuren", "Nine gates (chuuren poutou)", concealed=True),
    _yakuman("suukantsu", "Four kongs (suukantsu)"),
    _yakuman("tenhou", "Heavenly hand (tenhou)", concealed=True, win="tsumo", situational=True),
    _yakuman("chiihou", "Earthly hand (chiihou)", concealed=True, win="tsumo", situational=True),
)
_S = {y.id: y for y in _STANDARD}


def _like(id: str, **changes: Any) -> Yaku:
    """A standard yaku with some fields changed (a table's own value or name)."""
    return dataclasses.replace(_S[id], **changes)


STANDARD = YakuTable(
    "standard",
    "Standard riichi",
    "The standard riichi values, as the EMA Riichi Competition Rules, the WRC rules, Tenhou "
    "and the M-League list them (the seeds give no table for these presets). Every yakuman "
    "counts one; ippatsu only where the option 'ippatsu' is on.",
    _STANDARD,
)

# Japanese Modern (seed 000): the patterns and the han the preset lists, open / concealed.
MODERN = YakuTable(
    "japanese-modern",
    "Japanese Modern (seed)",
    "The Japanese Modern rule preset (seed 000): 'Scores for patterns based on Chows', "
    "'...on Pungs and Kongs', '...on the whole hand', 'Scores for winning' and 'Limit hands'; "
    "yakuhai from 'Scores for basic sets: Standard (han instead of doubles)'. All simples is "
    "named only in the text on kuitan: its value (1 han) is the standard one. The seed has no "
    "ippatsu and no twice two identical chows (ryanpeikou); little three dragons is 4 han with "
    "its two dragon pungs included; all terminals and honours 3 han ('Pung hand not implied').",
    (
        _like("riichi", name="Declaration of ready (riichi)"),
        _like("double_riichi", name="Ready on first turn (double riichi)"),
        _like("menzen_tsumo", name="Fully concealed hand (menzen tsumo)"),
        _like("pinfu", name="No-points hand (pinfu)"),
        _S["tanyao"],
        _S["iipeikou"],
        *(_S[d] for d in DRAGONS),
        _S["yakuhai_seat_wind"],
        _S["yakuhai_round_wind"],
        _S["haitei"],
        _S["houtei"],
        _S["rinshan"],
        _S["chankan"],
        _S["chiitoitsu"],
        _like("sanshoku", name="Same chow from all suits (sanshoku)"),
        _like("ittsu", name="3 chows of 1 suit, step 3 (ittsu)"),
        _like("chanta", name="Terminal or honour in each set (chanta)"),
        _like("toitoi", name="Pung hand (toitoi)"),
        _S["sanankou"],
        _S["sanshoku_doukou"],
        _S["sankantsu"],
        _like("shousangen", closed=4, open=4, includes=DRAGONS),
        _like("honroutou", closed=3, open=3),
        _like("honitsu", closed=3, open=2),
        _like("junchan", closed=3, open=2),
        _like("chinitsu", closed=6, open=5),
        _like("ryuuiisou", name="All green (ryuuiisou)"),
        _like("suukantsu", name="Four kongs (suukantsu)"),
        _like("suuankou", name="Hidden treasure (suuankou)"),
        _like("daisangen", name="Three great scholars (daisangen)"),
        _S["shousuushii"],
        _S["daisuushii"],
        _S["tsuuiisou"],
        _S["chinroutou"],
        _like("chuuren", name="Nine gates, pure or impure (chuuren poutou)"),
        _S["kokushi"],
        _like("tenhou", name="Heavenly hand (tenhou)"),
        _like("chiihou", name="Earthly hand (chiihou)"),
    ),
)


def _one(id: str, name: str) -> Yaku:
    """A yaku of 1 han, open or concealed (the arushiiaru values)."""
    base = _S[id]
    return Yaku(id, name, 1, 1, win=base.win, situational=base.situational)


# Arushiiaru (seed 004): "The list of yaku is reduced": every listed yaku is 1 han, open or
# concealed; the limit hands are a mangan (yakuman_value 1 in the preset).
ARUSHIIARU = YakuTable(
    "arushiiaru",
    "Arushiiaru (seed)",
    "The Arushiiaru text (seed 004), 'Yaku': twelve 1 han yaku, open or concealed (open pinfu "
    "allowed; 'Pinfu tsumo is not allowed and is counted as 22 fu'), and the mangan hands. "
    "The seed's '3 han yaku' heading lists no yaku, so none is taken. Its yakuhai is each "
    "dragon, seat and round wind; 'Suushiihou' is both four-winds hands; Chuuren is the pure "
    "form only; Chiihou is a win "
    "on the dealer's first discard. No riichi, dora, seven pairs or menzen tsumo.",
    (
        _one("yakuhai_haku", "Yakuhai: white dragon"),
        _one("yakuhai_hatsu", "Yakuhai: green dragon"),
        _one("yakuhai_chun", "Yakuhai: red dragon"),
        _one("yakuhai_seat_wind", "Yakuhai: seat wind"),
        _one("yakuhai_round_wind", "Yakuhai: round wind"),
        _one("tanyao", "Tanyao (all simples)"),
        Yaku("pinfu", "Pinfu (open pinfu allowed; not on a self-draw)", 1, 1, win="ron"),
        _one("honitsu", "Honitsu (one suit with honours)"),
        _one("toitoi", "Toitoi (all pungs)"),
        _one("ittsu", "Ittsuu (straight)"),
        _one("chanta", "Chanta (terminal or honour in each set)"),
        _one("sanankou", "Sanankou (three concealed pungs)"),
        _one("haitei", "Haitei (last tile of the wall)"),
        _one("rinshan", "Rinshan (supplement tile)"),
        _one("shousangen", "Shousangen (little three dragons)"),
        _one("chankan", "Chankan (robbing a kong)"),
        _like("suuankou", name="Suuankou (mangan)"),
        _like("daisangen", name="Daisangen (mangan)"),
        _like("kokushi", name="Kokushi (mangan)"),
        _like("daisuushii", name="Suushiihou: big four winds (mangan)"),
        _like("shousuushii", name="Suushiihou: little four winds (mangan)"),
        _like("tsuuiisou", name="Tsuuiisou (mangan)"),
        _like("chinroutou", name="Chinroutou (mangan)"),
        _like("chuuren", name="Chuuren, pure form only (mangan)"),
        _like("tenhou", name="Tenhou (mangan)"),
        _like("chiihou", name="Chiihou: won on the dealer's first discard (mangan)", win="ron"),
    ),
    pinfu_tsumo=False,
)

TABLES: Mapping[str, YakuTable] = MappingProxyType(
    {t.id: t for t in (STANDARD, MODERN, ARUSHIIARU)}
)
TABLE_CHOICES: tuple[tuple[str, str], ...] = (
    *((t.id, t.name) for t in TABLES.values()),
    ("none", "None: han and fu are entered as totals"),
)

# Yaku that no hand has together (the second cannot be named beside the first).
CONFLICTS: tuple[tuple[str, str], ...] = (
    ("riichi", "double_riichi"),
    ("haitei", "houtei"),
    ("haitei", "rinshan"),
    ("houtei", "chankan"),
    ("iipeikou", "ryanpeikou"),
    ("chanta", "junchan"),
    ("honitsu", "chinitsu"),
    ("chiitoitsu", "pinfu"),
    ("chiitoitsu", "iipeikou"),
    ("chiitoitsu", "ryanpeikou"),
    ("chiitoitsu", "toitoi"),
    ("chiitoitsu", "sanankou"),
    ("chiitoitsu", "sanshoku"),
    ("chiitoitsu", "ittsu"),
    ("chiitoitsu", "chanta"),
    ("chiitoitsu", "junchan"),
    ("chiitoitsu", "sanshoku_doukou"),
    ("chiitoitsu", "sankantsu"),
    ("chiitoitsu", "shousangen"),
    ("pinfu", "toitoi"),
    ("pinfu", "sanankou"),
    ("pinfu", "sankantsu"),
    ("pinfu", "sanshoku_doukou"),
    ("pinfu", "honroutou"),
    ("toitoi", "sanshoku"),
    ("toitoi", "ittsu"),
    ("toitoi", "iipeikou"),
    ("tanyao", "chanta"),
    ("tanyao", "junchan"),
    ("tanyao", "honroutou"),
    ("tanyao", "yakuhai_haku"),
    ("tanyao", "yakuhai_hatsu"),
    ("tanyao", "yakuhai_chun"),
    ("tanyao", "yakuhai_seat_wind"),
    ("tanyao", "yakuhai_round_wind"),
    ("tanyao", "shousangen"),
)
# Thirteen orphans and nine gates have no sets and pungs: no other yakuman of the tiles goes
# with them (a heavenly or earthly hand does).
CONFLICTS += tuple(
    (alone, other)
    for alone in ("kokushi", "chuuren")
    for other in (
        "suuankou", "daisangen", "shousuushii", "daisuushii", "tsuuiisou", "chinroutou",
        "ryuuiisou", "suukantsu", "kokushi", "chuuren",
    )
    if other != alone
)  # fmt: skip
_CONFLICT_SET = frozenset(CONFLICTS) | frozenset((b, a) for a, b in CONFLICTS)


@dataclass(frozen=True, slots=True)
class YakuItem:
    """One yaku of a win's breakdown, with the han it counted (0 when included in another)."""

    id: str
    name: str
    han: int
    yakuman: int = 0
    included_in: str | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"yaku": self.id, "name": self.name, "han": self.han}
        if self.yakuman:
            out["yakuman"] = self.yakuman
        if self.included_in:
            out["included_in"] = self.included_in
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str = "yaku") -> YakuItem:
        """The inverse of :meth:`as_dict`.

        >>> item = YakuItem("riichi", "Riichi", 1)
        >>> YakuItem.from_dict(item.as_dict()) == item
        True
        """
        data = decode.obj(data, where)
        return cls(
            id=decode.text(data, "yaku", where),
            name=decode.text(data, "name", where),
            han=decode.integer(data, "han", where),
            yakuman=decode.integer(data, "yakuman", where, 0),
            included_in=decode.text(data, "included_in", where, None),
        )


@dataclass(frozen=True, slots=True)
class HanBreakdown:
    """How a win's han and fu were counted from its yaku (by name or found in its tiles)."""

    items: tuple[YakuItem, ...]
    han: int
    """The han of the yaku and the dora together (0 for a yakuman)."""
    fu: int | None
    dora: int = 0
    yakuman: int = 0
    is_open: bool = False
    source: str = "yaku"
    """``"yaku"`` (named by the scorer) or ``"tiles"`` (found by the hand calculator)."""

    def as_dict(self, seat: int) -> dict[str, Any]:
        return {
            "seat": seat,
            "source": self.source,
            "yaku": [i.as_dict() for i in self.items],
            "han": self.han,
            "fu": self.fu,
            "dora": self.dora,
            "yakuman": self.yakuman,
            "open": self.is_open,
        }

    @classmethod
    def from_dict(cls, data: Any, where: str = "breakdown") -> HanBreakdown:
        """The inverse of :meth:`as_dict` (whose ``seat`` the hand result reads)."""
        data = decode.obj(data, where)
        is_open = decode.value(data, "open", where)
        if not isinstance(is_open, bool):
            raise decode.bad(f"{where}.open is not true or false: {is_open!r}", f"{where}.open")
        return cls(
            items=tuple(
                YakuItem.from_dict(item, f"{where}.yaku[{i}]")
                for i, item in enumerate(decode.items(data, "yaku", where))
            ),
            han=decode.integer(data, "han", where),
            fu=decode.optional_integer(data, "fu", where),
            dora=decode.integer(data, "dora", where),
            yakuman=decode.integer(data, "yakuman", where),
            is_open=is_open,
            source=decode.text(data, "source", where),
        )


def effective_yaku(rules: Rules) -> tuple[Yaku, ...]:
    """The yaku a client can offer under these rules, with the options applied: no ippatsu
    where it is off, all simples concealed only without open tanyao.

    >>> from engine.presets import resolve_rules
    >>> [y.open for y in effective_yaku(resolve_rules("nashi-nashi")) if y.id == "tanyao"]
    [None]
    >>> effective_yaku(resolve_rules("italian-official"))
    ()
    """
    table = TABLES.get(rules.yaku_table)
    if table is None or rules.value_system != "han_fu":
        return ()
    out = []
    for y in table.yaku:
        if y.id == "ippatsu" and not rules.ippatsu:
            continue
        if y.id == "tanyao" and not rules.kuitan:
            y = dataclasses.replace(y, open=None)
        out.append(y)
    return tuple(out)


def _bad(message: str, field: str, code: str) -> RecordError:
    return RecordError(message, code=code, field=field)


def yaku_table(rules: Rules, field: str) -> YakuTable:
    """The rules' yaku table; an error naming ``field`` where the rules have none."""
    if rules.value_system != "han_fu":
        raise _bad(
            "these rules score by points and doubles: name the hand's 'parts', not yaku.",
            field,
            "wrong_value_kind",
        )
    table = TABLES.get(rules.yaku_table)
    if table is None:
        raise _bad(
            "these rules have no yaku table: enter the hand's han and fu (or its score).",
            field,
            "no_yaku_table",
        )
    return table


def known_yaku(rules: Rules, table: YakuTable, id: str) -> Yaku | None:
    """The table's yaku ``id`` as these rules play it (none for ippatsu where it is off)."""
    if id == "ippatsu" and not rules.ippatsu:
        return None
    return table.by_id.get(id)


def fixed_fu(table: YakuTable, ids: Iterable[str], *, is_open: bool, tsumo: bool) -> int | None:
    """The fu the yaku fix: seven pairs 25; pinfu 20 self-drawn, 30 on a discard when
    concealed, 20 open (arushiiaru's open pinfu).

    >>> fixed_fu(STANDARD, ["pinfu", "riichi"], is_open=False, tsumo=True)
    20
    >>> fixed_fu(ARUSHIIARU, ["pinfu"], is_open=True, tsumo=False)
    20
    """
    names = set(ids)
    if "chiitoitsu" in names:
        return 25
    if "pinfu" in names:
        return 20 if tsumo or is_open else 30
    return None


def count_yaku(
    rules: Rules,
    yaku: Iterable[str],
    *,
    is_open: bool,
    tsumo: bool,
    dora: int,
    fu: int | None,
    field: str,
    source: str = "yaku",
) -> HanBreakdown:
    """A win's han and fu from its yaku under the rules' own table, with the breakdown.

    Refuses a yaku the table does not know, a concealed-only yaku in an open hand, open all
    simples where the rules have no open tanyao, a yaku won the other way (a self-draw yaku on a
    discard), two yaku no hand has together, a yakuman beside ordinary yaku, and a ``fu`` that
    the yaku fix otherwise. The minimum han is checked when the win is paid
    (:func:`engine.values.base_points`), as for han and fu given as totals.

    >>> from engine.presets import resolve_rules
    >>> modern = resolve_rules("japanese-modern")
    >>> b = count_yaku(modern, ["shousangen", "yakuhai_haku", "yakuhai_chun"], is_open=True,
    ...                tsumo=False, dora=0, fu=40, field="wins[0]")
    >>> b.han, [(i.id, i.han, i.included_in) for i in b.items][1:]
    (4, [('yakuhai_haku', 0, 'shousangen'), ('yakuhai_chun', 0, 'shousangen')])
    """
    table = yaku_table(rules, f"{field}.yaku")
    where = f"{field}.yaku"
    ids: list[str] = []
    for id in yaku:
        if not isinstance(id, str):
            raise _bad(f"a yaku is named by its id, not {id!r}.", where, "bad_yaku")
        if id in ids:
            raise _bad(f"the yaku {id!r} is named twice.", where, "bad_yaku")
        ids.append(id)
    entries: list[Yaku] = []
    for id in ids:
        y = known_yaku(rules, table, id)
        if y is None:
            known = ", ".join(y.id for y in table.yaku if known_yaku(rules, table, y.id))
            raise _bad(
                f"these rules ({table.name}) have no yaku {id!r}; they know {known}.",
                where,
                "unknown_yaku",
            )
        if is_open and y.open is None:
            if id == "tanyao":
                raise _bad(
                    "these rules count All Simples (tanyao) only in a concealed hand.",
                    where,
                    "open_tanyao",
                )
            raise _bad(f"{y.name} needs a concealed hand; this one is open.", where, "open_hand")
        if id == "tanyao" and is_open and not rules.kuitan:
            raise _bad(
                "these rules count All Simples (tanyao) only in a concealed hand (no open tanyao).",
                where,
                "open_tanyao",
            )
        if y.win == "tsumo" and not tsumo:
            raise _bad(f"{y.name} is won only by self-draw; this win is a ron.", where, "bad_yaku")
        if y.win == "ron" and tsumo:
            raise _bad(
                f"{y.name} is won only on a discard; this win is a tsumo.", where, "bad_yaku"
            )
        entries.append(y)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            if (a, b) in _CONFLICT_SET:
                raise _bad(f"no hand has both {a!r} and {b!r}.", where, "inconsistent_yaku")
    if "ippatsu" in ids and not {"riichi", "double_riichi"} & set(ids):
        raise _bad("ippatsu needs riichi or double riichi.", where, "inconsistent_yaku")
    if sum(d in ids for d in DRAGONS) == 3 and "shousangen" in ids:
        raise _bad(
            "three dragon pungs are big three dragons, not little.", where, "inconsistent_yaku"
        )
    yakuman = [y for y in entries if y.yakuman]
    if yakuman:
        ordinary = [y.id for y in entries if not y.yakuman]
        if ordinary:
            raise _bad(
                f"a yakuman counts alone: leave out {', '.join(map(repr, ordinary))}.",
                where,
                "inconsistent_yaku",
            )
        if fu is not None and source == "yaku":
            raise _bad("a yakuman needs no fu.", f"{field}.fu", "inconsistent_fu")
        if dora:
            raise _bad("a yakuman counts no dora.", f"{field}.dora", "inconsistent_fu")
        items = tuple(YakuItem(y.id, y.name, 0, y.closed) for y in yakuman)
        count = sum(y.closed for y in yakuman)
        return HanBreakdown(items, 0, None, 0, count, is_open, source)
    included: dict[str, str] = {}
    for y in entries:
        for inner in y.includes:
            included.setdefault(inner, y.id)
    items_list = []
    for y in entries:
        han = y.open if is_open else y.closed
        assert han is not None  # a concealed-only yaku in an open hand was refused above
        outer = included.get(y.id)
        items_list.append(YakuItem(y.id, y.name, 0 if outer else han, included_in=outer))
    fixed = fixed_fu(table, ids, is_open=is_open, tsumo=tsumo)
    if fixed is not None and source == "yaku":  # the calculator's fu are its own count
        if fu is not None and fu != fixed:
            raise _bad(
                f"these yaku fix the fu at {fixed}, not {fu}.", f"{field}.fu", "inconsistent_fu"
            )
        fu = fixed
    han = sum(i.han for i in items_list) + dora
    return HanBreakdown(tuple(items_list), han, fu, dora, 0, is_open, source)
