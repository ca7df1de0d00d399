"""Webhooks delivered to a real HTTP server on loopback (the one place loopback is allowed, by
the tests' setting): a game's changes and a player's notices in each app's shape, signed as
Standard Webhooks says, retried after 500s, switched off (and the owner told) when they keep
failing; addresses inside the network (in IPv6 clothing too) and redirects refused; nothing
hidden in any post; a hook that never answers holding up no other game."""

from __future__ import annotations

import json
import re
import socket
import statistics
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import redis
from standardwebhooks import Webhook

from server.notify import job_context
from server.storage.hooks import Hooks
from server.webhooks import waiting as hook_waiting
from server.webhooks.outbound import READ_SECONDS, Refused, Resolver, check_url, post, resolve
from tests.api_client import ApiClient
from tests.parts import LiveServer
from tests.support.games import move, start_game
from tests.support.jobs import Mail, worker_process
from tests.support.terminal import terminal

DAY = 86400


@dataclass
class Post:
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Receiver:
    """An HTTP server that keeps every POST and answers each with the next of `answers`
    (status, headers), then 200."""

    url: str = ""
    posts: list[Post] = field(default_factory=list)
    answers: list[tuple[int, dict[str, str]]] = field(default_factory=list)

    def at(self, path: str) -> list[Post]:
        return [p for p in self.posts if p.path == path]


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    kept = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", 0))
            kept.posts.append(Post(self.path, dict(self.headers), self.rfile.read(length)))
            status, headers = kept.answers.pop(0) if kept.answers else (200, {})
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    kept.url = f"http://127.0.0.1:{server.server_port}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield kept
    server.shutdown()
    thread.join()


@pytest.fixture
def hooked(api: LiveServer, mail: Mail, redis_client: redis.Redis) -> Iterator[LiveServer]:
    """The API and the worker with loopback allowed (tests only), retries at once."""
    services = api.app.extensions["turnpost"]
    api.app.extensions["turnpost"] = replace(services, hooks=Hooks(redis_client, True))
    working = mail.ctx
    config = replace(working.config, webhook_loopback=True, webhook_retry=(0, 0, 0))
    mail.ctx = replace(working, hooks=Hooks(redis_client, True), config=config)
    job_context.use(mail.ctx)
    yield api
    api.app.extensions["turnpost"] = services
    mail.ctx = working
    job_context.use(working)


def hands(players: list[ApiClient], game_id: str) -> set[str]:
    """Every card in every hand now."""
    views = [p.ok("GET", f"/games/{game_id}")["view"] for p in players]
    return {card for view in views for card in view.get("hand", [])}


def cards_in(body: bytes) -> set[str]:
    return set(re.findall(r"\b[YBWGRP](?:10|[2-9]|w[1-3])\b", body.decode()))


def test_a_games_webhook_posts_each_change_signed_and_public(
    hooked: LiveServer, mail: Mail, receiver: Receiver
) -> None:
    game_id, players = start_game(hooked, "lost-cities", rounds=1, first_player=0)
    ada, bo = players
    set_hook = {"kind": "standard", "url": receiver.url + "/game"}
    refused = bo.call("PUT", f"/games/{game_id}/webhook", json=set_hook)
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_creator"
    hook = ada.ok("PUT", f"/games/{game_id}/webhook", json=set_hook)
    assert hook["secret"].startswith("whsec_") and hook["enabled"] is True
    assert ada.ok("GET", f"/games/{game_id}/webhook")["secret"] is None
    mail.run()
    (started,) = (post.json()["data"] for post in receiver.posts)
    assert started["headline"] == "The game has started." and started["to_act"] == ["ada"]
    for mover in (ada, bo, ada):
        move(mover, game_id)
        mail.run()
        post = receiver.posts[-1]
        assert not cards_in(post.body) & hands(players, game_id), "no card of any hand"
    verifier = Webhook(hook["secret"])
    for post in receiver.posts:
        verifier.verify(post.body, post.headers)
        assert post.headers["Content-Type"] == "application/json"
    first, second, third = (post.json() for post in receiver.posts[1:])
    assert first["type"] == "game.updated"
    data = first["data"]
    assert data["game_id"] == game_id and data["players"] == ["ada", "bo"]
    assert data["to_act"] == ["bo"] and data["version"] == 1
    assert len(data["moves"]) == 1 and data["moves"][0].startswith("ada: play ")
    assert data["link"].endswith(f"/play/{game_id}")
    assert second["data"]["to_act"] == ["ada"] and third["data"]["version"] == 3
    assert len({post.headers["webhook-id"] for post in receiver.posts}) == 4

    ada.ok("POST", f"/games/{game_id}/resign")
    mail.run()
    over = receiver.posts[-1].json()["data"]
    assert over["headline"] == "Game over. ada resigned." and "winner: bo" in over["result"]
    assert ada.ok("DELETE", f"/games/{game_id}/webhook")["kind"] == "standard"
    assert ada.call("GET", f"/games/{game_id}/webhook").status_code == 404


