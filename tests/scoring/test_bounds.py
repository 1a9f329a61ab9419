"""A hand's note is bounded (core.bounds.NOTE) at every door (the entry form, the API, the
phone's outbox, a game record, the restore), and bad numbers in requests are a 400 or a 404
naming what is wrong, not a 500."""

import json

import pytest

from clubhouse.backup import BackupError, export_club, import_club
from core import bounds
from scoring.models import Game
from tests.scoring.conftest import _send, hand_tag

LONG_NOTE = "n" * (bounds.NOTE + 1)
DRAW = {"result": "draw", "tenpai": [0]}
MESSAGE = "Hand 4: a note holds at most 1,000 characters; this one has 1,001."


def _post_json(client, url, data):
    return client.post(url, json.dumps(data), content_type="application/json")


def test_the_api_refuses_a_note_beyond_the_bound_naming_the_hand(client, bob, running_game):
    client.force_login(bob)
    response = _post_json(
        client,
        f"/api/games/{running_game.pk}/hands/",
        {**DRAW, "note": LONG_NOTE, "expected_number": 4},
    )
    assert response.status_code == 400
    assert response.json() == {
        "error": {"code": "too_long", "message": MESSAGE, "field": "note", "hand": 4}
    }
    assert running_game.hands.count() == 3


def test_a_correction_through_the_api_refuses_a_note_beyond_the_bound(client, bob, running_game):
    client.force_login(bob)
    response = client.put(
        f"/api/games/{running_game.pk}/hands/2/",
        json.dumps({**DRAW, "note": LONG_NOTE, "reason": "typo"}),
        content_type="application/json",
        HTTP_IF_MATCH=hand_tag(running_game, 2),
    )
    assert response.status_code == 400
    assert response.json()["error"]["message"] == MESSAGE.replace("Hand 4", "Hand 2")
    assert "note" not in running_game.hands.get(number=2).data


def test_a_game_record_with_a_note_beyond_the_bound_creates_no_game(client, bob, club, table):
    client.force_login(bob)
    games = Game.objects.count()
    response = _post_json(
        client,
        "/api/games/import/",
        {
            "club": club.slug,
            "record": {
                "rules": "japanese-modern",
                "players": [p.display_name for p in table],
                "hands": [DRAW, {**DRAW, "note": LONG_NOTE}],
            },
        },
    )
    assert response.status_code == 400, response.content
    assert response.json()["error"]["hand"] == 2
    assert response.json()["error"]["field"] == "note"
    assert Game.objects.count() == games


def test_the_entry_form_refuses_a_note_beyond_the_bound(client, bob, running_game):
    client.force_login(bob)
    response = client.post(
        f"/games/{running_game.pk}/hands/new/",
        {"result": "draw", "tenpai": ["0"], "note": LONG_NOTE, "expected_number": "4"},
    )
    assert response.status_code == 200
    assert "at most 1000 characters (it has 1001)" in response.content.decode()
    assert running_game.hands.count() == 3


def test_the_outbox_refuses_a_note_beyond_the_bound_naming_the_field(client, bob, running_game):
    client.force_login(bob)
    response = _send(client, running_game, 4, "phone-1-hand-4", note=LONG_NOTE)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "note" and "at most 1000 characters" in error["message"]
    assert running_game.hands.count() == 3


def test_a_note_at_the_bound_is_saved(client, bob, running_game):
    client.force_login(bob)
    note = "n" * bounds.NOTE
    response = _send(client, running_game, 4, "phone-1-hand-4", note=note)
    assert response.status_code == 201
    assert running_game.hands.get(number=4).data["note"] == note


def test_the_restore_refuses_a_note_beyond_the_bound_naming_the_hand(club, running_game):
    data = json.loads(json.dumps(export_club(club)))
    data["club"]["slug"] = "riverside-copy"
    data["games"][0]["record"]["hands"][2]["note"] = LONG_NOTE
    with pytest.raises(BackupError, match=r"games\[0\]\.record\.hands\[2\]\.note: at most 1,000"):
        import_club(data, bind_existing_users=True)


# Numbers beyond what Python reads or the database holds ----------------------------------------


@pytest.mark.parametrize("move", ["undo", "redo"])
@pytest.mark.parametrize("number", ["9" * 5000, "0" * 5000 + "1" * 11, str(2**31)])
def test_undo_and_redo_with_a_number_no_game_holds_is_a_400(
    client, bob, running_game, move, number
):
    client.force_login(bob)
    response = client.post(f"/games/{running_game.pk}/{move}/", {"number": number})
    assert response.status_code == 400
    assert "not a hand of this game" in response.content.decode()
    assert running_game.hands.count() == 3


def test_undo_with_the_last_hand_s_number_in_leading_zeros_still_undoes_it(
    client, bob, running_game
):
    client.force_login(bob)
    response = client.post(f"/games/{running_game.pk}/undo/", {"number": "0" * 5000 + "3"})
    assert response.status_code == 302
    assert running_game.hands.count() == 2


def test_a_game_with_a_player_id_beyond_the_database_is_a_400(client, bob, club, table):
    client.force_login(bob)
    response = _post_json(
        client,
        "/api/games/",
        {"club": club.slug, "players": [10**20] + [p.pk for p in table[1:]]},
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "players[0]"  # the item of the list, by its place
    assert "9223372036854775807" in error["message"]


def test_a_game_with_a_rule_set_id_beyond_the_database_is_a_400(client, bob, club, table):
    client.force_login(bob)
    response = _post_json(
        client,
        "/api/games/",
        {"club": club.slug, "players": [p.pk for p in table], "ruleset": 10**20},
    )
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "ruleset"


def test_a_rule_set_with_a_template_id_beyond_the_database_is_a_400(client, alice, club):
    client.force_login(alice)
    response = _post_json(
        client, f"/api/clubs/{club.slug}/rulesets/", {"name": "Big", "template_ruleset": 10**20}
    )
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "template_ruleset"


@pytest.mark.parametrize("path", ["/api/games/{}/", "/games/{}/"])
def test_a_game_id_beyond_the_database_in_the_address_is_a_404(client, bob, path):
    client.force_login(bob)
    assert client.get(path.format(10**20)).status_code == 404
