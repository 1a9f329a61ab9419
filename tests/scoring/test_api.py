"""The REST API's contract: answers written out in full, idempotency, 409, engine errors."""

import datetime
import json

import pytest
import yaml
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.core.management import call_command
from django.utils import timezone

from clubs.models import Membership, Player
from scoring import services
from scoring.models import Game, Hand, PinAttempt
from tests.conftest import PASSWORD
from tests.scoring.conftest import RON, TSUMO, hand_tag


def _post(client, url, body, **headers):
    return client.post(url, json.dumps(body), content_type="application/json", headers=headers)


@pytest.fixture
def fresh_game(club, table, bob):
    return services.game_create(club=club, players=table, rules="japanese-modern", created_by=bob)


def test_a_device_gets_a_token_and_uses_it(client, bob, running_game):
    answer = _post(client, "/api/auth/token/", {"username": "bob", "password": PASSWORD})
    token = answer.json()["token"]

    response = client.get(
        f"/api/games/{running_game.pk}/", headers={"Authorization": f"Token {token}"}
    )

    assert response.status_code == 200
    assert response.json()["hand_count"] == 3


def test_adding_a_hand_answers_the_games_new_state(client, bob, fresh_game):
    client.force_login(bob)

    response = _post(
        client,
        f"/api/games/{fresh_game.pk}/hands/",
        {**RON, "riichi": [3], "expected_number": 1},
        **{"Idempotency-Key": "k-1"},
    )

    assert response.status_code == 201
    assert response.json() == {
        "number": 1,
        "hand": {
            "result": "ron",
            "from": 3,
            "wins": [{"seat": 2, "han": 2, "fu": 30}],
            "riichi": [3],
        },
        "result": {
            "round": "E",
            "number": 1,
            "honba": 0,
            "dealer": 0,
            "pool_before": 0,
            # The discarder's riichi stick goes to the winner with the 2,000.
            "deltas": [0, 0, 3000, -3000],
            "pool": 0,
            "forfeited": 0,
            "scores": [25000, 25000, 28000, 22000],
            "label": "E1",
        },
        "final": {
            "scores": [25000, 25000, 28000, 22000],
            "pool": 0,
            "over": False,
            "ranks": None,
            "results": None,
            "unit": "points_1000",
            "pool_to": [0, 0, 0, 0],
            "chombo": [0, 0, 0, 0],
            "next": {
                "round": "E",
                "number": 2,
                "dealer": 1,
                "honba": 0,
                "pool": 0,
                "label": "E2",
            },
        },
        "status": "running",
        "hand_count": 1,
        "version": 2,
    }


def test_a_repeated_key_answers_with_the_first_answer_status_and_all(client, bob, fresh_game):
    client.force_login(bob)
    url = f"/api/games/{fresh_game.pk}/hands/"
    first = _post(client, url, {**RON, "expected_number": 1}, **{"Idempotency-Key": "tap"})

    again = _post(client, url, {**RON, "expected_number": 1}, **{"Idempotency-Key": "tap"})

    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert (first.get("Idempotent-Replayed"), again["Idempotent-Replayed"]) == (None, "true")
    assert Hand.objects.filter(game=fresh_game).count() == 1


def test_a_key_sent_again_with_another_hand_answers_422(client, bob, fresh_game):
    client.force_login(bob)
    url = f"/api/games/{fresh_game.pk}/hands/"
    _post(client, url, {**RON, "expected_number": 1}, **{"Idempotency-Key": "tap"})

    other = _post(client, url, {**TSUMO, "expected_number": 2}, **{"Idempotency-Key": "tap"})

    assert other.status_code == 422
    assert other.json() == {
        "error": {
            "code": "idempotency_key_reused",
            "message": "This submission's key was already used for hand 1, with a different "
            "hand: a new hand needs a new key (nothing was saved).",
            "field": "Idempotency-Key",
        }
    }
    assert Hand.objects.filter(game=fresh_game).count() == 1


