"""Five at a table: a game of five started on the form with five seats, its hands entered with
the seat sitting the hand out not offered, and its pages with five columns, the seat that sat
a hand out shown in the ledger."""

import pytest
from django.db import IntegrityError, transaction

from scoring import services
from scoring.models import Game, GameSeat
from tests.factories import players

FIVE = ("Aiko", "Bruno", "Chiara", "Daiki", "Eva")


@pytest.fixture
def five(club, bob):
    """Aiko, Bruno, Chiara, Daiki and Eva under japanese-modern-five, Aiko dealing East 1 and
    Eva, the seat before her, sitting it out."""
    return services.game_create(
        club=club, players=players(club, FIVE), rules="japanese-modern-five", created_by=bob
    )


def _start(**extra):
    return {
        "rules": "preset:japanese-modern-five",
        "seat_0": "Aiko",
        "seat_1": "Bruno",
        "seat_2": "Chiara",
        "seat_3": "Daiki",
        "seat_4": "Eva",
        "seating": "entered",
        "table": "",
        **extra,
    }


def _hand(number=1, **fields):
    return {"expected_number": str(number), "key": f"k{number}", **fields}


def test_the_start_form_seats_five_under_five_seat_rules(client, club, bob):
    club.default_rules = "preset:japanese-modern-five"
    club.save()
    client.force_login(bob)

    page = client.get(f"/clubs/{club.slug}/games/new/").content.decode()
    partial = client.post(
        f"/clubs/{club.slug}/games/new/", _start(start_score_0="30000", start_score_4="20000")
    )
    started = client.post(f"/clubs/{club.slug}/games/new/", _start())

    assert '<option value="preset:japanese-modern-five" selected data-seats="5">' in page
    assert (
        '<input type="text" name="seat_4" id="id_seat_4" value="" list="club-players" '
        'autocomplete="off" maxlength="60" required>'
    ) in page
    assert "Fifth (sits out East 1)" in page
    assert "Give all five start scores, or none." in partial.content.decode()
    assert started.status_code == 302
    game = Game.objects.get()
    assert game.seat_count == 5
    assert [p.display_name for p in game.seat_players()] == list(FIVE)


def test_a_four_seat_form_draws_the_fifth_seat_off(client, club, bob):
    client.force_login(bob)

    page = client.get(f"/clubs/{club.slug}/games/new/").content.decode()

    assert (
        '<input type="text" name="seat_4" id="id_seat_4" value="" list="club-players" '
        'autocomplete="off" maxlength="60" disabled>'
    ) in page
    assert '<div class="stack fifth-seat" data-fifth-seat hidden>' in page


def test_seats_the_rules_do_not_have_are_refused_on_their_fields(client, club, bob):
    client.force_login(bob)
    url = f"/clubs/{club.slug}/games/new/"

    four = client.post(url, _start(rules="preset:japanese-modern", start_dealer="4"))
    short = client.post(url, _start(seat_4=""))
    three = client.post(url, _start(rules="preset:tenhou-sanma", seat_3=""))

    assert four.context["form"].errors == {
        "seat_4": ["These rules seat 4 players: leave the fifth seat empty."],
        "start_dealer": ["These rules seat no fifth player."],
    }
    assert short.context["form"].errors == {"seat_4": ["This field is required."]}
    assert three.context["form"].errors["seat_4"] == [
        "These rules seat 3 players: leave the fifth seat empty."
    ]
    assert not Game.objects.exists()


def test_a_start_state_may_have_the_fifth_player_deal(client, club, bob):
    client.force_login(bob)

    response = client.post(
        f"/clubs/{club.slug}/games/new/", _start(start_dealer="4", start_number="5")
    )

    assert response.status_code == 302
    game = Game.objects.get()
    assert game.final_result.next.dealer == 4
    assert game.final_result.next.label == "E5"


def test_the_entry_screen_leaves_out_the_seat_sitting_the_hand_out(client, bob, five):
    client.force_login(bob)

    response = client.get(f"/games/{five.pk}/hands/new/")

    layout = response.context["layout"]
    assert [(o["label"], o["wind"]) for o in layout["winners"]] == [
        ("Aiko", "East"),
        ("Bruno", "South"),
        ("Chiara", "West"),
        ("Daiki", "North"),
    ]
    assert [s["seat"] for s in layout["seats"]] == [0, 1, 2, 3]
    assert [o["value"] for o in layout["discarder"]] == ["0", "1", "2", "3"]
    page = response.content.decode()
    assert 'name="winners" value="4"' not in page and 'name="discarder" value="4"' not in page