def test_players_notices_go_to_their_chat_apps_in_each_apps_shape(
    hooked: LiveServer, mail: Mail, receiver: Receiver
) -> None:
    game_id, players = start_game(hooked, "lost-cities-dice", players=3, first_player=0)
    ada, bo, cy = players
    for player, kind in zip(players, ("discord", "slack", "matrix"), strict=True):
        player.ok("PATCH", "/me", json={"quiet_hours": "none"})
        player.ok("PUT", "/me/webhook", json={"kind": kind, "url": f"{receiver.url}/{kind}"})
    game_hook = {"kind": "standard", "url": f"{receiver.url}/game"}
    ada.ok("PUT", f"/games/{game_id}/webhook", json=game_hook)
    mail.run()
    (discord,) = [p.json() for p in receiver.at("/discord")]
    assert set(discord) == {"content", "username", "allowed_mentions"}
    assert discord["allowed_mentions"] == {"parse": []}
    assert "ada: it is your turn." in discord["content"]
    assert f"/play/{game_id}" in discord["content"]
    move(ada, game_id)  # the active player's choice; bo and cy choose next, hidden
    mail.run()
    slack = [p.json() for p in receiver.at("/slack")]
    assert set(slack[-1]) == {"text", "unfurl_links"}
    assert "bo: it is your turn." in slack[-1]["text"]
    matrix = [p.json() for p in receiver.at("/matrix")]
    assert set(matrix[-1]) == {"text", "username"}
    assert "cy: it is your turn." in matrix[-1]["text"]

    choice = bo.ok("GET", f"/games/{game_id}")["legal_moves"][0]["text"]
    before = len(receiver.posts)
    move(bo, game_id)  # hidden until cy has chosen too
    mail.run()
    (public,) = [p.body.decode() for p in receiver.posts[before:]]
    assert "bo has chosen (hidden until all have chosen)" in public
    assert f"bo {choice}" not in public
    move(cy, game_id)
    mail.run()
    assert f"bo {choice}" in receiver.at("/game")[-1].body.decode(), "revealed to all now"


def test_a_delivery_is_retried_after_500s_with_the_same_id(
    hooked: LiveServer, mail: Mail, receiver: Receiver
) -> None:
    game_id, (ada, _bo) = start_game(hooked, "lost-cities", rounds=1, first_player=0)
    ada.ok("PUT", f"/games/{game_id}/webhook", json={"kind": "standard", "url": receiver.url})
    mail.run()
    receiver.posts.clear()
    receiver.answers = [(500, {}), (503, {})]
    move(ada, game_id)
    mail.run()
    assert len(receiver.posts) == 3
    assert len({post.body for post in receiver.posts}) == 1, "the same message each time"
    assert len({post.headers["webhook-id"] for post in receiver.posts}) == 1
    hook = ada.ok("GET", f"/games/{game_id}/webhook")
    assert hook["enabled"] is True and hook["failing_since"] is None


