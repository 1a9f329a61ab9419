"""A game entered by its final scores, for clubs that do not score hand by hand: the final
scores, the riichi sticks left on the table and each seat's chombo count, checked and settled
by the engine (``final_scores`` in the game record, docs/game-record.md), and corrected by an
organiser. Each write runs in one transaction, caches the engine's numbers (so standings
count the game as any other) and leaves an audit entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from clubs.models import Club, Player
from core.models import log_action
from scoring import policy
from scoring.errors import GameError
from scoring.models import Game
from scoring.services.games import game_start
from scoring.services.replay import (
    actor_role,
    cache_replay,
    club_role,
    enforce,
    lock_game,
    normalised_final_scores,
    replay,
)


@transaction.atomic
def game_final_scores_enter(
    *,
    club: Club,
    seats: Sequence[Player | str],
    final_scores: Any,
    created_by: Any,
    **create: Any,
) -> Game:
    """Enter a finished game by its final scores: the seats (players or names, a new name a
    guest, as when a game starts), ``final_scores`` (the record's object) and the rules as
    :func:`scoring.services.games.game_create` takes them (``rules``, ``league``,
    ``ruleset_version``, ``played_on``, ``table``). The start policy applies (a scorer); the
    engine refuses scores that do not add up, naming the field, before any row exists."""
    enforce(policy.start_refusal(club_role(club.pk, created_by)))
    if not isinstance(final_scores, dict):
        raise GameError(
            gettext("The final scores must be an object."),
            code="invalid_record",
            field="final_scores",
        )
    return game_start(
        club=club,
        seats=seats,
        created_by=created_by,
        seated_elsewhere_ok=True,  # the game is over: nobody is kept from another table
        final_scores=final_scores,
        **create,
    )


@transaction.atomic
def game_final_scores_correct(
    *, game: Game, final_scores: Any, user: Any, reason: str = ""
) -> Game:
    """Correct a game entered by its final scores and settle it again (an organiser, as for
    any correction of a finished game: :func:`scoring.policy.correct_refusal`). The standings
    follow in the same transaction; confirmations of the old result are cleared."""
    game = lock_game(game)
    enforce(policy.correct_refusal(actor_role(game, user), game.status))
    if game.final_scores is None:
        raise GameError(
            gettext("This game was entered hand by hand: correct its hands instead."),
            code="not_final_scores",
            field="final_scores",
        )
    before = {"final_scores": game.final_scores, "final": game.final}
    if not isinstance(final_scores, dict):
        raise GameError(
            gettext("The final scores must be an object."),
            code="invalid_record",
            field="final_scores",
        )
    game.final_scores = final_scores
    result = replay(game, [])  # the engine's refusal leaves the row as it was
    game.final_scores = normalised_final_scores(game)
    game.save(update_fields=["final_scores"])
    cache_replay(game, [], result, actor=user, cause="the final scores were corrected")
    log_action(
        "game.final_scores_corrected",
        actor=user,
        game=game,
        before=before,
        after={"final_scores": game.final_scores, "final": game.final},
        reason=reason,
    )
    return game