def test_a_refused_submission_is_tried_afresh_when_its_key_comes_again(client, bob, fresh_game):
    client.force_login(bob)
    url = f"/api/games/{fresh_game.pk}/hands/"
    bad = {"result": "ron", "from": 2, "wins": [{"seat": 2, "han": 3, "fu": 40}]}
    refused = _post(client, url, {**bad, "expected_number": 1}, **{"Idempotency-Key": "k"})
    _post(client, url, {**TSUMO, "expected_number": 1}, **{"Idempotency-Key": "other"})

    again = _post(client, url, {**bad, "expected_number": 1}, **{"Idempotency-Key": "k"})

    assert refused.status_code == 400
    # Nothing of the refusal was kept: the repeat meets the game as it now is.
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "stale_hand_number"


def test_a_stale_number_answers_409_with_the_current_state(client, bob, running_game):
    client.force_login(bob)

    response = _post(client, f"/api/games/{running_game.pk}/hands/", {**RON, "expected_number": 3})

    assert response.status_code == 409
    body = response.json()
    assert body["error"] == {
        "code": "stale_hand_number",
        "message": "This device expected to add hand 3, but the game already has 3 hands: "
        "another device entered one. Refresh and check.",
        "field": "expected_number",
    }
    assert body["state"]["hand_count"] == 3
    assert body["state"]["final"]["next"]["label"] == "E2-1"
    assert running_game.hands.count() == 3


def test_an_engine_error_answers_400_with_its_code_field_and_hand(client, bob, running_game):
    client.force_login(bob)
    bad = {"result": "ron", "from": 2, "wins": [{"seat": 2, "han": 3, "fu": 40}]}

    response = _post(client, f"/api/games/{running_game.pk}/hands/", {**bad, "expected_number": 4})

    assert response.status_code == 400
    assert response.json() == {
        "error": {
            "code": "discarder_wins",
            "message": "Hand 4: seat 2 cannot both win and discard.",
            "field": "from",
            "hand": 4,
        }
    }


def test_an_unknown_field_is_an_error_not_ignored(client, bob, running_game):
    client.force_login(bob)

    response = _post(
        client,
        f"/api/games/{running_game.pk}/hands/",
        {**RON, "winner": 2, "expected_number": 4},
    )

    assert response.status_code == 400
    assert response.json()["error"]["hand"] == 4
    assert running_game.hands.count() == 3


def test_a_hand_needs_its_expected_number(client, bob, running_game):
    client.force_login(bob)

    response = _post(client, f"/api/games/{running_game.pk}/hands/", RON)

    assert response.status_code == 400
    assert response.json()["error"]["field"] == "expected_number"


def test_the_preview_saves_nothing(client, bob, running_game):
    client.force_login(bob)

    response = _post(client, f"/api/games/{running_game.pk}/preview/", RON)

    assert response.status_code == 200
    assert response.json()["hand"]["label"] == "E2-1"
    assert response.json()["hand"]["deltas"] == [0, 0, 2300, -2300]
    assert running_game.hands.count() == 3


def test_correcting_an_early_hand_through_the_api_replays_the_rest(client, bob, running_game):
    client.force_login(bob)

    response = client.put(
        f"/api/games/{running_game.pk}/hands/1/",
        json.dumps({"result": "draw", "tenpai": [1], "riichi": [1], "reason": "typo"}),
        content_type="application/json",
        headers={"If-Match": hand_tag(running_game, 1)},
    )

    assert response.status_code == 200
    hands = response.json()["hands"]
    assert [h["label"] for h in hands] == ["E1", "E2-1", "E3"]
    assert [h["result"]["dealer"] for h in hands] == [0, 1, 2]
    assert response.json()["final"]["next"]["label"] == "E4"


def test_a_correction_answers_with_the_hands_it_changed_and_the_new_state(
    client, bob, running_game
):
    client.force_login(bob)
    hand = {"result": "tsumo", "wins": [{"seat": 1, "han": 2, "fu": 30}]}

    response = client.put(
        f"/api/games/{running_game.pk}/hands/3/",
        json.dumps({**hand, "reason": "2 han"}),
        content_type="application/json",
        headers={"If-Match": hand_tag(running_game, 3)},
    )

    body = response.json()
    running_game.refresh_from_db()
    assert response.status_code == 200
    assert [(h["number"], h["hand"]) for h in body["hands"]] == [(3, hand)]
    assert body["hands"][0]["result"] == running_game.hands.get(number=3).result
    assert response["ETag"] == hand_tag(running_game, 3)
    assert (body["hand_count"], body["version"]) == (3, running_game.version)
    assert body["final"] == running_game.final


