"""Backup and restore of a whole club as one JSON document.

``export_club`` writes everything a club owns: its logins (with their password hashes, so a
restore keeps them working), memberships, players, rule sets with every version, leagues and
seasons, every game as a game record with what the club knows about it (league, season, table,
status, who confirmed), its tournaments (entrants, rounds, tables with their games, seats and
penalties; the players' EMA names and numbers ride with the players), its nights of five at
a table (rotations: the sit-out order, and each game with who sat it out), and the audit
trail.
``import_club`` restores that into a database that does not have the club yet. The numbers
of a game are not in the file: they come from the engine's replay of the game records on
import, like every other number in Tenbou.
Idempotency keys of past submissions are not kept (they only matter for minutes).

The package: ``export`` writes the file, ``validation`` checks one (``check_backup``) and
``restore`` writes a checked one into the database.
"""

from clubhouse.backup.export import export_club
from clubhouse.backup.restore import import_club
from clubhouse.backup.validation import FORMAT, BackupError, check_backup

__all__ = ["FORMAT", "BackupError", "check_backup", "export_club", "import_club"]
