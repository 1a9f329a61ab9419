"""The engine's limits at the service and the API: a hand beyond a game's 300 is refused with
nothing saved, totals the limits allow fit the database, and a game keeps the rules it copied."""

import json

import pytest

import engine
from core.models import AuditEntry
from scoring import services
from scoring.models import Game, GameSeat, Hand

DRAW = {"result": "draw", "tenpai": []}


@pytest.fixture
def long_game(club, table, bob):
    # Italian Official keeps the deal on a draw and has no bust: 300 draws leave it running
    record = {"rules": "italian-official", "hands": [DRAW] * 300}
    return services.game_import(club=club, record=record, created_by=bob, players=table)


def test_a_game_of_300_hands_takes_no_more_and_saves_nothing(long_game, bob):
    assert long_game.hand_count == 300 and long_game.is_running
    entries = AuditEntry.objects.count()

    with pytest.raises(engine.EngineError) as e:
        services.hand_submit(game=long_game, hand=DRAW, user=bob, expected_number=301)

    assert (e.value.code, e.value.hand, e.value.field) == ("too_many_hands", 301, "hands")
    assert Hand.objects.filter(game=long_game).count() == 300
    assert Game.objects.get(pk=long_game.pk).hand_count == 300
    assert AuditEntry.objects.count() == entries


def test_the_api_answers_the_301st_hand_with_a_400_naming_the_hands(client, bob, long_game):
    client.force_login(bob)

    response = client.post(
        f"/api/games/{long_game.pk}/hands/",
        json.dumps({**DRAW, "expected_number": 301}),
        content_type="application/json",
    )

    assert response.status_code == 400
    assert response.json() == {
        "error": {
            "code": "too_many_hands",
            "message": "Hand 301: a game holds at most 300 hands; this one has 301.",
            "field": "hands",
            "hand": 301,
        }
    }
    assert Hand.objects.filter(game=long_game).count() == 300


def test_importing_301_hands_creates_no_game(club, table, bob):
    record = {"rules": "italian-official", "hands": [DRAW] * 301}

    with pytest.raises(engine.EngineError) as e:
        services.game_import(club=club, record=record, created_by=bob, players=table)

    assert e.value.code == "too_many_hands"
    assert not Game.objects.exists()
    assert not Hand.objects.exists()


def test_a_finished_game_beyond_32_bit_scores_is_stored(club, table, bob):
    # the largest hands the options allow: a limit of 100,000, six yakuman of 16 limits, so
    # 9,600,000 basic points; three winners on seat 0's discard, every hand
    rules = {
        "preset": "ema",
        "options": {"limit": 100_000, "yakuman_value": 16, "max_yakuman": 6},
    }
    triple = {
        "result": "ron",
        "from": 0,
        "wins": [{"seat": s, "yakuman": 6} for s in (1, 2, 3)],
    }
    record = {"rules": rules, "hands": [triple] * 20, "ended": True}

    game = services.game_import(club=club, record=record, created_by=bob, players=table)

    seat0 = GameSeat.objects.get(game=game, seat=0)
    # hand 1: seat 0 deals, three non-dealers take 4 x 9,600,000 each; then seat 1 deals and
    # keeps the deal by winning: 6 x 9,600,000 + 2 x 4 x 9,600,000 a hand for 19 hands, with
    # 0 to 18 counters of 300 paid to each of the three winners (3 x 300 x 171)
    lost = 3 * 38_400_000 + 19 * (57_600_000 + 2 * 38_400_000) + 3 * 300 * 171
    assert seat0.score == 30_000 - lost == -2_668_923_900
    assert seat0.score < -(2**31)
    assert seat0.result == game.final["results"][0] * 10


def test_a_game_started_by_engine_1_0_replays_as_it_did(club, table, bob):
    game = services.game_create(club=club, players=table, rules="japanese-modern", created_by=bob)
    # the copy engine 1.0 made: the options added since are missing
    game.rules["options"] = {
        name: value
        for name, value in game.rules["options"].items()
        if name in engine.rules.OPTIONS_1_0
    }
    game.save(update_fields=["rules"])
    double_ron = {
        "result": "ron",
        "from": 0,
        "wins": [{"seat": 1, "han": 1, "fu": 30}, {"seat": 3, "han": 1, "fu": 30}],
        "riichi": [1, 3],
    }

    services.hand_submit(game=game, hand=double_ron, user=bob)

    # engine 1.0 gave both deposits to seat 1, the first winner after the discarder
    assert Hand.objects.get(game=game).result["deltas"] == [-2000, 2000, 0, 0]
