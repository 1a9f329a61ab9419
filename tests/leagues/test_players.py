"""The player page: results, placements and hand statistics read from the cached numbers."""

import re

from clubhouse.league_stats import player_stats

from .conftest import tsumo

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
    assert "style=" not in html and not re.search(r"<script(?![^>]*\bsrc=)", html)
    assert "+46.7" in html


def test_a_player_of_another_club_is_not_found_here(client, charlie, club, public_club):
    from clubs.models import Player

    stranger = Player.objects.create(club=public_club, display_name="Zed")
    client.force_login(charlie)
    assert client.get(f"/clubs/{club.slug}/players/{stranger.pk}/").status_code == 404