def test_a_deletion_answers_with_the_hands_that_moved_up(client, bob, running_game):
    client.force_login(bob)

    response = client.delete(
        f"/api/games/{running_game.pk}/hands/1/?reason=twice",
        headers={"If-Match": hand_tag(running_game, 1)},
    )

    body = response.json()
    assert response.status_code == 200
    assert [(h["number"], h["hand"]) for h in body["hands"]] == [(1, RON), (2, TSUMO)]
    assert body["hand_count"] == 2


def test_a_correction_needs_a_reason(client, bob, running_game):
    client.force_login(bob)

    response = client.put(
        f"/api/games/{running_game.pk}/hands/1/",
        json.dumps({"result": "draw", "tenpai": [1]}),
        content_type="application/json",
        headers={"If-Match": hand_tag(running_game, 1)},
    )

    assert response.status_code == 400
    assert response.json()["error"]["field"] == "reason"


def test_deleting_a_hand_takes_the_reason_from_the_body(client, bob, running_game):
    client.force_login(bob)

    response = client.delete(
        f"/api/games/{running_game.pk}/hands/3/",
        json.dumps({"reason": "entered twice"}),
        content_type="application/json",
        headers={"If-Match": hand_tag(running_game, 3)},
    )

    assert response.status_code == 200
    assert response.json()["hand_count"] == 2
    assert running_game.audit_entries.get(action="hand.deleted").reason == "entered twice"


def test_a_missing_hand_is_a_404_to_read_and_a_412_to_change(client, bob, running_game):
    client.force_login(bob)

    read = client.get(f"/api/games/{running_game.pk}/hands/9/")
    deleted = client.delete(
        f"/api/games/{running_game.pk}/hands/9/?reason=x", headers={"If-Match": "*"}
    )

    assert read.status_code == 404
    assert deleted.status_code == 412
    assert deleted.json() == {
        "error": {
            "code": "hand_changed",
            "message": "The game has no hand 9 any more: another device removed a hand. "
            "Nothing was changed.",
            "field": "If-Match",
        },
        "hand": None,
    }


def test_finishing_settles_the_game(client, bob, running_game):
    client.force_login(bob)

    response = _post(client, f"/api/games/{running_game.pk}/finish/", {})

    body = response.json()
    assert body["status"] == "finished" and body["ended"] is True
    assert body["final"]["over"] is True
    assert sum(body["final"]["results"]) == pytest.approx(0)
    assert [s["rank"] for s in body["seats"]] == body["final"]["ranks"]


def test_a_record_read_back_imports_into_the_same_numbers(client, bob, club, running_game):
    client.force_login(bob)
    record = client.get(f"/api/games/{running_game.pk}/record/").json()
    assert record["players"] == ["Aiko", "Bruno", "Chiara", "Daiki"]
    assert len(record["hands"]) == 3

    response = _post(client, "/api/games/import/", {"club": club.slug, "record": record})

    assert response.status_code == 201
    imported = Game.objects.get(pk=response.json()["id"])
    assert imported.final == running_game.final
    assert imported.seat_players() == running_game.seat_players()


def test_importing_adds_unknown_names_as_guests(client, bob, club, table):
    client.force_login(bob)
    record = {
        "rules": "tenhou",
        "players": ["Aiko", "Bruno", "Visitor", "Daiki"],
        "hands": [RON],
        "ended": True,
    }

    response = _post(client, "/api/games/import/", {"club": club.slug, "record": record})

    assert response.status_code == 201
    assert response.json()["status"] == "finished"
    assert Player.objects.get(club=club, display_name="Visitor").user is None


def test_creating_a_game_names_the_players_by_id(client, bob, club, table):
    client.force_login(bob)

    response = _post(
        client,
        "/api/games/",
        {
            "club": club.slug,
            "players": [p.pk for p in reversed(table)],
            "rules": "m-league",
            "start": {"scores": [30000, 20000, 25000, 25000]},
        },
    )

    assert response.status_code == 201
    body = response.json()
    assert [s["player"]["display_name"] for s in body["seats"]] == [
        "Daiki",
        "Chiara",
        "Bruno",
        "Aiko",
    ]
    assert body["rules"]["preset"] == "m-league"
    assert body["final"]["scores"] == [30000, 20000, 25000, 25000]


