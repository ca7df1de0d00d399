"""The one code path for every move, whatever carried it (HTTP, email, a timeout, a bot): load,
check the mover's seat and version, apply through the engine (a batch step by step), append
atomically; and a resend under the same idempotency key answered with its first answer, built
again from the log (`server.domain.games.idempotency`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from server.domain.errors import (
    N_,
    Conflict,
    GameOver,
    Illegal,
    NotJoined,
    NotStarted,
    Refusal,
    Stale,
    Unavailable,
)
from server.domain.games import events as player_events
from server.domain.games import provenance
from server.domain.games.entries import encode_entry, new_entry
from server.domain.games.idempotency import Idempotency, Made
from server.domain.games.loaded import CANCELLED, FINISHED, OPEN, Game, Moved, progress
from server.domain.games.snapshots import pickled, snapshot_tag
from server.domain.players.player import Player
from server.domain.service.loading import Loading, logged_moves, seat_in
from server.domain.service.ports import GameLog, MoveWrite
from shared.batch import apply_batch, parse_batch, refusal_details
from shared.engine import RESIGN, IllegalMove


@dataclass(eq=False)
class Moving:
    loading: Loading
    store: GameLog
    clock: Callable[[], float]

    def submit(
        self,
        player: Player,
        game_id: str,
        move: Any,
        expected_version: int,
        idempotency_key: str | None = None,
    ) -> Moved:
        """Apply a move (JSON, a list of JSON steps, or text notation) for the caller's seat.

        Answers with the move made (`Moved`: each edge shows the mover their new view from it).
        Refusals change nothing: 409 if the game moved on since
        `expected_version`, 422 if the rules forbid the move (with why, and the legal moves).
        With an idempotency key, a retry gets the first answer back instead of moving twice,
        and another request under the same key is refused (`server.domain.games.idempotency`).
        """
        idem = (
            Idempotency.of(player.id, idempotency_key, move, expected_version)
            if idempotency_key
            else None
        )
        try:
            # No look for the key's note first: the append script checks it in the same step,
            # and a retry refused on the way there (its first attempt moved the game on, or
            # ended it) finds it below, so a fresh move pays no extra round trip.
            return self._submit(player, game_id, move, expected_version, idem)
        except (Refusal, Unavailable):
            replayed = self._replayed(player, game_id, idem)
            if replayed is None:
                raise
            return replayed

    def resign(self, player: Player, game_id: str) -> Moved:
        """Resigning is a move like any other (so it replays), allowed out of turn; a race with
        another move is retried rather than bounced back to the player."""
        while True:
            game, seat = self.loading.for_player(game_id, player)
            if game.status == OPEN:
                raise NotStarted(
                    N_(
                        "the game has not started, so there is nothing to resign from: its "
                        "creator can cancel it, and an invited player can decline"
                    )
                )
            if seat is None:
                raise NotJoined(N_("you have not joined this game"))
            try:
                return self.move(game, seat, dict(RESIGN), game.version, None)
            except Stale:
                continue

    def move(
        self,
        game: Game,
        seat: int,
        move: Any,
        expected_version: int,
        idem: Idempotency | None,
        timed_out: bool = False,
        bot: str | None = None,
        bot_version: int | None = None,
    ) -> Moved:
        """The move, once the game is loaded: `resign` and the moves the service makes for a
        seat (`server.domain.service.worker_moves`), which load it for its version, move through
        here rather than `submit`, so it is not loaded and replayed twice. `timed_out` marks a move
        the service made for a seat whose clock ran out, `bot` the level of the bot that
        chose it for that seat, and `bot_version` the version of the bots that chose it (for
        any seat)."""
        check_active(game)
        if expected_version != game.version and not self._unchanged_for(
            game, seat, expected_version
        ):
            raise Stale(game.version)
        engine = game.engine
        try:
            steps = parse_batch(engine, move) if isinstance(move, str) else move
            if isinstance(steps, dict):
                steps = [steps]
            applied = apply_batch(engine, game.state, seat, steps)
        except IllegalMove as error:
            raise illegal(game, seat, error) from None
        now = int(self.clock())
        entries = [
            new_entry(
                seat,
                engine.parse_move(engine.format_move(step)),
                event,
                now,
                timed_out,
                bot,
                bot_version,
            )
            for step, event in zip(steps, applied.events, strict=False)
        ]
        return self._append(game, seat, applied.state, entries, idem, now, applied.untried)

    # -- answering a resend with its first answer (server.domain.games.idempotency) ----------------

    def _replayed(self, player: Player, game_id: str, idem: Idempotency | None) -> Moved | None:
        """The first answer to a move made with this request's key; None if none was made."""
        if idem is None:
            return None
        game = self.loading.load(game_id)
        seat = game.seat_of(player.id)
        if seat is None:
            return None
        made = self.store.made(game_id, idem, seat)
        return None if made is None else self._first_answer(game, seat, made)

    def _first_answer(self, game: Game, seat: int, made: Made) -> Moved:
        """A move's answer built again from the log, which has not changed since (`game`: the
        game at any version)."""
        log = self.store.log_raw(game.id, 0, made.end)  # read once: the state and the events
        entries = [orjson.loads(raw) for raw in log[made.version :]]
        at = self.loading.at_version(game, made.end, log)
        return answer(at, seat, entries, made.untried)

    # -- a move made ----------------------------------------------------------------------

    def _submit(
        self,
        player: Player,
        game_id: str,
        move: Any,
        expected_version: int,
        idem: Idempotency | None,
    ) -> Moved:
        cached = self.loading.cache.get(game_id)
        if cached is not None and cached.version == expected_version:
            # The game as this process last saw it, which is the version the mover saw: the
            # append checks that it is still the latest, so the game need not be read first.
            # Only a move made is answered from here; a refusal (the game moved on, or its
            # cached copy was wrong) is left to the path below, which reads the game afresh.
            try:
                return self._move_in(cached, player, move, expected_version, idem)
            except Refusal:
                pass  # (Unavailable, made but not yet safe, goes on up: the caller must hear it)
        return self._move_in(self.loading.load(game_id), player, move, expected_version, idem)

    def _move_in(
        self,
        game: Game,
        player: Player,
        move: Any,
        expected_version: int,
        idem: Idempotency | None,
    ) -> Moved:
        seat = seat_in(game, player)
        if seat is None:
            raise NotJoined(N_("join the game before moving in it"))
        return self.move(game, seat, move, expected_version, idem)

    def _unchanged_for(self, game: Game, seat: int, seen_version: int) -> bool:
        """Did the game move on only by other seats, leaving this seat's choice exactly as it
        was (to act then and now, the same legal moves)? Then a move sent against the older
        version is still well-informed. This is what lets players of simultaneous choices
        answer in any order: another player's hidden choice bumps the version but not what
        this player may do."""
        if not 0 <= seen_version < game.version:
            return False
        log = self.store.log_raw(game.id)
        if any(mover == seat for mover, _ in logged_moves(log[seen_version:])):
            return False
        engine = game.engine
        seen = self.loading.state_at(game, seen_version, log)
        return seat in engine.to_act(seen) and engine.legal_moves(seen, seat) == engine.legal_moves(
            game.state, seat
        )

    def _append(
        self,
        game: Game,
        seat: int,
        state: Any,
        entries: list[dict[str, Any]],
        idem: Idempotency | None,
        now: int,
        untried: Sequence[Any] = (),
    ) -> Moved:
        engine = game.engine
        every = self.loading.snapshot_every
        new_version = game.version + len(entries)
        entries, head = provenance.linked(game.record, game.last_entry, entries)
        record = game.record.changed(**progress(engine, state, now), head=head)
        stored = [encode_entry(entry) for entry in entries]
        snapshot = None
        if new_version // every > game.version // every:
            snapshot = (new_version, snapshot_tag(engine), pickled(state))
        move = MoveWrite(
            (game.version, game.last_entry),
            stored,
            record,
            snapshot=snapshot,
            request=(idem.field, idem.made(game.version, len(entries), untried)) if idem else None,
            events=player_events.of_change(game.record, record, new_version, mover=seat),
        )
        appended = self.store.append(game.id, move)
        if appended.made is not None and idem is not None:  # replayed: made before, with the key
            return self._first_answer(game, seat, idem.check(appended.made))
        if appended.outcome == "stale":
            raise Stale(int(appended.value))
        if appended.outcome == "inactive":
            raise GameOver()
        after = Game(record, engine, state, new_version, stored[-1])
        self.loading.cache.keep(after)
        return answer(after, seat, entries, untried)


def check_active(game: Game) -> None:
    if game.status == OPEN:
        raise NotStarted()
    if game.status == CANCELLED:
        raise Conflict(N_("this game was cancelled before it started"), code="game_cancelled")
    if game.status == FINISHED:
        raise GameOver()


def answer(
    after: Game, seat: int, entries: list[dict[str, Any]], untried: Sequence[Any] | None
) -> Moved:
    """A move's answer, the first time and when it is sent again."""
    return Moved(after, seat, [entry["event"] for entry in entries], untried or ())


def illegal(game: Game, seat: int, error: IllegalMove) -> Illegal:
    """The engine's reason, and the moves that are legal now."""
    details = refusal_details(game.engine, game.state, seat, error)
    return Illegal(error, details, game.names, game.bot_accounts)
