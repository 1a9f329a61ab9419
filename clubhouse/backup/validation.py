"""Checking a backup before anything is written: :func:`check_backup` refuses a bad file with
a :class:`BackupError` naming the place in the file and what is wrong."""

from __future__ import annotations

import datetime
import zoneinfo
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug

import engine
from clubs.ema import ema_number_problem, is_country_code
from clubs.models import LANGUAGES, Club, Membership
from core import bounds
from core.errors import DomainError
from leagues.models import League
from leagues.services import in_placement_range
from scoring.models import Game
from scoring.rotations import PLAYERS as ROTATION_PLAYERS
from scoring.rotations import SEATS as ROTATION_SEATS
from tournaments.models import Event, Round

FORMAT = "tenbou-club-backup/1"
"""The backup's format, compared as it is: a file naming another is refused whole.

It stays 1 when a key is added that a restore can do without (the club's settings, the
players' EMA fields, ``events``, ``rotations``): a file written before such a key restores
without it (no rotations, say), and an older Tenbou, which reads only the keys it knows,
restores a newer file without them (its games stay, as games). A second number would make
every backup written so far unreadable unless both were accepted, and buy nothing for an
optional key. It goes up when a key changes meaning or a key is added that a restore cannot
do without: an older file could not restore then, or would restore wrong."""


class BackupError(DomainError):
    """A backup that cannot be restored; the message says why."""

    def __init__(self, message: str, *, code: str = "invalid_backup", field: str | None = None):
        super().__init__(message, code=code, field=field)


# The bounds are the site's own (core.bounds): whatever the site accepted, its backup restores.


def _fail(path: str, message: str) -> BackupError:
    return BackupError(f"{path}: {message}")


