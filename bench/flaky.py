"""A flaky network on this machine: a TCP proxy that drops or delays a share of the traffic
between the simulated phones and a server, as a club's basement signal does.

Each chunk the client sends (a request) and each chunk the server answers is rolled for:

- drop the request: both connections close before the server sees it;
- drop the answer: the server did the work, the phone never hears of it (the case an
  idempotency key exists for: the phone sends the same hand again);
- delay it by up to ``max_delay`` seconds.

Used by ``bench/load.py --flaky SHARE``; listens on 127.0.0.1 only.
"""

from __future__ import annotations

import contextlib
import random
import socket
import threading
import time
from dataclasses import dataclass, field


@dataclass
class FlakyStats:
    connections: int = 0
    requests_dropped: int = 0
    answers_dropped: int = 0
    delayed: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def count(self, name: str) -> None:
        with self.lock:
            setattr(self, name, getattr(self, name) + 1)


class FlakyProxy:
    """Listens on ``listen_port`` and forwards to ``target_port``, both on 127.0.0.1."""

    def __init__(
        self,
        listen_port: int,
        target_port: int,
        share: float,
        stats: FlakyStats,
        *,
        seed: int = 0,
        max_delay: float = 1.5,
    ) -> None:
        if not 0 <= share <= 1:
            raise ValueError(f"the flaky share must be between 0 and 1, not {share}")
        self.listen_port, self.target_port = listen_port, target_port
        self.share, self.stats, self.max_delay = share, stats, max_delay
        self.rng = random.Random(seed)
        self.rng_lock = threading.Lock()
        self.server = socket.create_server(("127.0.0.1", listen_port), reuse_port=False)
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._accept, daemon=True)

    def start(self) -> FlakyProxy:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopped.set()
        self.server.close()

    def _roll(self) -> str:
        """'drop', 'delay' or 'pass': a share of chunks is disturbed, half dropped, half delayed."""
        with self.rng_lock:
            r = self.rng.random()
            delay = self.rng.uniform(0.1, self.max_delay)
        if r < self.share / 2:
            return "drop"
        if r < self.share:
            return f"delay:{delay}"
        return "pass"

    def _accept(self) -> None:
        while not self.stopped.is_set():
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            self.stats.count("connections")
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        try:
            upstream = socket.create_connection(("127.0.0.1", self.target_port), timeout=60)
        except OSError:
            client.close()
            return
        closed = threading.Event()

        def close_both() -> None:
            closed.set()
            for s in (client, upstream):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                s.close()

        def pump(src: socket.socket, dst: socket.socket, drop_counter: str) -> None:
            while not closed.is_set():
                try:
                    chunk = src.recv(65536)
                except OSError:
                    break
                if not chunk:
                    break
                fate = self._roll()
                if fate == "drop":
                    self.stats.count(drop_counter)
                    break
                if fate.startswith("delay:"):
                    self.stats.count("delayed")
                    time.sleep(float(fate.split(":", 1)[1]))
                try:
                    dst.sendall(chunk)
                except OSError:
                    break
            close_both()

        back = threading.Thread(
            target=pump, args=(upstream, client, "answers_dropped"), daemon=True
        )
        back.start()
        pump(client, upstream, "requests_dropped")
        back.join(timeout=60)
