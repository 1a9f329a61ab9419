"""Two devices at one table, for real: a gunicorn server (two processes of four threads each)
on the test database, and requests sent at the same moment from threads.

On PostgreSQL the server works on the test database itself (the test's data is committed:
``transactional_db``). SQLite's test database lives in this process's memory, so it is copied
into a file the server opens; what the server wrote is then read back through its own API.

TENBOU_TEST_PORTS ("8100-8199") makes the server take the first free port of that range (each
parallel worker starts ten further on); without it the system picks a free one.
"""

import html
import http.client
import json
import os
import re
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection
from django.test import Client
from rest_framework.authtoken.models import Token

from scoring import services
from tests.scoring.conftest import RON, TSUMO

ROOT = Path(__file__).resolve().parents[2]
DEVICES = 8


def _free_port():
    ports = os.environ.get("TENBOU_TEST_PORTS", "")
    candidates = range(int(ports.split("-")[0]), int(ports.split("-")[1]) + 1) if ports else [0]
    # Parallel workers (pytest-xdist: gw0, gw1 ...) start ten ports apart, so two of them do not
    # both find one port free before either server has bound it.
    worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
    start = worker * 10 % len(candidates)
    candidates = [*candidates[start:], *candidates[:start]]
    for port in candidates:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return s.getsockname()[1]
    raise RuntimeError(f"no free port in {ports}")


def _database_url(tmp_path):
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        path = tmp_path / "race.sqlite3"
        connection.ensure_connection()
        target = sqlite3.connect(path)
        connection.connection.backup(target)
        target.close()
        return f"sqlite:///{path}"
    user = quote(settings["USER"] or "")
    password = f":{quote(settings['PASSWORD'])}" if settings.get("PASSWORD") else ""
    host = settings["HOST"] or "127.0.0.1"
    port = settings["PORT"] or 5432
    return f"postgres://{user}{password}@{host}:{port}/{settings['NAME']}"


