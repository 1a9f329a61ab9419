"""A three-player game at the table: started on the form with three seats, its hands entered
with seats 0-2 only (winds East, South, West), north tiles counted where the rules count them,
and its pages with three columns."""

import pytest

from scoring import services
from scoring.models import Game
from tests.factories import players

THREE = ("Aiko", "Bruno", "Chiara")


@pytest.fixture
def sanma(club, bob):
    """Aiko, Bruno and Chiara under tenhou-sanma (35,000 each), Aiko dealing East 1."""
    return services.game_create(
        club=club, players=players(club, THREE), rules="tenhou-sanma", created_by=bob
    )


def _start(**extra):
    return {
        "rules": "preset:tenhou-sanma",
        "seat_0": "Aiko",
        "seat_1": "Bruno",
        "seat_2": "Chiara",
        "seating": "entered",
        "table": "",
        **extra,
    }


def _hand(game, number=1, **fields):
    return {"expected_number": str(number), "key": f"k{number}", **fields}


def test_the_start_form_seats_three_under_three_player_rules(client, club, bob):
    club.default_rules = "preset:tenhou-sanma"
    club.save()
    client.force_login(bob)

    page = client.get(f"/clubs/{club.slug}/games/new/").content.decode()
    response = client.post(
        f"/clubs/{club.slug}/games/new/", _start(start_score_0="40000", start_score_1="35000")
    )
    started = client.post(f"/clubs/{club.slug}/games/new/", _start())

    # The North seat is drawn hidden and off for the chosen rules; each choice says its seats.
    assert '<option value="preset:tenhou-sanma" selected data-seats="3">' in page
    assert '<option value="preset:tenhou" data-seats="4">' in page
    assert (
        '<input type="text" name="seat_3" id="id_seat_3" value="" list="club-players" '
        'autocomplete="off" maxlength="60" disabled>'
    ) in page
    assert "js/start.js" in page
    assert "Give all three start scores, or none." in response.content.decode()
    assert started.status_code == 302
    game = Game.objects.get()
    assert game.seat_count == 3
    assert [p.display_name for p in game.seat_players()] == list(THREE)


def test_a_north_seat_under_three_player_rules_is_refused_on_its_field(client, club, bob):
    client.force_login(bob)

    response = client.post(f"/clubs/{club.slug}/games/new/", _start(seat_3="Daiki"))
    four = client.post(f"/clubs/{club.slug}/games/new/", _start(rules="preset:tenhou"))
    start = client.post(
        f"/clubs/{club.slug}/games/new/", _start(start_dealer="3", start_number="4")
    )

    assert response.context["form"].errors["seat_3"] == [
        "These rules seat three players: leave the North seat empty."
    ]
    assert four.context["form"].errors["seat_3"] == ["This field is required."]
    assert start.context["form"].errors == {
        "start_dealer": ["These rules seat three players: no North."],
        "start_number": ["These rules seat three players: a round has three hands."],
    }
    assert not Game.objects.exists()


def test_the_entry_screen_offers_three_seats_with_their_winds(client, bob, sanma):
    client.force_login(bob)

    response = client.get(f"/games/{sanma.pk}/hands/new/")

    layout = response.context["layout"]
    assert [(o["label"], o["wind"]) for o in layout["winners"]] == [
        ("Aiko", "East"),
        ("Bruno", "South"),
        ("Chiara", "West"),
    ]
    assert [s["seat"] for s in layout["seats"]] == [0, 1, 2]
    page = response.content.decode()
    assert 'name="winners" value="3"' not in page and 'name="value_3"' not in page
    assert '<div class="chips chips-3">' in page
    assert page.count('name="north_') == 3  # tenhou-sanma counts north tiles as dora
    # The tile picker offers the three-player set: 1m and 9m of the characters, no red 5m.
    tiles = layout["seats"][0]["tiles"]
    assert [t["code"] for t in tiles["suits"][0]] == ["1m", "9m"]
    assert [t["code"] for t in tiles["reds"]] == ["0p", "0s"]


def test_a_ron_a_tsumo_and_a_draw_at_three_seats(client, bob, sanma):
    client.force_login(bob)
    url = f"/games/{sanma.pk}/hands/new/"

    # Chiara wins 3 han 30 fu on Bruno's discard: 3,900.
    ron = _hand(sanma, 1, result="ron", winners="2", discarder="1", value_2="3", fu_2="30")
    # Bruno deals East 2. Chiara (a non-dealer) draws a mangan: 4,000 from Bruno, the dealer,
    # and 2,000 from Aiko; the empty North seat's share is lost (tsumo loss).
    tsumo = _hand(sanma, 2, result="tsumo", winners="2", value_2="h5")
    # An exhaustive draw with Aiko and Chiara ready: Bruno pays 1,000 to each.
    draw = _hand(sanma, 3, result="draw", tenpai=["0", "2"])
    responses = [client.post(url, fields) for fields in (ron, tsumo, draw)]

    assert [r.status_code for r in responses] == [302, 302, 302]
    hands = list(sanma.hands.order_by("number"))
    assert [h.data for h in hands] == [
        {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 30}]},
        {"result": "tsumo", "wins": [{"seat": 2, "han": 5}]},
        {"result": "draw", "tenpai": [0, 2]},
    ]
    assert [list(h.result["deltas"]) for h in hands] == [
        [0, -3900, 3900],
        [-2000, -4000, 6000],
        [1000, -2000, 1000],
    ]
    page = client.get(f"/games/{sanma.pk}/")
    state = page.context["state"]
    # The dealer was not ready: Chiara deals East 3 (a counter on), Aiko South, Bruno West.
    assert state["next"]["label"] == "E3-1"
    assert [(s["name"], s["wind"], s["score"]) for s in state["seats"]] == [
        ("Aiko", "S", "34,000"),
        ("Bruno", "W", "25,100"),
        ("Chiara", "E", "45,900"),
    ]
    assert [len(row["cells"]) for row in page.context["ledger"]] == [3, 3, 3]
    assert state["columns"] == 4  # three seats and the pool
    assert 'colspan="4"' in page.content.decode()