def test_the_next_dealer_s_form_leaves_out_the_outgoing_dealer(client, bob, five):
    # Chiara wins on Bruno's discard: Bruno deals East 2 and Aiko sits it out.
    hand = {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}]}
    services.hand_submit(game=five, hand=hand, user=bob)
    client.force_login(bob)

    layout = client.get(f"/games/{five.pk}/hands/new/").context["layout"]

    assert [(o["label"], o["wind"]) for o in layout["winners"]] == [
        ("Bruno", "East"),
        ("Chiara", "South"),
        ("Daiki", "West"),
        ("Eva", "North"),
    ]


def test_a_posted_seat_that_sits_out_is_no_choice(client, bob, five):
    client.force_login(bob)
    url = f"/games/{five.pk}/hands/new/"

    ron = client.post(url, _hand(result="ron", winners="2", discarder="4", value_2="3", fu_2="30"))
    draw = client.post(url, _hand(result="draw", tenpai=["0", "4"]))

    assert ron.context["form"].errors["discarder"] == [
        "Select a valid choice. 4 is not one of the available choices."
    ]
    assert draw.context["form"].errors["tenpai"] == [
        "Select a valid choice. 4 is not one of the available choices."
    ]
    assert not five.hands.exists()


def test_hands_entered_at_five_seats_and_the_ledger_of_five_columns(client, bob, five):
    client.force_login(bob)
    url = f"/games/{five.pk}/hands/new/"

    # East 1 (Eva out): Chiara's 3 han 40 fu on Bruno's discard, 5,200.
    ron = _hand(1, result="ron", winners="2", discarder="1", value_2="3", fu_2="40")
    # East 2 (Bruno deals, Aiko out): a draw with Eva ready alone: 1,000 from each of the three.
    draw = _hand(2, result="draw", tenpai=["4"])
    responses = [client.post(url, fields) for fields in (ron, draw)]

    assert [r.status_code for r in responses] == [302, 302]
    hands = list(five.hands.order_by("number"))
    assert [list(h.result["deltas"]) for h in hands] == [
        [0, -5200, 5200, 0, 0],
        [0, -1000, -1000, -1000, 3000],
    ]
    page = client.get(f"/games/{five.pk}/")
    ledger = page.context["ledger"]
    assert [len(row["cells"]) for row in ledger] == [5, 5]
    assert [[c["out"] for c in row["cells"]] for row in ledger] == [
        [False, False, False, False, True],
        [True, False, False, False, False],
    ]
    state = page.context["state"]
    # Bruno was not ready: Chiara deals East 3 (a counter on), Bruno sits out.
    assert state["next"]["label"] == "E3-1"
    assert [(s["name"], s["wind_name"], s["sits_out"]) for s in state["seats"]] == [
        ("Aiko", "North", False),
        ("Bruno", "Sits out", True),
        ("Chiara", "East", False),
        ("Daiki", "South", False),
        ("Eva", "West", False),
    ]
    assert state["columns"] == 6  # five seats and the pool
    html = page.content.decode()
    assert html.count('<td class="sat-out"><span class="delta">out</span>') == 2
    assert "seat-card sits-out" in html


def test_the_games_list_shows_a_game_of_five_with_its_five_players(client, club, bob, five):
    client.force_login(bob)

    rows = client.get(f"/clubs/{club.slug}/games/").context["games"]

    assert [p["name"] for p in rows[0]["players"]] == list(FIVE)
    assert [p["score"] for p in rows[0]["players"]] == ["25,000"] * 5


def test_a_finished_game_of_five_shows_five_places(client, bob, five):
    # Aiko, the dealer, draws 4 han 30 fu: 3,900 from each of Bruno, Chiara and Daiki (Eva
    # is out), then the game is ended: uma +20/+10/0/-10/-20, no oka.
    hand = {"result": "tsumo", "wins": [{"seat": 0, "han": 4, "fu": 30}]}
    services.hand_submit(game=five, hand=hand, user=bob)
    services.game_finish(game=five, user=bob)
    client.force_login(bob)

    state = client.get(f"/games/{five.pk}/").context["state"]

    assert [(s["name"], s["rank"], s["result"]) for s in state["seats"]] == [
        ("Aiko", 1, "+31.7"),
        ("Bruno", 3, "-3.9"),
        ("Chiara", 4, "-13.9"),
        ("Daiki", 5, "-23.9"),
        ("Eva", 2, "+10.0"),
    ]


def test_the_database_keeps_seats_0_to_4(five):
    seat = GameSeat.objects.filter(game=five).order_by("-seat").first()
    assert seat.seat == 4
    seat.seat = 5
    with pytest.raises(IntegrityError), transaction.atomic():
        seat.save()
