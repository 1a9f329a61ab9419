"""Creating a club from the web, and its settings page."""

import pytest

from clubs import services
from clubs.models import Club, Membership
from core.models import AuditEntry
from rulesets import services as rulesets


def _form(**changes):
    return {
        "name": "Night Owls",
        "slug": "night-owls",
        "public": "true",
        "time_zone": "Asia/Tokyo",
        "language": "ja",
        "default_rules": "preset:tenhou",
        **changes,
    }


def test_the_home_page_shows_a_logged_in_user_the_way_to_create_a_club(client, dave):
    client.force_login(dave)

    assert b'href="/clubs/new/"' in client.get("/").content


def test_a_logged_in_user_creates_a_club_and_organises_it(client, dave):
    client.force_login(dave)

    response = client.post("/clubs/new/", _form())

    assert response.status_code == 302 and response["Location"] == "/clubs/night-owls/"
    club = Club.objects.get(slug="night-owls")
    assert (club.name, club.public, club.time_zone, club.language, club.default_rules) == (
        "Night Owls",
        True,
        "Asia/Tokyo",
        "ja",
        "preset:tenhou",
    )
    assert club.memberships.get().user == dave
    assert club.memberships.get().role == Membership.Role.ORGANISER
    entry = AuditEntry.objects.get(club=club)
    assert entry.action == "club.created" and entry.actor == dave
    assert entry.after["time_zone"] == "Asia/Tokyo"


def test_the_create_form_fills_the_short_name_from_the_name():
    from clubs.manage_forms import ClubCreateForm

    html = str(ClubCreateForm()["name"])

    assert 'data-slug-source="id_slug"' in html
    assert services.suggest_slug("Riverside Mahjong Club!") == "riverside-mahjong-club"


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"slug": "riverside"}, "slug", "The short name 'riverside' is taken"),
        ({"slug": "RiverSide"}, "slug", "The short name 'riverside' is taken"),
        ({"slug": "new"}, "slug", "The short name 'new' is taken"),
        ({"slug": "night owls"}, "slug", "lower-case letters, digits and hyphens"),
        ({"name": "   "}, "name", "This field is required."),
        ({"time_zone": "Mars/Olympus"}, "time_zone", "Select a valid choice"),
        ({"default_rules": "preset:nonsense"}, "default_rules", "Select a valid choice"),
    ],
)
def test_bad_clubs_are_refused_naming_the_field(client, club, dave, changes, field, message):
    client.force_login(dave)

    response = client.post("/clubs/new/", _form(**changes))

    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors[field])
    assert Club.objects.count() == 1


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"time_zone": "Nowhere/Town"}, "bad_time_zone"),
        ({"language": "xx"}, "bad_language"),
        ({"language": "fr"}, "bad_language"),  # no French catalogue
        ({"default_rules": "ruleset:999"}, "bad_rules"),
        ({"name": ""}, "blank"),
    ],
)
def test_the_service_checks_what_a_form_did_not(dave, db, changes, code):
    values = {
        "name": "Owls",
        "slug": "owls",
        "public": False,
        "time_zone": "UTC",
        "language": "en",
        "default_rules": "",
        **changes,
    }

    with pytest.raises(services.ClubError) as refused:
        services.club_create(created_by=dave, **values)

    assert refused.value.code == code
    assert not Club.objects.filter(slug="owls").exists()


def test_an_anonymous_visitor_is_sent_to_log_in(client, db):
    response = client.get("/clubs/new/")

    assert response.status_code == 302 and response["Location"].startswith("/login/")


def _settings(**changes):
    return {
        "name": "Riverside Mahjong Club",
        "public": "true",
        "time_zone": "Europe/Rome",
        "language": "it",
        "default_rules": "",
        **changes,
    }


