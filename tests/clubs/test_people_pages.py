"""The people page of a big club: its players and members a page at a time, found by name."""

import re

import pytest
from django.contrib.auth.models import User

from clubs.manage_views import PEOPLE_PER_PAGE
from clubs.models import Membership, Player, PlayerClaim
from tests.conftest import PASSWORD


@pytest.fixture
def crowd(club):
    """A club of 250 guests (Guest 000 to Guest 249) and 5 retired players."""
    Player.objects.bulk_create(
        [Player(club=club, display_name=f"Guest {i:03}") for i in range(250)]
        + [Player(club=club, display_name=f"Gone {i}", retired=True) for i in range(5)]
    )


def _names(html):
    return re.findall(r'/players/\d+/">([^<]+)</a>', html)


def _page(client, club, query=""):
    response = client.get(f"/clubs/{club.slug}/people/{query}")
    assert response.status_code == 200
    return response.content.decode()


def test_the_players_come_a_page_at_a_time_in_name_order(client, club, alice, crowd):
    client.force_login(alice)
    first = _page(client, club)
    listed = _names(first)
    # Alice herself sorts first; then the guests by name: one page holds PEOPLE_PER_PAGE.
    assert len(listed) == PEOPLE_PER_PAGE and listed[:2] == ["Alice", "Guest 000"]
    assert "Page 1 of 3 · 251 in all" in first and 'href="?page=2" rel="next"' in first
    last = _names(_page(client, club, "?page=3"))
    assert last[-1] == "Guest 249" and len(last) == 251 - 2 * PEOPLE_PER_PAGE
    assert "Gone 0" not in first and "Retired players (5)" in first


def test_a_search_finds_players_by_part_of_their_name_and_keeps_it_across_pages(
    client, club, alice, crowd
):
    client.force_login(alice)
    found = _names(_page(client, club, "?q=guest+12"))
    assert found == [f"Guest {i}" for i in range(120, 130)]
    none = _page(client, club, "?q=nobody")
    assert _names(none) == [] and "No player’s name holds “nobody”." in none  # noqa: RUF001
    # The other list's page is kept when one list turns a page.
    many = _page(client, club, "?q=guest&members=1")
    assert 'href="?q=guest&amp;members=1&amp;page=2"' in many


def test_the_retired_players_have_a_list_of_their_own(client, club, alice, crowd):
    client.force_login(alice)
    retired = _page(client, club, "?retired=1")
    assert _names(retired) == [f"Gone {i}" for i in range(5)]
    assert "Bring back" in retired and "Guest 000" not in retired


def test_a_member_with_more_guests_than_a_list_holds_names_the_guest_they_were(
    client, club, alice, crowd
):
    erin = User.objects.create_user("erin", "erin@example.org", PASSWORD)
    Membership.objects.create(club=club, user=erin, role=Membership.Role.MEMBER)
    client.force_login(erin)
    page = _page(client, club)
    assert 'name="player_name"' in page and "<option" not in page
    response = client.post(f"/clubs/{club.slug}/claims/", {"player_name": "guest 042"})
    assert response.status_code == 302
    claim = PlayerClaim.objects.get(user=erin)
    assert claim.player.display_name == "Guest 042"
    # A name that is no guest's is not found, and nothing is asked.
    missing = client.post(f"/clubs/{club.slug}/claims/", {"player_name": "Alice"})
    assert missing.status_code == 404 and PlayerClaim.objects.filter(user=erin).count() == 1


def test_the_members_come_a_page_at_a_time(client, club, alice):
    users = User.objects.bulk_create(
        [User(username=f"member{i:03}") for i in range(PEOPLE_PER_PAGE + 20)]
    )
    Membership.objects.bulk_create(
        [Membership(club=club, user=u, role=Membership.Role.MEMBER) for u in users]
    )
    client.force_login(alice)
    first = _page(client, club)
    assert "Page 1 of 2 · 121 in all" in first and 'href="?members=2" rel="next"' in first
    second = _page(client, club, "?members=2")
    assert "member119" in second and "member000" not in second