def test_a_player_of_another_club_is_refused(client, bob, club, table, public_club):
    stranger = Player.objects.create(club=public_club, display_name="Stranger")
    client.force_login(bob)

    response = _post(
        client,
        "/api/games/",
        {
            "club": club.slug,
            "players": [p.pk for p in table[:3]] + [stranger.pk],
            "rules": "tenhou",
        },
    )

    assert response.status_code == 400
    assert response.json()["error"]["field"] == "players"


def test_bad_rules_answer_the_engines_code(client, bob, club, table):
    client.force_login(bob)

    response = _post(
        client,
        "/api/games/",
        {"club": club.slug, "players": [p.pk for p in table], "rules": "no-such-rules"},
    )

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "unknown_preset"


def test_an_unexpected_failure_answers_json(client, bob, running_game, monkeypatch):
    def broken(game):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(services, "game_record", broken)
    client.force_login(bob)

    response = client.get(f"/api/games/{running_game.pk}/record/")

    assert response.status_code == 500
    assert response.json()["error"]["code"] == "server_error"


def test_the_schema_generates_without_warnings(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "s.yml"))

    schema = (tmp_path / "s.yml").read_text()
    assert "/api/games/{id}/hands/{number}/" in schema
    assert "Idempotency-Key" in schema


def test_the_api_docs_run_under_the_self_only_csp(client, db):
    page = client.get("/api/docs/")

    assert page.status_code == 200
    html = page.content.decode()
    assert "<script>" not in html and "<style>" not in html
    assert "cdn" not in html.lower()
    assert "script-src" not in page["Content-Security-Policy"]  # default-src 'self' applies
    script = client.get("/api/docs/?script=")
    assert script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in script.content.decode()


# ---------------------------------------------------------------------------------------------
# Undo, abandon, confirm


def test_undo_removes_the_last_hand_and_answers_the_game(client, bob, running_game):
    client.force_login(bob)
    last = running_game.hands.get(number=3)

    response = _post(client, f"/api/games/{running_game.pk}/undo/", {"number": 3})

    assert response.status_code == 200
    body = response.json()
    assert body["hand_count"] == 2 and [h["number"] for h in body["hands"]] == [1, 2]
    assert body["final"]["next"]["label"] == "E2"
    running_game.refresh_from_db()
    assert running_game.hand_count == 2
    # The answer names the hand it took: as it was, with what it scored.
    assert body["hand"] == {
        "number": 3,
        "label": "E2",
        "hand": {"result": "tsumo", "wins": [{"seat": 1, "han": 1, "fu": 30}]},
        "result": last.result,
    }
    entry = running_game.audit_entries.get(action="hand.undone", hand_number=3)
    assert entry.reason == "Undo of the last hand."


def test_undo_of_a_hand_that_is_no_longer_last_answers_409_and_changes_nothing(
    client, bob, running_game
):
    client.force_login(bob)
    version = running_game.version

    response = _post(client, f"/api/games/{running_game.pk}/undo/", {"number": 2})

    assert response.status_code == 409
    body = response.json()
    assert body["error"] == {
        "code": "stale_hand_number",
        "message": "This device meant to undo hand 2, but the game's last hand is 3: another "
        "device changed it. Refresh and check.",
        "field": "number",
    }
    assert body["state"]["hand_count"] == 3
    running_game.refresh_from_db()
    assert (running_game.hand_count, running_game.version) == (3, version)


def test_undo_without_hands_is_a_400(client, bob, fresh_game):
    client.force_login(bob)

    response = _post(client, f"/api/games/{fresh_game.pk}/undo/", {})

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "no_such_hand"


def test_abandoning_needs_a_reason_and_a_repeat_changes_nothing(client, bob, running_game):
    client.force_login(bob)
    url = f"/api/games/{running_game.pk}/abandon/"

    missing = _post(client, url, {})
    first = _post(client, url, {"reason": "The hall closed."})
    again = _post(client, url, {"reason": "The hall closed."})

    assert missing.status_code == 400 and missing.json()["error"]["field"] == "reason"
    assert first.status_code == 200 and first.json()["status"] == "abandoned"
    assert again.status_code == 200 and again.json() == first.json()
    assert running_game.audit_entries.filter(action="game.abandoned").count() == 1


