from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from clubs import policy, services
from clubs.access import get_club_for_user, role_of
from clubs.forms import PinForm
from clubs.models import Club, Player
from core.sections import club_sections


def home(request: HttpRequest) -> HttpResponse:
    my_clubs = Club.objects.member_of(request.user)
    public_clubs = Club.objects.public().exclude(pk__in=my_clubs.values("pk"))
    return render(request, "clubs/home.html", {"my_clubs": my_clubs, "public_clubs": public_clubs})


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request.user, slug)
    role = role_of(request.user, club)
    everyone = list(club.players.all())
    # Retired players are listed apart, as on the people page: still linked to their history.
    context = {
        "club": club,
        "role": role,
        "may": policy.allowed(role),
        "players": [p for p in everyone if not p.retired],
        "retired": [p for p in everyone if p.retired],
        # The players whose PIN this reader may set (the page offers the link).
        "pin_players": {p.pk for p in everyone if policy.may_set_pin(role, own=_own(request, p))},
    }
    # Each app adds its own section (games, leagues, rule sets) through core's registry.
    context.update(club_sections(request, club, role))
    return render(request, "clubs/club_detail.html", context)


def _own(request: HttpRequest, player: Player) -> bool:
    """Whether ``player`` is the reader's own player."""
    return player.user_id is not None and player.user_id == request.user.pk


@login_required
@require_http_methods(["GET", "POST"])
def player_pin(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Set the PIN a player confirms results with: an organiser for anyone, a player for
    their own seat."""
    club = get_club_for_user(request.user, slug)
    player = get_object_or_404(Player, club=club, pk=pk)
    if not policy.may_set_pin(role_of(request.user, club), own=_own(request, player)):
        raise PermissionDenied(gettext("Only an organiser or the player can set a player's PIN."))
    form = PinForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.player_set_pin(player=player, pin=form.cleaned_data["pin"], user=request.user)
        except services.ClubError as e:
            form.add_error("pin", str(e))
        else:
            messages.success(
                request, gettext("%(player)s's PIN is saved.") % {"player": player.display_name}
            )
            return redirect("clubs:detail", slug=club.slug)
    return render(request, "clubs/player_pin.html", {"club": club, "player": player, "form": form})
