"""Several phones at once: parallel hand submissions, repeats of one key and PIN tries.

Each request runs in a thread of its own with its own database connection, all released
together, against a database file on SQLite (see tests/conftest.py) or PostgreSQL, so the
requests really wait for each other's locks as on a club night.
"""

import pytest
from django.contrib.auth.hashers import make_password
from django.test import Client
from rest_framework.authtoken.models import Token

from clubs.models import Player
from core.models import AuditEntry
from scoring import services
from scoring.models import Game, Hand, Submission
from scoring.pins import PIN_DEVICE_TRIES
from tests.scoring.conftest import RON
from tests.threads import at_once

pytestmark = pytest.mark.django_db(transaction=True)

TSUMO_MANGAN = {"result": "tsumo", "wins": [{"seat": 0, "han": 5, "fu": 30}]}


@pytest.fixture
def bobs_phone(bob):
    return {"HTTP_AUTHORIZATION": f"Token {Token.objects.create(user=bob).key}"}


def _submit(headers, game, hand, key=None, **extra):
    if key is not None:
        extra["HTTP_IDEMPOTENCY_KEY"] = key
    response = Client(**headers).post(
        f"/api/games/{game.pk}/hands/", hand, content_type="application/json", **extra
    )
    return response.status_code, response.json(), response.get("Idempotent-Replayed")


def test_ten_tables_submitting_at_once_all_get_their_hand_saved(club, table, bob, bobs_phone):
    players = table + [Player.objects.create(club=club, display_name=f"P{i}") for i in range(36)]
    games = [
        services.game_create(
            club=club, players=players[4 * i : 4 * i + 4], rules="japanese-modern", created_by=bob
        )
        for i in range(10)
    ]

    answers = at_once(
        10, lambda i: _submit(bobs_phone, games[i], {**RON, "expected_number": 1}, f"t{i}")
    )

    assert [a[0] for a in answers] == [201] * 10, answers
    assert [a[1]["number"] for a in answers] == [1] * 10
    assert Hand.objects.filter(game__in=games).count() == 10


def test_ten_submissions_to_one_game_at_once_with_their_own_keys_add_ten_hands(bob, running_game):
    draw = {"result": "draw", "tenpai": [0, 1, 2, 3]}

    def submit(i):
        return services.hand_submit(game=running_game, hand=draw, user=bob, key=f"own-{i}")

    writes = at_once(10, submit)

    assert not [w for w in writes if isinstance(w, Exception)], writes
    assert sorted(w.number for w in writes) == list(range(4, 14))
    assert not any(w.repeated for w in writes)
    numbers = list(running_game.hands.values_list("number", flat=True))
    assert numbers == list(range(1, 14))
    running_game.refresh_from_db()
    assert running_game.hand_count == 13
    assert Submission.objects.filter(game=running_game).count() == 10


def test_one_key_sent_ten_times_at_once_gets_the_first_answer_ten_times(
    bob, bobs_phone, running_game
):
    hand = {**TSUMO_MANGAN, "expected_number": 4}

    answers = at_once(10, lambda i: _submit(bobs_phone, running_game, hand, "double-tap"))

    statuses = [status for status, _, _ in answers]
    assert statuses == [201] * 10, answers
    first = answers[0][1]
    assert all(body == first for _, body, _ in answers)
    assert first["number"] == 4 and first["hand"] == TSUMO_MANGAN
    assert sorted(replayed or "" for _, _, replayed in answers) == [""] + ["true"] * 9
    assert running_game.hands.count() == 4
    assert Submission.objects.filter(game=running_game, key="double-tap").count() == 1
    assert AuditEntry.objects.filter(game=running_game, action="hand.recorded").count() == 4


def test_one_key_sent_at_once_without_a_hand_number_still_adds_one_hand(bob, running_game):
    def submit(_):
        return services.hand_submit(game=running_game, hand=RON, user=bob, key="no-number")

    writes = at_once(10, submit)

    assert not [w for w in writes if isinstance(w, Exception)], writes
    assert sorted(w.repeated for w in writes) == [False] + [True] * 9
    assert {w.number for w in writes} == {4}
    assert running_game.hands.count() == 4


