"""The Makefile's `run` target: the port it serves on is a setting."""

import os
import subprocess
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent


def _dry_run(*args):
    """The commands `make run` would run (make -n prints them and runs none), with no PORT
    from the environment."""
    env = {k: v for k, v in os.environ.items() if k != "PORT"}
    result = subprocess.run(
        ["make", "-n", "run", *args],
        cwd=PROJECT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_make_run_serves_on_the_port_it_is_given():
    commands = _dry_run("PORT=8001")

    assert "manage.py runserver 127.0.0.1:8001" in commands
    assert "http://127.0.0.1:8001/" in commands


def test_make_run_serves_on_8000_by_default():
    assert "manage.py runserver 127.0.0.1:8000" in _dry_run()


def _dry(target, *args):
    """The commands `make <target>` would run, with no WORKERS from the environment."""
    env = {k: v for k, v in os.environ.items() if k not in ("PORT", "WORKERS")}
    result = subprocess.run(
        ["make", "-n", target, *args],
        cwd=PROJECT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def _pytest_runs(lines):
    return [line for line in lines if "/bin/pytest" in line]


def test_make_test_runs_the_main_suite_in_parallel_and_the_browser_tests_alone():
    main, alone, browser = _pytest_runs(_dry("test"))

    assert main.endswith("pytest -n auto --dist loadfile --ignore=tests/api/test_schemathesis.py")
    # what xdist would cut short runs in one process: schemathesis's tests, one per operation
    assert alone.endswith("pytest -p no:xdist tests/api/test_schemathesis.py")
    assert browser.endswith("pytest tests/browser")
    assert "-n" not in browser.split()


def test_make_test_takes_the_number_of_workers():
    main, _, _ = _pytest_runs(_dry("test", "WORKERS=0"))

    assert main.endswith("pytest -n 0 --dist loadfile --ignore=tests/api/test_schemathesis.py")


def test_make_quick_runs_the_django_free_tests_only():
    (run,) = _pytest_runs(_dry("quick"))

    assert run.split()[1:] == [
        "-n",
        "auto",
        "-q",
        "tests/engine",
        "tests/entry",
        "tests/tournaments",
    ]