def test_an_organiser_changes_the_settings(client, club, alice):
    ruleset = rulesets.ruleset_create(
        club=club, name="House rules", template_preset="tenhou", options={}, created_by=alice
    )
    client.force_login(alice)

    page = client.get(f"/clubs/{club.slug}/settings/")
    response = client.post(
        f"/clubs/{club.slug}/settings/", _settings(default_rules=f"ruleset:{ruleset.pk}")
    )

    assert "House rules" in page.content.decode()  # the club's rule sets are offered
    assert response.status_code == 302
    club.refresh_from_db()
    assert (club.name, club.public, club.time_zone, club.language, club.slug) == (
        "Riverside Mahjong Club",
        True,
        "Europe/Rome",
        "it",
        "riverside",
    )
    assert club.default_rules == f"ruleset:{ruleset.pk}"
    entry = AuditEntry.objects.get(club=club, action="club.changed")
    assert entry.before["name"] == "Riverside Mahjong" and entry.before["public"] is False
    assert entry.after["name"] == "Riverside Mahjong Club"


def test_another_clubs_rule_set_is_no_default(client, club, public_club, alice):
    other = rulesets.ruleset_create(
        club=public_club, name="Theirs", template_preset="tenhou", options={}, created_by=alice
    )
    client.force_login(alice)

    response = client.post(
        f"/clubs/{club.slug}/settings/", _settings(default_rules=f"ruleset:{other.pk}")
    )

    assert response.status_code == 200
    assert "Select a valid choice" in str(response.context["form"].errors["default_rules"])
    club.refresh_from_db()
    assert club.default_rules == ""


def test_a_scorer_may_not_change_settings_even_through_the_service(club, bob):
    with pytest.raises(services.ClubError) as refused:
        services.club_update(
            club=club,
            actor=bob,
            actor_role="scorer",
            name="Taken over",
            public=True,
            time_zone="UTC",
            language="en",
            default_rules="",
        )

    assert refused.value.code == "forbidden"
    club.refresh_from_db()
    assert club.name == "Riverside Mahjong"


def test_saving_unchanged_settings_leaves_no_audit_entry(client, club, alice):
    client.force_login(alice)

    client.post(
        f"/clubs/{club.slug}/settings/",
        _settings(name=club.name, public="false", time_zone="UTC", language="en"),
    )

    assert not AuditEntry.objects.filter(action="club.changed").exists()


def test_start_a_game_offers_the_clubs_default_rules_first(client, club, bob):
    club.default_rules = "preset:m-league"
    club.save()
    client.force_login(bob)

    form = client.get(f"/clubs/{club.slug}/games/new/").context["form"]

    assert form["rules"].value() == "preset:m-league"


def test_a_clubs_pages_show_times_in_its_time_zone_and_the_next_request_starts_over(
    client, club, public_club, alice
):
    from clubs.models import Invitation

    club.time_zone = "Asia/Tokyo"
    club.save()
    Membership.objects.create(club=public_club, user=alice, role="organiser")
    for c in (club, public_club):
        Invitation.objects.create(
            club=c, kind="link", code=f"c-{c.slug}", role="member", expires="2099-01-01T00:00Z"
        )
    client.force_login(alice)

    tokyo = client.get(f"/clubs/{club.slug}/invitations/").content.decode()
    utc = client.get(f"/clubs/{public_club.slug}/invitations/").content.decode()

    assert "Until 1 Jan 2099, 09:00" in tokyo
    assert "Until 1 Jan 2099, 00:00" in utc


def test_a_club_is_offered_only_the_languages_the_site_is_translated_into(client, alice, club):
    # English, Italian and Japanese have catalogues (locale/); a club that chose French,
    # German, Dutch, Danish or Spanish would have been shown in English anyway.
    offered = [("en", "English"), ("it", "Italiano"), ("ja", "日本語")]
    client.force_login(alice)
    form = client.get(f"/clubs/{club.slug}/settings/").context["form"]
    assert list(form.fields["language"].choices) == offered
    assert Club._meta.get_field("language").choices == offered
    page = client.get("/clubs/new/").text
    for code in ("fr", "de", "nl", "da", "es"):
        assert f'value="{code}"' not in page
