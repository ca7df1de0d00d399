"""Games as they are read: a game loaded (its record, and its state replayed through the engine
from a cached state, a snapshot or the deal), as it was at an earlier version, seen by a player
or a spectator, listed, and kept (compacted once it is over, read alike).

Every job of the service (`server.domain.service.facade`) reads through here, and so does every
caller that needs a game's record or log: none reaches the store itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import orjson

from server.domain.errors import N_, NotAPlayer, NotFound
from server.domain.games import provenance
from server.domain.games.entries import dealt
from server.domain.games.lists import DEFAULT_LIMIT, Page, Position, filtered
from server.domain.games.loaded import OPEN, Game, progress
from server.domain.games.record import GameRecord
from server.domain.games.snapshots import unpickled
from server.domain.players.player import Player
from server.domain.service.hearing import heard
from server.domain.service.ports import Awaited, BlockList, GameLog, Kept, Lobby, Roster
from server.domain.service.state_cache import StateCache
from shared.engine import Engine
from shared.games import ENGINES
from shared.playout import replay


@dataclass(eq=False)
class Loading:
    store: GameLog
    kept: Kept
    lobby_index: Lobby
    players: Roster
    cache: StateCache
    snapshot_every: int
    blocks: BlockList

    def load(self, game_id: str) -> Game:
        return self._loaded(game_id, None)[0]

    def _loaded(self, game_id: str, talk: int | None) -> tuple[Game, list[bytes]]:
        """The game, and with `talk` its table talk from message number `talk + 1` (as stored),
        read in the same round trip."""
        cached = self.cache.get(game_id)
        mark = (cached.version, cached.last_entry) if cached else (0, b"")
        loaded = self.store.load(game_id, mark, talk)
        if loaded is None:
            raise NotFound(N_("no such game"))
        engine = ENGINES[loaded.record.type]
        start, tail = loaded.start, loaded.tail
        if loaded.from_cache and cached is not None:
            state = cached.state
        elif (
            state := restored(engine, loaded.start, loaded.snapshot_tag, loaded.snapshot)
        ) is None:
            state = dealt(engine, loaded.record)
            if start > 0:  # a snapshot this code cannot use: the whole log, read again
                start, tail = 0, self.store.log_raw(game_id)
        state = replay(engine, state, logged_moves(tail))
        last_entry = tail[-1] if tail else loaded.last_entry
        game = Game(loaded.record, engine, state, start + len(tail), last_entry)
        self.cache.keep(game)
        return game, loaded.talk or []

    def state_at(self, game: Game, version: int, log: list[bytes]) -> Any:
        """The game's state at an earlier `version`, replayed from its snapshot if that is no
        later, else from the start (`log`: the game's raw log, at least `version` long)."""
        engine = game.engine
        snapshot = self.kept.snapshot(game.id) if version >= self.snapshot_every else None
        if snapshot is not None and snapshot[0] <= version:
            state = restored(engine, *snapshot)
            if state is not None:
                return replay(engine, state, logged_moves(log[snapshot[0] : version]))
        return replay(engine, dealt(engine, game.record), logged_moves(log[:version]))

    def at_version(self, game: Game, version: int, log: list[bytes] | None = None) -> Game:
        """The game as it was at `version` (its record's progress fields as they were then).
        `log` is the game's raw log when the caller has read it already: it is not read twice."""
        if version == game.version:
            return game
        engine = game.engine
        log = self.store.log_raw(game.id, 0, version) if log is None else log[:version]
        state = self.state_at(game, version, log)
        at = orjson.loads(log[-1])["at"] if log else game.record.updated
        last = log[-1] if log else b""
        record = game.record.changed(
            **progress(engine, state, at), head=provenance.head(game.record, last)
        )
        return Game(record, engine, state, version, last)

    def for_player(self, game_id: str, player: Player) -> tuple[Game, int | None]:
        """The game and the caller's seat; 403 unless they sit (or are invited) in it."""
        game = self.load(game_id)
        return game, seat_in(game, player)

    def for_viewer(self, game_id: str, player: Player) -> tuple[Game, int | None]:
        """The game and the caller's seat, to look at: anyone may watch a public game, as a
        spectator (seat None), who sees what the rules show no seat in particular. A stranger
        to a private game is told it is not public: the refusal (403, not 404) says no more
        than the status did before."""
        return viewed(self.load(game_id), player)

    def table(
        self, game_id: str, player: Player, since: int = 0
    ) -> tuple[Game, int | None, list[dict[str, Any] | None]]:
        """What `for_viewer` gives, and the table talk after message number `since` (as
        stored) as the player hears it (`server.domain.service.hearing`), in one round trip: a
        game's page shows both."""
        game, said = self._loaded(game_id, since)
        shown = viewed(game, player)
        talk = [orjson.loads(raw) for raw in said]
        return *shown, heard(game.record, talk, player.id, self.blocks)

    def record(self, game_id: str) -> GameRecord | None:
        """The game's record, with no replay (None if there is no such game)."""
        return self.store.record(game_id)

    def records(self, game_ids: list[str]) -> list[GameRecord | None]:
        """The games' records in one round trip (None for a game there is not)."""
        return self.store.records(game_ids)

    def record_for(self, player: Player, game_id: str) -> GameRecord:
        """The game's record, if the player sits or is invited in it (else 404 or 403)."""
        return players_record(self.store.record(game_id), player)

    def records_for(self, player: Player) -> list[GameRecord | None]:
        """The record of every game in the player's list (None for one never written; some
        perhaps not yet theirs: see `Seating.join`)."""
        return self.store.records(self.players.game_ids(player.id))

    def games_of(
        self,
        player: Player,
        keep: Callable[[GameRecord], bool],
        after: Position | None = None,
        limit: int = DEFAULT_LIMIT,
    ) -> Page[GameRecord]:
        """A page of the records of the player's games that `keep` keeps, newest first (see
        `server.domain.games.lists`)."""

        def read(after: Position | None, count: int) -> list[tuple[GameRecord | None, Position]]:
            return self._recorded(self.players.game_page(player.id, after, count))

        return filtered(read, keep, after, limit)

    def _recorded(self, places: list[Position]) -> list[tuple[GameRecord | None, Position]]:
        """Each game of a page of an index with its record (None for one never written)."""
        return list(zip(self.store.records([p.id for p in places]), places, strict=True))

    def lobby(
        self, after: Position | None = None, limit: int = DEFAULT_LIMIT
    ) -> Page[tuple[GameRecord, list[Player | None]]]:
        """A page of the public games with a seat anyone may take, oldest first, each with the
        profiles of the players at its table (None for a seat free or a profile gone). Games
        that can no longer be joined leave the index as they are met; one being made (no
        record yet) is passed over."""
        gone: list[str] = []

        def joinable(record: GameRecord) -> bool:
            if record.status == OPEN and any(seat.free for seat in record.seats):
                return True
            gone.append(record.id)
            return False

        def read(after: Position | None, count: int) -> list[tuple[GameRecord | None, Position]]:
            return self._recorded(self.lobby_index.lobby_page(after, count))

        page = filtered(read, joinable, after, limit)
        self.lobby_index.unlist(gone)
        listed = [
            (record, [self.players.get(s.player) if s.player else None for s in record.seats])
            for record in page.items
        ]
        return Page(listed, page.next)

    def wait_for_change(self, awaited: Awaited) -> bool:
        """Block until the game changes from what the reader saw, `also()` comes true (a
        reader's own look at what else it shows), or the deadline."""
        return self.store.wait_for_change(awaited)

    def version(self, game_id: str) -> int:
        """How many entries the game's log holds, with no replay."""
        return self.store.version(game_id)

    def entries(self, game: Game, since: int = 0) -> list[dict[str, Any]]:
        """The game's log entries after version `since`, as stored."""
        return self.store.log(game.id, since)

    def log_raw(self, game_id: str, start: int = 0, stop: int | None = None) -> list[bytes]:
        """The log's entries from `start` up to `stop` (the end if None), byte for byte as
        stored: for readers that replay (`at_version`) or only look at who moved."""
        return self.store.log_raw(game_id, start, stop)

    def compact(self, game_id: str) -> bool:
        """Keep a finished game in its compact form, read alike; False if it is not (yet) to
        be."""
        return self.kept.compact(game_id)

    def compacted(self, game_ids: Iterable[str]) -> set[str]:
        """Which of these games are kept compacted: nothing more will change in them."""
        return self.kept.compacted(game_ids)


def restored(engine: Engine[Any], version: int, tag: str, blob: bytes) -> Any:
    """A snapshot's state (None if there is none at all, at version 0, or if this code cannot
    use it: see `server.domain.games.snapshots`)."""
    return unpickled(engine, tag, blob) if version > 0 else None


def players_record(record: GameRecord | None, player: Player) -> GameRecord:
    """The record, if there is one and the player sits or is invited in it (else 404 or 403):
    the one check of every request about a game it does not load."""
    if record is None:
        raise NotFound(N_("no such game"))
    if not record.sits_or_invited(player.id):
        raise NotAPlayer(N_("you are not a player in this game"))
    return record


def viewed(game: Game, player: Player) -> tuple[Game, int | None]:
    """The game and the player's seat, if they may look at it (see `Loading.for_viewer`)."""
    if not game.record.sits_or_invited(player.id):
        if game.record.public:
            return game, None
        raise NotAPlayer(N_("this game is not public: only its players may look at it"))
    return game, seat_in(game, player)


def seat_in(game: Game, player: Player) -> int | None:
    """The player's seat (None if only invited so far); 403 unless they sit or are invited."""
    seat = game.seat_of(player.id)
    if seat is None and not game.record.sits_or_invited(player.id):
        raise NotAPlayer(N_("you are not a player in this game"))
    return seat


def logged_moves(raw_entries: Iterable[bytes]) -> Iterator[tuple[int, Any]]:
    """The (seat, move) pairs of stored log entries: all a replay needs."""
    for raw in raw_entries:
        entry = orjson.loads(raw)
        yield entry["seat"], entry["move"]
