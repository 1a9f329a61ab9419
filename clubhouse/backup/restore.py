"""A checked backup restored into a database that does not have the club yet
(:func:`import_club`); the engine replays every game."""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from clubhouse.backup.validation import check_backup
from clubs.models import Club, Membership, Player
from core.models import AuditEntry
from leagues.models import League, Season
from rulesets.models import RuleSet, RuleSetVersion
from scoring import services, totals
from scoring.models import Game, GameSeat, Hand, Rotation, RotationGame, RotationSeat
from scoring.selectors import current_action
from tournaments.models import Entrant, Event, Penalty, Round, Table, TableSeat


def _dt(value: str | None) -> datetime.datetime | None:
    return datetime.datetime.fromisoformat(value) if value else None


def _date(value: str | None) -> datetime.date | None:
    return datetime.date.fromisoformat(value) if value else None


@transaction.atomic
def import_club(data: dict[str, Any], *, bind_existing_users: bool = False) -> Club:
    """Restore a club from ``export_club``'s data; every game is replayed by the engine.

    The whole file is checked first (:func:`check_backup`): a bad file writes nothing. With
    ``bind_existing_users``, a username that has an account here already is given that
    account (its password and names stay as they are); without it, such a file is refused.
    """
    check_backup(data, bind_existing_users=bind_existing_users)
    slug = data["club"]["slug"]
    User = get_user_model()
    users: dict[str, Any] = {}
    for u in data["users"]:
        fields = {k: u[k] for k in ("email", "password", "first_name", "last_name")}
        if bind_existing_users:
            user, _ = User.objects.get_or_create(username=u["username"], defaults=fields)
        else:
            user = User.objects.create(username=u["username"], **fields)
        users[u["username"]] = user

    def user(name: str | None) -> Any:
        return users.get(name) if name else None

    c = data["club"]
    # Backups written before clubs had these settings restore with the defaults.
    club = Club.objects.create(
        name=c["name"],
        slug=slug,
        public=c["public"],
        time_zone=c.get("time_zone", "UTC"),
        language=c.get("language", "en"),
    )
    Club.objects.filter(pk=club.pk).update(created=_dt(c["created"]))
    for m in data["memberships"]:
        row = Membership.objects.create(club=club, user=users[m["user"]], role=m["role"])
        Membership.objects.filter(pk=row.pk).update(created=_dt(m["created"]))
    players: dict[str, Player] = {}
    for p in data["players"]:
        row = Player.objects.create(
            club=club,
            display_name=p["display_name"],
            user=user(p["user"]),
            pin=p["pin"],
            retired=p.get("retired", False),
            first_name=p.get("first_name", ""),
            last_name=p.get("last_name", ""),
            ema_number=p.get("ema_number", ""),
            country=p.get("country", ""),
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

    kind, _, ref = (c.get("default_rules") or "").partition(":")
    if kind:
        club.default_rules = f"ruleset:{rulesets[ref].pk}" if kind == "ruleset" else f"preset:{ref}"
        club.save(update_fields=["default_rules"])

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
    for e in data.get("events", []):
        _restore_event(club, e, players, versions, games, user)
    for r in data.get("rotations", []):
        _restore_rotation(club, r, players, leagues, versions, games, user)
    # The games' statuses and confirmations were written straight into their rows: each
    # season's standings totals are built once from them (new seasons have none to keep up).
    for season in seasons.values():
        totals.season_rebuild(season)
    for a in data["audit"]:
        entry = AuditEntry.objects.create(
            club=club,
            game=games[a["game"]] if a["game"] is not None else None,
            hand_number=a["hand_number"],
            actor=user(a["actor"]),
            # A backup from before undo and redo had actions of their own marks them by reason.
            action=current_action(a["action"], a["reason"]),
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
        # A game entered by its final scores: the validation replayed them already.
        final_scores=record.get("final_scores"),
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


def _restore_event(
    club: Club,
    e: dict[str, Any],
    players: dict[str, Player],
    versions: dict[tuple[str, int], RuleSetVersion],
    games: list[Game],
    user: Any,
) -> Event:
    """A tournament as the backup has it: its rows written as they were (the draw is not run
    again; its tables are the backup's), its games the ones restored before it."""
    event = Event.objects.create(
        club=club,
        name=e["name"],
        starts_on=_date(e["starts_on"]),
        ends_on=_date(e["ends_on"]),
        ruleset_version=versions[tuple(e["ruleset"])],  # type: ignore[index]
        rounds=e["rounds"],
        round_minutes=e["round_minutes"],
        draw=e["draw"],
        substitutes=e["substitutes"],
        substitute_result=e["substitute_result"],
        seed=e["seed"],
        apart_rounds=e.get("apart_rounds"),
        created_by=user(e["created_by"]),
    )
    Event.objects.filter(pk=event.pk).update(created=_dt(e["created"]))
    entrants: dict[int, Entrant] = {}
    for en in e["entrants"]:
        row = Entrant.objects.create(
            event=event,
            player=players[en["player"]],
            number=en["number"],
            first_round=en["first_round"],
            checked_in_at=_dt(en["checked_in_at"]),
            dropped_after=en["dropped_after"],
            group=en["group"],
        )
        Entrant.objects.filter(pk=row.pk).update(registered_at=_dt(en["registered_at"]))
        entrants[row.number] = row
    for r in e["round_list"]:
        round_ = Round.objects.create(
            event=event,
            number=r["number"],
            status=r["status"],
            started_at=_dt(r["started_at"]),
            ends_at=_dt(r["ends_at"]),
        )
        for t in r["tables"]:
            table = Table.objects.create(
                round=round_,
                number=t["number"],
                game=games[t["game"]] if t["game"] is not None else None,
            )
            TableSeat.objects.bulk_create(
                [
                    TableSeat(
                        table=table,
                        seat=s["seat"],
                        entrant=entrants[s["entrant"]] if s["entrant"] is not None else None,
                        player=players[s["player"]] if s["player"] is not None else None,
                    )
                    for s in t["seats"]
                ]
            )
    for p in e["penalties"]:
        penalty = Penalty.objects.create(
            event=event,
            entrant=entrants[p["entrant"]],
            round_number=p["round_number"],
            points=p["points"],
            reason=p["reason"],
            created_by=user(p["created_by"]),
        )
        Penalty.objects.filter(pk=penalty.pk).update(created=_dt(p["created"]))
    return event


def _restore_rotation(
    club: Club,
    r: dict[str, Any],
    players: dict[str, Player],
    leagues: dict[str, League],
    versions: dict[tuple[str, int], RuleSetVersion],
    games: list[Game],
    user: Any,
) -> Rotation:
    """A night of five at a table as the backup has it: its rules as resolved then (not
    resolved again), its sit-out order, and its games, the ones restored before it, each with
    who sat it out (not worked out again from the order, which may have changed since)."""
    rotation = Rotation.objects.create(
        club=club,
        league=leagues[r["league"]] if r["league"] else None,
        ruleset_version=versions[tuple(r["ruleset"])] if r["ruleset"] else None,  # type: ignore[index]
        rules=r["rules"],
        rules_name=r["rules_name"],
        table=r["table"],
        played_on=_date(r["played_on"]),
        created_by=user(r["created_by"]),
    )
    Rotation.objects.filter(pk=rotation.pk).update(created_at=_dt(r["created_at"]))
    RotationSeat.objects.bulk_create(
        [
            RotationSeat(rotation=rotation, place=s["place"], player=players[s["player"]])
            for s in r["seats"]
        ]
    )
    RotationGame.objects.bulk_create(
        [
            RotationGame(
                rotation=rotation,
                number=g["number"],
                game=games[g["game"]],
                sits_out=players[g["sits_out"]],
            )
            for g in r["games"]
        ]
    )
    return rotation
