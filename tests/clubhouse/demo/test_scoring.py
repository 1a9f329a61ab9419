"""The demo's casual games: several presets, one running, entered through the services."""

from clubhouse.demo import scoring as demo
from clubhouse.demo import seed_demo
from core.models import AuditEntry
from scoring.models import Game


def test_the_demo_has_finished_games_in_several_presets_and_one_running(db):
    club = seed_demo().club

    casual = Game.objects.filter(club=club, league=None, ruleset_version=None)
    assert sorted(casual.values_list("rules__preset", "status")) == [
        ("italian-official", "finished"),
        ("japanese-modern", "finished"),
        ("japanese-modern", "running"),
        ("tenhou", "finished"),
    ]
    running = casual.get(status="running")
    kinds = [h.data["result"] for h in running.hands.order_by("number")]
    assert "draw" in kinds and any(h.data.get("riichi") for h in running.hands.all())
    assert AuditEntry.objects.filter(game=running, action="hand.recorded").count() == len(kinds)


def test_seeding_again_adds_no_games(db):
    seed = seed_demo()
    count = Game.objects.count()

    assert demo.seed(seed.club, seed.user) == 0
    assert Game.objects.count() == count