class Server:
    """A gunicorn of the project on the test's data; requests through http.client."""

    def __init__(self, tmp_path):
        self.port = _free_port()
        self.log = tmp_path / "gunicorn.log"
        env = {
            **os.environ,
            "DATABASE_URL": _database_url(tmp_path),
            "DEBUG": "true",
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "false",
            "LOG_LEVEL": "WARNING",
        }
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                "2",
                "--worker-class",
                "gthread",
                "--threads",
                "4",
                "--preload",
            ],
            cwd=ROOT,
            env=env,
            stdout=self.log.open("w"),
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if self.request("GET", "/api/presets/")[0] == 200:
                    return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"gunicorn did not start:\n{self.log.read_text()}")

    def request(self, method, path, body=None, headers=None):
        """(status, headers, body as text) of one request on a connection of its own."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            response = conn.getresponse()
            return response.status, dict(response.getheaders()), response.read().decode()
        finally:
            conn.close()

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def start_server(transactional_db, tmp_path):
    servers = []

    def start():
        servers.append(Server(tmp_path))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def four_hands(club, table, bob):
    game = services.game_create(club=club, players=table, rules="japanese-modern", created_by=bob)
    draw = {"result": "draw", "tenpai": [0, 2]}
    for number, hand in enumerate((RON, TSUMO, draw, RON), start=1):
        services.hand_submit(game=game, hand=hand, user=bob, expected_number=number)
    return game


def _at_once(n, work):
    """``work(i)`` in n threads released together; the answers in order of i."""
    barrier = threading.Barrier(n)

    def run(i):
        barrier.wait()
        return work(i)

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(run, range(n)))


# ---------------------------------------------------------------------------------------------
# The API


def _api(bob):
    token = Token.objects.create(user=bob).key
    return {"Authorization": f"Token {token}", "Content-Type": "application/json"}


def test_parallel_corrections_with_one_etag_let_exactly_one_through(start_server, four_hands, bob):
    auth = _api(bob)
    server = start_server()
    url = f"/api/games/{four_hands.pk}/hands/3/"
    status, headers, _ = server.request("GET", url, headers=auth)
    assert status == 200
    tag = headers["ETag"]
    version = json.loads(server.request("GET", f"/api/games/{four_hands.pk}/", headers=auth)[2])[
        "version"
    ]

    def correct(i):
        # Each device means a different hand: who was ready at the draw.
        body = {"result": "draw", "tenpai": [i % 4], "reason": f"device {i}"}
        return server.request("PUT", url, json.dumps(body), {**auth, "If-Match": tag})

    answers = _at_once(DEVICES, correct)

    statuses = [status for status, _, _ in answers]
    assert sorted(statuses) == [200] + [412] * (DEVICES - 1), server.log.read_text()[-3000:]
    winner = statuses.index(200)
    now = {"result": "draw", "tenpai": [winner % 4]}
    for status, headers, body in answers:
        if status == 412:
            # Every loser is shown the winner's hand, with its tag.
            assert json.loads(body)["hand"]["hand"] == now
            assert headers["ETag"] == answers[winner][1]["ETag"]
    status, headers, body = server.request("GET", url, headers=auth)
    assert json.loads(body)["hand"] == now and headers["ETag"] == answers[winner][1]["ETag"]
    game = json.loads(server.request("GET", f"/api/games/{four_hands.pk}/", headers=auth)[2])
    assert game["version"] == version + 1  # one write, not eight


def test_a_stale_device_cannot_correct_the_hand_that_moved_into_its_number(
    start_server, four_hands, bob
):
    auth = _api(bob)
    server = start_server()
    hands = f"/api/games/{four_hands.pk}/hands/"
    # Both devices read; the first deletes hand 2, so hand 4 becomes hand 3.
    tag_3 = server.request("GET", hands + "3/", headers=auth)[1]["ETag"]
    tag_2 = server.request("GET", hands + "2/", headers=auth)[1]["ETag"]
    deleted = server.request(
        "DELETE", hands + "2/?reason=twice", headers={**auth, "If-Match": tag_2}
    )
    assert deleted[0] == 200

    status, _, body = server.request(
        "PUT",
        hands + "3/",
        json.dumps({"result": "draw", "tenpai": [1], "reason": "fix"}),
        {**auth, "If-Match": tag_3},
    )

    assert status == 412
    assert json.loads(body)["hand"]["hand"] == RON  # what was hand 4, as it is
    game = json.loads(server.request("GET", f"/api/games/{four_hands.pk}/", headers=auth)[2])
    assert [h["hand"] for h in game["hands"]] == [RON, {"result": "draw", "tenpai": [0, 2]}, RON]


# ---------------------------------------------------------------------------------------------
# The web form


def _logged_in(bob, n):
    """n sessions of bob (made before the server starts, so that SQLite's copy has them)."""
    sessions = []
    for _ in range(n):
        client = Client()
        client.force_login(bob)
        sessions.append(f"sessionid={client.cookies['sessionid'].value}")
    return sessions


def _open(server, session, path):
    """A device drawing the page at ``path``: (its cookies with the CSRF one, the page)."""
    status, headers, page = server.request("GET", path, headers={"Cookie": session})
    assert status == 200, page
    csrf = re.search(r"csrftoken=([^;]+)", headers["Set-Cookie"]).group(1)
    return {"Cookie": f"{session}; csrftoken={csrf}"}, page


def _field(page, name):
    return html.unescape(re.search(rf'name="{name}" value="([^"]*)"', page).group(1))


def _post(server, path, cookies, page, data):
    form = {"csrfmiddlewaretoken": _field(page, "csrfmiddlewaretoken"), **data}
    body = "&".join(f"{quote(k)}={quote(str(v))}" for k, v in form.items())
    headers = {**cookies, "Content-Type": "application/x-www-form-urlencoded"}
    return server.request("POST", path, body, headers)


def test_parallel_saves_of_one_correction_form_save_once(start_server, four_hands, bob):
    sessions = _logged_in(bob, DEVICES)
    auth = _api(bob)
    server = start_server()
    path = f"/games/{four_hands.pk}/hands/3/"
    devices = [_open(server, session, path) for session in sessions]

    def save(i):
        cookies, page = devices[i]
        data = {
            "result": "draw",
            "tenpai": str(i % 4),
            "change_reason": f"device {i}",
            "hand_tag": _field(page, "hand_tag"),
            "save": "1",
        }
        return _post(server, path, cookies, page, data)

    answers = _at_once(DEVICES, save)

    statuses = [status for status, _, _ in answers]
    assert sorted(statuses) == [200] * (DEVICES - 1) + [302], server.log.read_text()[-3000:]
    for status, _, page in answers:
        if status == 200:
            assert "Another device changed hand 3 while this page was open" in page
    winner = statuses.index(302)
    hand = json.loads(server.request("GET", f"/api/games/{four_hands.pk}/hands/3/", None, auth)[2])
    assert hand["hand"] == {"result": "draw", "tenpai": [winner % 4]}


def test_a_stale_correction_page_after_a_delete_shows_the_hand_now_and_keeps_the_typing(
    start_server, four_hands, bob
):
    first, second = _logged_in(bob, 2)
    auth = _api(bob)
    server = start_server()
    cookies_a, page_a = _open(server, first, f"/games/{four_hands.pk}/hands/3/")
    cookies_b, page_b = _open(server, second, f"/games/{four_hands.pk}/hands/2/")
    # Device b deletes hand 2 from its page; device a then saves its correction of hand 3.
    deleted = _post(
        server,
        f"/games/{four_hands.pk}/hands/2/delete/",
        cookies_b,
        page_b,
        {"reason": "entered twice", "hand_tag": _field(page_b, "hand_tag")},
    )
    assert deleted[0] == 302

    status, _, answer = _post(
        server,
        f"/games/{four_hands.pk}/hands/3/",
        cookies_a,
        page_a,
        {
            "result": "draw",
            "tenpai": "1",
            "change_reason": "Bruno was ready",
            "hand_tag": _field(page_a, "hand_tag"),
            "save": "1",
        },
    )

    assert status == 200
    assert "Another device changed hand 3 while this page was open" in answer
    # The other device's version (what was hand 4: Chiara's ron), and what this scorer typed.
    assert re.search(r"Hand 3 is now: E\S+ · Chiara won on Daiki&#x27;s discard \(2 han", answer)
    assert 'name="change_reason" maxlength="200" required value="Bruno was ready"' in answer
    assert 'value="draw" checked' in answer
    # Saving again is a decision taken on the hand as it is now: the form carries its tag.
    assert _field(answer, "hand_tag") != _field(page_a, "hand_tag")
    game = json.loads(server.request("GET", f"/api/games/{four_hands.pk}/", headers=auth)[2])
    assert [h["hand"] for h in game["hands"]] == [RON, {"result": "draw", "tenpai": [0, 2]}, RON]
