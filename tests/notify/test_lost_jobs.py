"""A web process that dies between writing a move and queueing its job loses no notice: the
game was marked before the write, and the worker's periodic sweep plans it."""

from __future__ import annotations

import redis

from server.games import GameService
from server.notify.jobs import SWEEP_AFTER
from server.notify.watch import CHANGED, GameWatch
from server.redis_process import free_port
from tests.conftest import LiveServer
from tests.notify.conftest import Mail
from tests.service.test_games import start_game


class DiesAfterWriting(GameWatch):
    """The real mark before the write; then the process is gone, and no job is queued."""

    def changed(self, game_id: str) -> None:
        pass


def test_a_move_whose_job_was_never_queued_is_swept_up(api: LiveServer, mail: Mail) -> None:
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1, first_player=0)
    mail.run()
    before = len(mail.to(bo.player))
    games = mail.ctx.games
    dying = GameService(
        games.store,
        games.players,
        listener=DiesAfterWriting(mail.ctx.redis, mail.ctx.queue.connection, mail.clock),
    )
    view = ada.ok("GET", f"/games/{game_id}")
    player = games.players.get(ada.player["id"])
    assert player is not None
    dying.submit(player, game_id, view["legal_moves"][0]["text"], view["version"])
    assert mail.ctx.queue.count == 0
    assert mail.ctx.redis.zscore(CHANGED, game_id) is not None
    mail.tick()
    assert len(mail.to(bo.player)) == before, "a fresh change is left to its own job"
    mail.clock.advance(SWEEP_AFTER + 1)
    mail.tick()
    assert len(mail.to(bo.player)) == before + 1
    assert mail.to(bo.player)[-1].startswith("Your turn.")
    assert mail.ctx.redis.zscore(CHANGED, game_id) is None
    mail.clock.advance(SWEEP_AFTER + 1)
    mail.tick()
    assert len(mail.to(bo.player)) == before + 1


def test_a_queue_out_of_reach_fails_no_move_and_the_sweep_mails_it(
    api: LiveServer, mail: Mail
) -> None:
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1, first_player=0)
    mail.run()
    before = len(mail.to(bo.player))
    games = mail.ctx.games
    nowhere = redis.Redis(port=free_port(), socket_connect_timeout=1)
    cut_off = GameService(
        games.store, games.players, listener=GameWatch(mail.ctx.redis, nowhere, mail.clock)
    )
    view = ada.ok("GET", f"/games/{game_id}")
    player = games.players.get(ada.player["id"])
    assert player is not None
    answer = cut_off.submit(player, game_id, view["legal_moves"][0]["text"], view["version"])
    assert answer["version"] == view["version"] + 1
    mail.clock.advance(SWEEP_AFTER + 1)
    mail.tick()
    assert len(mail.to(bo.player)) == before + 1
    assert mail.to(bo.player)[-1].startswith("Your turn.")


def test_a_join_whose_job_was_never_queued_is_swept_up(api: LiveServer, mail: Mail) -> None:
    ada, bo = (api.client().register(name) for name in ("ada", "bo"))
    game_id = ada.ok("POST", "/games", json={"type": "lost-cities", "invite": ["bo"]})["game"]["id"]
    mail.run()
    (invitation,) = mail.to(bo.player)
    assert invitation.startswith("ada invites you")
    games = mail.ctx.games
    dying = GameService(
        games.store,
        games.players,
        listener=DiesAfterWriting(mail.ctx.redis, mail.ctx.queue.connection, mail.clock),
    )
    joiner = games.players.get(bo.player["id"])
    assert joiner is not None
    dying.join(joiner, game_id)
    mail.clock.advance(SWEEP_AFTER + 1)
    mail.tick()
    assert any(text.startswith("The game has started") for text in mail.to(ada.player))
    assert len(mail.to(bo.player)) == 2
