"""Django on a throwaway database for the benchmarks that run the whole stack in-process:
DEBUG off as in production, the database in DATABASE_URL (default: a new SQLite file), a test
database made and dropped around the run on PostgreSQL."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable


def run_on_throwaway_database(name: str, run: Callable[[], int]) -> int:
    """Set Django up on a throwaway database named after ``name``, call ``run``, drop it."""
    tmp = tempfile.mkdtemp()
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{tmp}/{name}.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "false"  # as in production: no query log
    os.environ.setdefault("SECRET_KEY", "bench-" + "x" * 50)
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    os.environ["SECURE_SSL_REDIRECT"] = "false"  # no proxy in front of the test client
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    if connection.vendor != "sqlite":
        connection.creation.create_test_db(verbosity=0, autoclobber=True)
    else:
        call_command("migrate", verbosity=0)
    settings.ALLOWED_HOSTS = ["testserver"]
    try:
        return run()
    finally:
        if connection.vendor != "sqlite":
            connection.creation.destroy_test_db(old_name, verbosity=0)
