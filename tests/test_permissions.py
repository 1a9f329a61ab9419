"""Who may see and do what, over every URL of the site.

Every URL pattern the project has is listed in URLS with the access it allows; a pattern that
is not listed fails the test that walks the resolver, so no page is added without deciding
who sees it. Each listed URL is requested by six personas against a private club and against
a public club:

- anonymous, not logged in,
- dave, an outsider with a login,
- charlie, a member,
- bob, a scorer,
- alice, an organiser,
- erin, the organiser of another club.

alice, bob and charlie hold the same roles in both clubs. A refused write (a redirect to log
in, 401, 403, 404 or 405) changes nothing in the database. The per-app matrices
(tests/scoring/test_permissions.py, tests/rulesets/test_views.py, ...) cover finished games and
the details of each app; this one covers breadth.
"""

import pytest
from django.contrib.auth.models import User
from django.urls import get_resolver

from tests.access_matrix import (
    LOGIN,
    PERSONAS,
    URLS,
    WRITES,
    _log_in,
    _request,
    _routes,
    _snapshot,
    _status,
    build_world,
)
from tests.conftest import PASSWORD


@pytest.fixture(autouse=True)
def _mail_configured(settings):
    # The password-reset page sends mail (to the test outbox) whatever DEBUG says.
    settings.MAIL_CONFIGURED = True


@pytest.fixture
def world(club, public_club, alice, bob, charlie, dave):
    return build_world(club, public_club, alice, bob, charlie, dave)


def test_every_url_pattern_is_in_the_matrix():
    routes = [r for r in _routes(get_resolver().url_patterns) if not r.startswith("admin/")]

    assert sorted(set(routes) - set(URLS)) == [], "decide who may use these and add them"
    assert sorted(set(URLS) - set(routes)) == [], "these are gone: remove them from URLS"


@pytest.mark.parametrize("route", list(URLS))
def test_who_may_read(client, world, route):
    url = URLS[route]
    got, expected = {}, {}
    for club in ("private", "public"):
        path = url.path.format(**world[club])
        for persona, status in zip(PERSONAS, url.get.expected(club, 200), strict=True):
            _log_in(client, world, persona)
            got[club, persona] = _status(client.get(path))
            expected[club, persona] = status
    assert got == expected


@pytest.mark.parametrize(("route", "url"), WRITES, ids=[f"{u.method} {r}" for r, u in WRITES])
def test_who_may_write(client, world, route, url):
    from django.db import transaction

    got, expected, changed = {}, {}, []
    for club in ("private", "public"):
        data = world[club]
        path = url.path.format(**data)
        body = url.data(data) if callable(url.data) else url.data
        for persona, status in zip(PERSONAS, url.post.expected(club, url.ok), strict=True):
            _log_in(client, world, persona)
            # Each persona writes to the same world: the write is rolled back afterwards.
            with transaction.atomic():
                before = _snapshot()
                headers = {"If-Match": data["tag"]} if url.if_match else None
                got[club, persona] = _status(_request(client, url.method, path, body, headers))
                expected[club, persona] = status
                if got[club, persona] in (LOGIN, 401, 403, 404, 405) and _snapshot() != before:
                    changed.append((club, persona))
                transaction.set_rollback(True)
    assert got == expected
    assert changed == [], "a refused write changed the database"


# ---------------------------------------------------------------------------------------------
# The admin: staff only. Its login page is open (it says who may go further); everything else
# under /admin/ sends anyone but staff to it, whatever their role in a club.


def _admin_pages(staff):
    """Every admin page without search or filters, with the status staff get: 200, or 403
    where the admin allows no adding (axes' records)."""
    from django.contrib import admin
    from django.test import RequestFactory
    from rest_framework.authtoken.models import Token

    # The token of someone no persona logs in as: logging out of the site ends one's token.
    tess = User.objects.create_user("tess", "tess@example.org", PASSWORD)
    Token.objects.get_or_create(user=tess)
    request = RequestFactory().get("/admin/")
    request.user = staff
    pages = [("/admin/", 200), ("/admin/password_change/", 200), ("/admin/jsi18n/", 200)]
    for model, model_admin in admin.site._registry.items():
        meta = model._meta
        base = f"/admin/{meta.app_label}/{meta.model_name}/"
        may_add = model_admin.has_add_permission(request)
        pages += [(f"/admin/{meta.app_label}/", 200), (base, 200)]
        pages.append((base + "add/", 200 if may_add else 403))
        obj = model.objects.first()
        if obj is not None:
            pages += [(f"{base}{obj.pk}/{view}/", 200) for view in ("change", "history", "delete")]
    return sorted(set(pages))


def test_the_admin_login_page_is_open(client, world):
    for persona in PERSONAS:
        _log_in(client, world, persona)
        assert client.get("/admin/login/").status_code == 200


@pytest.fixture
def staff(db):
    return User.objects.create_superuser("sam", "sam@example.org", PASSWORD)


def test_the_admin_sends_everyone_but_staff_to_its_login(client, world, staff):
    refused = {}
    for path, staff_status in _admin_pages(staff):
        for persona in PERSONAS:
            _log_in(client, world, persona)
            response = client.get(path)
            if not (
                response.status_code == 302 and response["Location"].startswith("/admin/login/")
            ):
                refused[path, persona] = response.status_code
        client.force_login(staff)
        assert client.get(path).status_code == staff_status, path

    assert refused == {}


@pytest.mark.parametrize("persona", PERSONAS)
def test_no_persona_writes_through_the_admin(client, world, persona):
    from django.contrib import admin

    _log_in(client, world, persona)
    before = _snapshot()
    for model in admin.site._registry:
        meta = model._meta
        base = f"/admin/{meta.app_label}/{meta.model_name}/"
        response = client.post(base + "add/", {"name": "Sneaky", "slug": "sneaky"})
        assert response.status_code == 302 and response["Location"].startswith("/admin/login/")
        obj = model.objects.first()
        if obj is not None:
            response = client.post(f"{base}{obj.pk}/delete/", {"post": "yes"})
            assert response.status_code == 302
            assert response["Location"].startswith("/admin/login/")

    assert _snapshot() == before
