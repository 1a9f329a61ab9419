"""Pages of five at a table: make a rotation, its page (the order, who sits out next, its
games and standing), start its next game, move a player in the order; and its two sheets.
Each view: access helper → form → one service → redirect or render."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from rest_framework.exceptions import APIException

import engine
from clubs.access import Role, check_club_access, get_club_for_user
from core import pdf as core_pdf
from core.errors import refusal_text
from scoring import pdf, policy, rotation_sheet_data, rotations, selectors, services
from scoring.engine_messages import rules_title
from scoring.forms import RotationForm, RotationMoveForm
from scoring.models import Rotation
from scoring.sheet_views import _inline, _refused, _render


def _rotation_for_user(
    request: HttpRequest, slug: str, pk: int, role: Role | None = None
) -> tuple[Rotation, Role | None]:
    """The club's rotation and the user's role, after the club's checks (a private club's
    rotation does not exist for outsiders; ``role`` when the action needs one, 403 below)."""
    club = get_club_for_user(request.user, slug)
    user_role = check_club_access(request.user, club, role=role)
    rotation = get_object_or_404(Rotation.objects.select_related("club"), club=club, pk=pk)
    return rotation, user_role


@login_required
@require_http_methods(["GET", "POST"])
def rotation_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request.user, slug, role=policy.START_ROLE)
    form = RotationForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            rotation = services.rotation_create(
                club=club, created_by=request.user, **form.rotation_kwargs()
            )
        except (services.GameError, engine.EngineError) as e:
            form.add_error(None, refusal_text(e))
        except ValidationError as e:  # an empty rule set
            form.add_error(None, e)
        else:
            messages.success(
                request,
                gettext("Five at a table: %(rules)s.")
                % {"rules": rules_title(rotation.rules_name)},
            )
            return redirect("scoring:rotation", slug=club.slug, pk=rotation.pk)
    return render(request, "scoring/rotation_new.html", {"club": club, "form": form})


@require_GET
def rotation_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    rotation, role = _rotation_for_user(request, slug, pk)
    played = rotations.rotation_games(rotation)
    running = next((r for r in played if r.game.is_running), None)
    context = {
        "club": rotation.club,
        "rotation": rotation,
        "order": rotations.order_of(rotation),
        "games": [{"row": r, "summary": selectors.summary(r.game)} for r in played],
        "running": running,
        "upcoming": rotations.upcoming(rotation, started=len(played)),
        "standing": rotations.standing(rotation),
        "can_start": policy.may_start_rotation(role) and running is None,
        "can_reorder": policy.may_change_rotation_order(role),
    }
    return render(request, "scoring/rotation_detail.html", context)


@login_required
@require_POST
def rotation_next(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    rotation, _ = _rotation_for_user(request, slug, pk, role=policy.START_ROLE)
    try:
        game = services.rotation_next_game(rotation=rotation, user=request.user)
    except (services.GameError, engine.EngineError) as e:
        messages.error(request, refusal_text(e))
        return redirect("scoring:rotation", slug=slug, pk=pk)
    number = game.rotation_game.number
    messages.success(
        request,
        gettext("Game %(number)s started: %(player)s sits out.")
        % {"number": number, "player": game.rotation_game.sits_out.display_name},
    )
    return redirect("scoring:hand_new", pk=game.pk)


@login_required
@require_POST
def rotation_order(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Move a player one place up in the sit-out order (the first goes to the end)."""
    rotation, _ = _rotation_for_user(request, slug, pk, role=policy.ROTATION_ORDER_ROLE)
    form = RotationMoveForm(request.POST)
    order = rotations.order_of(rotation)
    place = next(
        (i for i, p in enumerate(order) if form.is_valid() and p.pk == form.cleaned_data["player"]),
        None,
    )
    if place is None:
        messages.error(request, gettext("Choose a player of this rotation to move."))
        return redirect("scoring:rotation", slug=slug, pk=pk)
    moved = order.pop(place)
    order.insert(place - 1 if place else len(order), moved)
    try:
        services.rotation_reorder(rotation=rotation, order=order, user=request.user)
    except services.GameError as e:
        messages.error(request, refusal_text(e))
    else:
        messages.success(request, gettext("The order is changed for the games to come."))
    return redirect("scoring:rotation", slug=slug, pk=pk)


# ---------------------------------------------------------------------------------------------
# Sheets


def _filename(rotation: Rotation, *suffix: str) -> str:
    table = ("table", rotation.table) if rotation.table else ("rotation", str(rotation.pk))
    return core_pdf.sheet_filename(rotation.club.slug, rotation.played_on, *table, *suffix)


def _address(request: HttpRequest, rotation: Rotation) -> str:
    return request.build_absolute_uri(
        reverse("scoring:rotation", kwargs={"slug": rotation.club.slug, "pk": rotation.pk})
    )


@require_GET
def rotation_sheet(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The night's sheet: the standing and each game's final scores."""
    rotation, _ = _rotation_for_user(request, slug, pk)
    sheet = rotation_sheet_data.rotation_sheet(rotation, address=_address(request, rotation))
    try:
        content = _render(pdf.rotation_sheet_pdf, sheet)
    except APIException as e:
        return _refused(e)
    return _inline(content, _filename(rotation))


@require_GET
def rotation_blank_sheet(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A blank sheet for the night on paper: the five names, who sits out which game, empty
    boxes for each game's final scores (to whoever sees the rotation, as a game's)."""
    rotation, _ = _rotation_for_user(request, slug, pk)
    sheet = rotation_sheet_data.rotation_blank_sheet(rotation, address=_address(request, rotation))
    try:
        content = _render(pdf.rotation_blank_sheet_pdf, sheet)
    except APIException as e:
        return _refused(e)
    return _inline(content, _filename(rotation, "blank"))
