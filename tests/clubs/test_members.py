"""A club's people: invitations (a join link, a code on the screen), roles, removal, and a
member linking their account to a guest player."""

import datetime

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from clubs import members
from clubs.models import Invitation, Membership, Player, PlayerClaim
from clubs.services import ClubError
from core.models import AuditEntry
from scoring import services as scoring
from scoring.models import GameSeat
from tests.conftest import PASSWORD
from tests.scoring.conftest import RON


def _invite(club, alice, kind="link", role="member", days=7):
    return members.invitation_create(
        club=club, kind=kind, role=role, days=days, actor=alice, actor_role="organiser"
    )


def test_an_organiser_makes_a_join_link_and_sees_it(client, club, alice):
    client.force_login(alice)

    response = client.post(
        f"/clubs/{club.slug}/invitations/", {"kind": "link", "role": "scorer", "days": "7"}
    )

    invitation = Invitation.objects.get()
    assert response.status_code == 302
    assert (invitation.kind, invitation.role, invitation.max_uses) == ("link", "scorer", 1)
    assert len(invitation.code) >= 20
    assert timezone.now() + datetime.timedelta(days=6) < invitation.expires
    page = client.get(f"/clubs/{club.slug}/invitations/").content.decode()
    assert f"http://testserver/join/{invitation.code}/" in page
    assert AuditEntry.objects.filter(action="invitation.created").count() == 1


def test_a_code_on_the_screen_is_short_and_lasts_tonight(club, alice):
    invitation = _invite(club, alice, kind="code")

    assert len(invitation.code) == 6 and set(invitation.code) <= set(members.CODE_ALPHABET)
    assert invitation.expires < timezone.now() + datetime.timedelta(hours=5)
    assert invitation.max_uses > 1


def test_someone_joins_with_a_link_in_its_role(client, club, alice, dave):
    invitation = _invite(club, alice, role="scorer")
    client.force_login(dave)

    page = client.get(f"/join/{invitation.code}/")
    response = client.post(f"/join/{invitation.code}/")

    assert "Join Riverside Mahjong" in page.content.decode()
    assert response.status_code == 302 and response["Location"] == f"/clubs/{club.slug}/people/"
    assert Membership.objects.get(club=club, user=dave).role == "scorer"
    entry = AuditEntry.objects.get(action="member.joined")
    assert entry.actor == dave and entry.after["role"] == "scorer"


def test_a_code_typed_in_lower_case_finds_the_invitation(client, club, alice, dave):
    invitation = _invite(club, alice, kind="code")
    client.force_login(dave)

    response = client.post("/join/", {"code": f" {invitation.code.lower()} "})

    assert response["Location"] == f"/join/{invitation.code}/"


def test_an_unknown_code_is_refused_clearly(client, dave):
    client.force_login(dave)

    typed = client.post("/join/", {"code": "NOPE42"})
    opened = client.get("/join/NOPE42/")

    assert "There is no invitation with this code" in str(typed.context["form"].errors)
    assert opened.status_code == 404
    assert "There is no invitation with this code" in opened.content.decode()


def test_a_used_link_is_refused_clearly(client, club, alice, dave):
    invitation = _invite(club, alice)
    members.invitation_accept(code=invitation.code, user=dave)
    erin = User.objects.create_user("erin", None, PASSWORD)
    client.force_login(erin)

    response = client.post(f"/join/{invitation.code}/")

    assert response.status_code == 400
    assert "This invitation has been used already" in response.content.decode()
    assert not Membership.objects.filter(user=erin).exists()


def test_an_expired_invitation_is_refused_clearly(client, club, alice, dave):
    invitation = _invite(club, alice)
    Invitation.objects.filter(pk=invitation.pk).update(
        expires=timezone.now() - datetime.timedelta(minutes=1)
    )
    client.force_login(dave)

    page = client.get(f"/join/{invitation.code}/").content.decode()
    response = client.post(f"/join/{invitation.code}/")

    assert "This invitation expired on" in page
    assert response.status_code == 400
    assert not Membership.objects.filter(user=dave).exists()


def test_a_withdrawn_invitation_lets_no_one_in(client, club, alice, dave):
    invitation = _invite(club, alice)
    client.force_login(alice)
    client.post(f"/clubs/{club.slug}/invitations/{invitation.pk}/revoke/")
    client.force_login(dave)

    response = client.post(f"/join/{invitation.code}/")

    assert response.status_code == 400
    assert "withdrawn" in response.content.decode()
    assert AuditEntry.objects.filter(action="invitation.revoked").count() == 1


