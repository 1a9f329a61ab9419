"""The player page: results, placements and hand statistics read from the cached numbers."""

import datetime
import re

from django.utils.translation import override

from clubhouse.leagues.stats import live_board, player_stats
from leagues.models import Season
from tests.factories import DAY, tsumo

RON = {"result": "ron", "from": 1, "wins": [{"seat": 0, "han": 3, "fu": 30}], "riichi": [0]}


def test_hand_statistics_come_from_the_hands_and_their_cached_deltas(
    league, season, players, play_game
):
    a, b, c, d = players[:4]
    game = play_game([a, b, c, d], [RON, tsumo(2, 2, 30), tsumo(0, 1, 30)], league=league)
    hands = list(game.hands.order_by("number"))
    stats = player_stats(a)
    assert (stats.hands, stats.wins, stats.riichi, stats.riichi_wins) == (3, 2, 1, 1)
    assert stats.win_rate == "66.7%" and stats.riichi_success == "100.0%"
    won = [hands[0].result["deltas"][0], hands[2].result["deltas"][0]]
    assert stats.average_won == f"{(won[0] + won[1]) // 2:+,}"
    bruno = player_stats(b)
    assert (bruno.deal_ins, bruno.deal_in_rate) == (1, "33.3%")
    assert bruno.average_lost == f"{hands[0].result['deltas'][1]:+,}"


def test_head_to_head_counts_games_together_and_who_placed_higher(
    league, season, players, play_game
):
    a, b, c, d, e, f = players
    play_game([a, b, c, d], [tsumo(0, 4, 30)], league=league)
    play_game([b, a, e, f], [tsumo(0, 4, 30)], league=league)
    stats = player_stats(a)
    rivals = {r.player.display_name: r for r in stats.rivals}
    assert (rivals["Bruno"].games, rivals["Bruno"].above, rivals["Bruno"].below) == (2, 1, 1)
    assert rivals["Chiara"].games == 1 and rivals["Chiara"].above == 1
    assert stats.placements == (1, 1, 0, 0) and stats.games == 2
    assert stats.chart is not None and len(stats.chart.dots) == 2


def test_the_player_page_draws_an_inline_svg_chart(
    client, charlie, club, league, season, players, play_game
):
    play_game(players[:4], [tsumo(0, 4, 30)], league=league)
    client.force_login(charlie)
    html = client.get(f"/clubs/{club.slug}/players/{players[0].pk}/").content.decode()
    assert '<svg class="chart"' in html and "<polyline" in html
    # No inline style or script (the CSP allows neither); scripts come from our own files.
    # A JSON data block (the phone scripts' words) is data the browser never runs.
    assert "style=" not in html
    assert not re.search(r"<script(?![^>]*\b(?:src=|type=\"application/json\"))", html)
    assert "+46.7" in html


def test_a_player_of_another_club_is_not_found_here(client, charlie, club, public_club):
    from clubs.models import Player

    stranger = Player.objects.create(club=public_club, display_name="Zed")
    client.force_login(charlie)
    assert client.get(f"/clubs/{club.slug}/players/{stranger.pk}/").status_code == 404


def test_the_player_page_counts_the_yaku_of_wins_entered_by_yaku_or_tiles(
    client, charlie, club, league, season, players, play_game
):
    a, b, c, d = players[:4]
    by_yaku = {
        "result": "tsumo",
        "riichi": [0],
        "wins": [{"seat": 0, "yaku": ["riichi", "menzen_tsumo", "pinfu", "tanyao"]}],
    }
    # 234m 567m 234p 456s 88s won on 6s: menzen tsumo, pinfu, tanyao (seat 0 deals)
    by_tiles = {"result": "tsumo", "wins": [{"seat": 0, "tiles": "234567m234p45688s", "win": "6s"}]}
    play_game([a, b, c, d], [by_yaku, by_tiles, tsumo(0, 1, 30)], league=league)
    stats = player_stats(a)
    assert stats.wins == 3 and stats.yaku_wins == 2  # the han-and-fu win has no yaku
    counts = {y.yaku: (y.wins, y.share) for y in stats.yaku}
    assert counts == {
        "menzen_tsumo": (2, "100.0%"),
        "pinfu": (2, "100.0%"),
        "tanyao": (2, "100.0%"),
        "riichi": (1, "50.0%"),
    }
    assert player_stats(b).yaku == ()
    client.force_login(charlie)
    html = client.get(f"/clubs/{club.slug}/players/{a.pk}/").content.decode()
    assert "<h2>Yaku</h2>" in html and "No-points hand (pinfu)" in html
    assert "Of the 2 wins entered by yaku or by tiles" in html


def test_the_league_page_shows_who_makes_each_yaku_most(
    client, charlie, club, league, season, players, play_game
):
    from clubhouse.leagues.stats import yaku_leaders

    a, b, c, d, e, _ = players
    pinfu = {"result": "tsumo", "wins": [{"seat": 0, "tiles": "234567m234p45688s", "win": "6s"}]}
    chiitoi = {"result": "ron", "from": 2, "wins": [{"seat": 1, "yaku": ["chiitoitsu"]}]}
    play_game([a, b, c, d], [pinfu, chiitoi], league=league)
    play_game([e, a, c, d], [pinfu], league=league)  # Eve wins as the dealer
    play_game([a, b, c, d], [pinfu], league=league, finish=False)  # not finished: not counted
    leaders = {y.yaku: y for y in yaku_leaders(league)}
    assert set(leaders) == {"menzen_tsumo", "pinfu", "tanyao", "chiitoitsu"}
    tanyao = leaders["tanyao"]
    assert (tanyao.total, tanyao.most, [p.display_name for p in tanyao.leaders]) == (
        2,
        1,
        sorted([a.display_name, e.display_name], key=str.casefold),
    )
    assert [p.display_name for p in leaders["chiitoitsu"].leaders] == [b.display_name]
    client.force_login(charlie)
    html = client.get(f"/clubs/{club.slug}/leagues/{league.slug}/").content.decode()
    assert "<h2>Yaku leaders</h2>" in html and "Seven pairs (chiitoitsu)" in html
    assert "Games that count for the season standings, wins entered by yaku or by tiles." in html


