"""What a correction or a deletion changed: each hand compared with itself (by its identity,
not its position), so a deletion shows what really moved."""

from scoring import selectors, services


def test_after_a_deletion_each_hand_is_compared_with_itself(bob, running_game):
    before = selectors.snapshot(running_game)

    services.hand_delete(game=running_game, number=1, reason="entered twice", user=bob)
    changed = selectors.changes(
        before, selectors.snapshot(running_game), selectors.player_names(running_game)
    )

    # The ron (hand 2, now 1) loses the counter and the pool of the deleted draw; the tsumo
    # (hand 3, now 2) pays as before: only its running totals moved.
    assert changed["hands"] == [
        {
            "number": 1,
            "label": "E1-1 → E1",
            "detail": "Chiara +3,300 → +2,000; Daiki -2,300 → -2,000",
        },
        {"number": None, "label": "", "detail": "Hand 2: new running totals only"},
        {"number": None, "label": "", "detail": "1 hand fewer"},
    ]


def test_a_snapshot_taken_before_hands_had_ids_is_compared_by_number(bob, running_game):
    before = selectors.snapshot(running_game)
    for hand in before["hands"]:
        del hand["id"]  # as a snapshot kept in a session by the previous version

    services.hand_correct(
        game=running_game,
        number=3,
        hand={"result": "tsumo", "wins": [{"seat": 1, "han": 2, "fu": 30}]},
        user=bob,
        reason="2 han",
    )
    changed = selectors.changes(
        before, selectors.snapshot(running_game), selectors.player_names(running_game)
    )

    assert [line["number"] for line in changed["hands"]] == [3]
