from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from clubs.access import get_club_for_user, role_of
from clubs.models import Club
from leagues.sections import club_section as leagues_section
from rulesets.sections import club_section as rulesets_section
from scoring.sections import club_section as scoring_section

CLUB_SECTIONS = (scoring_section, leagues_section, rulesets_section)


def home(request: HttpRequest) -> HttpResponse:
    my_clubs = Club.objects.member_of(request.user)
    public_clubs = Club.objects.public().exclude(pk__in=my_clubs.values("pk"))
    return render(request, "clubs/home.html", {"my_clubs": my_clubs, "public_clubs": public_clubs})


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request.user, slug)
    role = role_of(request.user, club)
    context = {"club": club, "role": role, "players": club.players.all()}
    # Each app adds its own section (games, leagues, rule sets) to the club's page.
    for section in CLUB_SECTIONS:
        context.update(section(request, club, role))
    return render(request, "clubs/club_detail.html", context)
