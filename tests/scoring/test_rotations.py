"""Five at a table: the sit-out rule, the services (make, next game, order), who may, the
audit trail, and the night's standing from games entered through the services."""

import pytest
from django.core.exceptions import PermissionDenied

from core.models import AuditEntry
from scoring import policy, rotations, services
from scoring.models import Game, Rotation, RotationGame
from tests import factories

FIVE = ("Aiko", "Bruno", "Chiara", "Daiki", "Emi")
# Under japanese-modern (25,000 start, 30,000 return, uma 20/10): seat 2 wins 2 han 30 fu on
# seat 3's discard (2,000); seat 1 wins 1 han 30 fu by self-draw (300/500 each).
RON = {"result": "ron", "from": 3, "wins": [{"seat": 2, "han": 2, "fu": 30}]}
TSUMO = {"result": "tsumo", "wins": [{"seat": 1, "han": 1, "fu": 30}]}


@pytest.fixture
def five(club):
    return factories.players(club, FIVE)


@pytest.fixture
def rotation(club, five, bob):
    return services.rotation_create(
        club=club, players=five, rules="japanese-modern", created_by=bob, table="2"
    )


def names(players):
    return [p.display_name for p in players]


def play_next(rotation, user, hand):
    game = services.rotation_next_game(rotation=rotation, user=user)
    services.hand_submit(game=game, hand=hand, user=user)
    services.game_finish(game=game, user=user)
    game.refresh_from_db()
    return game


# ---------------------------------------------------------------------------------------------
# The rule


@pytest.mark.parametrize(
    ("number", "out", "seats"),
    [
        (1, "A", "BCDE"),
        (2, "B", "CDEA"),
        (3, "C", "DEAB"),
        (4, "D", "EABC"),
        (5, "E", "ABCD"),
        (6, "A", "BCDE"),
        (12, "B", "CDEA"),
    ],
)
def test_game_n_is_sat_out_by_place_n_and_the_others_follow_them(number, out, seats):
    assert rotations.sits_out("ABCDE", number) == out
    assert "".join(rotations.seating("ABCDE", number)) == seats


def test_every_player_sits_out_once_in_five_games_and_plays_four():
    outs = [rotations.sits_out("ABCDE", n) for n in range(1, 6)]
    played = [p for n in range(1, 6) for p in rotations.seating("ABCDE", n)]
    assert sorted(outs) == list("ABCDE")
    assert {p: played.count(p) for p in "ABCDE"} == dict.fromkeys("ABCDE", 4)


def test_games_are_numbered_from_one():
    with pytest.raises(ValueError):
        rotations.sits_out("ABCDE", 0)


# ---------------------------------------------------------------------------------------------
# Making a rotation


def test_it_keeps_the_order_and_the_rules_and_logs_it(rotation, club, bob):
    assert names(rotations.order_of(rotation)) == list(FIVE)
    assert rotation.rules["preset"] == "japanese-modern"
    assert rotation.played_on is not None
    entry = AuditEntry.objects.get(action="rotation.created")
    assert entry.actor == bob and entry.club == club
    assert entry.after["order"] == list(FIVE)
    assert entry.after["rotation"] == rotation.pk


def test_a_new_name_becomes_a_guest(club, bob, five):
    rotation = services.rotation_create(
        club=club,
        players=[*names(five[:4]), "Federico"],
        rules="japanese-modern",
        created_by=bob,
    )
    assert names(rotations.order_of(rotation))[-1] == "Federico"
    assert club.players.filter(display_name="Federico").exists()


@pytest.mark.parametrize("count", [4, 6])
def test_it_refuses_other_than_five_players_and_adds_no_guest(club, bob, count):
    given = [f"Guest {i}" for i in range(count)]
    with pytest.raises(services.GameError, match=f"five players; {count} were given") as e:
        services.rotation_create(club=club, players=given, rules="tenhou", created_by=bob)
    assert e.value.code == "players"
    assert not club.players.filter(display_name__startswith="Guest").exists()
    assert not Rotation.objects.exists()


def test_it_refuses_a_player_twice(club, bob, five):
    with pytest.raises(services.GameError, match="only one place") as e:
        services.rotation_create(
            club=club, players=[*five[:4], five[0]], rules="tenhou", created_by=bob
        )
    assert e.value.code == "players"
    assert not Rotation.objects.exists()


def test_it_refuses_another_clubs_player(club, public_club, bob, five):
    stranger = factories.players(public_club, ("Zoe",))[0]
    with pytest.raises(services.GameError, match="Zoe is not a player of Riverside"):
        services.rotation_create(
            club=club, players=[*five[:4], stranger], rules="tenhou", created_by=bob
        )
    assert not Rotation.objects.exists()


def test_it_refuses_rules_for_three_players(club, bob, five):
    with pytest.raises(services.GameError, match="four-player games") as e:
        services.rotation_create(club=club, players=five, rules="tenhou-sanma", created_by=bob)
    assert e.value.code == "rules"
    assert not Rotation.objects.exists()


