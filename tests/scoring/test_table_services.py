"""The services the table adds: starting with guests, confirmation, previews, corrections."""

import random
import re

import pytest
from django.utils import timezone

from clubs.models import Player
from clubs.services import player_set_pin
from core.models import AuditEntry
from scoring import services
from scoring.models import Game, GameSeat, Hand
from tests.scoring.conftest import DRAW_DEALER_READY, RON, TSUMO, hand_tag


def test_starting_a_game_finds_players_by_name_and_adds_guests(club, table, bob):
    game = services.game_start(
        club=club, seats=["aiko", "Bruno", " New  Guest ", table[3]], rules="tenhou", created_by=bob
    )

    names = [p.display_name for p in game.seat_players()]
    assert names == ["Aiko", "Bruno", "New Guest", "Daiki"]
    guest = Player.objects.get(club=club, display_name="New Guest")
    assert guest.user is None
    assert AuditEntry.objects.filter(action="player.created", club=club).count() == 1


def test_drawing_seats_shuffles_the_four_players(club, table, bob):
    game = services.game_start(
        club=club,
        seats=table,
        rules="japanese-modern",
        created_by=bob,
        draw_seats=True,
        rng=random.Random(3),
    )

    seated = game.seat_players()
    assert sorted(p.pk for p in seated) == sorted(p.pk for p in table)
    assert seated != table


def test_a_failed_start_leaves_no_guest_behind(club, table, bob):
    with pytest.raises(services.GameError):
        services.game_start(
            club=club, seats=["Aiko", "Ghost", "Aiko", "Daiki"], rules="tenhou", created_by=bob
        )

    assert not Player.objects.filter(display_name="Ghost").exists()
    assert not Game.objects.exists()


def test_a_preview_of_a_correction_replays_the_later_hands_without_saving(running_game, bob):
    corrected = {"result": "draw", "tenpai": [1], "riichi": [1]}

    preview = services.hand_preview(game=running_game, hand=corrected, user=bob, number=1)

    assert preview["hand"]["deltas"] == [-1000, 2000, -1000, -1000]
    assert preview["final"]["next"]["label"] == "E4"
    assert running_game.hands.get(number=1).data == DRAW_DEALER_READY


def test_correcting_an_early_hand_moves_dealer_honba_and_pool_in_the_later_ones(running_game, bob):
    before = [
        (h.label, h.result["dealer"], h.result["pool_before"]) for h in running_game.hands.all()
    ]
    assert before == [("E1", 0, 0), ("E1-1", 0, 1000), ("E2", 1, 0)]

    services.hand_correct(
        game=running_game,
        number=1,
        hand={"result": "draw", "tenpai": [1], "riichi": [1]},
        reason="East was not ready",
        user=bob,
    )

    hands = list(running_game.hands.order_by("number"))
    # The deal passed at the draw: hand 2 is now South's deal with its counter and the pool,
    # and hand 3's self-draw is no longer the dealer's.
    assert [(h.label, h.result["dealer"], h.result["honba"]) for h in hands] == [
        ("E1", 0, 0),
        ("E2-1", 1, 1),
        ("E3", 2, 0),
    ]
    assert hands[1].result["pool_before"] == 1000 and hands[1].result["pool"] == 0
    assert hands[1].result["deltas"] == [0, 0, 3300, -2300]
    assert hands[2].result["deltas"] == [-300, 1100, -500, -300]
    running_game.refresh_from_db()
    assert running_game.final["scores"] == [23700, 28100, 26800, 21400]
    assert running_game.final["next"]["label"] == "E4"


def test_undo_removes_the_last_hand(running_game, bob):
    services.hand_undo(game=running_game, user=bob)

    assert [h.data for h in running_game.hands.order_by("number")] == [DRAW_DEALER_READY, RON]
    entry = AuditEntry.objects.get(action="hand.undone", hand_number=3)
    assert entry.before == TSUMO and entry.reason == "Undo of the last hand."


def test_an_organiser_may_undo_the_last_hand_of_a_finished_game(finished_game, alice, bob):
    with pytest.raises(services.GameError):
        services.hand_undo(game=finished_game, user=bob)  # a scorer: the service asks the role

    services.hand_undo(game=finished_game, user=alice)

    finished_game.refresh_from_db()
    assert finished_game.hand_count == 0


def test_finishing_twice_leaves_one_audit_entry(running_game, bob):
    services.game_finish(game=running_game, user=bob)
    services.game_finish(game=running_game, user=bob)

    assert AuditEntry.objects.filter(game=running_game, action="game.finished").count() == 1


