"""Standings: what counts, how it adds up, who qualifies, and how ties are broken."""

import csv
import datetime
import io

import pytest
from django.db import connection, reset_queries
from django.test.utils import CaptureQueriesContext

from clubhouse.leagues.standings import (
    csv_cell,
    season_standings,
    season_standings_recomputed,
    sort_rows,
    standings_csv,
)
from clubs.models import Player
from core.formats import result_text
from leagues.models import League, Season
from scoring import services, totals
from scoring.models import Game
from tests.factories import DAY, tsumo


def table(standings):
    return [(r.rank, r.player.display_name, r.total_display) for r in standings.all_rows]


def by_name(standings):
    return {r.player.display_name: r for r in standings.all_rows}


def fresh(season):
    return Season.objects.select_related("league").get(pk=season.pk)


@pytest.mark.parametrize(
    ("value", "unit", "text"),
    [
        (273, "tenths", "+27.3"),
        (-104, "tenths", "-10.4"),
        (-5, "tenths", "-0.5"),
        (0, "tenths", "0.0"),
        (550, "tenths", "+55.0"),
        (-2300, "points", "-2,300"),
        (0, "points", "0"),
    ],
)
def test_it_formats_results_in_their_unit(value, unit, text):
    assert result_text(value, unit) == text


# The settlement as it reaches the standings (numbers from the engine, through the services)


def test_ema_players_tied_for_first_share_the_bonuses_and_the_rank(
    league, season, players, play_game
):
    league.rules = {"preset": "ema"}
    league.save()
    a, b, c, d = players[:4]
    # Three ready at a draw: 31,000 / 31,000 / 31,000 / 27,000, ended by the club.
    play_game([a, b, c, d], [{"result": "draw", "tenpai": [0, 1, 2]}], league=league)
    standings = season_standings(fresh(season))
    assert table(standings) == [
        (1, "Aiko", "+6.0"),
        (1, "Bruno", "+6.0"),
        (1, "Chiara", "+6.0"),
        (4, "Daiki", "-18.0"),
    ]
    assert by_name(standings)["Aiko"].firsts == 1 and by_name(standings)["Daiki"].fourths == 1


def test_japanese_modern_ties_go_by_seat_order_and_results_go_negative(
    league, season, players, play_game
):
    a, b, c, d = players[:4]
    # Aiko's tsumo for 4 han 30 fu as dealer: 36,700 / 21,100 / 21,100 / 21,100.
    play_game([a, b, c, d], [tsumo(0, 4, 30)], league=league)
    standings = season_standings(fresh(season))
    assert table(standings) == [
        (1, "Aiko", "+46.7"),
        (2, "Bruno", "+1.1"),
        (3, "Chiara", "-18.9"),
        (4, "Daiki", "-28.9"),
    ]
    assert [r.best for r in standings.rows] == [467, 11, -189, -289]
    assert standings.unit == "tenths"


def test_a_league_without_uma_keeps_results_in_points(league, season, players, play_game):
    league.rules = {"preset": "japanese-modern", "options": {"settlement": "difference"}}
    league.save()
    a, b, c, d = players[:4]
    play_game([a, b, c, d], [tsumo(0, 4, 30)], league=league)
    standings = season_standings(fresh(season))
    assert standings.unit == "points"
    assert table(standings)[0] == (1, "Aiko", "+11,700")
    assert table(standings)[-1] == (4, "Daiki", "-3,900")


def test_only_finished_games_of_the_league_and_season_count(
    club, league, season, players, play_game, alice
):
    a, b, c, d, e, f = players
    play_game([a, b, c, d], [tsumo(0)], league=league)
    play_game([a, b, c, d], [tsumo(1)], league=league, finish=False)  # running
    abandoned = play_game([e, f, c, d], [tsumo(0)], league=league)
    services.game_abandon(game=abandoned, user=alice, reason="fire alarm")
    play_game([e, f, c, d], [tsumo(0)], rules="japanese-modern")  # casual: no league
    play_game([e, f, a, b], [tsumo(0)], league=league, played_on=datetime.date(2025, 6, 1))
    other = League.objects.create(club=club, name="Other", slug="other", rules="japanese-modern")
    Season.objects.create(league=other, name="2026", starts=datetime.date(2026, 1, 1))
    play_game([e, f, a, b], [tsumo(0)], league=other)
    standings = season_standings(fresh(season))
    assert standings.games == 1
    assert sorted(r.player.display_name for r in standings.all_rows) == [
        "Aiko",
        "Bruno",
        "Chiara",
        "Daiki",
    ]


