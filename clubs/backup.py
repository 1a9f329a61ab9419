"""Backup and restore of a whole club as one JSON document.

``export_club`` writes everything a club owns: its logins (with their password hashes, so a
restore keeps them working), memberships, players, rule sets with every version, leagues and
seasons, every game as a game record with what the club knows about it (league, season, table,
status, who confirmed), and the audit trail. ``import_club`` restores that into a database
that does not have the club yet. The numbers of a game are not in the file: they come from
the engine's replay of the game records on import, like every other number in Tenbou.
Idempotency keys of past submissions are not kept (they only matter for minutes).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from clubs.models import Club, Membership, Player
from leagues.models import League, Season
from rulesets.models import RuleSet, RuleSetVersion
from scoring import services
from scoring.models import AuditEntry, Game, GameSeat, Hand

FORMAT = "tenbou-club-backup/1"


class BackupError(ValueError):
    """A backup that cannot be restored; the message says why."""


def _when(value: datetime.datetime | datetime.date | None) -> str | None:
    return value.isoformat() if value is not None else None


def _username(user: Any) -> str | None:
    return user.get_username() if user is not None else None


def export_club(club: Club) -> dict[str, Any]:
    """The whole club as JSON-ready data."""
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
            }
            for p in club.players.select_related("user").order_by("display_name")
        ],
        "rulesets": [_ruleset(r) for r in _rulesets_in_order(club)],
        "leagues": [_league(lg) for lg in club.leagues.order_by("slug")],
        "games": [_game(g) for g in games],
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


def _dt(value: str | None) -> datetime.datetime | None:
    return datetime.datetime.fromisoformat(value) if value else None


def _date(value: str | None) -> datetime.date | None:
    return datetime.date.fromisoformat(value) if value else None


@transaction.atomic
def import_club(data: dict[str, Any]) -> Club:
    """Restore a club from ``export_club``'s data; every game is replayed by the engine."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError(f"This is not a Tenbou club backup (expected format {FORMAT}).")
    slug = data["club"]["slug"]
    if Club.objects.filter(slug=slug).exists():
        raise BackupError(f"A club '{slug}' exists already; restore into a database without it.")
    User = get_user_model()
    users: dict[str, Any] = {}
    for u in data["users"]:
        user, _ = User.objects.get_or_create(
            username=u["username"],
            defaults={k: u[k] for k in ("email", "password", "first_name", "last_name")},
        )
        users[u["username"]] = user

    def user(name: str | None) -> Any:
        return users.get(name) if name else None

    c = data["club"]
    club = Club.objects.create(name=c["name"], slug=slug, public=c["public"])
    Club.objects.filter(pk=club.pk).update(created=_dt(c["created"]))
    for m in data["memberships"]:
        row = Membership.objects.create(club=club, user=users[m["user"]], role=m["role"])
        Membership.objects.filter(pk=row.pk).update(created=_dt(m["created"]))
    players: dict[str, Player] = {}
    for p in data["players"]:
        row = Player.objects.create(
            club=club, display_name=p["display_name"], user=user(p["user"]), pin=p["pin"]
        )
        Player.objects.filter(pk=row.pk).update(created=_dt(p["created"]))
        players[row.display_name] = row

    rulesets: dict[str, RuleSet] = {}
    versions: dict[tuple[str, int], RuleSetVersion] = {}
    for r in data["rulesets"]:
        row = RuleSet.objects.create(
            club=club,
            name=r["name"],
            description=r["description"],
            template_preset=r["template_preset"],
            template_ruleset=rulesets[r["template_ruleset"]] if r["template_ruleset"] else None,
            options=r["options"],
            created_by=user(r["created_by"]),
        )
        RuleSet.objects.filter(pk=row.pk).update(created=_dt(r["created"]))
        rulesets[row.name] = row
        for v in r["versions"]:
            template = r["template_ruleset"]
            version = RuleSetVersion.objects.create(
                ruleset=row,
                number=v["number"],
                options=v["options"],
                rules=v["rules"],
                template_version=(
                    versions[(template, v["template_version"])]
                    if template and v["template_version"]
                    else None
                ),
                created_by=user(v["created_by"]),
            )
            RuleSetVersion.objects.filter(pk=version.pk).update(created=_dt(v["created"]))
            versions[(row.name, version.number)] = version

    leagues: dict[str, League] = {}
    seasons: dict[tuple[str, str], Season] = {}
    for lg in data["leagues"]:
        row = League.objects.create(
            club=club,
            name=lg["name"],
            slug=lg["slug"],
            rules=lg["rules"],
            ruleset=rulesets[lg["ruleset"]] if lg["ruleset"] else None,
            aggregate=lg["aggregate"],
            placement_points=lg["placement_points"],
            min_games=lg["min_games"],
            drop_worst=lg["drop_worst"],
            confirmation_required=lg["confirmation_required"],
        )
        League.objects.filter(pk=row.pk).update(created=_dt(lg["created"]))
        leagues[row.slug] = row
        for s in lg["seasons"]:
            season = Season.objects.create(
                league=row, name=s["name"], starts=_date(s["starts"]), ends=_date(s["ends"])
            )
            seasons[(row.slug, season.name)] = season

    games = [
        _restore_game(club, g, players, leagues, seasons, versions, user) for g in data["games"]
    ]
    for a in data["audit"]:
        entry = AuditEntry.objects.create(
            club=club,
            game=games[a["game"]] if a["game"] is not None else None,
            hand_number=a["hand_number"],
            actor=user(a["actor"]),
            action=a["action"],
            before=a["before"],
            after=a["after"],
            reason=a["reason"],
        )
        AuditEntry.objects.filter(pk=entry.pk).update(created=_dt(a["created"]))
    return club


def _restore_game(
    club: Club,
    g: dict[str, Any],
    players: dict[str, Player],
    leagues: dict[str, League],
    seasons: dict[tuple[str, str], Season],
    versions: dict[tuple[str, int], RuleSetVersion],
    user: Any,
) -> Game:
    record = g["record"]
    league = leagues[g["league"]] if g["league"] else None
    game = Game.objects.create(
        club=club,
        league=league,
        season=seasons[(g["league"], g["season"])] if league and g["season"] else None,
        ruleset_version=versions[tuple(g["ruleset"])] if g["ruleset"] else None,  # type: ignore[index]
        table=g["table"],
        played_on=_date(g["played_on"]),
        rules=record["rules"],
        rules_name=g["rules_name"],
        start=record.get("start") or {},
        ended=bool(record.get("ended")),
        created_by=user(g["created_by"]),
    )
    seat_players = [players[name] for name in record["players"]]
    GameSeat.objects.bulk_create(
        [GameSeat(game=game, seat=i, player=p) for i, p in enumerate(seat_players)]
    )
    rows = Hand.objects.bulk_create(
        [
            Hand(game=game, number=i, data=h, entered_by=user(meta["entered_by"]))
            for i, (h, meta) in enumerate(zip(record["hands"], g["hands"], strict=True), start=1)
        ]
    )
    services.replay_and_cache(game, rows)
    for row, meta in zip(rows, g["hands"], strict=True):
        Hand.objects.filter(pk=row.pk).update(entered_at=_dt(meta["entered_at"]))
    Game.objects.filter(pk=game.pk).update(
        status=g["status"], created_at=_dt(g["created_at"]), finished_at=_dt(g["finished_at"])
    )
    for c in g["confirmations"]:
        GameSeat.objects.filter(game=game, seat=c["seat"]).update(
            confirmed_at=_dt(c["at"]), confirmed_by=user(c["by"])
        )
    game.refresh_from_db()
    return game
