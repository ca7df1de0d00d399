"""A change no worker heard announced (none was running, or its subscription was broken) loses
no notice: the game was marked before the write, and the worker's periodic sweep plans it."""

from __future__ import annotations

from server.notify.jobs import SWEEP_AFTER
from server.storage.games.watch import CHANGED
from tests.parts import LiveServer
from tests.support.games import start_game
from tests.support.jobs import Mail


def test_a_move_nobody_heard_of_is_swept_up(api: LiveServer, mail: Mail) -> None:
    game_id, (ada, bo) = start_game(api, "lost-cities", rounds=1, first_player=0)
    mail.run()
    before = len(mail.to(bo.player))
    view = ada.ok("GET", f"/games/{game_id}")
    games = mail.ctx.games  # marks the game under the test's clock
    player = mail.ctx.players.get(ada.player["id"])
    assert player is not None
    games.moving.submit(player, game_id, view["legal_moves"][0]["text"], view["version"])
    mail.miss_announcements()
    assert not any(queue.count for queue in mail.ctx.queues.all())
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


def test_a_join_nobody_heard_of_is_swept_up(api: LiveServer, mail: Mail) -> None:
    ada, bo = (api.client().register(name) for name in ("ada", "bo"))
    game_id = ada.ok("POST", "/games", json={"type": "lost-cities", "invite": ["bo"]})["game"]["id"]
    mail.run()
    (invitation,) = mail.to(bo.player)
    assert invitation.startswith("ada invites you")
    joiner = mail.ctx.players.get(bo.player["id"])
    assert joiner is not None
    mail.ctx.games.seating.join(joiner, game_id)  # marks the game under the test's clock
    mail.miss_announcements()
    mail.clock.advance(SWEEP_AFTER + 1)
    mail.tick()
    assert any(text.startswith("The game has started") for text in mail.to(ada.player))
    assert len(mail.to(bo.player)) == 2
