"""Every write to a tournament: the event, its entrants, the draw of a round, its start and
end, substitutes and penalties.

Each service is one transaction with one audit entry; a refusal (a :class:`TournamentError`
naming what is wrong) changes nothing. Who may do each is :func:`clubs.policy.may_run_tournaments`,
asked here with the role the database holds, whatever page or client called.
"""

from __future__ import annotations

import datetime
import itertools
import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs import access, policy
from clubs.models import Club, Player
from clubs.services import ClubError, player_create
from core import bounds
from core.errors import DomainError
from core.models import log_action
from rulesets.models import RuleSet
from scoring import services as scoring_services
from scoring.models import Game
from scoring.presenter import seat_winds
from scoring.services.games import seat_count
from tournaments import seating
from tournaments.models import Cut, Entrant, Event, Penalty, Round, Table, TableSeat
from tournaments.standing import standing

SEAT = 4
SUBSTITUTE_RESULTS = [value for value, _label in Event._meta.get_field("substitute_result").choices]


class TournamentError(DomainError):
    """A request the tournament cannot take; ``code`` is stable, the message is for people."""


def _require_organiser(club: Club, user: Any) -> None:
    if not policy.may_run_tournaments(access.role_of(user, club)):
        raise PermissionDenied(_("Only an organiser of the club can run its tournaments."))


def _locked(event: Event) -> Event:
    return (
        Event.objects.select_for_update().select_related("club", "ruleset_version").get(pk=event.pk)
    )


def _event_record(event: Event) -> dict[str, Any]:
    return {
        "name": event.name,
        "starts_on": event.starts_on.isoformat(),
        "ends_on": event.ends_on.isoformat(),
        "ruleset_version": event.ruleset_version_id,
        "rounds": event.rounds,
        "round_minutes": event.round_minutes,
        "draw": event.draw,
        "substitutes": event.substitutes,
        "substitute_result": event.substitute_result,
        "substitute_score": event.substitute_score,
        "seed": event.seed,
        "apart_rounds": event.apart_rounds,
    }


@transaction.atomic
def event_create(
    *,
    club: Club,
    user: Any,
    name: str,
    starts_on: datetime.date,
    ends_on: datetime.date | None = None,
    ruleset: RuleSet | None,
    rounds: int,
    round_minutes: int,
    draw: str = Event.Draw.SCHEDULE,
    substitutes: bool = False,
    substitute_result: str = "nobody",
    substitute_score: int | None = None,
    seed: int | None = None,
) -> Event:
    """A tournament of ``club`` under ``ruleset``'s current version, pinned: every game of the
    event copies those rules, whatever later versions change. Its tables seat four: rules for
    three players are refused. ``substitute_score`` (in the unit of the results) is the absent
    entrant's result for a game a substitute plays when ``substitute_result`` is ``fixed``."""
    _require_organiser(club, user)
    name = " ".join(name.split())
    if not name:
        raise TournamentError(_("A tournament needs a name."), code="blank", field="name")
    if ruleset is None:
        raise TournamentError(
            _("A tournament needs a rule set: make one for the club first."),
            code="no_ruleset",
            field="ruleset",
        )
    if ruleset.club_id != club.pk:
        raise TournamentError(
            _("That rule set belongs to another club."), code="no_ruleset", field="ruleset"
        )
    version = ruleset.current_version
    if version is None:
        raise TournamentError(
            _("The rule set %(ruleset)s has no version yet."),
            code="no_ruleset",
            field="ruleset",
            params={"ruleset": ruleset.name},
        )
    seats = seat_count(version.rules)
    if seats != SEAT:
        raise TournamentError(
            _(
                "The rule set %(ruleset)s seats %(seats)s players: a tournament's tables "
                "seat four. Choose a rule set for four players."
            ),
            code="players",
            field="ruleset",
            params={"ruleset": ruleset.name, "seats": seats},
        )
    if not 1 <= rounds <= 50:
        raise TournamentError(
            _("A tournament has from 1 to 50 rounds, not %(rounds)s."),
            code="rounds",
            field="rounds",
            params={"rounds": rounds},
        )
    if not 1 <= round_minutes <= 24 * 60:
        raise TournamentError(
            _("A round lasts from 1 minute to 24 hours."), code="minutes", field="round_minutes"
        )
    ends_on = ends_on or starts_on
    if ends_on < starts_on:
        raise TournamentError(
            _("The tournament cannot end before it starts."), code="dates", field="ends_on"
        )
    if draw not in Event.Draw.values:
        raise TournamentError(_("Choose a kind of draw."), code="draw", field="draw")
    if substitute_result not in SUBSTITUTE_RESULTS:
        raise TournamentError(
            _("Choose whom a substitute's result counts for."),
            code="substitute_result",
            field="substitute_result",
        )
    if substitute_result == "fixed":
        if substitute_score is None:
            raise TournamentError(
                _("A fixed score for a substitute's game needs its number."),
                code="substitute_score",
                field="substitute_score",
            )
        if abs(substitute_score) > bounds.PLACEMENT_POINTS * 10:
            raise TournamentError(
                _("A fixed score of %(score)s is too large."),
                code="substitute_score",
                field="substitute_score",
                params={"score": substitute_score},
            )
    else:
        substitute_score = None
    event = Event.objects.create(
        club=club,
        name=name,
        starts_on=starts_on,
        ends_on=ends_on,
        ruleset_version=version,
        rounds=rounds,
        round_minutes=round_minutes,
        draw=draw,
        substitutes=substitutes,
        substitute_result=substitute_result,
        substitute_score=substitute_score,
        seed=random.SystemRandom().randrange(1, 2**31) if seed is None else seed,
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )
    log_action("tournament.event.created", club=club, actor=user, after=_event_record(event))
    return event


