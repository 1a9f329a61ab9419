"""The rule set API: presets, a club's rule sets, and every refusal naming what is wrong."""

import pytest

import engine
from rulesets import services
from rulesets.models import RuleSet

from .test_views import OUT_OF_RANGE

RULESETS = "/api/clubs/riverside/rulesets/"


@pytest.fixture
def parlour(club, alice):
    return services.ruleset_create(
        club=club,
        name="Parlour East",
        template_preset="japanese-modern",
        options={"length": "east", "honba_points": 1500},
        created_by=alice,
    )


@pytest.fixture
def api(client, db):
    def call(user, method, url, data=None):
        client.logout()
        if user is not None:
            client.force_login(user)
        kwargs = {"content_type": "application/json"} if data is not None else {}
        return (
            getattr(client, method)(url, data, **kwargs)
            if data is not None
            else getattr(client, method)(url)
        )

    return call


def test_presets_lists_every_built_in_preset_with_described_options(api):
    response = api(None, "get", "/api/presets/")
    assert response.status_code == 200
    body = response.json()
    assert [p["id"] for p in body] == list(engine.preset_ids())
    assert {"tenhou-sanma", "mahjong-soul-sanma"} <= {p["id"] for p in body}
    assert body[0] == engine.get_preset(body[0]["id"]).as_dict()
    honba = next(o for o in body[0]["options"] if o["name"] == "honba_points")
    assert honba == {
        "name": "honba_points",
        "label": "Dealer's extra hands",
        "help": honba["help"],
        "category": "Payments",
        "type": "int",
        "default": 300,
        "minimum": 0,
        "maximum": 3000,
        "step": 3,
    }


def test_it_lists_a_clubs_rule_sets_with_their_changes(api, charlie, parlour):
    response = api(charlie, "get", RULESETS)
    assert response.status_code == 200
    [item] = response.json()
    assert item["name"] == "Parlour East"
    assert item["template"] == {
        "preset": "japanese-modern",
        "ruleset": None,
        "name": "Japanese Modern (ari-ari)",
    }
    assert item["version"] == 1
    assert item["options"] == {"length": "east", "honba_points": 1500}
    assert item["changes"] == [
        {
            "option": "length",
            "label": "Game length",
            "value": "east",
            "template_value": "south",
            "text": "Game length: East round only instead of East and South",
        },
        {
            "option": "honba_points",
            "label": "Dealer's extra hands",
            "value": 1500,
            "template_value": 300,
            "text": "Dealer's extra hands: 1,500 instead of 300",
        },
    ]
    assert item["rules"] == parlour.current_version.rules
    assert [(v["number"], v["games"]) for v in item["versions"]] == [(1, 0)]


def test_an_organiser_creates_and_replaces_a_rule_set(api, alice):
    created = api(
        alice,
        "post",
        RULESETS,
        {"name": "Big uma", "template_preset": "ema", "options": {"uma": [30, 10, -10, -30]}},
    )
    assert created.status_code == 201, created.json()
    body = created.json()
    assert body["options"] == {"uma": [30, 10, -10, -30]}
    assert body["rules"]["options"]["start_points"] == 30000
    url = f"{RULESETS}{body['id']}/"
    replaced = api(
        alice,
        "put",
        url,
        {"name": "Big uma", "template_preset": "ema", "options": {"honba_points": 600}},
    )
    assert replaced.status_code == 200
    assert replaced.json()["version"] == 2
    assert replaced.json()["options"] == {"honba_points": 600}
    assert api(alice, "get", url).json()["versions"][0]["number"] == 2


def test_a_rule_set_template_is_named_by_id(api, alice, parlour):
    created = api(
        alice,
        "post",
        RULESETS,
        {"name": "Child", "template_ruleset": parlour.pk, "options": {"dora": False}},
    )
    assert created.status_code == 201
    assert created.json()["template"]["ruleset"] == parlour.pk
    assert created.json()["rules"]["options"]["honba_points"] == 1500


@pytest.mark.parametrize(("option", "value"), OUT_OF_RANGE)
def test_an_out_of_range_value_answers_400_naming_the_option(api, alice, option, value):
    response = api(
        alice,
        "post",
        RULESETS,
        {"name": "Bad", "template_preset": "japanese-modern", "options": {option: value}},
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == option
    assert error["code"] == "bad_option"
    assert f"Option '{option}'" in error["message"]
    assert not RuleSet.objects.exists()


@pytest.mark.parametrize(
    ("data", "error"),
    [
        (
            {"template_preset": "japanese-modern", "options": {"payment_scheme": "all_pay"}},
            {
                "code": "bad_option",
                "message": "Option 'tenpai_payment' (Ready-hand payment): ready-hand payments "
                "need the winner-only payment scheme; set it to 0.",
                "field": "tenpai_payment",
            },
        ),
        (
            {"template_preset": "japanese-modern", "options": {"ura_dora": True}},
            {
                "code": "unknown_option",
                "message": "Unknown option 'ura_dora'.",
                "field": "ura_dora",
            },
        ),
        (
            {"template_preset": "mahjong-soul"},
            {"code": "template", "field": "template"},
        ),
        (
            {"template_ruleset": 999},
            {
                "code": "template",
                "message": "Riverside Mahjong has no rule set 999.",
                "field": "template_ruleset",
            },
        ),
        (
            {"template_preset": "japanese-modern", "options": [1]},
            {"code": "invalid", "field": "options"},
        ),
    ],
)
def test_other_refusals_name_their_field(api, alice, data, error):
    response = api(alice, "post", RULESETS, {"name": "Bad", **data})
    assert response.status_code == 400
    got = response.json()["error"]
    assert {k: got[k] for k in error} == error


def test_a_missing_name_answers_400_naming_it(api, alice):
    response = api(alice, "post", RULESETS, {"template_preset": "japanese-modern"})
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "name"
    assert response.json()["error"]["message"] == "name: This field is required."


@pytest.mark.parametrize(
    ("who", "read", "create", "replace"),
    [
        ("alice", 200, 201, 200),
        ("bob", 200, 403, 403),
        ("charlie", 200, 403, 403),
        ("dave", 404, 404, 404),
        (None, 404, 401, 401),
    ],
)
def test_the_api_permission_matrix(
    api, request, parlour, alice, bob, charlie, dave, who, read, create, replace
):
    user = request.getfixturevalue(who) if who else None
    url = f"{RULESETS}{parlour.pk}/"
    assert api(user, "get", RULESETS).status_code == read
    assert api(user, "get", url).status_code == read
    data = {"name": "New", "template_preset": "japanese-modern", "options": {}}
    response = api(user, "post", RULESETS, data)
    assert response.status_code == create
    assert ("error" in response.json()) == (create != 201)
    data = {"name": "Parlour East", "template_preset": "tenhou", "options": {}}
    assert api(user, "put", url, data).status_code == replace
    parlour.refresh_from_db()
    assert (parlour.template_preset == "tenhou") == (who == "alice")


def test_a_public_clubs_rule_sets_are_readable_without_login(api, public_club):
    services.ruleset_create(club=public_club, name="Open", template_preset="ema", created_by=None)
    response = api(None, "get", "/api/clubs/open-table/rulesets/")
    assert response.status_code == 200
    assert [r["name"] for r in response.json()] == ["Open"]
