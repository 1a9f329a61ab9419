"""import_club checks the whole file first: a bad one is refused with the place in the file
that is wrong, and nothing is written."""

import json

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import transaction

from clubhouse.backup import BackupError, export_club, import_club
from clubhouse.demo import seed_demo
from clubs.models import Club, Membership, Player
from core.models import AuditEntry
from leagues.models import League, Season
from rulesets.models import RuleSet, RuleSetVersion
from scoring.models import Game, GameSeat, Hand

MODELS = (User, Club, Membership, Player, RuleSet, RuleSetVersion, League, Season)
MODELS += (Game, GameSeat, Hand, AuditEntry)


def counts():
    return {m.__name__: m.objects.count() for m in MODELS}


class _RolledBack(Exception):
    pass


@pytest.fixture(scope="module")
def demo_backup(django_db_setup, django_db_blocker):
    """The demo club's backup, made once in a transaction that is then rolled back, so every
    test restores it into a database without the demo or its logins."""
    with django_db_blocker.unblock():
        try:
            with transaction.atomic():
                text = json.dumps(export_club(seed_demo().club))
                raise _RolledBack
        except _RolledBack:
            pass
    return text


@pytest.fixture
def backup(db, demo_backup):
    """A fresh copy of the demo club's backup, under a new slug."""
    data = json.loads(demo_backup)
    data["club"]["slug"] = "copy"
    return data


def finished(data):
    return next(i for i, g in enumerate(data["games"]) if g["status"] == "finished")


def running(data):
    return next(i for i, g in enumerate(data["games"]) if g["status"] == "running")


def test_the_demo_backup_restores_into_a_database_without_it(backup):
    assert not User.objects.exists()
    club = import_club(backup)
    assert club.slug == "copy"
    assert club.games.count() == len(backup["games"]) > 0
    assert club.rulesets.count() == len(backup["rulesets"]) > 0
    assert club.leagues.count() == len(backup["leagues"]) > 0


def _three_seats(d):
    d["games"][0]["record"]["players"].pop()


def _no_such_player(d):
    d["games"][0]["record"]["players"][0] = "Nobody"


def _same_player_twice(d):
    players = d["games"][0]["record"]["players"]
    players[1] = players[0]


def _player_name_in_another_case(d):
    d["players"][1]["display_name"] = d["players"][0]["display_name"].upper()


def _hacked_status(d):
    d["games"][0]["status"] = "hacked"


def _finished_game_whose_hands_do_not_end_it(d):
    g = d["games"][finished(d)]
    g["record"]["hands"] = g["record"]["hands"][:1]
    g["record"].pop("ended", None)
    g["hands"] = g["hands"][:1]


def _running_game_whose_hands_end_it(d):
    g = d["games"][running(d)]
    g["record"]["ended"] = True


def _bad_hand(d):
    d["games"][0]["record"]["hands"][0]["result"] = "nonsense"


def _hands_without_their_entries(d):
    d["games"][0]["hands"].pop()


def _superuser_role(d):
    d["memberships"][0]["role"] = "superuser"


def _unknown_member(d):
    d["memberships"][0]["user"] = "mallory"


def _preset_nope(d):
    d["rulesets"][0]["template_preset"] = "nope"


def _bad_option(d):
    d["rulesets"][0]["options"] = {"riichi_deposit": -5}


def _bad_version_rules(d):
    d["rulesets"][0]["versions"][0]["rules"] = {"preset": "nope", "options": {}}


def _bogus_aggregate(d):
    d["leagues"][0]["aggregate"] = "bogus"


def _season_ends_before_it_starts(d):
    d["leagues"][0]["seasons"][0]["ends"] = "1999-01-01"


def _not_a_date(d):
    d["games"][0]["played_on"] = "yesterday"


def _long_name(d):
    d["players"][0]["display_name"] = "x" * 61


def _game_rules_a_plain_preset(d):
    d["games"][0]["record"]["rules"] = "japanese-modern"


def _missing_field(d):
    del d["games"][0]["status"]


def _not_a_list(d):
    d["games"] = {"0": "x"}


def _audit_of_no_game(d):
    d["audit"][0]["game"] = len(d["games"])


def _bad_slug(d):
    d["club"]["slug"] = "no spaces here"


