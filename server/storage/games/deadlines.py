"""Move clocks as a reader is shown them: each running clock's deadline, in the reader's zone,
and each seat's time bank.

The worker keeps a game's running clocks (in `server.storage.games.clocks`):
per seat that must act, when its decision began and how much waking time it may take. A
deadline is the moment that time runs out (`waking.runs_out`): never in the mover's quiet
hours, and an estimate, since it assumes the mover takes no vacation from now on. The API, the
notices and the calendar feed all read deadlines here, so they say the same.
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

from server.domain.games.record import ACTIVE, GameRecord
from server.domain.games.seat_clocks import SeatClock, limit
from server.domain.players.quiet import local
from server.domain.players.waking import runs_out, used
from server.storage.games.clocks import Clocks
from server.storage.players.profiles import Players
from server.storage.players.vacations import Vacations
from shared.clock_text import banks, deadline
from shared.engine import shown_names
from shared.words import ENGLISH, Words


class Deadlines:
    def __init__(self, clocks: Clocks, players: Players, vacations: Vacations) -> None:
        self.clocks = clocks
        self.players = players
        self.vacations = vacations

    def of(self, record: GameRecord, now: float) -> list[SeatClock]:
        """The game's running clocks (none before the worker has started them, as it does when
        it plans the notices of a move, or once the game is over), and with a time bank every
        other seat's bank too. A clock of a seat that need not act any more is not running
        whatever the worker has kept: until the worker has planned the move that ended its
        decision, it would tell of a deadline no one has."""
        clock = record.clock
        if clock is None or record.status != ACTIVE:
            return []
        running = self.clocks.running(record.id)
        banks = self.clocks.banks(record.id) if "time_bank" in clock else None
        clocks = []
        for seat, sitter in enumerate(record.seats):
            name = sitter.name or ""
            timing = running.get(seat) if seat in record.to_act else None
            player = self.players.get(sitter.player) if timing and sitter.player else None
            if timing is not None and player is not None:
                away = self.vacations.intervals(player, now)
                allowed = limit(clock, timing)
                left = max(0.0, allowed - used(player, away, timing["since"], now))
                due = runs_out(player, away, timing["since"], allowed)
                paused = self.vacations.away_now(player, now)
                clocks.append(SeatClock(seat, name, left, due, True, timing["since"], paused))
            elif banks is not None:
                clocks.append(SeatClock(seat, name, banks.get(seat, clock["time_bank"]), None))
        return clocks

    def sentences(
        self,
        record: GameRecord,
        seat: int | None,
        zone: ZoneInfo,
        now: float,
        words: Words = ENGLISH,
        clocks: list[SeatClock] | None = None,
    ) -> list[str]:
        """The game's running clocks in words for the player of `seat`, each deadline in their
        `zone` and language, theirs first; and with a time bank, everyone's bank. For notices
        and pages (`clocks`: the game's, as `of` read them already)."""
        clocks = self.of(record, now) if clocks is None else clocks
        names = shown_names(record.names, record.bot_accounts, words)
        lines = [
            deadline(
                None if clock.seat == seat else names[clock.seat],
                None if clock.due is None else local(clock.due, zone),
                clock.left,
                clock.paused,
                words,
            )
            for clock in sorted(clocks, key=lambda c: c.seat != seat)
            if clock.running
        ]
        configured = record.clock
        if configured is not None and "time_bank" in configured:
            left = [
                (
                    words.gettext("you") if clock.seat == seat else names[clock.seat],
                    clock.left,
                )
                for clock in clocks
            ]
            lines.append(banks(configured["time_bank"], configured["increment"], left, words))
        return lines
