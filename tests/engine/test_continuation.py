"""Continuing a game from the progress after hand k scores what a replay of all hands does:
the same results for the later hands, the same final result, the same progress (issue 29:
an appended hand is scored from the cached progress, not from hand 1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import EngineError, Progress, continue_record, score_game
from engine.types import Wind

from .test_properties import PROPERTY_SETTINGS, games

PRESETS = ["tenhou", "japanese-modern", "italian-official", "arushiiaru", "tenhou-sanma"]


@pytest.mark.parametrize("preset", PRESETS)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_continuing_from_any_hand_equals_replaying_every_hand(
    preset: str, data: st.DataObject
) -> None:
    generated = data.draw(games(preset))
    record = generated.record
    whole = score_game(record)
    hands = record["hands"]
    assert whole.progress is not None and whole.progress.hands == len(hands)
    k = data.draw(st.integers(0, len(hands)))
    before = score_game({**record, "hands": hands[:k], "ended": False})
    assert before.progress is not None
    # through the stored form, as the database keeps it
    later = continue_record(
        record["rules"], before.progress.as_dict(), hands[k:], ended=record["ended"]
    )
    assert later.hands == whole.hands[k:]
    assert later.final == whole.final
    assert later.progress == whole.progress
    # hand by hand, as the hands are entered
    progress = before.progress
    for i, hand in enumerate(hands[k:], start=k):
        step = continue_record(record["rules"], progress, [hand])
        assert step.hands == (whole.hands[i],)
        assert step.progress is not None
        progress = step.progress
    assert progress == whole.progress
    if whole.progress.over:  # the game ended by the rules: nothing may follow
        with pytest.raises(EngineError) as e:
            continue_record(record["rules"], whole.progress, [{"result": "draw", "tenpai": []}])
        assert e.value.code == "game_over" and e.value.hand == len(hands) + 1


def test_a_bad_hand_after_the_progress_is_numbered_from_the_first_hand() -> None:
    first = score_game({"rules": "japanese-modern", "hands": [{"result": "draw", "tenpai": []}]})
    assert first.progress is not None

    with pytest.raises(EngineError) as e:
        continue_record("japanese-modern", first.progress, [{"result": "ron", "wins": []}])

    assert e.value.hand == 2


def test_a_progress_for_another_table_is_refused() -> None:
    three = Progress(0, Wind.EAST, 1, 0, 0, 0, (35000,) * 3, (0,) * 3)

    with pytest.raises(EngineError) as e:
        continue_record("japanese-modern", three, [{"result": "draw", "tenpai": []}])

    assert e.value.code == "bad_progress"


def test_a_stored_progress_that_is_not_one_is_refused() -> None:
    with pytest.raises(EngineError) as e:
        continue_record("japanese-modern", {"hands": 0, "round": "E"}, [])

    assert e.value.code == "invalid_result"
