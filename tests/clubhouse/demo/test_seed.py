from django.contrib.auth import authenticate
from django.core.management import call_command

from clubhouse.demo import DEMO_PASSWORD, DEMO_USERNAME, seed_demo
from clubs.models import Club, Membership, Player


def _counts():
    return (Club.objects.count(), Player.objects.count(), Membership.objects.count())


def test_seed_demo_creates_the_demo_club_and_login(db):
    seed = seed_demo()

    assert seed.club.slug == "demo"
    assert seed.club.public
    assert [p.display_name for p in seed.club.players.all()] == [
        "Aiko",
        "Bruno",
        "Chiara",
        "Daiki",
        "Emi",
        "Federico",
    ]
    assert seed.club.players.get(user=seed.user).display_name == "Aiko"
    assert seed.club.memberships.get(user=seed.user).role == Membership.Role.ORGANISER
    assert authenticate(username=DEMO_USERNAME, password=DEMO_PASSWORD) == seed.user


def test_seed_demo_twice_creates_nothing_twice(db):
    first = seed_demo()
    counts = _counts()

    second = seed_demo()

    # 9 rows of the club itself, plus what each app's demo adds (rule sets, leagues, games).
    assert first.created > 9
    assert second.created == 0
    assert _counts() == counts == (1, 6, 1)


def test_seed_demo_keeps_a_changed_demo_password(db):
    user = seed_demo().user
    user.set_password("changed by the organiser")
    user.save()

    seed_demo()

    assert authenticate(username=DEMO_USERNAME, password="changed by the organiser") == user


def test_the_command_prints_the_demo_login(db, capsys):
    call_command("seed_demo")

    assert "demo / tenbou-demo" in capsys.readouterr().out
