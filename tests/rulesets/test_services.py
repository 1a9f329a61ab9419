"""The rule set services: versions, changes from the template, audit entries, refusals."""

import pytest

import engine
from core.models import AuditEntry
from rulesets import services
from rulesets.models import RuleSet, RuleSetVersion
from scoring import services as scoring
from tests import factories

PARLOUR = {"length": "east", "nagashi_mangan_percent": 100, "honba_points": 1500}


@pytest.fixture
def parlour(club, alice):
    return services.ruleset_create(
        club=club,
        name="Parlour East",
        template_preset="japanese-modern",
        options=PARLOUR,
        created_by=alice,
    )


def test_it_saves_the_changes_and_every_resolved_option_as_version_1(parlour):
    version = parlour.versions.get()
    assert version.number == 1
    assert version.options == PARLOUR == parlour.options
    expected = engine.rules_as_options(
        engine.resolve_rules({"preset": "japanese-modern", "options": PARLOUR})
    )
    assert version.rules == {"preset": "japanese-modern", "options": expected}
    assert version.rules["options"]["honba_points"] == 1500
    assert version.rules["options"]["start_points"] == 25000


def test_it_does_not_store_options_equal_to_the_template(club, alice):
    ruleset = services.ruleset_create(
        club=club,
        name="Same",
        template_preset="japanese-modern",
        options={"honba_points": 300, "uma": [20, 10, -10, -20], "riichi": True, "dora": False},
        created_by=alice,
    )
    assert ruleset.options == {"dora": False}
    assert ruleset.versions.get().options == {"dora": False}


def test_each_save_writes_the_next_version_and_an_audit_entry(parlour, alice):
    services.ruleset_update(
        ruleset=parlour,
        user=alice,
        name="Parlour East",
        template_preset="japanese-modern",
        options={**PARLOUR, "honba_points": 600},
    )
    assert list(parlour.versions.values_list("number", flat=True)) == [2, 1]
    latest = parlour.versions.get(number=2)
    assert latest.options["honba_points"] == 600
    entries = AuditEntry.objects.filter(club=parlour.club).order_by("id")
    assert [e.action for e in entries] == ["ruleset.created", "ruleset.changed"]
    changed = entries.last()
    assert changed.actor == alice
    assert changed.before["version"] == 1 and changed.before["options"] == PARLOUR
    assert changed.after["version"] == 2 and changed.after["options"]["honba_points"] == 600


def test_saving_the_same_rules_again_adds_no_version(parlour, alice):
    services.ruleset_update(
        ruleset=parlour,
        user=alice,
        name="Parlour East (Tuesdays)",
        template_preset="japanese-modern",
        options=PARLOUR,
    )
    parlour.refresh_from_db()
    assert parlour.name == "Parlour East (Tuesdays)"
    assert parlour.versions.count() == 1


def test_a_game_keeps_its_version_rules_after_the_rule_set_is_edited(parlour, alice, players):
    first = parlour.current_version
    game = scoring.game_create(
        club=parlour.club, players=players, ruleset_version=first, created_by=alice
    )
    services.ruleset_update(
        ruleset=parlour,
        user=alice,
        name="Parlour East",
        template_preset="japanese-modern",
        options={**PARLOUR, "honba_points": 3000},
    )
    game.refresh_from_db()
    assert game.rules == first.rules
    assert game.rules["options"]["honba_points"] == 1500
    assert game.rules_name == "Parlour East (version 1)"
    later = scoring.game_create(
        club=parlour.club,
        players=players,
        ruleset_version=parlour.current_version,
        created_by=alice,
    )
    assert later.rules["options"]["honba_points"] == 3000
    assert list(first.games.all()) == [game]
    assert list(parlour.current_version.games.all()) == [later]


def test_a_rule_set_can_be_the_template_of_another(parlour, alice):
    derived = services.ruleset_create(
        club=parlour.club,
        name="Parlour East, full uma",
        template_ruleset=parlour,
        options={"uma": [30, 10, -10, -30], "honba_points": 1500},
        created_by=alice,
    )
    version = derived.versions.get()
    assert derived.template_preset == ""
    assert version.template_version == parlour.current_version
    assert version.options == {"uma": [30, 10, -10, -30]}  # honba 1,500 is the template's
    assert version.rules["preset"] == "japanese-modern"
    assert version.rules["options"]["length"] == "east"
    assert version.rules["options"]["uma"] == [30, 10, -10, -30]
    assert [c.text for c in services.version_changes(version)] == [
        "Uma: 30/10/-10/-30 instead of 20/10/-10/-20"
    ]


