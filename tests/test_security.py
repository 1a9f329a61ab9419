"""Security checks across the site: login throttling, CSRF on every form, no secret in the
repository."""

import datetime

import pytest
from axes.models import AccessAttempt
from django.conf import settings

from tests.conftest import PASSWORD

WRONG = "not the password"


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


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
