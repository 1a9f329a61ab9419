"""export_club reads the club as of one moment: a hand saved while a backup is being written
is either wholly in it or wholly out of it, so the backup restores."""

import json
import threading

import pytest
from django.db import connection

from clubhouse.backup import export, export_club, import_club
from clubs.models import Player
from scoring import services
from scoring.models import Game

# A yakuman ron from a 25,000 seat busts it: this hand ends the game.
BUSTING_RON = {"result": "ron", "from": 3, "wins": [{"seat": 2, "yakuman": 1}]}
DRAW = {"result": "draw", "tenpai": [0]}


def _save_in_another_connection(game_pk, user, hand, number):
    """Save ``hand`` as another request would, through its own connection, and wait."""
    failure = []

    def write():
        try:
            services.hand_submit(
                game=Game.objects.get(pk=game_pk),
                hand=hand,
                user=user,
                expected_number=number,
            )
        except Exception as e:  # reported in the test's own thread
            failure.append(e)
        finally:
            connection.close()

    thread = threading.Thread(target=write)
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive() and not failure, failure


@pytest.mark.django_db(transaction=True)
def test_a_hand_saved_while_the_backup_is_written_leaves_it_restorable(club, bob, monkeypatch):
    table = [
        Player.objects.create(club=club, display_name=n)
        for n in ("Aiko", "Bruno", "Chiara", "Daiki")
    ]
    game = services.game_create(club=club, players=table, rules="japanese-modern", created_by=bob)
    services.hand_submit(game=game, hand=DRAW, user=bob, expected_number=1)

    # The hand that ends the game lands after the export has read the games (still running)
    # and before it reads their hands and the audit trail.
    rulesets_in_order = export._rulesets_in_order

    def hand_saved_meanwhile(c):
        _save_in_another_connection(game.pk, bob, BUSTING_RON, 2)
        return rulesets_in_order(c)

    monkeypatch.setattr(export, "_rulesets_in_order", hand_saved_meanwhile)
    data = json.loads(json.dumps(export_club(club)))
    monkeypatch.undo()

    game.refresh_from_db()
    assert game.hand_count == 2 and game.status == Game.Status.FINISHED  # the write happened
    (exported,) = data["games"]
    assert (exported["status"], len(exported["record"]["hands"])) == ("running", 1)
    recorded = [a["hand_number"] for a in data["audit"] if a["action"] == "hand.recorded"]
    assert recorded == [1], "the audit trail holds only the hands the game holds"

    data["club"]["slug"] = "riverside-copy"
    restored = import_club(data, bind_existing_users=True)
    (copy,) = restored.games.all()
    assert (copy.status, copy.hand_count) == (Game.Status.RUNNING, 1)
