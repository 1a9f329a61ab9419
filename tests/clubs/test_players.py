"""Players' PINs (to confirm results) and the clubs and players API."""

import json

import pytest

from clubs.models import Club, Membership, Player


@pytest.fixture
def guest(club):
    return Player.objects.create(club=club, display_name="Guest")


def test_an_organiser_sets_a_guests_pin(client, alice, guest):
    client.force_login(alice)

    response = client.post(f"/clubs/{guest.club.slug}/players/{guest.pk}/pin/", {"pin": "2580"})

    assert response.status_code == 302
    guest.refresh_from_db()
    assert guest.check_pin("2580") and not guest.check_pin("0000")


def test_a_pin_is_digits_only(client, alice, guest):
    client.force_login(alice)

    response = client.post(f"/clubs/{guest.club.slug}/players/{guest.pk}/pin/", {"pin": "abcd"})

    assert response.status_code == 200
    assert "4 to 8 digits" in str(response.context["form"].errors)
    guest.refresh_from_db()
    assert not guest.has_pin


def test_a_player_sets_their_own_pin_but_not_anothers(client, club, charlie, guest):
    client.force_login(charlie)
    own = Player.objects.get(club=club, user=charlie)

    assert (
        client.post(f"/clubs/{club.slug}/players/{own.pk}/pin/", {"pin": "1357"}).status_code == 302
    )
    assert (
        client.post(f"/clubs/{club.slug}/players/{guest.pk}/pin/", {"pin": "1357"}).status_code
        == 403
    )


def test_no_pin_never_matches(guest):
    assert not guest.check_pin("")


def _post(client, url, body):
    return client.post(url, json.dumps(body), content_type="application/json")


def test_the_club_list_shows_public_clubs_and_ones_own(client, club, public_club, charlie):
    assert client.get("/api/clubs/").json() == [
        {"slug": "open-table", "name": "Open Table", "public": True, "role": None}
    ]

    client.force_login(charlie)
    slugs = [c["slug"] for c in client.get("/api/clubs/").json()]
    assert slugs == ["open-table", "riverside"]


def test_creating_a_club_makes_its_creator_organiser(client, dave):
    client.force_login(dave)

    response = _post(client, "/api/clubs/", {"name": "Night Owls", "slug": "owls"})

    assert response.status_code == 201
    assert response.json() == {
        "slug": "owls",
        "name": "Night Owls",
        "public": False,
        "role": "organiser",
    }
    club = Club.objects.get(slug="owls")
    assert club.memberships.get(user=dave).role == Membership.Role.ORGANISER


def test_a_taken_slug_is_refused(client, club, dave):
    client.force_login(dave)

    response = _post(client, "/api/clubs/", {"name": "Copy", "slug": club.slug})

    assert response.status_code == 400
    assert response.json()["error"] == {
        "code": "slug_taken",
        "message": (
            "The short name 'riverside' is taken: choose another "
            "(it is the club's address, /clubs/riverside/)."
        ),
        "field": "slug",
    }


def test_an_anonymous_visitor_cannot_create_a_club(client, db):
    response = _post(client, "/api/clubs/", {"name": "X", "slug": "x"})

    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json()["error"]["code"] == "not_authenticated"


def test_a_scorer_adds_a_guest_and_a_second_one_of_that_name_is_refused(client, club, bob):
    client.force_login(bob)
    url = f"/api/clubs/{club.slug}/players/"

    first = _post(client, url, {"display_name": "Walk-in"})
    second = _post(client, url, {"display_name": "walk-in"})

    assert first.status_code == 201
    assert first.json()["guest"] is True and first.json()["display_name"] == "Walk-in"
    assert second.status_code == 400
    assert second.json()["error"]["code"] == "duplicate_player"
    names = [p["display_name"] for p in client.get(url).json()]
    assert names == ["Bob", "Walk-in"]