def test_with_confirmation_required_only_games_confirmed_by_every_player_count(
    league, season, players, play_game
):
    league.confirmation_required = True
    league.save()
    a, b, c, d = players[:4]
    game = play_game([a, b, c, d], [tsumo(0)], league=league)
    seats = list(game.seats.all())
    for s in seats[:3]:
        s.confirmed_at = datetime.datetime(2026, 3, 14, 20, tzinfo=datetime.UTC)
        s.save()
    assert season_standings(fresh(season)).games == 0
    seats[3].confirmed_at = datetime.datetime(2026, 3, 14, 21, tzinfo=datetime.UTC)
    seats[3].save()
    totals.game_confirmed(game)  # as the confirming service does
    assert season_standings(fresh(season)).games == 1


def test_correcting_a_finished_game_changes_the_standings(
    league, season, players, play_game, alice
):
    a, b, c, d = players[:4]
    game = play_game([a, b, c, d], [tsumo(0, 4, 30), tsumo(1, 1, 30)], league=league)
    before = by_name(season_standings(fresh(season)))
    assert before["Aiko"].rank == 1
    services.hand_correct(
        game=game,
        number=1,
        hand=tsumo(2, 4, 30),
        reason="It was Chiara's tsumo.",
        user=alice,
    )
    after = by_name(season_standings(fresh(season)))
    assert after["Chiara"].rank == 1 and after["Chiara"].total > 0
    assert after["Aiko"].total < before["Aiko"].total


# Aggregation, qualification, dropping (cached numbers written directly)


@pytest.fixture
def people(club):
    return {
        n: Player.objects.create(club=club, display_name=n)
        for n in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
    }


def test_it_adds_up_results_and_rounds_the_average_to_the_unit(season, people, cached_game):
    p = people
    cached_game([(p["Ann"], 1, 273), (p["Ben"], 2, 101), (p["Cat"], 3, -104), (p["Dan"], 4, -270)])
    cached_game([(p["Ann"], 2, 0), (p["Ben"], 1, 400), (p["Cat"], 3, -100), (p["Dan"], 4, -300)])
    rows = by_name(season_standings(fresh(season)))
    assert (rows["Ann"].total, rows["Ann"].average, rows["Ann"].average_display) == (
        273,
        137,
        "+13.7",
    )
    assert (rows["Cat"].total, rows["Cat"].average) == (-204, -102)
    assert rows["Ben"].rank == 1 and rows["Ben"].total_display == "+50.1"
    assert rows["Ann"].placements == (1, 1, 0, 0)
    assert rows["Ann"].average_placement_display == "1.50"
    assert rows["Dan"].best == -270


def test_by_average_a_player_with_fewer_games_can_lead(league, season, people, cached_game):
    league.aggregate = League.Aggregate.AVERAGE
    league.save()
    p = people
    cached_game([(p["Ann"], 1, 300), (p["Ben"], 2, 100), (p["Cat"], 3, -100), (p["Dan"], 4, -300)])
    cached_game([(p["Ann"], 2, 100), (p["Eve"], 1, 500), (p["Cat"], 3, -200), (p["Dan"], 4, -400)])
    rows = season_standings(fresh(season)).rows
    assert [r.player.display_name for r in rows[:2]] == ["Eve", "Ann"]  # 50.0 average vs 20.0


def test_placement_points_share_tied_places_in_tenths(league, season, people, cached_game):
    league.aggregate = League.Aggregate.PLACEMENT
    league.placement_points = [4, 2, 1, 0]
    league.save()
    p = people
    cached_game([(p["Ann"], 1, 60), (p["Ben"], 1, 60), (p["Cat"], 1, 60), (p["Dan"], 4, -180)])
    cached_game([(p["Ann"], 4, -300), (p["Eve"], 1, 300), (p["Fay"], 2, 100), (p["Gus"], 3, -100)])
    standings = season_standings(fresh(season))
    rows = by_name(standings)
    # (4 + 2 + 1) / 3 = 2.33...: 2.4 to the first seat, 2.3 to the others.
    assert [rows[n].placement_points_display for n in ("Ann", "Ben", "Cat", "Dan")] == [
        "2.4",
        "2.3",
        "2.3",
        "0.0",
    ]
    assert rows["Eve"].rank == 1 and rows["Eve"].placement_points == 40
    assert rows["Ben"].rank == rows["Cat"].rank  # equal on everything
    assert standings.summary == "Placement points"


