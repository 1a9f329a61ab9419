import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404

from clubs.access import get_club_for_user, role_of
from clubs.models import Membership

Role = Membership.Role


def test_role_of_names_each_persona_role(club, alice, bob, charlie, dave):
    assert role_of(alice, club) == Role.ORGANISER
    assert role_of(bob, club) == Role.SCORER
    assert role_of(charlie, club) == Role.MEMBER
    assert role_of(dave, club) is None
    assert role_of(AnonymousUser(), club) is None


def test_it_hides_a_private_club_from_an_outsider(club, dave):
    with pytest.raises(Http404):
        get_club_for_user(dave, club.slug)


def test_it_hides_a_private_club_from_an_anonymous_visitor(club):
    with pytest.raises(Http404):
        get_club_for_user(AnonymousUser(), club.slug)


def test_it_shows_a_private_club_to_a_member(club, charlie):
    assert get_club_for_user(charlie, club.slug) == club


def test_it_shows_a_public_club_to_anyone(public_club, dave):
    assert get_club_for_user(dave, public_club.slug) == public_club
    assert get_club_for_user(AnonymousUser(), public_club.slug) == public_club


def test_it_answers_404_for_an_unknown_slug(alice):
    with pytest.raises(Http404):
        get_club_for_user(alice, "no-such-club")


@pytest.mark.parametrize(
    ("persona", "required", "allowed"),
    [
        ("alice", Role.ORGANISER, True),
        ("alice", Role.SCORER, True),
        ("bob", Role.SCORER, True),
        ("bob", Role.ORGANISER, False),
        ("charlie", Role.MEMBER, True),
        ("charlie", Role.SCORER, False),
    ],
)
def test_it_ranks_organiser_over_scorer_over_member(request, club, persona, required, allowed):
    user = request.getfixturevalue(persona)
    if allowed:
        assert get_club_for_user(user, club.slug, role=required) == club
    else:
        with pytest.raises(PermissionDenied):
            get_club_for_user(user, club.slug, role=required)


def test_it_forbids_an_outsider_a_role_in_a_public_club(public_club, dave):
    with pytest.raises(PermissionDenied):
        get_club_for_user(dave, public_club.slug, role=Role.MEMBER)