def test_a_scorer_confirms_a_seat_with_the_players_pin(client, bob, finished_game):
    aiko = finished_game.seats.get(seat=0).player
    aiko.pin = make_password("1234")
    aiko.save(update_fields=["pin"])
    client.force_login(bob)
    url = f"/api/games/{finished_game.pk}/confirm/"

    wrong = _post(client, url, {"seat": 0, "pin": "9999"})
    right = _post(client, url, {"seat": 0, "pin": "1234"})

    assert wrong.status_code == 400 and wrong.json()["error"]["code"] == "wrong_pin"
    assert right.status_code == 200
    seats = {s["seat"]: s["confirmed_at"] for s in right.json()["seats"]}
    assert seats[0] is not None and seats[1] is None


def test_a_confirmation_of_a_result_changed_since_is_409_with_the_game_now(
    client, bob, alice, finished_game
):
    aiko = finished_game.seats.get(seat=0).player
    aiko.pin = make_password("1234")
    aiko.save(update_fields=["pin"])
    client.force_login(bob)
    url = f"/api/games/{finished_game.pk}/confirm/"
    shown = client.get(f"/api/games/{finished_game.pk}/").json()["result_tag"]
    services.hand_correct(game=finished_game, number=1, hand=TSUMO, reason="typo", user=alice)

    stale = _post(client, url, {"seat": 0, "pin": "1234", "result": shown})

    assert stale.status_code == 409
    assert stale.json()["error"]["code"] == "result_changed"
    now = stale.json()["game"]["result_tag"]
    assert now != shown and stale.json()["game"]["seats"][0]["confirmed_at"] is None
    assert _post(client, url, {"seat": 0, "pin": "1234", "result": now}).status_code == 200


def test_a_player_confirms_their_own_seat_and_no_one_elses(client, club, finished_game):
    chiara = User.objects.create_user("chiara", password=PASSWORD)
    Membership.objects.create(club=club, user=chiara, role=Membership.Role.MEMBER)
    seat = finished_game.seats.get(seat=2)
    seat.player.user = chiara
    seat.player.save(update_fields=["user"])
    client.force_login(chiara)
    url = f"/api/games/{finished_game.pk}/confirm/"

    other = _post(client, url, {"seat": 1})
    own = _post(client, url, {"seat": 2})

    assert other.status_code == 400 and other.json()["error"]["code"] == "not_this_player"
    assert own.status_code == 200
    assert [s["confirmed_at"] is not None for s in own.json()["seats"]] == [0, 0, 1, 0]


def test_a_running_game_cannot_be_confirmed(client, bob, running_game):
    client.force_login(bob)

    response = _post(client, f"/api/games/{running_game.pk}/confirm/", {"seat": 0})

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "not_finished"


def test_the_game_list_comes_a_page_at_a_time_with_a_link_to_the_next(client, bob, club, table):
    games = [
        services.game_create(club=club, players=table, rules="tenhou", created_by=bob).pk
        for _ in range(5)
    ]
    client.force_login(bob)

    first = client.get("/api/games/?limit=2&status=running")
    second = client.get(first["Link"].split(">")[0].lstrip("<"))
    last = client.get("/api/games/?limit=2&offset=4&status=running")

    newest_first = games[::-1]
    assert [g["id"] for g in first.json()] == newest_first[:2]
    assert first["Link"].endswith('offset=2>; rel="next"') and "status=running" in first["Link"]
    assert [g["id"] for g in second.json()] == newest_first[2:4]
    assert [g["id"] for g in last.json()] == newest_first[4:] and "Link" not in last


def test_a_page_offset_past_any_number_is_a_400_not_a_server_error(client, bob):
    client.force_login(bob)

    response = client.get(f"/api/games/?offset={2**63}")

    assert response.status_code == 400 and response.json()["error"]["field"] == "offset"


def test_undo_of_a_hand_another_device_already_undid_answers_409(client, bob, fresh_game):
    client.force_login(bob)

    response = _post(client, f"/api/games/{fresh_game.pk}/undo/", {"number": 1})

    assert response.status_code == 409 and response.json()["state"]["hand_count"] == 0


