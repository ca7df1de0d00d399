"""Games as the service sees them: record + log in the store, state rebuilt through the engine.

`GameService` is where every caller reaches them (one made per process, in
`server.storage.services`). Its work is done by a job each, in a module of its own, sharing the
store, the players, the clock and the listener:

- `reading.py` (`Reading`): a game loaded, as it was at a version, seen by a player or a
  spectator, listed; its record and log; kept compacted once it is over.
- `seating.py` (`Seating`): a game made, a seat taken, an invitation declined, a game called
  off, a rematch: compare-and-sets on the record.
- `moving.py` (`Moving`): the one path of every move (batches, resigning), and a resend
  answered from the log.
- `stand_ins.py` (`StandIns`): the moves the worker makes for a seat, a bot's turn and a
  timeout.
- `talking.py` (`Talking`): table talk said and read (and a deleted account's unsaid).

It knows no HTTP and no JSON answers: it answers with games and moves made (`Moved`), and
refuses with `server.domain.errors`, which routes and mail handlers translate once.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from server.domain.games import talk_rules as talk
from server.domain.service import invitations
from server.domain.service.loading import Reading
from server.domain.service.moving import Moving
from server.domain.service.ports import (
    BlockList,
    ChangeListener,
    GameStore,
    InvitationBook,
    Roster,
    Unheard,
)
from server.domain.service.seating import Seating
from server.domain.service.state_cache import HeldStates
from server.domain.service.talking import Talking
from server.domain.service.worker_moves import StandIns


class GameService:
    """The jobs, built over one store (each given the parts of it that it uses: see
    `server.domain.service.ports`), and their methods under the names callers use."""

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
        held_states: int = 4096,
        talk_limits: talk.Limits | None = None,
    ) -> None:
        listener = listener or Unheard()
        self.reading = reading = Reading(
            store, store, store, players, HeldStates(held_states), snapshot_every, blocks
        )
        inviting = invitations.Inviting(
            store, players, book, blocks, clock, invitation_limits or invitations.Limits()
        )
        self.seating = seating = Seating(reading, store, store, players, clock, listener, inviting)
        self.moving = moving = Moving(reading, store, clock)
        self.stand_ins = stand_ins = StandIns(reading, moving)
        self.talking = talking = Talking(store, store, clock, talk_limits or talk.Limits(), blocks)

        self.load = reading.load
        self.at_version = reading.at_version
        self.for_player = reading.for_player
        self.for_viewer = reading.for_viewer
        self.table = reading.table
        self.record = reading.record
        self.records = reading.records
        self.record_for = reading.record_for
        self.records_for = reading.records_for
        self.games_of = reading.games_of
        self.lobby = reading.lobby
        self.wait_for_change = reading.wait_for_change
        self.version = reading.version
        self.entries = reading.entries
        self.log_raw = reading.log_raw
        self.compact = reading.compact
        self.compacted = reading.compacted

        self.create = seating.create
        self.join = seating.join
        self.decline = seating.decline
        self.decline_from = seating.decline_from
        self.cancel = seating.cancel
        self.rematch = seating.rematch

        self.submit = moving.submit
        self.resign = moving.resign

        self.time_out = stand_ins.time_out
        self.play_bot = stand_ins.play_bot

        self.say = talking.say
        self.talk = talking.talk
        self.said_after = talking.said_after
        self.unsay = talking.unsay
