"""Phones that send hands as the site's outbox does (static/offline/outbox.js): the entry form's
fields to /games/<id>/hands/send/, logged in with a session and a CSRF token, each hand with
its own idempotency key and the hand number it was typed against, sent again with the same
key whenever the answer is lost. Used by ``bench/load.py --outbox``."""

from __future__ import annotations

import http.client
import json
import random
import time
import uuid
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlencode


class Phone:
    """One phone: a session on one server (through the flaky proxy, if any)."""

    attempts = 30

    def __init__(self, port: int, stats: Any) -> None:
        self.port, self.stats = port, stats
        self.conn: http.client.HTTPConnection | None = None
        self.cookies: dict[str, str] = {}
        self.csrf = ""

    def request(
        self, method: str, path: str, fields: list[tuple[str, str]] | None = None
    ) -> tuple[int, Any, http.client.HTTPResponse | None]:
        payload = urlencode(fields) if fields is not None else None
        for attempt in range(self.attempts):
            headers = {"Accept": "application/json", "X-CSRFToken": self.csrf}
            if self.cookies:
                headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            if payload is not None:
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                t0 = time.perf_counter()
                self.conn.request(method, path, body=payload, headers=headers)
                resp = self.conn.getresponse()
                data = resp.read()
                self.stats.add(time.perf_counter() - t0)
                for header in resp.headers.get_all("Set-Cookie") or []:
                    for name, morsel in SimpleCookie(header).items():
                        self.cookies[name] = morsel.value
                try:
                    body = json.loads(data) if data else None
                except ValueError:
                    body = data.decode(errors="replace")
                return resp.status, body, resp
            except (OSError, http.client.HTTPException):
                self.conn = None
                with self.stats.lock:
                    self.stats.retried += 1
                time.sleep(0.2 * (attempt + 1))
        raise RuntimeError(f"{method} {path}: no answer after retries")

    def log_in(self, username: str, password: str) -> None:
        # The token from /offline/session/ (the login page itself needs collected static
        # files, which the load test's servers do not have).
        status, session, _ = self.request("GET", "/offline/session/")
        if status != 200:
            raise RuntimeError(f"/offline/session/ answered {status}")
        fields = [
            ("csrfmiddlewaretoken", session["csrf"]),
            ("username", username),
            ("password", password),
        ]
        status, _, _ = self.request("POST", "/login/", fields)
        if status != 302 or "sessionid" not in self.cookies:
            raise RuntimeError(f"logging in answered {status}")
        self.refresh_csrf()

    def refresh_csrf(self) -> None:
        """As the outbox does before each run: a fresh token for this session."""
        status, session, _ = self.request("GET", "/offline/session/")
        if status != 200 or not session.get("user"):
            raise RuntimeError(f"/offline/session/ answered {status}: {session}")
        self.csrf = session["csrf"]


def form_fields(hand: dict) -> list[tuple[str, str]]:
    """A game-record hand as the entry form's taps (the outbox stores exactly these)."""
    fields = [("result", hand["result"])]
    for win in hand.get("wins", []):
        seat = win["seat"]
        fields += [
            ("winners", str(seat)),
            (f"value_{seat}", str(win["han"])),
            (f"fu_{seat}", str(win["fu"])),
        ]
    if hand["result"] == "ron":
        fields.append(("discarder", str(hand["from"])))
    fields += [("tenpai", str(s)) for s in hand.get("tenpai", [])]
    fields += [("riichi", str(s)) for s in hand.get("riichi", [])]
    return fields


def outbox_table(
    index: int,
    api: Any,
    phones: tuple[Phone, Phone],
    club: str,
    player_ids: list[int],
    deadline: float,
    stats: Any,
    log: dict,
    random_hand: Any,
    start_game: Any,
) -> None:
    """A table whose scorer's phone sends every hand through the outbox's endpoint: 10% are
    sent again with the same key (the answer must be the first one), 5% of the time the second
    phone sends a hand with a stale number (409, nothing entered)."""
    rng = random.Random(index)
    phone, second = phones
    while time.monotonic() < deadline:
        status, game = start_game(api, club, rng.sample(player_ids, 4))
        if status != 201:
            stats.error(f"table {index}: create game answered {status}: {game}")
            return
        gid = game["id"]
        keys: dict[str, int] = {}
        log[gid] = keys
        number = 1
        path = f"/games/{gid}/hands/send/"
        while time.monotonic() < deadline:
            hand = random_hand(rng, [25000] * 4)
            for win in hand.get("wins", []):
                win["han"] = min(win["han"], 4)  # the form's han buttons; limits by name
            fields = form_fields(hand)
            if rng.random() < 0.05 and number > 1:
                stale = [*fields, ("key", str(uuid.uuid4())), ("expected_number", str(number - 1))]
                s, body, _ = second.request("POST", path, stale)
                if s == 409 and body["error"]["code"] == "stale_hand_number":
                    with stats.lock:
                        stats.stale_409 += 1
                else:
                    stats.error(f"game {gid}: a stale hand from the outbox answered {s}")
            key = str(uuid.uuid4())
            sent = [*fields, ("key", key), ("expected_number", str(number))]
            s, answer, _ = phone.request("POST", path, sent)
            if s in (400, 422):  # a hand the rules refuse (a riichi after a bust): skip it
                continue
            if s not in (200, 201):
                stats.error(f"game {gid} hand {number}: the outbox got {s}: {answer}")
                break
            if not answer["repeated"]:  # else an answer lost in the proxy, resent
                with stats.lock:
                    stats.created += 1
            keys[key] = answer["number"]
            if rng.random() < 0.10:
                s2, again, _ = second.request("POST", path, sent)
                if s2 == 201 and again["number"] == answer["number"] and again["repeated"]:
                    with stats.lock:
                        stats.repeats_ok += 1
                else:
                    stats.error(f"game {gid}: a repeated outbox key answered {s2}: {again}")
            number = answer["number"] + 1
            if not answer["running"]:
                break
