"""The standings read from the running totals equal the standings added up afresh.

A property test plays random seasons through the services (finishes, corrections that change
who wins, deleted hands, abandons, confirmations, games moved between seasons, the league's
standings settings and rules changed between games) and compares
:func:`season_standings` with :func:`season_standings_recomputed` after every step, and the
league's yaku leaders (read from the totals) with the yaku decoded from every counted hand;
then ``rebuild_standings --check`` agrees, and finds a total changed behind its back.
"""

import datetime
import itertools

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from clubhouse.leagues.standings import (
    season_standings,
    season_standings_recomputed,
)
from clubhouse.leagues.stats import yaku_leaders, yaku_leaders_recomputed
from clubs import players as club_players
from clubs.models import Membership, Player
from leagues import services as league_services
from leagues.models import League, Season
from scoring import services, totals
from scoring.errors import GameError
from scoring.models import Game, SeasonTotal

DAY = datetime.date(2026, 3, 14)
NUMBER = itertools.count(1)


def fresh(season):
    return Season.objects.select_related("league").get(pk=season.pk)


def assert_totals_agree(*seasons):
    for season in seasons:
        season = fresh(season)
        assert season_standings(season) == season_standings_recomputed(season)
    league = League.objects.get(pk=seasons[0].league_id)
    assert yaku_leaders(league, limit=100) == yaku_leaders_recomputed(league, limit=100)


# Hands the engine takes in any game of four: small wins and draws (no one goes out of points
# in a few of them); a draw with two ready players and a game of no hands leave ties.
hands = st.one_of(
    st.builds(
        lambda seat, han: {"result": "tsumo", "wins": [{"seat": seat, "han": han, "fu": 30}]},
        st.integers(0, 3),
        st.integers(1, 4),
    ),
    st.builds(
        lambda winner, step, han: {
            "result": "ron",
            "from": (winner + step) % 4,
            "wins": [{"seat": winner, "han": han, "fu": 40}],
        },
        st.integers(0, 3),
        st.integers(1, 3),
        st.integers(1, 3),
    ),
    st.builds(
        lambda tenpai: {"result": "draw", "tenpai": sorted(tenpai)},
        st.sets(st.integers(0, 3), max_size=4),
    ),
    # Wins entered by yaku, which the yaku leaders count (a win by han and fu names none).
    st.builds(
        lambda winner, step, made: {
            "result": "ron",
            "from": (winner + step) % 4,
            "wins": [{"seat": winner, "yaku": made[0], "fu": made[1]}],
        },
        st.integers(0, 3),
        st.integers(1, 3),
        st.sampled_from([(["tanyao"], 30), (["chiitoitsu"], 25), (["tanyao", "chiitoitsu"], 25)]),
    ),
    st.builds(
        lambda seat: {
            "result": "tsumo",
            "wins": [{"seat": seat, "yaku": ["menzen_tsumo", "pinfu"]}],
        },
        st.integers(0, 3),
    ),
)

TSUMO_0 = {"result": "tsumo", "wins": [{"seat": 0, "han": 3, "fu": 30}]}
TSUMO_3 = {"result": "tsumo", "wins": [{"seat": 3, "han": 4, "fu": 30}]}
TANYAO_0 = {"result": "ron", "from": 1, "wins": [{"seat": 0, "yaku": ["tanyao"], "fu": 30}]}
PINFU_3 = {"result": "tsumo", "wins": [{"seat": 3, "yaku": ["menzen_tsumo", "pinfu"]}]}

league_settings = st.fixed_dictionaries(
    {},
    optional={
        "aggregate": st.sampled_from(League.Aggregate.values),
        "placement_points": st.sampled_from([[4, 2, 1, 0], [5, 1, 1, -3], [3, 3, 0, 0]]),
        "drop_worst": st.integers(0, 3),
        "min_games": st.integers(0, 3),
        "confirmation_required": st.booleans(),
        "rules": st.sampled_from(
            [
                {"preset": "japanese-modern", "options": {}},
                {"preset": "japanese-modern", "options": {"uma": [30, 10, -10, -30]}},
            ]
        ),
    },
)

steps = st.lists(
    st.one_of(
        st.tuples(
            st.just("play"),
            st.permutations(range(6)).map(lambda p: p[:4]),
            st.lists(hands, max_size=3),
            st.booleans(),  # in the second season
        ),
        st.tuples(st.just("correct"), st.integers(0, 20), hands),
        st.tuples(st.just("delete"), st.integers(0, 20)),
        st.tuples(st.just("abandon"), st.integers(0, 20)),
        st.tuples(st.just("confirm"), st.integers(0, 20), st.integers(0, 3)),
        st.tuples(st.just("move"), st.integers(0, 20)),
        st.tuples(st.just("settings"), league_settings),
    ),
    min_size=1,
    max_size=12,
)


