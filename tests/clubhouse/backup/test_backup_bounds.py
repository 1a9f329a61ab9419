"""One set of bounds (core/bounds.py) at the site's doors and in the restore: a value at a
bound, saved through the site, comes back from the club's backup; one beyond it is refused at
the door with a clear error."""

import json

import pytest

from clubhouse.backup import BackupError, export_club, import_club
from clubs.models import Player
from core import bounds
from leagues.models import League
from rulesets.models import RuleSet

PLACEMENT = bounds.PLACEMENT_POINTS


def _league_form(**fields):
    return {
        "name": "Autumn Cup",
        "slug": "autumn",
        "rules": "preset:m-league",
        "aggregate": "placement",
        "placement_points": "4, 2, 1, 0",
        "min_games": "0",
        "drop_worst": "0",
        **fields,
    }


def _post_json(client, url, data):
    return client.post(url, json.dumps(data), content_type="application/json")


def test_values_at_every_bound_saved_through_the_site_restore_from_the_backup(
    client, club, alice, bob
):
    players = [
        Player.objects.create(club=club, display_name=n) for n in ("Aiko", "Bruno", "Chiara", "Dai")
    ]
    client.force_login(alice)
    description = "d" * bounds.DESCRIPTION
    response = _post_json(
        client,
        f"/api/clubs/{club.slug}/rulesets/",
        {"name": "Long", "template_preset": "ema", "description": description},
    )
    assert response.status_code == 201, response.json()
    response = client.post(
        f"/clubs/{club.slug}/leagues/new/",
        _league_form(
            placement_points=f"{PLACEMENT}, 0, 0, {-PLACEMENT}",
            min_games=str(bounds.GAMES),
            drop_worst=str(bounds.GAMES),
        ),
    )
    assert response.status_code == 302
    client.force_login(bob)
    game = _post_json(
        client,
        "/api/games/",
        {"club": club.slug, "players": [p.pk for p in players], "rules": "japanese-modern"},
    ).json()
    note = "n" * bounds.NOTE
    response = _post_json(
        client,
        f"/api/games/{game['id']}/hands/",
        {"result": "draw", "tenpai": [0], "note": note, "expected_number": 1},
    )
    assert response.status_code == 201, response.json()

    data = json.loads(json.dumps(export_club(club)))
    data["club"]["slug"] = "riverside-copy"
    restored = import_club(data, bind_existing_users=True)

    assert RuleSet.objects.get(club=restored, name="Long").description == description
    league = League.objects.get(club=restored, slug="autumn")
    assert league.placement_points == [PLACEMENT, 0, 0, -PLACEMENT]
    assert (league.min_games, league.drop_worst) == (bounds.GAMES, bounds.GAMES)
    assert restored.games.get().hands.get(number=1).data["note"] == note


def test_the_api_refuses_a_rule_set_description_one_beyond_the_bound(client, club, alice):
    client.force_login(alice)
    response = _post_json(
        client,
        f"/api/clubs/{club.slug}/rulesets/",
        {"name": "Long", "template_preset": "ema", "description": "d" * (bounds.DESCRIPTION + 1)},
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "description"
    assert "10000 characters" in error["message"]
    assert not RuleSet.objects.filter(club=club).exists()


def test_the_rule_set_form_field_and_the_api_share_the_bound():
    from rulesets.api import RuleSetInputSerializer
    from rulesets.forms import RuleSetForm

    assert RuleSetForm.base_fields["description"].max_length == bounds.DESCRIPTION
    assert RuleSetInputSerializer().fields["description"].max_length == bounds.DESCRIPTION


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("placement_points", f"{PLACEMENT + 1}, 0, 0, 0", "from -1,000,000 to 1,000,000"),
        ("placement_points", f"4, 2, 1, {-PLACEMENT - 1}", "from -1,000,000 to 1,000,000"),
        ("placement_points", "1" * 5000 + ", 0, 0, 0", "from -1,000,000 to 1,000,000"),
        ("min_games", str(bounds.GAMES + 1), "less than or equal to 100000"),
        ("min_games", str(10**11), "less than or equal to 100000"),
        ("drop_worst", str(bounds.GAMES + 1), "less than or equal to 100000"),
        ("drop_worst", str(10**20), "less than or equal to 100000"),
    ],
)
def test_the_league_form_refuses_a_value_beyond_the_bound_naming_it(
    client, club, alice, field, value, message
):
    client.force_login(alice)
    response = client.post(f"/clubs/{club.slug}/leagues/new/", _league_form(**{field: value}))
    assert response.status_code == 200
    assert message in response.context["form"].errors[field][0]
    assert not League.objects.filter(club=club).exists()


def test_the_restore_refuses_just_beyond_the_same_bounds(club, alice):
    from rulesets import services

    services.ruleset_create(
        club=club, name="Long", template_preset="ema", options={}, created_by=alice
    )
    data = json.loads(json.dumps(export_club(club)))
    data["club"]["slug"] = "riverside-copy"
    data["rulesets"][0]["description"] = "d" * (bounds.DESCRIPTION + 1)
    with pytest.raises(BackupError, match=r"rulesets\[0\]\.description: at most 10,000"):
        import_club(data, bind_existing_users=True)
