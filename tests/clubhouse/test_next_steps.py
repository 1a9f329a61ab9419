"""What to do next on the club's page, for the one looking at it."""

import datetime

from clubs.models import Player, PlayerClaim
from leagues import services as leagues
from scoring import services as scoring
from scoring.policy import SITE
from tests.scoring.conftest import RON


def _steps(client, club):
    return [(s.text, s.link) for s in client.get(f"/clubs/{club.slug}/").context["next_steps"]]


def test_a_new_club_asks_its_organiser_for_players_and_people(client, dave):
    from clubs import services

    club = services.club_create(name="Owls", slug="owls", public=False, created_by=dave)
    client.force_login(dave)

    assert _steps(client, club) == [
        ("The club has 0 players: a game needs four.", "Add players"),
        ("You are the club's only member: invite the scorers and players.", "Invite people"),
    ]


def test_running_and_unconfirmed_games_and_the_seasons_standings(client, club, alice, bob):
    table = [Player.objects.create(club=club, display_name=n) for n in "PQRS"]
    league = leagues.league_create(club=club, name="Thursday", slug="thu", user=alice)
    season = leagues.season_create(
        league=league, name="Spring", starts=datetime.date(2020, 1, 1), user=alice
    )
    running = scoring.game_create(club=club, players=table, rules="tenhou", created_by=bob)
    done = scoring.game_create(club=club, players=table, rules="tenhou", created_by=bob)
    scoring.hand_submit(game=done, hand=RON, user=bob)
    scoring.game_finish(game=done, user=bob)
    assert running.is_running
    client.force_login(bob)

    steps = _steps(client, club)

    assert steps == [
        ("1 game is running tonight.", "See the games"),
        ("1 finished game waits for players to confirm the result.", "See the games"),
        ("Thursday: the Spring standings.", "Standings"),
    ]
    page = client.get(f"/clubs/{club.slug}/").content.decode()
    assert f"/clubs/{club.slug}/leagues/thu/seasons/{season.pk}/" in page


def test_a_waiting_request_comes_first_for_an_organiser(client, club, alice, dave):
    from clubs.models import Membership

    Membership.objects.create(club=club, user=dave, role="member")
    guest = Player.objects.create(club=club, display_name="Guest")
    PlayerClaim.objects.create(club=club, player=guest, user=dave)
    client.force_login(alice)

    assert _steps(client, club)[0] == ("A member asks to be linked to a guest player.", "Answer")


def test_an_outsider_of_a_public_club_sees_no_steps(client, public_club, dave):
    client.force_login(dave)

    assert _steps(client, public_club) == []


def test_the_players_page_lists_their_games_running_ones_too(client, club, charlie):
    table = [Player.objects.create(club=club, display_name=n) for n in "PQRS"]
    game = scoring.game_create(club=club, players=table, rules="tenhou", created_by=SITE)
    client.force_login(charlie)

    page = client.get(f"/clubs/{club.slug}/players/{table[0].pk}/").content.decode()
    other = client.get(f"/clubs/{club.slug}/players/{club.players.get(user=charlie).pk}/")

    assert f'href="/games/{game.pk}/"' in page
    assert f'href="/games/{game.pk}/"' not in other.content.decode()
