"""The settings module fails loudly, naming the variable, and is deploy-ready in production."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.core.management.utils import get_random_secret_key

from config.settings import env_bool, env_database, env_int, env_list, env_str

PROJECT = Path(__file__).resolve().parent.parent


def _manage(*args, **env):
    """Run manage.py in a fresh process, with `env` on top of the current environment."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=PROJECT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("true", True), ("1", True), ("Yes", True), ("on", True), ("false", False), ("0", False)],
)
def test_it_reads_a_boolean(monkeypatch, raw, expected):
    monkeypatch.setenv("DEBUG", raw)

    assert env_bool("DEBUG", not expected) is expected


def test_it_uses_the_default_for_an_unset_boolean(monkeypatch):
    monkeypatch.delenv("DEBUG", raising=False)

    assert env_bool("DEBUG", True) is True


def test_it_rejects_a_junk_debug_value(monkeypatch):
    monkeypatch.setenv("DEBUG", "maybe")

    with pytest.raises(ImproperlyConfigured, match=r"DEBUG .*'maybe'"):
        env_bool("DEBUG", True)


def test_it_rejects_a_missing_required_value(monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)

    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY"):
        env_str("SECRET_KEY")


def test_it_rejects_a_junk_number(monkeypatch):
    monkeypatch.setenv("SECURE_HSTS_SECONDS", "a year")

    with pytest.raises(ImproperlyConfigured, match="SECURE_HSTS_SECONDS"):
        env_int("SECURE_HSTS_SECONDS", 0)


def test_it_splits_a_comma_list(monkeypatch):
    monkeypatch.setenv("ALLOWED_HOSTS", " example.org, www.example.org ,")

    assert env_list("ALLOWED_HOSTS") == ["example.org", "www.example.org"]


def test_it_rejects_an_unknown_database_scheme(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "nosuchdb://somewhere/tenbou")

    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        env_database("DATABASE_URL", "sqlite:///unused.sqlite3")


def test_it_reads_a_postgres_url(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://tenbou@db.example.org:5432/tenbou")

    config = env_database("DATABASE_URL", "sqlite:///unused.sqlite3")

    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["HOST"], config["NAME"], config["USER"]) == (
        "db.example.org",
        "tenbou",
        "tenbou",
    )


def test_an_sqlite_database_queues_writes_instead_of_failing(monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("SQLITE_BUSY_TIMEOUT", "7")

    config = env_database("DATABASE_URL", "sqlite:///club.sqlite3")

    assert config["OPTIONS"] == {
        "transaction_mode": "IMMEDIATE",
        "timeout": 7,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }


def test_a_postgres_database_gets_no_sqlite_options(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://tenbou@db.example.org:5432/tenbou")

    config = env_database("DATABASE_URL", "sqlite:///unused.sqlite3")

    assert "transaction_mode" not in config.get("OPTIONS", {})


def test_it_refuses_to_start_in_production_without_a_secret_key():
    env = {"DEBUG": "false", "SECRET_KEY": "", "ALLOWED_HOSTS": "example.org"}

    result = _manage("check", **env)

    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_it_refuses_to_start_with_a_junk_debug_value():
    result = _manage("check", DEBUG="maybe")

    assert result.returncode != 0
    assert "DEBUG" in result.stderr


def test_it_refuses_to_start_with_a_junk_signup_setting():
    result = _manage("check", SIGNUP_OPEN="sometimes")

    assert result.returncode != 0
    assert "SIGNUP_OPEN" in result.stderr


def test_mail_goes_through_smtp_when_a_host_is_given():
    env = {"EMAIL_HOST": "mail.example.org", "EMAIL_PORT": "2525"}

    result = _manage(
        "shell",
        "-c",
        "from django.conf import settings; m = settings.MAILERS['default']; "
        "print(m['BACKEND'], m['OPTIONS']['host'], m['OPTIONS']['port'], settings.MAIL_CONFIGURED)",
        **env,
    )

    assert result.stdout.strip().splitlines()[-1].split() == [
        "django.core.mail.backends.smtp.EmailBackend",
        "mail.example.org",
        "2525",
        "True",
    ]


def test_without_a_mail_host_production_offers_no_reset_by_mail():
    env = {"DEBUG": "false", "SECRET_KEY": get_random_secret_key(), "ALLOWED_HOSTS": "x.org"}

    result = _manage(
        "shell", "-c", "from django.conf import settings; print(settings.MAIL_CONFIGURED)", **env
    )

    assert result.stdout.strip().splitlines()[-1].split() == ["False"]


def test_check_deploy_is_clean_in_production(settings, tmp_path):
    # After collectstatic, as docs/deploy.md orders it (the service worker's check, scoring.E001,
    # needs the manifest). Django's manifest storage writes the manifest WhiteNoise's reads,
    # without compressing every file.
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    env = {
        "DEBUG": "False",
        "SECRET_KEY": get_random_secret_key(),
        "ALLOWED_HOSTS": "example.org",
        "STATIC_ROOT": str(tmp_path),
    }

    result = _manage("check", "--deploy", **env)

    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNING" not in result.stderr + result.stdout


def test_check_deploy_says_when_the_static_files_were_not_collected(tmp_path):
    env = {
        "DEBUG": "False",
        "SECRET_KEY": get_random_secret_key(),
        "ALLOWED_HOSTS": "example.org",
        "STATIC_ROOT": str(tmp_path),
    }

    result = _manage("check", "--deploy", **env)

    assert result.returncode == 1
    assert "scoring.E001" in result.stderr and "collectstatic" in result.stderr