def _drawn(event: Event) -> int:
    """The number of the last round drawn, 0 before the first."""
    return max(event.round_set.values_list("number", flat=True), default=0)


def _started(event: Event) -> int:
    """The number of the last round started, 0 before the first."""
    return max(
        event.round_set.exclude(status=Round.Status.DRAWN).values_list("number", flat=True),
        default=0,
    )


def _player_or_guest(event: Event, player: Player | None, name: str, user: Any) -> Player:
    """The club's ``player``, or the player named ``name`` (a guest made for it if the club
    has none by that name); refused when neither is given or the player is another club's."""
    if player is None:
        clean = " ".join(name.split())
        if not clean:
            raise TournamentError(
                _("Choose a player or write a guest's name."), code="blank", field="name"
            )
        player = event.club.players.filter(display_name__iexact=clean).first()
        if player is None:
            try:
                player = player_create(club=event.club, display_name=clean, created_by=user)
            except ClubError as e:
                raise TournamentError(str(e), code=e.code, field="name") from None
    if player.club_id != event.club_id:
        raise TournamentError(
            _("%(player)s is not a player of %(club)s."),
            code="player",
            field="player",
            params={"player": player.display_name, "club": event.club.name},
        )
    return player


@transaction.atomic
def entrant_register(
    *,
    event: Event,
    user: Any,
    player: Player | None = None,
    name: str = "",
    check_in: bool = False,
    group: str = "",
) -> Entrant:
    """Register ``player`` (a club player) or a guest called ``name`` (a club player of that
    name, else a new guest), in ``group`` (a club, a country, a family: kept apart in the
    draw) if given. Once rounds are drawn this is a late entry: they play from the next
    round."""
    event = _locked(event)
    _require_organiser(event.club, user)
    drawn = _drawn(event)
    if drawn >= event.rounds:
        raise TournamentError(
            _("Every round of %(event)s is drawn: nobody can enter now."),
            code="closed",
            params={"event": event.name},
        )
    player = _player_or_guest(event, player, name, user)
    if event.entrants.filter(player=player).exists():
        raise TournamentError(
            _("%(player)s is registered already."),
            code="registered",
            field="player",
            params={"player": player.display_name},
        )
    number = max(event.entrants.values_list("number", flat=True), default=0) + 1
    entrant = Entrant.objects.create(
        event=event,
        player=player,
        number=number,
        first_round=drawn + 1,
        checked_in_at=timezone.now() if check_in else None,
        group=_group_label(group),
    )
    log_action(
        "tournament.entrant.registered",
        club=event.club,
        actor=user,
        after={
            "event": event.pk,
            "player": player.pk,
            "number": number,
            "first_round": entrant.first_round,
            "group": entrant.group,
        },
    )
    return entrant


