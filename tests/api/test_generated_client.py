"""A client generated from the live schema works as it comes.

openapi-python-client (the dev extra) generates a Python package from /api/schema/ of a live
server into a temporary folder; the test imports it and plays a short club evening through it
against that server: a token, a club, four players, a game in a league, hands sent with
idempotency keys (one sent twice), a stale hand number, a correction, the game record, the end
of the game, the standings, the score sheet and the end of the token. Nothing in the generated
code is touched; the client raises on any status the schema does not list.
"""

import datetime
import importlib
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from leagues.models import League, Season
from tests.conftest import PASSWORD

PACKAGE = "tenbou_api_client"


@pytest.fixture
def generated(live_server, tmp_path):
    """The client package generated from the live server's schema, imported."""
    schema = httpx.get(f"{live_server.url}/api/schema/?format=json", timeout=30)
    assert schema.status_code == 200
    path = tmp_path / "openapi.json"
    path.write_bytes(schema.content)
    # The generator formats its output with ruff, which it looks for on the PATH.
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", "")}
    run = subprocess.run(
        [
            *(sys.executable, "-m", "openapi_python_client", "generate", "--path", str(path)),
            *("--meta", "none", "--output-path", str(tmp_path / PACKAGE)),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    sys.path.insert(0, str(tmp_path))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def _api(package, *names):
    return [importlib.import_module(f"{PACKAGE}.api.{name}") for name in names]


def test_a_generated_client_plays_an_evening(transactional_db, live_server, generated, alice):
    from tenbou_api_client import AuthenticatedClient, Client
    from tenbou_api_client.models import (
        ClubCreateInputRequest,
        Error,
        GameCreateInputRequest,
        GameRecord,
        HandCorrectionRequest,
        HandSubmissionRequest,
        PlayerCreateInputRequest,
        ResultEnum,
        StaleHandNumber,
        TokenLoginRequest,
        WinRequest,
    )

    (auth_token_create, auth_token_destroy) = _api(
        generated, "auth.auth_token_create", "auth.auth_token_destroy"
    )
    (clubs_create, clubs_players_create) = _api(
        generated, "clubs.clubs_create", "clubs.clubs_players_create"
    )
    (games_create, games_hands_create, games_hands_update, games_record, games_finish) = _api(
        generated,
        "games.games_create",
        "games.games_hands_create",
        "games.games_hands_update",
        "games.games_record",
        "games.games_finish",
    )
    (games_retrieve, games_sheet, leagues_standings_retrieve) = _api(
        generated, "games.games_retrieve", "games.games_sheet", "leagues.leagues_standings_retrieve"
    )
    (games_hands_retrieve,) = _api(generated, "games.games_hands_retrieve")

    # A token for alice's username and password.
    anonymous = Client(base_url=live_server.url, raise_on_unexpected_status=True)
    login = auth_token_create.sync(
        client=anonymous, body=TokenLoginRequest(username="alice", password=PASSWORD)
    )
    api = AuthenticatedClient(
        base_url=live_server.url, token=login.token, prefix="Token", raise_on_unexpected_status=True
    )

    # A club with four players; its league is set up on the site (no API for that).
    club = clubs_create.sync(
        client=api, body=ClubCreateInputRequest(name="Night Owls", slug="owls")
    )
    assert (club.slug, club.role) == ("owls", "organiser")
    players = [
        clubs_players_create.sync("owls", client=api, body=PlayerCreateInputRequest(display_name=n))
        for n in ("Aiko", "Bruno", "Chiara", "Daiki")
    ]
    league = League.objects.create(
        club_id=club_pk("owls"), name="Owls", slug="owls", rules="tenhou"
    )
    Season.objects.create(league=league, name="Autumn", starts=datetime.date(2026, 9, 1))

    game = games_create.sync(
        client=api,
        body=GameCreateInputRequest(
            club="owls", players=[p.id for p in players], rules="tenhou", league="owls"
        ),
    )
    assert [s.player.display_name for s in game.seats] == ["Aiko", "Bruno", "Chiara", "Daiki"]

    # Hands with idempotency keys: a repeat of the first is answered with the first answer.
    ron = HandSubmissionRequest(
        result=ResultEnum.RON, from_=3, wins=[WinRequest(seat=2, han=2, fu=30)], expected_number=1
    )
    first = games_hands_create.sync_detailed(game.id, client=api, body=ron, idempotency_key="h-1")
    repeat = games_hands_create.sync_detailed(game.id, client=api, body=ron, idempotency_key="h-1")
    assert first.status_code == 201 and first.parsed.result.deltas == [0, 0, 2000, -2000]
    # The repeat's status is whatever the schema lists for a replay; its answer is the first.
    assert repeat.parsed.to_dict() == first.parsed.to_dict()
    assert games_retrieve.sync(game.id, client=api).hand_count == 1

    tsumo = HandSubmissionRequest(
        result=ResultEnum.TSUMO, wins=[WinRequest(seat=1, han=1, fu=30)], expected_number=2
    )
    second = games_hands_create.sync(game.id, client=api, body=tsumo, idempotency_key="h-2")
    assert second.number == 2 and second.hand_count == 2

    # A device that missed the second hand gets a typed 409 with where the game is.
    stale = games_hands_create.sync(game.id, client=api, body=tsumo, idempotency_key="h-2b")
    assert isinstance(stale, StaleHandNumber) and stale.state.hand_count == 2

    # A bad hand is a typed error naming the field.
    bad = HandSubmissionRequest(result=ResultEnum.RON, wins=[], expected_number=3)
    refused = games_hands_create.sync(game.id, client=api, body=bad, idempotency_key="h-3")
    assert isinstance(refused, Error) and refused.error.code and refused.error.message

    # A correction of the first hand: 3 han, not 2.
    correction = HandCorrectionRequest(
        result=ResultEnum.RON, from_=3, wins=[WinRequest(seat=2, han=3, fu=30)], reason="3 han"
    )
    hand = games_hands_retrieve.sync_detailed(game.id, 1, client=api)
    corrected = _correct(games_hands_update, api, game.id, 1, correction, hand.headers["ETag"])
    assert corrected.hands[0].result.deltas == [0, 0, 3900, -3900]

    # The record, as the engine reads it.
    record = games_record.sync(game.id, client=api)
    assert isinstance(record, GameRecord)
    assert record.players == ["Aiko", "Bruno", "Chiara", "Daiki"]
    assert [h.result for h in record.hands] == [ResultEnum.RON, ResultEnum.TSUMO]
    assert record.hands[0].wins[0].han == 3

    # The end of the game, the standings and the score sheet.
    finished = games_finish.sync(game.id, client=api)
    assert finished.status == "finished"
    standings = leagues_standings_retrieve.sync(league.pk, client=api)
    assert standings.games == 1
    assert standings.rows[0].player == "Chiara"
    assert sum(r.total_value for r in standings.rows) == 0
    sheet = games_sheet.sync_detailed(game.id, client=api)
    assert sheet.headers["Content-Type"] == "application/pdf"
    assert sheet.parsed.payload.read().startswith(b"%PDF")

    # The end of the token: the next call is a typed 401.
    assert auth_token_destroy.sync_detailed(client=api).status_code == 204
    after = games_retrieve.sync_detailed(game.id, client=api)
    assert after.status_code == 401 and after.parsed.error.code == "authentication_failed"


def _correct(games_hands_update, api, game_id, number, body, etag):
    """PUT the corrected hand, naming it by the ETag a read of it answered (If-Match)."""
    return games_hands_update.sync(game_id, number, client=api, body=body, if_match=etag)


def club_pk(slug):
    from clubs.models import Club

    return Club.objects.get(slug=slug).pk
