from clubs.models import Club
from tests.conftest import PASSWORD


def test_home_says_what_tenbou_is(client, db):
    response = client.get("/")

    assert response.status_code == 200
    assert b"mahjong clubs" in response.content


def test_home_lists_a_public_club_and_not_a_private_one(client, club, public_club):
    response = client.get("/")

    assert public_club.name.encode() in response.content
    assert club.name.encode() not in response.content


def test_home_lists_the_members_own_private_club(client, club, charlie):
    client.force_login(charlie)

    response = client.get("/")

    assert response.status_code == 200
    assert list(response.context["my_clubs"]) == [club]
    assert club.name.encode() in response.content


def test_a_private_club_is_404_to_an_outsider(client, club, dave):
    client.force_login(dave)

    assert client.get(f"/clubs/{club.slug}/").status_code == 404


def test_a_private_club_is_404_to_an_anonymous_visitor(client, club):
    assert client.get(f"/clubs/{club.slug}/").status_code == 404


def test_a_private_club_page_lists_its_players_to_a_member(client, club, alice, charlie):
    client.force_login(charlie)

    response = client.get(f"/clubs/{club.slug}/")

    assert response.status_code == 200
    assert [p.display_name for p in response.context["players"]] == ["Alice", "Charlie"]
    assert b"Alice" in response.content


def test_a_public_club_page_is_open_to_anyone(client, public_club):
    assert client.get(f"/clubs/{public_club.slug}/").status_code == 200


def test_the_login_page_renders(client, db):
    response = client.get("/login/")

    assert response.status_code == 200
    assert b'name="password"' in response.content


def test_it_logs_a_user_in_and_sends_them_home(client, dave):
    response = client.post("/login/", {"username": "dave", "password": PASSWORD})

    assert response.status_code == 302
    assert response["Location"] == "/"
    assert client.get("/").context["user"] == dave


def test_it_rejects_a_wrong_password(client, dave):
    response = client.post("/login/", {"username": "dave", "password": "wrong"})

    assert response.status_code == 200
    assert not response.context["user"].is_authenticated


def test_it_logs_out_by_post_only(client, dave):
    client.force_login(dave)

    assert client.get("/logout/").status_code == 405
    assert client.post("/logout/").status_code == 302
    assert not client.get("/").context["user"].is_authenticated


def test_the_admin_asks_for_a_login(client, db):
    response = client.get("/admin/")

    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_pages_carry_a_self_only_content_security_policy(client, db):
    response = client.get("/")

    assert "default-src 'self'" in response["Content-Security-Policy"]


def test_clubs_are_listed_by_name(client, db):
    Club.objects.create(name="Zeta", slug="zeta", public=True)
    Club.objects.create(name="Alpha", slug="alpha", public=True)

    response = client.get("/")

    assert [c.name for c in response.context["public_clubs"]] == ["Alpha", "Zeta"]


def test_home_lists_public_clubs_to_a_logged_in_user_and_their_own_clubs_apart(
    client, club, public_club, charlie, dave
):
    client.force_login(dave)
    outsider = client.get("/")
    client.force_login(charlie)
    member = client.get("/")

    assert list(outsider.context["public_clubs"]) == [public_club]
    assert list(outsider.context["my_clubs"]) == []
    assert list(member.context["my_clubs"]) == [club]
    assert list(member.context["public_clubs"]) == [public_club]
    assert club.name not in outsider.content.decode()
