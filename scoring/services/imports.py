"""Games imported from an online game's log (the tenhou.net/6 JSON), and exported as one.

The engine reads the log as a game record and replays it against the log's own score changes
(:func:`engine.tenhou6.record_from_tenhou6`); here the organiser's choice of a club player for
each name of the log seats the game, and the record goes in by the one path a game record
takes (:func:`scoring.services.games.game_import`: one transaction, the hands stored as the
record's hands, the numbers cached from one replay, an audit entry ``game.imported`` naming
the log). A log the rules do not reproduce is refused naming the hand, and nothing is saved.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext, ngettext

import engine
from clubs.models import Club, Player
from engine.tenhou6 import (
    Tenhou6Error,
    log_names,
    read_tenhou6,
    record_from_tenhou6,
    rules_of_tenhou6,
)
from scoring import policy
from scoring.engine_messages import engine_message, words
from scoring.errors import LogRefused
from scoring.models import Game
from scoring.presenter import WIND_NAMES, signed
from scoring.services.games import game_import, game_rules
from scoring.services.replay import club_role, enforce

_LABEL = re.compile(r"(?P<wind>[ESWN])(?P<number>[0-9]+)(?:-(?P<honba>[0-9]+))?")


@dataclass(frozen=True)
class LogRead:
    """A log read and checked under its rules: what the second step of the import shows."""

    log: Any
    record: dict[str, Any]
    """The game record the engine read, its replay checked against the log."""
    names: list[str]
    """One per seat of the game, in the log's seat order (empty where the log has none)."""
    reference: str
    """How the audit entry names the log: its ``ref`` where Tenhou gave one, else a digest."""

    @property
    def seats(self) -> int:
        return len(self.names)

    @property
    def hand_count(self) -> int:
        return len(self.record["hands"])


def round_words(label: str) -> str:
    """A hand's label in words, as a refusal names it: ``East 4, 1 counter``."""
    m = _LABEL.fullmatch(label)
    if m is None:
        return label
    wind, number, honba = WIND_NAMES[m["wind"]], m["number"], int(m["honba"] or 0)
    if not honba:
        return gettext("%(wind)s %(number)s") % {"wind": wind, "number": number}
    return ngettext(
        "%(wind)s %(number)s, %(honba)d counter",
        "%(wind)s %(number)s, %(honba)d counters",
        honba,
    ) % {"wind": wind, "number": number, "honba": honba}


