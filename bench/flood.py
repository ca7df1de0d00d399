"""One account's flood of invitations against everyone else's bots: how long a quick bot takes
to make its first move in games others start while one account sends 1,000 invitations to one
player as fast as the service's default rate limit lets it.

gunicorn on loopback as `serve` runs it, with the workers `serve` starts beside it (the mail
worker, a play worker, two hook workers), mailing to a Maildir. First, `--idle` games against
the quick bot with nothing else running. Then the flood: one account creates `--invitations`
Lost Cities games, each inviting the same player (`POST /games` with `invite`), waiting out
each 429 for its `Retry-After`; meanwhile `--games` other players each start a game against the
quick bot, the bot to move first, spread over the flood. A bot's first move is timed from the
answer to its game's creation to the answer of a long poll on the game's version
(`GET /games/ID/wait`). The queues (play, mail, hooks) are sampled every half second: a job is
counted as queued twice when another job of the same description (its kind and subject) waits
in the same queue at the same moment. The targets: the first move's p99 at most 2 s (about 1 s
idle), no job queued twice.

Printed: the idle and the flood's first moves (p50, p99, max), the flood's invitations, their
refusals and its length, the samples, the longest queues seen and the jobs queued twice, and how
long the mail queue took to drain after the flood. `--setting NAME=VALUE` adds to the service's
environment (per-player limits set high, say, so the flood is the rate limit's alone).
Run: `python -m bench flood` (or `./dev bench flood`).
"""

from __future__ import annotations

import argparse
import os
import threading
import time
from collections import Counter
from typing import Any, cast

from bench.growth import mail_worker_running
from bench.hooks import bot_game
from bench.service import percentile, register, running_service, sessions_for
from server.runtime.cli import HOOK_WORKER, PLAY_WORKER, WORKER
from server.settings import Config
from server.storage.games.watch import HOOK_QUEUE, PLAY_QUEUE, QUEUE
from server.storage.redis_client import Client, as_text, connect

TARGET = 2.0
"""Seconds within which the bots' first moves fall, at p99."""


def default_rate_limit() -> str:
    """The service's own default, whatever this environment says."""
    saved = os.environ.pop("TURNPOST_RATE_LIMIT", None)
    try:
        return Config().rate_limit
    finally:
        if saved is not None:
            os.environ["TURNPOST_RATE_LIMIT"] = saved


def first_move(base: str) -> float:
    """A new player's game against the quick bot, the bot first: seconds from the game's
    creation to the bot's move."""
    session, made = bot_game(base, first_player=1)
    started = time.monotonic()
    game, version = made["game"], made["version"]
    while version == 0:
        waited = session.get(
            f"{base}/games/{game['id']}/wait", params={"version": 0, "timeout": 60}, timeout=90
        )
        waited.raise_for_status()
        version = waited.json()["version"]
        if time.monotonic() - started > 300:
            raise RuntimeError("the bot did not move within 300 s")
    return time.monotonic() - started


class Flood:
    """One account inviting one player again and again, at its rate limit."""

    def __init__(self, base: str, invitations: int) -> None:
        self.base, self.invitations = base, invitations
        self.sent = self.throttled = 0
        self.refused: Counter[str] = Counter()
        """Refusals other than the rate limit's, by code (a per-player limit met)."""
        self.seconds = 0.0

    def run(self) -> None:
        register(self.base, "victim")
        (session,) = sessions_for([register(self.base, "flooder")])
        body: dict[str, Any] = {
            "type": "lost-cities",
            "invite": ["victim"],
            "options": {"rounds": 1},
        }
        started = time.monotonic()
        for _ in range(self.invitations):
            while (
                answer := session.post(f"{self.base}/games", json=body, timeout=60)
            ).status_code == 429 and answer.json()["error"]["code"] == "rate_limited":
                self.throttled += 1
                time.sleep(float(answer.headers.get("Retry-After", "1")))
            if answer.ok:
                self.sent += 1
            elif 400 <= answer.status_code < 500:
                self.refused[answer.json()["error"]["code"]] += 1
            else:
                answer.raise_for_status()
        self.seconds = time.monotonic() - started