def test_a_scorer_cannot_abandon_a_game_finished_meanwhile(client, bob, finished_game):
    client.force_login(bob)

    response = _post(client, f"/api/games/{finished_game.pk}/abandon/", {"reason": "x"})

    assert response.status_code == 403
    finished_game.refresh_from_db()
    assert finished_game.status == "finished"


def test_a_hand_with_null_lists_prints_on_the_sheet(client, bob, fresh_game):
    from scoring import pdf, sheet_data

    hand = {"result": "draw", "tenpai": None, "riichi": None, "penalties": None}
    services.hand_submit(game=fresh_game, hand=hand, user=bob)
    fresh_game.refresh_from_db()

    assert pdf.game_sheet_pdf(sheet_data.game_sheet(fresh_game, address="x")).startswith(b"%PDF")


def test_five_wrong_pins_stop_the_pins_being_tried_for_a_while(client, bob, finished_game):
    aiko = finished_game.seats.get(seat=0).player
    aiko.pin = make_password("1234")
    aiko.save(update_fields=["pin"])
    client.force_login(bob)
    url = f"/api/games/{finished_game.pk}/confirm/"

    wrong = [_post(client, url, {"seat": 0, "pin": f"000{i}"}) for i in range(5)]
    right = _post(client, url, {"seat": 0, "pin": "1234"})

    assert [r.json()["error"]["code"] for r in wrong] == ["wrong_pin"] * 5
    assert right.status_code == 400 and right.json()["error"]["code"] == "too_many_pins"
    assert finished_game.seats.get(seat=0).confirmed_at is None
    page = client.get(f"/games/{finished_game.pk}/").content.decode()
    assert page.count("typed a wrong PIN for") == 5
    # A quarter of an hour later the right PIN is taken again.
    PinAttempt.objects.update(created=timezone.now() - datetime.timedelta(minutes=16))
    assert _post(client, url, {"seat": 0, "pin": "1234"}).status_code == 200


# ---------------------------------------------------------------------------------------------
# Conditional writes on a hand: ETag and If-Match


def _put(client, url, body, **headers):
    return client.put(url, json.dumps(body), content_type="application/json", headers=headers)


def test_a_hand_reads_with_its_etag(client, charlie, running_game):
    client.force_login(charlie)
    hand = running_game.hands.get(number=2)

    response = client.get(f"/api/games/{running_game.pk}/hands/2/")

    assert response.status_code == 200
    assert response["ETag"] == services.hand_etag(hand)
    assert response.json() == {
        "number": 2,
        "label": "E1-1",
        "hand": {"result": "ron", "from": 3, "wins": [{"seat": 2, "han": 2, "fu": 30}]},
        "result": hand.result,
    }


def test_a_correction_without_if_match_is_428_and_changes_nothing(client, bob, running_game):
    client.force_login(bob)
    version = running_game.version

    put = _put(client, f"/api/games/{running_game.pk}/hands/1/", {**RON, "reason": "x"})
    delete = client.delete(f"/api/games/{running_game.pk}/hands/1/?reason=x")

    assert (put.status_code, delete.status_code) == (428, 428)
    assert put.json()["error"]["code"] == "precondition_required"
    assert "If-Match" in put.json()["error"]["message"]
    running_game.refresh_from_db()
    assert running_game.version == version and running_game.hand_count == 3


def test_a_stale_etag_is_412_with_the_hand_as_it_is_now(client, bob, alice, running_game):
    client.force_login(bob)
    url = f"/api/games/{running_game.pk}/hands/2/"
    tag = client.get(url)["ETag"]
    # Another device corrects hand 2 first.
    services.hand_correct(game=running_game, number=2, hand=TSUMO, reason="first", user=alice)
    now = running_game.hands.get(number=2)

    response = _put(client, url, {**RON, "riichi": [3], "reason": "second"}, **{"If-Match": tag})

    assert response.status_code == 412
    assert response["ETag"] == services.hand_etag(now)
    assert response.json() == {
        "error": {
            "code": "hand_changed",
            "message": "Hand 2 changed on another device since this device read it. Nothing was "
            "changed: check the hand as it is now.",
            "field": "If-Match",
        },
        "hand": {"number": 2, "label": now.label, "hand": TSUMO, "result": now.result},
    }
    assert running_game.hands.get(number=2).data == TSUMO
    assert running_game.audit_entries.filter(action="hand.corrected").count() == 1