def _group_label(label: str) -> str:
    clean = " ".join(label.split())
    if len(clean) > bounds.NAME:
        raise TournamentError(
            _("A group's name has at most %(most)s characters."),
            code="group",
            field="group",
            params={"most": bounds.NAME},
        )
    return clean


@transaction.atomic
def event_set_apart(
    *, event: Event, user: Any, groups: dict[int, str], apart_rounds: int | None
) -> Event:
    """Put entrants (by number) in groups the draw keeps at different tables (an empty label
    takes one out of every group), in the first ``apart_rounds`` rounds (None: every round).
    Entrants not named keep their group. The rounds drawn already stay as they are."""
    event = _locked(event)
    _require_organiser(event.club, user)
    if apart_rounds is not None and not 1 <= apart_rounds <= event.rounds:
        raise TournamentError(
            _("Keep groups apart in 1 to %(rounds)s rounds, not %(given)s."),
            code="rounds",
            field="apart_rounds",
            params={"rounds": event.rounds, "given": apart_rounds},
        )
    entrants = {e.number: e for e in event.entrants.select_for_update()}
    unknown = sorted(n for n in groups if n not in entrants)
    if unknown:
        raise TournamentError(
            _("%(event)s has no entrant %(numbers)s."),
            code="entrant",
            field="groups",
            params={"event": event.name, "numbers": ", ".join(map(str, unknown))},
        )
    labels = {n: _group_label(label) for n, label in groups.items()}
    before = {n: e.group for n, e in entrants.items() if n in labels}
    changed = [entrants[n] for n, label in labels.items() if entrants[n].group != label]
    for entrant in changed:
        entrant.group = labels[entrant.number]
    Entrant.objects.bulk_update(changed, ["group"])
    before_rounds = event.apart_rounds
    event.apart_rounds = apart_rounds
    event.save(update_fields=["apart_rounds"])
    log_action(
        "tournament.event.apart_set",
        club=event.club,
        actor=user,
        before={"groups": before, "apart_rounds": before_rounds},
        after={"event": event.pk, "groups": labels, "apart_rounds": apart_rounds},
    )
    return event


def apart_groups(entrants: Sequence[Entrant]) -> list[set[int]]:
    """The groups of ``entrants`` (numbered 1.. in the order given) that share a label, as
    the seating draw takes them; a label of one entrant is no group."""
    by_label: dict[str, set[int]] = defaultdict(set)
    for i, entrant in enumerate(entrants, start=1):
        if entrant.group:
            by_label[entrant.group.casefold()].add(i)
    return [members for members in by_label.values() if len(members) > 1]


@transaction.atomic
def entrant_check_in(*, entrant: Entrant, user: Any) -> Entrant:
    """Mark ``entrant`` here on the day (again: nothing happens)."""
    event = _locked(entrant.event)
    _require_organiser(event.club, user)
    entrant = Entrant.objects.select_for_update().get(pk=entrant.pk)
    if entrant.checked_in_at is not None:
        return entrant
    entrant.checked_in_at = timezone.now()
    entrant.save(update_fields=["checked_in_at"])
    log_action(
        "tournament.entrant.checked_in",
        club=event.club,
        actor=user,
        after={"event": event.pk, "player": entrant.player_id},
    )
    return entrant


