"""Demo data of the rulesets app, called by `clubhouse.demo.seed_demo`; idempotent.

The demo club plays East-only parlour games under its own rule set, "Parlour East": Japanese
Modern with nagashi mangan paid in full and 1,500 per counter. One finished game uses it.
"""

from __future__ import annotations

from typing import Any

from rulesets.models import RuleSet
from rulesets.services import ruleset_create
from scoring import services as scoring
from scoring.models import Game

NAME = "Parlour East"
TEMPLATE = "japanese-modern"
OPTIONS = {"length": "east", "nagashi_mangan_percent": 100, "honba_points": 1500}
DESCRIPTION = "Quick East-only games on club nights: nagashi mangan pays in full, counters 1,500."

# An East-only game: a draw (the dealer keeps the deal), a win on a counter, a nagashi mangan,
# then two wins that pass the deal; the rules end it after East 4.
HANDS: tuple[dict[str, Any], ...] = (
    {"result": "draw", "tenpai": [0, 2], "riichi": [2]},
    {"result": "ron", "from": 3, "wins": [{"seat": 1, "han": 3, "fu": 30}]},
    {"result": "draw", "tenpai": [], "nagashi": [3]},
    {"result": "tsumo", "wins": [{"seat": 0, "han": 2, "fu": 30}], "riichi": [0]},
    {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 4, "fu": 30}]},
)


def seed(club: Any, user: Any) -> int:
    """Create what is missing; return how many objects were created."""
    created = 0
    ruleset = RuleSet.objects.filter(club=club, name=NAME).first()
    if ruleset is None:
        ruleset = ruleset_create(
            club=club,
            name=NAME,
            description=DESCRIPTION,
            template_preset=TEMPLATE,
            options=OPTIONS,
            created_by=user,
        )
        created += 1
    version = ruleset.versions.order_by("number").first()
    if Game.objects.filter(ruleset_version__ruleset=ruleset).exists():
        return created
    players = list(club.players.order_by("pk")[:4])
    if len(players) < 4:
        return created
    game = scoring.game_create(
        club=club, players=players, ruleset_version=version, created_by=user, table="Table 1"
    )
    for hand in HANDS:
        game = scoring.hand_submit(game=game, hand=hand, user=user).game
    if not game.over:
        scoring.game_finish(game=game, user=user)
    return created + 1