def test_a_member_joining_again_is_told_so(club, alice, charlie):
    invitation = _invite(club, alice, role="organiser")

    with pytest.raises(ClubError, match="You are a member of Riverside Mahjong already"):
        members.invitation_accept(code=invitation.code, user=charlie)

    assert Membership.objects.get(club=club, user=charlie).role == "member"
    invitation.refresh_from_db()
    assert invitation.uses == 0


def test_an_anonymous_visitor_is_asked_to_sign_up_or_log_in(client, club, alice):
    invitation = _invite(club, alice)

    page = client.get(f"/join/{invitation.code}/").content.decode()
    response = client.post(f"/join/{invitation.code}/")

    assert f'href="/signup/?next=/join/{invitation.code}/"' in page
    assert response["Location"].startswith("/login/")


def test_bad_invitations_are_refused_by_the_service(club, alice, bob):
    with pytest.raises(ClubError, match="lasts 1, 7 or 30 days"):
        _invite(club, alice, days=3)
    with pytest.raises(ClubError, match="'chief' is not a role"):
        _invite(club, alice, role="chief")
    with pytest.raises(ClubError, match="Only an organiser can invite people"):
        members.invitation_create(
            club=club, kind="link", role="member", days=7, actor=bob, actor_role="scorer"
        )
    assert not Invitation.objects.exists()


def test_an_organiser_changes_a_role(client, club, alice, charlie):
    client.force_login(alice)
    membership = Membership.objects.get(club=club, user=charlie)

    response = client.post(f"/clubs/{club.slug}/members/{membership.pk}/role/", {"role": "scorer"})

    assert response.status_code == 302
    membership.refresh_from_db()
    assert membership.role == "scorer"
    entry = AuditEntry.objects.get(action="member.role_changed")
    assert entry.before["role"] == "member" and entry.after["role"] == "scorer"


def test_the_last_organiser_cannot_step_down(client, club, alice):
    client.force_login(alice)
    membership = Membership.objects.get(club=club, user=alice)

    response = client.post(
        f"/clubs/{club.slug}/members/{membership.pk}/role/", {"role": "member"}, follow=True
    )

    assert "alice is the club&#x27;s last organiser" in response.content.decode()
    membership.refresh_from_db()
    assert membership.role == "organiser"


def test_the_last_organiser_cannot_be_removed(client, club, alice):
    client.force_login(alice)
    membership = Membership.objects.get(club=club, user=alice)

    response = client.post(f"/clubs/{club.slug}/members/{membership.pk}/remove/", follow=True)

    assert "last organiser: a club needs one" in response.content.decode()
    assert Membership.objects.filter(pk=membership.pk).exists()


def test_one_of_two_organisers_may_step_down(club, alice, charlie):
    promoted = members.member_set_role(
        membership=Membership.objects.get(club=club, user=charlie),
        role="organiser",
        actor=alice,
        actor_role="organiser",
    )
    members.member_set_role(
        membership=Membership.objects.get(club=club, user=alice),
        role="member",
        actor=promoted.user,
        actor_role="organiser",
    )

    assert list(club.memberships.filter(role="organiser").values_list("user", flat=True)) == [
        charlie.pk
    ]


def test_a_removed_member_leaves_their_player_and_games(client, club, alice, charlie):
    own = club.players.get(user=charlie)
    others = [Player.objects.create(club=club, display_name=n) for n in ("P", "Q", "R")]
    game = scoring.game_create(
        club=club, players=[own, *others], rules="japanese-modern", created_by=alice
    )
    scoring.hand_submit(game=game, hand=RON, user=alice, expected_number=1)
    client.force_login(alice)
    membership = Membership.objects.get(club=club, user=charlie)

    client.post(f"/clubs/{club.slug}/members/{membership.pk}/remove/")

    assert not Membership.objects.filter(club=club, user=charlie).exists()
    assert GameSeat.objects.filter(game=game, player=own).exists()
    assert AuditEntry.objects.get(action="member.removed").before["user"] == "charlie"


def test_a_scorer_may_not_change_roles_through_the_service(club, bob, charlie):
    with pytest.raises(ClubError, match="Only an organiser can change roles"):
        members.member_set_role(
            membership=Membership.objects.get(club=club, user=charlie),
            role="organiser",
            actor=bob,
            actor_role="scorer",
        )


@pytest.fixture
def newcomer(club, alice, dave):
    """dave, joined by a link, without a player of his own yet."""
    members.invitation_accept(code=_invite(club, alice).code, user=dave)
    return dave


