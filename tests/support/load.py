"""A write load that survives faults: one thread per game plays it with idempotent moves,
resending the same request (same `Idempotency-Key`) until it gets a definite answer, and keeps
every move it was told succeeded, to be checked against the logs afterwards."""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import redis
import requests

from shared.games import ENGINES
from tests.api_client import ApiClient
from tests.support.stored import replayed_log

RETRYABLE = (502, 503)


@dataclass
class Acknowledged:
    """A move the service answered 200 to: its text, and the version it made."""

    text: str
    version: int


@dataclass
class Load:
    games: dict[str, list[ApiClient]]
    acknowledged: dict[str, list[Acknowledged]] = field(default_factory=dict)
    types: dict[str, str] = field(default_factory=dict)
    failures: list[BaseException] = field(default_factory=list)
    stale_reads: bool = False  # reads may lag a failover: a move may meet 409, then look again
    interrupted: int = 0  # requests that met the fault: a broken connection or a 503
    statuses: list[int] = field(default_factory=list)  # of every answer, retried ones too
    stop: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def total(self) -> int:
        with self.lock:
            return sum(len(moves) for moves in self.acknowledged.values())

    def wait_for(self, moves: int, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while self.total < moves:
            assert not self.failures, self.failures
            assert time.monotonic() < deadline, f"only {self.total} moves in {timeout} s"
            time.sleep(0.02)

    def run(self) -> list[threading.Thread]:
        threads = [
            threading.Thread(target=self._guarded, args=(game_id, clients, random.Random(game_id)))
            for game_id, clients in self.games.items()
        ]
        for thread in threads:
            thread.start()
        return threads

    def _send(self, client: ApiClient, method: str, path: str, **kwargs: Any) -> Any:
        """The answer to a request sent until it is not a fault; never a 500. None for a move
        refused as stale after a stale read (`stale_reads`)."""
        while True:
            try:
                response = client.call(method, path, **kwargs)
            except (requests.ConnectionError, requests.exceptions.ChunkedEncodingError):
                response = None  # the connection broke, before or during the answer
            with self.lock:
                if response is not None:
                    self.statuses.append(response.status_code)
                if response is None or response.status_code in RETRYABLE:
                    self.interrupted += 1
            if response is not None and response.status_code not in RETRYABLE:
                if response.status_code == 409 and self.stale_reads:
                    return None
                assert response.status_code == 200, (response.status_code, response.text)
                return response.json()
            time.sleep(0.05)

    def _guarded(self, game_id: str, clients: list[ApiClient], rnd: random.Random) -> None:
        try:
            self._play(game_id, clients, rnd)
        except BaseException as error:  # reported by `check`, in the test's own thread
            self.failures.append(error)
            raise

    def _play(self, game_id: str, clients: list[ApiClient], rnd: random.Random) -> None:
        self.acknowledged[game_id] = []
        while not self.stop.is_set():
            views = [self._send(c, "GET", f"/games/{game_id}") for c in clients]
            self.types[game_id] = views[0]["game"]["type"]
            if views[0]["game"]["status"] == "finished":
                return
            seat = rnd.choice([i for i, view in enumerate(views) if view["your_turn"]])
            version = views[seat]["version"]
            text = rnd.choice(views[seat]["legal_moves"])["text"]
            answer = self._send(
                clients[seat],
                "POST",
                f"/games/{game_id}/moves",
                json={"move": text, "expected_version": version},
                headers={"Idempotency-Key": f"{game_id}:{version}"},
            )
            if answer is None:
                continue
            with self.lock:
                self.acknowledged[game_id].append(Acknowledged(text, answer["version"]))

    def check(self, client: redis.Redis) -> None:
        """Every acknowledged move is in its game's log where its answer said; every entry is
        whole; the log replays through the rules to the state the meta records."""
        assert not self.failures, self.failures
        for game_id, moves in self.acknowledged.items():
            entries = replayed_log(client, game_id)
            engine = ENGINES[self.types[game_id]]
            for move in moves:
                assert engine.format_move(entries[move.version - 1]["move"]) == move.text
            assert [m.version for m in moves] == list(range(1, len(entries) + 1))
