"""The clocks a game may run on, told to scoring by the apps above it.

scoring does not know why a game has a deadline: a tournament's round (the tournaments app,
a floor above, which scoring never imports) registers a provider in its ``AppConfig.ready()``
that gives a game's end time, or None. Once that time has passed, the next hand recorded is
the game's last: the rule set's time-limit ending (the hand in play is finished, then the
game ends with the settlement), applied by :func:`scoring.services.hands.hand_submit`; the
entry screen shows the time left (:func:`seconds_left`).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING

from django.utils import timezone
from django.utils.translation import gettext

if TYPE_CHECKING:
    from scoring.models import Game

# game -> the time its clock runs out, or None when this provider gives it no clock.
GameClock = Callable[["Game"], "datetime.datetime | None"]

_clocks: list[GameClock] = []


def register_game_clock(clock: GameClock) -> None:
    if clock not in _clocks:
        _clocks.append(clock)


def game_deadline(game: Game) -> datetime.datetime | None:
    """The earliest time any registered clock gives ``game``, None when none runs for it."""
    times = [t for t in (clock(game) for clock in _clocks) if t is not None]
    return min(times, default=None)


def seconds_left(game: Game, now: datetime.datetime | None = None) -> int | None:
    """Whole seconds until the game's clock runs out (0 once it has), None without a clock."""
    deadline = game_deadline(game)
    if deadline is None:
        return None
    now = now or timezone.now()
    return max(0, int((deadline - now).total_seconds()))


def time_is_up(game: Game, now: datetime.datetime | None = None) -> bool:
    """Whether the game's clock has run out: its next hand ends it."""
    deadline = game_deadline(game)
    return deadline is not None and (now or timezone.now()) >= deadline


def clock_text(seconds: int | None) -> str:
    """``1:05:09``, ``12:04``, ``0:00``: a clock's time left as the pages show it.

    >>> clock_text(3909), clock_text(724), clock_text(0), clock_text(None)
    ('1:05:09', '12:04', '0:00', '')
    """
    if seconds is None:
        return ""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def entry_clock(game: Game, now: datetime.datetime | None = None) -> dict[str, object] | None:
    """What the entry screen shows of a running game's clock (None without one): the seconds
    left, the sentence now, and the sentences the page's script counts down with
    (``static/js/clock.js``: ``{clock}`` in ``left`` is the time left)."""
    if not game.is_running:
        return None
    seconds = seconds_left(game, now)
    if seconds is None:
        return None
    left = gettext("%(clock)s left in the round")
    time_up = gettext("Time is up: this hand ends the game.")
    return {
        "seconds": seconds,
        "text": left % {"clock": clock_text(seconds)} if seconds else time_up,
        "left": left.replace("%(clock)s", "{clock}"),
        "time_up": time_up,
    }