def test_a_player_confirms_their_own_seat_when_logged_in(finished_game, club, charlie):
    seat = finished_game.seats.get(seat=0)
    Player.objects.filter(pk=seat.player_id).update(user=None)
    player = Player.objects.get(club=club, user=charlie)
    GameSeat.objects.filter(pk=seat.pk).update(player=player)

    row = services.game_confirm(game=finished_game, seat=0, user=charlie)

    assert row.confirmed_at is not None and row.confirmed_by == charlie
    entry = AuditEntry.objects.get(action="game.confirmed")
    assert entry.after == {"seat": 0, "player": "Charlie", "by": "login"}


def test_nobody_confirms_another_players_seat_without_the_pin(finished_game, charlie):
    with pytest.raises(services.GameError) as e:
        services.game_confirm(game=finished_game, seat=1, user=charlie)
    assert e.value.code == "not_this_player"


def test_a_guest_confirms_with_the_pin_on_the_scorers_phone(finished_game, bob, alice):
    guest = finished_game.seats.get(seat=2).player
    player_set_pin(player=guest, pin="4821", user=alice)

    with pytest.raises(services.GameError) as e:
        services.game_confirm(game=finished_game, seat=2, user=bob, pin="1111")
    assert e.value.code == "wrong_pin"

    row = services.game_confirm(game=finished_game, seat=2, user=bob, pin="4821")
    assert row.confirmed_at is not None
    guest.refresh_from_db()
    assert guest.pin != "4821"  # stored hashed


def test_a_running_game_cannot_be_confirmed(running_game, bob):
    with pytest.raises(services.GameError) as e:
        services.game_confirm(game=running_game, seat=0, user=bob, pin="0000")
    assert e.value.code == "not_finished"


def test_correcting_an_ended_game_keeps_it_finished_and_clears_the_confirmation(
    finished_game, alice, bob
):
    player_set_pin(player=finished_game.seats.get(seat=1).player, pin="2468", user=alice)
    services.game_confirm(game=finished_game, seat=1, user=bob, pin="2468")
    # The game was ended by the club: a corrected hand keeps it ended, so nothing reopens.
    services.hand_correct(game=finished_game, number=1, hand=TSUMO, reason="typo", user=alice)
    finished_game.refresh_from_db()
    assert finished_game.status == Game.Status.FINISHED
    # The result moved under Bruno's confirmation: he confirms it again.
    assert finished_game.seats.get(seat=1).confirmed_at is None
    entry = AuditEntry.objects.get(action="game.confirmations_cleared")
    assert entry.actor == alice and [c["player"] for c in entry.before] == ["Bruno"]
    assert entry.reason == "The result changed after it was confirmed (hand 1 corrected)."


def test_a_pin_must_be_digits(club, table, alice):
    from clubs.services import ClubError

    with pytest.raises(ClubError):
        player_set_pin(player=table[0], pin="12ab", user=alice)
    table[0].refresh_from_db()
    assert table[0].pin == ""


# ---------------------------------------------------------------------------------------------
# Conditional corrections: the entity tag of a hand


def _hand(**fields):
    return Hand(**{"pk": 7, "number": 3, "data": RON, "label": "E2", "result": {}, **fields})


def test_the_tag_is_the_same_for_the_same_hand_row_and_content():
    assert services.hand_etag(_hand()) == services.hand_etag(_hand(data=dict(RON)))
    assert re.fullmatch(r'"[0-9a-f]{32}"', services.hand_etag(_hand()))


@pytest.mark.parametrize(
    "change",
    [
        {"pk": 8},  # another row with the same entry: the hand that moved up into its number
        {"number": 2},
        {"data": TSUMO},
        {"label": "E2-1"},
        {"result": {"deltas": [0, 0, 2000, -2000]}},
    ],
)
def test_the_tag_changes_with_the_row_its_number_its_entry_and_what_it_scores(change):
    assert services.hand_etag(_hand(**change)) != services.hand_etag(_hand())


def test_a_correction_of_a_hand_changed_meanwhile_is_refused_and_changes_nothing(
    running_game, bob, alice
):
    tag = hand_tag(running_game, 2)
    services.hand_correct(game=running_game, number=2, hand=TSUMO, reason="first", user=alice)
    entries = AuditEntry.objects.count()

    with pytest.raises(services.HandChanged) as e:
        services.hand_correct(
            game=running_game, number=2, hand=RON, reason="second", user=bob, if_match=tag
        )

    assert e.value.code == "hand_changed" and e.value.current.data == TSUMO
    assert running_game.hands.get(number=2).data == TSUMO
    assert AuditEntry.objects.count() == entries


