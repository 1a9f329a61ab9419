"""A club written out as one JSON document (:func:`export_club`)."""

from __future__ import annotations

import datetime
from typing import Any

from clubhouse.backup.validation import FORMAT, BackupError
from clubs.models import Club
from core.snapshot import read_snapshot
from leagues.models import League
from rulesets.models import RuleSet
from scoring import services
from scoring.models import Game, Rotation
from tournaments.models import Event


def _when(value: datetime.datetime | datetime.date | None) -> str | None:
    return value.isoformat() if value is not None else None


def _username(user: Any) -> str | None:
    return user.get_username() if user is not None else None


def _default_rules_out(club: Club) -> str:
    """The club's default rules with a rule set named, not numbered: ids change on restore."""
    kind, _, ref = club.default_rules.partition(":")
    if kind == "ruleset":
        ruleset = club.rulesets.filter(pk=int(ref)).first() if ref.isdigit() else None
        return f"ruleset:{ruleset.name}" if ruleset else ""
    return club.default_rules


def export_club(club: Club) -> dict[str, Any]:
    """The whole club as JSON-ready data, read as of one moment (:func:`read_snapshot`): a
    hand saved meanwhile is wholly in the backup or wholly out of it, audit entry included."""
    with read_snapshot():
        return _export(Club.objects.get(pk=club.pk))


def _export(club: Club) -> dict[str, Any]:
    users = {m.user for m in club.memberships.select_related("user")}
    users |= {p.user for p in club.players.select_related("user") if p.user is not None}
    games = list(
        club.games.order_by("created_at", "id").select_related(
            "league", "season", "ruleset_version__ruleset", "created_by"
        )
    )
    index = {g.pk: i for i, g in enumerate(games)}
    return {
        "format": FORMAT,
        "club": {
            "name": club.name,
            "slug": club.slug,
            "public": club.public,
            "created": _when(club.created),
            "time_zone": club.time_zone,
            "language": club.language,
            "default_rules": _default_rules_out(club),
        },
        "users": sorted(
            (
                {
                    "username": u.get_username(),
                    "email": u.email,
                    "password": u.password,
                    "first_name": u.first_name,
                    "last_name": u.last_name,
                }
                for u in users
            ),
            key=lambda u: u["username"],
        ),
        "memberships": [
            {"user": m.user.get_username(), "role": m.role, "created": _when(m.created)}
            for m in club.memberships.select_related("user").order_by("user__username")
        ],
        "players": [
            {
                "display_name": p.display_name,
                "user": _username(p.user),
                "pin": p.pin,
                "created": _when(p.created),
                "retired": p.retired,
                "first_name": p.first_name,
                "last_name": p.last_name,
                "ema_number": p.ema_number,
                "country": p.country,
            }
            for p in club.players.select_related("user").order_by("display_name")
        ],
        "rulesets": [_ruleset(r) for r in _rulesets_in_order(club)],
        "leagues": [_league(lg) for lg in club.leagues.order_by("slug")],
        "games": [_game(g) for g in games],
        "events": [_event(e, index) for e in _events(club)],
        "rotations": [_rotation(r, index) for r in _rotations(club)],
        "audit": [
            {
                "action": a.action,
                "actor": _username(a.actor),
                "game": index.get(a.game_id) if a.game_id else None,
                "hand_number": a.hand_number,
                "before": a.before,
                "after": a.after,
                "reason": a.reason,
                "created": _when(a.created),
            }
            for a in club.audit_entries.select_related("actor").order_by("created", "id")
        ],
    }


def _rulesets_in_order(club: Club) -> list[RuleSet]:
    """Rule sets with every template before the rule sets made from it."""
    pending = list(club.rulesets.order_by("created", "id"))
    done: list[RuleSet] = []
    while pending:
        for r in pending:
            if r.template_ruleset_id is None or any(d.pk == r.template_ruleset_id for d in done):
                done.append(r)
                pending.remove(r)
                break
        else:
            raise BackupError("The club's rule sets refer to each other in a circle.")
    return done


def _ruleset(r: RuleSet) -> dict[str, Any]:
    return {
        "name": r.name,
        "description": r.description,
        "template_preset": r.template_preset,
        "template_ruleset": r.template_ruleset.name if r.template_ruleset else None,
        "options": r.options,
        "created_by": _username(r.created_by),
        "created": _when(r.created),
        "versions": [
            {
                "number": v.number,
                "options": v.options,
                "rules": v.rules,
                "template_version": v.template_version.number if v.template_version else None,
                "created_by": _username(v.created_by),
                "created": _when(v.created),
            }
            for v in r.versions.select_related("template_version", "created_by").order_by("number")
        ],
    }


