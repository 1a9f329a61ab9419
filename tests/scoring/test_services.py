"""The write services: every change replays the game and caches its numbers, or saves nothing."""

import datetime

import pytest

import engine
from clubs.models import Player
from core.models import AuditEntry
from scoring import services
from scoring.models import Game, Hand

RON = {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}], "riichi": [3]}
DRAW = {"result": "draw", "tenpai": [0], "riichi": []}


@pytest.fixture
def players(club):
    return [
        Player.objects.create(club=club, display_name=n)
        for n in ("Aiko", "Bruno", "Chiara", "Daiki")
    ]


@pytest.fixture
def game(club, players, bob):
    return services.game_create(club=club, players=players, rules="japanese-modern", created_by=bob)


def test_it_copies_every_option_of_the_rules_into_the_game(game):
    assert game.rules["preset"] == "japanese-modern"
    assert game.rules["options"]["honba_points"] == 300
    assert set(game.rules["options"]) == set(engine.rules_as_options(engine.Rules()))
    assert game.rules_name == "Japanese Modern (ari-ari)"


def test_it_caches_each_hand_result_and_the_running_totals(game, bob):
    services.hand_submit(game=game, hand=RON, user=bob, expected_number=1)
    services.hand_submit(game=game, hand=DRAW, user=bob, expected_number=2)
    game.refresh_from_db()
    hands = list(game.hands.order_by("number"))
    assert [h.result["deltas"] for h in hands] == [
        [0, -5200, 6200, -1000],
        [3000, -1000, -1000, -1000],
    ]
    assert [h.label for h in hands] == ["E1", "E2"]
    assert game.final["scores"] == [28000, 18800, 30200, 23000]
    assert game.final["next"]["label"] == "E3-1"
    assert game.hand_count == 2


def test_a_repeated_key_answers_with_the_first_answer_and_adds_nothing(game, bob):
    first = services.hand_submit(game=game, hand=RON, user=bob, key="k-1")
    again = services.hand_submit(game=game, hand=RON, user=bob, key="k-1")
    assert again.repeated and again.response == first.response
    assert Hand.objects.filter(game=game).count() == 1


def test_it_refuses_a_stale_hand_number(game, bob):
    services.hand_submit(game=game, hand=RON, user=bob, expected_number=1)
    with pytest.raises(services.StaleHandNumber):
        services.hand_submit(game=game, hand=DRAW, user=bob, expected_number=1)


def test_a_bad_hand_saves_nothing(game, bob):
    bad = {"result": "ron", "from": 2, "wins": [{"seat": 2, "han": 3, "fu": 40}]}
    with pytest.raises(engine.EngineError) as e:
        services.hand_submit(game=game, hand=bad, user=bob)
    assert e.value.code == "discarder_wins" and e.value.hand == 1
    assert not Hand.objects.filter(game=game).exists()
    assert Game.objects.get(pk=game.pk).hand_count == 0


def test_correcting_an_early_hand_replays_the_later_ones(game, bob):
    services.hand_submit(game=game, hand=DRAW, user=bob)  # dealer ready: keeps, honba 1
    services.hand_submit(game=game, hand=DRAW, user=bob)
    services.hand_correct(
        game=game, number=1, hand={"result": "draw", "tenpai": [1]}, reason="typo", user=bob
    )
    hands = list(game.hands.order_by("number"))
    assert [h.label for h in hands] == ["E1", "E2-1"]
    assert hands[1].result["dealer"] == 1
    entry = AuditEntry.objects.get(action="hand.corrected")
    assert entry.before == DRAW and entry.reason == "typo" and entry.hand_number == 1


def test_deleting_a_hand_moves_the_later_ones_up(game, bob):
    services.hand_submit(game=game, hand=RON, user=bob)
    services.hand_submit(game=game, hand=DRAW, user=bob)
    services.hand_delete(game=game, number=1, reason="wrong table", user=bob)
    hands = list(game.hands.order_by("number"))
    assert [(h.number, h.data) for h in hands] == [(1, DRAW)]
    assert hands[0].result["deltas"] == [3000, -1000, -1000, -1000]


def test_finishing_early_settles_the_game_and_fills_the_seats(game, bob):
    services.hand_submit(game=game, hand=RON, user=bob)
    services.game_finish(game=game, user=bob)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.ended and game.over
    seats = list(game.seats.order_by("seat"))
    assert [s.rank for s in seats] == [2, 4, 1, 3]
    # 25,000 / 30,000 with uma 20/10 and oka 20: scores 25,000 / 19,800 / 31,200 / 24,000
    assert [s.result for s in seats] == [-50 + 100, -102 - 200, 12 + 200 + 200, -60 - 100]
    assert sum(s.result for s in seats) == 0


@pytest.mark.parametrize(
    ("time_zone", "played_on"),
    [
        ("Pacific/Auckland", "2026-12-02"),
        ("UTC", "2026-12-01"),
        ("America/Los_Angeles", "2026-12-01"),
    ],
)
def test_a_game_is_played_on_the_clubs_date_not_the_servers(
    club, players, bob, time_zone, played_on, monkeypatch
):
    # 20:30 UTC on 1 December is already 09:30 on 2 December in Auckland.
    now = datetime.datetime(2026, 12, 1, 20, 30, tzinfo=datetime.UTC)
    monkeypatch.setattr("django.utils.timezone.now", lambda: now)
    club.time_zone = time_zone
    club.save()
    game = services.game_create(club=club, players=players, rules="japanese-modern", created_by=bob)
    game.refresh_from_db()
    assert game.played_on.isoformat() == played_on