def test_after_a_delete_the_old_tag_of_a_number_no_longer_matches(running_game, bob):
    services.hand_submit(game=running_game, hand=TSUMO, user=bob, expected_number=4)
    tag_3 = hand_tag(running_game, 3)
    services.hand_delete(game=running_game, number=2, reason="twice", user=bob)
    # Hand 3 now is what was hand 4: the same entry as the old hand 3, but another hand.
    assert running_game.hands.get(number=3).data == TSUMO

    with pytest.raises(services.HandChanged):
        services.hand_delete(game=running_game, number=3, reason="x", user=bob, if_match=tag_3)
    with pytest.raises(services.HandChanged):
        services.hand_correct(
            game=running_game, number=3, hand=RON, reason="x", user=bob, if_match=tag_3
        )

    assert [h.data for h in running_game.hands.order_by("number")] == [
        DRAW_DEALER_READY,
        TSUMO,
        TSUMO,
    ]


def test_a_star_takes_any_hand_and_a_weak_tag_none(running_game, bob):
    weak = "W/" + hand_tag(running_game, 1)

    with pytest.raises(services.HandChanged):
        services.hand_correct(
            game=running_game, number=1, hand=RON, reason="x", user=bob, if_match=weak
        )
    services.hand_correct(game=running_game, number=1, hand=RON, reason="x", user=bob, if_match="*")

    assert running_game.hands.get(number=1).data == RON


def test_a_list_of_tags_matches_if_one_is_the_hands(running_game, bob):
    tags = f'"0000", {hand_tag(running_game, 1)}'

    services.hand_delete(game=running_game, number=1, reason="x", user=bob, if_match=tags)

    assert running_game.hands.count() == 2


# ---------------------------------------------------------------------------------------------
# Confirmations are of a result: a change of the result clears them


@pytest.fixture
def confirmed_game(finished_game, bob):
    seats = GameSeat.objects.filter(game=finished_game)
    seats.update(confirmed_at=timezone.now(), confirmed_by=bob)
    return finished_game


def _confirmed(game):
    return [s.confirmed_at is not None for s in game.seats.order_by("seat")]


@pytest.mark.parametrize(
    ("change", "cause"),
    [
        (
            lambda g, u: services.hand_correct(game=g, number=1, hand=TSUMO, reason="x", user=u),
            "hand 1 corrected",
        ),
        (
            lambda g, u: services.hand_delete(game=g, number=1, reason="x", user=u),
            "hand 1 deleted",
        ),
        (
            lambda g, u: services.hand_undo(game=g, user=u),
            "hand 1 undone",
        ),
    ],
    ids=["correct", "delete", "undo"],
)
def test_a_change_of_the_result_clears_every_confirmation_with_an_audit_entry(
    confirmed_game, alice, change, cause
):
    change(confirmed_game, alice)

    confirmed_game.refresh_from_db()
    assert confirmed_game.status == Game.Status.FINISHED  # ended by the club: still over
    assert _confirmed(confirmed_game) == [False] * 4
    entry = AuditEntry.objects.get(action="game.confirmations_cleared")
    assert entry.actor == alice and entry.game == confirmed_game
    assert [c["player"] for c in entry.before] == ["Aiko", "Bruno", "Chiara", "Daiki"]
    assert entry.reason == f"The result changed after it was confirmed ({cause})."


def test_a_redo_clears_the_confirmations_given_after_the_undo(confirmed_game, alice, bob):
    services.hand_undo(game=confirmed_game, user=alice)
    GameSeat.objects.filter(game=confirmed_game).update(confirmed_at=timezone.now())

    services.hand_redo(game=confirmed_game, user=alice)

    assert _confirmed(confirmed_game) == [False] * 4
    assert AuditEntry.objects.filter(action="game.confirmations_cleared").count() == 2
    assert AuditEntry.objects.filter(action="game.confirmations_cleared").first().reason == (
        "The result changed after it was confirmed (hand 1 restored)."
    )


def test_a_correction_that_moves_no_number_keeps_the_confirmations(confirmed_game, alice):
    services.hand_correct(
        game=confirmed_game,
        number=1,
        hand={**RON, "note": "paper sheet 3"},
        reason="a note",
        user=alice,
    )

    assert _confirmed(confirmed_game) == [True] * 4
    assert not AuditEntry.objects.filter(action="game.confirmations_cleared").exists()


# ---------------------------------------------------------------------------------------------
# Undo and redo


