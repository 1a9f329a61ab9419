"""Security checks across the site: login throttling, CSRF on every form, no secret in the
repository."""

import datetime
import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.test import Client

from clubs.models import Club, Player
from scoring import services
from scoring.policy import SITE
from tests.access_matrix import (
    OPEN,
    POST_ONLY,
    POST_ONLY_PAGE,
    URLS,
    WRITES,
    _log_in,
    _request,
    _snapshot,
    build_world,
)
from tests.conftest import PASSWORD
from tests.scoring.conftest import RON

WRONG = "not the password"


# ---------------------------------------------------------------------------------------------
# Login throttling


def _site_login(client, username, password, address="10.0.0.1"):
    return client.post("/login/", {"username": username, "password": password}, REMOTE_ADDR=address)


def _token_login(client, username, password, address="10.0.0.1"):
    return client.post(
        "/api/auth/token/",
        {"username": username, "password": password},
        content_type="application/json",
        REMOTE_ADDR=address,
    )


def _logged_in(client):
    return "_auth_user_id" in client.session


def _pass_the_cool_off():
    # The cool-off counts from the last failure: moving the failures back in time is the same
    # as waiting, without a clock to freeze.
    AccessAttempt.objects.update(
        attempt_time=datetime.datetime.now(datetime.UTC)
        - settings.AXES_COOLOFF_TIME
        - datetime.timedelta(seconds=1)
    )


def test_the_limit_is_five_failures_by_username_and_address():
    assert settings.AXES_FAILURE_LIMIT == 5
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"]]
    assert settings.AXES_HANDLER == "axes.handlers.database.AxesDatabaseHandler"


def test_the_site_login_refuses_the_right_password_after_five_wrong_ones(client, alice):
    answers = [_site_login(client, "alice", WRONG).status_code for _ in range(5)]

    response = _site_login(client, "alice", PASSWORD)

    # The fifth failure reaches the limit and is already answered 429.
    assert answers == [200, 200, 200, 200, 429]
    assert response.status_code == 429
    assert not _logged_in(client)
    assert "Too many failed logins" in response.content.decode()
    assert 'name="username"' in response.content.decode()


def test_the_api_token_login_refuses_the_right_password_after_five_wrong_ones(client, alice):
    answers = [_token_login(client, "alice", WRONG).status_code for _ in range(5)]

    response = _token_login(client, "alice", PASSWORD)

    assert answers == [400, 400, 400, 400, 429]
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "locked_out"
    assert "Too many failed logins" in response.json()["error"]["message"]
    assert "token" not in response.json()


@pytest.mark.parametrize("login", [_site_login, _token_login])
def test_a_username_longer_than_any_user_s_is_refused_as_bad_input(client, db, login):
    # Found by schemathesis on PostgreSQL: the throttle's table holds 255 characters.
    response = login(client, "x" * 300, WRONG)

    assert response.status_code in (200, 400)
    if response.status_code == 200:  # the page: counted under the first 150 characters
        assert AccessAttempt.objects.get().username == "x" * 150
    else:  # the API: refused as bad input, before any login
        assert response.json()["error"]["field"] == "username"


def test_failures_on_the_page_and_the_api_add_up(client, alice):
    for _ in range(3):
        _site_login(client, "alice", WRONG)
    for _ in range(2):
        _token_login(client, "alice", WRONG)

    assert _token_login(client, "alice", PASSWORD).status_code == 429


def test_the_lockout_clears_after_the_cool_off(client, alice):
    for _ in range(5):
        _site_login(client, "alice", WRONG)
    assert _site_login(client, "alice", PASSWORD).status_code == 429

    _pass_the_cool_off()
    response = _site_login(client, "alice", PASSWORD)

    assert response.status_code == 302
    assert _logged_in(client)


def test_a_correct_login_before_the_limit_starts_the_count_again(client, alice):
    for _ in range(4):
        _site_login(client, "alice", WRONG)
    assert _site_login(client, "alice", PASSWORD).status_code == 302
    client.logout()

    answers = [_site_login(client, "alice", WRONG).status_code for _ in range(4)]

    assert answers == [200] * 4
    assert _site_login(client, "alice", PASSWORD).status_code == 302


def test_a_lockout_holds_only_for_that_username_and_address(client, alice, bob):
    for _ in range(5):
        _site_login(client, "alice", WRONG)

    assert _site_login(client, "alice", PASSWORD, address="10.0.0.2").status_code == 302
    client.logout()
    assert _site_login(client, "bob", PASSWORD).status_code == 302


