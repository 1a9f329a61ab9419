"""Pages of the scorer's table: start a game, the game with its ledger, hand entry with a
preview, corrections, finishing, confirmation. Each view: access helper → form → one service →
redirect or render."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import BadRequest, PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

import engine
from clubs.access import Role, get_club_for_user, role_of
from core import bounds
from core.errors import refusal_text
from scoring import clocks, policy, rotations, selectors, services, sheet_data, tenhou6
from scoring.engine_messages import rules_title
from scoring.forms import (
    ConfirmForm,
    FinalScoresCorrectionForm,
    FinalScoresForm,
    GameStartForm,
    HandDeleteForm,
    HandForm,
    ReasonForm,
    form_cannot_show,
    hand_form,
    initial_from_hand,
)
from scoring.forms.imports import LogForm, LogPlayersForm
from scoring.models import Game, Hand
from scoring.offline import phone_engine
from scoring.offline.worker import is_kept_copy
from scoring.presenter import hand_name

CHANGES_KEY = "scoring:changes:{pk}"


# ---------------------------------------------------------------------------------------------
# Access


def _offer_correct(request: HttpRequest, game: Game, role: Role | None) -> HttpResponse | None:
    """Whether the correction page is shown: the policy's refusal as the service would raise
    it (403 for a role too low; for a game's state, its words on the game page). A POST is
    not checked here: the service refuses it, with the same words."""
    refusal = policy.correct_refusal(role, game.status)
    if refusal is None:
        return None
    if refusal.role:
        raise PermissionDenied(refusal.message)
    messages.error(request, refusal.message)
    return redirect("scoring:game", pk=game.pk)


def _sheet_url(name: str, pk: int) -> str | None:
    # The sheets app names these URLs; until it does, the page renders without the links.
    try:
        return reverse(name, args=[pk])
    except NoReverseMatch:
        return None


def _error_text(e: Exception) -> str:
    # The path the API and the entry form take: an engine refusal in the reader's language
    # with its hand and field (scoring.engine_messages), a service's refusal as it is worded.
    return refusal_text(e)


# ---------------------------------------------------------------------------------------------
# Club games


@require_GET
def club_games(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request.user, slug)
    role = role_of(request.user, club)
    games, page = selectors.club_games_page(club, request.GET.get("page"))
    context = {
        "club": club,
        "games": games,
        "page": page,
        "can_start": policy.may_start_game(role),
        "can_import_log": policy.may_import_log(role),
        "rotations": rotations.recent(club),
    }
    return render(request, "scoring/game_list.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request.user, slug, role=policy.START_ROLE)
    form = GameStartForm(request.POST or None, club=club, league=request.GET.get("league"))
    confirm_seating = False
    if request.method == "POST" and form.is_valid():
        try:
            game = services.game_start(
                club=club,
                created_by=request.user,
                seated_elsewhere_ok=form.cleaned_data["seated_elsewhere_ok"],
                **form.start_kwargs(),
            )
        except (services.GameError, engine.EngineError) as e:
            # On the field at fault where the form has it (the rules of a league game).
            field = getattr(e, "field", None)
            form.add_error(field if field in form.fields else None, _error_text(e))
            confirm_seating = getattr(e, "code", "") == "seated_elsewhere"
        except ValidationError as e:  # start_kwargs: half a start state, an empty rule set
            form.add_error(None, e)
        else:
            messages.success(
                request,
                gettext("Game started: %(rules)s.") % {"rules": rules_title(game.rules_name)},
            )
            return redirect("scoring:hand_new", pk=game.pk)
    return render(
        request,
        "scoring/game_new.html",
        {"club": club, "form": form, "confirm_seating": confirm_seating},
    )


@login_required
def game_final_scores_new(request: HttpRequest, slug: str) -> HttpResponse:
    """Enter a game by its final scores (for clubs that do not score hand by hand)."""
    club = get_club_for_user(request.user, slug, role=policy.START_ROLE)
    form = FinalScoresForm(request.POST or None, club=club, league=request.GET.get("league"))
    if request.method == "POST" and form.is_valid():
        try:
            game = services.game_final_scores_enter(
                club=club, created_by=request.user, **form.enter_kwargs()
            )
        except (services.GameError, engine.EngineError) as e:
            form.add_error(None, _error_text(e))
        except ValidationError as e:  # enter_kwargs: an empty rule set
            form.add_error(None, e)
        else:
            messages.success(request, gettext("Game entered by its final scores."))
            return redirect("scoring:game", pk=game.pk)
    return render(request, "scoring/game_final_scores.html", {"club": club, "form": form})


# ---------------------------------------------------------------------------------------------
# The game


@require_GET
@vary_on_headers("HX-Request")
def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The game page. To htmx's poll (the version, hand count and frame the page shows): 204
    while the game is unchanged, else what changed (:func:`_poll_answer`)."""
    game, role = selectors.game_for_user(request.user, pk)
    shown = _shown(request) if request.htmx else None
    if shown is not None and shown.version == game.version:
        return HttpResponse(status=204)
    selectors.with_seats(game)
    # What a correction changed is shown once, on the page its scorer comes back to.
    changes = (
        None
        if request.htmx or is_kept_copy(request)
        else request.session.pop(CHANGES_KEY.format(pk=pk), None)
    )
    state = selectors.game_state(game)
    frame = selectors.poll_frame(game)
    hands = None
    if (
        shown is not None
        and shown.frame == frame
        and not game.by_final_scores
        and (game.hand_count or not shown.hands)  # back to no hands: the page's empty ledger
    ):
        hands = selectors.hands_since(game, shown.version)
    user_seat = next(
        (
            s["seat"]
            for s in state["seats"]
            if role is not None and s["player"].user_id == request.user.pk
        ),
        None,
    )
    status = game.status
    can_correct = policy.may_correct(role, status)
    # The trail is followed only when a hand is shown (an answer with no hand needs none).
    corrections = sheet_data.hand_corrections(game) if hands is None or hands else ()
    ledger = selectors.ledger(game, hands, corrections=corrections)
    last_hand = ledger[-1] if ledger and ledger[-1]["number"] == game.hand_count else None
    if last_hand is None and game.hand_count and policy.may_enter(role, status):
        # The poll sent no change to the last hand: the undo button still names it.
        last = game.hands.filter(number=game.hand_count)
        last_hand = selectors.ledger(game, last, corrections=corrections)[0]
    context = {
        "game": game,
        "club": game.club,
        "role": role,
        "state": state,
        "ledger": ledger,
        "last_hand": last_hand,
        "frame": frame,
        "audit": (
            selectors.audit_trail(game, limit=selectors.AUDIT_ON_PAGE)
            if policy.may_see_audit(role)
            else []
        ),
        "audit_count": game.audit_entries.count() if policy.may_see_audit(role) else 0,
        "changes": changes,
        "can_enter": policy.may_enter(role, status),
        "can_correct": can_correct,
        "can_finish": policy.may_finish(role, status),
        "can_abandon": policy.may_abandon(role, status),
        "can_confirm": policy.may_confirm(status),
        "can_confirm_pin": policy.may_confirm_by_pin(role, status),
        "redo": selectors.redo_offer(game) if can_correct else None,
        "reconfirm": selectors.confirmations_cleared(game),
        "user_seat": user_seat if policy.may_confirm(status) else None,
        "sheet_url": _sheet_url("sheets:game", pk),
        "blank_sheet_url": _sheet_url("sheets:blank", pk),
        "entered": selectors.final_scores_entered(game),
        "tenhou6_url": (
            reverse("scoring:game_tenhou6", args=[pk])
            if tenhou6.tenhou6_exportable(game.rules) and not game.by_final_scores
            else None
        ),
        "clock": clocks.entry_clock(game),
    }
    if hands is not None and shown is not None:
        return _poll_answer(request, context, shown)
    if request.htmx:
        # The whole body, in place of the one the page shows (the poller targets itself).
        response = render(request, "scoring/game_body.html", context)
        response["HX-Retarget"] = "#game-body"
        response["HX-Reswap"] = "outerHTML"
        return response
    return render(request, "scoring/game_detail.html", context)


@dataclass(frozen=True)
class _Shown:
    """What the polling page shows: the game's version, its number of hands and its frame
    (:func:`scoring.selectors.poll_frame`)."""

    version: int
    hands: int
    frame: str


def _shown(request: HttpRequest) -> _Shown | None:
    """What the poll says the page shows; a page from before the poll sent its hands and frame
    gets 204 or the whole body."""
    try:
        version, hands = int(request.GET["version"]), int(request.GET.get("hands", -1))
    except (KeyError, ValueError):
        return None
    return _Shown(version=version, hands=hands, frame=request.GET.get("frame", ""))


def _poll_answer(request: HttpRequest, context: dict[str, Any], shown: _Shown) -> HttpResponse:
    """Only what changed since the version the page shows, as htmx's out-of-band swaps: the
    poller with the new version, the parts above and below the ledger (bounded: the latest
    audit entries), and the ledger's hands written since (:attr:`Hand.version`), appended
    when new, in place when changed; the hands beyond the game's end now are removed. A
    300-hand game sends its new hand, not its 300."""
    game = context["game"]
    rows = context["ledger"]
    context |= {
        "replaced": [r for r in rows if r["number"] <= shown.hands],
        "appended": [r for r in rows if r["number"] > shown.hands],
        "removed": range(game.hand_count + 1, shown.hands + 1),
        "empty_gone": shown.hands == 0 and game.hand_count > 0,
    }
    return render(request, "scoring/game_changes.html", context)


@login_required
@require_POST
def game_final_scores_correct(request: HttpRequest, pk: int) -> HttpResponse:
    """An organiser corrects a game entered by its final scores; the rules settle it again."""
    game, role = selectors.game_for_user(request.user, pk)
    if not policy.may_correct(role, game.status):
        raise PermissionDenied(gettext("Only an organiser corrects a finished game."))
    form = FinalScoresCorrectionForm(request.POST, seats=game.seat_count)
    if not form.is_valid():
        messages.error(request, gettext("Give every player's final points and a reason."))
        return redirect("scoring:game", pk=pk)
    try:
        services.game_final_scores_correct(
            game=game,
            final_scores=form.final_scores(),
            user=request.user,
            reason=form.cleaned_data["reason"],
        )
    except (services.GameError, engine.EngineError) as e:
        messages.error(request, _error_text(e))
    else:
        messages.success(request, gettext("Final scores corrected; the game is settled again."))
    return redirect("scoring:game", pk=pk)


@login_required
@require_GET
def game_audit(request: HttpRequest, pk: int) -> HttpResponse:
    """The game's whole audit trail, newest first, a page at a time: the game page shows only
    the latest entries, so it does not grow with the trail."""
    game, role = selectors.game_for_user(request.user, pk)
    if not policy.may_see_audit(role):
        raise PermissionDenied(gettext("Only a member of the club sees a game's audit trail."))
    entries, page = selectors.audit_page(game, request.GET.get("page"))
    context = {"game": game, "club": game.club, "audit": entries, "page": page}
    return render(request, "scoring/audit.html", context)


@require_GET
def game_version(request: HttpRequest, pk: int) -> JsonResponse:
    """A tiny answer the entry screen polls (and the game page without htmx), to see whether
    another device changed the game."""
    game, _ = selectors.game_for_user(request.user, pk)
    return JsonResponse(
        {"version": game.version, "hand_count": game.hand_count, "status": game.status}
    )


# ---------------------------------------------------------------------------------------------
# Hands


def _hand_form(request: HttpRequest, game: Game, data: Any = None, **kwargs: Any) -> HandForm:
    return hand_form(game, data or request.POST or None, **kwargs)


def _preview(request: HttpRequest, game: Game, number: int | None = None) -> dict[str, Any]:
    """The preview's context: the numbers if the posted hand scores, else what is wrong."""
    editing = game.hands.get(number=number) if number else None
    form = _hand_form(request, game, editing=editing)
    if not form.is_valid() or "hand" not in form.cleaned_data:
        errors = [e for errs in form.errors.values() for e in errs]
        return {"incomplete": errors[0] if errors else gettext("Complete the hand.")}
    try:
        preview = services.hand_preview(
            game=game, hand=form.hand(), user=request.user, number=number
        )
    except engine.EngineError as e:
        return {"error": form.engine_error_text(e, number or game.hand_count + 1)}
    except services.GameError as e:
        return {"error": _error_text(e)}
    return {"preview": selectors.preview(game, preview)}


@login_required
@require_http_methods(["GET", "POST"])
def hand_new(request: HttpRequest, pk: int) -> HttpResponse:
    # The page is a scorer's; what a POST may do is the service's to say (its 403 or refusal).
    game, _ = selectors.game_for_user(
        request.user, pk, role=Role.SCORER if request.method == "GET" else None
    )
    # A form sent twice (a double tap) whose first copy ended the game is answered by the
    # service with the first answer, so a saving POST goes on to it.
    saving = request.method == "POST" and "preview" not in request.POST
    if not game.is_running and not saving:
        return _game_over(request, pk)
    form = _hand_form(request, game, initial={"expected_number": game.hand_count + 1})
    preview: dict[str, Any] = {}
    if request.method == "POST" and not saving:
        preview = _preview(request, game)
    elif saving and form.is_valid() and "hand" in form.cleaned_data:
        try:
            write = services.hand_submit(
                game=game.pk,  # locked with the role in one query
                hand=form.hand(),
                user=request.user,
                expected_number=form.cleaned_data.get("expected_number"),
                key=form.cleaned_data.get("key") or None,
            )
        except services.StaleHandNumber as e:
            # Show the hand as entered against the game as it now is; saving it again is
            # the scorer's decision after checking.
            form = _refill(request, game)
            form.add_error(None, _error_text(e))
        except services.KeyReused as e:
            # This copy of the form was saved before (the browser went back to it) and has
            # been changed since: it gets a key of its own for the scorer to save it as a new
            # hand after checking.
            form = _refill(request, game, key=uuid.uuid4().hex)
            form.add_error(
                None,
                gettext(
                    "This form was saved before, as hand %(saved)s, and the hand below is "
                    "different: it is not saved. Check it and save it as hand %(next)s."
                )
                % {"saved": e.number, "next": game.hand_count + 1},
            )
        except engine.EngineError as e:
            # On the field the engine names, and in the preview box by the save button.
            preview = {"error": form.add_engine_error(e, game.hand_count + 1)}
        except services.GameError as e:
            if e.code == "not_running":  # in the service's words, as the API says it
                return _game_over(request, pk, _error_text(e))
            form.add_error(None, _error_text(e))
        else:
            label = hand_name(write.response["result"]["label"] if write.response else "")
            messages.success(request, gettext("Hand %(label)s saved.") % {"label": label})
            if write.game.is_running:
                return redirect("scoring:hand_new", pk=pk)
            return redirect("scoring:game", pk=pk)
    if not game.is_running:
        return _game_over(request, pk)
    last = game.hands.order_by("-number").first()
    return render(
        request,
        "scoring/hand_form.html",
        {
            "game": game,
            "club": game.club,
            "form": form,
            "layout": form.layout(),
            "state": selectors.game_state(game),
            "last": selectors.ledger(game, [last])[0] if last else None,
            "redo": selectors.redo_offer(game),
            "preview_url": reverse("scoring:hand_preview", args=[pk]),
            "offline_engine": phone_engine.entry_data(game),
            "clock": clocks.entry_clock(game),
            **preview,
        },
    )


def _refill(request: HttpRequest, game: Game, **fields: str) -> HandForm:
    """The posted hand again, against the game as it is now (another device changed it)."""
    game.refresh_from_db()
    data = request.POST.copy()
    data["expected_number"] = str(game.hand_count + 1)
    for name, value in fields.items():
        data[name] = value
    form = _hand_form(request, game, data)
    form.is_valid()
    return form


def _game_over(request: HttpRequest, pk: int, message: str = "") -> HttpResponse:
    messages.info(request, message or gettext("The game is over; no hand can be added."))
    return redirect("scoring:game", pk=pk)


@login_required
@require_POST
def hand_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """The preview of the hand on the entry form (fetched by the entry screen's script)."""
    game, _ = selectors.game_for_user(request.user, pk, role=Role.SCORER)
    return render(request, "scoring/hand_preview.html", _preview(request, game))


def _hand_or_404(game: Game, number: int) -> Any:
    return get_object_or_404(game.hands, number=number)


def _gone(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    messages.error(
        request,
        gettext(
            "The game has no hand %(number)s any more: another device removed a hand. "
            "Nothing was changed."
        )
        % {"number": number},
    )
    return redirect("scoring:game", pk=pk)


@login_required
@require_http_methods(["GET", "POST"])
def hand_edit(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    game, role = selectors.game_for_user(request.user, pk, role=Role.SCORER)
    if request.method == "GET" and (refused := _offer_correct(request, game, role)):
        return refused
    hand = game.hands.filter(number=number).first()
    if hand is None:
        if request.method == "POST":
            return _gone(request, pk, number)
        raise Http404(gettext("The game has no hand %(number)s.") % {"number": number})
    form = _hand_form(
        request,
        game,
        initial={**initial_from_hand(hand.data), "hand_tag": services.hand_etag(hand)},
        editing=hand,
        correction=True,
    )
    preview: dict[str, Any] = {}
    if request.method == "POST":
        if "preview" in request.POST:
            preview = _preview(request, game, number)
        elif form.is_valid() and "hand" in form.cleaned_data:
            before = selectors.snapshot(game)
            try:
                game = services.hand_correct(
                    game=game,
                    number=number,
                    hand=form.hand(),
                    reason=form.cleaned_data["change_reason"],
                    user=request.user,
                    if_match=form.cleaned_data.get("hand_tag") or "",
                )
            except services.HandChanged as e:
                return _hand_changed(request, game, e, correction=request.POST)
            except services.RoleRefused:
                raise  # a 403, as every refusal of the role
            except engine.EngineError as e:
                preview = {"error": form.add_engine_error(e, number)}
            except services.GameError as e:
                form.add_error(None, _error_text(e))
            else:
                _remember_changes(
                    request,
                    game,
                    before,
                    gettext("Hand %(number)s corrected.") % {"number": number},
                )
                return redirect("scoring:game", pk=pk)
    delete_form = HandDeleteForm(initial={"hand_tag": form.initial["hand_tag"]})
    return _edit_page(request, game, hand, form, delete_form, preview)


def _edit_page(
    request: HttpRequest,
    game: Game,
    hand: Hand,
    form: HandForm,
    delete_form: HandDeleteForm,
    preview: dict[str, Any],
    conflict: dict[str, Any] | None = None,
) -> HttpResponse:
    return render(
        request,
        "scoring/hand_form.html",
        {
            "game": game,
            "club": game.club,
            "form": form,
            "layout": form.layout(),
            "hand": hand,
            "cannot_show": form_cannot_show(hand.data, selectors.game_entry(game)),
            "words": selectors.game_hand_words(game, hand.data, hand.hand_result),
            "delete_form": delete_form,
            "conflict": conflict,
            "preview_url": reverse("scoring:hand_edit_preview", args=[game.pk, hand.number]),
            **preview,
        },
    )


def _hand_changed(
    request: HttpRequest,
    game: Game,
    e: services.HandChanged,
    *,
    correction: Any = None,
    deletion: Any = None,
) -> HttpResponse:
    """The correction page again after another device changed the hand: the hand as it is
    now, with what this scorer typed kept (a correction, or a deletion's reason) and the tag
    of the hand now, so that saving again is a decision taken after seeing it."""
    current = e.current
    if current is None:
        return _gone(request, game.pk, e.number)
    game.refresh_from_db()
    tag = services.hand_etag(current)
    if correction is not None:
        data = correction.copy()
        data["hand_tag"] = tag
        form = hand_form(game, data, editing=current, correction=True)
        form.is_valid()
    else:
        form = hand_form(
            game,
            initial={**initial_from_hand(current.data), "hand_tag": tag},
            editing=current,
            correction=True,
        )
    if deletion is not None:
        delete_data = deletion.copy()
        delete_data["hand_tag"] = tag
        delete_form = HandDeleteForm(delete_data)
    else:
        delete_form = HandDeleteForm(initial={"hand_tag": tag})
    conflict = {
        "message": gettext(
            "Another device changed hand %(number)s while this page was open; nothing was saved."
        )
        % {"number": e.number},
        "label": hand_name(current.label),
        "words": selectors.game_hand_words(game, current.data, current.hand_result),
        "kept": "correction" if correction is not None else "deletion",
    }
    return _edit_page(request, game, current, form, delete_form, {}, conflict)


@login_required
@require_POST
def hand_edit_preview(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    game, _ = selectors.game_for_user(request.user, pk, role=Role.SCORER)
    _hand_or_404(game, number)
    return render(request, "scoring/hand_preview.html", _preview(request, game, number))


def _remember_changes(
    request: HttpRequest, game: Game, before: dict[str, Any], message: str
) -> None:
    """Keep what a correction changed for the game page to show once."""
    game.refresh_from_db()
    changed = selectors.changes(before, selectors.snapshot(game), selectors.player_names(game))
    changed["message"] = message
    request.session[CHANGES_KEY.format(pk=game.pk)] = changed


@login_required
@require_POST
def hand_delete(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    game, _ = selectors.game_for_user(request.user, pk, role=Role.SCORER)
    form = HandDeleteForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Give a reason to delete a hand."))
        return redirect("scoring:hand_edit", pk=pk, number=number)
    before = selectors.snapshot(game)
    try:
        game = services.hand_delete(
            game=game,
            number=number,
            reason=form.cleaned_data["reason"],
            user=request.user,
            if_match=form.cleaned_data.get("hand_tag") or "",
        )
    except services.HandChanged as e:
        return _hand_changed(request, game, e, deletion=request.POST)
    except services.RoleRefused:
        raise  # a 403, as every refusal of the role
    except (engine.EngineError, services.GameError) as e:
        messages.error(request, _error_text(e))
        return redirect("scoring:hand_edit", pk=pk, number=number)
    _remember_changes(
        request, game, before, gettext("Hand %(number)s deleted.") % {"number": number}
    )
    return redirect("scoring:game", pk=pk)


def _posted_number(request: HttpRequest) -> int | None:
    """The hand number the device's page showed; BadRequest for one no game can hold (Python
    does not even read a number of more than 4,300 digits)."""
    number = request.POST.get("number", "")
    if not (number.isdecimal() and number.isascii()):
        return None
    digits = number.lstrip("0") or "0"
    if len(digits) > len(str(bounds.DATABASE_INTEGER)) or int(digits) > bounds.DATABASE_INTEGER:
        raise BadRequest(gettext("The hand number sent is not a hand of this game."))
    return int(digits)


def _hand_words(game: Game, hand: Hand) -> str:
    return gettext("hand %(number)s (%(label)s): %(words)s") % {
        "number": hand.number,
        "label": hand_name(hand.label),
        "words": selectors.game_hand_words(game, hand.data, hand.hand_result),
    }


@login_required
@require_POST
def hand_undo(request: HttpRequest, pk: int) -> HttpResponse:
    return _move_hand(request, pk, services.hand_undo, gettext_lazy("Undone %(hand)s."))


@login_required
@require_POST
def hand_redo(request: HttpRequest, pk: int) -> HttpResponse:
    return _move_hand(request, pk, services.hand_redo, gettext_lazy("Restored %(hand)s."))


def _move_hand(request: HttpRequest, pk: int, move_hand: Any, done: str) -> HttpResponse:
    """Undo or redo (``move_hand``) the hand the device's page showed, and say which."""
    game, _ = selectors.game_for_user(request.user, pk, role=Role.SCORER)
    try:
        number = _posted_number(request)
    except BadRequest as e:
        return render(request, "400.html", {"message": str(e)}, status=400)
    try:
        move = move_hand(game=game, user=request.user, number=number)
    except services.RoleRefused:
        raise  # a 403, as every refusal of the role
    except (engine.EngineError, services.GameError) as e:
        messages.error(request, _error_text(e))
    else:
        game = move.game
        messages.success(request, str(done) % {"hand": _hand_words(game, move.hand)})
    if request.POST.get("next") == "entry" and game.is_running:
        return redirect("scoring:hand_new", pk=pk)
    return redirect("scoring:game", pk=pk)


# ---------------------------------------------------------------------------------------------
# The game's end


@login_required
@require_POST
def game_finish(request: HttpRequest, pk: int) -> HttpResponse:
    game, _ = selectors.game_for_user(request.user, pk, role=Role.SCORER)
    try:
        services.game_finish(game=game, user=request.user)
    except (engine.EngineError, services.GameError) as e:
        messages.error(request, _error_text(e))
    else:
        messages.success(request, gettext("The game is finished."))
    return redirect("scoring:game", pk=pk)


@login_required
@require_POST
def game_abandon(request: HttpRequest, pk: int) -> HttpResponse:
    game, _ = selectors.game_for_user(request.user, pk, role=Role.SCORER)
    form = ReasonForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Give a reason to abandon the game."))
        return redirect("scoring:game", pk=pk)
    services.game_abandon(game=game, user=request.user, reason=form.cleaned_data["reason"])
    messages.success(request, gettext("The game was abandoned: it is kept but never counts."))
    return redirect("scoring:game", pk=pk)


@login_required
@require_POST
def game_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    game, _ = selectors.game_for_user(request.user, pk)
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Choose a seat to confirm."))
        return redirect("scoring:game", pk=pk)
    try:
        row = services.game_confirm(
            game=game,
            seat=form.cleaned_data["seat"],
            user=request.user,
            pin=form.cleaned_data["pin"] or None,
            result=form.cleaned_data["result"] or None,
        )
    except services.GameError as e:
        messages.error(request, _error_text(e))
    else:
        messages.success(
            request,
            gettext("%(name)s confirmed the result.") % {"name": row.player.display_name},
        )
    return redirect("scoring:game", pk=pk)


# ---------------------------------------------------------------------------------------------
# Online games: a tenhou.net/6 log in, a game out as one


@login_required
@require_http_methods(["GET", "POST"])
def game_import_log(request: HttpRequest, slug: str) -> HttpResponse:
    """Import a game from a tenhou.net/6 log: the log and its rules, then a club player for
    each of its names (the second step carries the log on), then the game's page."""
    club = get_club_for_user(request.user, slug, role=policy.IMPORT_LOG_ROLE)
    if request.method == "POST" and request.POST.get("step") == "players":
        try:
            log, names = services.tenhou6_names(request.POST.get("log", ""))
        except services.GameError as e:
            log_form = LogForm(request.POST, club=club)
            log_form.is_valid()
            log_form.add_error(None, _error_text(e))
            return render(request, "scoring/game_import.html", {"club": club, "form": log_form})
        form = LogPlayersForm(request.POST, club=club, names=names)
        if form.is_valid():
            try:
                game = services.game_import_tenhou6(
                    club=club,
                    log=log,
                    players=form.chosen_players(),
                    created_by=request.user,
                    **form.rules_kwargs(),
                )
            except (services.GameError, engine.EngineError, ValidationError) as e:
                form.add_error(None, e if isinstance(e, ValidationError) else _error_text(e))
            else:
                messages.success(
                    request,
                    ngettext(
                        "Game imported from the log: %(hands)s hand.",
                        "Game imported from the log: %(hands)s hands.",
                        game.hand_count,
                    )
                    % {"hands": game.hand_count},
                )
                return redirect("scoring:game", pk=game.pk)
        return _import_players_page(request, club, form, None)
    form = LogForm(request.POST or None, request.FILES or None, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            read = services.tenhou6_check(
                club=club, log=form.cleaned_data["text"], **form.rules_kwargs()
            )
        except (services.GameError, engine.EngineError, ValidationError) as e:
            form.add_error(None, e if isinstance(e, ValidationError) else _error_text(e))
        else:
            players = LogPlayersForm(
                club=club,
                names=read.names,
                initial={"log": json.dumps(read.log), "rules": form.cleaned_data["rules"]},
            )
            return _import_players_page(request, club, players, read)
    return render(request, "scoring/game_import.html", {"club": club, "form": form})


def _import_players_page(
    request: HttpRequest, club: Any, form: LogPlayersForm, read: services.LogRead | None
) -> HttpResponse:
    context = {"club": club, "form": form, "read": read, "seats": form.seat_fields()}
    return render(request, "scoring/game_import_players.html", context)


@require_GET
def game_tenhou6(request: HttpRequest, pk: int) -> HttpResponse:
    """The game as a tenhou.net/6 log, a download for replay viewers; a game the format cannot
    hold answers 400 with the reason, as the API does."""
    game, _ = selectors.game_for_user(request.user, pk)
    try:
        log = tenhou6.tenhou6_export(game)
    except services.GameError as e:
        return JsonResponse({"error": {"code": e.code, "message": str(e)}}, status=400)
    response = JsonResponse(log, json_dumps_params={"ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="{tenhou6.tenhou6_filename(game)}"'
    return response