def test_a_member_links_their_account_to_a_guest_when_an_organiser_approves(
    client, club, alice, newcomer
):
    guest = Player.objects.create(club=club, display_name="Dave the guest")
    others = [Player.objects.create(club=club, display_name=n) for n in ("P", "Q", "R")]
    game = scoring.game_create(
        club=club, players=[guest, *others], rules="japanese-modern", created_by=alice
    )
    client.force_login(newcomer)
    assert "Ask to be linked" in client.get(f"/clubs/{club.slug}/people/").content.decode()

    client.post(f"/clubs/{club.slug}/claims/", {"player": guest.pk})

    claim = PlayerClaim.objects.get()
    assert claim.status == "pending"
    guest.refresh_from_db()
    assert guest.user is None  # nothing changes until an organiser approves
    client.force_login(alice)
    assert "Dave the guest" in client.get(f"/clubs/{club.slug}/people/").content.decode()
    client.post(f"/clubs/{club.slug}/claims/{claim.pk}/", {"decision": "approve"})
    guest.refresh_from_db()
    assert guest.user == newcomer
    assert GameSeat.objects.get(game=game, seat=0).player.user == newcomer
    claim.refresh_from_db()
    assert (claim.status, claim.decided_by) == ("approved", alice)
    assert AuditEntry.objects.filter(action="player.claim_approved").count() == 1


def test_a_refused_claim_links_nothing(client, club, alice, newcomer):
    guest = Player.objects.create(club=club, display_name="Guest")
    claim = members.claim_create(player=guest, user=newcomer, actor_role="member")
    client.force_login(alice)

    client.post(f"/clubs/{club.slug}/claims/{claim.pk}/", {"decision": "refuse"})

    guest.refresh_from_db()
    claim.refresh_from_db()
    assert guest.user is None and claim.status == "refused"


def test_a_claim_answered_twice_is_refused(club, alice, newcomer):
    guest = Player.objects.create(club=club, display_name="G")
    claim = members.claim_create(player=guest, user=newcomer, actor_role="member")
    members.claim_decide(claim=claim, approve=False, actor=alice, actor_role="organiser")

    with pytest.raises(ClubError, match="answered already"):
        members.claim_decide(claim=claim, approve=True, actor=alice, actor_role="organiser")


def test_a_member_with_a_player_cannot_claim_another(club, charlie):
    guest = Player.objects.create(club=club, display_name="Guest")

    with pytest.raises(ClubError) as refused:
        members.claim_create(player=guest, user=charlie, actor_role="member")

    assert refused.value.code == "has_player"
    assert not PlayerClaim.objects.exists()


def test_a_player_with_a_login_cannot_be_claimed(club, alice, newcomer):
    with pytest.raises(ClubError, match="linked to a login already"):
        members.claim_create(
            player=club.players.get(user=alice), user=newcomer, actor_role="member"
        )


def test_one_open_claim_at_a_time(club, newcomer):
    first = Player.objects.create(club=club, display_name="One")
    second = Player.objects.create(club=club, display_name="Two")
    members.claim_create(player=first, user=newcomer, actor_role="member")

    with pytest.raises(ClubError, match="wait for an organiser"):
        members.claim_create(player=second, user=newcomer, actor_role="member")


def test_approving_merges_a_player_the_member_got_meanwhile(club, alice, newcomer):
    guest = Player.objects.create(club=club, display_name="Old name")
    claim = members.claim_create(player=guest, user=newcomer, actor_role="member")
    own = Player.objects.create(club=club, display_name="Dave", user=newcomer)

    members.claim_decide(claim=claim, approve=True, actor=alice, actor_role="organiser")

    assert not Player.objects.filter(pk=own.pk).exists()
    guest.refresh_from_db()
    assert guest.user == newcomer


def test_the_members_list_is_for_members_only(client, public_club, alice, dave):
    Membership.objects.create(club=public_club, user=alice, role="organiser")

    client.force_login(dave)
    outsider = client.get(f"/clubs/{public_club.slug}/people/").content.decode()
    client.force_login(alice)
    organiser = client.get(f"/clubs/{public_club.slug}/people/").content.decode()

    assert "Members" not in outsider and "alice" not in outsider
    assert "<strong>alice</strong>" in organiser and "Invite people" in organiser


