"""Sign-up, password change and reset: Django's auth views with our throttle and setting."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from accounts.models import Attempt
from clubs.models import Invitation
from core.models import AuditEntry, log_action
from tests.conftest import PASSWORD

NEW = "a fresh horse battery staple"


@pytest.fixture(autouse=True)
def _mail_configured(settings):
    settings.MAIL_CONFIGURED = True


def _signup(client, username="newbie", password=NEW, **extra):
    data = {"username": username, "password1": password, "password2": password, **extra}
    return client.post("/signup/", data)


def test_the_home_page_offers_sign_up_to_a_visitor(client, db):
    response = client.get("/")

    assert b'href="/signup/"' in response.content


def test_signing_up_makes_an_account_and_logs_it_in(client, db):
    response = _signup(client, email="newbie@example.org")

    assert response.status_code == 302 and response["Location"] == "/"
    user = User.objects.get(username="newbie")
    assert user.email == "newbie@example.org" and user.check_password(NEW)
    assert client.get("/").context["user"] == user


def test_the_email_is_optional(client, db):
    assert _signup(client).status_code == 302
    assert User.objects.get(username="newbie").email == ""


def test_sign_up_goes_on_to_the_page_it_came_from(client, db):
    response = client.post(
        "/signup/", {"username": "n", "password1": NEW, "password2": NEW, "next": "/join/"}
    )

    assert response["Location"] == "/join/"


def test_sign_up_never_sends_a_visitor_to_another_site(client, db):
    response = client.post(
        "/signup/",
        {"username": "n", "password1": NEW, "password2": NEW, "next": "https://evil.example/"},
    )

    assert response["Location"] == "/"


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"username": "dave"}, "username", "A user with that username already exists."),
        ({"password2": "something else"}, "password2", "The two password fields"),
        ({"password1": "123", "password2": "123"}, "password2", "too short"),
        ({"email": "not-an-address"}, "email", "Enter a valid email address."),
    ],
)
def test_bad_sign_ups_are_refused_naming_the_field(client, dave, data, field, message):
    body = {"username": "newbie", "password1": NEW, "password2": NEW, **data}

    response = client.post("/signup/", body)

    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors[field])
    assert not User.objects.filter(username="newbie").exists()


def test_sign_up_is_throttled_per_address(client, db, settings):
    settings.SIGNUP_LIMIT = 2
    assert _signup(client, "one").status_code == 302
    client.logout()
    assert _signup(client, "two").status_code == 302
    client.logout()

    response = _signup(client, "three")

    assert response.status_code == 429
    assert "Too many sign-ups from your address" in response.content.decode()
    assert not User.objects.filter(username="three").exists()
    # Another address is not held back.
    response = client.post(
        "/signup/",
        {"username": "four", "password1": NEW, "password2": NEW},
        REMOTE_ADDR="10.0.0.9",
    )
    assert response.status_code == 302


def test_failed_sign_ups_count_too(client, db, settings):
    settings.SIGNUP_LIMIT = 2
    for _ in range(2):
        assert _signup(client, password="123").status_code == 200

    assert _signup(client).status_code == 429
    assert Attempt.objects.filter(kind="signup").count() == 2


def test_closed_sign_up_says_so_and_makes_no_account(client, db, settings):
    settings.SIGNUP_OPEN = False

    page = client.get("/signup/")
    response = _signup(client)

    assert "by invitation only" in page.content.decode()
    assert response.status_code == 403
    assert not User.objects.filter(username="newbie").exists()


@pytest.mark.parametrize("url", ["/", "/login/", "/clubs/new/"])
def test_pages_offer_sign_up_only_while_it_is_open(client, db, settings, url):
    assert b'href="/signup/' in client.get(url, follow=True).content

    settings.SIGNUP_OPEN = False
    page = client.get(url, follow=True).content.decode()

    assert 'href="/signup/' not in page
    assert 'href="/login/' in page


def test_closed_sign_up_is_still_offered_to_a_visitor_with_a_valid_invitation(
    client, club, settings
):
    settings.SIGNUP_OPEN = False
    Invitation.objects.create(
        club=club, kind="link", code="abc", role="member", expires="2099-01-01T00:00Z"
    )

    client.get("/join/abc/")

    assert b'href="/signup/' in client.get("/login/").content


def test_closed_sign_up_lets_in_a_visitor_with_a_valid_invitation(client, club, settings):
    settings.SIGNUP_OPEN = False
    invitation = Invitation.objects.create(
        club=club, kind="link", code="abc", role="member", expires="2099-01-01T00:00Z"
    )

    assert client.get(f"/join/{invitation.code}/").status_code == 200
    response = _signup(client, next=f"/join/{invitation.code}/")

    assert response.status_code == 302 and response["Location"] == "/join/abc/"
    assert User.objects.filter(username="newbie").exists()


def test_closed_sign_up_refuses_a_visitor_whose_invitation_expired(client, club, settings):
    settings.SIGNUP_OPEN = False
    Invitation.objects.create(
        club=club, kind="link", code="old", role="member", expires="2020-01-01T00:00Z"
    )

    client.get("/join/old/")

    assert _signup(client).status_code == 403


def test_a_user_changes_their_password(client, dave):
    client.force_login(dave)

    response = client.post(
        "/password/",
        {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW},
    )

    assert response.status_code == 302 and response["Location"] == "/password/changed/"
    dave.refresh_from_db()
    assert dave.check_password(NEW)


def test_a_wrong_old_password_changes_nothing(client, dave):
    client.force_login(dave)

    response = client.post(
        "/password/", {"old_password": "wrong", "new_password1": NEW, "new_password2": NEW}
    )

    assert response.status_code == 200
    assert "old password was entered incorrectly" in str(response.context["form"].errors)
    dave.refresh_from_db()
    assert dave.check_password(PASSWORD)


def test_a_forgotten_password_is_reset_through_the_mailed_link(client, dave):
    response = client.post("/password/reset/", {"email": "dave@example.org"})

    assert response.status_code == 302 and response["Location"] == "/password/reset/sent/"
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["dave@example.org"]
    link = re.search(r"http://testserver(/password/reset/\S+/)", mail.outbox[0].body).group(1)
    form_page = client.get(link, follow=True)
    assert form_page.context["validlink"]
    response = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW}
    )
    assert response["Location"] == "/password/reset/done/"
    dave.refresh_from_db()
    assert dave.check_password(NEW)


def test_a_reset_for_an_unknown_address_sends_nothing_and_says_the_same(client, dave):
    response = client.post("/password/reset/", {"email": "nobody@example.org"})

    assert response["Location"] == "/password/reset/sent/"
    assert mail.outbox == []


def test_reset_requests_are_throttled_per_address(client, dave, settings):
    settings.SIGNUP_LIMIT = 1
    client.post("/password/reset/", {"email": "dave@example.org"})

    response = client.post("/password/reset/", {"email": "dave@example.org"})

    assert response.status_code == 429
    assert "Too many password-reset requests" in response.content.decode()
    assert len(mail.outbox) == 1


def test_without_mail_the_reset_page_says_to_ask_the_administrator(client, dave, settings):
    settings.MAIL_CONFIGURED = False

    page = client.get("/password/reset/")
    response = client.post("/password/reset/", {"email": "dave@example.org"})

    assert "sends no mail" in page.content.decode()
    assert response.status_code == 403 and mail.outbox == []


def test_the_login_page_links_sign_up_and_reset(client, db):
    content = client.get("/login/").content.decode()

    assert 'href="/signup/"' in content and 'href="/password/reset/"' in content


def _entries(action):
    return list(AuditEntry.objects.filter(action=action))


def test_signing_up_leaves_an_account_entry_of_no_club(client, db):
    _signup(client, email="newbie@example.org")

    user = User.objects.get(username="newbie")
    [entry] = _entries("account.signed_up")
    assert (entry.club, entry.game, entry.actor) == (None, None, user)
    assert entry.after == {"id": user.pk, "username": "newbie"}


def test_a_password_change_leaves_an_entry_without_the_password(client, dave):
    client.force_login(dave)

    client.post(
        "/password/", {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW}
    )

    [entry] = _entries("account.password_changed")
    assert (entry.club, entry.actor) == (None, dave)
    assert NEW not in str(entry.after) and entry.after == {"id": dave.pk, "username": "dave"}
    # Still logged in on this device, as with Django's own view.
    assert client.get("/").context["user"] == dave


def test_a_wrong_old_password_leaves_no_entry(client, dave):
    client.force_login(dave)

    client.post("/password/", {"old_password": "wrong", "new_password1": NEW, "new_password2": NEW})

    assert _entries("account.password_changed") == []


def test_a_password_reset_leaves_an_entry(client, dave):
    client.post("/password/reset/", {"email": "dave@example.org"})
    link = re.search(r"http://testserver(/password/reset/\S+/)", mail.outbox[0].body).group(1)
    form_page = client.get(link, follow=True)

    client.post(form_page.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})

    [entry] = _entries("account.password_reset")
    assert (entry.club, entry.actor) == (None, dave)


def test_a_clubs_trail_leaves_out_account_entries(client, club, alice):
    log_action("club.changed", club=club, actor=alice)
    client.force_login(alice)
    client.post(
        "/password/", {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW}
    )

    assert [e.action for e in club.audit_entries.all()] == ["club.changed"]


def test_an_account_entry_names_no_club(club):
    with pytest.raises(ValueError):
        log_action("account.signed_up", club=club, actor=None, account=True)
    with pytest.raises(ValueError):
        log_action("club.changed", actor=None, account=True)


def test_wrong_current_passwords_are_throttled_as_failed_logins(client, dave, settings):
    settings.AXES_FAILURE_LIMIT = 2
    client.force_login(dave)
    wrong = {"old_password": "wrong", "new_password1": NEW, "new_password2": NEW}
    for _ in range(2):
        client.post("/password/", wrong)

    response = client.post(
        "/password/", {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW}
    )

    assert response.status_code == 429
    assert "Too many failed logins" in str(response.context["form"].errors)
    assert response.templates[0].name == "accounts/password_change.html"
    dave.refresh_from_db()
    assert dave.check_password(PASSWORD)
    # The same count as the login page's: dave cannot log in from this address either.
    client.logout()
    login = client.post("/login/", {"username": "dave", "password": PASSWORD})
    assert login.status_code == 429


def test_a_right_current_password_is_not_counted(client, dave, settings):
    settings.AXES_FAILURE_LIMIT = 1
    client.force_login(dave)

    response = client.post(
        "/password/", {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW}
    )

    assert response.status_code == 302


def _open_link(client, club, code="abc", kind="link", max_uses=1):
    Invitation.objects.get_or_create(
        club=club,
        code=code,
        defaults={
            "kind": kind,
            "role": "member",
            "expires": "2099-01-01T00:00Z",
            "max_uses": max_uses,
        },
    )
    assert client.get(f"/join/{code}/").status_code == 200


def test_sign_ups_with_an_invitation_count_apart_from_the_address_limit(client, club, settings):
    settings.SIGNUP_LIMIT = 2
    settings.SIGNUP_INVITED_LIMIT = 3
    for name in ("one", "two"):
        assert _signup(client, name).status_code == 302
        client.logout()
    assert _signup(client, "plain").status_code == 429

    # The rest of the club night came with the code on the screen, from the same address.
    codes = []
    for name in ("three", "four", "five", "six"):
        _open_link(client, club, code="NIGHT1", kind="code", max_uses=50)
        codes.append(_signup(client, name).status_code)
        client.logout()

    assert codes == [302, 302, 302, 429]
    assert Attempt.objects.filter(kind="invited").count() == 3


def test_the_sign_up_throttle_message_is_translated(client, db, settings):
    settings.SIGNUP_LIMIT = 0

    body = {"username": "newbie", "password1": NEW, "password2": NEW}
    italian = client.post("/signup/", body, HTTP_ACCEPT_LANGUAGE="it")
    japanese = client.post("/signup/", body, HTTP_ACCEPT_LANGUAGE="ja")

    assert italian.status_code == japanese.status_code == 429
    assert "Troppe registrazioni dal tuo indirizzo" in italian.content.decode()
    assert "このアドレスからの登録が多すぎます" in japanese.content.decode()
    assert "Too many" not in italian.content.decode() + japanese.content.decode()


def test_with_sign_up_closed_a_link_for_one_lets_one_sign_up_and_joins_them(client, club, settings):
    settings.SIGNUP_OPEN = False
    _open_link(client, club)
    other = Client()
    _open_link(other, club)

    first = _signup(client, "first")
    second = _signup(other, "second")

    assert first.status_code == 302
    assert club.memberships.filter(user__username="first").exists()
    assert second.status_code == 403
    assert "by invitation only" in second.content.decode()
    assert not User.objects.filter(username="second").exists()


@pytest.mark.django_db(transaction=True)
def test_with_sign_up_closed_one_link_signs_up_one_of_four_at_once(club, settings):
    from tests.threads import at_once

    settings.SIGNUP_OPEN = False
    clients = [Client() for _ in range(4)]
    for c in clients:
        _open_link(c, club)

    answers = at_once(4, lambda i: _signup(clients[i], f"n{i}").status_code)

    assert sorted(answers) == [302, 403, 403, 403], answers
    assert User.objects.filter(username__startswith="n").count() == 1
    assert Invitation.objects.get(code="abc").uses == 1


def test_sign_up_takes_an_address_another_account_has_and_says_nothing_of_it(client, dave):
    response = _signup(client, email="DAVE@example.org")

    # As Django's own sign-up form: e-mail addresses are not unique, so a sign-up cannot be
    # used to ask which addresses have accounts (a reset mails every account of an address).
    assert response.status_code == 302
    assert User.objects.get(username="newbie").email == "DAVE@example.org"


def test_a_reset_answers_known_and_unknown_addresses_alike(client, dave):
    known = client.post("/password/reset/", {"email": "dave@example.org"}, follow=True)
    unknown = client.post("/password/reset/", {"email": "nobody@example.org"}, follow=True)

    assert known.redirect_chain == unknown.redirect_chain == [("/password/reset/sent/", 302)]

    def page(response):
        # Each page masks its CSRF token afresh; the rest must not differ.
        return re.sub(r'value="[^"]{64}"', "", response.content.decode())

    assert page(known) == page(unknown)
    assert len(mail.outbox) == 1