def _payments(deltas: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(
        f"{names[seat] or gettext('seat %(number)s') % {'number': seat + 1}} {signed(d)}"
        for seat, d in enumerate(deltas)
    )


def log_refusal(error: Tenhou6Error, names: Sequence[str] = ()) -> LogRefused:
    """The engine's refusal of a log in the organiser's words, naming the hand that differs
    (``Hand 7 (East 4, 1 counter): the log pays ...; the rules give ...``)."""
    label = getattr(error, "label", None)
    log_deltas, rule_deltas = error.log_deltas, error.rule_deltas
    if error.hand is not None and label and log_deltas is not None and rule_deltas is not None:
        message = gettext(
            "Hand %(number)s (%(round)s): the log pays %(log)s; the rules give %(rules)s."
        ) % {
            "number": error.hand,
            "round": round_words(label),
            "log": _payments(log_deltas, names),
            "rules": _payments(rule_deltas, names),
        }
        return LogRefused(message, code=error.code, hand=error.hand)
    detail = engine_message(error)
    if words().english and label:
        detail = detail.split(": ", 1)[-1]  # the engine's own place ("E4-1 (round 7 ...)")
    if error.hand is not None and label:
        detail = gettext("Hand %(number)s (%(round)s): %(detail)s") % {
            "number": error.hand,
            "round": round_words(label),
            "detail": detail,
        }
    return LogRefused(detail, code=error.code, hand=error.hand, field=error.field or "log")


def log_reference(log: Any) -> str:
    """The log's own reference (Tenhou's ``ref``, as in ``2026120420gm-00a9-0000-1a2b3c4d``),
    else a digest of its JSON that names this log and no other."""
    ref = log.get("ref") if isinstance(log, Mapping) else None
    if isinstance(ref, str) and ref.strip():
        return ref.strip()[:100]
    text = json.dumps(log, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:16]


def tenhou6_read(*, log: Any, rules: Any = None) -> LogRead:
    """Read a log (its JSON as text, a viewer address holding it, or the JSON parsed) and check
    it under ``rules`` (by default the log's: ``tenhou``, ``tenhou-sanma`` for three players).
    Raises :class:`LogRefused` with the engine's code: ``bad_tenhou6``, ``tenhou6_mismatch``
    (naming the hand), ``tenhou6_seats``, ``tenhou6_unsupported``, or the rules' own."""
    parsed = _parse(log)
    names = log_names(parsed)
    try:
        record = record_from_tenhou6(parsed, rules=rules)
    except Tenhou6Error as e:
        raise log_refusal(e, names) from None
    except engine.EngineError as e:  # the rules given, refused by the engine
        raise LogRefused(engine_message(e), code=e.code, field="rules") from None
    return LogRead(log=parsed, record=record, names=names, reference=log_reference(parsed))


def default_rules(log: Any) -> Any:
    """The rules a log is imported under when the organiser picks none."""
    return rules_of_tenhou6(log)


def _seat_name(read: LogRead, seat: int) -> str:
    return read.names[seat] or gettext("seat %(number)s") % {"number": seat + 1}


def _check_players(read: LogRead, players: Sequence[Player | str | None]) -> list[Player | str]:
    """One player per seat of the log, no player (or guest name) twice."""
    if len(players) != read.seats:
        raise LogRefused(
            ngettext(
                "The log has %(seats)d players; %(given)d was given.",
                "The log has %(seats)d players; %(given)d were given.",
                len(players),
            )
            % {"seats": read.seats, "given": len(players)},
            code="log_player_missing",
            field="players",
        )
    seen: dict[str, int] = {}
    out: list[Player | str] = []
    for seat, player in enumerate(players):
        if isinstance(player, str):
            player = " ".join(player.split())
        if player is None or player == "":
            raise LogRefused(
                gettext("%(name)s in the log needs a player.") % {"name": _seat_name(read, seat)},
                code="log_player_missing",
                field="players",
            )
        key = f"pk:{player.pk}" if isinstance(player, Player) else f"name:{player.casefold()}"
        other = seen.get(key)
        if other is None and isinstance(player, Player):
            other = seen.get(f"name:{player.display_name.casefold()}")
        if other is None and isinstance(player, str):
            other = next(
                (
                    s
                    for k, s in seen.items()
                    if k.startswith("pk:") and _display(out[s]).casefold() == player.casefold()
                ),
                None,
            )
        if other is not None:
            raise LogRefused(
                gettext(
                    "%(first)s and %(second)s in the log are both %(player)s: a player sits "
                    "in one seat."
                )
                % {
                    "first": _seat_name(read, other),
                    "second": _seat_name(read, seat),
                    "player": _display(player),
                },
                code="log_player_twice",
                field="players",
            )
        seen[key] = seat
        if isinstance(player, Player):
            seen[f"name:{player.display_name.casefold()}"] = seat
        out.append(player)
    return out


def _display(player: Player | str) -> str:
    return player.display_name if isinstance(player, Player) else player


def _parse(log: Any) -> Any:
    try:
        return read_tenhou6(log) if isinstance(log, str) else log
    except Tenhou6Error as e:
        raise log_refusal(e) from None


def tenhou6_names(log: Any) -> tuple[Any, list[str]]:
    """The log parsed and its names, one per seat (the second step's players to choose)."""
    parsed = _parse(log)
    return parsed, log_names(parsed)


def tenhou6_check(
    *, club: Club, log: Any, rules: Any = None, ruleset_version: Any = None, league: Any = None
) -> LogRead:
    """Read a log under the rules its import would take (as :func:`game_import_tenhou6`
    resolves them) and check it, writing nothing: the import page's first step."""
    parsed = _parse(log)
    if rules is None and ruleset_version is None and league is None:
        rules = default_rules(parsed)
    full_rules, _name, _version = game_rules(
        club=club, rules=rules, league=league, ruleset_version=ruleset_version
    )
    return tenhou6_read(log=parsed, rules=full_rules)


@transaction.atomic
def game_import_tenhou6(
    *,
    club: Club,
    log: Any,
    players: Sequence[Player | str | None],
    created_by: Any,
    rules: Any = None,
    ruleset_version: Any = None,
    league: Any = None,
    played_on: Any = None,
    table: str = "",
) -> Game:
    """Create the finished game of a tenhou.net/6 log, every hand in it.

    ``players`` are one per seat of the log, in its order: a club player, or a name (the
    club's player of that name, else a new guest, through the clubs services). The rules are
    ``rules`` (a preset id or ``{"preset", "options"}``), a club rule set's
    ``ruleset_version`` or the ``league``'s, else the log's own (:func:`default_rules`); the
    log must replay under them. ``created_by`` needs the organiser's role
    (:func:`policy.import_log_refusal`). Refusals raise :class:`LogRefused`, and nothing is
    saved."""
    enforce(policy.import_log_refusal(club_role(club.pk, created_by)))
    parsed = _parse(log)
    if rules is None and ruleset_version is None and league is None:
        rules = default_rules(parsed)
    full_rules, rules_name, ruleset_version = game_rules(
        club=club, rules=rules, league=league, ruleset_version=ruleset_version
    )
    read = tenhou6_read(log=parsed, rules=full_rules)
    seats = _check_players(read, players)
    record = {**read.record, "rules": full_rules}
    record.pop("players", None)
    return game_import(
        club=club,
        record=record,
        created_by=created_by,
        players=seats,
        reason=f"tenhou.net/6 log {read.reference}",
        league=league,
        ruleset_version=ruleset_version,
        rules_name=rules_name,
        played_on=played_on,
        table=table,
    )
