"""Pages of a club's tournaments (URL namespace ``tournaments``): thin views (access helper,
form, one service or selector, redirect or render). Who may do what is asked of
:func:`clubs.policy.may_run_tournaments`; the services enforce it."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from clubs import conditional, players
from clubs.access import Role, get_club_for_user, role_of
from clubs.models import Club
from clubs.policy import may_run_tournaments
from clubs.services import ClubError
from core import pdf as core_pdf
from core.formats import result_text
from tournaments import exports, paper, selectors, services
from tournaments.ema import ema_results_csv
from tournaments.forms import (
    ApartForm,
    CutForm,
    EmaForm,
    EventForm,
    FinalTableForm,
    PenaltyForm,
    RegisterForm,
    SubstituteForm,
)
from tournaments.models import Entrant, Event, Round, TableSeat
from tournaments.pdf import blank_sheets as paper_blank_sheets
from tournaments.pdf import blank_sheets_pdf, table_slips, table_slips_pdf
from tournaments.standing import event_unit, standing


def _event(request: HttpRequest, slug: str, pk: int, role: Role | None = None) -> Event:
    club = get_club_for_user(request.user, slug, role=role)
    event = get_object_or_404(
        Event.objects.select_related("club", "ruleset_version__ruleset"), club=club, pk=pk
    )
    event.club = club
    return event


def _back(event: Event) -> HttpResponse:
    return redirect("tournaments:event", slug=event.club.slug, pk=event.pk)


def _refused(request: HttpRequest, error: services.TournamentError) -> None:
    messages.error(request, str(error))


# The tournaments of one page of a club's tournaments, newest first.
EVENTS_PER_PAGE = 50


def event_list(request: HttpRequest, slug: str) -> HttpResponse:
    club: Club = get_club_for_user(request.user, slug)
    page = Paginator(Event.objects.filter(club=club), EVENTS_PER_PAGE).get_page(
        request.GET.get("page")
    )
    return render(
        request,
        "tournaments/event_list.html",
        {
            "club": club,
            "events": page.object_list,
            "page": page,
            "can_run": may_run_tournaments(role_of(request.user, club)),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def event_create(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request.user, slug, role=Role.ORGANISER)
    form = EventForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create(club=club, user=request.user, **form.cleaned_data)
        except services.TournamentError as e:
            form.add_error(e.field if e.field in form.fields else None, str(e))
        else:
            messages.success(
                request, gettext("%(event)s is ready: register its players.") % {"event": event}
            )
            return _back(event)
    return render(request, "tournaments/event_form.html", {"club": club, "form": form})


def event_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = _event(request, slug, pk)
    can_run = may_run_tournaments(role_of(request.user, event.club))
    now = timezone.now()
    rounds = list(event.round_set.order_by("-number"))
    unit = event_unit(event)
    return render(
        request,
        "tournaments/event_detail.html",
        {
            "club": event.club,
            "event": event,
            "can_run": can_run,
            "entrants": event.entrants.select_related("player"),
            "rounds": [
                {
                    "round": r,
                    "tables": selectors.round_tables(r, now),
                    "clock": selectors.clock_text(selectors.seconds_left(r, now)),
                }
                for r in rounds
            ],
            "next_round": (rounds[0].number if rounds else 0) + 1,
            # A round drawn and not started yet: the next draw waits for it.
            "waiting": bool(rounds) and rounds[0].status == Round.Status.DRAWN,
            "standing": standing(event),
            "unit": unit,
            "register_form": RegisterForm(event=event) if can_run else None,
            "apart_form": ApartForm(event=event) if can_run else None,
            "apart": selectors.apart_groups(event),
            "penalty_form": PenaltyForm(event=event, unit=unit) if can_run else None,
            "cut_form": CutForm() if can_run else None,
            "final_table_form": FinalTableForm() if can_run else None,
            "cuts": event.cuts.all(),
            "substitute_score": (
                result_text(event.substitute_score, unit)
                if event.substitute_result == "fixed" and event.substitute_score is not None
                else ""
            ),
            "penalties": [
                (p, result_text(p.points, unit))
                for p in event.penalties.select_related("entrant__player")
            ],
        },
    )


def board(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The board for the room: the standing and the current round's tables with their live
    scores and the time left; the page polls ``?partial=1`` for the board alone.

    The room's screen and every phone poll it, so it answers a conditional GET (a 304 while
    nothing changed, clubs.conditional): every write of the event, its rounds and their games
    leaves an audit entry in the club; what changes without a write is the round's clock,
    which is in the tag as the board prints it, with whether the time is up (a table still
    playing is then late)."""
    event = _event(request, slug, pk)
    now = timezone.now()
    current = event.round_set.exclude(status=Round.Status.DRAWN).order_by("-number").first()
    if current is None:
        current = event.round_set.order_by("-number").first()
    clock = selectors.clock_text(selectors.seconds_left(current, now)) if current else ""
    time_up = current is not None and current.ends_at is not None and now > current.ends_at
    etag = conditional.club_etag(request, event.club, also=(clock, str(time_up)))
    if not_modified := conditional.unchanged(request, etag):
        return not_modified
    context = {
        "club": event.club,
        "event": event,
        "round": current,
        "tables": selectors.round_tables(current, now) if current else [],
        "clock": clock,
        "standing": standing(event),
    }
    template = (
        "tournaments/board_body.html" if request.GET.get("partial") else "tournaments/board.html"
    )
    return conditional.tagged(render(request, template, context), etag)


