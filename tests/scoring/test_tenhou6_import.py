"""Games from their tenhou.net/6 logs, and games as logs: real games of the shared corpus
exported as logs and imported back (through the service, the page and the API) give the same
hands and the same numbers; a log the rules do not reproduce is refused naming the hand, and
nothing is saved; the organiser's choice of players is checked; only organisers import; the
game page's download is the log the engine reads back; a three-player log imports."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs.models import Player
from core.models import AuditEntry
from engine import score_record
from engine.tenhou6 import record_from_tenhou6, tenhou6_from_record
from scoring import services
from scoring.models import Game, Hand
from tests.engine.corpus import CORPUS_FILES, CorpusGame, required_corpus
from tests.engine.test_tenhou6 import SANMA_ROUNDS, comparable, sanma_log
from tests.factories import players

NAMES = ["Aiko", "Bruno", "Chiara", "Daiki"]
IMPORT = "/clubs/{slug}/games/import/"


@pytest.fixture(scope="module")
def corpus_games() -> list[CorpusGame]:
    """A few real games: the first two of each corpus file and the longest of all."""
    games = required_corpus()
    chosen = [g for name in CORPUS_FILES for g in [x for x in games if x.file == name][:2]]
    chosen.append(max(games, key=lambda g: len(g.vectors)))
    return chosen


def named(game: CorpusGame) -> dict[str, Any]:
    return {**game.record(), "players": NAMES}


def log_text(record: dict[str, Any]) -> str:
    return json.dumps(tenhou6_from_record(record), ensure_ascii=False)


def assert_same_game(game: Game, record: dict[str, Any]) -> None:
    """The imported game holds the record's hands (as a log holds them) and the replay's
    numbers: each hand's score changes and the final result."""
    played = score_record(record)
    stored = [h.data for h in game.hands.order_by("number")]
    dealers = [h["dealer"] for h in played["hands"]]
    assert len(stored) == len(record["hands"])
    for mine, theirs, dealer in zip(stored, record["hands"], dealers, strict=True):
        assert comparable(mine, dealer) == comparable(theirs, dealer)
    rows = list(game.hands.order_by("number"))
    assert [r.result["deltas"] for r in rows] == [h["deltas"] for h in played["hands"]]
    assert [r.label for r in rows] == [h["label"] for h in played["hands"]]
    assert game.final["scores"] == played["final"]["scores"]
    assert game.final["results"] == played["final"]["results"]
    assert game.status == Game.Status.FINISHED
    seats = list(game.seats.order_by("seat"))
    assert [s.score for s in seats] == played["final"]["scores"]


def nothing_saved(before: tuple[int, int, int, int]) -> bool:
    return before == counts()


def counts() -> tuple[int, int, int, int]:
    return (
        Game.objects.count(),
        Hand.objects.count(),
        Player.objects.count(),
        AuditEntry.objects.count(),
    )


# The service ----------------------------------------------------------------------------------


def test_corpus_games_exported_and_imported_give_the_same_hands_and_numbers(
    club, alice, corpus_games
):
    table = players(club, NAMES)
    for corpus_game in corpus_games:
        record = named(corpus_game)
        game = services.game_import_tenhou6(
            club=club, log=log_text(record), players=table, created_by=alice
        )
        assert_same_game(game, record)
        assert game.rules["preset"] == "tenhou"
        assert [s.player for s in game.seats.order_by("seat")] == table
        entry = AuditEntry.objects.get(game=game, action="game.imported")
        assert entry.action == "game.imported"
        assert entry.reason.startswith("tenhou.net/6 log sha256:")
        # Exported again from the stored game, the log is the one imported.
        again = json.loads(log_text(services.game_record(game)))
        assert again["log"] == tenhou6_from_record(record)["log"]


def test_a_log_s_own_reference_names_it_in_the_audit_trail(club, alice):
    record = {"rules": "tenhou", "hands": [{"result": "draw", "tenpai": [1]}]}
    log = {**tenhou6_from_record(record), "ref": "2026120420gm-00a9-0000-1a2b3c4d"}
    game = services.game_import_tenhou6(
        club=club, log=log, players=players(club, NAMES), created_by=alice
    )
    entry = AuditEntry.objects.get(game=game, action="game.imported")
    assert entry.reason == "tenhou.net/6 log 2026120420gm-00a9-0000-1a2b3c4d"
    assert game.status == Game.Status.RUNNING  # one hand of an East-South game: not over


