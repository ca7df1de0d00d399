"""A player leaving every game for good, as their account is deleted.

The games that started stay whole for the other players: their seat in them is `vacated`, kept
under a neutral name (`deleted player 1`, numbered within the game, so nothing of the old name
can be read back from it, and nothing links one game's vacated seat to another's) and no
longer anyone's. That touches neither the game's replay nor its check (`turnpost verify`): the
seed is made from the seats' contributions and the log's hash chain covers seats, moves and
times, never a name (`shared.fairness`). A game still running is first resigned, or handed to
a bot that plays the seat to the end (the player's choice; a game with a bot at the table is
unrated from then on, as any is). A game not started is called off if they created it, and
their seat in anyone else's is free again, their contribution taken back with it.

Each step is a move or a compare-and-set on the game's seats, as the service makes any other,
so the other players' requests racing with it are safe, and a deletion cut short is finished
by doing it again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import count

from server.domain.errors import Conflict, GameOver, Illegal
from server.domain.games import bots as bot_players
from server.domain.games.record import (
    ACTIVE,
    DELETED_PLAYER,
    OPEN,
    VACATED,
    Contribution,
    GameRecord,
    Seat,
)
from server.domain.players.player import Player
from server.domain.service.facade import GameService

RESIGN, BOT = "resign", "bot"
ACTIVE_GAMES = (RESIGN, BOT)
"""What becomes of the games still running: resigned, or played on by a bot."""


@dataclass
class Left:
    """The games the player left, by what became of them (their ids)."""

    cancelled: list[str] = field(default_factory=list)
    """Not started, made by the player: called off."""
    freed: list[str] = field(default_factory=list)
    """Not started, made by another: the player's seat (or invitation) is free again."""
    resigned: list[str] = field(default_factory=list)
    bot: list[str] = field(default_factory=list)
    """Running: a bot plays the seat from now on."""
    kept: list[str] = field(default_factory=list)
    """Over (or running on without the seat): the seat stays, under a neutral name."""


@dataclass(frozen=True)
class Leaving:
    """Takes `player` out of their games: `active` (`ACTIVE_GAMES`) says what becomes of the
    running ones, `level` which bot plays them on."""

    games: GameService
    player: Player
    active: str = RESIGN
    level: str = bot_players.TIMEOUT_LEVEL

    def seat_in(self, game_id: str) -> int | None:
        """The seat the player has taken in the game (None: invited only, or not there)."""
        record = self.games.loading.record(game_id)
        return record.seat_of(self.player.id) if record is not None else None

    def leave(self, game_id: str, left: Left) -> None:
        """Leave one game, noting in `left` what became of it."""
        record = self.games.loading.record(game_id)
        player_id = self.player.id
        if record is None or not record.mentions(player_id):
            return  # never written, or left already
        outcome = left.kept
        if (
            record.status == OPEN
            and record.creator == player_id
            and record.sits_or_invited(player_id)
        ):
            try:
                self.games.seating.cancel(self.player, game_id)
                outcome = left.cancelled
            except Conflict:
                pass  # started meanwhile: left as a running game is
            record = self._record(game_id)
        level = None
        if record.status == OPEN:
            outcome = left.freed
        elif record.status == ACTIVE and record.seat_of(player_id) is not None:
            if self.active == BOT and bot_players.levels_for(record.type):
                outcome, level = left.bot, self.level
            else:
                outcome = left.resigned if self._resigned(game_id) else left.kept
        self._vacate(game_id, level)
        outcome.append(game_id)

    def _resigned(self, game_id: str) -> bool:
        """False if the game ended meanwhile, or the seat is out of it already."""
        try:
            self.games.moving.resign(self.player, game_id)
        except (GameOver, Illegal):
            return False
        return True

    def _record(self, game_id: str) -> GameRecord:
        record = self.games.loading.record(game_id)
        assert record is not None  # games are never deleted
        return record

    def _vacate(self, game_id: str, level: str | None) -> None:
        """The player's seats given up (`without`), by a compare-and-set (`Seating.reseat`)."""
        self.games.seating.reseat(game_id, lambda record: without(record, self.player.id, level))


def without(record: GameRecord, player_id: str, level: str | None = None) -> GameRecord:
    """The record with the player's seats given up: in a game not started, free again, their
    contribution taken back; in one that started (or was called off), vacated, and a bot's of
    `level` if one is given and the game runs; an invitation never taken up, gone; and their id
    as its creator or its rematch's asker, `DELETED_PLAYER`."""
    seats = list(record.seats)
    made: list[Contribution | None] = list(record.contributions)
    number = count(1 + sum(seat.vacated for seat in seats))
    for index, seat in enumerate(seats):
        if seat.player != player_id:
            continue
        if record.status == OPEN or not seat.joined:
            seats[index] = Seat()
            if record.status == OPEN and index < len(made):
                made[index] = None
        else:
            bot = level if record.status == ACTIVE else None
            seats[index] = Seat(name=f"{VACATED} {next(number)}", joined=True, bot=bot)
    return record.changed(
        seats=tuple(seats),
        contributions=tuple(made),
        creator=gone(record.creator, player_id),
        asked_by=None if record.asked_by is None else gone(record.asked_by, player_id),
    )


def gone(field: str, player_id: str) -> str:
    return DELETED_PLAYER if field == player_id else field