def test_a_refused_submission_is_not_kept_so_its_repeat_is_tried_afresh(bob, running_game):
    refused = {"result": "ron", "from": 2, "wins": [{"seat": 2, "han": 3, "fu": 40}]}

    answers = at_once(
        4,
        lambda i: services.hand_submit(game=running_game, hand=refused, user=bob, key="refused"),
    )

    assert all(getattr(a, "code", None) == "discarder_wins" for a in answers), answers
    assert not Submission.objects.filter(game=running_game).exists()
    assert running_game.hands.count() == 3


def test_a_form_sent_twice_at_once_saves_one_hand(client, bob, running_game):
    client.force_login(bob)
    form = {
        "result": "ron",
        "winners": ["2"],
        "discarder": "3",
        "value_2": "3",
        "fu_2": "40",
        "expected_number": "4",
        "key": "form-double-tap",
    }

    def post(_):
        phone = Client()
        phone.cookies.update(client.cookies)
        return phone.post(f"/games/{running_game.pk}/hands/new/", form)

    responses = at_once(2, post)

    assert [r.status_code for r in responses] == [302, 302], responses
    assert {r["Location"] for r in responses} == {f"/games/{running_game.pk}/hands/new/"}
    assert running_game.hands.count() == 4
    assert running_game.hands.get(number=4).data == {
        "result": "ron",
        "from": 3,
        "wins": [{"seat": 2, "han": 3, "fu": 40}],
    }


@pytest.fixture
def pins(finished_game):
    """Each seat's player has a PIN: 1000, 1001, 1002, 1003."""
    players = [s.player for s in finished_game.seats.order_by("seat")]
    for seat, player in enumerate(players):
        player.pin = make_password(f"100{seat}")
        player.save(update_fields=["pin"])
    return players


def _confirm(game, seat, pin, user):
    try:
        services.game_confirm(game=game, seat=seat, user=user, pin=pin)
    except services.GameError as e:
        return e.code
    return "confirmed"


def test_forty_wrong_pins_at_once_get_five_checked(bob, finished_game, pins):
    codes = at_once(40, lambda i: _confirm(finished_game, 0, f"{2000 + i}", bob))

    assert sorted(codes) == ["too_many_pins"] * 35 + ["wrong_pin"] * 5, codes
    refused = AuditEntry.objects.filter(action="player.pin_refused")
    assert refused.count() == 5
    assert {e.after["player_id"] for e in refused} == {pins[0].pk}


def test_the_right_pin_among_forty_at_once_confirms_only_within_the_limit(bob, finished_game, pins):
    codes = at_once(40, lambda i: _confirm(finished_game, 0, "1000" if i == 20 else "9999", bob))

    others = codes[:20] + codes[21:]
    assert sorted(others) == ["too_many_pins"] * 34 + ["wrong_pin"] * 5, codes
    # The right PIN confirms if its turn came before the fifth wrong one, else it is refused.
    confirmed = finished_game.seats.get(seat=0).confirmed_at is not None
    assert codes[20] == ("confirmed" if confirmed else "too_many_pins")


def test_forty_wrong_pins_at_once_for_four_players_get_ten_checked_on_one_device(
    bob, finished_game, pins
):
    codes = at_once(40, lambda i: _confirm(finished_game, i % 4, "9999", bob))

    assert codes.count("wrong_pin") == PIN_DEVICE_TRIES == 10
    assert codes.count("too_many_pins") == 30
    assert AuditEntry.objects.filter(action="player.pin_refused", actor=bob).count() == 10


def test_a_device_that_typed_ten_wrong_pins_is_refused_for_every_player(
    alice, bob, finished_game, pins
):
    for seat in (0, 1):
        for _ in range(5):
            assert _confirm(finished_game, seat, "9999", bob) == "wrong_pin"

    assert _confirm(finished_game, 2, "1002", bob) == "too_many_pins"
    assert finished_game.seats.get(seat=2).confirmed_at is None
    # Another scorer's phone may still take that player's PIN.
    assert _confirm(finished_game, 2, "1002", alice) == "confirmed"
    assert Game.objects.get(pk=finished_game.pk).seats.get(seat=2).confirmed_at is not None