def test_players_under_the_minimum_are_listed_below_without_a_rank(
    league, season, people, cached_game
):
    league.min_games = 2
    league.save()
    p = people
    cached_game([(p["Ann"], 1, 300), (p["Ben"], 2, 100), (p["Cat"], 3, -100), (p["Dan"], 4, -300)])
    cached_game([(p["Eve"], 1, 900), (p["Ben"], 2, 100), (p["Cat"], 3, -100), (p["Dan"], 4, -900)])
    standings = season_standings(fresh(season))
    assert [(r.rank, r.player.display_name) for r in standings.rows] == [
        (1, "Ben"),
        (2, "Cat"),
        (3, "Dan"),
    ]
    assert [(r.rank, r.player.display_name, r.qualified) for r in standings.unqualified] == [
        (None, "Eve", False),
        (None, "Ann", False),
    ]
    assert "at least 2 games to qualify" in standings.summary


def test_the_worst_results_are_dropped_but_never_below_the_minimum(
    league, season, people, cached_game
):
    league.drop_worst = 2
    league.min_games = 2
    league.save()
    p = people
    for result in (100, -300, 50):
        cached_game(
            [(p["Ann"], 2, result), (p["Eve"], 1, 400), (p["Fay"], 3, -1), (p["Gus"], 4, -2)]
        )
    cached_game([(p["Ben"], 1, 10), (p["Cat"], 2, 0), (p["Dan"], 3, -5), (p["Hal"], 4, -500)])
    cached_game([(p["Ben"], 1, 20), (p["Cat"], 2, 0), (p["Dan"], 3, -5), (p["Hal"], 4, -600)])
    rows = by_name(season_standings(fresh(season)))
    # Three games and at least two must count: only -30.0 is dropped.
    assert (rows["Ann"].dropped, rows["Ann"].counted, rows["Ann"].total) == (1, 2, 150)
    assert rows["Ann"].best == 100 and rows["Ann"].games == 3
    # Two games: nothing can be dropped.
    assert (rows["Hal"].dropped, rows["Hal"].total) == (0, -1100)


def _pair(p, cached_game, a_games, b_games):
    """Games for Ann and Ben (rank, result) with fillers in the other seats."""
    fill = [p["Eve"], p["Fay"], p["Gus"]]
    for rank, result in a_games:
        cached_game([(p["Ann"], rank, result), *[(f, 4, -1) for f in fill]])
    for rank, result in b_games:
        cached_game([(p["Ben"], rank, result), *[(f, 4, -1) for f in fill]])


@pytest.mark.parametrize(
    ("ann", "ben", "leader", "why"),
    [
        ([(1, 50), (4, -30)], [(2, 20)], "Ben", "lower average placement"),
        ([(1, 40), (3, -20)], [(2, 10), (2, 10)], "Ann", "more firsts"),
        ([(1, 30), (4, -10), (2, 0)], [(1, 10), (3, 5), (3, 5)], "Ben", "fewer fourths"),
        ([(2, 30), (2, -10)], [(2, 10), (2, 10)], "Ann", "better best game"),
    ],
)
def test_equal_totals_are_broken_in_order(season, people, cached_game, ann, ben, leader, why):
    _pair(people, cached_game, ann, ben)
    rows = by_name(season_standings(fresh(season)))
    assert rows["Ann"].total == rows["Ben"].total == 20
    loser = "Ben" if leader == "Ann" else "Ann"
    assert rows[leader].rank < rows[loser].rank, why


def test_players_equal_on_every_tie_break_share_a_rank(season, people, cached_game):
    _pair(people, cached_game, [(2, 20)], [(2, 20)])
    rows = season_standings(fresh(season)).rows
    assert [(r.rank, r.player.display_name) for r in rows[:3]] == [
        (1, "Ann"),
        (1, "Ben"),
        (3, "Eve"),
    ]