@transaction.atomic
def entrant_drop(*, entrant: Entrant, user: Any, reason: str = "") -> Entrant:
    """``entrant`` leaves after the last round started: they are in no later draw, and keep
    the results they have."""
    event = _locked(entrant.event)
    _require_organiser(event.club, user)
    entrant = Entrant.objects.select_for_update().select_related("player").get(pk=entrant.pk)
    if entrant.dropped_after is not None:
        raise TournamentError(
            _("%(player)s has left the tournament already."),
            code="dropped",
            params={"player": entrant.player.display_name},
        )
    entrant.dropped_after = _started(event)
    entrant.save(update_fields=["dropped_after"])
    log_action(
        "tournament.entrant.dropped",
        club=event.club,
        actor=user,
        after={"event": event.pk, "player": entrant.player_id, "after": entrant.dropped_after},
        reason=reason,
    )
    return entrant


def _open_tables(round_: Round) -> list[Table]:
    """The tables of ``round_`` whose game is still running."""
    return list(round_.tables.filter(game__status=Game.Status.RUNNING).order_by("number"))


def _refuse_open(round_: Round) -> None:
    if round_.status == Round.Status.DRAWN:
        raise TournamentError(
            _("Round %(round)s has not started yet."),
            code="not_started",
            params={"round": round_.number},
        )
    open_tables = _open_tables(round_)
    if open_tables:
        raise TournamentError(
            _(
                "Round %(round)s is still playing at table %(tables)s: those games must "
                "finish, or be ended by the organiser, first."
            ),
            code="round_open",
            params={
                "round": round_.number,
                "tables": ", ".join(str(t.number) for t in open_tables),
            },
        )


@transaction.atomic
def round_draw(*, event: Event, user: Any) -> Round:
    """Draw the next round's tables for the checked-in entrants who play it.

    A schedule event takes the round from :func:`tournaments.seating.draw` for them, with the
    event's seed (so the draw is reproducible); a Swiss one seats neighbours of the standing.
    The players the tables cannot take sit out, or, when the event fills its tables with
    substitutes, their seats are left for the organiser to give to substitutes."""
    event = _locked(event)
    _require_organiser(event.club, user)
    number = _drawn(event) + 1
    if number > event.rounds:
        raise TournamentError(
            _("All %(rounds)s rounds of %(event)s are drawn."),
            code="all_drawn",
            params={"rounds": event.rounds, "event": event.name},
        )
    previous = event.round_set.filter(number=number - 1).first()
    if previous is not None:
        _refuse_open(previous)
    last_is_final = event.final_table and number == event.rounds and number > 1
    if last_is_final and not event.cuts.filter(after_round=number - 1).exists():
        _cut(event, number - 1, SEAT, event.final_carry, user, _field(event, number))
    playing = _field(event, number)
    if len(playing) < SEAT:
        raise TournamentError(
            _("A draw needs at least 4 checked-in players; round %(round)s has %(count)s."),
            code="too_few_players",
            params={"round": number, "count": len(playing)},
        )
    if event.final_table and number == event.rounds and len(playing) == SEAT:
        # The final table: the top four of the standing, first place in the East seat.
        order = {row.entrant.pk: i for i, row in enumerate(standing(event, after=number - 1))}
        tables: list[list[Entrant | None]] = [sorted(playing, key=lambda e: order[e.pk])]
    elif event.draw == Event.Draw.SWISS:
        tables = _swiss_tables(event, number, playing)
    else:
        schedule = seating.draw(
            len(playing),
            event.rounds,
            seed=event.seed,
            substitutes=event.substitutes,
            apart=apart_groups(playing),
            apart_rounds=event.apart_rounds,
        )
        tables = [
            [playing[p - 1] if p <= len(playing) else None for p in table]
            for table in schedule.rounds[number - 1]
        ]
    if previous is not None and previous.status != Round.Status.DONE:
        previous.status = Round.Status.DONE
        previous.save(update_fields=["status"])
    round_ = Round.objects.create(event=event, number=number)
    for t, seats in enumerate(tables, start=1):
        table = Table.objects.create(round=round_, number=t)
        TableSeat.objects.bulk_create(
            [
                TableSeat(
                    table=table,
                    seat=s,
                    entrant=entrant,
                    player=entrant.player if entrant is not None else None,
                )
                for s, entrant in enumerate(seats)
            ]
        )
    log_action(
        "tournament.round.drawn",
        club=event.club,
        actor=user,
        after={
            "event": event.pk,
            "round": number,
            "tables": [[e.number if e else None for e in seats] for seats in tables],
        },
    )
    return round_


