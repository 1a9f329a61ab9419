"""Every built-in preset as a template, every option changed: the game scores, or the engine
refuses the combination by naming an option."""

import pytest

import engine
from engine.rules import OPTION_NAMES
from rulesets import services
from scoring import services as scoring

from .helpers import candidates, changed_value, hands_for

# (preset, option changed) -> the option the engine names when it refuses every allowed value
# of the changed option on that template. Pinned, so a change in the engine shows up here.
REFUSED = {
    ("japanese-modern", "triple_ron_aborts"): "triple_ron_aborts",
    ("japanese-modern", "value_system"): "value_system",
    ("japanese-modern", "riichi"): "riichi_deposit",
    ("japanese-modern", "riichi_winner_doubles"): "riichi_winner_doubles",
    ("japanese-modern", "payment_scheme"): "tenpai_payment",
    ("nashi-nashi", "triple_ron_aborts"): "triple_ron_aborts",
    ("nashi-nashi", "value_system"): "value_system",
    ("nashi-nashi", "riichi"): "riichi_deposit",
    ("nashi-nashi", "riichi_winner_doubles"): "riichi_winner_doubles",
    ("nashi-nashi", "payment_scheme"): "tenpai_payment",
    ("japanese-classical", "goal_points"): "goal_points",
    ("japanese-classical", "triple_ron_aborts"): "triple_ron_aborts",
    ("japanese-classical", "value_system"): "value_system",
    ("japanese-classical", "riichi_deposit"): "riichi_deposit",
    ("japanese-classical", "riichi_winner_doubles"): "riichi_winner_doubles",
    ("japanese-classical", "payment_scheme"): "payment_scheme",
    ("japanese-classical", "uma_floating"): "uma_floating",
    ("arushiiaru", "goal_points"): "goal_points",
    ("arushiiaru", "triple_ron_aborts"): "triple_ron_aborts",
    ("arushiiaru", "value_system"): "value_system",
    ("arushiiaru", "riichi_deposit"): "riichi_deposit",
    ("arushiiaru", "riichi_winner_doubles"): "riichi_winner_doubles",
    ("arushiiaru", "payment_scheme"): "payment_scheme",
    ("arushiiaru", "uma_floating"): "uma_floating",
    ("tenhou", "value_system"): "value_system",
    ("tenhou", "riichi"): "riichi_deposit",
    ("tenhou", "riichi_winner_doubles"): "riichi_winner_doubles",
    ("tenhou", "payment_scheme"): "tenpai_payment",
    ("tenhou", "nagashi_payment"): "nagashi_payment",
    ("ema", "triple_ron_aborts"): "triple_ron_aborts",
    ("ema", "value_system"): "value_system",
    ("ema", "riichi"): "riichi_deposit",
    ("ema", "riichi_winner_doubles"): "riichi_winner_doubles",
    ("ema", "payment_scheme"): "tenpai_payment",
    ("wrc", "value_system"): "value_system",
    ("wrc", "riichi"): "riichi_deposit",
    ("wrc", "riichi_winner_doubles"): "riichi_winner_doubles",
    ("wrc", "payment_scheme"): "tenpai_payment",
    ("m-league", "value_system"): "value_system",
    ("m-league", "riichi"): "riichi_deposit",
    ("m-league", "riichi_winner_doubles"): "riichi_winner_doubles",
    ("m-league", "payment_scheme"): "tenpai_payment",
    ("jpml-a", "value_system"): "value_system",
    ("jpml-a", "riichi"): "riichi_deposit",
    ("jpml-a", "riichi_winner_doubles"): "riichi_winner_doubles",
    ("jpml-a", "payment_scheme"): "tenpai_payment",
    ("jpml-a", "settlement"): "uma_floating",
    ("italian-official", "goal_points"): "goal_points",
    ("italian-official", "triple_ron_aborts"): "triple_ron_aborts",
    ("italian-official", "tenpai_payment"): "tenpai_payment",
    ("italian-official", "nagashi_mangan_percent"): "nagashi_mangan_percent",
    ("italian-official", "value_system"): "payment_scheme",
    ("italian-official", "payment_scheme"): "value_system",
    ("italian-official", "honba_points"): "honba_points",
    ("italian-official", "uma_floating"): "uma_floating",
    # Three players need three uma values (all-pay is played at four); north tiles are set
    # aside only at three seats.
    **{(p, "players"): "uma" for p in engine.four_player_presets() if p != "italian-official"},
    ("italian-official", "players"): "players",
    **{(p, "north_dora"): "north_dora" for p in engine.four_player_presets()},
}

# The four-player presets, each option changed on its own (three-player rule sets: see
# test_services.py and tests/scoring/test_three_seats.py; their numbers tests/engine/test_sanma.py).
MATRIX = [(p, o) for p in engine.four_player_presets() for o in OPTION_NAMES]


def test_the_matrix_covers_every_preset_and_option():
    assert len(engine.four_player_presets()) == 10
    assert len(MATRIX) == 10 * len(OPTION_NAMES) == 610
    assert set(REFUSED) < set(MATRIX)


@pytest.mark.parametrize(("preset", "option"), MATRIX)
def test_a_rule_set_with_one_option_changed_scores_a_game(club, alice, players, preset, option):
    value, refusal = changed_value(preset, option)
    if (preset, option) in REFUSED:
        # Every allowed value of this option is refused on this template; so is the service.
        assert refusal is not None and refusal.field == REFUSED[(preset, option)]
        assert f"'{refusal.field}'" in str(refusal)
        descriptions = engine.describe_options(engine.get_preset(preset).rules)
        first = candidates(next(d for d in descriptions if d["name"] == option))[0]
        with pytest.raises(engine.RulesError) as e:
            services.ruleset_create(
                club=club,
                name="Refused",
                template_preset=preset,
                options={option: first},
                created_by=alice,
            )
        assert e.value.field == REFUSED[(preset, option)]
        return
    assert refusal is None
    ruleset = services.ruleset_create(
        club=club, name="Ours", template_preset=preset, options={option: value}, created_by=alice
    )
    version = ruleset.versions.get()
    assert version.options == {option: value}
    assert version.rules["preset"] == preset
    game = scoring.game_create(
        club=club, players=players, ruleset_version=version, created_by=alice
    )
    assert game.rules["options"][option] == value
    for hand in hands_for(game.rules):
        game = scoring.hand_submit(game=game, hand=hand, user=alice).game
    game = scoring.game_finish(game=game, user=alice)
    assert game.hand_count == 3
    assert game.final["over"] is True
    assert sorted(game.final["ranks"]) in ([1, 2, 3, 4], [1, 1, 3, 4], [1, 2, 2, 4], [1, 2, 3, 3])
