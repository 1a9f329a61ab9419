"""Each seat's yaku cached when its game is over (``GameSeat.yaku``): right after a finish by
the rules on a hand scored from the cached progress, by the club's end, a correction, a deleted
hand, an undo and a redo, at five at a table, for an imported record and a game entered by its
final scores; and the migration that fills the seats of the games over before it."""

from __future__ import annotations

import doctest
import importlib

import pytest
from django.apps import apps

import engine
from engine.yaku import HanBreakdown
from scoring import services, totals
from scoring.models import Game, GameSeat
from scoring.services import replay as replay_module
from tests.factories import tsumo

TANYAO_RON = {"result": "ron", "from": 1, "wins": [{"seat": 0, "yaku": ["tanyao"], "fu": 30}]}
PINFU_TSUMO = {"result": "tsumo", "wins": [{"seat": 2, "yaku": ["menzen_tsumo", "pinfu"]}]}
CHIITOI_RON = {"result": "ron", "from": 3, "wins": [{"seat": 2, "yaku": ["chiitoitsu"]}]}
# The dealer's yakuman off seat 1 (48,000 from 25,000 and less): seat 1 goes below zero and
# the game is over by the rules.
KOKUSHI_RON = {"result": "ron", "from": 1, "wins": [{"seat": 0, "yaku": ["kokushi"]}]}


def seat_yaku(game):
    return {s.seat: s.yaku for s in GameSeat.objects.filter(game=game).order_by("seat")}


def from_hands(game):
    """The seats' yaku decoded from the game's hands, as the league page counted them before
    the seats kept them (the oracle)."""
    out = {s: {} for s in GameSeat.objects.filter(game=game).values_list("seat", flat=True)}
    for cached in game.hands.order_by("number").values_list("result", flat=True):
        for seat, b in engine.HandResult.from_dict(cached).breakdowns:
            if isinstance(b, HanBreakdown):
                for item in b.items:
                    out[seat].setdefault(item.id, [item.name, 0])[1] += 1
    return out


def test_the_examples_in_the_docstrings_hold():
    for module in (replay_module, totals):
        failed, attempted = doctest.testmod(module)
        assert attempted and not failed, module.__name__


def test_a_game_over_by_the_rules_on_a_hand_scored_from_its_progress_counts_every_hand(
    club, alice, players, monkeypatch
):
    game = services.game_create(
        club=club, players=players[:4], rules="japanese-modern", created_by=alice
    )
    for hand in (TANYAO_RON, PINFU_TSUMO, tsumo(3)):
        services.hand_submit(game=game, hand=hand, user=alice)
    assert all(y == {} for y in seat_yaku(game).values())  # running: none yet

    # The last hand is scored from the cached progress alone: no replay of the earlier ones.
    def no_replay(*args, **kwargs):
        raise AssertionError("the appended hand replayed the game")

    monkeypatch.setattr("scoring.services.hands.replay", no_replay)
    services.hand_submit(game=game, hand=KOKUSHI_RON, user=alice)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert seat_yaku(game) == {
        0: {
            "tanyao": ["All simples (tanyao)", 1],
            "kokushi": ["Thirteen orphans (kokushi musou)", 1],
        },
        1: {},
        2: {
            "menzen_tsumo": ["Fully concealed hand (menzen tsumo)", 1],
            "pinfu": ["No-points hand (pinfu)", 1],
        },
        3: {},
    }
    assert seat_yaku(game) == from_hands(game)


def test_the_seats_yaku_follow_corrections_deletions_undo_and_redo(club, alice, players):
    game = services.game_create(
        club=club, players=players[:4], rules="japanese-modern", created_by=alice
    )
    for hand in (TANYAO_RON, PINFU_TSUMO, TANYAO_RON):
        services.hand_submit(game=game, hand=hand, user=alice)
    services.game_finish(game=game, user=alice)
    game.refresh_from_db()
    assert seat_yaku(game)[0] == {"tanyao": ["All simples (tanyao)", 2]}
    assert seat_yaku(game) == from_hands(game)

    services.hand_correct(game=game, number=2, hand=CHIITOI_RON, reason="seven pairs", user=alice)
    assert seat_yaku(game)[2] == {"chiitoitsu": ["Seven pairs (chiitoitsu)", 1]}
    assert seat_yaku(game) == from_hands(game)

    services.hand_delete(game=game, number=1, reason="not played", user=alice)
    assert seat_yaku(game)[0] == {"tanyao": ["All simples (tanyao)", 1]}
    assert seat_yaku(game) == from_hands(game)

    # A hand won by han and fu names no yaku: the seat's yaku stay as they were.
    services.hand_correct(game=game, number=2, hand=tsumo(0), reason="by han", user=alice)
    assert seat_yaku(game) == {
        0: {},
        1: {},
        2: {"chiitoitsu": ["Seven pairs (chiitoitsu)", 1]},
        3: {},
    }


