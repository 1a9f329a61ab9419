"""The game page's poll sends what changed since the version the page shows: the hands written
since (appended, in place, removed) with the parts above and below the ledger, and the whole
body only when the ledger's frame changed (the game ended, a seat changed players)."""

import re

from django.contrib.auth.hashers import make_password

from scoring import selectors, services
from scoring.models import Game
from tests.scoring.conftest import RON, TSUMO, hand_tag


def _poll(client, game, *, version, hands, frame):
    return client.get(
        f"/games/{game.pk}/",
        {"version": version, "hands": hands, "frame": frame},
        HTTP_HX_REQUEST="true",
    )


def _shown(game):
    game.refresh_from_db()
    return {"version": game.version, "hands": game.hand_count, "frame": selectors.poll_frame(game)}


def _hands(html):
    """The ledger hands an answer carries, by number, with how each is swapped."""
    return {
        int(n): oob
        for n, oob in re.findall(r'<tbody class="ledger-hand[^"]*" id="hand-(\d+)"([^>]*)>', html)
    }


def test_a_new_hand_is_sent_alone_after_the_last_one(client, bob, running_game):
    client.force_login(bob)  # a scorer's page: with the undo button
    shown = _shown(running_game)
    services.hand_submit(game=running_game, hand=RON, user=bob, expected_number=4)

    response = _poll(client, running_game, **shown)

    html = response.content.decode()
    assert response.templates[0].name == "scoring/game_changes.html"
    assert "HX-Retarget" not in response
    assert _hands(html) == {4: ""}  # hands 1 to 3 stay as the page shows them
    assert '<table hx-swap-oob="beforeend:#ledger">' in html
    assert '<div id="game-top" hx-swap-oob="true">' in html
    assert '<div id="game-end" hx-swap-oob="true">' in html
    running_game.refresh_from_db()
    assert f"?version={running_game.version}&amp;hands=4&amp;" in html  # the next poller
    # The undo button names the new last hand.
    assert "Undo hand 4" in html


def test_a_correction_sends_the_corrected_hand_and_those_its_totals_changed(
    client, bob, charlie, running_game
):
    client.force_login(charlie)
    services.hand_submit(game=running_game, hand=TSUMO, user=bob, expected_number=4)
    shown = _shown(running_game)
    draw = {"result": "draw", "tenpai": [0, 1]}
    services.hand_correct(game=running_game, number=2, hand=draw, reason="typo", user=bob)

    html = _poll(client, running_game, **shown).content.decode()

    sent = _hands(html)
    assert sent.keys() == {2, 3, 4}  # hand 1 did not change
    assert all('hx-swap-oob="true"' in oob for oob in sent.values())
    assert "Corrected" in html


def test_a_confirmation_sends_no_hand(client, bob, charlie, finished_game):
    client.force_login(charlie)
    shown = _shown(finished_game)
    aiko = finished_game.seats.get(seat=0).player
    aiko.pin = make_password("1234")
    aiko.save(update_fields=["pin"])
    services.game_confirm(game=finished_game, seat=0, user=bob, pin="1234")

    html = _poll(client, finished_game, **shown).content.decode()

    assert _hands(html) == {}
    assert "Confirmed" in html


def test_an_undo_removes_the_last_hand_and_a_deletion_moves_the_later_ones_up(
    client, bob, running_game
):
    client.force_login(bob)
    services.hand_submit(game=running_game, hand=TSUMO, user=bob, expected_number=4)
    shown = _shown(running_game)
    services.hand_undo(game=running_game, user=bob)

    html = _poll(client, running_game, **shown).content.decode()
    assert _hands(html) == {}
    assert '<tbody id="hand-4" hx-swap-oob="delete">' in html
    assert "Undo hand 3" in html

    shown = _shown(running_game)
    services.hand_delete(
        game=running_game, number=1, reason="twice", user=bob, if_match=hand_tag(running_game, 1)
    )
    html = _poll(client, running_game, **shown).content.decode()
    assert _hands(html).keys() == {1, 2}  # the second and third hands, moved up one
    assert '<tbody id="hand-3" hx-swap-oob="delete">' in html


def test_the_first_hand_takes_the_place_of_no_hands_yet(client, club, table, bob, charlie):
    game = services.game_create(club=club, players=table, rules="japanese-modern", created_by=bob)
    client.force_login(charlie)
    shown = _shown(game)
    services.hand_submit(game=game, hand=RON, user=bob, expected_number=1)

    html = _poll(client, game, **shown).content.decode()

    assert _hands(html) == {1: ""}
    assert '<tbody id="ledger-empty" hx-swap-oob="delete">' in html


def test_a_changed_frame_sends_the_whole_body(client, bob, charlie, running_game):
    client.force_login(charlie)
    shown = _shown(running_game)
    services.game_finish(game=running_game, user=bob)

    response = _poll(client, running_game, **shown)

    assert response.templates[0].name == "scoring/game_body.html"
    assert response["HX-Retarget"] == "#game-body"
    assert _hands(response.content.decode()).keys() == {1, 2, 3}
    assert Game.objects.get(pk=running_game.pk).status == Game.Status.FINISHED


def test_an_answer_to_the_poll_does_not_grow_with_the_game(client, club, table, bob, charlie):
    """After hand n of a long game the poll sends one hand: the same size at 20 hands as at
    25 (both past the latest audit entries the page shows), where the body grows with each."""
    game = services.game_create(club=club, players=table, rules="japanese-modern", created_by=bob)
    client.force_login(charlie)
    sizes, bodies = {}, {}
    draw = {"result": "draw", "tenpai": [0]}  # the dealer keeps the deal: the game goes on
    for number in range(1, 26):
        shown = _shown(game)
        services.hand_submit(game=game, hand=draw, user=bob, expected_number=number)
        if number in (20, 25):
            sizes[number] = len(_poll(client, game, **shown).content)
            whole = _poll(client, game, version=shown["version"], hands=-1, frame="")
            bodies[number] = len(whole.content)
    assert abs(sizes[25] - sizes[20]) < 100  # the counters' digits and the label differ
    assert bodies[25] > bodies[20] + 5 * 500