PINFU_BY_TILES = {
    "result": "tsumo",
    "wins": [{"seat": 0, "tiles": "234567m234p45688s", "win": "6s"}],
}
TANYAO_RON = {"result": "ron", "from": 1, "wins": [{"seat": 0, "yaku": ["tanyao"], "fu": 30}]}


def test_the_yaku_leaders_add_up_the_seasons_and_count_what_their_standings_count(
    club, league, players, play_game
):
    from clubhouse.leagues.stats import yaku_leaders
    from scoring import totals

    a, b, c, d, e, _ = players
    for year in (2024, 2025):
        Season.objects.create(
            league=league,
            name=str(year),
            starts=datetime.date(year, 1, 1),
            ends=datetime.date(year, 12, 31),
        )
    play_game([a, b, c, d], [TANYAO_RON], league=league, played_on=datetime.date(2024, 5, 1))
    play_game([a, b, c, d], [TANYAO_RON], league=league, played_on=datetime.date(2025, 5, 1))
    eve = play_game([e, b, c, d], [TANYAO_RON], league=league, played_on=datetime.date(2025, 6, 1))
    # A league game on a day no season covers counts in no standings, nor here.
    outside = play_game([e, b, c, d], [TANYAO_RON], league=league, played_on=DAY)
    assert outside.season_id is None
    (tanyao,) = yaku_leaders(league)
    assert (tanyao.yaku, tanyao.total, tanyao.most, tanyao.leaders) == ("tanyao", 3, 2, (a,))

    # Where the league counts confirmed games only, so do the yaku leaders.
    league.confirmation_required = True
    league.save()
    assert yaku_leaders(league) == ()  # the seasons' totals rebuilt: no game is confirmed
    eve.seats.update(confirmed_at=eve.finished_at)  # every player confirmed Eve's game
    totals.game_confirmed(eve)  # as the confirmation service does
    (tanyao,) = yaku_leaders(league)
    assert (tanyao.total, tanyao.most, tanyao.leaders) == (1, 1, (e,))


def test_the_yaku_leaders_cost_the_same_queries_whatever_the_seasons_hold(
    club, league, players, play_game, django_assert_num_queries
):
    from clubhouse.leagues.stats import yaku_leaders

    a, b, c, d, e, f = players
    seasons = [
        Season.objects.create(
            league=league,
            name=str(year),
            starts=datetime.date(year, 1, 1),
            ends=datetime.date(year, 12, 31),
        )
        for year in (2023, 2024, 2025)
    ]

    def play_each_season():
        for season in seasons:
            for seated in ([a, b, c, d], [e, f, c, d]):
                play_game(
                    seated, [TANYAO_RON, PINFU_BY_TILES], league=league, played_on=season.starts
                )

    play_each_season()
    before = yaku_leaders(league)  # builds the seasons' totals, once
    # the seasons whose totals are not current (none), the totals, their players
    with django_assert_num_queries(3):
        assert yaku_leaders(league) == before
    play_each_season()
    play_each_season()
    with django_assert_num_queries(3):
        after = yaku_leaders(league)
    assert {y.yaku: y.total for y in after} == {y.yaku: 3 * y.total for y in before}
    assert {y.yaku: y.total for y in before} == {
        "tanyao": 12,
        "menzen_tsumo": 6,
        "pinfu": 6,
    }


def test_the_live_board_places_equal_scores_from_the_first_east_seat(
    club, league, season, players, play_game
):
    # Seat 2 dealt East 1 and nobody has scored: the engine ranks the tie 2, 3, 0, 1
    # (as the game's end would), not by raw seat number.
    play_game(players[:4], league=league, finish=False, start={"dealer": 2, "number": 1})
    (table,) = live_board(league)
    assert [(s.score, s.place) for s in table.seats] == [
        (25000, 3),
        (25000, 4),
        (25000, 1),
        (25000, 2),
    ]
    with override("it"):  # points as every page prints them, in the reader's language
        assert (table.seats[0].score_text, table.pool_text) == ("25.000", "0")


def test_a_long_record_is_drawn_with_a_bounded_number_of_dots(
    league, season, players, play_game, monkeypatch
):
    """Past CHART_POINTS games the chart draws that many spread out, with the last game and
    the extremes of the running total: a player of years sends no more on every view."""
    from clubhouse.leagues import stats as stats_module

    monkeypatch.setattr(stats_module, "CHART_POINTS", 3)
    a, b, c, d = players[:4]
    # Aiko wins the first two games and loses the next five: the top is game 2.
    for n in range(7):
        winner = 0 if n < 2 else 1
        play_game([a, b, c, d], [tsumo(winner, 4, 30)], league=league)
    chart = player_stats(a).chart

    assert chart is not None
    labels = [dot.label for dot in chart.dots]
    # Games 2, 4 and 7 of 7 (spread evenly); the top (game 2) and the bottom (game 7) among them.
    assert len(labels) == 3
    assert len(chart.points.split()) == 4  # the line starts at 0
    assert labels[0].endswith(chart.top_label)
    assert labels[-1].endswith(chart.bottom_label)