def test_a_member_cannot_make_one(club, charlie, five):
    with pytest.raises(PermissionDenied):
        services.rotation_create(club=club, players=five, rules="tenhou", created_by=charlie)
    assert not Rotation.objects.exists()
    assert not AuditEntry.objects.filter(action="rotation.created").exists()


def test_a_club_rule_set_pins_its_version_for_every_game(club, alice, bob, five):
    from rulesets import services as rulesets

    ruleset = rulesets.ruleset_create(
        club=club, name="Parlour", template_preset="tenhou", options={}, created_by=alice
    )
    version = ruleset.current_version
    rotation = services.rotation_create(
        club=club, players=five, ruleset_version=version, created_by=bob
    )
    game = services.rotation_next_game(rotation=rotation, user=bob)
    assert game.ruleset_version == version
    assert game.rules == rotation.rules
    assert game.rules_name == "Parlour (version 1)"


# ---------------------------------------------------------------------------------------------
# Its games


def test_the_next_game_seats_the_four_who_do_not_sit_out(rotation, bob, club):
    game = services.rotation_next_game(rotation=rotation, user=bob)
    assert names(game.seat_players()) == ["Bruno", "Chiara", "Daiki", "Emi"]
    link = game.rotation_game
    assert (link.rotation, link.number, link.sits_out.display_name) == (rotation, 1, "Aiko")
    assert game.table == "2" and game.played_on == rotation.played_on
    assert game.rules == rotation.rules and game.is_running
    assert AuditEntry.objects.filter(action="game.created", game=game).exists()
    entry = AuditEntry.objects.get(action="rotation.game_started")
    assert entry.after == {
        "rotation": rotation.pk,
        "game": game.pk,
        "number": 1,
        "sits_out": "Aiko",
        "seats": ["Bruno", "Chiara", "Daiki", "Emi"],
    }


def test_it_refuses_a_second_game_while_one_runs(rotation, bob):
    services.rotation_next_game(rotation=rotation, user=bob)
    with pytest.raises(services.GameError, match="Game 1 of this rotation is still running") as e:
        services.rotation_next_game(rotation=rotation, user=bob)
    assert e.value.code == "game_running"
    assert RotationGame.objects.filter(rotation=rotation).count() == 1
    assert Game.objects.count() == 1


def test_a_finished_or_abandoned_game_lets_the_next_start(rotation, bob):
    first = play_next(rotation, bob, RON)
    second = services.rotation_next_game(rotation=rotation, user=bob)
    services.game_abandon(game=second, user=bob, reason="the table was needed")
    third = services.rotation_next_game(rotation=rotation, user=bob)
    assert [first.rotation_game.number, second.rotation_game.number] == [1, 2]
    assert third.rotation_game.number == 3
    assert names(third.seat_players()) == ["Daiki", "Emi", "Aiko", "Bruno"]
    assert third.rotation_game.sits_out.display_name == "Chiara"


def test_a_member_cannot_start_the_next_game(rotation, charlie):
    with pytest.raises(PermissionDenied):
        services.rotation_next_game(rotation=rotation, user=charlie)
    assert not Game.objects.exists()


def test_an_outsider_cannot_start_the_next_game(rotation, dave):
    with pytest.raises(PermissionDenied):
        services.rotation_next_game(rotation=rotation, user=dave)
    assert not Game.objects.exists()


# ---------------------------------------------------------------------------------------------
# The order


def test_the_organiser_changes_the_order_for_the_games_to_come(rotation, alice, bob, five):
    aiko, bruno, chiara, daiki, emi = five
    played = play_next(rotation, bob, RON)
    services.rotation_reorder(
        rotation=rotation, order=[aiko, daiki, chiara, bruno, emi], user=alice, reason="late"
    )
    assert names(rotations.order_of(rotation)) == ["Aiko", "Daiki", "Chiara", "Bruno", "Emi"]
    # Game 1 keeps who sat out and where; game 2 follows the new order.
    played.refresh_from_db()
    assert played.rotation_game.sits_out == aiko
    assert names(played.seat_players()) == ["Bruno", "Chiara", "Daiki", "Emi"]
    game = services.rotation_next_game(rotation=rotation, user=bob)
    assert game.rotation_game.sits_out == daiki
    assert names(game.seat_players()) == ["Chiara", "Bruno", "Emi", "Aiko"]
    entry = AuditEntry.objects.get(action="rotation.order_changed")
    assert entry.actor == alice and entry.reason == "late"
    assert entry.before == {"rotation": rotation.pk, "order": list(FIVE)}
    assert entry.after["order"] == ["Aiko", "Daiki", "Chiara", "Bruno", "Emi"]


def test_a_scorer_cannot_change_the_order(rotation, bob, five):
    with pytest.raises(PermissionDenied):
        services.rotation_reorder(rotation=rotation, order=five[::-1], user=bob)
    assert names(rotations.order_of(rotation)) == list(FIVE)
    assert not AuditEntry.objects.filter(action="rotation.order_changed").exists()


