"""The services the table adds: starting with guests, confirmation, previews, corrections."""

import random

import pytest

from clubs.models import Player
from clubs.services import player_set_pin
from scoring import services
from scoring.models import AuditEntry, Game, GameSeat
from tests.scoring.conftest import DRAW_DEALER_READY, RON, TSUMO


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


def test_a_preview_of_a_correction_replays_the_later_hands_without_saving(running_game):
    corrected = {"result": "draw", "tenpai": [1], "riichi": [1]}

    preview = services.hand_preview(game=running_game, hand=corrected, number=1)

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


def test_an_organiser_may_undo_the_last_hand_of_a_finished_game(finished_game, alice):
    with pytest.raises(services.GameError):
        services.hand_undo(game=finished_game, user=alice)

    services.hand_undo(game=finished_game, user=alice, may_edit_finished=True)

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
    services.hand_correct(
        game=finished_game, number=1, hand=TSUMO, reason="typo", user=alice, may_edit_finished=True
    )
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
