from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from clubs import services
from clubs.access import Role, get_club_for_user, has_role, role_of
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
    context = {"club": club, "role": role, "players": club.players.all()}
    # Each app adds its own section (games, leagues, rule sets) through core's registry.
    context.update(club_sections(request, club, role))
    return render(request, "clubs/club_detail.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def player_pin(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Set the PIN a player confirms results with: an organiser for anyone, a player for
    their own seat."""
    club = get_club_for_user(request.user, slug)
    player = get_object_or_404(Player, club=club, pk=pk)
    own = player.user_id is not None and player.user_id == request.user.pk
    if not own and not has_role(role_of(request.user, club), Role.ORGANISER):
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