def tampered(corpus_game: CorpusGame, hand: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The game's log with 1,000 more paid to the first winner (or ready seat) of ``hand``
    and 1,000 less by the seat after it, the later rounds' scores moved with them (as a log
    of other rules would be): the log holds together but no longer follows the rules."""
    record = named(corpus_game)
    log = tenhou6_from_record(record)
    deltas = log["log"][hand - 1][16][1]
    winner = next(seat for seat in range(4) if deltas[seat] > 0)
    loser = (winner + 1) % 4
    deltas[winner] += 1000
    deltas[loser] -= 1000
    for later in log["log"][hand:]:
        later[1][winner] += 1000
        later[1][loser] -= 1000
    return log, record


def test_a_tampered_log_is_refused_naming_the_hand_and_nothing_is_saved(club, alice, corpus_games):
    table = players(club, NAMES)
    corpus_game = corpus_games[0]
    played = score_record(named(corpus_game))["hands"]
    number = next(
        i for i, h in enumerate(played, start=1) if i > 1 and any(d > 0 for d in h["deltas"])
    )
    log, _ = tampered(corpus_game, number)
    before = counts()
    with pytest.raises(services.LogRefused) as e:
        services.game_import_tenhou6(club=club, log=log, players=table, created_by=alice)
    assert e.value.code == "tenhou6_mismatch"
    assert e.value.hand == number
    label = played[number - 1]["label"]
    message = str(e.value)
    assert message.startswith(f"Hand {number} (")
    wind = {"E": "East", "S": "South", "W": "West"}[label[0]]
    assert f"({wind} {label[1]}" in message
    assert "the log pays Aiko " in message and "; the rules give Aiko " in message
    assert nothing_saved(before)


def test_the_refusal_says_the_counters(club, alice):
    # East 1 with one counter: 3,900 and 300, written as 3,900 and 600.
    record = {
        "rules": "tenhou",
        "players": NAMES,
        "start": {"honba": 1},
        "hands": [{"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 30}]}],
    }
    log = tenhou6_from_record(record)
    log["log"][0][16][1] = [0, -4500, 4500, 0]
    with pytest.raises(services.LogRefused) as e:
        services.game_import_tenhou6(
            club=club, log=log, players=players(club, NAMES), created_by=alice
        )
    assert str(e.value) == (
        "Hand 1 (East 1, 1 counter): the log pays Aiko 0, Bruno -4,500, Chiara +4,500, "
        "Daiki 0; the rules give Aiko 0, Bruno -4,200, Chiara +4,200, Daiki 0."
    )


@pytest.mark.parametrize(
    ("log", "code", "says"),
    [
        ("not json at all", "bad_tenhou6", "the log is not JSON"),
        ({"log": [[1, 2]]}, "bad_tenhou6", "round 1 of the log must be a list of 17"),
        ({"name": NAMES}, "bad_tenhou6", "needs 'log'"),
    ],
)
def test_a_malformed_log_is_refused_with_the_engine_s_error(club, alice, log, code, says):
    table = players(club, NAMES)
    before = counts()
    with pytest.raises(services.LogRefused) as e:
        services.game_import_tenhou6(club=club, log=log, players=table, created_by=alice)
    assert e.value.code == code
    assert says in str(e.value)
    assert nothing_saved(before)


def small_log() -> dict[str, Any]:
    record = {
        "rules": "tenhou",
        "players": NAMES,
        "hands": [{"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 30}]}],
    }
    return tenhou6_from_record(record)


def test_every_name_needs_a_player_and_one_player_sits_once(club, alice):
    aiko, bruno, chiara, daiki = players(club, NAMES)
    before = counts()
    with pytest.raises(services.LogRefused) as e:
        services.game_import_tenhou6(
            club=club, log=small_log(), players=[aiko, bruno, None, daiki], created_by=alice
        )
    assert (e.value.code, e.value.field) == ("log_player_missing", "players")
    assert str(e.value) == "Chiara in the log needs a player."
    with pytest.raises(services.LogRefused) as e:
        services.game_import_tenhou6(
            club=club, log=small_log(), players=[aiko, bruno, aiko, daiki], created_by=alice
        )
    assert e.value.code == "log_player_twice"
    assert str(e.value) == "Aiko and Chiara in the log are both Aiko: a player sits in one seat."
    with pytest.raises(services.LogRefused) as e:
        # A new guest under a club player's name is that player.
        services.game_import_tenhou6(
            club=club, log=small_log(), players=[aiko, bruno, "aiko", daiki], created_by=alice
        )
    assert e.value.code == "log_player_twice"
    with pytest.raises(services.LogRefused) as e:
        services.game_import_tenhou6(
            club=club, log=small_log(), players=[aiko, bruno, chiara], created_by=alice
        )
    assert str(e.value) == "The log has 4 players; 3 were given."
    assert nothing_saved(before)


def test_a_name_without_a_club_player_becomes_a_guest(club, alice):
    aiko, bruno, chiara = players(club, NAMES[:3])
    game = services.game_import_tenhou6(
        club=club, log=small_log(), players=[aiko, bruno, chiara, "Daiki"], created_by=alice
    )
    daiki = Player.objects.get(club=club, display_name="Daiki")
    assert game.seats.get(seat=3).player == daiki
    assert AuditEntry.objects.filter(action="player.created", club=club).exists()


def test_only_an_organiser_imports_a_log(club, alice, bob, charlie):
    table = players(club, NAMES)
    before = counts()
    for user in (bob, charlie):
        with pytest.raises(PermissionDenied):
            services.game_import_tenhou6(club=club, log=small_log(), players=table, created_by=user)
    assert nothing_saved(before)


def test_a_log_is_imported_under_the_rules_chosen_and_refused_under_others(club, alice):
    table = players(club, NAMES)
    # A 3,900 ron with one counter of 1,500 (a club's own counter value).
    record = {
        "rules": {"preset": "tenhou", "options": {"honba_points": 1500}},
        "start": {"honba": 1},
        "hands": [{"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 30}]}],
    }
    log = tenhou6_from_record(record)
    log["rule"] = {"disp": "般南喰赤", "aka": 1}  # as an online game's log names its rules
    with pytest.raises(services.LogRefused) as e:
        services.game_import_tenhou6(club=club, log=log, players=table, created_by=alice)
    assert e.value.code == "tenhou6_mismatch"
    game = services.game_import_tenhou6(
        club=club, log=log, players=table, created_by=alice, rules=record["rules"]
    )
    assert game.rules["options"]["honba_points"] == 1500
    assert game.hands.get().result["deltas"] == [0, -5400, 5400, 0]
    with pytest.raises(services.LogRefused) as e:
        services.game_import_tenhou6(
            club=club, log=log, players=table, created_by=alice, rules="tenhou-sanma"
        )
    assert e.value.code == "tenhou6_seats"


def test_a_three_player_log_imports_as_a_three_player_game(club, alice):
    aiko, bruno, chiara = players(club, NAMES[:3])
    game = services.game_import_tenhou6(
        club=club, log=sanma_log(*SANMA_ROUNDS), players=[aiko, bruno, chiara], created_by=alice
    )
    assert game.rules["preset"] == "tenhou-sanma"
    assert game.seat_count == 3
    assert [h.result["deltas"] for h in game.hands.order_by("number")] == [
        [-4000, 6000, -2000],
        [-1000, 2000, -1000],
        [0, -4100, 4100],
    ]
    assert [h.label for h in game.hands.order_by("number")] == ["E1", "E2", "E2-1"]


# The pages ------------------------------------------------------------------------------------


def test_the_import_page_reads_a_file_offers_the_players_and_creates_the_game(
    client, club, alice, corpus_games
):
    aiko, _bruno, _chiara, daiki = players(club, ["Aiko", "Bruno", "Chiara", "daiki"])
    record = named(corpus_games[1])
    client.force_login(alice)
    upload = SimpleUploadedFile("game.json", log_text(record).encode(), "application/json")

    step1 = client.get(IMPORT.format(slug=club.slug))
    step2 = client.post(IMPORT.format(slug=club.slug), {"log_file": upload, "rules": ""})
    page = step2.content.decode()

    assert step1.status_code == 200
    assert 'enctype="multipart/form-data"' in step1.content.decode()
    assert step2.status_code == 200
    assert "Who played?" in page
    assert f"The log holds {len(record['hands'])} hands" in page
    # A club player of a log's name is chosen for it, in any case; a new guest is offered.
    assert f'<option value="{aiko.pk}" selected>Aiko</option>' in page
    assert f'<option value="{daiki.pk}" selected>daiki</option>' in page
    assert '<option value="new">A new guest: Aiko</option>' in page
    form = step2.context["form"]
    posted = {"step": "players", "log": form["log"].value(), "rules": ""}
    posted.update({f"seat_{i}": form[f"seat_{i}"].value() for i in range(4)})
    created = client.post(IMPORT.format(slug=club.slug), posted)

    game = Game.objects.get()
    assert created.status_code == 302 and created["Location"] == f"/games/{game.pk}/"
    assert_same_game(game, record)
    assert [s.player.display_name for s in game.seats.order_by("seat")] == [
        "Aiko",
        "Bruno",
        "Chiara",
        "daiki",
    ]
    shown = client.get(created["Location"]).content.decode()
    assert "Game imported from the log" in shown
    assert f'href="/games/{game.pk}/tenhou6.json"' in shown


def test_the_page_shows_the_refusal_naming_the_hand_and_saves_nothing(
    client, club, alice, corpus_games
):
    players(club, NAMES)
    log, _record = tampered(corpus_games[0], 3)
    client.force_login(alice)
    before = counts()
    response = client.post(IMPORT.format(slug=club.slug), {"log": json.dumps(log), "rules": ""})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Hand 3 (" in page and "the log pays Aiko" in page
    assert nothing_saved(before)


def test_the_second_step_refuses_two_names_for_one_player(client, club, alice):
    aiko, _bruno, chiara, _daiki = players(club, NAMES)
    client.force_login(alice)
    before = counts()
    response = client.post(
        IMPORT.format(slug=club.slug),
        {
            "step": "players",
            "log": json.dumps(small_log()),
            "rules": "",
            "seat_0": str(aiko.pk),
            "seat_1": str(aiko.pk),
            "seat_2": str(chiara.pk),
            "seat_3": "",
        },
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "Aiko and Bruno in the log are both Aiko: a player sits in one seat." in page
    assert nothing_saved(before)


def test_the_import_page_is_the_organiser_s(client, club, alice, bob, charlie):
    url = IMPORT.format(slug=club.slug)
    client.force_login(bob)
    assert client.get(url).status_code == 403
    assert client.get(f"/clubs/{club.slug}/games/").content.decode().count(url) == 0
    client.force_login(alice)
    assert client.get(f"/clubs/{club.slug}/games/").content.decode().count(url) == 1


def test_a_game_s_tenhou6_download_is_the_log_the_engine_reads_back(client, club, alice, bob):
    table = players(club, NAMES)
    game = services.game_create(club=club, players=table, rules="tenhou", created_by=bob)
    services.hand_submit(
        game=game,
        hand={"result": "tsumo", "riichi": [1], "wins": [{"seat": 1, "han": 5}]},
        user=bob,
        expected_number=1,
    )
    client.force_login(alice)
    response = client.get(f"/games/{game.pk}/tenhou6.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "attachment; filename=" in response["Content-Disposition"]
    assert ".tenhou6.json" in response["Content-Disposition"]
    log = json.loads(response.content)
    assert log["name"] == NAMES
    back = record_from_tenhou6(log)
    assert back["hands"] == [h.data for h in game.hands.order_by("number")]
    assert score_record(back)["hands"] == score_record(services.game_record(game))["hands"]


def test_a_game_the_format_cannot_hold_has_no_link_and_a_clear_400(client, club, alice, bob):
    client.force_login(alice)
    italian = services.game_create(
        club=club, players=players(club, NAMES), rules="italian-official", created_by=bob
    )
    sanma = services.game_create(
        club=club, players=players(club, NAMES[:3]), rules="tenhou-sanma", created_by=alice
    )
    for game, says in (
        (italian, "scored by han and fu"),
        (sanma, "written for four-player games"),
    ):
        page = client.get(f"/games/{game.pk}/").content.decode()
        assert "tenhou6.json" not in page
        response = client.get(f"/games/{game.pk}/tenhou6.json")
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "tenhou6_unsupported"
        assert says in response.json()["error"]["message"]
        api = client.get(f"/api/games/{game.pk}/tenhou6/")
        assert api.status_code == 400
        assert api.json()["error"]["code"] == "tenhou6_unsupported"


# The API --------------------------------------------------------------------------------------


def test_the_api_imports_a_log_with_the_players_by_id_or_name(client, club, alice, corpus_games):
    aiko, bruno, chiara = players(club, NAMES[:3])
    record = named(corpus_games[2])
    client.force_login(alice)
    response = client.post(
        "/api/games/import/tenhou6/",
        {
            "club": club.slug,
            "log": tenhou6_from_record(record),
            "players": [aiko.pk, bruno.pk, chiara.pk, "Daiki"],
        },
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    game = Game.objects.get(pk=response.json()["id"])
    assert_same_game(game, record)
    exported = client.get(f"/api/games/{game.pk}/tenhou6/")
    assert exported.status_code == 200
    assert exported.json()["log"] == tenhou6_from_record(record)["log"]


def test_the_api_answers_a_refused_log_with_its_code_and_hand(client, club, alice, corpus_games):
    log, _ = tampered(corpus_games[0], 2)
    client.force_login(alice)
    before = counts()
    response = client.post(
        "/api/games/import/tenhou6/",
        {"club": club.slug, "log": log, "players": ["Aiko", "Bruno", "Chiara", "Daiki"]},
        content_type="application/json",
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["hand"], error["field"]) == ("tenhou6_mismatch", 2, "log")
    assert error["message"].startswith("Hand 2 (")
    twice = client.post(
        "/api/games/import/tenhou6/",
        {"club": club.slug, "log": small_log(), "players": ["Aiko", "Bruno", "Aiko", "Daiki"]},
        content_type="application/json",
    )
    assert twice.status_code == 400
    assert twice.json()["error"]["code"] == "log_player_twice"
    assert nothing_saved(before)


def test_the_api_import_is_the_organiser_s(client, club, bob):
    client.force_login(bob)
    response = client.post(
        "/api/games/import/tenhou6/",
        {"club": club.slug, "log": small_log(), "players": NAMES},
        content_type="application/json",
    )
    assert response.status_code == 403
    assert Game.objects.count() == 0


def test_the_refusal_is_worded_in_the_reader_s_language(client, club, alice, corpus_games):
    players(club, NAMES)
    log, _ = tampered(corpus_games[0], 3)
    client.force_login(alice)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"  # the reader's choice (the switcher)
    response = client.post(IMPORT.format(slug=club.slug), {"log": json.dumps(log), "rules": ""})
    page = response.content.decode()
    assert "Mano 3 (" in page and "il registro paga Aiko" in page
    assert "the log pays" not in page


def test_a_three_player_log_is_imported_on_the_page_with_three_seats(client, club, alice):
    aiko, bruno, chiara = players(club, NAMES[:3])
    client.force_login(alice)
    log = json.dumps(sanma_log(*SANMA_ROUNDS))
    step2 = client.post(IMPORT.format(slug=club.slug), {"log": log, "rules": ""})
    page = step2.content.decode()
    assert 'name="seat_2"' in page and 'name="seat_3"' not in page
    created = client.post(
        IMPORT.format(slug=club.slug),
        {
            "step": "players",
            "log": log,
            "rules": "",
            "seat_0": str(aiko.pk),
            "seat_1": str(bruno.pk),
            "seat_2": str(chiara.pk),
        },
    )
    game = Game.objects.get()
    assert created["Location"] == f"/games/{game.pk}/"
    assert game.seat_count == 3 and game.hand_count == 3
    assert "tenhou6.json" not in client.get(created["Location"]).content.decode()