def test_a_claim_for_no_such_player_is_404(client, club, newcomer, public_club):
    stranger = Player.objects.create(club=public_club, display_name="Elsewhere")
    client.force_login(newcomer)

    for value in ("", "abc", str(stranger.pk)):
        response = client.post(f"/clubs/{club.slug}/claims/", {"player": value})
        assert response.status_code == 404, value
    assert not PlayerClaim.objects.exists()


def test_removing_a_member_unlinks_their_player_with_an_audit_entry(club, alice, charlie):
    own = club.players.get(user=charlie)
    membership = Membership.objects.get(club=club, user=charlie)

    members.member_remove(membership=membership, actor=alice, actor_role="organiser")

    own.refresh_from_db()
    assert own.user_id is None and own.display_name == "Charlie"
    entry = AuditEntry.objects.get(action="player.unlinked")
    assert entry.before == {"id": own.pk, "display_name": "Charlie", "user": "charlie"}
    assert entry.after == {"id": own.pk, "display_name": "Charlie", "user": None}


def test_a_removed_member_cannot_set_their_old_players_pin(client, club, alice, charlie):
    own = club.players.get(user=charlie)
    membership = Membership.objects.get(club=club, user=charlie)
    members.member_remove(membership=membership, actor=alice, actor_role="organiser")
    # Even where a link was left behind (removed before links were undone), no longer a
    # member is no longer the player.
    Player.objects.filter(pk=own.pk).update(user=charlie)
    club.public = True
    club.save()
    client.force_login(charlie)

    response = client.post(f"/clubs/{club.slug}/players/{own.pk}/pin/", {"pin": "1234"})

    own.refresh_from_db()
    assert response.status_code == 403 and own.pin == ""


def test_a_removed_member_cannot_confirm_their_old_seat(club, alice, bob, charlie):
    own = club.players.get(user=charlie)
    others = [Player.objects.create(club=club, display_name=n) for n in ("P", "Q", "R")]
    game = scoring.game_create(
        club=club, players=[own, *others], rules="japanese-modern", created_by=alice
    )
    scoring.hand_submit(game=game, hand=RON, user=alice, expected_number=1)
    scoring.game_finish(game=game, user=alice)
    membership = Membership.objects.get(club=club, user=charlie)
    members.member_remove(membership=membership, actor=alice, actor_role="organiser")
    Player.objects.filter(pk=own.pk).update(user=charlie)

    with pytest.raises(scoring.GameError) as refused:
        scoring.game_confirm(game=game, seat=0, user=charlie)

    assert refused.value.code == "not_this_player"
    assert GameSeat.objects.get(game=game, seat=0).confirmed_at is None


def test_wrong_joining_codes_are_limited_per_user(client, club, alice, dave, settings):
    settings.JOIN_CODE_LIMIT = 3
    code = _invite(club, alice, kind="code").code
    client.force_login(dave)
    wrong = [client.post("/join/", {"code": f"WRONG{i}"}).status_code for i in range(3)]

    refused = client.post("/join/", {"code": code})
    by_link = client.get("/join/ZZZZZZ/")

    assert wrong == [200, 200, 200]
    assert refused.status_code == by_link.status_code == 429
    assert "Too many wrong joining codes" in refused.content.decode()
    # Another login on another address may still join.
    other = User.objects.create_user("erin", password=PASSWORD)
    client.force_login(other)
    assert client.post("/join/", {"code": code}, REMOTE_ADDR="10.0.0.9").status_code == 302


def test_wrong_joining_codes_are_limited_per_address(client, club, alice, settings):
    settings.JOIN_CODE_ADDRESS_LIMIT = 4
    settings.JOIN_CODE_LIMIT = 100
    for i in range(4):
        user = User.objects.create_user(f"guess{i}", password=PASSWORD)
        client.force_login(user)
        assert client.get(f"/join/WRONG{i}/").status_code == 404

    refused = client.get("/join/WRONG9/", HTTP_ACCEPT_LANGUAGE="it")

    assert refused.status_code == 429
    assert "Troppi codici di adesione sbagliati" in refused.content.decode()


@pytest.mark.parametrize(
    ("language", "welcome"), [("it", "Benvenuto in Riverside Mahjong"), ("ja", "Riverside Mahjong")]
)
def test_the_welcome_after_joining_is_in_the_clubs_language(
    client, club, alice, dave, language, welcome
):
    club.language = language
    club.save()
    code = _invite(club, alice).code
    client.force_login(dave)

    response = client.post(f"/join/{code}/", follow=True)

    [message] = [str(m) for m in response.context["messages"]]
    assert welcome in message and "Welcome" not in message