def test_a_hook_failing_for_a_day_is_switched_off_and_its_owner_told(
    hooked: LiveServer, mail: Mail, receiver: Receiver, tmp_path: Path
) -> None:
    game_id, (ada, bo) = start_game(hooked, "lost-cities", rounds=1, first_player=0)
    ada.ok("PUT", f"/games/{game_id}/webhook", json={"kind": "slack", "url": receiver.url})
    mail.run()
    receiver.posts.clear()
    receiver.answers = [(500, {})] * 4
    move(ada, game_id)
    mail.run()
    assert len(receiver.posts) == 4  # the first try and three retries
    failing = ada.ok("GET", f"/games/{game_id}/webhook")
    assert failing["enabled"] is True and failing["failing_since"] is not None
    since = datetime.fromisoformat(failing["failing_since"])
    shown = " ".join(terminal(ada, hooked, tmp_path).ok("webhook", "--game", game_id).split())
    assert f"(on, but failing since {since:%a %d %b %H:%M %z}: its posts are tried again" in shown
    mail.clock.advance(DAY)
    receiver.answers = [(500, {})]
    move(bo, game_id)
    mail.run()
    assert len(receiver.posts) == 5, "switched off at its first failure a day on"
    off = ada.ok("GET", f"/games/{game_id}/webhook")
    assert off["enabled"] is False and "500" in off["disabled"]
    notice = mail.inbox.to(ada.player["email"])[-1]
    assert notice["Subject"] == "[turnpost] a webhook is switched off"
    assert f"turnpost webhook --game {game_id}" in notice.get_content()
    move(ada, game_id)
    mail.run()
    assert len(receiver.posts) == 5, "nothing more is posted"
    again = ada.ok("PUT", f"/games/{game_id}/webhook", json={"kind": "slack", "url": receiver.url})
    assert again["enabled"] is True


def test_redirects_are_never_followed(hooked: LiveServer, mail: Mail, receiver: Receiver) -> None:
    game_id, (ada, _bo) = start_game(hooked, "lost-cities", rounds=1, first_player=0)
    hook = {"kind": "matrix", "url": receiver.url + "/hook"}
    ada.ok("PUT", f"/games/{game_id}/webhook", json=hook)
    mail.run()
    receiver.posts.clear()
    elsewhere = {"Location": receiver.url + "/elsewhere"}
    receiver.answers = [(302, elsewhere), (307, {"Location": "http://10.0.0.1/"}), (308, elsewhere)]
    receiver.answers += [(301, elsewhere)]
    move(ada, game_id)
    mail.run()
    assert [post.path for post in receiver.posts] == ["/hook"] * 4
    assert ada.ok("GET", f"/games/{game_id}/webhook")["failing_since"] is not None


@pytest.mark.parametrize(
    "url",
    [
        "http://example.org/hook",
        "https://10.0.0.1/hook",
        "https://192.168.1.1/hook",
        "https://172.16.0.1/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://100.64.0.1/hook",
        "https://0.0.0.0/hook",
        "https://[fc00::1]/hook",
        "https://[fe80::1]/hook",
        "https://[::ffff:10.0.0.1]/hook",
        "https://[::127.0.0.1]/hook",
        "https://[64:ff9b::a00:1]/hook",
        "https://[64:ff9b::a9fe:a9fe]/hook",
        "https://[2002:a00:1::]/hook",
        "https://[fec0::1]/hook",
        "https://192.0.0.9/hook",
        "https://127.0.0.1/hook",
        "https://[::1]/hook",
        "https://user:secret@example.org/hook",
        "ftp://example.org/hook",
        "https:///hook",
    ],
)
def test_addresses_inside_are_refused_when_set(api: LiveServer, url: str) -> None:
    """Without the tests' loopback setting, as the service runs: https and public only."""
    ada = api.client().register("ada")
    answer = ada.call("PUT", "/me/webhook", json={"kind": "discord", "url": url})
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["code"] in ("bad_webhook", "invalid_request")
    assert ada.call("GET", "/me/webhook").status_code == 404


def test_a_name_that_resolves_inside_is_refused_when_posting(
    api: LiveServer, mail: Mail, receiver: Receiver
) -> None:
    """`localhost` passes the check a name can have when it is set, not the one made when
    posting: the hook is switched off at once, its owner told, nothing sent."""
    game_id, (ada, _bo) = start_game(api, "lost-cities", rounds=1, first_player=0)
    port = receiver.url.rpartition(":")[2]
    url = f"https://localhost:{port}/hook"
    ada.ok("PUT", f"/games/{game_id}/webhook", json={"kind": "discord", "url": url})
    mail.run()
    move(ada, game_id)
    mail.run()
    assert receiver.posts == []
    hook = ada.ok("GET", f"/games/{game_id}/webhook")
    assert hook["enabled"] is False and "127.0.0.1" in hook["disabled"]
    assert (
        mail.inbox.to(ada.player["email"])[-1]["Subject"] == "[turnpost] a webhook is switched off"
    )


