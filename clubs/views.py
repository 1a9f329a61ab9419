from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from clubs import policy, services
from clubs.access import get_club_for_user, role_of
from clubs.forms import PinForm
from clubs.models import Club, Player
from core.sections import club_sections

# The public clubs the home page lists at a time: the site's clubs grow with its use.
CLUBS_PER_PAGE = 50
# The players (and, apart, the retired players) the club's page lists by name; the people
# page has them all, a page at a time and searchable.
CLUB_PAGE_PLAYERS = 100


def home(request: HttpRequest) -> HttpResponse:
    """The reader's clubs (as many as they joined) and the public clubs, a page at a time."""
    my_clubs = Club.objects.member_of(request.user)
    public_clubs = Club.objects.public().exclude(pk__in=my_clubs.values("pk"))
    page = Paginator(public_clubs, CLUBS_PER_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "clubs/home.html",
        {"my_clubs": my_clubs, "public_clubs": page.object_list, "public_page": page},
    )


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request.user, slug)
    role = role_of(request.user, club)
    # The first CLUB_PAGE_PLAYERS by name of each, one more telling whether more follow.
    active = list(club.players.filter(retired=False)[: CLUB_PAGE_PLAYERS + 1])
    retired = list(club.players.filter(retired=True)[: CLUB_PAGE_PLAYERS + 1])
    everyone = active[:CLUB_PAGE_PLAYERS] + retired[:CLUB_PAGE_PLAYERS]
    # Retired players are listed apart, as on the people page: still linked to their history.
    context = {
        "club": club,
        "role": role,
        "may": policy.allowed(role),
        "players": active[:CLUB_PAGE_PLAYERS],
        "more_players": len(active) > CLUB_PAGE_PLAYERS,
        "retired": retired[:CLUB_PAGE_PLAYERS],
        "retired_count": (
            club.players.filter(retired=True).count()
            if len(retired) > CLUB_PAGE_PLAYERS
            else len(retired)
        ),
        "more_retired": len(retired) > CLUB_PAGE_PLAYERS,
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