def _field(event: Event, number: int) -> list[Entrant]:
    """The entrants who play round ``number``: checked in, not gone, and, after a cut, among
    its finalists."""
    playing = [e for e in event.entrants.select_related("player") if e.plays(number)]
    cut = event.cuts.filter(after_round__lt=number).order_by("-after_round").first()
    if cut is not None:
        finalists = set(cut.finalists.values_list("pk", flat=True))
        playing = [e for e in playing if e.pk in finalists]
    return playing


def _cut(
    event: Event, after: int, size: int, carry: bool, user: Any, field: Sequence[Entrant]
) -> Cut:
    """The top ``size`` of ``field`` by the standing after round ``after`` go on (a tie on the
    line goes to the earlier registration, the standing's last order)."""
    eligible = {e.pk for e in field}
    top = [row.entrant for row in standing(event, after=after) if row.entrant.pk in eligible]
    cut = Cut.objects.create(
        event=event,
        after_round=after,
        size=size,
        carry=carry,
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )
    cut.finalists.set(top[:size])
    log_action(
        "tournament.cut.made",
        club=event.club,
        actor=user,
        after={
            "event": event.pk,
            "after_round": after,
            "size": size,
            "carry": carry,
            "finalists": [e.number for e in top[:size]],
        },
    )
    return cut


@transaction.atomic
def cut_make(*, event: Event, user: Any, size: int, carry: bool) -> Cut:
    """After the last round drawn (every table of it over), only the top ``size`` of the
    standing play the rounds left; ``carry`` keeps their scores so far, else the final rounds'
    standing starts them at 0. A later cut cuts among the finalists of the earlier one."""
    event = _locked(event)
    _require_organiser(event.club, user)
    after = _drawn(event)
    if after == 0:
        raise TournamentError(
            _("A cut comes after a round: no round has been played yet."), code="cut_early"
        )
    if after >= event.rounds:
        raise TournamentError(
            _("All %(rounds)s rounds are drawn: no round is left for a cut to go on to."),
            code="cut_late",
            params={"rounds": event.rounds},
        )
    _refuse_open(event.round_set.get(number=after))
    if event.cuts.filter(after_round=after).exists():
        raise TournamentError(
            _("The cut after round %(round)s is made already."),
            code="cut_twice",
            params={"round": after},
        )
    if event.final_table and after == event.rounds - 1:
        raise TournamentError(
            _(
                "The last round is fixed as a final table: its cut to the top four is made "
                "when it is drawn."
            ),
            code="final_table",
        )
    field = _field(event, after + 1)
    if size < SEAT or size % SEAT:
        raise TournamentError(
            _("A cut keeps a multiple of four players (4, 8, 12, ...), not %(size)s."),
            code="cut_size",
            field="size",
            params={"size": size},
        )
    if size >= len(field):
        raise TournamentError(
            _("A cut to %(size)s keeps everyone: %(count)s players play on."),
            code="cut_size",
            field="size",
            params={"size": size, "count": len(field)},
        )
    return _cut(event, after, size, carry, user, field)


