from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from clubs.access import get_club_for_user, role_of
from clubs.models import Club


def home(request: HttpRequest) -> HttpResponse:
    my_clubs = Club.objects.member_of(request.user)
    public_clubs = Club.objects.public().exclude(pk__in=my_clubs.values("pk"))
    return render(request, "clubs/home.html", {"my_clubs": my_clubs, "public_clubs": public_clubs})


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request.user, slug)
    context = {
        "club": club,
        "role": role_of(request.user, club),
        "players": club.players.all(),
    }
    return render(request, "clubs/club_detail.html", context)
