"""The worker compacts a game once it has planned its end (`server.notify.plan`): the game-over
mail still goes out, drawn from the compact form, and nothing the worker kept for the game is
left behind: its mail state, its move clocks, its players' memory of what was sent about it."""

from __future__ import annotations

import redis

from server.storage import keys
from server.storage.games import clocks
from server.storage.games.watch import CHANGED
from server.storage.players.outbox import DUE
from server.storage.redis_client import as_text, members
from tests.parts import LiveServer
from tests.support.games import clocked_game, move
from tests.support.jobs import Mail, texts
from tests.support.stored import game_keys


def mail_kept(redis_client: redis.Redis, player_ids: list[str], game_id: str) -> list[str]:
    """What the worker keeps that names the game: its players' outboxes, in flight and sent,
    and the indexes of games and players to look at."""
    kept = [
        as_text(member)
        for player_id in player_ids
        for part in ("outbox", "sending")
        for member in redis_client.hkeys(keys.player(player_id, part))
    ]
    for player_id in player_ids:
        kept += members(redis_client.zrange(keys.player(player_id, "sent"), 0, -1))
    kept += members(redis_client.zrange(CHANGED, 0, -1)) + members(
        redis_client.zrange(clocks.DUE, 0, -1)
    )
    named = [member for member in kept if game_id in member]
    return named + [p for p in members(redis_client.zrange(DUE, 0, -1)) if p in player_ids]


def test_a_finished_game_is_compacted_and_its_mail_leaves_nothing_behind(
    api: LiveServer, mail: Mail, redis_client: redis.Redis
) -> None:
    game_id, players = clocked_game(api, "lost-cities", rounds=1)
    mail.run()
    for _ in range(4):
        move(next(p for p in players if p.ok("GET", f"/games/{game_id}")["your_turn"]), game_id)
        mail.run()
    assert {"log", "mail", "clock"} <= set(game_keys(redis_client, game_id))
    player_ids = [p.player["id"] for p in players]
    assert mail_kept(redis_client, player_ids, game_id), "the turns sent are remembered"
    players[1].ok("POST", f"/games/{game_id}/resign")
    mail.run()

    first_texts = texts(mail, players)
    for text in first_texts:
        (over,) = [t for t in text if t.startswith("Game over. bo resigned.")]
        assert "Final scores" in over and "Winner: ada" in over
    assert set(game_keys(redis_client, game_id)) == {"meta", "archive"}
    assert mail_kept(redis_client, player_ids, game_id) == []
    # Planned again (a sweep, a stray announcement): nobody is told anything twice, and the
    # worker writes nothing of the game back.
    mail.ctx.queues.once("plan", game_id)
    mail.tick()
    assert texts(mail, players) == first_texts
    assert set(game_keys(redis_client, game_id)) == {"meta", "archive"}
    assert mail_kept(redis_client, player_ids, game_id) == []
