"""The cached numbers stay what one full replay gives while hands are scored from the cached
progress (issue 29): after random appends, corrections, deletes, undos and redos through the
services, every hand's result and label, the final result, the progress, the hand count and
the seats equal a fresh replay of the game record."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

import engine
from core.errors import DomainError
from scoring import policy, services
from scoring.models import Game, Hand

SITE = policy.SITE


def random_hand(rng, players):
    seats = list(range(players))
    kind = rng.choice(["ron", "ron", "tsumo", "draw", "draw_all"])
    riichi = sorted(rng.sample(seats, rng.choice([0, 0, 0, 1, 2])))
    if kind == "ron":
        winner, loser = rng.sample(seats, 2)
        win = {"seat": winner, "han": rng.randint(1, 6), "fu": rng.choice([30, 40, 50])}
        hand = {"result": "ron", "from": loser, "wins": [win]}
    elif kind == "tsumo":
        win = {"seat": rng.choice(seats), "han": rng.randint(1, 4), "fu": rng.choice([30, 40])}
        hand = {"result": "tsumo", "wins": [win]}
    elif kind == "draw":
        hand = {"result": "draw", "tenpai": sorted(rng.sample(seats, rng.randint(0, players)))}
    else:
        hand = {"result": "draw", "tenpai": seats}
    return {**hand, "riichi": riichi} if riichi else hand


def assert_cached_as_replayed(game):
    game.refresh_from_db()
    rows = list(game.hands.order_by("number"))
    assert [r.number for r in rows] == list(range(1, len(rows) + 1))
    fresh = engine.score_game(services.game_record(game))
    assert [r.result for r in rows] == [h.as_dict() for h in fresh.hands]
    assert [r.label for r in rows] == [h.label for h in fresh.hands]
    assert game.final == fresh.final.as_dict()
    assert game.progress == fresh.progress.as_dict()
    assert game.hand_count == len(rows) and game.over == fresh.final.over
    seats = {s.seat: s for s in game.seats.all()}
    for seat, s in seats.items():
        assert s.score == (fresh.final.scores[seat] if fresh.final.over else None)
        assert s.rank == (fresh.final.ranks[seat] if fresh.final.ranks else None)


@pytest.mark.parametrize(
    ("rules", "players", "seed"),
    [
        ({"preset": "japanese-modern", "options": {"length": "south"}}, 4, 1),
        ({"preset": "japanese-modern", "options": {"length": "all", "bust_ends": False}}, 4, 2),
        ("tenhou", 4, 3),
        ("tenhou-sanma", 3, 4),
        ("arushiiaru", 4, 5),
    ],
)
def test_random_writes_keep_the_cache_equal_to_a_full_replay(club, table, rules, players, seed):
    rng = random.Random(seed)
    game = services.game_create(club=club, players=table[:players], rules=rules, created_by=SITE)
    written = 0
    for step in range(60):
        game = Game.objects.get(pk=game.pk)
        op = rng.choice(["append"] * 5 + ["correct", "delete", "undo", "redo"])
        count = game.hand_count
        try:
            if op == "append" or count == 0:
                services.hand_submit(game=game, hand=random_hand(rng, players), user=SITE)
            elif op == "correct":
                services.hand_correct(
                    game=game,
                    number=rng.randint(1, count),
                    hand=random_hand(rng, players),
                    reason=f"step {step}",
                    user=SITE,
                )
            elif op == "delete":
                number = rng.randint(1, count)
                services.hand_delete(game=game, number=number, reason=f"step {step}", user=SITE)
            elif op == "undo":
                services.hand_undo(game=game, user=SITE)
            else:
                services.hand_redo(game=game, user=SITE)
            written += 1
        except (engine.EngineError, DomainError):
            pass  # a hand these rules refuse here, or a finished game: nothing changed
        assert_cached_as_replayed(game)
    assert written >= 20  # the walk wrote, not only refused


def test_an_appended_hand_reads_no_earlier_hand(club, table):
    game = services.game_create(club=club, players=table, rules="japanese-modern", created_by=SITE)
    for _ in range(5):
        services.hand_submit(game=game, hand={"result": "draw", "tenpai": [1]}, user=SITE)

    with CaptureQueriesContext(connection) as queries:
        services.hand_submit(game=game, hand={"result": "draw", "tenpai": [2]}, user=SITE)

    hand_table = Hand._meta.db_table
    reads = [q["sql"] for q in queries if q["sql"].startswith("SELECT") and hand_table in q["sql"]]
    assert reads == []
    assert_cached_as_replayed(game)


def test_a_game_cached_without_its_progress_is_replayed_once_and_then_continued(club, table):
    game = services.game_create(club=club, players=table, rules="japanese-modern", created_by=SITE)
    services.hand_submit(game=game, hand={"result": "draw", "tenpai": [0]}, user=SITE)
    Game.objects.filter(pk=game.pk).update(progress={})  # as a game cached before issue 29

    services.hand_submit(game=game, hand={"result": "draw", "tenpai": [1]}, user=SITE)

    assert_cached_as_replayed(game)
    assert game.progress["hands"] == 2


def test_a_progress_for_other_hands_is_not_continued(club, table):
    game = services.game_create(club=club, players=table, rules="japanese-modern", created_by=SITE)
    services.hand_submit(game=game, hand={"result": "draw", "tenpai": [0]}, user=SITE)
    stale = game.progress
    services.hand_submit(game=game, hand={"result": "draw", "tenpai": [0]}, user=SITE)
    Game.objects.filter(pk=game.pk).update(progress=stale)  # follows one hand, not two

    services.hand_submit(
        game=game,
        hand={"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}]},
        user=SITE,
    )

    assert_cached_as_replayed(game)


def test_a_correction_writes_the_changed_hands_in_one_statement(club, table):
    game = services.game_create(club=club, players=table, rules="japanese-modern", created_by=SITE)
    for _ in range(6):
        services.hand_submit(game=game, hand={"result": "draw", "tenpai": [0]}, user=SITE)
    hand = {"result": "ron", "from": 1, "wins": [{"seat": 0, "han": 2, "fu": 30}]}

    with CaptureQueriesContext(connection) as queries:
        services.hand_correct(game=game, number=2, hand=hand, reason="typo", user=SITE)

    hand_table = Hand._meta.db_table
    writes = [q["sql"] for q in queries if q["sql"].startswith("UPDATE") and hand_table in q["sql"]]
    assert len(writes) == 1 and "VALUES" in writes[0] and "CASE" not in writes[0]
    assert_cached_as_replayed(game)
    assert game.hands.get(number=2).data == hand
