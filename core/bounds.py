"""The bounds of what the site stores: one set, read by the forms, the API and the restore.

Each bound is checked where a value comes in (a form field, an API serializer, a service) and
again by ``clubhouse.backup.check_backup`` when a backup is restored, from the same constant:
whatever the site accepted, its own backup restores. The integer bounds also fit both
databases' integer columns (PostgreSQL's ``integer`` ends at 2,147,483,647; a value beyond
it is a 500 there, while SQLite stores it and the restore would then refuse it).

The bounds of a game record (hands, points, penalties) are the engine's own
(``engine.record``): the engine checks every record, on the phone and in the command
line too. A hand's note is bounded here, at the site's doors, not by the engine's replay: a
game entered before the bound keeps replaying as it did.

>>> NOTE, DESCRIPTION, GAMES, PLACEMENT_POINTS
(1000, 10000, 100000, 1000000)
"""

from __future__ import annotations

NAME = 100
"""A club's, a rule set's, a league's or a season's name (characters)."""
SLUG = 50
"""A club's or a league's short name in addresses (characters)."""
PLAYER_NAME = 60
"""A player's display name (characters)."""
TABLE = 40
"""A game's table (characters)."""
DESCRIPTION = 10_000
"""A rule set's description (characters)."""
NOTE = 1_000
"""A hand's note (characters): enough for what happened at the table, not a document; every
page and sheet that lists the hands prints it."""
REASON = 200
"""Why a hand is corrected or a game abandoned (characters)."""
TEXT = 10_000
"""Any other free text a backup holds (an audit entry's reason, written by the site)."""

GAMES = 100_000
"""A count of games a league names (games to qualify, worst results dropped)."""
PLACEMENT_POINTS = 1_000_000
"""The largest placement points, up or down, one placement may give."""

EVENT_ROUNDS = 50
"""The most rounds of a tournament."""
ROUND_MINUTES = 24 * 60
"""The longest round of a tournament (minutes)."""
PENALTY_POINTS = PLACEMENT_POINTS * 10
"""The largest tournament penalty, up or down, in the results' unit (tenths of 1,000 points
under uma): more than any game's result could be."""
ROWS = 100_000
"""The most rows of one kind (users, players, games...) a backup may hold."""

DATABASE_INTEGER = 2_147_483_647
"""The largest integer every database's integer column holds (PostgreSQL's ``integer``)."""
DATABASE_ID = 9_223_372_036_854_775_807
"""The largest row id (a ``bigint``, SQLite's integer): an id beyond it names no row."""