# ---------------------------------------------------------------------------------------------
# CSRF: every form that posts carries the token, and a post without it is refused.


@pytest.fixture
def world(club, public_club, alice, bob, charlie, dave):
    # The permission matrix's world: both clubs, every persona, data behind every URL.
    return build_world(club, public_club, alice, bob, charlie, dave)


class _Forms(HTMLParser):
    """The forms of a page that post, each with whether it holds the CSRF token."""

    def __init__(self):
        super().__init__()
        self.forms = []  # [action, has_token]
        self._open = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and (attrs.get("method") or "get").lower() == "post":
            self._open = [attrs.get("action"), False]
            self.forms.append(self._open)
        elif (
            tag == "input"
            and self._open is not None
            and attrs.get("name") == "csrfmiddlewaretoken"
            and attrs.get("value")
        ):
            self._open[1] = True

    def handle_endtag(self, tag):
        if tag == "form":
            self._open = None


def _post_forms(html):
    parser = _Forms()
    parser.feed(html)
    return parser.forms


# The pages that show a posting form to someone; the test below finds at least these.
PAGES_WITH_FORMS = {
    "/login/",
    "/clubs/{slug}/players/{guest}/pin/",
    "/clubs/{slug}/games/new/",
    "/games/{game}/",
    "/games/{game}/hands/new/",
    "/games/{game}/hands/1/",
    "/clubs/{slug}/leagues/new/",
    "/clubs/{slug}/leagues/{league}/edit/",
    "/clubs/{slug}/leagues/{league}/seasons/new/",
    "/clubs/{slug}/leagues/{league}/seasons/{season}/edit/",
    "/clubs/{slug}/rulesets/new/",
    "/clubs/{slug}/rulesets/{ruleset}/edit/",
}


def test_every_form_that_posts_carries_the_csrf_token(client, world):
    finished = services.game_create(
        club=Club.objects.get(slug=world["private"]["slug"]),
        players=list(Player.objects.filter(pk__in=world["private"]["players"])),
        rules="japanese-modern",
        created_by=SITE,
    )
    services.hand_submit(game=finished, hand=RON, user=SITE)
    services.game_finish(game=finished, user=SITE)
    pages = [u.path for u in URLS.values() if u.get not in (POST_ONLY, POST_ONLY_PAGE)]
    pages += [f"/games/{finished.pk}/"]
    missing, with_forms = [], set()
    # The organiser sees every form of her club; a member and a visitor see their own.
    for persona in ("alice", "charlie", "anonymous"):
        for club in ("private", "public"):
            _log_in(client, world, persona)
            for page in pages:
                response = client.get(page.format(**world[club]))
                if response.status_code != 200 or "html" not in response["Content-Type"]:
                    continue
                forms = _post_forms(response.content.decode())
                if forms:
                    with_forms.add(page)
                missing += [(persona, page, action) for action, ok in forms if not ok]

    assert missing == []
    assert with_forms >= PAGES_WITH_FORMS


CSRF_WRITES = [(r, u) for r, u in WRITES if u.post is not OPEN or r == "logout/"]


@pytest.mark.parametrize(("route", "url"), CSRF_WRITES, ids=[r for r, _ in CSRF_WRITES])
def test_a_post_without_the_csrf_token_is_refused(world, route, url):
    client = Client(enforce_csrf_checks=True)
    client.force_login(world["users"]["alice"])
    data = world["private"]
    body = url.data(data) if callable(url.data) else url.data
    before = _snapshot()

    response = _request(client, url.method, url.path.format(**data), body)

    assert response.status_code == 403
    assert _snapshot() == before


def test_a_login_without_the_csrf_token_is_refused_and_with_it_accepted(alice):
    client = Client(enforce_csrf_checks=True)
    refused = client.post("/login/", {"username": "alice", "password": PASSWORD})

    page = client.get("/login/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    accepted = client.post(
        "/login/", {"username": "alice", "password": PASSWORD, "csrfmiddlewaretoken": token}
    )

    assert refused.status_code == 403
    assert accepted.status_code == 302


