"""A long list in pages: one player invited to `--games` games (1,100), then their waiting list
read a page of 50 at a time (the first page, and one from the middle by its cursor), and the
whole list followed page by page at the longest page (200), each `--rounds` times, one request
after another; the time of each (p50, p99) and the server's CPU per request."""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import requests

from bench.service import Service, running_service


def register(base: str, name: str) -> requests.Session:
    body = {"name": name, "email": f"{name}@example.org", "timezone": "UTC"}
    token = requests.post(f"{base}/players", json=body, timeout=30).json()["token"]
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {token}"
    return session


def timed(service: Service, rounds: int, read: Callable[[], object]) -> tuple[float, float, float]:
    """p50 and p99 of `read` in ms, and the server's CPU per read in ms."""
    times = []
    cpu = service.cpu_seconds()
    for _ in range(rounds):
        start = time.perf_counter()
        read()
        times.append((time.perf_counter() - start) * 1000)
    used = (service.cpu_seconds() - cpu) * 1000 / rounds
    return statistics.median(times), statistics.quantiles(times, n=100)[98], used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1100)
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    with running_service("everysec", workers=1) as service:
        base = service.base
        ada, bo = register(base, "ada"), register(base, "bo")
        body = {"type": "lost-cities", "invite": ["ada"]}
        for _ in range(args.games):
            bo.post(f"{base}/games", json=body, timeout=30).raise_for_status()
        first = ada.get(f"{base}/games", params={"mine": "waiting"}, timeout=30).json()
        assert len(first["games"]) == 50, first
        cursor = first["next"]
        for _ in range(args.games // 100):  # to the middle of the list
            cursor = ada.get(
                f"{base}/games", params={"mine": "waiting", "cursor": cursor}, timeout=30
            ).json()["next"]

        def page(cursor: str | None) -> Callable[[], object]:
            params = {"mine": "waiting", "limit": "50", **({"cursor": cursor} if cursor else {})}
            return lambda: ada.get(f"{base}/games", params=params, timeout=30).json()

        def whole() -> int:
            params, count = {"mine": "waiting", "limit": "200"}, 0
            while True:
                answer = ada.get(f"{base}/games", params=params, timeout=30).json()
                count += len(answer["games"])
                if answer["next"] is None:
                    return count
                params["cursor"] = answer["next"]

        assert whole() == args.games
        print(f"{args.games} games waiting on one player, {args.rounds} reads of each")
        for what, read in [
            ("first page of 50", page(None)),
            ("a page of 50 from the middle", page(cursor)),
            ("the whole list, pages of 200", whole),
        ]:
            p50, p99, cpu = timed(service, args.rounds, read)
            print(f"{what}: p50 {p50:.1f} ms, p99 {p99:.1f} ms, server CPU {cpu:.1f} ms")


if __name__ == "__main__":
    main()
