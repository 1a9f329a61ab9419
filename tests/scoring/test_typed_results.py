"""A game's and a hand's cached results as typed values (``Game.final_result``,
``Hand.hand_result``): the cache keeps the game record's JSON (results of 1,000 with one
decimal under ``points_1000``), the typed values are integer tenths under ``engine.Unit``."""

import engine
from engine import FinalResult, HandResult, Unit
from scoring import services
from scoring.models import Game, Hand


def test_a_game_reads_its_cached_final_result_as_the_engine_s_values(finished_game):
    final = finished_game.final_result
    assert isinstance(final, FinalResult)
    assert final.over and final.unit is Unit.TENTHS
    # Chiara won 2,000 from Daiki: 25,000 / 25,000 / 27,000 / 23,000, then oka and uma
    assert final.results == (50, -150, 370, -270)
    assert final.results == tuple(s.result for s in finished_game.seats.order_by("seat"))
    # the cache is the record's form, as the engine's command line writes it
    assert finished_game.final["results"] == [5.0, -15.0, 37.0, -27.0]
    assert finished_game.final["unit"] == "points_1000"
    assert (
        finished_game.final
        == engine.score_game(services.game_record(finished_game)).as_dict()["final"]
    )


def test_the_typed_result_is_read_once_and_again_when_the_cache_changes(running_game):
    first = running_game.final_result
    assert running_game.final_result is first
    running_game.final = {**running_game.final, "pool": 2000}
    assert running_game.final_result is not first
    assert running_game.final_result.pool == 2000


def test_a_hand_reads_its_cached_result(running_game):
    hand = running_game.hands.get(number=2)
    result = hand.hand_result
    assert isinstance(result, HandResult)
    assert result.deltas == tuple(hand.result["deltas"]) and result.label == hand.label


def test_an_empty_cache_is_no_result_yet():
    assert Game(final={}).final_result is None
    assert Hand(result={}).hand_result is None


def test_a_game_settled_in_points_reads_its_results_in_points(club, table, bob):
    classical = services.game_create(
        club=club, players=table, rules="japanese-classical", created_by=bob
    )
    services.game_finish(game=classical, user=bob)
    classical.refresh_from_db()
    final = classical.final_result
    assert final.unit is Unit.POINTS and classical.final["unit"] == "points"
    assert final.results == tuple(classical.final["results"])
    assert final.results == tuple(s.result for s in classical.seats.order_by("seat"))
