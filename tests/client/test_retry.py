"""A move whose answer is lost on the way back is resent, and still lands only once."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import redis
import requests

from client.http import Api
from server.runtime.redis_process import RedisProcess
from server.storage import keys
from tests.parts import LiveServer, service_config
from tests.support.games import start_game as start_service_game
from tests.support.processes import eventually
from tests.support.terminal import PlayerFactory, start_game

FORWARDED_HEADERS = ("authorization", "content-type", "idempotency-key")


class LosingProxy(ThreadingHTTPServer):
    """Forwards every request to the live server, but hangs up instead of passing on the
    server's answer to the first move: the move was made, and the client never heard so."""

    def __init__(self, upstream: str) -> None:
        super().__init__(("127.0.0.1", 0), ProxyHandler)
        self.upstream = upstream
        self.move_keys: list[str] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_port}"


class ProxyHandler(BaseHTTPRequestHandler):
    server: LosingProxy

    def do_GET(self) -> None:
        self.forward()

    def do_POST(self) -> None:
        self.forward()

    def forward(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        headers = {k: v for k, v in self.headers.items() if k.lower() in FORWARDED_HEADERS}
        answer = requests.request(
            self.command, self.server.upstream + self.path, data=body, headers=headers, timeout=30
        )
        if self.path.endswith("/moves"):
            self.server.move_keys.append(self.headers["Idempotency-Key"])
            if len(self.server.move_keys) == 1:
                self.close_connection = True
                return
        self.send_response(answer.status_code)
        self.send_header("Content-Type", answer.headers["Content-Type"])
        self.send_header("Content-Length", str(len(answer.content)))
        self.end_headers()
        self.wfile.write(answer.content)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the live server logs the requests already."""


def test_a_move_whose_answer_is_lost_is_resent_and_made_once(
    player: PlayerFactory, api: LiveServer
) -> None:
    game_id, players = start_game(player, "lost-cities")
    mover = next(p for p in players if p.json("show", game_id)["your_turn"])
    move = mover.ok("moves", game_id).splitlines()[0]
    proxy = LosingProxy(api.url)
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    try:
        played = mover.json("play", game_id, move, TURNPOST_URL=proxy.url)
    finally:
        proxy.shutdown()
        proxy.server_close()
    assert len(proxy.move_keys) == 2 and proxy.move_keys[0] == proxy.move_keys[1]
    assert played["version"] == 1
    assert [entry["version"] for entry in mover.json("log", game_id)["entries"]] == [1]


def test_wait_asks_again_when_the_server_has_no_room_for_its_poll(
    redis_server: RedisProcess, redis_client: redis.Redis
) -> None:
    """A player allowed one open long poll, holding it elsewhere: the command line's wait is
    told 429 `too_many_waits` with `Retry-After`, and asks again rather than failing (a
    `while turnpost wait` loop would otherwise stop)."""
    server = LiveServer(service_config(redis_server.url, waits_per_player=1))
    try:
        game_id, clients = start_service_game(server, "lost-cities")
        views = [client.ok("GET", f"/games/{game_id}") for client in clients]
        watcher = clients[0] if not views[0]["your_turn"] else clients[1]
        version = views[0]["version"]
        with ThreadPoolExecutor(1) as pool:
            held = pool.submit(
                watcher.call,
                "GET",
                f"/games/{game_id}/wait",
                params={"version": version, "timeout": 2},
            )
            eventually(lambda: redis_client.zcard(keys.player(watcher.player["id"], "waits")))
            answer = Api(server.url, watcher.token).wait(game_id, views[0], 3)
            assert answer["changed"] is False and answer["version"] == version
            assert held.result().status_code == 200
    finally:
        server.stop()