def _confirmed_running_game(d):
    d["games"][running(d)]["confirmations"] = [{"seat": 0, "at": d["club"]["created"], "by": None}]


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (_three_seats, "games[0].record.players: the game's rules seat 4 players, found 3"),
        (_no_such_player, "games[0].record.players[0]: 'Nobody' is not one of the players"),
        (_same_player_twice, "games[0].record.players: a player sits in one seat"),
        (_player_name_in_another_case, "players[1]: the player 'AIKO' appears twice (as 'Aiko'"),
        (_hacked_status, "games[0].status: 'hacked' is not a known status"),
        (
            _finished_game_whose_hands_do_not_end_it,
            "].status: the game is marked finished but its hands do not end it",
        ),
        (_running_game_whose_hands_end_it, "].status: the game is marked running but its hands"),
        (_bad_hand, "games[0].record.hands[0]: "),
        (_hands_without_their_entries, "games[0].hands: "),
        (_superuser_role, "memberships[0].role: 'superuser' is not a known role"),
        (_unknown_member, "memberships[0].user: 'mallory' is not one of the backup's users"),
        (_preset_nope, "rulesets[0].template_preset: 'nope' is not a known preset"),
        (_bad_option, "rulesets[0].options: "),
        (_bad_version_rules, "rulesets[0].versions[0].rules: Unknown preset 'nope'"),
        (_bogus_aggregate, "leagues[0].aggregate: 'bogus' is not a known aggregate"),
        (_season_ends_before_it_starts, "leagues[0].seasons[0].ends: a season cannot end"),
        (_not_a_date, "games[0].played_on: 'yesterday' is not a date"),
        (_long_name, "players[0].display_name: at most 60 characters, found 61"),
        (_game_rules_a_plain_preset, "games[0].record.rules: expected an object, found str"),
        (_missing_field, "games[0]: 'status' is missing"),
        (_not_a_list, "games: expected a list, found dict"),
        (_audit_of_no_game, "audit[0].game: expected a whole number from 0 to"),
        (_bad_slug, "club.slug: 'no spaces here' is not a slug"),
        (_confirmed_running_game, "].confirmations[0]: a running game has no confirmations"),
    ],
)
def test_a_bad_file_is_refused_naming_the_place_and_writes_nothing(backup, spoil, message):
    spoil(backup)
    before = counts()
    with pytest.raises(BackupError) as refused:
        import_club(backup, bind_existing_users=True)
    assert message in str(refused.value)
    assert counts() == before
    assert not Club.objects.filter(slug="copy").exists()


def test_the_command_refuses_a_bad_file_with_one_clear_line(backup, tmp_path):
    _three_seats(backup)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(backup), encoding="utf-8")
    before = counts()
    with pytest.raises(CommandError) as refused:
        call_command("import_club", str(path), "--bind-existing-users")
    assert str(refused.value) == (
        "Nothing was restored: games[0].record.players: the game's rules seat 4 players, found 3"
    )
    assert counts() == before


def rename_users(data, prefix):
    """The backup with every username (and every reference to one) given ``prefix``."""

    def new(name):
        return None if name is None else prefix + name

    for u in data["users"]:
        u["username"] = new(u["username"])
    for m in data["memberships"]:
        m["user"] = new(m["user"])
    for p in data["players"]:
        p["user"] = new(p["user"])
    for r in data["rulesets"]:
        r["created_by"] = new(r["created_by"])
        for v in r["versions"]:
            v["created_by"] = new(v["created_by"])
    for g in data["games"]:
        g["created_by"] = new(g["created_by"])
        for c in g["confirmations"]:
            c["by"] = new(c["by"])
        for h in g["hands"]:
            h["entered_by"] = new(h["entered_by"])
    for a in data["audit"]:
        a["actor"] = new(a["actor"])
    return data


def test_a_username_with_an_account_here_is_refused_unless_the_operator_binds_it(backup, dave):
    # The file makes dave, an outsider with a login on this site, organiser of the restored club.
    data = rename_users(backup, "restored-")
    data["users"].append(
        {"username": "dave", "email": "", "password": "!", "first_name": "", "last_name": ""}
    )
    data["memberships"].append(
        {"user": "dave", "role": "organiser", "created": data["club"]["created"]}
    )
    before = counts()
    with pytest.raises(BackupError, match=r"users\[\d+\]\.username: an account 'dave' exists"):
        import_club(data)
    assert counts() == before
    assert not dave.memberships.exists()

    club = import_club(data, bind_existing_users=True)
    assert Membership.objects.get(club=club, user=dave).role == "organiser"
    assert User.objects.filter(username="dave").count() == 1


def test_new_usernames_become_new_accounts_with_their_password_hashes(backup):
    data = rename_users(backup, "new-")
    for u in data["users"]:
        u["password"] = "pbkdf2_sha256$1$salt$hash"
    club = import_club(data)
    member = club.memberships.select_related("user").first()
    assert member.user.username.startswith("new-")
    assert member.user.password == "pbkdf2_sha256$1$salt$hash"


@pytest.mark.parametrize(
    "path",
    [
        ("club", "name"),
        ("users", 0, "username"),
        ("memberships", 0, "user"),
        ("players", 0, "user"),
        ("rulesets", 0, "template_preset"),
        ("rulesets", 0, "options"),
        ("rulesets", 0, "versions", 0, "number"),
        ("leagues", 0, "ruleset"),
        ("leagues", 0, "placement_points"),
        ("leagues", 0, "seasons", 0, "starts"),
        ("games", 0, "record", "players", 0),
        ("games", 0, "league"),
        ("games", 0, "season"),
        ("games", 0, "ruleset"),
        ("games", 0, "hands", 0),
        ("games", 0, "confirmations"),
        ("audit", 0, "game"),
        ("audit", 0, "created"),
    ],
)
def test_a_value_of_the_wrong_kind_anywhere_is_refused_not_a_traceback(backup, path):
    odd = [["x"]]  # the wrong kind for every field, and not even hashable
    *parents, last = path
    node = backup
    for step in parents:
        node = node[step]
    node[last] = odd
    before = counts()
    with pytest.raises(BackupError) as refused:
        import_club(backup, bind_existing_users=True)
    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
    assert str(refused.value).startswith(where.rsplit("[", 1)[0].rsplit(".", 1)[0])
    assert counts() == before