def test_north_tiles_set_aside_count_as_dora_for_the_winner(client, bob, sanma):
    client.force_login(bob)

    # Chiara's 1 han 30 fu with two north tiles set aside is 3 han 30 fu: 3,900 from Aiko.
    fields = _hand(
        sanma, result="ron", winners="2", discarder="0", value_2="1", fu_2="30", north_2="2"
    )
    preview = client.post(f"/games/{sanma.pk}/hands/preview/", fields)
    saved = client.post(f"/games/{sanma.pk}/hands/new/", fields)

    assert [s["delta"] for s in preview.context["preview"]["seats"]] == ["-3,900", "0", "+3,900"]
    assert saved.status_code == 302
    hand = sanma.hands.get()
    assert hand.data["wins"] == [{"seat": 2, "han": 1, "fu": 30, "north": 2}]
    assert hand.result["deltas"] == [-3900, 0, 3900]


def test_north_on_a_yakuman_is_refused_on_the_winners_north_field(client, bob, sanma):
    client.force_login(bob)

    fields = _hand(sanma, result="tsumo", winners="0", value_0="y1", north_0="1")
    response = client.post(f"/games/{sanma.pk}/hands/new/", fields)

    assert response.status_code == 200
    errors = response.context["form"].errors
    assert errors["north_0"] == ["Aiko's north tiles: a yakuman counts no dora: leave out 'north'."]
    assert not sanma.hands.exists()


def test_a_fourth_seat_is_not_a_choice_on_the_form(client, bob, sanma):
    client.force_login(bob)

    ron = _hand(sanma, result="ron", winners="2", discarder="3", value_2="3", fu_2="30")
    draw = _hand(sanma, result="draw", tenpai=["0", "3"])
    responses = [client.post(f"/games/{sanma.pk}/hands/new/", f) for f in (ron, draw)]

    assert responses[0].context["form"].errors["discarder"] == [
        "Select a valid choice. 3 is not one of the available choices."
    ]
    assert responses[1].context["form"].errors["tenpai"] == [
        "Select a valid choice. 3 is not one of the available choices."
    ]
    assert not sanma.hands.exists()


def test_a_four_player_form_has_no_north_field(client, bob, running_game):
    client.force_login(bob)

    page = client.get(f"/games/{running_game.pk}/hands/new/").content.decode()

    assert 'name="winners" value="3"' in page and 'name="north_' not in page


def test_the_correction_form_reopens_a_win_with_its_north_tiles(client, bob, sanma):
    win = {"seat": 2, "han": 1, "fu": 30, "north": 2}
    services.hand_submit(game=sanma, hand={"result": "ron", "from": 0, "wins": [win]}, user=bob)
    client.force_login(bob)

    page = client.get(f"/games/{sanma.pk}/hands/1/").content.decode()

    assert 'name="north_2" min="0" max="4" inputmode="numeric" value="2"' in page


def test_the_games_list_shows_a_three_player_game_with_its_three_players(client, club, bob, sanma):
    client.force_login(bob)

    rows = client.get(f"/clubs/{club.slug}/games/").context["games"]

    assert [p["name"] for p in rows[0]["players"]] == list(THREE)
    assert [p["score"] for p in rows[0]["players"]] == ["35,000"] * 3


def test_a_finished_three_player_game_shows_three_places(client, bob, sanma):
    # Aiko's dealer 3 han 30 fu by self-draw (2,000 from each), then the game is ended: the
    # oka to first, uma +20/0/-20 (tests/scoring/test_three_seats.py works it out).
    hand = {"result": "tsumo", "wins": [{"seat": 0, "han": 3, "fu": 30}]}
    services.hand_submit(game=sanma, hand=hand, user=bob)
    services.game_finish(game=sanma, user=bob)
    client.force_login(bob)

    state = client.get(f"/games/{sanma.pk}/").context["state"]

    assert [(s["name"], s["rank"], s["result"]) for s in state["seats"]] == [
        ("Aiko", 1, "+34.0"),
        ("Bruno", 2, "-7.0"),
        ("Chiara", 3, "-27.0"),
    ]