def test_it_refuses_a_template_cycle(parlour, alice):
    child = services.ruleset_create(
        club=parlour.club, name="Child", template_ruleset=parlour, options={}, created_by=alice
    )
    with pytest.raises(services.RuleSetError) as e:
        services.ruleset_update(
            ruleset=parlour, user=alice, name="Parlour East", template_ruleset=child, options={}
        )
    assert e.value.code == "template_cycle" and e.value.field == "template"
    with pytest.raises(services.RuleSetError):
        services.ruleset_update(
            ruleset=parlour, user=alice, name="Parlour East", template_ruleset=parlour, options={}
        )
    assert parlour.versions.count() == 1


def test_it_refuses_another_clubs_rule_set_as_template(parlour, public_club, alice):
    with pytest.raises(services.RuleSetError) as e:
        services.ruleset_create(
            club=public_club, name="Borrowed", template_ruleset=parlour, created_by=alice
        )
    assert e.value.field == "template"
    assert not RuleSet.objects.filter(club=public_club).exists()


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"template_preset": "mahjong-soul"}, "template"),
        ({}, "template"),
        ({"template_preset": "japanese-modern", "name": "  "}, "name"),
        ({"template_preset": "japanese-modern", "name": "parlour east"}, "name"),
    ],
)
def test_it_refuses_a_bad_name_or_template_and_saves_nothing(parlour, alice, kwargs, field):
    kwargs = {"name": "Another", **kwargs}
    with pytest.raises(services.RuleSetError) as e:
        services.ruleset_create(club=parlour.club, created_by=alice, **kwargs)
    assert e.value.field == field
    assert RuleSet.objects.count() == 1 and RuleSetVersion.objects.count() == 1


@pytest.mark.parametrize(
    ("template", "options", "field"),
    [
        (
            "japanese-modern",
            {"payment_scheme": "all_pay", "value_system": "points_doubles"},
            "tenpai_payment",
        ),
        ("italian-official", {"tenpai_payment": 3000}, "tenpai_payment"),
        ("japanese-modern", {"uma": [20, 10, -10, -10]}, "uma"),
        ("japanese-modern", {"honba_points": 1000}, "honba_points"),
        ("japanese-modern", {"min_han": 5}, "min_han"),
        ("japanese-modern", {"shibari": 2}, "shibari"),
    ],
)
def test_it_refuses_values_and_combinations_the_engine_refuses(
    club, alice, template, options, field
):
    with pytest.raises(engine.RulesError) as e:
        services.ruleset_create(
            club=club, name="Bad", template_preset=template, options=options, created_by=alice
        )
    assert e.value.field == field
    assert f"'{field}'" in str(e.value)
    assert not RuleSet.objects.exists() and not AuditEntry.objects.exists()


def test_changes_read_in_words_in_category_order(parlour):
    assert [c.text for c in services.version_changes(parlour.current_version)] == [
        "Game length: East round only instead of East and South",
        "Pay for nagashi mangan: 100 instead of 0",
        "Dealer's extra hands: 1,500 instead of 300",
    ]


def test_a_three_player_preset_is_a_template_and_its_rule_set_seats_three(club, alice):
    # tenhou-sanma as a template, its counters changed: the rule set's games seat three.
    ruleset = services.ruleset_create(
        club=club,
        name="Sanma",
        template_preset="tenhou-sanma",
        options={"honba_points": 1000},
        created_by=alice,
    )
    version = ruleset.versions.get()
    assert version.rules["options"]["players"] == 3
    game = scoring.game_create(
        club=club,
        players=factories.players(club, ("Aiko", "Bruno", "Chiara")),
        ruleset_version=version,
        created_by=alice,
    )
    assert game.seat_count == 3


def test_three_player_options_on_a_four_player_template_need_three_uma(club, alice):
    with pytest.raises(engine.RulesError) as e:
        services.ruleset_create(
            club=club,
            name="Sanma",
            template_preset="japanese-modern",
            options={"players": 3},
            created_by=alice,
        )
    assert e.value.field == "uma"
    assert not RuleSet.objects.filter(club=club).exists()
    ruleset = services.ruleset_create(
        club=club,
        name="Sanma",
        template_preset="japanese-modern",
        options={"players": 3, "uma": [20, 0, -20]},
        created_by=alice,
    )
    assert ruleset.versions.get().rules["options"]["players"] == 3
