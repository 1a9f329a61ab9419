"""A game's seat count comes from its rules (``players``): three-player riichi through the
write services, and a table of the wrong size refused naming the count the rules want."""

import pytest

from scoring import services
from scoring.errors import GameError
from tests.factories import FOUR, play, players, tsumo

THREE = FOUR[:3]


def test_a_three_player_game_seats_three_and_settles_over_three(club, alice):
    # Aiko (East) wins a 3 han 30 fu self-draw as dealer: 2,000 from each of the two others
    # (tsumo loss, Tenhou), then the game is ended: 39,000 / 33,000 / 33,000 from 35,000.
    # Against the 40,000 return, with the oka (5,000 x 3) to first and uma +20/0/-20, the
    # tie going to the seat nearer East: +34.0, -7.0, -27.0.
    game = play(club, players(club, THREE), alice, [tsumo(0)], rules="tenhou-sanma")
    assert game.seat_count == 3
    seats = list(game.seats.order_by("seat"))
    assert [(s.score, s.rank, s.result) for s in seats] == [
        (39000, 1, 340),
        (33000, 2, -70),
        (33000, 3, -270),
    ]
    assert game.final_result.results == (340, -70, -270)


@pytest.mark.parametrize(
    ("rules", "names", "message"),
    [
        ("tenhou-sanma", FOUR, "These rules seat 3 players; 4 were given."),
        ("tenhou", THREE, "These rules seat 4 players; 3 were given."),
    ],
)
def test_a_table_of_the_wrong_size_is_refused_and_nothing_is_made(
    club, alice, rules, names, message
):
    seated = players(club, names)
    with pytest.raises(GameError) as refused:
        services.game_create(club=club, players=seated, rules=rules, created_by=alice)
    assert (refused.value.code, refused.value.field, str(refused.value)) == (
        "players",
        "players",
        message,
    )
    assert not club.games.exists()


def test_a_three_player_record_imports_and_a_fourth_name_is_refused(club, alice):
    record = {"rules": "tenhou-sanma", "players": list(THREE), "hands": [tsumo(1)]}
    game = services.game_import(club=club, record=record, created_by=alice)
    assert [p.display_name for p in game.seat_players()] == list(THREE)
    assert game.hand_count == 1
    with pytest.raises(GameError) as refused:
        services.game_import(club=club, record={**record, "players": list(FOUR)}, created_by=alice)
    assert refused.value.code == "players"
    assert club.games.count() == 1
