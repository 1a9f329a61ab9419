"""A changed option changes the numbers as the option says: games played from a rule set."""

import pytest

from rulesets import services
from scoring import services as scoring


def _game(club, alice, players, options, hands):
    """A game from a rule set made from Japanese Modern with ``options`` changed."""
    ruleset = services.ruleset_create(
        club=club,
        name=f"Club rules {len(club.rulesets.all())}",
        template_preset="japanese-modern",
        options=options,
        created_by=alice,
    )
    game = scoring.game_create(
        club=club, players=players, ruleset_version=ruleset.current_version, created_by=alice
    )
    for hand in hands:
        game = scoring.hand_submit(game=game, hand=hand, user=alice).game
    return game


NAGASHI = {"result": "draw", "tenpai": [], "nagashi": [1]}


@pytest.mark.parametrize(
    ("percent", "deltas"),
    [
        # A non-dealer's mangan self-draw: 8,000, half from the dealer.
        (100, [-4000, 8000, -2000, -2000]),
        (50, [-2000, 4000, -1000, -1000]),
    ],
)
def test_nagashi_pays_its_percent_of_a_mangan(club, alice, players, percent, deltas):
    game = _game(club, alice, players, {"nagashi_mangan_percent": percent}, [NAGASHI])
    assert game.hands.get().result["deltas"] == deltas


def test_each_counter_pays_1500_under_honba_1500(club, alice, players):
    hands = [
        {"result": "draw", "tenpai": [0]},  # the dealer keeps the deal: one counter
        {"result": "ron", "from": 2, "wins": [{"seat": 1, "han": 1, "fu": 30}]},
    ]
    template = _game(club, alice, players, {}, hands)
    ours = _game(club, alice, players, {"honba_points": 1500}, hands)
    assert template.hands.get(number=2).result["deltas"] == [0, 1300, -1300, 0]
    assert ours.hands.get(number=2).result["deltas"] == [0, 2500, -2500, 0]


def test_uma_30_10_moves_the_results(club, alice, players):
    hands = [{"result": "ron", "from": 3, "wins": [{"seat": 0, "han": 3, "fu": 30}]}]
    template = scoring.game_finish(game=_game(club, alice, players, {}, hands), user=alice)
    ours = scoring.game_finish(
        game=_game(club, alice, players, {"uma": [30, 10, -10, -30]}, hands), user=alice
    )
    # Scores 30,800 / 25,000 / 25,000 / 19,200; return 30,000, oka 20 to first.
    assert template.final["results"] == [40.8, 5.0, -15.0, -30.8]
    assert ours.final["results"] == [50.8, 5.0, -15.0, -40.8]
    seat_results = list(ours.seats.order_by("seat").values_list("result", flat=True))
    assert seat_results == [508, 50, -150, -408]


def _passes(n):
    """``n`` wins by a non-dealer, so the deal passes each time."""
    return [
        {"result": "ron", "from": (i + 2) % 4, "wins": [{"seat": (i + 1) % 4, "han": 1, "fu": 30}]}
        for i in range(n)
    ]


def test_an_east_only_game_ends_after_east_4(club, alice, players):
    ours = _game(club, alice, players, {"length": "east"}, _passes(3))
    assert ours.is_running and ours.final["next"]["label"] == "E4"
    ours = scoring.hand_submit(game=ours, hand=_passes(4)[3], user=alice).game
    assert ours.over and ours.status == "finished"
    assert ours.final["next"] is None
    template = _game(club, alice, players, {}, _passes(4))
    assert template.is_running and template.final["next"]["label"] == "S1"