def _league(lg: League) -> dict[str, Any]:
    return {
        "name": lg.name,
        "slug": lg.slug,
        "rules": lg.rules,
        "ruleset": lg.ruleset.name if lg.ruleset else None,
        "aggregate": lg.aggregate,
        "placement_points": lg.placement_points,
        "min_games": lg.min_games,
        "drop_worst": lg.drop_worst,
        "confirmation_required": lg.confirmation_required,
        "created": _when(lg.created),
        "seasons": [
            {"name": s.name, "starts": _when(s.starts), "ends": _when(s.ends)}
            for s in lg.seasons.order_by("starts", "id")
        ],
    }


def _game(g: Game) -> dict[str, Any]:
    seats = list(g.seats.select_related("player", "confirmed_by").order_by("seat"))
    hands = list(g.hands.select_related("entered_by").order_by("number"))
    version = g.ruleset_version
    return {
        "record": services.game_record(g, [h.data for h in hands], [s.player for s in seats]),
        "league": g.league.slug if g.league else None,
        "season": g.season.name if g.season else None,
        "ruleset": [version.ruleset.name, version.number] if version else None,
        "rules_name": g.rules_name,
        "table": g.table,
        "played_on": _when(g.played_on),
        "status": g.status,
        "created_by": _username(g.created_by),
        "created_at": _when(g.created_at),
        "finished_at": _when(g.finished_at),
        "confirmations": [
            {"seat": s.seat, "at": _when(s.confirmed_at), "by": _username(s.confirmed_by)}
            for s in seats
            if s.confirmed_at is not None
        ],
        "hands": [
            {"entered_by": _username(h.entered_by), "entered_at": _when(h.entered_at)}
            for h in hands
        ],
    }


def _events(club: Club) -> list[Event]:
    return list(
        Event.objects.filter(club=club)
        .order_by("created", "id")
        .select_related("ruleset_version__ruleset", "created_by")
    )


def _event(e: Event, games: dict[int, int]) -> dict[str, Any]:
    """A tournament with its entrants (by number), rounds, tables (their game by its place in
    ``games``), seats and penalties; players are named by their display name, as in games."""
    version = e.ruleset_version
    return {
        "name": e.name,
        "starts_on": _when(e.starts_on),
        "ends_on": _when(e.ends_on),
        "ruleset": [version.ruleset.name, version.number],
        "rounds": e.rounds,
        "round_minutes": e.round_minutes,
        "draw": e.draw,
        "substitutes": e.substitutes,
        "substitute_result": e.substitute_result,
        "seed": e.seed,
        "apart_rounds": e.apart_rounds,
        "created_by": _username(e.created_by),
        "created": _when(e.created),
        "entrants": [
            {
                "number": en.number,
                "player": en.player.display_name,
                "first_round": en.first_round,
                "checked_in_at": _when(en.checked_in_at),
                "dropped_after": en.dropped_after,
                "group": en.group,
                "registered_at": _when(en.registered_at),
            }
            for en in e.entrants.select_related("player").order_by("number")
        ],
        "round_list": [
            {
                "number": r.number,
                "status": r.status,
                "started_at": _when(r.started_at),
                "ends_at": _when(r.ends_at),
                "tables": [
                    {
                        "number": t.number,
                        "game": games[t.game_id] if t.game_id else None,
                        "seats": [
                            {
                                "seat": s.seat,
                                "entrant": s.entrant.number if s.entrant else None,
                                "player": s.player.display_name if s.player else None,
                            }
                            for s in t.seats.select_related("entrant", "player").order_by("seat")
                        ],
                    }
                    for t in r.tables.order_by("number")
                ],
            }
            for r in e.round_set.order_by("number")
        ],
        "penalties": [
            {
                "entrant": p.entrant.number,
                "round_number": p.round_number,
                "points": p.points,
                "reason": p.reason,
                "created_by": _username(p.created_by),
                "created": _when(p.created),
            }
            for p in e.penalties.select_related("entrant", "created_by").order_by("id")
        ],
    }


def _rotations(club: Club) -> list[Rotation]:
    return list(
        club.rotations.order_by("created_at", "id").select_related(
            "league", "ruleset_version__ruleset", "created_by"
        )
    )


def _rotation(r: Rotation, games: dict[int, int]) -> dict[str, Any]:
    """A night of five at a table: its rules as resolved when it was made, its sit-out order
    (``seats``, by place) and its games (each by its place in ``games``, with who sat it out
    when it started); players by their display name, as in games."""
    version = r.ruleset_version
    return {
        "league": r.league.slug if r.league else None,
        "ruleset": [version.ruleset.name, version.number] if version else None,
        "rules": r.rules,
        "rules_name": r.rules_name,
        "table": r.table,
        "played_on": _when(r.played_on),
        "created_by": _username(r.created_by),
        "created_at": _when(r.created_at),
        "seats": [
            {"place": s.place, "player": s.player.display_name}
            for s in r.seats.select_related("player").order_by("place")
        ],
        "games": [
            {"number": g.number, "game": games[g.game_id], "sits_out": g.sits_out.display_name}
            for g in r.games.select_related("sits_out").order_by("number")
        ],
    }
