import pytest
from django.db import IntegrityError

from clubs.models import Club, Membership, Player


def test_public_lists_only_public_clubs(club, public_club):
    assert list(Club.objects.public()) == [public_club]


def test_visible_to_an_anonymous_visitor_is_the_public_clubs(club, public_club):
    from django.contrib.auth.models import AnonymousUser

    assert list(Club.objects.visible_to(AnonymousUser())) == [public_club]


def test_visible_to_a_member_adds_their_private_club(club, public_club, charlie):
    assert list(Club.objects.visible_to(charlie)) == [public_club, club]


def test_visible_to_an_outsider_is_the_public_clubs(club, public_club, dave):
    assert list(Club.objects.visible_to(dave)) == [public_club]


def test_member_of_lists_each_club_once(club, alice):
    assert list(Club.objects.member_of(alice)) == [club]


def test_it_rejects_two_players_with_one_name_in_a_club(club):
    Player.objects.create(club=club, display_name="Emi")
    with pytest.raises(IntegrityError):
        Player.objects.create(club=club, display_name="Emi")


def test_it_allows_one_name_in_two_clubs(club, public_club):
    Player.objects.create(club=club, display_name="Emi")
    Player.objects.create(club=public_club, display_name="Emi")

    assert Player.objects.filter(display_name="Emi").count() == 2


def test_it_allows_many_guests_without_a_login(club):
    Player.objects.create(club=club, display_name="Guest one")
    Player.objects.create(club=club, display_name="Guest two")

    assert club.players.filter(user=None).count() == 2


def test_it_rejects_a_second_membership_for_one_user(club, charlie):
    with pytest.raises(IntegrityError):
        Membership.objects.create(club=club, user=charlie, role=Membership.Role.SCORER)