def _object(value: Any, path: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """``value`` as an object with every one of ``keys`` (other keys are not read)."""
    if not isinstance(value, dict):
        raise _fail(path, f"expected an object, found {type(value).__name__}")
    for key in keys:
        if key not in value:
            raise _fail(path, f"'{key}' is missing")
    return value


def _list(value: Any, path: str, most: int = bounds.ROWS) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(path, f"expected a list, found {type(value).__name__}")
    if len(value) > most:
        raise _fail(path, f"at most {most:,} entries, found {len(value):,}")
    return value


def _text(value: Any, path: str, longest: int, *, blank: bool = True) -> str:
    if not isinstance(value, str):
        raise _fail(path, f"expected text, found {type(value).__name__}")
    if len(value) > longest:
        raise _fail(path, f"at most {longest:,} characters, found {len(value):,}")
    if not blank and not value.strip():
        raise _fail(path, "must not be empty")
    return value


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(path, f"expected true or false, found {value!r}")
    return value


def _count(value: Any, path: str, *, least: int = 0, most: int = bounds.ROWS) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise _fail(path, f"expected a whole number from {least} to {most:,}, found {value!r}")
    return value


def _choice(value: Any, path: str, choices: Any, what: str) -> str:
    if value not in choices:
        known = ", ".join(str(c) for c in choices)
        raise _fail(path, f"{value!r} is not a known {what} ({known})")
    return value


def _moment(value: Any, path: str, *, optional: bool = False) -> None:
    if value is None and optional:
        return
    if not isinstance(value, str):
        raise _fail(path, f"expected a date and time, found {value!r}")
    try:
        moment = datetime.datetime.fromisoformat(value)
    except ValueError:
        raise _fail(path, f"{value!r} is not a date and time (ISO 8601)") from None
    if moment.tzinfo is None:
        raise _fail(path, f"{value!r} has no time zone")


def _day(value: Any, path: str, *, optional: bool = False) -> datetime.date | None:
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise _fail(path, f"expected a date, found {value!r}")
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise _fail(path, f"{value!r} is not a date (YYYY-MM-DD)") from None


def _slug(value: Any, path: str) -> str:
    text = _text(value, path, bounds.SLUG, blank=False)
    try:
        validate_slug(text)
    except ValidationError:
        raise _fail(path, f"{text!r} is not a slug (letters, digits, - and _)") from None
    return text


def _unique(values: list[Any], path: str, what: str, *, ignoring_case: bool = False) -> None:
    seen: dict[Any, Any] = {}
    for i, value in enumerate(values):
        key = value.casefold() if ignoring_case else value
        if key in seen:
            also = f" (as {seen[key]!r}, ignoring case)" if seen[key] != value else ""
            raise _fail(f"{path}[{i}]", f"{what} {value!r} appears twice{also}")
        seen[key] = value


def _rules(spec: Any, path: str) -> engine.Rules:
    try:
        return engine.resolve_rules(spec)
    except engine.EngineError as e:
        raise _fail(path, str(e)) from None


def _build(base: engine.Rules, options: Any, path: str) -> engine.Rules:
    try:
        return engine.build_rules(base, options)
    except engine.EngineError as e:
        raise _fail(path, str(e)) from None


def _resolved(spec: Any, path: str) -> dict[str, Any]:
    """Rules as a game or a rule set version keeps them: the preset and its options."""
    _object(spec, path, ("preset", "options"))
    _rules(spec, path)
    return spec


def _version_ref(
    ref: Any,
    path: str,
    versions: dict[tuple[str, int], engine.Rules],
    *,
    optional: bool = False,
) -> None:
    """A rule set version named as the export names it: ``[rule set name, number]``."""
    if ref is None and optional:
        return
    if not (
        isinstance(ref, list)
        and len(ref) == 2
        and isinstance(ref[0], str)
        and isinstance(ref[1], int)
        and tuple(ref) in versions
    ):
        raise _fail(path, f"{ref!r} is not a rule set version of the backup")


def check_backup(data: Any, *, bind_existing_users: bool = False) -> None:
    """Refuse a backup that cannot be restored as it is, naming the first place that is wrong.

    Everything is checked before anything is written: the shapes and sizes of every row, the
    roles, the rules (through the engine: presets, options, every rule set version), the
    leagues' aggregates, every reference from one row to another, and every game, replayed by
    the engine, against its rules' seats and its status. A username that has an account on this
    site already is refused unless ``bind_existing_users``: a file must not make an outsider
    the member of a club.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError(f"This is not a Tenbou club backup (expected format {FORMAT}).")
    _object(data, "backup", ("club", "users", "memberships", "players", "rulesets"))
    _object(data, "backup", ("leagues", "games", "audit"))
    c = _object(data["club"], "club", ("name", "slug", "public", "created"))
    _text(c["name"], "club.name", bounds.NAME, blank=False)
    slug = _slug(c["slug"], "club.slug")
    _bool(c["public"], "club.public")
    _moment(c["created"], "club.created")
    if Club.objects.filter(slug=slug).exists():
        raise BackupError(f"A club '{slug}' exists already; restore into a database without it.")

    User = get_user_model()
    usernames: list[str] = []
    for i, u in enumerate(_list(data["users"], "users")):
        at = f"users[{i}]"
        _object(u, at, ("username", "email", "password", "first_name", "last_name"))
        name = _text(u["username"], f"{at}.username", 150, blank=False)
        try:
            UnicodeUsernameValidator()(name)
        except ValidationError:
            raise _fail(f"{at}.username", f"{name!r} is not a username") from None
        _text(u["email"], f"{at}.email", 254)
        _text(u["password"], f"{at}.password", 128)
        _text(u["first_name"], f"{at}.first_name", 150)
        _text(u["last_name"], f"{at}.last_name", 150)
        usernames.append(name)
    _unique(usernames, "users", "the username")
    if not bind_existing_users:
        existing = set(
            User.objects.filter(username__in=usernames).values_list("username", flat=True)
        )
        for i, name in enumerate(usernames):
            if name in existing:
                raise _fail(
                    f"users[{i}].username",
                    f"an account '{name}' exists on this site already; restore into a "
                    "database without it, or pass --bind-existing-users to give that "
                    "account the backup's memberships",
                )
    known = set(usernames)

    def user(value: Any, path: str, *, optional: bool = True) -> None:
        if value is None and optional:
            return
        if not isinstance(value, str) or value not in known:
            raise _fail(path, f"{value!r} is not one of the backup's users")

    members = _list(data["memberships"], "memberships")
    for i, m in enumerate(members):
        at = f"memberships[{i}]"
        _object(m, at, ("user", "role", "created"))
        user(m["user"], f"{at}.user")
        _choice(m["role"], f"{at}.role", Membership.Role.values, "role")
        _moment(m["created"], f"{at}.created")
    _unique([m["user"] for m in members], "memberships", "the user")

    names: list[str] = []
    player_users: list[str] = []
    for i, p in enumerate(_list(data["players"], "players")):
        at = f"players[{i}]"
        _object(p, at, ("display_name", "user", "pin", "created"))
        names.append(
            _text(p["display_name"], f"{at}.display_name", bounds.PLAYER_NAME, blank=False)
        )
        user(p["user"], f"{at}.user")
        if p["user"] is not None:
            player_users.append(p["user"])
        _text(p["pin"], f"{at}.pin", 128)
        _moment(p["created"], f"{at}.created")
        if "retired" in p:
            _bool(p["retired"], f"{at}.retired")
        _check_ema_fields(p, at)
    # As the database holds them: one name per club, ignoring case.
    _unique(names, "players", "the player", ignoring_case=True)
    _unique(player_users, "players", "the login")

    rulesets, versions = _check_rulesets(data["rulesets"], user)
    _check_club_settings(c, rulesets)
    seasons = _check_leagues(data["leagues"], rulesets)
    games = _list(data["games"], "games")
    for i, g in enumerate(games):
        _check_game(g, f"games[{i}]", set(names), seasons, versions, user)
    # A backup written before tournaments were kept has no events.
    _check_events(data.get("events", []), set(names), versions, len(games), user)
    # A backup written before rotations were kept has none (see FORMAT).
    _check_rotations(data.get("rotations", []), set(names), seasons, versions, games, user)
    for i, a in enumerate(_list(data["audit"], "audit", most=10 * bounds.ROWS)):
        at = f"audit[{i}]"
        _object(a, at, ("action", "actor", "game", "hand_number", "before", "after"))
        _object(a, at, ("reason", "created"))
        _text(a["action"], f"{at}.action", 60, blank=False)
        user(a["actor"], f"{at}.actor")
        if a["game"] is not None:
            _count(a["game"], f"{at}.game", most=len(games) - 1)
        if a["hand_number"] is not None:
            _count(a["hand_number"], f"{at}.hand_number", least=1)
        _text(a["reason"], f"{at}.reason", bounds.TEXT)
        _moment(a["created"], f"{at}.created")


def _check_club_settings(c: dict[str, Any], rulesets: set[str]) -> None:
    """Time zone, language and default rules; a backup made before they existed has none."""
    if "time_zone" in c:
        zone = _text(c["time_zone"], "club.time_zone", 60)
        if zone not in zoneinfo.available_timezones():
            raise _fail("club.time_zone", f"{zone!r} is not a time zone (e.g. Europe/Rome)")
    if "language" in c:
        _choice(c["language"], "club.language", dict(LANGUAGES), "language")
    rules = c.get("default_rules") or ""
    kind, _, ref = _text(rules, "club.default_rules", 140).partition(":")
    if not rules:
        return
    if kind == "preset":
        _choice(ref, "club.default_rules", engine.preset_ids(), "preset")
    elif kind == "ruleset":
        _choice(ref, "club.default_rules", sorted(rulesets), "rule set of the backup")
    else:
        raise _fail("club.default_rules", f"{rules!r} is not 'preset:<id>' or 'ruleset:<name>'")


def _check_rulesets(
    rulesets: Any, user: Any
) -> tuple[set[str], dict[tuple[str, int], engine.Rules]]:
    """The rule sets' names and their versions' rules, each checked by the engine."""
    versions: dict[tuple[str, int], engine.Rules] = {}
    latest: dict[str, engine.Rules] = {}
    roots: dict[str, str] = {}
    names: list[str] = []
    for i, r in enumerate(_list(rulesets, "rulesets")):
        at = f"rulesets[{i}]"
        _object(r, at, ("name", "description", "template_preset", "template_ruleset"))
        _object(r, at, ("options", "created_by", "created", "versions"))
        name = _text(r["name"], f"{at}.name", bounds.NAME, blank=False)
        if name in names:
            raise _fail(f"{at}.name", f"the rule set {name!r} appears twice")
        _text(r["description"], f"{at}.description", bounds.DESCRIPTION)
        user(r["created_by"], f"{at}.created_by")
        _moment(r["created"], f"{at}.created")
        preset, template = r["template_preset"], r["template_ruleset"]
        _text(preset, f"{at}.template_preset", 40)
        if bool(preset) == (template is not None):
            raise _fail(at, "a rule set has one template: a preset or an earlier rule set")
        if preset:
            _choice(preset, f"{at}.template_preset", engine.preset_ids(), "preset")
            base = engine.get_preset(preset).rules
            roots[name] = preset
        else:
            if not isinstance(template, str) or template not in latest:
                raise _fail(
                    f"{at}.template_ruleset", f"{template!r} is not a rule set listed before it"
                )
            base = latest[template]
            roots[name] = roots[template]
        _build(base, r["options"], f"{at}.options")
        numbers = []
        for j, v in enumerate(_list(r["versions"], f"{at}.versions", most=10_000)):
            vat = f"{at}.versions[{j}]"
            _object(v, vat, ("number", "options", "rules", "template_version"))
            _object(v, vat, ("created_by", "created"))
            number = _count(v["number"], f"{vat}.number", least=1)
            if number in numbers:
                raise _fail(f"{vat}.number", f"version {number} appears twice")
            numbers.append(number)
            user(v["created_by"], f"{vat}.created_by")
            _moment(v["created"], f"{vat}.created")
            rules = _rules(_resolved(v["rules"], f"{vat}.rules"), f"{vat}.rules")
            if v["rules"]["preset"] != roots[name]:
                raise _fail(
                    f"{vat}.rules",
                    f"the rules name the preset {v['rules']['preset']!r}, "
                    f"the rule set is built on {roots[name]!r}",
                )
            if template is None:
                if v["template_version"] is not None:
                    raise _fail(f"{vat}.template_version", "a preset's rule set has none")
                _build(engine.get_preset(preset).rules, v["options"], f"{vat}.options")
            else:
                key = (template, v["template_version"])
                if isinstance(key[1], list | dict) or key not in versions:
                    raise _fail(
                        f"{vat}.template_version",
                        f"{template!r} has no version {v['template_version']!r}",
                    )
                _build(versions[key], v["options"], f"{vat}.options")
            versions[(name, number)] = rules
            latest[name] = rules
        names.append(name)
    return set(names), versions


def _check_leagues(leagues: Any, rulesets: set[str]) -> dict[str, set[str]]:
    """Each league's slug with the names of its seasons."""
    seasons: dict[str, set[str]] = {}
    for i, lg in enumerate(_list(leagues, "leagues")):
        at = f"leagues[{i}]"
        _object(lg, at, ("name", "slug", "rules", "ruleset", "aggregate", "placement_points"))
        _object(lg, at, ("min_games", "drop_worst", "confirmation_required", "created"))
        _object(lg, at, ("seasons",))
        _text(lg["name"], f"{at}.name", bounds.NAME, blank=False)
        slug = _slug(lg["slug"], f"{at}.slug")
        if slug in seasons:
            raise _fail(f"{at}.slug", f"the league {slug!r} appears twice")
        _rules(lg["rules"], f"{at}.rules")
        if lg["ruleset"] is not None and (
            not isinstance(lg["ruleset"], str) or lg["ruleset"] not in rulesets
        ):
            raise _fail(f"{at}.ruleset", f"{lg['ruleset']!r} is not one of the rule sets")
        _choice(lg["aggregate"], f"{at}.aggregate", League.Aggregate.values, "aggregate")
        points = _list(lg["placement_points"], f"{at}.placement_points", most=4)
        for j, p in enumerate(points):
            if not in_placement_range(p):
                raise _fail(
                    f"{at}.placement_points[{j}]",
                    f"expected a whole number from {-bounds.PLACEMENT_POINTS:,} to "
                    f"{bounds.PLACEMENT_POINTS:,}, found {p!r}",
                )
        _count(lg["min_games"], f"{at}.min_games", most=bounds.GAMES)
        _count(lg["drop_worst"], f"{at}.drop_worst", most=bounds.GAMES)
        _bool(lg["confirmation_required"], f"{at}.confirmation_required")
        _moment(lg["created"], f"{at}.created")
        names: set[str] = set()
        for j, s in enumerate(_list(lg["seasons"], f"{at}.seasons", most=10_000)):
            sat = f"{at}.seasons[{j}]"
            _object(s, sat, ("name", "starts", "ends"))
            name = _text(s["name"], f"{sat}.name", bounds.NAME, blank=False)
            if name in names:
                raise _fail(f"{sat}.name", f"the season {name!r} appears twice")
            names.add(name)
            starts = _day(s["starts"], f"{sat}.starts")
            ends = _day(s["ends"], f"{sat}.ends", optional=True)
            if ends is not None and starts is not None and ends < starts:
                raise _fail(f"{sat}.ends", "a season cannot end before it starts")
        seasons[slug] = names
    return seasons


def _check_game(
    g: Any,
    at: str,
    players: set[str],
    seasons: dict[str, set[str]],
    versions: dict[tuple[str, int], engine.Rules],
    user: Any,
) -> None:
    """One game of the backup, replayed by the engine."""
    _object(g, at, ("record", "league", "season", "ruleset", "rules_name", "table"))
    _object(g, at, ("played_on", "status", "created_by", "created_at", "finished_at"))
    _object(g, at, ("confirmations", "hands"))
    record = _object(g["record"], f"{at}.record", ("rules", "players", "hands"))
    _resolved(record["rules"], f"{at}.record.rules")
    # A game seats as many players as its rules: four, or three under three-player rules.
    seats = _rules(record["rules"], f"{at}.record.rules").players
    seated = _list(record["players"], f"{at}.record.players", most=bounds.ROWS)
    if len(seated) != seats:
        raise _fail(
            f"{at}.record.players", f"the game's rules seat {seats} players, found {len(seated)}"
        )
    for s, name in enumerate(seated):
        if not isinstance(name, str) or name not in players:
            raise _fail(f"{at}.record.players[{s}]", f"{name!r} is not one of the players")
    if len(set(seated)) != seats:
        raise _fail(f"{at}.record.players", "a player sits in one seat of a game, not two")
    if record.get("start") is not None and not isinstance(record["start"], dict):
        raise _fail(f"{at}.record.start", "expected an object")
    hands = _list(record["hands"], f"{at}.record.hands")
    for j, hand in enumerate(hands):
        if isinstance(hand, dict) and "note" in hand:
            _text(hand["note"], f"{at}.record.hands[{j}].note", bounds.NOTE)
    try:
        result = engine.score_game(record)
    except engine.EngineError as e:
        where = f"{at}.record.hands[{e.hand - 1}]" if e.hand else f"{at}.record"
        raise _fail(where, e.detail if e.hand else str(e)) from None
    if g["league"] is not None and (not isinstance(g["league"], str) or g["league"] not in seasons):
        raise _fail(f"{at}.league", f"{g['league']!r} is not one of the leagues")
    if g["season"] is not None and (
        not isinstance(g["season"], str) or g["season"] not in seasons.get(g["league"], ())
    ):
        raise _fail(f"{at}.season", f"{g['season']!r} is not a season of the game's league")
    _version_ref(g["ruleset"], f"{at}.ruleset", versions, optional=True)
    _text(g["rules_name"], f"{at}.rules_name", 120)
    _text(g["table"], f"{at}.table", bounds.TABLE)
    _day(g["played_on"], f"{at}.played_on")
    status = _choice(g["status"], f"{at}.status", Game.Status.values, "status")
    over = result.final.over
    if status == Game.Status.FINISHED and not over:
        raise _fail(f"{at}.status", "the game is marked finished but its hands do not end it")
    if status == Game.Status.RUNNING and over:
        raise _fail(f"{at}.status", "the game is marked running but its hands end it")
    user(g["created_by"], f"{at}.created_by")
    _moment(g["created_at"], f"{at}.created_at")
    _moment(g["finished_at"], f"{at}.finished_at", optional=True)
    if status == Game.Status.RUNNING and g["finished_at"] is not None:
        raise _fail(f"{at}.finished_at", "a running game has not finished")
    confirmed: list[int] = []
    for j, c in enumerate(_list(g["confirmations"], f"{at}.confirmations", most=seats)):
        cat = f"{at}.confirmations[{j}]"
        _object(c, cat, ("seat", "at", "by"))
        confirmed.append(_count(c["seat"], f"{cat}.seat", most=seats - 1))
        _moment(c["at"], f"{cat}.at")
        user(c["by"], f"{cat}.by")
        if status == Game.Status.RUNNING:
            raise _fail(cat, "a running game has no confirmations")
    _unique(confirmed, f"{at}.confirmations", "the seat")
    meta = _list(g["hands"], f"{at}.hands")
    if len(meta) != len(hands):
        raise _fail(f"{at}.hands", f"{len(hands)} hands in the record, {len(meta)} entries here")
    for j, m in enumerate(meta):
        _object(m, f"{at}.hands[{j}]", ("entered_by", "entered_at"))
        user(m["entered_by"], f"{at}.hands[{j}].entered_by")
        _moment(m["entered_at"], f"{at}.hands[{j}].entered_at")


def _check_ema_fields(p: dict[str, Any], at: str) -> None:
    """A player's names and EMA number as the EMA results print them; a backup written
    before players had them has none (they restore blank)."""
    for key in ("first_name", "last_name"):
        if key in p:
            _text(p[key], f"{at}.{key}", bounds.PLAYER_NAME)
    number = p.get("ema_number", "")
    if _text(number, f"{at}.ema_number", 8) and ema_number_problem(number):
        raise _fail(f"{at}.ema_number", f"{number!r}: {ema_number_problem(number)}")
    country = p.get("country", "")
    if _text(country, f"{at}.country", 2) and not is_country_code(country):
        raise _fail(f"{at}.country", f"{country!r} is not two capital letters (IT, JP)")


def _check_events(
    events: Any,
    players: set[str],
    versions: dict[tuple[str, int], engine.Rules],
    games: int,
    user: Any,
) -> None:
    """Every tournament: its fields in the bounds the services keep, its entrants, rounds,
    tables and penalties, each reference (a player, a rule set version, a game, an entrant
    by number) to a row of the backup, and no game played at two tables."""
    at_table: dict[int, str] = {}
    for i, e in enumerate(_list(events, "events")):
        at = f"events[{i}]"
        _object(e, at, ("name", "starts_on", "ends_on", "ruleset", "rounds", "round_minutes"))
        _object(e, at, ("draw", "substitutes", "substitute_result", "seed", "created_by"))
        _object(e, at, ("created", "entrants", "round_list", "penalties"))
        _text(e["name"], f"{at}.name", bounds.NAME, blank=False)
        starts = _day(e["starts_on"], f"{at}.starts_on")
        ends = _day(e["ends_on"], f"{at}.ends_on")
        if starts is not None and ends is not None and ends < starts:
            raise _fail(f"{at}.ends_on", "a tournament cannot end before it starts")
        _version_ref(e["ruleset"], f"{at}.ruleset", versions)
        rounds = _count(e["rounds"], f"{at}.rounds", least=1, most=bounds.EVENT_ROUNDS)
        _count(e["round_minutes"], f"{at}.round_minutes", least=1, most=bounds.ROUND_MINUTES)
        _choice(e["draw"], f"{at}.draw", Event.Draw.values, "draw")
        _bool(e["substitutes"], f"{at}.substitutes")
        _choice(
            e["substitute_result"],
            f"{at}.substitute_result",
            [c for c, _ in Event._meta.get_field("substitute_result").choices],
            "result for a substitute",
        )
        _count(e["seed"], f"{at}.seed", most=bounds.DATABASE_INTEGER)
        if e.get("apart_rounds") is not None:
            _count(e["apart_rounds"], f"{at}.apart_rounds", least=1, most=rounds)
        user(e["created_by"], f"{at}.created_by")
        _moment(e["created"], f"{at}.created")
        numbers = _check_entrants(e["entrants"], f"{at}.entrants", players, rounds)
        seen_rounds: list[int] = []
        for j, r in enumerate(_list(e["round_list"], f"{at}.round_list", most=rounds)):
            rat = f"{at}.round_list[{j}]"
            _object(r, rat, ("number", "status", "started_at", "ends_at", "tables"))
            seen_rounds.append(_count(r["number"], f"{rat}.number", least=1, most=rounds))
            _choice(r["status"], f"{rat}.status", Round.Status.values, "round status")
            _moment(r["started_at"], f"{rat}.started_at", optional=True)
            _moment(r["ends_at"], f"{rat}.ends_at", optional=True)
            tables: list[int] = []
            for k, t in enumerate(_list(r["tables"], f"{rat}.tables")):
                tat = f"{rat}.tables[{k}]"
                _object(t, tat, ("number", "game", "seats"))
                tables.append(_count(t["number"], f"{tat}.number", least=1))
                if t["game"] is not None:
                    if games == 0:
                        raise _fail(f"{tat}.game", "the backup has no games")
                    game = _count(t["game"], f"{tat}.game", most=games - 1)
                    if game in at_table:
                        raise _fail(f"{tat}.game", f"game {game} is played at {at_table[game]} too")
                    at_table[game] = tat
                seats: list[int] = []
                for m, seat in enumerate(_list(t["seats"], f"{tat}.seats", most=4)):
                    sat = f"{tat}.seats[{m}]"
                    _object(seat, sat, ("seat", "entrant", "player"))
                    seats.append(_count(seat["seat"], f"{sat}.seat", most=3))
                    if seat["entrant"] is not None and seat["entrant"] not in numbers:
                        raise _fail(f"{sat}.entrant", f"{seat['entrant']!r} is no entrant's number")
                    if seat["player"] is not None and seat["player"] not in players:
                        raise _fail(
                            f"{sat}.player", f"{seat['player']!r} is not one of the players"
                        )
                _unique(seats, f"{tat}.seats", "the seat")
            _unique(tables, f"{rat}.tables", "the table")
        _unique(seen_rounds, f"{at}.round_list", "the round")
        for j, p in enumerate(_list(e["penalties"], f"{at}.penalties")):
            pat = f"{at}.penalties[{j}]"
            _object(p, pat, ("entrant", "round_number", "points", "reason", "created_by"))
            _object(p, pat, ("created",))
            if p["entrant"] not in numbers:
                raise _fail(f"{pat}.entrant", f"{p['entrant']!r} is no entrant's number")
            _count(p["round_number"], f"{pat}.round_number", least=1, most=rounds)
            most = bounds.PENALTY_POINTS
            points = p["points"]
            if isinstance(points, bool) or not isinstance(points, int) or not abs(points) <= most:
                raise _fail(
                    f"{pat}.points",
                    f"expected a whole number from {-most:,} to {most:,}, found {points!r}",
                )
            _text(p["reason"], f"{pat}.reason", bounds.REASON, blank=False)
            user(p["created_by"], f"{pat}.created_by")
            _moment(p["created"], f"{pat}.created")


def _check_entrants(entrants: Any, at: str, players: set[str], rounds: int) -> set[int]:
    """The event's entrants; their numbers."""
    numbers: list[int] = []
    names: list[str] = []
    for j, en in enumerate(_list(entrants, at, most=10_000)):
        eat = f"{at}[{j}]"
        _object(en, eat, ("number", "player", "first_round", "checked_in_at", "dropped_after"))
        _object(en, eat, ("group", "registered_at"))
        numbers.append(_count(en["number"], f"{eat}.number", least=1, most=32_767))
        if not isinstance(en["player"], str) or en["player"] not in players:
            raise _fail(f"{eat}.player", f"{en['player']!r} is not one of the players")
        names.append(en["player"])
        _count(en["first_round"], f"{eat}.first_round", least=1, most=rounds)
        _moment(en["checked_in_at"], f"{eat}.checked_in_at", optional=True)
        if en["dropped_after"] is not None:
            _count(en["dropped_after"], f"{eat}.dropped_after", most=rounds)
        _text(en["group"], f"{eat}.group", bounds.NAME)
        _moment(en["registered_at"], f"{eat}.registered_at")
    _unique(numbers, at, "the entrant number")
    _unique(names, at, "the player")
    return set(numbers)


def _check_rotations(
    rotations: Any,
    players: set[str],
    leagues: dict[str, set[str]],
    versions: dict[tuple[str, int], engine.Rules],
    games: list[Any],
    user: Any,
) -> None:
    """Every night of five at a table (``games`` checked already): its league and rule set
    version, if any, of the backup; its rules resolved, for four players; its five players in
    places 0 to 4, each once; its games, each a game of the backup, numbered once, in no other
    rotation, and sat out by one of the five who does not play it."""
    in_rotation: dict[int, str] = {}
    for i, r in enumerate(_list(rotations, "rotations")):
        at = f"rotations[{i}]"
        _object(r, at, ("league", "ruleset", "rules", "rules_name", "table", "played_on"))
        _object(r, at, ("created_by", "created_at", "seats", "games"))
        league = r["league"]
        if league is not None and (not isinstance(league, str) or league not in leagues):
            raise _fail(f"{at}.league", f"{league!r} is not one of the leagues")
        _version_ref(r["ruleset"], f"{at}.ruleset", versions, optional=True)
        seated = _rules(_resolved(r["rules"], f"{at}.rules"), f"{at}.rules").players
        if seated != ROTATION_SEATS:
            raise _fail(
                f"{at}.rules",
                f"five at a table plays games of {ROTATION_SEATS}; these rules seat {seated}",
            )
        _text(r["rules_name"], f"{at}.rules_name", 120)
        _text(r["table"], f"{at}.table", bounds.TABLE)
        _day(r["played_on"], f"{at}.played_on")
        user(r["created_by"], f"{at}.created_by")
        _moment(r["created_at"], f"{at}.created_at")
        seats = _list(r["seats"], f"{at}.seats")
        if len(seats) != ROTATION_PLAYERS:
            raise _fail(
                f"{at}.seats", f"a rotation has {ROTATION_PLAYERS} players, found {len(seats)}"
            )
        places: list[int] = []
        order: list[str] = []
        for j, s in enumerate(seats):
            sat = f"{at}.seats[{j}]"
            _object(s, sat, ("place", "player"))
            places.append(_count(s["place"], f"{sat}.place", most=ROTATION_PLAYERS - 1))
            if not isinstance(s["player"], str) or s["player"] not in players:
                raise _fail(f"{sat}.player", f"{s['player']!r} is not one of the players")
            order.append(s["player"])
        _unique(places, f"{at}.seats", "the place")
        _unique(order, f"{at}.seats", "the player")
        numbers: list[int] = []
        for j, g in enumerate(_list(r["games"], f"{at}.games", most=bounds.GAMES)):
            gat = f"{at}.games[{j}]"
            _object(g, gat, ("number", "game", "sits_out"))
            numbers.append(_count(g["number"], f"{gat}.number", least=1, most=32_767))
            game = g["game"]
            if isinstance(game, bool) or not isinstance(game, int):
                raise _fail(f"{gat}.game", f"expected a game's place in 'games', found {game!r}")
            if not 0 <= game < len(games):
                held = f"its games are 0 to {len(games) - 1}" if games else "it has no games"
                raise _fail(f"{gat}.game", f"no game {game} in the backup ({held})")
            if game in in_rotation:
                raise _fail(f"{gat}.game", f"game {game} is {in_rotation[game]} too")
            in_rotation[game] = gat
            out = g["sits_out"]
            if not isinstance(out, str) or out not in order:
                raise _fail(f"{gat}.sits_out", f"{out!r} is not one of the rotation's players")
            if out in games[game]["record"]["players"]:
                raise _fail(
                    f"{gat}.sits_out", f"{out!r} plays game {game}, so cannot have sat it out"
                )
        _unique(numbers, f"{at}.games", "the game number")
