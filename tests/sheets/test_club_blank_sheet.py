"""A blank sheet for tonight from the club's page: rules and four names, no game started."""

import io

import pypdf

from clubs.models import Player
from core.models import AuditEntry
from rulesets import services as rulesets
from scoring.models import Game


def _form(**changes):
    seats = {f"seat_{i}": n for i, n in enumerate(("Aiko", "Bruno", "Chiara", "Daiki"))}
    return {"rules": "preset:tenhou", "seating": "entered", "table": "3", **seats, **changes}


def _text(response):
    return "".join(
        page.extract_text() for page in pypdf.PdfReader(io.BytesIO(response.content)).pages
    )


def test_a_scorer_prints_a_blank_sheet_without_starting_a_game(client, club, bob):
    client.force_login(bob)
    players_before = Player.objects.count()

    response = client.post(f"/clubs/{club.slug}/blank-sheet/", _form())

    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].endswith('-table-3-blank.pdf"')
    text = _text(response)
    for name in ("Aiko", "Bruno", "Chiara", "Daiki", "Riverside Mahjong", "Tenhou"):
        assert name in text, name
    assert not Game.objects.exists() and not AuditEntry.objects.exists()
    assert Player.objects.count() == players_before  # typed names add no guests


def test_a_club_rule_set_prints_with_its_changed_options(client, club, alice, bob):
    ruleset = rulesets.ruleset_create(
        club=club,
        name="Parlour",
        template_preset="japanese-modern",
        options={"uma": [30, 10, -10, -30]},
        created_by=alice,
    )
    client.force_login(bob)

    response = client.post(f"/clubs/{club.slug}/blank-sheet/", _form(rules=f"ruleset:{ruleset.pk}"))

    text = _text(response)
    assert "Parlour (version 1)" in text and "30" in text


def test_one_name_twice_is_refused(client, club, bob):
    client.force_login(bob)

    response = client.post(f"/clubs/{club.slug}/blank-sheet/", _form(seat_3="aiko"))

    assert response.status_code == 200
    assert "A player can sit in only one seat." in str(response.context["form"].errors)


def test_the_club_page_offers_it_to_a_scorer(client, club, bob):
    client.force_login(bob)
    assert (
        f'href="/clubs/{club.slug}/blank-sheet/"'
        in client.get(f"/clubs/{club.slug}/").content.decode()
    )