def test_sorting_by_a_column_keeps_the_standings_order_among_equals(season, people, cached_game):
    p = people
    cached_game([(p["Ann"], 1, 300), (p["Ben"], 2, 100), (p["Cat"], 3, -100), (p["Dan"], 4, -300)])
    standings = season_standings(fresh(season))
    assert [r.player.display_name for r in sort_rows(standings.rows, "-total")] == [
        "Dan",
        "Cat",
        "Ben",
        "Ann",
    ]
    assert sort_rows(standings.rows, "player")[0].player.display_name == "Ann"
    assert sort_rows(standings.rows, "nonsense") == standings.rows


def test_the_csv_has_a_line_per_player_with_the_printed_numbers(season, people, cached_game):
    p = people
    cached_game([(p["Ann"], 1, 273), (p["Ben"], 2, 101), (p["Cat"], 3, -104), (p["Dan"], 4, -270)])
    text = standings_csv(season_standings(fresh(season))).decode("utf-8-sig")
    lines = text.splitlines()
    assert lines[0].startswith("rank,player,games,counted,total,average")
    settled = '"uma +20/+10/-10/-20 · start 25,000 · return 30,000"'
    assert lines[1] == f"1,Ann,1,1,+27.3,+27.3,,1,0,0,0,1.00,+27.3,yes,{settled}"
    assert lines[4] == f"4,Dan,1,1,-27.0,-27.0,,0,0,0,1,4.00,-27.0,yes,{settled}"


def test_a_name_that_starts_like_a_formula_is_written_as_text_and_numbers_stay_numbers(
    club, season, cached_game
):
    names = ('=HYPERLINK("http://x","y")', "+1+cmd", "-2+3", "@SUM(A1)")
    tricky = [Player.objects.create(club=club, display_name=n) for n in names]
    cached_game(
        [(tricky[0], 1, 273), (tricky[1], 2, 101), (tricky[2], 3, -104), (tricky[3], 4, -270)]
    )
    text = standings_csv(season_standings(fresh(season))).decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert [r[1] for r in rows[1:]] == ["'" + n for n in names]
    # Results stay plain signed numbers, which a spreadsheet reads as numbers.
    assert [r[4] for r in rows[1:]] == ["+27.3", "+10.1", "-10.4", "-27.0"]
    assert not any(c.startswith(("=", "@")) for r in rows for c in r)


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        ("=1+2", "'=1+2"),
        ("+1", "+1"),
        ("-3000", "-3000"),
        (-3000, -3000),
        ("-27.0", "-27.0"),
        ("-", "'-"),
        ("-1e3", "'-1e3"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("@x", "'@x"),
        ("Ann", "Ann"),
        ("", ""),
        (None, None),
    ],
)
def test_only_text_that_starts_like_a_formula_is_escaped(value, cell):
    assert csv_cell(value) == cell


# Scale: the number of queries does not grow with games or players


def _season_of(club, name, people, games, cached_game_factory):
    league = League.objects.create(club=club, name=name, slug=name.lower(), rules="japanese-modern")
    season = Season.objects.create(league=league, name="S", starts=datetime.date(2026, 1, 1))
    players = list(people.values())
    for i in range(games):
        four = [players[(i + k) % len(players)] for k in range(4)]
        game = Game.objects.create(
            club=club,
            league=league,
            season=season,
            played_on=DAY,
            rules={"preset": "japanese-modern", "options": {}},
            status=Game.Status.FINISHED,
            final={"unit": "points_1000"},
        )
        for seat, pl in enumerate(four):
            game.seats.create(seat=seat, player=pl, rank=seat + 1, result=(2 - seat) * 100)
    return Season.objects.select_related("league").get(pk=season.pk)


@pytest.mark.parametrize(
    ("aggregate", "drop_worst", "queries"),
    [("sum", 0, 4), ("average", 1, 5), ("placement", 1, 6)],
)
def test_recomputed_standings_take_the_same_queries_for_two_games_and_for_forty(
    club, people, django_assert_num_queries, aggregate, drop_worst, queries
):
    small = _season_of(club, "Small", dict(list(people.items())[:4]), 2, None)
    large = _season_of(club, "Large", people, 40, None)
    League.objects.update(aggregate=aggregate, drop_worst=drop_worst, placement_points=[4, 2, 1, 0])
    small = Season.objects.select_related("league").get(pk=small.pk)
    large = Season.objects.select_related("league").get(pk=large.pk)
    with django_assert_num_queries(queries):
        s = season_standings_recomputed(small)
    assert len(s.all_rows) == 4
    with django_assert_num_queries(queries):
        s = season_standings_recomputed(large)
    assert len(s.all_rows) == 8 and s.games == 40
    assert sum(r.dropped for r in s.rows) == 8 * drop_worst


