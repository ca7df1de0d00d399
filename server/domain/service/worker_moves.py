"""Moves the service makes for a seat, run by the worker: a bot's turn, and the decision of a
player whose move clock ran out (skipped, resigned or made by a bot, as the game's clock says).

Each goes through the one move path (`server.domain.service.moving`), and a bot's move under an
idempotency key named by the version and the seat, so two runs of one job make one move.
"""

from __future__ import annotations

from server.domain.errors import GameOver, Stale
from server.domain.games import bots as bot_players
from server.domain.games.idempotency import Idempotency
from server.domain.games.loaded import ACTIVE, Game
from server.domain.service.loading import Loading, logged_moves
from server.domain.service.moving import Moving
from shared.engine import RESIGN

BOT = "bot"
"""Who sends a bot's move, as its idempotency key counts it (no player id looks like it)."""


class WorkerMoves:
    def __init__(self, loading: Loading, moving: Moving) -> None:
        self.loading = loading
        self.moving = moving

    def time_out(self, game_id: str, seat: int, since_version: int) -> bool:
        """The seat's clock ran out on the decision it has faced since `since_version`: under
        the policy `bot`, a bot makes that decision (every step of it) for the seat, which is
        the player's again for the next one; under `skip`, the rules' neutral move is made for
        it if there is one; else it resigns. False (nothing done) if it has moved since, or the
        game moved on meanwhile (the next check looks again)."""
        game = self.loading.load(game_id)
        if game.status != ACTIVE or seat not in game.engine.to_act(game.state):
            return False
        since = self.loading.log_raw(game_id, since_version)
        if any(mover == seat for mover, _ in logged_moves(since)):
            return False
        policy = (game.record.clock or {}).get("on_timeout", "skip")
        level = bot_players.timeout_level(policy)
        try:
            if level is not None:
                self._bot_decides(game, seat, level)
                return True
            neutral = game.engine.neutral_move(game.state, seat) if policy == "skip" else None
            self.moving.move(
                game, seat, neutral or dict(RESIGN), game.version, None, timed_out=True
            )
        except (Stale, GameOver):
            return False
        return True

    def _bot_decides(self, game: Game, seat: int, level: str) -> None:
        """A bot makes the seat's decision for a player whose time ran out: its moves, one at
        a time, until the seat faces another decision (or none)."""
        decision = game.engine.decision(game.state, seat)
        while True:
            self._bot_move(game, seat, level, timed_out=True)
            game = self.loading.load(game.id)
            engine = game.engine
            if (
                decision is None
                or game.status != ACTIVE
                or seat not in engine.to_act(game.state)
                or engine.decision(game.state, seat) != decision
            ):
                return

    def play_bot(self, game_id: str) -> bool:
        """The move of the bot whose seat must act now (the first, if several must): False if
        none must. Run by the worker, and safe to run again: a run that comes after the move
        was made finds no bot to act, or the next one, and two runs at once make the same
        move under the same key, which the log takes once (`_bot_move`)."""
        game = self.loading.load(game_id)
        if game.status != ACTIVE:
            return False
        for seat in game.engine.to_act(game.state):
            level = game.seats[seat].bot
            if level is not None:
                try:
                    self._bot_move(game, seat, level)
                except (Stale, GameOver):
                    return False
                return True
        return False

    def _bot_move(self, game: Game, seat: int, level: str, timed_out: bool = False) -> None:
        """One move a bot chooses for `seat` (`server.domain.games.bots`), made through the one
        move path, with an idempotency key named by the version and seat: the same bot's move at
        the same version is the same request, whichever job sends it."""
        move, version = bot_players.move(game, seat, level)
        idem = Idempotency.of(BOT, f"{game.version}:{seat}", move, game.version)
        bot = level if timed_out else None
        self.moving.move(game, seat, move, game.version, idem, timed_out, bot, version)
