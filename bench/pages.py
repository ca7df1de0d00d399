"""A game's web page against the API's view of the same game: the server's CPU per request.

gunicorn on loopback over a Redis of its own (`bench.service.running_service`). `--games`
lost-cities games are played `--moves` moves into, over the API; each game's player to move is
logged in to the pages by a login link, as a browser is. Then, in `--rounds` rounds of
`--seconds` each, one client process reads, one request after another over one keep-alive
connection, for a random game: its API view (`GET /api/v1/games/ID`, as the player), its
page (`GET /play/ID`), and its page as a replay halfway through (`GET /play/ID?at=N`). The
server's CPU time (gunicorn and Redis, user and system) over each phase, per request, is what
is compared: the target is a page within twice the view's. The phases alternate within each
round, so a change in the machine's speed weighs on all of them alike. Each web process keeps
the parts of the pages it drew last (`server.web.table.positions`), as a page read again at one
position is (a step of a move, a message said, a reload); `--positions 0` keeps none, so every
page is drawn from the start, as a position's first page is. Run: `./dev bench pages` (or
`python -m bench.pages --help`).
"""

from __future__ import annotations

import argparse
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

import requests

from bench.service import Service, new_game, running_service, sessions_for

PAGE_TARGET = 2.0
"""A game's page may cost the server at most this many times its API view."""
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


@dataclass(frozen=True)
class Seen:
    """A game as the benchmark reads it: over the API, and as its page, by the same player."""

    game_id: str
    api: requests.Session
    web: requests.Session
    version: int


def played(base: str, web_base: str, tag: str, moves: int) -> Seen:
    """A game `moves` moves into, and the player to move logged in to the pages."""
    game_id, tokens = new_game(base, tag)
    sessions = sessions_for(tokens)
    for _ in range(moves):
        views = [session.get(f"{base}/games/{game_id}", timeout=30).json() for session in sessions]
        seat = next(seat for seat, view in enumerate(views) if view["your_turn"])
        move = random.choice(
            [m["text"] for m in views[seat]["legal_moves"] if m["text"] != "resign"]
        )
        sessions[seat].post(
            f"{base}/games/{game_id}/moves",
            json={"move": move, "expected_version": views[seat]["version"]},
            timeout=30,
        ).raise_for_status()
    view = sessions[0].get(f"{base}/games/{game_id}", timeout=30).json()
    player = sessions[view["to_act"][0]]
    made = player.post(f"{base}/games/{game_id}/login-link", timeout=30).json()["url"]
    link = web_base + urlsplit(made).path  # the service's public address is not this one
    web = requests.Session()
    form = web.get(link, timeout=30)
    found = CSRF.search(form.text)
    assert found is not None, form.text
    web.post(link, data={"csrf_token": found.group(1)}, timeout=30).raise_for_status()
    assert web.get(f"{web_base}/play/{game_id}", timeout=30).status_code == 200
    return Seen(game_id, player, web, view["version"])


def phase(
    service: Service,
    seconds: float,
    games: list[Seen],
    read: Callable[[Seen], requests.Response],
) -> tuple[int, float]:
    """`read` of a random game, one after another for `seconds`: how many, and the server's
    CPU time."""
    cpu = service.cpu_seconds()
    ends = time.monotonic() + seconds
    made = 0
    while time.monotonic() < ends:
        answer = read(random.choice(games))
        if answer.status_code != 200:
            raise SystemExit(f"{answer.status_code} {answer.url}: {answer.text[:300]}")
        made += 1
    return made, service.cpu_seconds() - cpu


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bench pages", description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=40, help="moves into each game")
    parser.add_argument("--seconds", type=float, default=5.0, help="each phase, each round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=1, help="gunicorn's web processes")
    parser.add_argument(
        "--positions",
        type=int,
        default=None,
        help="positions of pages each web process keeps drawn (default: the service's)",
    )
    return parser.parse_args()


def main() -> None:
    args = arguments()
    random.seed(1)
    kept = {} if args.positions is None else {"TURNPOST_DRAWN_POSITIONS": str(args.positions)}
    with running_service("everysec", args.workers, settings=kept) as service:
        base = service.base
        web_base = base.removesuffix("/api/v1")
        games = [played(base, web_base, str(n), args.moves) for n in range(args.games)]
        kinds: dict[str, Callable[[Seen], requests.Response]] = {
            "API view": lambda seen: seen.api.get(f"{base}/games/{seen.game_id}", timeout=30),
            "page": lambda seen: seen.web.get(f"{web_base}/play/{seen.game_id}", timeout=30),
            "replay page": lambda seen: seen.web.get(
                f"{web_base}/play/{seen.game_id}?at={seen.version // 2}", timeout=30
            ),
        }
        totals = {kind: [0, 0.0] for kind in kinds}
        for number in range(args.rounds):
            costs = []
            for kind, read in kinds.items():
                made, cpu = phase(service, args.seconds, games, read)
                totals[kind][0] += made
                totals[kind][1] += cpu
                costs.append(f"{kind} {cpu / made * 1000:.2f} ms")
            print(f"round {number + 1}: server CPU per request: " + ", ".join(costs), flush=True)
        per = {kind: cpu / made * 1000 for kind, (made, cpu) in totals.items()}
        for kind, ms in per.items():
            made = int(totals[kind][0])
            print(f"{kind:12} {made:6} requests, server CPU {ms:.2f} ms per request")
        ratio = per["page"] / per["API view"]
        verdict = "within" if ratio <= PAGE_TARGET else "OVER"
        print(f"page / API view: {ratio:.2f} ({verdict} the target of {PAGE_TARGET:.0f}x)")
        print(f"replay page / API view: {per['replay page'] / per['API view']:.2f}")


if __name__ == "__main__":
    main()
