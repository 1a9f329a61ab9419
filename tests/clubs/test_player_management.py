"""Keeping a club's players from the web: add, rename, merge, retire."""

import pytest

from clubhouse.leagues import stats as selectors
from clubs import players
from clubs.models import Player, PlayerClaim
from clubs.services import ClubError
from core.models import AuditEntry
from scoring import services as scoring
from scoring.models import GameSeat
from tests.scoring.conftest import RON, TSUMO


@pytest.fixture
def game(club, table, bob):
    game = scoring.game_create(club=club, players=table, rules="japanese-modern", created_by=bob)
    scoring.hand_submit(game=game, hand=RON, user=bob, expected_number=1)
    scoring.game_finish(game=game, user=bob)
    game.refresh_from_db()
    return game


def _people(client, club):
    return client.get(f"/clubs/{club.slug}/people/").content.decode()


def test_a_scorer_adds_a_guest_player(client, club, bob):
    client.force_login(bob)

    response = client.post(f"/clubs/{club.slug}/players/new/", {"display_name": "  Emi   Sato "})

    assert response.status_code == 302
    player = club.players.get(display_name="Emi Sato")
    assert player.user is None
    assert AuditEntry.objects.filter(action="player.created", after__id=player.pk).exists()


def test_a_duplicate_name_is_refused_in_any_case(client, club, alice, table):
    client.force_login(alice)

    response = client.post(f"/clubs/{club.slug}/players/new/", {"display_name": "aiko"})

    assert response.status_code == 200
    assert "already has a player called aiko" in str(response.context["form"].errors)
    assert club.players.filter(display_name__iexact="aiko").count() == 1


def test_a_renamed_player_shows_the_new_name_everywhere(client, club, alice, table, game):
    client.force_login(alice)
    aiko = table[0]

    response = client.post(
        f"/clubs/{club.slug}/players/{aiko.pk}/rename/", {"display_name": "Aiko Tanaka"}
    )

    assert response.status_code == 302
    for page in (f"/games/{game.pk}/", f"/clubs/{club.slug}/people/", f"/clubs/{club.slug}/"):
        content = client.get(page).content.decode()
        assert "Aiko Tanaka" in content, page
    assert scoring.game_record(game)["players"][0] == "Aiko Tanaka"
    # The finished game links each name to the player's page.
    link = f'href="/clubs/{club.slug}/players/{aiko.pk}/">Aiko Tanaka</a>'
    assert link in client.get(f"/games/{game.pk}/").content.decode()
    entry = AuditEntry.objects.get(action="player.renamed")
    assert entry.before == {"id": aiko.pk, "display_name": "Aiko"}
    assert entry.after == {"id": aiko.pk, "display_name": "Aiko Tanaka"}


def test_a_rename_to_a_taken_name_is_refused(client, club, alice, table):
    client.force_login(alice)

    response = client.post(
        f"/clubs/{club.slug}/players/{table[0].pk}/rename/", {"display_name": "BRUNO"}
    )

    assert response.status_code == 200
    assert "already has a player called BRUNO" in str(response.context["form"].errors)
    table[0].refresh_from_db()
    assert table[0].display_name == "Aiko"


def test_a_rename_in_case_only_is_allowed(club, alice, table):
    players.player_rename(player=table[0], display_name="AIKO", actor=alice, actor_role="organiser")

    table[0].refresh_from_db()
    assert table[0].display_name == "AIKO"


def test_a_scorer_may_not_rename(club, bob, table):
    with pytest.raises(ClubError) as refused:
        players.player_rename(player=table[0], display_name="X", actor=bob, actor_role="scorer")

    assert refused.value.code == "forbidden"


def test_merging_moves_games_standings_and_statistics(client, club, alice, bob, table, game):
    # "Aiko" played under a second name in another game; the organiser merges the two.
    twin = Player.objects.create(club=club, display_name="A. Tanaka")
    others = [Player.objects.create(club=club, display_name=n) for n in ("E", "F", "G")]
    second = scoring.game_create(
        club=club, players=[twin, *others], rules="japanese-modern", created_by=bob
    )
    scoring.hand_submit(game=second, hand=TSUMO, user=bob, expected_number=1)
    scoring.game_finish(game=second, user=bob)
    twin.pin = "hashed"
    twin.save()
    second.refresh_from_db()
    version = second.version
    client.force_login(alice)

    response = client.post(
        f"/clubs/{club.slug}/players/{table[0].pk}/merge/", {"duplicate": twin.pk}
    )

    assert response.status_code == 302
    assert not Player.objects.filter(pk=twin.pk).exists()
    assert set(GameSeat.objects.filter(player=table[0]).values_list("game", flat=True)) == {
        game.pk,
        second.pk,
    }
    assert selectors.player_stats(table[0], league=None).games == 2
    second.refresh_from_db()
    assert second.version == version + 1  # open pages refresh
    table[0].refresh_from_db()
    assert table[0].pin == "hashed"  # Aiko had no PIN; the twin's is kept
    entry = AuditEntry.objects.get(action="player.merged")
    assert entry.before["duplicate"]["display_name"] == "A. Tanaka"
    assert entry.after["display_name"] == "Aiko"


def test_merging_two_players_of_one_game_is_refused_and_changes_nothing(
    client, club, alice, table, game
):
    client.force_login(alice)

    response = client.post(
        f"/clubs/{club.slug}/players/{table[0].pk}/merge/", {"duplicate": table[1].pk}
    )

    assert response.status_code == 200
    errors = str(response.context["form"].errors)
    assert f"Aiko and Bruno both sat in game {game.pk}" in errors
    assert Player.objects.filter(pk=table[1].pk).exists()
    assert GameSeat.objects.filter(player=table[1]).count() == 1
    assert not AuditEntry.objects.filter(action="player.merged").exists()


