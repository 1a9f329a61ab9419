"""What the pages say: a hand in words, seat winds, signed changes."""

import pytest

from core.formats import result_text
from scoring.presenter import hand_line, seat_winds, signed

NAMES = ["Aiko", "Bruno", "Chiara", "Daiki"]


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        (
            {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}], "riichi": [3]},
            "Chiara won on Bruno's discard (3 han 40 fu); riichi: Daiki",
        ),
        (
            {
                "result": "ron",
                "from": 0,
                "wins": [{"seat": 1, "yakuman": 1, "pao": 3}, {"seat": 2, "han": 5}],
            },
            "Bruno (yakuman; pao: Daiki) and Chiara (5 han) won on Aiko's discard",
        ),
        (
            {"result": "tsumo", "wins": [{"seat": 0, "points": 42, "doubles": 3}]},
            "Aiko won by self-draw (42 points, 3 doubles)",
        ),
        ({"result": "draw", "tenpai": []}, "Draw; ready: nobody"),
        ({"result": "draw", "tenpai": [0, 3]}, "Draw; ready: Aiko, Daiki"),
        ({"result": "abortive", "reason": "four_winds"}, "Abortive draw (four winds)"),
        (
            {"result": "chombo", "offender": 3, "penalties": [{"seat": 1, "kind": "false_claim"}]},
            "Chombo by Daiki; penalty: Bruno (false claim)",
        ),
    ],
)
def test_a_hand_in_words(hand, words):
    assert hand_line(hand, NAMES) == words


def test_the_dealer_sits_east():
    assert seat_winds(0) == ["E", "S", "W", "N"]
    assert seat_winds(2) == ["W", "N", "E", "S"]


def test_changes_carry_their_sign():
    assert [signed(n) for n in (3900, -1000, 0)] == ["+3,900", "-1,000", "0"]
    assert result_text(273, "tenths") == "+27.3"


def test_a_declarers_win_is_written_with_the_doubles_it_was_paid_with():
    hand = {"result": "ron", "from": 1, "wins": [{"seat": 0, "points": 20, "doubles": 3}]}
    declared = {**hand, "riichi": [0]}
    assert hand_line(declared, NAMES, riichi_doubles=1) == (
        "Aiko won on Bruno's discard (20 points, 4 doubles with 1 for riichi); riichi: Aiko"
    )
    # No riichi, or rules without the extra double: the doubles as called.
    assert "(20 points, 3 doubles)" in hand_line(hand, NAMES, riichi_doubles=1)
    assert "(20 points, 3 doubles)" in hand_line(declared, NAMES)


def test_the_selectors_examples_hold():
    import doctest

    from scoring import selectors

    failed, attempted = doctest.testmod(selectors)
    assert attempted and not failed