class Sampler:
    """The queues looked at every `every` seconds until stopped: their lengths, and the jobs
    waiting beside another of the same description in the same queue."""

    QUEUES = (PLAY_QUEUE, QUEUE, HOOK_QUEUE)

    def __init__(self, client: Client, every: float = 0.5) -> None:
        self.client, self.every = client, every
        self.samples = self.twice = 0
        self.longest: Counter[str] = Counter()
        self.doubled: Counter[str] = Counter()
        self.stop = threading.Event()

    def sample(self) -> None:
        for name in self.QUEUES:
            waiting = cast(list[bytes], self.client.lrange(f"rq:queue:{name}", 0, -1))
            ids = [as_text(job_id) for job_id in waiting]
            self.longest[name] = max(self.longest[name], len(ids))
            pipe = self.client.pipeline(transaction=False)
            for job_id in ids:
                pipe.hget(f"rq:job:{job_id}", "description")
            described = Counter(d for d in pipe.execute() if d is not None)
            for description, count in described.items():
                if count > 1:
                    self.twice += count - 1
                    self.doubled[as_text(description)] += count - 1
        self.samples += 1

    def run(self) -> None:
        while not self.stop.wait(self.every):
            self.sample()


def report(phase: str, firsts: list[float]) -> None:
    p50, p99, worst = percentile(firsts, 0.5), percentile(firsts, 0.99), max(firsts)
    print(
        f"  {phase:<28} {len(firsts):3d} games   p50 {p50:6.2f} s   p99 {p99:6.2f} s   "
        f"max {worst:6.2f} s   (target p99 <= {TARGET:.0f} s)",
        flush=True,
    )


def drain(client: Client, within: float) -> float | None:
    """Seconds until the mail queue is empty, or None if it is not within `within`."""
    started = time.monotonic()
    while client.llen(f"rq:queue:{QUEUE}"):
        if time.monotonic() - started > within:
            return None
        time.sleep(0.5)
    return time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--invitations", type=int, default=1000, help="invitations the flood sends")
    parser.add_argument("--games", type=int, default=20, help="bot games started during it")
    parser.add_argument("--idle", type=int, default=5, help="bot games started before it")
    parser.add_argument("--every", type=float, default=2.0, help="seconds between bot games")
    parser.add_argument(
        "--setting", action="append", default=[], metavar="NAME=VALUE", help="service setting"
    )
    options = parser.parse_args()
    limit = default_rate_limit()
    settings = {"TURNPOST_RATE_LIMIT": limit}
    settings |= dict(setting.split("=", 1) for setting in options.setting)
    workers = (WORKER, PLAY_WORKER, HOOK_WORKER, HOOK_WORKER)
    with (
        running_service("always", workers=2, settings=settings) as service,
        mail_worker_running(service.redis_url, workers, **settings),
    ):
        base, client = service.base, connect(service.redis_url)
        first_move(base)  # the workers are up
        print(f"the quick bot's first move, the default rate limit {limit!r}:")
        report("nothing else running", [first_move(base) for _ in range(options.idle)])

        flood, sampler = Flood(base, options.invitations), Sampler(client)
        threads = [threading.Thread(target=flood.run), threading.Thread(target=sampler.run)]
        for thread in threads:
            thread.start()
        firsts: list[float] = []
        movers = []
        for _ in range(options.games):
            time.sleep(options.every)
            mover = threading.Thread(target=lambda: firsts.append(first_move(base)))
            mover.start()
            movers.append(mover)
        for thread in [*movers, threads[0]]:
            thread.join()
        report(f"{flood.sent:,} invitations flooding", firsts)
        refused = ", ".join(f"{n:,} {code}" for code, n in flood.refused.items()) or "none"
        print(
            f"  the flood: {flood.sent:,} invitations in {flood.seconds:.0f} s, "
            f"{flood.throttled:,} refusals of the rate limit waited out; other refusals: {refused}"
        )
        drained = drain(client, 600)
        sampler.stop.set()
        threads[1].join()
        longest = ", ".join(f"{name} {n:,}" for name, n in sampler.longest.items())
        print(
            f"  the queues: {sampler.samples} samples, longest {longest}; "
            f"jobs queued twice: {sampler.twice}"
            + (f" ({dict(sampler.doubled.most_common(5))})" if sampler.twice else "")
        )
        print(
            "  the mail queue drained "
            + (f"{drained:.0f} s after the flood" if drained is not None else "not within 600 s")
        )


if __name__ == "__main__":
    main()
