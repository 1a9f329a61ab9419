"""The rule set pages: list, detail, the generated form, and who may use them."""

import pytest
from django.urls import reverse

import engine
from engine.rules import CATEGORIES, OPTION_NAMES
from rulesets import services
from rulesets.models import RuleSet
from scoring import services as scoring
from tests.rulesets.helpers import form_data

from ..conftest import PASSWORD


@pytest.fixture
def parlour(club, alice):
    return services.ruleset_create(
        club=club,
        name="Parlour East",
        template_preset="japanese-modern",
        options={"length": "east", "honba_points": 1500},
        created_by=alice,
    )


def login(client, user):
    assert client.login(username=user.username, password=PASSWORD)
    return client


def test_the_list_says_how_each_rule_set_differs_in_words(client, charlie, parlour):
    page = login(client, charlie).get(reverse("rulesets:list", args=["riverside"]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Parlour East" in html
    assert "Game length: East round only instead of East and South" in html
    assert "Dealer&#x27;s extra hands: 1,500 instead of 300" in html
    assert "from Japanese Modern (ari-ari)" in html
    assert reverse("rulesets:create", args=["riverside"]) not in html  # members only read


def test_the_club_page_lists_rule_sets_with_a_new_link_for_organisers(
    client, alice, charlie, parlour
):
    url = reverse("clubs:detail", args=["riverside"])
    new = reverse("rulesets:create", args=["riverside"])
    html = login(client, alice).get(url).content.decode()
    assert "Parlour East" in html and new in html
    html = login(client, charlie).get(url).content.decode()
    assert "Parlour East" in html and new not in html


def test_the_form_groups_every_option_by_category_with_the_template_value(client, alice, parlour):
    page = login(client, alice).get(reverse("rulesets:edit", args=["riverside", parlour.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    legends = [html.index(f">{c.replace('&', '&amp;')}</span>") for c in CATEGORIES]
    assert legends == sorted(legends)
    for name in OPTION_NAMES:
        assert f'name="{name}' in html
    form = page.context["form"]
    assert form["honba_points"].value() == 1500  # the rule set's value
    rows = {r.field.name: r for c in form.categories() for r in c.rows}
    assert rows["honba_points"].template_value == "300" and rows["honba_points"].changed
    assert rows["start_points"].template_value == "25,000" and not rows["start_points"].changed
    assert "Template: 300" in html
    # Categories with a change start unfolded; the rest stay folded on a phone.
    assert [c.name for c in form.categories() if c.open] == ["Game length", "Payments"]


def test_picking_a_template_shows_its_values(client, alice):
    url = reverse("rulesets:create", args=["riverside"])
    page = login(client, alice).get(url, {"template": "preset:ema"})
    form = page.context["form"]
    assert form["start_points"].value() == 30000
    assert form["template"].value() == "preset:ema"


def test_an_organiser_creates_a_rule_set_with_the_form(client, alice):
    url = reverse("rulesets:create", args=["riverside"])
    data = form_data(honba_points=1500, uma=[30, 10, -10, -30], abortive_draws=False)
    response = login(client, alice).post(url, data)
    ruleset = RuleSet.objects.get(name="Club nights")
    assert response.status_code == 302
    assert response.url == reverse("rulesets:detail", args=["riverside", ruleset.pk])
    assert ruleset.options == {
        "abortive_draws": False,
        "honba_points": 1500,
        "uma": [30, 10, -10, -30],
    }
    page = client.get(response.url)
    assert "Uma: 30/10/-10/-30 instead of 20/10/-10/-20" in page.content.decode()


def test_a_three_player_template_takes_three_uma_in_the_form(client, alice):
    url = reverse("rulesets:create", args=["riverside"])
    page = login(client, alice).get(url, {"template": "preset:tenhou-sanma"})
    html = page.content.decode()
    assert 'name="uma_2"' in html and 'name="uma_3"' not in html
    data = form_data("preset:tenhou-sanma", name="Sanma nights", uma=[30, 0, -30])
    response = client.post(url, data)
    assert response.status_code == 302
    ruleset = RuleSet.objects.get(name="Sanma nights")
    assert ruleset.options == {"uma": [30, 0, -30]}
    assert ruleset.current_version.rules["options"]["players"] == 3
    detail = client.get(response.url).content.decode()
    assert "Uma: 30/0/-30 instead of 20/0/-20" in detail


def test_editing_in_the_form_writes_a_new_version(client, alice, parlour):
    url = reverse("rulesets:edit", args=["riverside", parlour.pk])
    data = form_data(name="Parlour East", length="east", honba_points=600)
    response = login(client, alice).post(url, data)
    assert response.status_code == 302
    assert parlour.versions.count() == 2
    assert parlour.current_version.options == {"length": "east", "honba_points": 600}


def _out_of_range():
    for d in engine.describe_options():
        if d["type"] == "int":
            yield d["name"], d["minimum"] - d.get("step", 1)
            yield d["name"], d["maximum"] + d.get("step", 1)
        elif d["type"] == "uma":
            yield d["name"], [d["maximum"] + 1, 0, 0, -d["maximum"] - 1]
        elif d["type"] == "choice":
            yield d["name"], "something-else"


OUT_OF_RANGE = list(_out_of_range())


def test_every_number_and_choice_option_has_out_of_range_cases():
    described = {d["name"] for d in engine.describe_options() if d["type"] != "bool"}
    assert {name for name, _ in OUT_OF_RANGE} == described


@pytest.mark.parametrize(("option", "value"), OUT_OF_RANGE)
def test_the_form_refuses_an_out_of_range_value_on_its_field(client, alice, option, value):
    url = reverse("rulesets:create", args=["riverside"])
    page = login(client, alice).post(url, form_data(**{option: value}))
    assert page.status_code == 200
    errors = page.context["form"].errors
    assert list(errors) == [option]
    assert f"Option '{option}'" in errors[option][0]
    assert not RuleSet.objects.exists()


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        (
            {"payment_scheme": "all_pay", "value_system": "points_doubles"},
            "tenpai_payment",
            "need the winner-only payment scheme",
        ),
        ({"uma": [20, 10, -10, -10]}, "uma", "must sum to zero"),
        ({"honba_points": 1000}, "honba_points", "multiple of 3"),
    ],
)
def test_the_form_puts_a_refused_combination_on_its_field(client, alice, changes, field, words):
    url = reverse("rulesets:create", args=["riverside"])
    page = login(client, alice).post(url, form_data(**changes))
    errors = page.context["form"].errors
    assert list(errors) == [field]
    assert words in errors[field][0]
    assert words in page.content.decode()
    assert not RuleSet.objects.exists()


def test_the_rule_set_page_says_which_games_use_which_version(
    client, alice, charlie, parlour, players
):
    first = parlour.current_version
    scoring.game_create(club=parlour.club, players=players, ruleset_version=first, created_by=alice)
    services.ruleset_update(
        ruleset=parlour,
        user=alice,
        name="Parlour East",
        template_preset="japanese-modern",
        options={"length": "east"},
    )
    page = login(client, charlie).get(reverse("rulesets:detail", args=["riverside", parlour.pk]))
    versions = page.context["versions"]
    assert [(v.version.number, len(v.games)) for v in versions] == [(2, 0), (1, 1)]
    html = page.content.decode()
    assert "1 game with these rules" in html and "Aiko, Bruno, Chiara, Daiki" in html
    assert "No games with this version." in html


PAGES = [
    ("rulesets:list", False),
    ("rulesets:detail", True),
    ("rulesets:create", False),
    ("rulesets:edit", True),
]


@pytest.mark.parametrize(
    ("who", "expected"),
    [
        (
            "alice",
            {
                "rulesets:list": 200,
                "rulesets:detail": 200,
                "rulesets:create": 200,
                "rulesets:edit": 200,
            },
        ),
        (
            "bob",
            {
                "rulesets:list": 200,
                "rulesets:detail": 200,
                "rulesets:create": 403,
                "rulesets:edit": 403,
            },
        ),
        (
            "charlie",
            {
                "rulesets:list": 200,
                "rulesets:detail": 200,
                "rulesets:create": 403,
                "rulesets:edit": 403,
            },
        ),
        (
            "dave",
            {
                "rulesets:list": 404,
                "rulesets:detail": 404,
                "rulesets:create": 404,
                "rulesets:edit": 404,
            },
        ),
        (
            "anonymous",
            {
                "rulesets:list": 404,
                "rulesets:detail": 404,
                "rulesets:create": 302,
                "rulesets:edit": 302,
            },
        ),
    ],
)
def test_only_organisers_create_and_edit_members_read_outsiders_see_nothing(
    client, request, parlour, alice, bob, charlie, dave, who, expected
):
    if who != "anonymous":
        login(client, request.getfixturevalue(who))
    got = {}
    for name, with_pk in PAGES:
        args = ["riverside", parlour.pk] if with_pk else ["riverside"]
        got[name] = client.get(reverse(name, args=args)).status_code
    assert got == expected
    # Writing is refused just the same.
    posted = client.post(reverse("rulesets:create", args=["riverside"]), form_data())
    assert posted.status_code == {"alice": 302}.get(who, expected["rulesets:create"])
    assert RuleSet.objects.filter(name="Club nights").exists() == (who == "alice")


def test_a_public_clubs_rule_sets_are_open_to_read_but_not_to_edit(client, public_club, dave):
    services.ruleset_create(
        club=public_club, name="Open", template_preset="ema", options={}, created_by=None
    )
    assert client.get(reverse("rulesets:list", args=["open-table"])).status_code == 200
    login(client, dave)
    assert client.get(reverse("rulesets:list", args=["open-table"])).status_code == 200
    assert client.get(reverse("rulesets:create", args=["open-table"])).status_code == 403
