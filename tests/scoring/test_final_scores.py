"""A game entered by its final scores: the service, the policy, the standings, refusals."""

import pytest
from django.core.exceptions import PermissionDenied

import engine
from clubhouse.leagues.standings import season_standings
from core.models import AuditEntry
from scoring import services
from scoring.models import Game, GameSeat
from tests import factories

FINAL = {"scores": [42000, 31000, 18000, 8000], "sticks_left": 1}


def enter(club, seats, user, final=FINAL, **extra):
    return services.game_final_scores_enter(
        club=club, seats=seats, final_scores=final, created_by=user, **extra
    )


def test_it_enters_a_finished_settled_game_with_an_audit_entry(club, table, bob):
    game = enter(club, table, bob, rules="japanese-modern")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.over and game.finished_at
    assert game.by_final_scores and game.hands.count() == 0
    assert game.final_scores == {
        "scores": [42000, 31000, 18000, 8000],
        "sticks_left": 1,
        "chombo": [0, 0, 0, 0],
    }
    seats = list(game.seats.order_by("seat").values_list("score", "rank", "result"))
    # Modern riichi: 25,000 / 30,000, uma 20/10; the stick left goes to first place.
    assert seats == [(42000, 1, 530), (31000, 2, 110), (18000, 3, -220), (8000, 4, -420)]
    assert game.final_result.pool_to == (1000, 0, 0, 0)
    entry = AuditEntry.objects.get(game=game)
    assert entry.action == "game.entered_by_final_scores"
    assert entry.actor == bob
    assert entry.after["final_scores"] == game.final_scores


def test_a_new_name_becomes_a_guest(club, table, bob):
    game = enter(club, [*table[:3], "Emi"], bob, rules="japanese-modern")
    assert [s.player.display_name for s in game.seats.order_by("seat")][3] == "Emi"


def test_three_players_under_three_player_rules(club, table, bob):
    game = enter(club, table[:3], bob, {"scores": [52000, 33000, 20000]}, rules="tenhou-sanma")
    assert list(game.seats.order_by("seat").values_list("result", flat=True)) == [470, -70, -400]


def test_it_stands_in_the_league_standings_like_any_game(club, table, bob, alice, league, season):
    played = factories.play(
        club,
        table,
        alice,
        [{"result": "ron", "from": 3, "wins": [{"seat": 0, "han": 4, "fu": 30}]}],
        league=league,
        played_on=factories.DAY,
    )
    by_seat = {s.player_id: s.result for s in played.seats.all()}
    enter(club, table, bob, league=league, played_on=factories.DAY)
    rows = {row.player.pk: row for row in season_standings(season).all_rows}
    for seat, player in enumerate(table):
        assert rows[player.pk].games == 2
        assert rows[player.pk].total == by_seat[player.pk] + [530, 110, -220, -420][seat]


@pytest.mark.parametrize(
    ("final", "code", "field"),
    [
        ({"scores": [42000, 31000, 18000, 10000]}, "bad_total", "final_scores.scores"),
        ({"scores": [42000, 31000, 27000]}, "bad_value", "final_scores.scores"),
        ({"scores": [25000] * 4, "chombo": [0, 0, -1, 0]}, "bad_value", "final_scores.chombo"),
        ({"scores": [25000] * 4, "sticks_left": -2}, "bad_value", "final_scores.sticks_left"),
    ],
)
def test_a_refusal_names_the_field_and_changes_nothing(club, table, bob, final, code, field):
    before = (Game.objects.count(), GameSeat.objects.count(), AuditEntry.objects.count())
    with pytest.raises(engine.EngineError) as refused:
        enter(club, [*table[:3], "Newcomer"], bob, final, rules="japanese-modern")
    assert (refused.value.code, refused.value.field) == (code, field)
    after = (Game.objects.count(), GameSeat.objects.count(), AuditEntry.objects.count())
    assert after == before
    assert not club.players.filter(display_name="Newcomer").exists()


def test_a_member_may_not_enter_one(club, table, charlie):
    with pytest.raises(PermissionDenied):
        enter(club, table, charlie, rules="japanese-modern")
    assert not Game.objects.exists()


def test_an_organiser_corrects_it_and_it_settles_again(club, table, bob, alice, league, season):
    game = enter(club, table, bob, league=league, played_on=factories.DAY)
    corrected = {"scores": [8000, 31000, 18000, 43000], "sticks_left": 0}
    services.game_final_scores_correct(
        game=game, final_scores=corrected, user=alice, reason="seats swapped"
    )
    game.refresh_from_db()
    assert game.final_scores["scores"] == [8000, 31000, 18000, 43000]
    results = list(game.seats.order_by("seat").values_list("result", flat=True))
    assert results == [-420, 110, -220, 530]
    entry = AuditEntry.objects.filter(game=game).latest("pk")
    assert entry.action == "game.final_scores_corrected"
    assert entry.before["final_scores"]["scores"] == FINAL["scores"]
    assert entry.reason == "seats swapped"
    rows = {row.player.pk: row.total for row in season_standings(season).all_rows}
    assert rows[table[3].pk] == 530


def test_a_scorer_may_not_correct_a_finished_one(club, table, bob):
    game = enter(club, table, bob, rules="japanese-modern")
    with pytest.raises(services.RoleRefused):
        services.game_final_scores_correct(game=game, final_scores=FINAL, user=bob)


def test_a_bad_correction_changes_nothing(club, table, bob, alice):
    game = enter(club, table, bob, rules="japanese-modern")
    entries = AuditEntry.objects.count()
    with pytest.raises(engine.EngineError):
        services.game_final_scores_correct(
            game=game, final_scores={"scores": [1, 2, 3, 4]}, user=alice
        )
    game.refresh_from_db()
    assert game.final_scores["scores"] == FINAL["scores"]
    assert AuditEntry.objects.count() == entries


def test_a_game_entered_hand_by_hand_is_not_corrected_by_final_scores(finished_game, alice):
    with pytest.raises(services.GameError) as refused:
        services.game_final_scores_correct(game=finished_game, final_scores=FINAL, user=alice)
    assert refused.value.code == "not_final_scores"


def test_no_hand_can_be_added_to_it(club, table, bob):
    game = enter(club, table, bob, rules="japanese-modern")
    with pytest.raises(services.GameError):
        services.hand_submit(game=game, hand={"result": "draw", "tenpai": []}, user=bob)
    assert game.hands.count() == 0


def test_the_import_takes_a_final_scores_record(club, bob):
    game = services.game_import(
        club=club,
        created_by=bob,
        record={
            "rules": "ema",
            "players": ["Aiko", "Bruno", "Chiara", "Daiki"],
            "final_scores": {"scores": [31000, 31000, 31000, 27000], "chombo": [0, 0, 0, 1]},
        },
    )
    assert game.by_final_scores
    assert list(game.seats.order_by("seat").values_list("result", flat=True)) == [60, 60, 60, -380]