INSIDE = [
    "10.0.0.1",
    "169.254.169.254",
    "192.0.0.9",  # IETF protocol assignments, 192.0.0.0/24
    "192.88.99.1",  # the 6to4 relays' anycast
    "198.18.0.1",
    "240.0.0.1",
    "224.0.0.1",
    "::1",
    "::",
    "::ffff:10.0.0.1",  # IPv4-mapped
    "::127.0.0.1",  # IPv4-compatible
    "::8.8.8.8",  # IPv4-compatible: deprecated, never public
    "64:ff9b::a00:1",  # NAT64 of 10.0.0.1
    "64:ff9b::a9fe:a9fe",  # NAT64 of 169.254.169.254
    "64:ff9b:1::808:808",  # NAT64 for local use
    "2002:a00:1::",  # 6to4 of 10.0.0.1
    "2002:7f00:1::1",  # 6to4 of 127.0.0.1
    "2001:0:a00:1::",  # Teredo, its server 10.0.0.1
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo, both public
    "fec0::1",  # site-local
    "fc00::1",
    "fe80::1%eth0",
    "ff0e::1",
    "2001:db8::1",
    "3fff::1",
]
OUTSIDE = ["8.8.8.8", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1", "2606:4700::1111"]


def resolving_to(address: str) -> Resolver:
    def resolver(host: str, port: int, *args: Any, **kwargs: Any) -> list[tuple[Any, ...]]:
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        return [(family, socket.SOCK_STREAM, 6, "", (address, port))]

    return resolver


@pytest.mark.parametrize("address", INSIDE)
def test_every_address_not_globally_reachable_is_refused_also_inside_ipv6(address: str) -> None:
    """Refused (for good, never retried) whether the address is in the URL or a name resolves
    to it, with loopback allowed as in the tests' setting too: an IPv4 address inside an IPv6
    one is judged as itself, and only a plain loopback address is the tests' exception."""
    with pytest.raises(Refused, match="not a public address"):
        resolve("https://hooks.example/x", False, resolving_to(address))
    if address != "::1":
        with pytest.raises(Refused):
            resolve("https://hooks.example/x", True, resolving_to(address))
    if "%" not in address:
        literal = f"[{address}]" if ":" in address else address
        with pytest.raises(Refused):
            check_url(f"https://{literal}/x")


@pytest.mark.parametrize("address", OUTSIDE)
def test_public_addresses_pass_the_check(address: str) -> None:
    target = resolve("https://hooks.example/x", False, resolving_to(address))
    assert (target.address, target.host) == (address, "hooks.example")


def test_the_address_checked_is_the_address_connected_to(receiver: Receiver) -> None:
    """A name is resolved once, every address it has is checked, and the post goes to the
    address checked (named as the host asked for): a second resolution could not differ."""
    port = int(receiver.url.rpartition(":")[2])
    answers = [[(2, 1, 6, "", ("127.0.0.1", port))], [(2, 1, 6, "", ("10.0.0.1", port))]]
    asked: list[str] = []

    def resolver(host: str, *args: Any, **kwargs: Any) -> list[tuple[Any, ...]]:
        asked.append(host)
        return answers[len(asked) - 1]

    target = resolve(f"http://hooks.example:{port}/x", True, resolver)
    assert (target.address, target.host) == ("127.0.0.1", "hooks.example")
    assert post(target, b"{}", {}) == 200
    assert asked == ["hooks.example"]
    (posted,) = receiver.posts
    assert posted.headers["Host"] == f"hooks.example:{port}" and posted.path == "/x"

    def mixed(host: str, *args: Any, **kwargs: Any) -> list[tuple[Any, ...]]:
        return [(2, 1, 6, "", ("127.0.0.1", port)), (2, 1, 6, "", ("10.0.0.1", port))]

    with pytest.raises(Refused, match=r"10\.0\.0\.1"):
        resolve(f"http://hooks.example:{port}/x", True, mixed)
    with pytest.raises(Refused, match="https"):
        resolve(f"http://hooks.example:{port}/x", False, mixed)


def test_turnpost_webhook_sets_shows_and_removes_one(
    hooked: LiveServer, mail: Mail, receiver: Receiver, tmp_path: Path
) -> None:
    game_id, (ada, _bo) = start_game(hooked, "lost-cities", rounds=1, first_player=0)
    at_terminal = terminal(ada, hooked, tmp_path)
    shown = " ".join(
        at_terminal.ok("webhook", "standard", receiver.url, "--game", game_id[:6]).split()
    )
    assert f"Webhook: standard {receiver.url} (on)" in shown
    assert "Signing secret (shown only now): whsec_" in shown
    assert "Signing secret" not in at_terminal.ok("webhook", "--game", game_id)
    assert at_terminal.json("webhook", "--game", game_id)["kind"] == "standard"
    assert "Removed: standard" in at_terminal.ok("webhook", "--off", "--game", game_id)
    none = f"Game {game_id} has no webhook. Set one with: turnpost webhook KIND URL --game"
    assert none in " ".join(at_terminal.ok("webhook", "--game", game_id).split())
    assert at_terminal.json("webhook", "--off", "--game", game_id) is None
    assert "You have no webhook." in at_terminal.ok("webhook")
    assert at_terminal.run("webhook", "discord").exit_code == 2
    mine = at_terminal.ok("webhook", "discord", receiver.url + "/mine")
    assert f"Webhook: discord {receiver.url}/mine (on)" in mine


def test_an_invitation_reaches_the_invited_players_webhook(
    hooked: LiveServer, mail: Mail, receiver: Receiver
) -> None:
    ada, bo = hooked.client().register("ada"), hooked.client().register("bo")
    bo.ok("PUT", "/me/webhook", json={"kind": "slack", "url": receiver.url})
    created = ada.ok("POST", "/games", json={"type": "livingstone", "invite": ["bo"]})
    mail.run()
    (invited,) = [post.json()["text"] for post in receiver.posts]
    game_id = created["game"]["id"]
    assert f"bo is invited: turnpost join {game_id}" in invited
    assert "Livingstone" in invited and "Now:" not in invited


def keep_moving(
    players: list[ApiClient], game_id: str, every: float, stop: threading.Event
) -> None:
    """Whoever is to act moves, a move every `every` seconds, drawing from a discard pile when
    there is one (so a game without a stall limit never ends), until `stop`."""
    while not stop.wait(every):
        mover = next(p for p in players if p.ok("GET", f"/games/{game_id}")["your_turn"])
        move(mover, game_id, -1)


FIRST_PAUSE = 2
"""Seconds the hook that never answers is paused after its first failure (10 s as served)."""
SLOWER_AT_MOST = 3
"""How much slower a bot's answers may be while a hook hangs than just before: the game that
moves every second beside it costs the worker a little; a post the bot's move waited behind
cost it seconds, a bot's answer being a few tenths of a second."""


def test_a_hook_that_never_answers_holds_up_no_other_game(
    api: LiveServer, mail: Mail, redis_client: redis.Redis, tmp_path: Path
) -> None:
    """A game's webhook at a loopback address that takes a connection and never answers (then
    takes none), its game moving every second, with the mail worker and a hook worker running
    as `serve` runs them: another game's bot answers about as fast as it did just before, with
    the hook's game still (`SLOWER_AT_MOST` times its median then, at most), the mail worker
    posts nothing, and the hook has one job, not one per move, with the latest change waiting
    for it. (With the posts in the mail worker's queue, each move had held every job behind it
    for 3 s and more, so the bot's answers grew by seconds each time.)"""
    services = api.app.extensions["turnpost"]
    api.app.extensions["turnpost"] = replace(services, hooks=Hooks(redis_client, True))
    smtp = mail.ctx.mail.smtp_port
    stop = threading.Event()
    with (
        socket.create_server(("127.0.0.1", 0), backlog=0) as silent,
        worker_process(api, smtp, tmp_path / "mail.log"),
        worker_process(
            api,
            smtp,
            tmp_path / "hooks.log",
            "hook-worker",
            TURNPOST_WEBHOOK_LOOPBACK="1",
            TURNPOST_WEBHOOK_RETRY=f"{FIRST_PAUSE} 3600",
        ),
    ):
        game_id, players = start_game(api, "lost-cities", rounds=1, stall_limit=0)
        url = f"http://127.0.0.1:{silent.getsockname()[1]}/hook"
        players[0].ok("PUT", f"/games/{game_id}/webhook", json={"kind": "standard", "url": url})
        cy = api.client().register("cy")
        body = {"type": "lost-cities", "bots": ["quick"], "options": {"first_player": 0}}
        bots_games = [cy.ok("POST", "/games", json=body)["game"]["id"]]

        def bot_answers() -> list[float]:
            """How long the bot took to answer cy's move: none when cy moves again (cy starts
            the next round), and a new game once the match is over."""
            seen = cy.ok("GET", f"/games/{bots_games[-1]}")
            while (
                seen["game"]["status"] == "active" and not seen["your_turn"]
            ):  # a round the bot starts
                asked = f"version={seen['version']}&revision={seen['revision']}&timeout=20"
                seen = cy.ok("GET", f"/games/{bots_games[-1]}/wait?{asked}")
            if seen["game"]["status"] != "active":
                bots_games.append(cy.ok("POST", "/games", json=body)["game"]["id"])
            moved = move(cy, bots_games[-1])
            if moved["your_turn"] or moved["game"]["status"] != "active":
                return []
            version = moved["version"]
            started = time.monotonic()
            url = f"/games/{bots_games[-1]}/wait?version={version}&timeout=20"
            waited = cy.ok("GET", url)
            assert waited["version"] == version + 1, (tmp_path / "mail.log").read_text()
            return [time.monotonic() - started]

        bot_answers()  # the workers are up
        alone: list[float] = []  # the baseline, on this machine as busy as it is now
        while len(alone) < 5:
            alone += bot_answers()
        started = time.monotonic()
        mover = threading.Thread(target=keep_moving, args=(players, game_id, 1.0, stop))
        mover.start()
        try:
            answers = bot_answers()
            # past the first post's wait for an answer, the hook's first pause and its retry
            while time.monotonic() - started < 1 + READ_SECONDS + FIRST_PAUSE + READ_SECONDS:
                answers += bot_answers()
        finally:
            stop.set()
            mover.join()
        # A busy machine slows both alike; a post in the mail worker's queue held every job
        # behind it for seconds, at every move.
        baseline = statistics.median(alone)
        assert statistics.median(answers) < SLOWER_AT_MOST * baseline, (answers, alone)
        assert "webhook" not in (tmp_path / "mail.log").read_text(), "no post in the mail worker"

        hook_jobs = mail.ctx.queues.hooks
        queued = [*hook_jobs.job_ids, *hook_jobs.scheduled_job_registry.get_job_ids()]
        queued += hook_jobs.started_job_registry.get_job_ids()
        assert len(queued) <= 1, "one job for the hook, whatever the moves"
        version = players[0].ok("GET", f"/games/{game_id}")["version"]
        posts = mail.ctx.hook_posts
        while (found := hook_waiting.get(posts, "game", game_id)).oldest() is None or (
            found.messages[0].update.version < version
        ):
            assert time.monotonic() - started < 60, "the last move planned"
            time.sleep(0.05)
        assert 1 <= found.failures <= 3, (tmp_path / "hooks.log").read_text()
        (latest,) = found.messages
        assert len(latest.update.moves) > 1, "the moves meanwhile, in the one message"
        assert players[0].ok("GET", f"/games/{game_id}/webhook")["enabled"] is True


def test_a_chat_hook_speaks_its_owners_language_and_a_standard_one_english(
    hooked: LiveServer, mail: Mail, receiver: Receiver
) -> None:
    game_id, (ada, bo) = start_game(hooked, "lost-cities", rounds=1, first_player=0)
    ada.ok("PATCH", "/me", json={"language": "de"})
    bo.ok("PATCH", "/me", json={"language": "pl", "quiet_hours": "none"})
    ada.ok("PUT", f"/games/{game_id}/webhook", json={"kind": "discord", "url": receiver.url})
    bo.ok("PUT", "/me/webhook", json={"kind": "standard", "url": f"{receiver.url}/bo"})
    mail.run()
    (started,) = [p.json()["content"] for p in receiver.at("/")]
    assert "Die Partie hat begonnen." in started and "Jetzt am Zug: ada." in started
    move(ada, game_id)
    mail.run()
    assert receiver.at("/bo")[-1].json()["data"]["headline"] == "bo: it is your turn."
    ada.ok("POST", f"/games/{game_id}/resign")
    mail.run()
    over = receiver.at("/")[-1].json()["content"]
    assert "Die Partie ist vorbei. ada hat aufgegeben." in over and "gewonnen hat: bo" in over
    assert "ada: play " not in over and "Game over" not in over