def test_the_api_token_needs_no_csrf_token_but_a_session_does(world):
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=world["users"]["alice"]).key
    client = Client(enforce_csrf_checks=True)
    path = f"/api/clubs/{world['private']['slug']}/players/"

    by_token = client.post(
        path, {"display_name": "Token"}, "application/json", HTTP_AUTHORIZATION=f"Token {token}"
    )
    client.force_login(world["users"]["alice"])
    by_session = client.post(path, {"display_name": "Session"}, "application/json")

    assert by_token.status_code == 201
    assert by_session.status_code == 403
    assert by_session.json()["error"]["code"] == "permission_denied"
    assert "CSRF" in by_session.json()["error"]["message"]


# ---------------------------------------------------------------------------------------------
# No secret in the repository

PROJECT = Path(__file__).resolve().parent.parent
DEVELOPMENT_KEY = "django-insecure-tenbou-development-only"
# Placeholders a document may show where a password goes.
PLACEHOLDERS = {"pass", "password", "PASSWORD", "secret", "changeme"}

SECRET_PATTERNS = [
    ("private key", re.compile(r"-{5}BEGIN [A-Z ]*PRIVATE KEY-{5}")),
    ("AWS access key id", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    ("AWS secret key", re.compile(r"(?i)aws_secret_access_key\s*[=:]\s*['\"]?[A-Za-z0-9/+]{30,}")),
    ("GitHub token", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b")),
    ("Slack token", re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}")),
]
SECRET_KEY_LITERAL = re.compile(r"SECRET_KEY['\"]?\s*[=:]\s*['\"]([^'\"\s]{16,})['\"]")
URL_PASSWORD = re.compile(r"\b[a-z][a-z0-9+.-]*://[^/\s:@'\"]+:([^@/\s'\"]+)@")
SECRET_FILES = re.compile(
    r"(^|/)(\.env(\.(?!example$)[^/]+)?|[^/]*\.(pem|key|p12|pfx|sqlite3)|id_(rsa|dsa|ecdsa|ed25519)"
    r"|\.pypirc|\.netrc)$"
)


def _findings(path, text):
    found = [(path, name) for name, pattern in SECRET_PATTERNS if pattern.search(text)]
    for match in SECRET_KEY_LITERAL.finditer(text):
        if match.group(1) != DEVELOPMENT_KEY:
            found.append((path, "SECRET_KEY literal"))
    for match in URL_PASSWORD.finditer(text):
        if match.group(1) not in PLACEHOLDERS and not match.group(1).startswith("$"):
            found.append((path, "password in a URL"))
    return found


def _tracked_files():
    result = subprocess.run(
        ["git", "ls-files", "-z"], cwd=PROJECT, capture_output=True, text=True, check=True
    )
    return [name for name in result.stdout.split("\0") if name]


def test_no_secret_is_in_a_tracked_file():
    files = _tracked_files()
    found = [(name, "a file that holds secrets") for name in files if SECRET_FILES.search(name)]
    for name in files:
        path = PROJECT / name
        if not path.is_file() or path.stat().st_size > 2_000_000:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # images, fonts, PDFs
        found += _findings(name, text)

    assert len(files) > 50  # the scan saw the repository
    assert found == []


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("a.pem", "-----" + "BEGIN RSA PRIVATE KEY" + "-----\nMIIE"),
        ("b.py", "key = '" + "AKIA" + "ABCDEFGHIJKLMNOP'"),
        ("c.py", 'SECRET_KEY = "' + "k3y" * 10 + '"'),
        ("d.sh", 'env = {"SECRET_KEY": "' + "z" * 40 + '"}'),
        ("e.md", "DATABASE_URL=postgres://tenbou:" + "hunter2" + "@db:5432/tenbou"),
        ("f.txt", "token " + "ghp_" + "a" * 36),
    ],
)
def test_the_scan_finds_a_planted_secret(name, text):
    assert _findings(name, text) != []


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("settings.py", f'SECRET_KEY = env_str("SECRET_KEY", "{DEVELOPMENT_KEY}")'),
        ("README.md", "e.g. `postgres://user:pass@host:5432/tenbou`"),
        ("deploy.md", 'export SECRET_KEY="$(python3 -c ...)"'),
    ],
)
def test_the_scan_lets_the_development_key_and_placeholders_pass(name, text):
    assert _findings(name, text) == []


@pytest.mark.parametrize(
    ("name", "secret"),
    [
        (".env", True),
        ("config/.env.production", True),
        (".env.example", False),
        ("db.sqlite3", True),
        ("deploy/server.key", True),
        ("docs/keys.md", False),
    ],
)
def test_the_scan_names_files_that_hold_secrets(name, secret):
    assert bool(SECRET_FILES.search(name)) is secret
