"""A club's nights of five at a table in its backup: the rotations, their sit-out order and
their games with who sat each out survive export and restore into a new club; a backup
written before rotations restores without them; a bad rotation restores nothing."""

import json

import pytest

from clubhouse.backup import BackupError, export_club, import_club
from clubs.models import Club
from rulesets.services import ruleset_create
from scoring import rotations, services
from scoring.models import Game, Rotation, RotationGame
from tests import factories
from tests.scoring.test_rotations import FIVE, RON, play_next


@pytest.fixture
def nights(club, alice, bob):
    """Two rotations: the first with a finished game (a hand in it), a second game running
    and then a new order (so who sat out game 2 is no longer what the order says); the
    second under a club rule set, no game yet."""
    five = factories.players(club, FIVE)
    first = services.rotation_create(
        club=club, players=five, rules="japanese-modern", created_by=bob, table="2"
    )
    play_next(first, bob, RON)
    services.rotation_next_game(rotation=first, user=bob)
    aiko, bruno, chiara, daiki, emi = five
    services.rotation_reorder(rotation=first, order=[chiara, aiko, bruno, daiki, emi], user=alice)
    ruleset = ruleset_create(
        club=club, name="Club riichi", created_by=alice, template_preset="japanese-modern"
    )
    second = services.rotation_create(
        club=club,
        players=[emi, daiki, chiara, bruno, aiko],
        ruleset_version=ruleset.versions.get(),
        created_by=alice,
    )
    return first, second


def _copy(club):
    """The club's backup as a file would hold it, to restore under a new slug."""
    data = json.loads(json.dumps(export_club(club)))
    data["club"]["slug"] = "copy"
    return data


def _night(rotation):
    return (
        [p.display_name for p in rotations.order_of(rotation)],
        [
            (
                row.number,
                row.sits_out.display_name,
                [s.player.display_name for s in row.game.seats.order_by("seat")],
                row.game.status,
                row.game.hand_count,
                row.game.final,
            )
            for row in rotations.rotation_games(rotation)
        ],
        (rotation.rules, rotation.rules_name, rotation.table, rotation.played_on),
    )


def test_the_rotations_survive_a_restore_into_a_new_club(club, nights, alice, client):
    first, second = nights
    before = _copy(club)
    assert [len(r["games"]) for r in before["rotations"]] == [2, 0]
    assert before["rotations"][0]["games"][1]["sits_out"] == "Bruno"
    assert before["rotations"][1]["ruleset"] == ["Club riichi", 1]

    copy = import_club(json.loads(json.dumps(before)), bind_existing_users=True)

    again = list(Rotation.objects.filter(club=copy).order_by("created_at", "id"))
    assert [_night(r) for r in again] == [_night(first), _night(second)]
    assert _night(again[0])[0] == ["Chiara", "Aiko", "Bruno", "Daiki", "Emi"]
    assert [g[1] for g in _night(again[0])[1]] == ["Aiko", "Bruno"]
    assert _night(again[0])[1][0][4] == 1, "game 1 has its hand"
    assert {row.game.club_id for row in RotationGame.objects.filter(rotation__club=copy)} == {
        copy.pk
    }
    assert again[1].ruleset_version.ruleset.club == copy
    after = export_club(copy)
    after["club"]["slug"] = "copy"
    assert after == before

    client.force_login(alice)
    response = client.get(f"/clubs/copy/rotations/{again[0].pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Game 1 · Aiko sat out" in html and "Game 2 · Bruno sat out" in html
    assert "Game 2 is running" in html
    assert f"/games/{again[0].games.get(number=1).game_id}/" in html


def test_a_backup_from_before_rotations_restores_without_them(club, nights):
    data = _copy(club)
    del data["rotations"]

    copy = import_club(data, bind_existing_users=True)

    assert copy.games.count() == len(data["games"]) == 2
    assert not Rotation.objects.filter(club=copy).exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["rotations"][0]["seats"][2].update(player="Nobody"),
            "rotations[0].seats[2].player: 'Nobody' is not one of the players",
        ),
        (
            lambda d: d["rotations"][0]["games"][1].update(game=17),
            "rotations[0].games[1].game: no game 17 in the backup (its games are 0 to 1)",
        ),
        (
            lambda d: d["rotations"][1]["seats"][3].update(place=0),
            "rotations[1].seats[3]: the place 0 appears twice",
        ),
        (
            lambda d: d["rotations"][0]["games"][0].update(sits_out="Bruno"),
            "rotations[0].games[0].sits_out: 'Bruno' plays game 0, so cannot have sat it out",
        ),
        (
            lambda d: d["rotations"][1]["games"].append(d["rotations"][0]["games"][0]),
            "rotations[1].games[0].game: game 0 is rotations[0].games[0] too",
        ),
    ],
)
def test_a_bad_rotation_restores_nothing(club, nights, change, message):
    data = _copy(club)
    change(data)
    games, rows = Game.objects.count(), Rotation.objects.count()

    with pytest.raises(BackupError) as refused:
        import_club(data, bind_existing_users=True)

    assert str(refused.value) == message
    assert not Club.objects.filter(slug="copy").exists()
    assert (Game.objects.count(), Rotation.objects.count()) == (games, rows)