@login_required
@require_POST
def entrant_add(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = _event(request, slug, pk, Role.ORGANISER)
    form = RegisterForm(request.POST, event=event)
    if not form.is_valid():
        messages.error(request, gettext("Choose a player or write a guest's name."))
        return _back(event)
    try:
        entrant = services.entrant_register(
            event=event,
            user=request.user,
            player=form.cleaned_data["player"],
            name=form.cleaned_data["name"],
            check_in=form.cleaned_data["check_in"],
            group=form.cleaned_data["group"],
        )
    except services.TournamentError as e:
        _refused(request, e)
    else:
        messages.success(request, gettext("%(player)s is registered.") % {"player": entrant.player})
    return _back(event)


def _entrant(request: HttpRequest, slug: str, pk: int, number: int) -> tuple[Event, Entrant]:
    event = _event(request, slug, pk, Role.ORGANISER)
    return event, get_object_or_404(Entrant, event=event, number=number)


@login_required
@require_POST
def entrant_check_in(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    event, entrant = _entrant(request, slug, pk, number)
    services.entrant_check_in(entrant=entrant, user=request.user)
    return _back(event)


@login_required
@require_POST
def entrant_drop(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    event, entrant = _entrant(request, slug, pk, number)
    try:
        services.entrant_drop(entrant=entrant, user=request.user)
    except services.TournamentError as e:
        _refused(request, e)
    return _back(event)


@login_required
@require_POST
def round_draw(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = _event(request, slug, pk, Role.ORGANISER)
    try:
        round_ = services.round_draw(event=event, user=request.user)
    except services.TournamentError as e:
        _refused(request, e)
    else:
        messages.success(request, gettext("Round %(round)s is drawn.") % {"round": round_.number})
    return _back(event)


def _round(request: HttpRequest, slug: str, pk: int, number: int) -> tuple[Event, Round]:
    event = _event(request, slug, pk, Role.ORGANISER)
    return event, get_object_or_404(Round, event=event, number=number)


@login_required
@require_POST
def round_start(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    event, round_ = _round(request, slug, pk, number)
    try:
        services.round_start(round_=round_, user=request.user)
    except services.TournamentError as e:
        _refused(request, e)
    else:
        messages.success(request, gettext("Round %(round)s has started.") % {"round": number})
    return _back(event)


@login_required
@require_POST
def round_end(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    event, round_ = _round(request, slug, pk, number)
    try:
        services.round_end(round_=round_, user=request.user)
    except services.TournamentError as e:
        _refused(request, e)
    return _back(event)


@login_required
@require_POST
def cut_make(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = _event(request, slug, pk, Role.ORGANISER)
    form = CutForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Say how many players go on, a multiple of four."))
        return _back(event)
    try:
        cut = services.cut_make(event=event, user=request.user, **form.cleaned_data)
    except services.TournamentError as e:
        _refused(request, e)
    else:
        messages.success(
            request,
            gettext("The top %(size)s go on after round %(round)s.")
            % {"size": cut.size, "round": cut.after_round},
        )
    return _back(event)


@login_required
@require_POST
def final_table_fix(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = _event(request, slug, pk, Role.ORGANISER)
    form = FinalTableForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Say whether the finalists' scores carry."))
        return _back(event)
    try:
        services.final_table_fix(event=event, user=request.user, **form.cleaned_data)
    except services.TournamentError as e:
        _refused(request, e)
    else:
        messages.success(request, gettext("The last round is a final table of the top four."))
    return _back(event)


@login_required
@require_POST
def seat_substitute(request: HttpRequest, slug: str, pk: int, seat: int) -> HttpResponse:
    event = _event(request, slug, pk, Role.ORGANISER)
    row = get_object_or_404(TableSeat, table__round__event=event, pk=seat)
    form = SubstituteForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Write the substitute's name."))
        return _back(event)
    try:
        services.seat_substitute(seat=row, user=request.user, name=form.cleaned_data["name"])
    except services.TournamentError as e:
        _refused(request, e)
    return _back(event)


@login_required
@require_POST
def penalty_add(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = _event(request, slug, pk, Role.ORGANISER)
    form = PenaltyForm(request.POST, event=event, unit=event_unit(event))
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return _back(event)
    data: dict[str, Any] = form.cleaned_data
    try:
        services.penalty_add(event=event, user=request.user, **data)
    except services.TournamentError as e:
        _refused(request, e)
    return _back(event)


@login_required
@require_POST
def entrant_ema(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    event, entrant = _entrant(request, slug, pk, number)
    form = EmaForm(request.POST)
    if form.is_valid():
        try:
            players.player_set_ema(
                player=entrant.player,
                actor=request.user,
                actor_role=role_of(request.user, event.club),
                **form.cleaned_data,
            )
        except ClubError as e:
            messages.error(request, str(e))
    return _back(event)


@login_required
def ema_csv(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The final ranking in the EMA's results layout (organisers: it holds EMA numbers)."""
    event = _event(request, slug, pk, Role.ORGANISER)
    try:
        body = ema_results_csv(event)
    except services.TournamentError as e:
        _refused(request, e)
        return _back(event)
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="ema-results-{event.pk}.csv"'
    return response


def slips(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    """The round's table slips (PDF): anyone who sees the event may print them."""
    event = _event(request, slug, pk)
    round_ = get_object_or_404(Round, event=event, number=number)
    return _sheet(
        event, lambda _: table_slips_pdf(table_slips(round_)), "round", str(number), "slips"
    )


def blank_sheets(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    """The round's blank score sheets (PDF), a table to a page: anyone who sees the event."""
    event = _event(request, slug, pk)
    round_ = get_object_or_404(Round, event=event, number=number)
    address = request.build_absolute_uri(reverse("tournaments:event", args=[slug, pk]))
    return _sheet(
        event,
        lambda _: blank_sheets_pdf(round_, paper_blank_sheets(round_, address=address)),
        "round",
        str(number),
        "blank",
    )


@login_required
@require_POST
def event_apart(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = _event(request, slug, pk, Role.ORGANISER)
    form = ApartForm(request.POST, event=event)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return _back(event)
    try:
        services.event_set_apart(
            event=event,
            user=request.user,
            groups=form.groups(),
            apart_rounds=form.cleaned_data["apart_rounds"],
        )
    except services.TournamentError as e:
        _refused(request, e)
    else:
        messages.success(request, gettext("The groups are saved: the next draws keep them apart."))
    return _back(event)


def rounds_download(request: HttpRequest, slug: str, pk: int, kind: str) -> HttpResponse:
    """Every round's tables, seats, players, scores, results and penalties (CSV or JSON)."""
    event = _event(request, slug, pk)
    content, content_type, filename = exports.rounds_file(event, kind)
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _sheet(event: Event, render: Any, *name: str) -> HttpResponse:
    """``render(event)``'s PDF in one of the host's render slots (503 while they are busy),
    named after the club, the event and ``name``."""
    try:
        with core_pdf.render_slot():
            content = render(event)
    except core_pdf.SheetsBusy as e:
        response = HttpResponse(str(e) + "\n", status=503, content_type="text/plain; charset=utf-8")
        response["Retry-After"] = "5"
        return response
    filename = core_pdf.sheet_filename(event.club.slug, event.name, *name)
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def schedule_pdf(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Each player's schedule: their table and wind in every round drawn (one block each)."""
    event = _event(request, slug, pk)
    return _sheet(event, paper.schedules_pdf, "schedules")


def standing_pdf(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The standing as a printed sheet."""
    event = _event(request, slug, pk)
    return _sheet(event, paper.standing_pdf, "standing")