@transaction.atomic
def final_table_fix(*, event: Event, user: Any, carry: bool) -> Event:
    """Fix the event's last round as a final table: when it is drawn, the top four of the
    standing (after any earlier cut) play it at one table, first place in the East seat;
    ``carry`` keeps their scores so far in its standing, else they start it at 0."""
    event = _locked(event)
    _require_organiser(event.club, user)
    if event.rounds < 2:
        raise TournamentError(
            _("A final table needs a round before it: this tournament has one round."),
            code="final_table",
        )
    if _drawn(event) >= event.rounds:
        raise TournamentError(_("The last round is drawn already."), code="final_table")
    if event.cuts.filter(after_round=event.rounds - 1).exists():
        raise TournamentError(
            _("The cut before the last round is made already."), code="final_table"
        )
    before = {"final_table": event.final_table, "final_carry": event.final_carry}
    event.final_table = True
    event.final_carry = carry
    event.save(update_fields=["final_table", "final_carry"])
    log_action(
        "tournament.final_table.fixed",
        club=event.club,
        actor=user,
        before=before,
        after={"event": event.pk, "final_table": True, "final_carry": carry},
    )
    return event


@transaction.atomic
def tables_mark_late(*, now: datetime.datetime | None = None) -> list[Table]:
    """Mark late every table still playing in a running round whose clock has run out (once
    a table: a later check leaves its mark as it was). Run by ``manage.py tournament_clock``."""
    now = now or timezone.now()
    tables = list(
        Table.objects.select_for_update(of=("self",))
        .filter(
            round__status=Round.Status.RUNNING,
            round__ends_at__lte=now,
            late_at__isnull=True,
            game__status=Game.Status.RUNNING,
        )
        .select_related("round__event__club")
        .order_by("round_id", "number")
    )
    for table in tables:
        table.late_at = now
        table.save(update_fields=["late_at"])
        log_action(
            "tournament.table.late",
            club=table.round.event.club,
            actor=None,
            after={
                "event": table.round.event_id,
                "round": table.round.number,
                "table": table.number,
                "game": table.game_id,
                "ends_at": table.round.ends_at.isoformat() if table.round.ends_at else None,
            },
        )
    return tables