def test_merging_across_clubs_is_refused(club, public_club, alice, table):
    stranger = Player.objects.create(club=public_club, display_name="Aiko")

    with pytest.raises(ClubError) as refused:
        players.player_merge(kept=table[0], duplicate=stranger, actor=alice, actor_role="organiser")

    assert refused.value.code == "merge_other_club"
    assert Player.objects.filter(pk=stranger.pk).exists()


def test_the_merge_page_offers_only_the_clubs_own_players(client, club, public_club, alice, table):
    stranger = Player.objects.create(club=public_club, display_name="Stranger")
    client.force_login(alice)

    response = client.post(
        f"/clubs/{club.slug}/players/{table[0].pk}/merge/", {"duplicate": stranger.pk}
    )

    assert response.status_code == 200
    assert "Select a valid choice" in str(response.context["form"].errors["duplicate"])


def test_a_player_is_not_merged_with_itself(club, alice, table):
    with pytest.raises(ClubError) as refused:
        players.player_merge(kept=table[0], duplicate=table[0], actor=alice, actor_role="organiser")

    assert refused.value.code == "merge_same_player"


def test_two_players_with_their_own_logins_are_not_merged(club, alice, bob):
    with pytest.raises(ClubError) as refused:
        players.player_merge(
            kept=club.players.get(user=alice),
            duplicate=club.players.get(user=bob),
            actor=alice,
            actor_role="organiser",
        )

    assert refused.value.code == "merge_two_logins"


def test_a_merged_guest_takes_the_duplicates_login(club, alice, charlie, table):
    own = club.players.get(user=charlie)

    kept = players.player_merge(kept=table[0], duplicate=own, actor=alice, actor_role="organiser")

    assert kept.user == charlie
    assert club.players.filter(user=charlie).get() == table[0]


def test_a_retired_player_leaves_the_pickers_but_not_history(client, club, alice, table, game):
    client.force_login(alice)

    response = client.post(f"/clubs/{club.slug}/players/{table[3].pk}/retire/", {"retired": "true"})

    assert response.status_code == 302
    table[3].refresh_from_db()
    assert table[3].retired
    picker = client.get(f"/clubs/{club.slug}/games/new/").context["form"].player_names
    assert "Daiki" not in picker and "Aiko" in picker
    assert "Daiki" in client.get(f"/games/{game.pk}/").content.decode()
    assert "Retired players (1)" in _people(client, club)
    assert AuditEntry.objects.filter(action="player.retired").count() == 1


def test_a_retired_player_comes_back(client, club, alice, table):
    players.player_set_retired(player=table[3], retired=True, actor=alice, actor_role="organiser")
    client.force_login(alice)

    client.post(f"/clubs/{club.slug}/players/{table[3].pk}/retire/", {"retired": "false"})

    table[3].refresh_from_db()
    assert not table[3].retired
    assert AuditEntry.objects.filter(action="player.restored").count() == 1


def test_the_club_page_lists_retired_players_apart(client, club, charlie, table):
    players.player_set_retired(player=table[3], retired=True, actor=None, actor_role="organiser")
    client.force_login(charlie)

    response = client.get(f"/clubs/{club.slug}/")

    assert table[3] not in response.context["players"]
    assert response.context["retired"] == [table[3]]
    content = response.content.decode()
    assert "Retired players (1)" in content
    daiki = f'<a href="/clubs/{club.slug}/players/{table[3].pk}/">Daiki</a> <span class="tag">'
    assert daiki + "retired</span>" in content


def test_the_merge_page_offers_retired_duplicates_marked_so(client, club, alice, table):
    players.player_set_retired(player=table[3], retired=True, actor=alice, actor_role="organiser")
    client.force_login(alice)

    response = client.get(f"/clubs/{club.slug}/players/{table[0].pk}/merge/")

    choices = [label for _, label in response.context["form"].fields["duplicate"].choices][1:]
    assert choices[-1] == "Daiki (retired)"  # the active players first
    assert {"Bruno", "Chiara"} <= set(choices) and "Aiko" not in choices


def test_a_retired_duplicate_is_merged_into_an_active_player(client, club, alice, table):
    players.player_set_retired(player=table[3], retired=True, actor=alice, actor_role="organiser")
    client.force_login(alice)

    response = client.post(
        f"/clubs/{club.slug}/players/{table[0].pk}/merge/", {"duplicate": table[3].pk}
    )

    assert response.status_code == 302
    assert not Player.objects.filter(pk=table[3].pk).exists()


def test_retiring_twice_says_so(club, alice, table):
    players.player_set_retired(player=table[3], retired=True, actor=alice, actor_role="organiser")

    with pytest.raises(ClubError, match="Daiki is retired already"):
        players.player_set_retired(
            player=table[3], retired=True, actor=alice, actor_role="organiser"
        )


def test_the_people_page_links_each_name_to_the_players_page(client, club, charlie, table):
    client.force_login(charlie)

    content = _people(client, club)

    for player in table:
        assert f'href="/clubs/{club.slug}/players/{player.pk}/">{player.display_name}' in content
    assert "Rename" not in content  # a member sees no organiser's actions


def test_a_merge_carries_a_pending_claim_to_the_kept_player(club, alice, table):
    from django.contrib.auth.models import User

    gus = User.objects.create_user("gus")
    twin = Player.objects.create(club=club, display_name="Twin")
    claim = PlayerClaim.objects.create(club=club, player=twin, user=gus)

    players.player_merge(kept=table[0], duplicate=twin, actor=alice, actor_role="organiser")

    claim.refresh_from_db()
    assert claim.player == table[0]