def test_redo_puts_back_the_undone_hand_with_the_same_numbers(running_game, bob):
    before = [(h.data, h.label, h.result) for h in running_game.hands.order_by("number")]
    final = running_game.final

    undone = services.hand_undo(game=running_game, user=bob, number=3)
    redone = services.hand_redo(game=running_game, user=bob, number=3)

    assert (undone.hand.number, undone.hand.label, undone.hand.data) == (3, "E2", TSUMO)
    assert (redone.hand.number, redone.hand.label, redone.hand.data) == (3, "E2", TSUMO)
    assert [(h.data, h.label, h.result) for h in running_game.hands.order_by("number")] == before
    running_game.refresh_from_db()
    assert running_game.final == final
    entry = AuditEntry.objects.filter(action="hand.redone").first()  # the newest
    assert (entry.hand_number, entry.after, entry.actor) == (3, TSUMO, bob)
    assert entry.reason == "Redo of the undone hand."
    with pytest.raises(services.GameError) as e:  # one undo, one redo
        services.hand_redo(game=running_game, user=bob)
    assert e.value.code == "nothing_to_redo"


def test_no_redo_once_a_hand_was_entered_after_the_undo(running_game, bob):
    services.hand_undo(game=running_game, user=bob)
    services.hand_submit(game=running_game, hand=RON, user=bob, expected_number=3)

    with pytest.raises(services.GameError) as e:
        services.hand_redo(game=running_game, user=bob)

    assert e.value.code == "nothing_to_redo"
    assert [h.data for h in running_game.hands.order_by("number")][-1] == RON


@pytest.mark.parametrize(
    "between",
    [
        lambda g, u: services.hand_correct(game=g, number=1, hand=RON, reason="x", user=u),
        lambda g, u: services.hand_delete(game=g, number=1, reason="x", user=u),
        lambda g, u: services.game_finish(game=g, user=u),
    ],
    ids=["correct", "delete", "finish"],
)
def test_no_redo_once_the_hands_changed_after_the_undo(running_game, bob, between):
    services.hand_undo(game=running_game, user=bob)
    between(running_game, bob)

    with pytest.raises(services.GameError):
        services.hand_redo(game=running_game, user=bob)


def test_two_undos_are_redone_the_later_first(running_game, bob):
    services.hand_undo(game=running_game, user=bob)
    services.hand_undo(game=running_game, user=bob)

    first = services.hand_redo(game=running_game, user=bob)
    second = services.hand_redo(game=running_game, user=bob)

    assert (first.hand.number, first.hand.data) == (2, RON)
    assert (second.hand.number, second.hand.data) == (3, TSUMO)
    assert running_game.hands.count() == 3


def test_a_redo_of_another_hand_than_the_device_meant_is_stale(running_game, bob):
    services.hand_undo(game=running_game, user=bob)

    with pytest.raises(services.StaleHandNumber) as e:
        services.hand_redo(game=running_game, user=bob, number=2)

    assert str(e.value) == (
        "This device meant to restore hand 2, but the hand to restore is 3: another device "
        "changed the game. Refresh and check."
    )
    assert running_game.hands.count() == 2


def test_a_confirmation_of_a_result_a_correction_has_changed_is_refused(finished_game, alice, bob):
    # Bruno's phone shows the result; before his PIN arrives, Alice corrects hand 1.
    player_set_pin(player=finished_game.seats.get(seat=1).player, pin="2468", user=alice)
    shown = finished_game.result_tag
    services.hand_correct(game=finished_game, number=1, hand=TSUMO, reason="typo", user=alice)
    finished_game.refresh_from_db()
    assert finished_game.result_tag != shown

    with pytest.raises(services.ResultChanged) as e:
        services.game_confirm(game=finished_game, seat=1, user=bob, pin="2468", result=shown)
    assert e.value.code == "result_changed"
    assert finished_game.seats.get(seat=1).confirmed_at is None
    assert not AuditEntry.objects.filter(action="game.confirmed").exists()

    # Shown the new numbers, he confirms them.
    now = finished_game.result_tag
    services.game_confirm(game=finished_game, seat=1, user=bob, pin="2468", result=now)
    assert finished_game.seats.get(seat=1).confirmed_at is not None


def test_one_players_confirmation_does_not_refuse_the_next(finished_game, alice, bob):
    shown = finished_game.result_tag
    for seat, pin in ((1, "2468"), (2, "1357")):
        player_set_pin(player=finished_game.seats.get(seat=seat).player, pin=pin, user=alice)
        services.game_confirm(game=finished_game, seat=seat, user=bob, pin=pin, result=shown)
    assert _confirmed(finished_game) == [False, True, True, False]
