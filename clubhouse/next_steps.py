"""What to do next on a club's page: the organiser's and scorer's short list (add players,
invite people, games running, results waiting for confirmation, the season's standings).

It reads across apps (clubs, scoring, leagues), so it lives on the top floor and registers
itself as a section of the club's page (core.sections)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext, ngettext

from clubs import policy
from clubs.models import Club
from leagues import selectors as league_selectors
from scoring.models import Game


@dataclass(frozen=True)
class Step:
    text: str
    url: str
    link: str


def next_steps(club: Club, role: Any) -> list[Step]:
    """The steps for ``role`` in ``club``, most pressing first (none for outsiders)."""
    if role is None:
        return []
    slug = club.slug
    steps: list[Step] = []
    players = club.players.active().count()
    if players < 4 and policy.may_add_players(role):
        steps.append(
            Step(
                ngettext(
                    "The club has %(count)s player: a game needs four.",
                    "The club has %(count)s players: a game needs four.",
                    players,
                )
                % {"count": players},
                reverse("clubs:people", args=[slug]),
                gettext("Add players"),
            )
        )
    if policy.may_manage_members(role) and club.memberships.count() == 1:
        steps.append(
            Step(
                gettext("You are the club's only member: invite the scorers and players."),
                reverse("clubs:invitations", args=[slug]),
                gettext("Invite people"),
            )
        )
    running = Game.objects.running().filter(club=club).count()
    if running:
        steps.append(
            Step(
                ngettext(
                    "%(count)s game is running tonight.",
                    "%(count)s games are running tonight.",
                    running,
                )
                % {"count": running},
                reverse("scoring:club_games", args=[slug]),
                gettext("See the games"),
            )
        )
    elif policy.may_add_players(role) and players >= 4:
        steps.append(
            Step(
                gettext("No game is running."),
                reverse("scoring:game_new", args=[slug]),
                gettext("Start a game"),
            )
        )
    waiting = (
        Game.objects.finished()
        .filter(club=club, seats__confirmed_at__isnull=True)
        .distinct()
        .count()
    )
    if waiting:
        steps.append(
            Step(
                ngettext(
                    "%(count)s finished game waits for players to confirm the result.",
                    "%(count)s finished games wait for players to confirm the result.",
                    waiting,
                )
                % {"count": waiting},
                reverse("scoring:club_games", args=[slug]),
                gettext("See the games"),
            )
        )
    for league in club.leagues.all():
        season = league_selectors.current_season(league)
        if season is not None:
            steps.append(
                Step(
                    gettext("%(league)s: the %(season)s standings.")
                    % {"league": league.name, "season": season.name},
                    reverse(
                        "leagues:season_detail",
                        kwargs={"slug": slug, "league_slug": league.slug, "pk": season.pk},
                    ),
                    gettext("Standings"),
                )
            )
    if policy.may_manage_players(role) and club.player_claims.filter(status="pending").exists():
        steps.insert(
            0,
            Step(
                gettext("A member asks to be linked to a guest player."),
                reverse("clubs:people", args=[slug]),
                gettext("Answer"),
            ),
        )
    return steps


def club_section(request: Any, club: Club, role: Any) -> dict[str, Any]:
    return {"next_steps": next_steps(club, role)}