@pytest.mark.parametrize(
    ("aggregate", "drop_worst"), [("sum", 0), ("average", 1), ("placement", 1)]
)
def test_standings_from_the_totals_take_three_queries_for_two_games_and_for_forty(
    club, people, django_assert_num_queries, aggregate, drop_worst
):
    small = _season_of(club, "Small", dict(list(people.items())[:4]), 2, None)
    large = _season_of(club, "Large", people, 40, None)
    League.objects.update(aggregate=aggregate, drop_worst=drop_worst, placement_points=[4, 2, 1, 0])
    small = Season.objects.select_related("league").get(pk=small.pk)
    large = Season.objects.select_related("league").get(pk=large.pk)
    # The first read after the settings changed rebuilds the totals; later reads only read.
    first = season_standings(large)
    season_standings(small)
    # The basis, the totals with their players, the games' unit.
    with django_assert_num_queries(3):
        s = season_standings(small)
    assert len(s.all_rows) == 4
    with django_assert_num_queries(3):
        s = season_standings(large)
    assert s == first == season_standings_recomputed(large)
    assert len(s.all_rows) == 8 and s.games == 40
    assert sum(r.dropped for r in s.rows) == 8 * drop_worst


def test_the_standings_page_takes_the_same_queries_whatever_the_size(client, alice, club, people):
    client.force_login(alice)
    counts = []
    for name, group, games in (("Small", dict(list(people.items())[:4]), 2), ("Large", people, 40)):
        season = _season_of(club, name, group, games, None)
        url = f"/clubs/{club.slug}/leagues/{season.league.slug}/seasons/{season.pk}/"
        reset_queries()  # the request resets the log; start both counts from an empty one
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url).status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1] > 3


def test_the_standings_say_which_settlement_the_games_used_not_the_leagues_current_one(
    season, people, cached_game
):
    p = people
    cached_game([(p["Ann"], 1, 273), (p["Ben"], 2, 101), (p["Cat"], 3, -104), (p["Dan"], 4, -270)])
    season.league.rules = {"preset": "japanese-modern", "options": {"uma": [30, 10, -10, -30]}}
    season.league.save()
    standings = season_standings(fresh(season))
    assert not standings.mixed
    assert standings.rules == (
        "Japanese Modern (ari-ari) · uma +20/+10/-10/-20 · start 25,000 · return 30,000"
    )


def test_a_season_that_mixes_settlements_says_so_and_counts_each_players_games(
    season, people, cached_game
):
    p = people
    four = [(p["Ann"], 1, 273), (p["Ben"], 2, 101), (p["Cat"], 3, -104), (p["Dan"], 4, -270)]
    cached_game(four)
    cached_game(four, uma=[30, 10, -10, -30])
    cached_game([(p["Ann"], 1, 300), (p["Ben"], 2, 100), (p["Eve"], 3, -100), (p["Fay"], 4, -300)])
    standings = season_standings(fresh(season))
    assert standings.mixed
    assert [(s.letter, s.games) for s in standings.settlements] == [("A", 2), ("B", 1)]
    assert standings.rules == (
        "Japanese Modern (ari-ari) · the games were settled differently: "
        "A: uma +20/+10/-10/-20 · start 25,000 · return 30,000 (2 games); "
        "B: uma +30/+10/-10/-30 · start 25,000 · return 30,000 (1 game)"
    )
    rows = by_name(standings)
    assert rows["Ann"].settlements == (("A", 2), ("B", 1))
    assert rows["Eve"].settlements == (("A", 1),)
    lines = list(csv.DictReader(io.StringIO(standings_csv(standings).decode("utf-8-sig"))))
    ann = next(r for r in lines if r["player"] == "Ann")
    assert ann["settlement"] == (
        "uma +20/+10/-10/-20 · start 25,000 · return 30,000 (2 games); "
        "uma +30/+10/-10/-30 · start 25,000 · return 30,000 (1 game)"
    )


def test_the_standings_modules_examples_hold():
    import doctest

    from clubhouse.leagues import standings

    failed, attempted = doctest.testmod(standings)
    assert attempted and not failed
