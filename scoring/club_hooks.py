"""What scoring tells the apps below it, registered in ScoringConfig.ready(): the presets a
club may default to and the games that follow a merged player (clubs.registry), and whether a
league has games (leagues.registry)."""

from __future__ import annotations

from typing import Any

from django.db.models import F
from django.utils.translation import gettext

import engine
from clubs.models import Club, Player
from clubs.services import ClubError
from core.i18n import rule_word
from scoring import totals
from scoring.models import Game, GameSeat, Rotation, RotationGame, RotationSeat


def preset_choices(club: Club | None) -> tuple[str, list[tuple[str, str]]]:
    return (
        gettext("Presets"),
        [(f"preset:{p}", rule_word(engine.get_preset(p).name)) for p in engine.preset_ids()],
    )


def league_has_games(league: Any) -> bool:
    """Whether any game, in any state, was played in ``league``."""
    return Game.objects.filter(league_id=league.pk).exists()


def check_merge(kept: Player, duplicate: Player) -> None:
    """Refused when both sat in one game (a game cannot have one player twice), or are both in
    one rotation of five at a table."""
    shared = (
        Game.objects.filter(seats__player=kept)
        .filter(seats__player=duplicate)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    ids = list(shared[:5])
    if ids:
        games = ", ".join(str(pk) for pk in ids)
        raise ClubError(
            f"{kept.display_name} and {duplicate.display_name} both sat in game {games}: "
            "two players at one table are not the same person.",
            code="merge_same_game",
            field="duplicate",
        )
    rotation = Rotation.objects.filter(seats__player=kept).filter(seats__player=duplicate).first()
    if rotation is not None:
        raise ClubError(
            gettext(
                "%(kept)s and %(duplicate)s are both in the five at a table of %(day)s: two "
                "players of one rotation are not the same person."
            )
            % {
                "kept": kept.display_name,
                "duplicate": duplicate.display_name,
                "day": rotation.played_on.isoformat(),
            },
            code="merge_same_rotation",
            field="duplicate",
        )


def move_seats(kept: Player, duplicate: Player) -> None:
    """The duplicate's seats become the kept player's; statistics read seats, so they follow,
    and the kept player's running totals are recomputed (the duplicate's go with it). Each
    game touched goes up a version, so open pages refresh."""
    games = list(GameSeat.objects.filter(player=duplicate).values_list("game_id", flat=True))
    GameSeat.objects.filter(player=duplicate).update(player=kept)
    Game.objects.filter(pk__in=games).update(version=F("version") + 1)
    seasons = Game.objects.filter(pk__in=games, season__isnull=False).values_list(
        "season_id", flat=True
    )
    totals.players_merged(kept.pk, set(seasons))
    # Five at a table: the duplicate's places in rotations and the games they sat out.
    RotationSeat.objects.filter(player=duplicate).update(player=kept)
    RotationGame.objects.filter(sits_out=duplicate).update(sits_out=kept)
