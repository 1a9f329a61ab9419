"""Groups kept apart: set on the event (stored, audited, refused when wrong), used by the
schedule and the Swiss draw, and shown on the event page."""

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from core.models import AuditEntry
from tests.tournaments.conftest import make_event, register
from tournaments import services
from tournaments.models import Entrant


def _tables_of(round_, numbers):
    return [
        sum(1 for s in t.seats.all() if s.entrant and s.entrant.number in numbers)
        for t in round_.tables.prefetch_related("seats__entrant")
    ]


def test_the_groups_are_stored_audited_and_used_by_the_schedule(event, alice):
    register(event, alice, 16)
    services.event_set_apart(
        event=event, user=alice, groups={n: "Osaka" for n in (1, 2, 3, 4)}, apart_rounds=None
    )
    services.event_set_apart(
        event=event, user=alice, groups={5: "Roma", 6: " roma "}, apart_rounds=3
    )
    assert list(Entrant.objects.filter(group="Osaka").values_list("number", flat=True)) == [
        1,
        2,
        3,
        4,
    ]
    assert Entrant.objects.get(number=6).group == "roma"
    event.refresh_from_db()
    assert event.apart_rounds == 3
    entry = AuditEntry.objects.filter(action="tournament.event.apart_set").order_by("pk").last()
    assert entry.after["apart_rounds"] == 3
    for _ in range(3):
        round_ = services.round_draw(event=event, user=alice)
        assert max(_tables_of(round_, {1, 2, 3, 4})) == 1
        assert max(_tables_of(round_, {5, 6})) == 1
        services.round_start(round_=round_, user=alice)
        services.round_end(round_=round_, user=alice)


def test_a_group_changes_the_draw(club, alice, ruleset):
    plain = make_event(club, alice, ruleset, name="A", seed=3)
    grouped = make_event(club, alice, ruleset, name="B", seed=3)
    register(plain, alice, 16)
    register(grouped, alice, 16)
    first = services.round_draw(event=plain, user=alice)
    together = [
        {s.entrant.number for s in t.seats.all()}
        for t in first.tables.prefetch_related("seats__entrant")
    ]
    pair = sorted(together[0])[:2]
    services.event_set_apart(
        event=grouped, user=alice, groups={n: "family" for n in pair}, apart_rounds=1
    )
    drawn = services.round_draw(event=grouped, user=alice)
    assert max(_tables_of(drawn, set(pair))) == 1


def test_the_swiss_draw_keeps_a_group_apart(club, alice, ruleset):
    event = make_event(club, alice, ruleset, draw="swiss")
    register(event, alice, 8)
    services.event_set_apart(event=event, user=alice, groups={1: "X", 2: "X"}, apart_rounds=None)
    for _ in range(2):
        round_ = services.round_draw(event=event, user=alice)
        assert max(_tables_of(round_, {1, 2})) == 1
        services.round_start(round_=round_, user=alice)
        services.round_end(round_=round_, user=alice)


@pytest.mark.parametrize(
    ("groups", "apart_rounds", "code"),
    [({40: "X"}, None, "entrant"), ({1: "X"}, 9, "rounds"), ({1: "X" * 300}, None, "group")],
)
def test_a_bad_group_changes_nothing(event, alice, groups, apart_rounds, code):
    register(event, alice, 4)
    with pytest.raises(services.TournamentError) as e:
        services.event_set_apart(event=event, user=alice, groups=groups, apart_rounds=apart_rounds)
    assert e.value.code == code
    assert not Entrant.objects.exclude(group="").exists()
    event.refresh_from_db()
    assert event.apart_rounds is None


def test_the_page_sets_and_shows_the_groups(client, alice, charlie, event):
    register(event, alice, 4)
    client.force_login(alice)
    url = reverse("tournaments:apart", args=["riverside", event.pk])
    response = client.post(url, {"group_1": "Kyoto", "group_3": "Kyoto", "apart_rounds": "2"})
    assert response.status_code == 302
    assert Entrant.objects.get(number=3).group == "Kyoto"
    client.force_login(charlie)
    page = client.get(reverse("tournaments:event", args=["riverside", event.pk])).content.decode()
    assert "Kyoto" in page and "Guest 01, Guest 03" in page
    assert "first 2 rounds" in page
    assert "Set the groups" not in page  # the form is the organiser's


def test_a_member_cannot_set_groups(event, alice, charlie):
    register(event, alice, 4)
    with pytest.raises(PermissionDenied):
        services.event_set_apart(event=event, user=charlie, groups={1: "X"}, apart_rounds=None)