@pytest.mark.django_db
@settings(
    max_examples=15,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(program=steps)
# Each kind of write at least once, whatever the random programs hit.
@example(program=[("play", [0, 1, 2, 3], [TSUMO_0], False), ("abandon", 0)])
@example(program=[("play", [0, 1, 2, 3], [TSUMO_0], False), ("correct", 0, TSUMO_3)])
@example(program=[("play", [0, 1, 2, 3], [TSUMO_0, TSUMO_3], False), ("delete", 0)])
@example(program=[("play", [0, 1, 2, 3], [], False), ("move", 0), ("move", 0)])
# The yaku through a correction, a deleted hand, a move and the confirmations they wait for.
@example(
    program=[
        ("play", [0, 1, 2, 3], [TANYAO_0, PINFU_3], False),
        ("play", [4, 1, 2, 3], [TANYAO_0], True),
        ("correct", 0, PINFU_3),
        ("delete", 1),
        ("move", 0),
        ("settings", {"confirmation_required": True}),
        *[("confirm", 0, seat) for seat in range(4)],
    ]
)
@example(
    program=[
        ("settings", {"confirmation_required": True}),
        ("play", [0, 1, 2, 3], [TSUMO_0], False),
        *[("confirm", 0, seat) for seat in range(4)],
    ]
)
@example(
    program=[
        (
            "settings",
            {"aggregate": "placement", "drop_worst": 1, "placement_points": [5, 1, 1, -3]},
        ),
        ("play", [0, 1, 2, 3], [], False),  # four tied at the start points
        ("play", [0, 1, 4, 5], [{"result": "draw", "tenpai": [0, 1]}], False),
        ("play", [0, 1, 2, 3], [TSUMO_3], False),
        ("correct", 2, TSUMO_0),
        (
            "settings",
            {"rules": {"preset": "japanese-modern", "options": {"uma": [30, 10, -10, -30]}}},
        ),
        ("play", [0, 2, 3, 5], [TSUMO_3], False),
    ]
)
def test_standings_from_the_totals_equal_the_recomputed_standings(club, alice, program):
    n = next(NUMBER)
    league = League.objects.create(
        club=club,
        name=f"League {n}",
        slug=f"league-{n}",
        rules={"preset": "japanese-modern"},
        drop_worst=1,
    )
    seasons = [
        Season.objects.create(league=league, name="2026", starts=datetime.date(2026, 1, 1)),
        Season.objects.create(
            league=league, name="2025", starts=datetime.date(2025, 1, 1), ends=DAY.replace(2025)
        ),
    ]
    people = []
    for i in range(6):
        user = get_user_model().objects.create_user(f"p{n}x{i}")
        Membership.objects.create(club=club, user=user, role=Membership.Role.MEMBER)
        people.append(Player.objects.create(club=club, display_name=f"P{n} {i}", user=user))
    games: list[Game] = []
    assert_totals_agree(*seasons)  # built here, so the steps below keep them up

    for step in program:
        kind, *args = step
        game = None
        if kind not in ("play", "settings"):
            if not games:
                continue
            game = games[args[0] % len(games)]
        try:
            if kind == "play":
                seated, played, earlier = args
                game = services.game_create(
                    club=club,
                    players=[people[i] for i in seated],
                    league=league,
                    created_by=alice,
                    played_on=DAY.replace(2025) if earlier else DAY,
                )
                for hand in played:
                    services.hand_submit(game=game, hand=hand, user=alice)
                services.game_finish(game=game, user=alice)
                games.append(game)
            elif kind == "correct" and game.hand_count:
                services.hand_correct(game=game, number=1, hand=args[1], reason="x", user=alice)
            elif kind == "delete" and game.hand_count:
                services.hand_delete(game=game, number=game.hand_count, reason="x", user=alice)
            elif kind == "abandon":
                services.game_abandon(game=game, user=alice, reason="x")
            elif kind == "confirm":
                seat = game.seats.select_related("player__user").get(seat=args[1])
                services.game_confirm(game=game, seat=args[1], user=seat.player.user)
            elif kind == "move":
                old = game.season_id
                other = seasons[1] if old == seasons[0].pk else seasons[0]
                Game.objects.filter(pk=game.pk).update(season=other)
                game.season_id = other.pk
                totals.game_moved(game, old)
            elif kind == "settings":
                changes = dict(args[0])
                if changes.get("aggregate") == League.Aggregate.PLACEMENT or (
                    "aggregate" not in changes and league.aggregate == League.Aggregate.PLACEMENT
                ):
                    changes.setdefault("placement_points", [4, 2, 1, 0])
                league = league_services.league_update(league=league, user=alice, **changes)
        except GameError:
            pass  # a step the game refuses now (not finished, a hand no longer there)
        for g in games:
            g.refresh_from_db()
        assert_totals_agree(*seasons)

    call_command("rebuild_standings", "--check", "--season", seasons[0].pk)


def test_rebuild_standings_check_finds_a_total_that_disagrees_and_a_rebuild_mends_it(
    club, alice, capsys
):
    league = League.objects.create(club=club, name="L", slug="l", rules="japanese-modern")
    season = Season.objects.create(league=league, name="S", starts=datetime.date(2026, 1, 1))
    four = [Player.objects.create(club=club, display_name=n) for n in "ABCD"]
    call_command("rebuild_standings", "--check")
    assert "not current (never built)" in capsys.readouterr().out
    call_command("rebuild_standings")
    game = services.game_create(club=club, players=four, league=league, created_by=alice)
    services.hand_submit(
        game=game,
        hand={"result": "tsumo", "wins": [{"seat": 0, "han": 3, "fu": 30}]},
        user=alice,
    )
    services.game_finish(game=game, user=alice)
    call_command("rebuild_standings", "--check")
    assert "the totals agree with the games" in capsys.readouterr().out

    SeasonTotal.objects.filter(season=season, player=four[0]).update(games=7)
    with pytest.raises(CommandError) as failed:
        call_command("rebuild_standings", "--check")
    assert failed.value.returncode == 1
    assert f"player {four[0].pk}: games 7 stored, 1 from the games" in capsys.readouterr().out

    call_command("rebuild_standings", "--season", season.pk)
    call_command("rebuild_standings", "--check")
    assert season_standings(fresh(season)) == season_standings_recomputed(fresh(season))


def test_rebuild_standings_check_compares_the_yaku_too(club, alice, capsys):
    league = League.objects.create(club=club, name="L", slug="l", rules="japanese-modern")
    season = Season.objects.create(league=league, name="S", starts=datetime.date(2026, 1, 1))
    four = [Player.objects.create(club=club, display_name=n) for n in "ABCD"]
    call_command("rebuild_standings")
    game = services.game_create(club=club, players=four, league=league, created_by=alice)
    services.hand_submit(game=game, hand=TANYAO_0, user=alice)
    services.game_finish(game=game, user=alice)
    stored = SeasonTotal.objects.get(season=season, player=four[0])
    assert stored.yaku == {"tanyao": ["All simples (tanyao)", 1]}
    call_command("rebuild_standings", "--check")
    assert "the totals agree with the games" in capsys.readouterr().out

    SeasonTotal.objects.filter(pk=stored.pk).update(yaku={"tanyao": ["All simples (tanyao)", 2]})
    with pytest.raises(CommandError):
        call_command("rebuild_standings", "--check")
    assert f"player {four[0].pk}: yaku {{'tanyao': ['All simples (tanyao)', 2]}} stored" in (
        capsys.readouterr().out
    )


def test_rebuild_standings_names_a_season_that_does_not_exist(db):
    with pytest.raises(CommandError, match="No season with id 999"):
        call_command("rebuild_standings", "--season", 999)


def test_a_merged_players_totals_take_the_duplicates_games(club, alice):
    league = League.objects.create(club=club, name="L", slug="l", rules="japanese-modern")
    season = Season.objects.create(league=league, name="S", starts=datetime.date(2026, 1, 1))
    a, b, c, d, e = [Player.objects.create(club=club, display_name=n) for n in "ABCDE"]
    assert_totals_agree(season)
    for seated in ([a, b, c, d], [e, b, c, d]):
        game = services.game_create(club=club, players=seated, league=league, created_by=alice)
        services.game_finish(game=game, user=alice)
    club_players.player_merge(kept=a, duplicate=e, actor=alice, actor_role="organiser")
    standings = season_standings(fresh(season))
    assert {r.player.display_name: r.games for r in standings.all_rows} == {
        "A": 2,
        "B": 2,
        "C": 2,
        "D": 2,
    }
    assert standings == season_standings_recomputed(fresh(season))


def test_changing_the_leagues_settings_rebuilds_the_totals_once_on_the_next_read(
    club, alice, django_assert_max_num_queries
):
    league = League.objects.create(club=club, name="L", slug="l", rules="japanese-modern")
    season = Season.objects.create(league=league, name="S", starts=datetime.date(2026, 1, 1))
    four = [Player.objects.create(club=club, display_name=n) for n in "ABCD"]
    for _ in range(3):
        game = services.game_create(club=club, players=four, league=league, created_by=alice)
        services.hand_submit(
            game=game,
            hand={"result": "tsumo", "wins": [{"seat": 1, "han": 2, "fu": 30}]},
            user=alice,
        )
        services.game_finish(game=game, user=alice)
    assert season_standings(fresh(season)).rows[0].dropped == 0
    league_services.league_update(league=league, user=alice, drop_worst=1)
    rebuilt = season_standings(fresh(season))
    assert [r.dropped for r in rebuilt.rows] == [1, 1, 1, 1]
    assert rebuilt == season_standings_recomputed(fresh(season))
    season = fresh(season)
    with django_assert_max_num_queries(3):
        assert season_standings(season) == rebuilt