def test_the_new_order_must_have_the_same_five(rotation, alice, club, five):
    federico = factories.players(club, ("Federico",))[0]
    for order in ([*five[:4], federico], five[:4], [*five[:4], five[0]]):
        with pytest.raises(services.GameError, match="five players, each once") as e:
            services.rotation_reorder(rotation=rotation, order=order, user=alice)
        assert e.value.code == "order"
    assert names(rotations.order_of(rotation)) == list(FIVE)


def test_the_same_order_again_changes_nothing(rotation, alice, five):
    services.rotation_reorder(rotation=rotation, order=five, user=alice)
    assert not AuditEntry.objects.filter(action="rotation.order_changed").exists()


def test_the_upcoming_games_follow_the_order_now(rotation, bob):
    play_next(rotation, bob, RON)
    coming = rotations.upcoming(rotation, started=1, count=2)
    assert [(u.number, u.sits_out.display_name, names(u.seats)) for u in coming] == [
        (2, "Bruno", ["Chiara", "Daiki", "Emi", "Aiko"]),
        (3, "Chiara", ["Daiki", "Emi", "Aiko", "Bruno"]),
    ]


# ---------------------------------------------------------------------------------------------
# The standing


def test_the_standing_adds_up_the_finished_games(rotation, bob):
    # Game 1 (Aiko out): Bruno 25,000, Chiara 25,000, Daiki 27,000, Emi 23,000.
    # Game 2 (Bruno out): Chiara 24,500, Daiki 26,100, Emi 24,700, Aiko 24,700.
    play_next(rotation, bob, RON)
    play_next(rotation, bob, TSUMO)
    rows = rotations.standing(rotation)
    got = [
        (r.place, r.player.display_name, r.games, r.sat_out, r.total_text, r.placements)
        for r in rows
    ]
    assert got == [
        (1, "Daiki", 2, 0, "+73.1", (2, 0, 0, 0)),  # +37.0 +36.1
        (2, "Bruno", 1, 1, "+5.0", (0, 1, 0, 0)),
        (3, "Aiko", 1, 1, "-15.3", (0, 0, 1, 0)),
        (4, "Emi", 2, 0, "-22.3", (0, 1, 0, 1)),  # -27.0 +4.7
        (5, "Chiara", 2, 0, "-40.5", (0, 0, 1, 1)),  # -15.0 -25.5
    ]


def test_a_running_or_abandoned_game_counts_for_nobody(rotation, bob):
    play_next(rotation, bob, RON)
    second = services.rotation_next_game(rotation=rotation, user=bob)
    services.hand_submit(game=second, hand=TSUMO, user=bob)
    running = {r.player.display_name: (r.games, r.sat_out) for r in rotations.standing(rotation)}
    assert running == {
        "Aiko": (0, 1),
        "Bruno": (1, 1),
        "Chiara": (1, 0),
        "Daiki": (1, 0),
        "Emi": (1, 0),
    }
    services.game_abandon(game=second, user=bob, reason="closing time")
    rows = {r.player.display_name: r for r in rotations.standing(rotation)}
    assert rows["Daiki"].total_text == "+37.0" and rows["Daiki"].games == 1
    assert rows["Aiko"].games == 0 and rows["Aiko"].total_text == ""


def test_equal_totals_over_as_many_games_share_a_place(rotation):
    rows = rotations.standing(rotation)
    assert [r.place for r in rows] == [1, 1, 1, 1, 1]
    assert names(r.player for r in rows) == list(FIVE)


def test_the_policy_of_five_at_a_table():
    from clubs.access import Role

    assert policy.may_start_rotation(Role.SCORER) and not policy.may_start_rotation(Role.MEMBER)
    assert policy.may_change_rotation_order(Role.ORGANISER)
    assert not policy.may_change_rotation_order(Role.SCORER)
    assert not policy.may_start_rotation(None)


# ---------------------------------------------------------------------------------------------
# A merge of players


def test_a_merged_duplicate_takes_their_place_and_sit_outs(rotation, club, alice, bob):
    from clubs import players as club_players

    play_next(rotation, bob, RON)  # Aiko sits out game 1
    kept = factories.players(club, ("Aiko Sato",))[0]
    aiko = club.players.get(display_name="Aiko")
    club_players.player_merge(kept=kept, duplicate=aiko, actor=alice, actor_role="organiser")
    assert names(rotations.order_of(rotation))[0] == "Aiko Sato"
    assert rotation.games.get(number=1).sits_out == kept


def test_two_players_of_one_rotation_are_not_merged(rotation, club, alice):
    from clubs import players as club_players
    from clubs.services import ClubError

    aiko, emi = club.players.get(display_name="Aiko"), club.players.get(display_name="Emi")
    with pytest.raises(ClubError, match="both in the five at a table") as e:
        club_players.player_merge(kept=aiko, duplicate=emi, actor=alice, actor_role="organiser")
    assert e.value.code == "merge_same_rotation"
    assert club.players.filter(pk=emi.pk).exists()


def test_the_rule_modules_examples_hold():
    import doctest

    from scoring import rotations as module

    result = doctest.testmod(module)
    assert (result.failed, result.attempted) == (0, 4)