def _swiss_tables(
    event: Event, number: int, playing: Sequence[Entrant]
) -> list[list[Entrant | None]]:
    """Tables of neighbours in the standing after the last round (1-4, 5-8, ...), a later
    neighbour taking a seat where the nearer ones would repeat a meeting; winds where each
    player has sat least. Equal players are ordered by the event's seed."""
    shuffled = list(playing)
    random.Random(event.seed).shuffle(shuffled)
    tiebreak = {e.pk: i for i, e in enumerate(shuffled)}
    rows = {row.entrant.pk: row for row in standing(event, after=number - 1)}
    order = sorted(
        playing,
        key=lambda e: (-rows[e.pk].total, -rows[e.pk].firsts, tiebreak[e.pk]),
    )
    met: dict[frozenset[int], int] = defaultdict(int)
    winds: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    sat_out: dict[int, int] = defaultdict(int)
    seated_in: dict[int, set[int]] = defaultdict(set)
    for seat in TableSeat.objects.filter(table__round__event=event, entrant__isnull=False).values(
        "table_id", "table__round__number", "entrant_id", "seat"
    ):
        seated_in[seat["table__round__number"]].add(seat["entrant_id"])
        winds[seat["entrant_id"]][seat["seat"]] += 1
    by_table: dict[int, list[int]] = defaultdict(list)
    for seat in TableSeat.objects.filter(table__round__event=event, entrant__isnull=False).values(
        "table_id", "entrant_id"
    ):
        by_table[seat["table_id"]].append(seat["entrant_id"])
    for ids in by_table.values():
        for a, b in itertools.combinations(ids, 2):
            met[frozenset((a, b))] += 1
    for e in playing:
        sat_out[e.pk] = sum(1 for r in range(e.first_round, number) if e.pk not in seated_in[r])
    extra = len(order) % SEAT
    if extra and not event.substitutes:
        # The lowest-standing players who have sat out least sit this round out.
        out = sorted(reversed(order), key=lambda e: sat_out[e.pk])[:extra]
        order = [e for e in order if e not in out]
    rest: list[Entrant | None] = list(order)
    if extra and event.substitutes:
        rest += [None] * (SEAT - extra)
    tables: list[list[Entrant | None]] = []
    apart_here = event.apart_rounds is None or number <= event.apart_rounds
    while rest:
        head = rest[0]
        window = range(1, min(len(rest), 8))

        def clash(seated: list[Entrant]) -> int:
            ids = [e.pk for e in seated]
            repeats = sum(met[frozenset(p)] for p in itertools.combinations(ids, 2))
            if apart_here:
                labels = Counter(e.group.casefold() for e in seated if e.group)
                repeats += seating.APART_WEIGHT * sum(c * (c - 1) // 2 for c in labels.values())
            return repeats

        def cost(group: tuple[int, ...], rest: list[Entrant | None] = rest) -> tuple[int, int]:
            chosen = {0, *group}
            repeats = clash([e for i, e in enumerate(rest) if i in chosen and e is not None])
            if len(rest) == 2 * SEAT:
                # The four left over make the last table: what they cost counts here too.
                repeats += clash([e for i, e in enumerate(rest) if i not in chosen and e])
            return repeats, sum(group)

        group = min(itertools.combinations(window, SEAT - 1), key=cost)
        tables.append(_best_winds([head, *(rest[i] for i in group)], winds))
        rest = [e for i, e in enumerate(rest) if i and i not in group]
    return tables


def _best_winds(table: list[Entrant | None], winds: dict[int, list[int]]) -> list[Entrant | None]:
    """The table's seat order in which the players sit the winds they have sat least."""

    def cost(order: tuple[Entrant | None, ...]) -> int:
        return sum(winds[e.pk][s] ** 2 for s, e in enumerate(order) if e is not None)

    return list(min(itertools.permutations(table), key=cost))


@transaction.atomic
def round_start(*, round_: Round, user: Any) -> Round:
    """Start every table's game with its seats, under the event's pinned rules; the round's
    clock runs from now for the event's round length."""
    event = _locked(round_.event)
    _require_organiser(event.club, user)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.DRAWN:
        raise TournamentError(
            _("Round %(round)s has started already."),
            code="started",
            params={"round": round_.number},
        )
    previous = event.round_set.filter(number=round_.number - 1).first()
    if previous is not None:
        _refuse_open(previous)
    tables = list(round_.tables.prefetch_related("seats__player").order_by("number"))
    for table in tables:
        for seat in table.seats.all():
            if seat.player is None:
                raise TournamentError(
                    _("Table %(table)s needs a substitute in the %(wind)s seat."),
                    code="empty_seat",
                    params={"table": table.number, "wind": seat_winds(0)[seat.seat]},
                )
    for table in tables:
        players = [s.player for s in sorted(table.seats.all(), key=lambda s: s.seat)]
        table.game = scoring_services.game_create(
            club=event.club,
            players=players,
            created_by=user,
            ruleset_version=event.ruleset_version,
            rules_name=f"{event.name}: {event.ruleset_version}"[: Game.rules_name.field.max_length],
            table=str(table.number),
        )
        table.save(update_fields=["game"])
    round_.status = Round.Status.RUNNING
    round_.started_at = timezone.now()
    round_.ends_at = round_.started_at + datetime.timedelta(minutes=event.round_minutes)
    round_.save(update_fields=["status", "started_at", "ends_at"])
    log_action(
        "tournament.round.started",
        club=event.club,
        actor=user,
        after={
            "event": event.pk,
            "round": round_.number,
            "games": [t.game_id for t in tables],
            "ends_at": round_.ends_at.isoformat(),
        },
    )
    return round_


@transaction.atomic
def round_end(*, round_: Round, user: Any) -> Round:
    """End the round at time: every table still playing ends now with the rule set's
    settlement (scoring's game finish), and the round is done."""
    event = _locked(round_.event)
    _require_organiser(event.club, user)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status == Round.Status.DRAWN:
        raise TournamentError(
            _("Round %(round)s has not started yet."),
            code="not_started",
            params={"round": round_.number},
        )
    ended = []
    for table in _open_tables(round_):
        scoring_services.game_finish(game=table.game, user=user)
        ended.append(table.number)
    round_.status = Round.Status.DONE
    round_.save(update_fields=["status"])
    log_action(
        "tournament.round.ended",
        club=event.club,
        actor=user,
        after={"event": event.pk, "round": round_.number, "ended_tables": ended},
    )
    return round_


@transaction.atomic
def seat_substitute(
    *, seat: TableSeat, user: Any, player: Player | None = None, name: str = ""
) -> TableSeat:
    """``player`` (or a guest called ``name``) plays ``seat`` in place of its absent entrant,
    or in a seat the draw left to a substitute. Refused once the round has started, and for a
    player already seated in the round."""
    table = Table.objects.select_related("round__event").get(pk=seat.table_id)
    event = _locked(table.round.event)
    _require_organiser(event.club, user)
    round_ = Round.objects.select_for_update().get(pk=table.round_id)
    seat = TableSeat.objects.select_related("entrant__player", "player").get(pk=seat.pk)
    if round_.status != Round.Status.DRAWN:
        raise TournamentError(
            _("Round %(round)s has started: its seats are fixed."),
            code="started",
            params={"round": round_.number},
        )
    player = _player_or_guest(event, player, name, user)
    elsewhere = (
        TableSeat.objects.filter(table__round=round_, player=player).select_related("table").first()
    )
    if elsewhere is not None:
        raise TournamentError(
            _("%(player)s is already seated in round %(round)s, at table %(table)s."),
            code="seated",
            field="player",
            params={
                "player": player.display_name,
                "round": round_.number,
                "table": elsewhere.table.number,
            },
        )
    before = seat.player_id
    seat.player = player
    seat.save(update_fields=["player"])
    log_action(
        "tournament.seat.substituted",
        club=event.club,
        actor=user,
        before={"player": before},
        after={
            "event": event.pk,
            "round": round_.number,
            "table": table.number,
            "seat": seat.seat,
            "entrant": seat.entrant.number if seat.entrant else None,
            "player": player.pk,
        },
    )
    return seat


@transaction.atomic
def penalty_add(
    *, event: Event, entrant: Entrant, round_number: int, points: int, reason: str, user: Any
) -> Penalty:
    """Give ``entrant`` ``points`` (negative for a penalty, in the unit of the games' results)
    in round ``round_number``, with the ``reason`` the standing and the audit show."""
    event = _locked(event)
    _require_organiser(event.club, user)
    if entrant.event_id != event.pk:
        raise TournamentError(
            _("That player is not entered in %(event)s."),
            code="entrant",
            field="entrant",
            params={"event": event.name},
        )
    reason = " ".join(reason.split())
    if not reason:
        raise TournamentError(_("A penalty needs a reason."), code="blank", field="reason")
    if points == 0:
        raise TournamentError(_("A penalty of 0 changes nothing."), code="zero", field="points")
    if abs(points) > bounds.PLACEMENT_POINTS * 10:
        raise TournamentError(
            _("A penalty of %(points)s is too large."),
            code="penalty_too_large",
            field="points",
            params={"points": points},
        )
    if not 1 <= round_number <= _drawn(event):
        raise TournamentError(
            _("Round %(round)s has not been drawn."),
            code="round",
            field="round_number",
            params={"round": round_number},
        )
    penalty = Penalty.objects.create(
        event=event,
        entrant=entrant,
        round_number=round_number,
        points=points,
        reason=reason,
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )
    log_action(
        "tournament.penalty.added",
        club=event.club,
        actor=user,
        after={
            "event": event.pk,
            "player": entrant.player_id,
            "round": round_number,
            "points": points,
        },
        reason=reason,
    )
    return penalty