def test_a_game_reopened_by_an_undo_keeps_no_yaku_until_it_is_over_again(club, alice, players):
    game = services.game_create(
        club=club, players=players[:4], rules="japanese-modern", created_by=alice
    )
    services.hand_submit(game=game, hand=TANYAO_RON, user=alice)
    services.hand_submit(game=game, hand=KOKUSHI_RON, user=alice)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert seat_yaku(game) == from_hands(game)

    move = services.hand_undo(game=game, user=alice)
    assert move.game.status == Game.Status.RUNNING
    assert all(y == {} for y in seat_yaku(game).values())  # as its scores, none while it runs

    move = services.hand_redo(game=move.game, user=alice)
    assert move.game.status == Game.Status.FINISHED
    assert seat_yaku(game)[0] == {
        "tanyao": ["All simples (tanyao)", 1],
        "kokushi": ["Thirteen orphans (kokushi musou)", 1],
    }
    assert seat_yaku(game) == from_hands(game)


def test_at_five_at_a_table_the_yaku_go_to_the_record_seat_that_won(club, alice, players):
    # Seat 0 deals the first hand, so seat 4 sits it out; the second hand is dealt by seat 1
    # and sat out by seat 0: its winner, seat 4 of the record, is the hand's fourth seat.
    game = services.game_create(
        club=club, players=players[:5], rules="japanese-modern-five", created_by=alice
    )
    services.hand_submit(
        game=game,
        hand={"result": "ron", "from": 2, "wins": [{"seat": 3, "yaku": ["tanyao"], "fu": 30}]},
        user=alice,
    )
    services.hand_submit(
        game=game,
        hand={"result": "tsumo", "wins": [{"seat": 4, "yaku": ["menzen_tsumo", "pinfu"]}]},
        user=alice,
    )
    services.game_finish(game=game, user=alice)
    yaku = seat_yaku(game)
    assert yaku[3] == {"tanyao": ["All simples (tanyao)", 1]}
    assert set(yaku[4]) == {"menzen_tsumo", "pinfu"}
    assert yaku[0] == yaku[1] == yaku[2] == {}
    assert yaku == from_hands(game)


def test_an_imported_record_and_a_game_entered_by_its_final_scores(club, alice, players):
    imported = services.game_import(
        club=club,
        record={"rules": "japanese-modern", "hands": [TANYAO_RON, KOKUSHI_RON]},
        created_by=alice,
        players=players[:4],
    )
    assert imported.status == Game.Status.FINISHED
    assert set(seat_yaku(imported)[0]) == {"tanyao", "kokushi"}
    assert seat_yaku(imported) == from_hands(imported)

    by_scores = services.game_final_scores_enter(
        club=club,
        seats=players[:4],
        rules="japanese-modern",
        final_scores={"scores": [40000, 30000, 20000, 10000]},
        created_by=alice,
    )
    assert by_scores.status == Game.Status.FINISHED
    assert all(y == {} for y in seat_yaku(by_scores).values())


backfill = importlib.import_module("scoring.migrations.0013_seat_yaku_backfill")


def test_the_migration_fills_the_seats_of_the_games_over_before_it(club, alice, players):
    over = services.game_create(
        club=club, players=players[:4], rules="japanese-modern", created_by=alice
    )
    for hand in (TANYAO_RON, PINFU_TSUMO, CHIITOI_RON):
        services.hand_submit(game=over, hand=hand, user=alice)
    services.game_finish(game=over, user=alice)
    running = services.game_create(
        club=club, players=players[2:6], rules="japanese-modern", created_by=alice
    )
    services.hand_submit(game=running, hand=TANYAO_RON, user=alice)
    want = seat_yaku(over)
    assert want[2] and want == from_hands(over)
    GameSeat.objects.update(yaku={})  # as the games over before the migration have them

    backfill.GAMES_AT_ONCE = 1  # every game in a batch of its own, as in a large database
    backfill.fill_seat_yaku(apps, None)
    assert seat_yaku(over) == want
    assert all(y == {} for y in seat_yaku(running).values())


def test_the_migrations_reading_of_the_json_agrees_with_the_engines(club, alice, players):
    game = services.game_create(
        club=club, players=players[:4], rules="japanese-modern", created_by=alice
    )
    by_tiles = {"result": "tsumo", "wins": [{"seat": 1, "tiles": "234567m234p45688s", "win": "6s"}]}
    for hand in (TANYAO_RON, by_tiles, CHIITOI_RON, tsumo(0, 2, 30)):
        services.hand_submit(game=game, hand=hand, user=alice)
    results = list(game.hands.order_by("number").values_list("result", flat=True))
    decoded = replay_module.seat_yaku(engine.HandResult.from_dict(r) for r in results)
    assert backfill.seat_yaku(results) == decoded
    assert set(decoded) == {0, 1, 2}


@pytest.fixture(autouse=True)
def _restore_batch_size():
    size = backfill.GAMES_AT_ONCE
    yield
    backfill.GAMES_AT_ONCE = size
