"""Games as the service sees them: record + log in the store, state rebuilt through the engine.

`GameService` is where every caller reaches them (one made per process, over the store it is
given). Its work is done by a job each, in a module of its own, sharing the
store, the players, the clock and the listener; a caller calls the job itself
(`services().games.moving.submit(...)`), which the service holds as a typed attribute:

- `loading` (`loading.py`, `Loading`): a game loaded, as it was at a version, seen by a player
  or a spectator, listed; its record and log; kept compacted once it is over.
- `seating` (`seating.py`, `Seating`): a game made, a seat taken, an invitation declined, a
  game called off, a rematch: compare-and-sets on the record.
- `moving` (`moving.py`, `Moving`): the one path of every move (batches, resigning), and a
  resend answered from the log.
- `worker_moves` (`worker_moves.py`, `WorkerMoves`): the moves the worker makes for a seat, a
  bot's turn and a timeout.
- `talking` (`talking.py`, `Talking`): table talk said and read (and a deleted account's
  unsaid).

It knows no HTTP and no JSON answers: it answers with games and moves made (`Moved`), and
refuses with `server.domain.errors`, which routes and mail handlers translate once.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from server.domain.games import talk_rules as talk
from server.domain.service import invitations
from server.domain.service.loading import Loading
from server.domain.service.moving import Moving
from server.domain.service.ports import (
    BlockList,
    ChangeListener,
    GameStore,
    InvitationBook,
    NoListener,
    Roster,
)
from server.domain.service.seating import Seating
from server.domain.service.state_cache import StateCache
from server.domain.service.talking import Talking
from server.domain.service.worker_moves import WorkerMoves


class GameService:
    """The jobs, built over one store (each given the parts of it that it uses: see
    `server.domain.service.ports`), each a typed attribute a caller names: a move is
    `games.moving.submit(...)`, a page's game `games.loading.table(...)`, so a reader (or a
    tool) walks from a route to the job's method in one step, through no alias."""

    loading: Loading
    seating: Seating
    moving: Moving
    worker_moves: WorkerMoves
    talking: Talking

    def __init__(
        self,
        store: GameStore,
        players: Roster,
        *,
        book: InvitationBook,
        blocks: BlockList,
        invitation_limits: invitations.Limits | None = None,
        snapshot_every: int = 16,
        clock: Callable[[], float] = time.time,
        listener: ChangeListener | None = None,
        cached_states: int = 4096,
        talk_limits: talk.Limits | None = None,
    ) -> None:
        listener = listener or NoListener()
        self.loading = Loading(
            store, store, store, players, StateCache(cached_states), snapshot_every, blocks
        )
        inviting = invitations.Inviting(
            store, players, book, blocks, clock, invitation_limits or invitations.Limits()
        )
        self.seating = Seating(self.loading, store, store, players, clock, listener, inviting)
        self.moving = Moving(self.loading, store, clock)
        self.worker_moves = WorkerMoves(self.loading, self.moving)
        self.talking = Talking(store, store, clock, talk_limits or talk.Limits(), blocks)