def test_a_correction_answers_the_hands_new_etag(client, bob, running_game):
    client.force_login(bob)
    url = f"/api/games/{running_game.pk}/hands/2/"
    tag = client.get(url)["ETag"]

    first = _put(client, url, {**TSUMO, "reason": "typo"}, **{"If-Match": tag})
    again = _put(client, url, {**RON, "reason": "typo"}, **{"If-Match": tag})
    then = _put(client, url, {**RON, "reason": "typo"}, **{"If-Match": first["ETag"]})

    assert (first.status_code, again.status_code, then.status_code) == (200, 412, 200)
    assert first["ETag"] != tag
    assert then["ETag"] == client.get(url)["ETag"]


def test_a_stale_device_deleting_after_another_delete_gets_412(client, bob, running_game):
    client.force_login(bob)
    hands = f"/api/games/{running_game.pk}/hands/"
    tag_2 = client.get(hands + "2/")["ETag"]
    tag_3 = client.get(hands + "3/")["ETag"]
    assert client.delete(hands + "2/?reason=x", headers={"If-Match": tag_2}).status_code == 200

    response = client.delete(hands + "2/?reason=x", headers={"If-Match": tag_3})

    # Hand 2 is now what was hand 3: the same hand, but at another number.
    assert response.status_code == 412
    assert response.json()["hand"]["hand"] == TSUMO
    assert running_game.hands.count() == 2


def test_the_schema_documents_if_match_412_and_428(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "s.yml"))

    schema = yaml.safe_load((tmp_path / "s.yml").read_text())
    hand = schema["paths"]["/api/games/{id}/hands/{number}/"]
    for method in ("put", "delete"):
        assert {"412", "428"} <= set(hand[method]["responses"])
        headers = [p for p in hand[method]["parameters"] if p["in"] == "header"]
        assert [(p["name"], p["required"]) for p in headers] == [("If-Match", True)]
    assert "ETag" in hand["get"]["responses"]["200"]["headers"]
    assert "/api/games/{id}/redo/" in schema["paths"]


# ---------------------------------------------------------------------------------------------
# Redo


def test_redo_puts_back_the_hand_the_undo_took(client, bob, running_game):
    client.force_login(bob)
    final = running_game.final
    _post(client, f"/api/games/{running_game.pk}/undo/", {"number": 3})

    response = _post(client, f"/api/games/{running_game.pk}/redo/", {"number": 3})

    assert response.status_code == 200
    body = response.json()
    assert body["hand_count"] == 3 and body["final"] == final
    assert body["hand"]["number"] == 3 and body["hand"]["hand"] == TSUMO
    entry = running_game.audit_entries.filter(action="hand.redone", hand_number=3).first()
    assert entry.reason == "Redo of the undone hand." and entry.after == TSUMO


def test_redo_of_another_hand_is_409_and_nothing_to_redo_is_400(client, bob, running_game):
    client.force_login(bob)
    url = f"/api/games/{running_game.pk}/redo/"

    nothing = _post(client, url, {})
    _post(client, f"/api/games/{running_game.pk}/undo/", {"number": 3})
    stale = _post(client, url, {"number": 4})

    assert nothing.status_code == 400 and nothing.json()["error"]["code"] == "nothing_to_redo"
    assert stale.status_code == 409 and stale.json()["state"]["hand_count"] == 2
    assert running_game.hands.count() == 2


def test_a_repeated_key_gets_the_first_answer_byte_for_byte(client, bob, running_game):
    # PostgreSQL's jsonb stores keys reordered; the first answer is kept as its own text.
    client.force_login(bob)
    url = f"/api/games/{running_game.pk}/hands/"
    hand = {**RON, "expected_number": 4}

    first = client.post(url, hand, content_type="application/json", HTTP_IDEMPOTENCY_KEY="k1")
    again = client.post(url, hand, content_type="application/json", HTTP_IDEMPOTENCY_KEY="k1")

    assert first.status_code == again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"
    assert again.content == first.content
