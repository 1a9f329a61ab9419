"""export_club and import_club: a club survives the round trip through one JSON file."""

import json

import pytest
from django.core.management import call_command

from clubhouse.backup import BackupError, export_club, import_club
from clubhouse.demo import seed_demo
from clubs.models import Club
from scoring.models import Game


def _delete_club(club):
    # The demo's rows, in an order the protecting foreign keys allow.
    for game in club.games.all():
        game.delete()
    club.leagues.all().delete()
    for ruleset in sorted(club.rulesets.all(), key=lambda r: r.template_ruleset_id is None):
        ruleset.delete()
    club.delete()


@pytest.mark.django_db(transaction=True)
def test_the_demo_club_survives_a_round_trip_unchanged(tmp_path):
    club = seed_demo().club
    before = export_club(club)
    numbers = {
        g.played_on.isoformat() + g.rules_name + g.table + str(g.hand_count): (g.final, g.status)
        for g in club.games.all()
    }
    path = tmp_path / "demo.json"
    call_command("export_club", club.slug, output=str(path))
    _delete_club(club)
    assert not Club.objects.filter(slug="demo").exists()

    # The demo's logins are still here: the operator binds them on purpose.
    call_command("import_club", str(path), "--bind-existing-users")
    restored = Club.objects.get(slug="demo")
    assert export_club(restored) == before
    assert before["games"], "the demo has games to compare"
    # The cached numbers come back from the engine's replay, equal to the originals.
    after = {
        g.played_on.isoformat() + g.rules_name + g.table + str(g.hand_count): (g.final, g.status)
        for g in restored.games.all()
    }
    assert after == numbers


@pytest.mark.django_db
def test_it_refuses_to_restore_over_an_existing_club():
    club = seed_demo().club
    with pytest.raises(BackupError, match="exists already"):
        import_club(export_club(club))


@pytest.mark.django_db
def test_a_bad_game_record_restores_nothing():
    club = seed_demo().club
    data = json.loads(json.dumps(export_club(club)))
    data["club"]["slug"] = "copy"
    data["games"][0]["record"]["hands"][0]["result"] = "nonsense"
    games = Game.objects.count()
    with pytest.raises(BackupError, match=r"games\[0\]\.record\.hands\[0\]"):
        import_club(data, bind_existing_users=True)
    assert not Club.objects.filter(slug="copy").exists()
    assert Game.objects.count() == games


@pytest.mark.django_db
def test_the_clubs_settings_and_retired_players_come_back():
    club = seed_demo().club
    ruleset = club.rulesets.order_by("pk").first()
    club.time_zone, club.language = "Asia/Tokyo", "ja"
    club.default_rules = f"ruleset:{ruleset.pk}"
    club.save()
    retired = club.players.order_by("pk").first()
    retired.retired = True
    retired.save()
    data = json.loads(json.dumps(export_club(club)))
    data["club"]["slug"] = "copy"

    copy = import_club(data, bind_existing_users=True)

    assert data["club"]["default_rules"] == f"ruleset:{ruleset.name}"
    assert (copy.time_zone, copy.language) == ("Asia/Tokyo", "ja")
    assert copy.default_rules == f"ruleset:{copy.rulesets.get(name=ruleset.name).pk}"
    assert list(copy.players.filter(retired=True).values_list("display_name", flat=True)) == [
        retired.display_name
    ]


@pytest.mark.django_db
def test_a_backup_from_before_club_settings_restores_with_the_defaults():
    club = seed_demo().club
    data = json.loads(json.dumps(export_club(club)))
    data["club"]["slug"] = "copy"
    for key in ("time_zone", "language", "default_rules"):
        del data["club"][key]
    for player in data["players"]:
        del player["retired"]

    copy = import_club(data, bind_existing_users=True)

    assert (copy.time_zone, copy.language, copy.default_rules) == ("UTC", "en", "")
    assert not copy.players.filter(retired=True).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("time_zone", "Mars/Olympus", r"club\.time_zone: 'Mars/Olympus' is not a time zone"),
        ("language", "xx", r"club\.language: 'xx' is not a known language"),
        ("language", "de", r"club\.language: 'de' is not a known language"),
        ("default_rules", "preset:nope", r"club\.default_rules: 'nope' is not a known preset"),
        ("default_rules", "ruleset:Gone", r"club\.default_rules: 'Gone' is not a known rule set"),
        ("default_rules", "house", r"club\.default_rules: 'house' is not 'preset:<id>'"),
    ],
)
def test_bad_club_settings_in_a_backup_are_refused_naming_them(key, value, message):
    club = seed_demo().club
    data = json.loads(json.dumps(export_club(club)))
    data["club"]["slug"] = "copy"
    data["club"][key] = value

    with pytest.raises(BackupError, match=message):
        import_club(data, bind_existing_users=True)

    assert not Club.objects.filter(slug="copy").exists()
