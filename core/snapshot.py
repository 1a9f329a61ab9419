"""Reading many tables as of one moment, while the site goes on writing.

A backup reads a club in dozens of queries; a hand saved between two of them would leave the
file with a game that lacks a hand its audit trail records, or a game marked running whose
hands end it (which the restore refuses). :func:`read_snapshot` runs those reads in one
transaction that sees the database as it was at its first read, and blocks no writer:

- PostgreSQL: ``SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`` as the
  transaction's first statement (Django's ``atomic`` opens the transaction; psycopg begins it
  with that statement). Every query then reads the snapshot taken at the first one.
- SQLite: one ``BEGIN DEFERRED`` read transaction. The settings make ``atomic`` begin
  IMMEDIATE, which would take the write lock for the whole export and queue every table's
  hands behind it; a deferred transaction takes no lock until it writes, and in WAL mode its
  first read fixes the snapshot every later read sees, while writers go on committing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from django.db import DEFAULT_DB_ALIAS, connections, transaction


@contextmanager
def read_snapshot(using: str = DEFAULT_DB_ALIAS) -> Iterator[None]:
    """Run the block's reads in one snapshot of the database (it must not write).

    Inside a transaction already (a test, a caller's ``atomic``) the block reads in that one.
    """
    connection = connections[using]
    if connection.in_atomic_block:
        yield
        return
    with ExitStack() as stack:
        if connection.vendor == "sqlite":
            connection.ensure_connection()  # connecting sets the mode from the settings
            mode = connection.transaction_mode
            connection.transaction_mode = "DEFERRED"  # read only while atomic begins
            try:
                stack.enter_context(transaction.atomic(using=using))
            finally:
                connection.transaction_mode = mode
        else:
            stack.enter_context(transaction.atomic(using=using))
            if connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield
