"""The demo club's own rule set and the finished game played by it."""

from clubhouse.demo import rulesets as demo
from clubhouse.demo import seed_demo
from rulesets.models import RuleSet
from scoring.models import Game


def test_the_demo_seeds_parlour_east_and_a_finished_game_once(db):
    first = seed_demo()
    ruleset = RuleSet.objects.get(club=first.club, name="Parlour East")
    assert ruleset.options == {
        "length": "east",
        "nagashi_mangan_percent": 100,
        "honba_points": 1500,
    }
    [game] = Game.objects.filter(ruleset_version__ruleset=ruleset)
    assert game.status == Game.Status.FINISHED and game.over and not game.ended
    assert [h.label for h in game.hands.order_by("number")] == ["E1", "E1-1", "E2", "E3", "E4"]
    assert game.hands.get(number=2).result["deltas"] == [0, 6400, 0, -5400]  # 3,900 + 1,500 + pool
    assert game.hands.get(number=3).result["deltas"] == [-2000, -4000, -2000, 8000]  # nagashi
    assert demo.seed(first.club, first.user) == 0
    assert seed_demo().created == 0
    assert RuleSet.objects.count() == 1
    assert Game.objects.filter(ruleset_version__ruleset=ruleset).count() == 1
