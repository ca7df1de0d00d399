"""Games played through the API as players play them: started with invitations, moved
by random legal moves or a given one, read back, or put on a one-hour move clock."""

from __future__ import annotations

import random
from typing import Any

from client.verify import verify
from shared.games import ENGINES
from tests.api_client import ApiClient, Endpoints
from tests.parts import LiveServer


def start_game(
    api: Endpoints,
    type_id: str,
    players: int = 2,
    names: list[str] | None = None,
    **options: Any,
) -> tuple[str, list[ApiClient]]:
    """A started game of `type_id`: the first player creates it inviting the others, who join;
    their clients, in seat order of joining."""
    names = names or ["ada", "bo", "cy", "di", "ed"][:players]
    clients = [api.client().register(name) for name in names]
    created = clients[0].ok(
        "POST",
        "/games",
        json={"type": type_id, "seats": players, "options": options, "invite": names[1:]},
    )
    game_id = created["game"]["id"]
    assert created["game"]["status"] == "open"
    for client in clients[1:]:
        clients[0].ok("GET", f"/games/{game_id}")
        client.ok("POST", f"/games/{game_id}/join")
    return game_id, clients


def game_and_stranger(api: Endpoints) -> tuple[str, list[ApiClient], ApiClient]:
    """A started game of Lost Cities (one round), its players, and eve, who is not at it."""
    game_id, clients = start_game(api, "lost-cities", rounds=1)
    return game_id, clients, api.client().register("eve")


def mover_of(game_id: str, clients: list[ApiClient]) -> tuple[int, dict[str, Any]]:
    """The seat whose turn it is in a game of one mover at a time, and its view."""
    views = [client.ok("GET", f"/games/{game_id}") for client in clients]
    seat = next(i for i, view in enumerate(views) if view["your_turn"])
    return seat, views[seat]


def play_to_the_end(game_id: str, clients: list[ApiClient], rnd: random.Random) -> dict[str, Any]:
    """Each player moves when asked, picking a random legal move in text notation."""
    while True:
        views: list[dict[str, Any]] = [client.ok("GET", f"/games/{game_id}") for client in clients]
        if views[0]["game"]["status"] == "finished":
            return views[0]
        movers = [i for i, v in enumerate(views) if v["your_turn"]]
        assert movers, "an active game waits on someone"
        seat = rnd.choice(movers)
        text = rnd.choice(views[seat]["legal_moves"])["text"]
        clients[seat].ok(
            "POST",
            f"/games/{game_id}/moves",
            json={"move": text, "expected_version": views[seat]["version"]},
        )


def play_moves(game_id: str, clients: list[ApiClient], moves: int, rnd: random.Random) -> None:
    """`moves` random legal moves, each by a seat whose turn it is (while there is one)."""
    for _ in range(moves):
        views = [c.ok("GET", f"/games/{game_id}") for c in clients]
        movers = [seat for seat, view in enumerate(views) if view["your_turn"]]
        if not movers:
            return
        seat = rnd.choice(movers) if len(movers) > 1 else movers[0]
        clients[seat].ok(
            "POST",
            f"/games/{game_id}/moves",
            json={
                "move": rnd.choice(views[seat]["legal_moves"])["text"],
                "expected_version": views[seat]["version"],
            },
        )


def move(client: ApiClient, game_id: str, index: int = 0) -> dict[str, Any]:
    """The client's legal move number `index`, sent at the version it sees; the answer."""
    view = client.ok("GET", f"/games/{game_id}")
    body = {"move": view["legal_moves"][index]["text"], "expected_version": view["version"]}
    answer: dict[str, Any] = client.ok("POST", f"/games/{game_id}/moves", json=body)
    return answer


def log(client: ApiClient, game_id: str) -> list[dict[str, Any]]:
    """The game's log as the client may read it."""
    entries: list[dict[str, Any]] = client.ok("GET", f"/games/{game_id}/log")["entries"]
    return entries


HOUR = 3600


def clocked_game(
    api: LiveServer, type_id: str, quiet: str = "none", **options: Any
) -> tuple[str, list[ApiClient]]:
    """A started game with an hour for each move, the first seat to move first, its players
    keeping the quiet hours `quiet`."""
    game_id, players = start_game(api, type_id, move_time="1h", first_player=0, **options)
    for player in players:
        player.ok("PATCH", "/me", json={"quiet_hours": quiet})
    return game_id, players


def finish(game_id: str, bo: ApiClient) -> dict[str, Any]:
    """The game over (bo resigns), as public data: the secret and the seed revealed."""
    over: dict[str, Any] = bo.ok("POST", f"/games/{game_id}/resign")["game"]
    assert over["status"] == "finished"
    return over


GAMES = 6


def started_games(server: Endpoints, tag: str) -> dict[str, list[ApiClient]]:
    """`GAMES` two-player games of every type, their players' names starting with `tag`."""
    games = {}
    for number in range(GAMES):
        type_id = ("lost-cities", "lost-cities-dice", "livingstone")[number % 3]
        options = {"rounds": 1} if type_id == "lost-cities" else {}
        names = [f"{tag}{number}a", f"{tag}{number}b"]
        game_id, clients = start_game(server, type_id, 2, names, **options)
        games[game_id] = clients
    return games


def play_out(game_id: str, clients: list[ApiClient], rnd: random.Random) -> dict[str, Any]:
    """Random legal moves until the game is over; its public data then."""
    while True:
        views = [c.ok("GET", f"/games/{game_id}") for c in clients]
        if views[0]["game"]["status"] == "finished":
            return dict(views[0]["game"])
        play_moves(game_id, clients, 1, rnd)


def verified(client: ApiClient, game_id: str) -> bool:
    """`turnpost verify`'s checks, from what `client` is shown of the finished game."""
    game = client.ok("GET", f"/games/{game_id}")["game"]
    history = client.ok("GET", f"/games/{game_id}/log")
    report = verify(ENGINES[game["type"]], game, history["version"], history["entries"])
    return report.ok
