"""The club's own pages: create a club, its settings, its people (members, invitations,
players) and joining by invitation. Thin: access check, form, one service, redirect."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from accounts.throttle import count_wrong_join_code, join_code_refused
from clubs import members, players, policy, services
from clubs.access import Role, get_club_for_user, role_of
from clubs.manage_forms import (
    ClubCreateForm,
    ClubSettingsForm,
    InvitationForm,
    JoinForm,
    MergeForm,
    PlayerNameForm,
    RoleForm,
)
from clubs.models import Club, Invitation, Membership, Player, PlayerClaim
from clubs.services import ClubError
from core.i18n import activate_club_language

# Where a refused or done action on the people page sends the organiser back to.
PEOPLE = "clubs:people"
# Players (and members) on one page of the people page: a club of a thousand pages them.
PEOPLE_PER_PAGE = 100
# The session key under which a visitor's opened invitation waits while they sign up.
INVITATION_SESSION_KEY = "clubs_invitation"


def _form_error(form: ClubSettingsForm | PlayerNameForm | MergeForm, e: ClubError) -> None:
    form.add_error(e.field if e.field in form.fields else None, str(e))


@login_required
@require_http_methods(["GET", "POST"])
def club_create(request: HttpRequest) -> HttpResponse:
    form = ClubCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.club_create(created_by=request.user, **form.cleaned_data)
        except ClubError as e:
            _form_error(form, e)
        else:
            messages.success(
                request, gettext("%(club)s is open: you are its organiser.") % {"club": club.name}
            )
            return redirect("clubs:detail", slug=club.slug)
    return render(request, "clubs/club_create.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request.user, slug, role=Role.ORGANISER)
    form = ClubSettingsForm(
        request.POST or None, club=club, initial=ClubSettingsForm.initial_for(club)
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.club_update(
                club=club, actor=request.user, actor_role=Role.ORGANISER, **form.cleaned_data
            )
        except ClubError as e:
            _form_error(form, e)
        else:
            messages.success(request, gettext("The club's settings are saved."))
            return redirect("clubs:detail", slug=club.slug)
    return render(request, "clubs/club_settings.html", {"club": club, "form": form})


def people(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's players and, for its members, who holds which role: each list a page at a
    time (``PEOPLE_PER_PAGE``), the players searchable by name (``?q=``), the retired ones
    listed instead of the others with ``?retired=1``."""
    club = get_club_for_user(request.user, slug)
    role = role_of(request.user, club)
    may = policy.allowed(role)
    query = request.GET.get("q", "").strip()[:100]
    show_retired = request.GET.get("retired") == "1"
    listed = club.players.select_related("user").filter(retired=show_retired)
    if query:
        listed = listed.filter(display_name__icontains=query)
    context = {
        "club": club,
        "role": role,
        "may": may,
        "query": query,
        "show_retired": show_retired,
        "players": Paginator(listed, PEOPLE_PER_PAGE).get_page(request.GET.get("page")),
        "retired_count": 0 if show_retired else club.players.filter(retired=True).count(),
        "add_form": PlayerNameForm() if may["add_players"] else None,
    }
    if may["see_members"]:
        memberships = club.memberships.select_related("user").order_by("user__username")
        context["memberships"] = Paginator(memberships, PEOPLE_PER_PAGE).get_page(
            request.GET.get("members")
        )
        context["roles"] = Membership.Role.choices
        own = club.players.filter(user=request.user).first()
        context["own_player"] = own
        context["my_claim"] = PlayerClaim.objects.filter(
            club=club, user=request.user, status=PlayerClaim.Status.PENDING
        ).first()
        context["claimable"] = own is None and context["my_claim"] is None
        if context["claimable"]:
            # A choice among the guests while they fit in one list; past that, their name.
            guests = list(club.players.filter(user=None, retired=False)[: PEOPLE_PER_PAGE + 1])
            context["guests"] = guests if len(guests) <= PEOPLE_PER_PAGE else None
            context["guests_by_name"] = len(guests) > PEOPLE_PER_PAGE
    if may["manage_members"]:
        context["claims"] = PlayerClaim.objects.filter(
            club=club, status=PlayerClaim.Status.PENDING
        ).select_related("player", "user")[:PEOPLE_PER_PAGE]
    return render(request, "clubs/people.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def player_add(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request.user, slug, role=Role.SCORER)
    form = PlayerNameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            player = players.player_add(
                club=club,
                display_name=form.cleaned_data["display_name"],
                actor=request.user,
                actor_role=role_of(request.user, club),
            )
        except ClubError as e:
            _form_error(form, e)
        else:
            messages.success(
                request,
                gettext("%(player)s is a player of %(club)s.")
                % {"player": player.display_name, "club": club.name},
            )
            return redirect(PEOPLE, slug=club.slug)
    return render(request, "clubs/player_add.html", {"club": club, "form": form})


def _player_for_organiser(request: HttpRequest, slug: str, pk: int) -> tuple[Club, Player]:
    club = get_club_for_user(request.user, slug, role=Role.ORGANISER)
    return club, get_object_or_404(Player, club=club, pk=pk)


@login_required
@require_http_methods(["GET", "POST"])
def player_rename(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club, player = _player_for_organiser(request, slug, pk)
    old = player.display_name
    form = PlayerNameForm(request.POST or None, initial={"display_name": old})
    if request.method == "POST" and form.is_valid():
        try:
            players.player_rename(
                player=player,
                display_name=form.cleaned_data["display_name"],
                actor=request.user,
                actor_role=Role.ORGANISER,
            )
        except ClubError as e:
            _form_error(form, e)
        else:
            player.refresh_from_db()
            messages.success(
                request,
                gettext("%(old)s is now %(new)s, in every game.")
                % {"old": old, "new": player.display_name},
            )
            return redirect(PEOPLE, slug=club.slug)
    return render(
        request, "clubs/player_rename.html", {"club": club, "player": player, "form": form}
    )


@login_required
@require_http_methods(["GET", "POST"])
def player_merge(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club, player = _player_for_organiser(request, slug, pk)
    form = MergeForm(request.POST or None, player=player)
    if request.method == "POST" and form.is_valid():
        duplicate = form.cleaned_data["duplicate"]
        try:
            players.player_merge(
                kept=player, duplicate=duplicate, actor=request.user, actor_role=Role.ORGANISER
            )
        except ClubError as e:
            _form_error(form, e)
        else:
            messages.success(
                request,
                gettext(
                    "%(duplicate)s is merged into %(player)s: their games are one player's now."
                )
                % {"duplicate": duplicate.display_name, "player": player.display_name},
            )
            return redirect(PEOPLE, slug=club.slug)
    return render(
        request, "clubs/player_merge.html", {"club": club, "player": player, "form": form}
    )


@login_required
@require_POST
def player_retire(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club, player = _player_for_organiser(request, slug, pk)
    retired = request.POST.get("retired", "true") != "false"
    try:
        players.player_set_retired(
            player=player, retired=retired, actor=request.user, actor_role=Role.ORGANISER
        )
    except ClubError as e:
        messages.error(request, str(e))
    else:
        notice = (
            gettext("%(player)s is retired: hidden from pickers, kept in history.")
            if retired
            else gettext("%(player)s is back in pickers.")
        )
        messages.success(request, notice % {"player": player.display_name})
    return redirect(PEOPLE, slug=club.slug)


@login_required
@require_POST
def player_claim(request: HttpRequest, slug: str) -> HttpResponse:
    """A member asks to be linked to the guest player named in the form."""
    club = get_club_for_user(request.user, slug)
    role = role_of(request.user, club)
    if role is None:
        raise PermissionDenied(
            gettext("Only a member of the club can ask to be linked to a player.")
        )
    pk, name = request.POST.get("player", ""), request.POST.get("player_name", "").strip()
    if name and not pk:  # the form of a club with more guests than one list holds
        player = get_object_or_404(Player, club=club, user=None, display_name__iexact=name)
    else:
        player = get_object_or_404(Player, club=club, pk=int(pk) if pk.isdigit() else 0)
    try:
        members.claim_create(player=player, user=request.user, actor_role=role)
    except ClubError as e:
        messages.error(request, str(e))
    else:
        messages.success(
            request,
            gettext("Asked: once an organiser approves, you are %(player)s.")
            % {"player": player.display_name},
        )
    return redirect(PEOPLE, slug=club.slug)


@login_required
@require_POST
def claim_decide(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = get_club_for_user(request.user, slug, role=Role.ORGANISER)
    claim = get_object_or_404(PlayerClaim, club=club, pk=pk)
    approve = request.POST.get("decision") == "approve"
    try:
        members.claim_decide(
            claim=claim, approve=approve, actor=request.user, actor_role=Role.ORGANISER
        )
    except ClubError as e:
        messages.error(request, str(e))
    else:
        who = claim.user.get_username()
        messages.success(
            request,
            gettext("%(user)s is now %(player)s.")
            % {"user": who, "player": claim.player.display_name}
            if approve
            else gettext("%(user)s's request is refused.") % {"user": who},
        )
    return redirect(PEOPLE, slug=club.slug)


@login_required
@require_http_methods(["GET", "POST"])
def invitations(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request.user, slug, role=Role.ORGANISER)
    form = InvitationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            invitation = members.invitation_create(
                club=club, actor=request.user, actor_role=Role.ORGANISER, **form.cleaned_data
            )
        except ClubError as e:
            form.add_error(None, str(e))
        else:
            messages.success(request, gettext("The invitation is ready: pass it on."))
            url = reverse("clubs:invitations", args=[club.slug])
            return redirect(f"{url}#inv-{invitation.pk}")
    rows = [
        (
            inv,
            members.invitation_problem(inv),
            request.build_absolute_uri(reverse("clubs:join_code", args=[inv.code])),
        )
        for inv in club.invitations.all()[:30]
    ]
    return render(request, "clubs/invitations.html", {"club": club, "form": form, "rows": rows})


@login_required
@require_POST
def invitation_revoke(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = get_club_for_user(request.user, slug, role=Role.ORGANISER)
    invitation = get_object_or_404(Invitation, club=club, pk=pk)
    try:
        members.invitation_revoke(
            invitation=invitation, actor=request.user, actor_role=Role.ORGANISER
        )
    except ClubError as e:
        messages.error(request, str(e))
    else:
        messages.success(
            request, gettext("The invitation is withdrawn: it lets no one in any more.")
        )
    return redirect("clubs:invitations", slug=club.slug)


def _membership_for_organiser(request: HttpRequest, slug: str, pk: int) -> Membership:
    club = get_club_for_user(request.user, slug, role=Role.ORGANISER)
    return get_object_or_404(Membership.objects.select_related("user", "club"), club=club, pk=pk)


@login_required
@require_POST
def member_role(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    membership = _membership_for_organiser(request, slug, pk)
    form = RoleForm(request.POST)
    try:
        if not form.is_valid():
            raise ClubError(gettext("Choose organiser, scorer or member."), code="bad_role")
        members.member_set_role(
            membership=membership,
            role=form.cleaned_data["role"],
            actor=request.user,
            actor_role=Role.ORGANISER,
        )
    except ClubError as e:
        messages.error(request, str(e))
    else:
        membership.refresh_from_db()
        messages.success(
            request,
            gettext("%(user)s is %(role)s now.")
            % {
                "user": membership.user.get_username(),
                "role": membership.get_role_display().lower(),
            },
        )
    return redirect(PEOPLE, slug=slug)


@login_required
@require_POST
def member_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    membership = _membership_for_organiser(request, slug, pk)
    try:
        members.member_remove(membership=membership, actor=request.user, actor_role=Role.ORGANISER)
    except ClubError as e:
        messages.error(request, str(e))
    else:
        messages.success(
            request,
            gettext("%(user)s is no longer a member; their player stays, with their games.")
            % {"user": membership.user.get_username()},
        )
    return redirect(PEOPLE, slug=slug)


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest) -> HttpResponse:
    """Type the code shown on the club's screen (or a link's code)."""
    form = JoinForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        refused = join_code_refused(request)
        if refused:
            form.add_error("code", refused)
            return render(request, "clubs/join.html", {"form": form}, status=429)
        try:
            invitation = members.find_invitation(form.cleaned_data["code"])
        except ClubError as e:
            count_wrong_join_code(request)
            form.add_error("code", str(e))
        else:
            return redirect("clubs:join_code", code=invitation.code)
    return render(request, "clubs/join.html", {"form": form})


@require_http_methods(["GET", "POST"])
def join_code(request: HttpRequest, code: str) -> HttpResponse:
    """An invitation: who invites to what; log in or sign up first, then join."""
    # A link's code is guessed as a typed one would be: the same limit on wrong ones.
    refused = join_code_refused(request)
    if refused:
        return render(request, "clubs/join_code.html", {"error": refused}, status=429)
    try:
        invitation = members.find_invitation(code)
    except ClubError as e:
        count_wrong_join_code(request)
        return render(request, "clubs/join_code.html", {"error": str(e)}, status=404)
    # The invitation is to this club: its page, and the welcome shown on the club's people
    # page after joining, in the club's language unless the reader chose one.
    activate_club_language(invitation.club.language)
    problem = members.invitation_problem(invitation)
    if not request.user.is_authenticated:
        if request.method == "POST":
            return redirect(f"{reverse('login')}?next={request.path}")
        if problem is None:
            # Lets this visitor sign up even where open sign-up is closed (accounts.gates).
            request.session[INVITATION_SESSION_KEY] = invitation.code
        context = {"invitation": invitation, "error": problem}
        return render(request, "clubs/join_code.html", context)
    role = role_of(request.user, invitation.club)
    if request.method == "POST":
        try:
            membership = members.invitation_accept(code=invitation.code, user=request.user)
        except ClubError as e:
            context = {"invitation": invitation, "error": str(e), "role": role}
            return render(request, "clubs/join_code.html", context, status=400)
        request.session.pop(INVITATION_SESSION_KEY, None)
        messages.success(
            request,
            gettext("Welcome to %(club)s: you are %(role)s.")
            % {"club": invitation.club.name, "role": membership.get_role_display().lower()},
        )
        return redirect(PEOPLE, slug=invitation.club.slug)
    context = {"invitation": invitation, "error": problem, "role": role}
    return render(request, "clubs/join_code.html", context)


def signup_pass(request: HttpRequest) -> bool:
    """accounts.gates: a visitor who opened a usable invitation may sign up."""
    code = request.session.get(INVITATION_SESSION_KEY)
    if not code:
        return False
    try:
        invitation = members.find_invitation(code)
    except ClubError:
        return False
    return members.invitation_problem(invitation) is None


def signup_redeem(request: HttpRequest, user: Any) -> bool:
    """accounts.gates: while sign-up is closed, the new account joins with the invitation
    that let it in, in the transaction that makes it: of several sign-ups on one link for one
    person, the first joins and the others are refused (the ClubError undoes their account)."""
    code = request.session.get(INVITATION_SESSION_KEY)
    if not code:
        return False
    members.invitation_accept(code=code, user=user)
    request.session.pop(INVITATION_SESSION_KEY, None)
    return True
