"""Games as the service sees them: record + log in the store, state rebuilt through the engine.

This is the one code path for every move, whatever carried it (HTTP, email, a timeout): load,
check the caller's seat and version, apply through the engine, append atomically. It knows no
HTTP: it answers with games and the mover's answer (`server.presenters`), and refuses with
`server.domain.errors`, which routes and mail handlers translate once.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol

import orjson

from server import presenters, provenance
from server.domain import bots as bot_players
from server.domain import talk
from server.domain.errors import (
    Conflict,
    GameOver,
    Illegal,
    Invalid,
    NotAPlayer,
    NotFound,
    NotJoined,
    NotStarted,
    Refusal,
    Stale,
    Unavailable,
)
from server.domain.game import ACTIVE, CANCELLED, FINISHED, OPEN, Game
from server.domain.held_states import HeldStates
from server.domain.record import GameRecord, Seat
from server.domain.store import GameStore, Roster
from server.entries import dealt, new_entry
from server.idempotency import Idempotency, Made
from server.redis_client import Client
from server.snapshots import pickled, snapshot_tag, unpickled
from server.store import encode_entry
from shared.batch import apply_batch, parse_batch, refusal_details
from shared.engine import RESIGN, BadOptions, Engine, IllegalMove
from shared.games import ENGINES
from shared.playout import replay

BOT = "bot"
"""Who sends a bot's move, as its idempotency key counts it (no player id looks like it)."""


GAME_ID = re.compile(r"^[0-9a-f]{24}$")
"""What `new_game_id` makes, as the OpenAPI document states it."""


def new_game_id() -> str:
    """96 random bits in hex: unguessable, and safe as a command-line argument and in a URL
    (base64 ids could begin with '-' and read as an option)."""
    return secrets.token_hex(12)


def engine_for(type_id: str) -> Engine[Any]:
    try:
        return ENGINES[type_id]
    except KeyError:
        raise Invalid(
            f"there is no game type {type_id!r}; known types: {', '.join(sorted(ENGINES))}",
            code="unknown_game_type",
        ) from None


def progress(engine: Engine[Any], state: Any, now: int) -> dict[str, Any]:
    """The record's fields that follow from a state: listing games never needs a replay."""
    result = engine.result(state)
    return {
        "to_act": tuple(engine.to_act(state)),
        "status": FINISHED if result is not None else ACTIVE,
        "result": result,
        "updated": now,
    }


class ChangeListener(Protocol):
    """Told before a game's seats, record or log change (see `server.notify.watch`), through
    `via` if given: a pipeline that carries the change right after it."""

    def changing(self, game_id: str, via: Client | None = None) -> None: ...


class Unheard:
    def changing(self, game_id: str, via: Client | None = None) -> None:
        pass


class GameService:
    def __init__(
        self,
        store: GameStore,
        players: Roster,
        *,
        snapshot_every: int = 16,
        clock: Callable[[], float] = time.time,
        listener: ChangeListener | None = None,
        held_states: int = 4096,
        talk_limits: talk.Limits | None = None,
    ) -> None:
        self.store = store
        self.players = players
        self.snapshot_every = snapshot_every
        self.clock = clock
        self.listener = listener or Unheard()
        self.held = HeldStates(held_states)
        self.talk_limits = talk_limits or talk.Limits()

    # -- reading ----------------------------------------------------------------------------

    def load(self, game_id: str) -> Game:
        held = self.held.get(game_id)
        loaded = self.store.load(game_id, *((held.version, held.last_entry) if held else ()))
        if loaded is None:
            raise NotFound("game")
        engine = ENGINES[loaded.record.type]
        start, tail = loaded.start, loaded.tail
        if loaded.from_held and held is not None:
            state = held.state
        elif (
            state := self._restore(engine, loaded.start, loaded.snapshot_tag, loaded.snapshot)
        ) is None:
            state = dealt(engine, loaded.record)
            if start > 0:  # a snapshot this code cannot use: the whole log, read again
                start, tail = 0, self.store.log_raw(game_id)
        state = replay(engine, state, logged_moves(tail))
        last_entry = tail[-1] if tail else loaded.last_entry
        game = Game(loaded.record, engine, state, start + len(tail), last_entry)
        self.held.keep(game)
        return game

    @staticmethod
    def _restore(engine: Engine[Any], version: int, tag: str, blob: bytes) -> Any:
        """A snapshot's state (None if there is none at all, at version 0, or if this code
        cannot use it: see `server.snapshots`)."""
        return unpickled(engine, tag, blob) if version > 0 else None

    def _state_at(self, game: Game, version: int, log: list[bytes]) -> Any:
        """The game's state at an earlier `version`, replayed from its snapshot if that is no
        later, else from the start (`log`: the game's raw log, at least `version` long)."""
        engine = game.engine
        snapshot = self.store.snapshot(game.id) if version >= self.snapshot_every else None
        if snapshot is not None and snapshot[0] <= version:
            state = self._restore(engine, *snapshot)
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
        state = self._state_at(game, version, log)
        at = orjson.loads(log[-1])["at"] if log else game.record.updated
        last = log[-1] if log else b""
        record = game.record.changed(
            **progress(engine, state, at), head=provenance.head(game.record, last)
        )
        return Game(record, engine, state, version, last)

    def for_player(self, game_id: str, player: dict[str, str]) -> tuple[Game, int | None]:
        """The game and the caller's seat; 403 unless they sit (or are invited) in it."""
        game = self.load(game_id)
        return game, seat_in(game, player)

    def for_viewer(self, game_id: str, player: dict[str, str]) -> tuple[Game, int | None]:
        """The game and the caller's seat, to look at: anyone may watch a public game, as a
        spectator (seat None), who sees what the rules show no seat in particular."""
        game = self.load(game_id)
        if game.record.public and not game.record.sits_or_invited(player["id"]):
            return game, None
        return game, seat_in(game, player)

    def lobby(self) -> list[tuple[GameRecord, list[dict[str, str] | None]]]:
        """The public games with a seat anyone may take, oldest first, each with the profiles
        of the players at its table (None for a seat free or a profile gone). Games that can no
        longer be joined leave the index as they are met."""
        ids = self.store.lobby()
        listed, gone = [], []
        for game_id, record in zip(ids, self.store.records(ids), strict=True):
            if record is None:
                continue  # being made, or never written
            if record.status != OPEN or not any(seat.free for seat in record.seats):
                gone.append(game_id)
                continue
            players = [self.players.get(s.player) if s.player else None for s in record.seats]
            listed.append((record, players))
        self.store.unlist(gone)
        return listed

    def wait_for_change(self, game_id: str, seen: tuple[int, int], deadline: float) -> bool:
        """Block until the game's version or revision differs from `seen`, or `deadline`
        (monotonic)."""
        return self.store.wait_for_change(game_id, seen, deadline)

    def entries(self, game: Game, since: int) -> list[dict[str, Any]]:
        """The game's log entries after version `since`, as stored."""
        return self.store.log(game.id, since)

    def talk(self, game: Game, since: int = 0) -> list[dict[str, Any]]:
        """The game's table talk after message number `since`, as stored."""
        return self.store.talk(game.id, since)

    def say(
        self, player: dict[str, str], game_id: str, text: str, key: str | None = None
    ) -> tuple[GameRecord, int, dict[str, Any]]:
        """A message from the player to the game's table (`server.domain.talk`): the game's
        record, the message's number and the message; the game's version stays as it is."""
        now = int(self.clock())
        return talk.say(self.store, player, game_id, text, now, key, self.talk_limits)

    def records_for(self, player: dict[str, str]) -> list[GameRecord | None]:
        """The record of every game in the player's list (None for one never written; some
        perhaps not yet theirs: see `join`)."""
        return self.store.records(self.players.game_ids(player["id"]))

    # -- creating and joining ---------------------------------------------------------------

    def create(
        self,
        creator: dict[str, str],
        type_id: str,
        seats: int | None,
        options: dict[str, Any],
        invite: list[str],
        move_clock: dict[str, Any] | None = None,
        contribution: str | None = None,
        public: bool = False,
        bots: Sequence[str] = (),
    ) -> Game:
        """A new game; `seats`, if not given, is one for the creator, each invited player and
        each bot, within the game's player counts (too many are then refused as such);
        `move_clock` is its clock's settings, if it has one (`server.notify.clock_options`);
        `contribution` is the creator's to the seed (the server makes one if none is given, and
        one for each bot's seat); a `public` game is listed in the lobby and open to
        spectators; `bots` are the levels of the bots that take a seat each (`domain.bots`). A
        game whose seats are all taken so (the creator and bots) starts at once."""
        engine = engine_for(type_id)
        bot_seats = bot_players.seats(type_id, bots)
        asked = 1 + len(invite) + len(bot_seats)
        wanted = max(engine.min_players, min(asked, engine.max_players))
        count = seats if seats is not None else wanted
        table = [Seat(creator["id"], creator["name"], joined=True)]
        for name in invite:
            invitee = self.players.by_name(name)
            if invitee is None:
                raise Invalid(f"no player is called {name!r}", {"name": name}, "unknown_player")
            if any(s.player == invitee["id"] for s in table):
                raise Invalid(f"{invitee['name']} has a seat already", code="duplicate_player")
            table.append(Seat(invitee["id"], invitee["name"]))
        if len(table) > count:
            raise Invalid(
                f"{count} seats cannot hold {len(table)} players", code="too_many_invites"
            )
        if len(table) + len(bot_seats) > count:
            raise Invalid(
                f"{count} seats cannot hold {len(table)} players and {len(bot_seats)} bots",
                {"seats": count, "bots": len(bot_seats)},
                "too_many_bots",
            )
        table += [*bot_seats, *[Seat()] * (count - len(table) - len(bot_seats))]
        record = self._new_record(
            engine, type_id, options, table, creator, move_clock, contribution, public
        )
        while not self._store_new(record):
            # an id taken by another game: 96 random bits, so never, but its players' lists
            # must not point at someone else's
            for seat in table:
                if seat.player:
                    self.players.remove_game(seat.player, record.id)
            record = record.changed(id=new_game_id())
        return self.load(record.id)

    def _new_record(
        self,
        engine: Engine[Any],
        type_id: str,
        options: Mapping[str, Any],
        table: list[Seat],
        maker: dict[str, str],
        move_clock: dict[str, Any] | None,
        contribution: str | None,
        public: bool,
        game_id: str | None = None,
        creator: str | None = None,
    ) -> GameRecord:
        """A new game's record, `maker` (whose request makes it) seated at their place in
        `table` with their `contribution`; started if every seat is taken (by them and bots).
        Its creator is `maker`, unless it is a rematch: then `creator` (the finished game's),
        and `maker` is the player who asked for it."""
        try:
            configured = engine.configure(len(table), dict(options))
        except BadOptions as error:
            raise Invalid(error.message, {"option": error.option}, "bad_options") from None
        now = int(self.clock())
        place = next(i for i, seat in enumerate(table) if seat.player == maker["id"])
        record = GameRecord(
            id=game_id or new_game_id(),
            type=type_id,
            engine_version=engine.version,
            options=configured,
            seats=tuple(table),
            status=OPEN,
            creator=creator or maker["id"],
            created=now,
            updated=now,
            clock=move_clock or None,
            public=public,
            asked_by=maker["id"] if creator else None,
            **provenance.created(table, contribution, place),
        )
        if all(seat.joined for seat in table):
            record = record.changed(**progress(engine, dealt(engine, record), now))
        return record

    def _store_new(self, record: GameRecord) -> bool:
        """Write a new game; False if its id is taken. The players' game lists first, the game
        itself last: a list entry whose game was never written (a crash in between) is skipped
        when listing, while a game is never missing from its players' lists."""
        for seat in record.seats:
            if seat.player:
                self.players.add_game(seat.player, record.id, record.created)
        if record.public:
            self.store.list_publicly(record.id, record.created)
        self.listener.changing(record.id)
        return self.store.create(record)

    def join(self, player: dict[str, str], game_id: str, contribution: str | None = None) -> Game:
        """Take the seat reserved for the player, or the first open one, with the player's
        `contribution` to the seed (the server makes one if none is given); the last seat
        derives the seed and starts the game. The seats (and the contributions with them) are
        written only if no one else changed them since they were read (a compare-and-set on one
        key, also on Redis Cluster), so players racing for one seat are safe. The game goes
        into the player's list first; `presenters.game_list` shows it only once they hold a
        seat in it, so a join lost to a race or a crash shows nothing."""
        while True:
            record = self.store.record(game_id)
            if record is None:
                raise NotFound("game")
            seat = self._free_seat(record, player)
            table = list(record.seats)
            table[seat] = Seat(player["id"], player["name"], joined=True)
            now = int(self.clock())
            seated = record.changed(
                seats=tuple(table),
                updated=now,
                **provenance.seated(record, seat, contribution),
            )
            if all(s.joined for s in table):
                engine = ENGINES[record.type]
                seated = seated.changed(**progress(engine, dealt(engine, seated), now))
            self.players.add_game(player["id"], game_id, record.created)
            self.listener.changing(game_id)
            if self.store.seat(record, seated):
                return self.load(game_id)

    @staticmethod
    def _free_seat(record: GameRecord, player: dict[str, str]) -> int:
        """The seat reserved for the player, else the first that no one has and no one is
        invited to: one that anyone who knows the game's id may take."""
        if record.seat_of(player["id"]) is not None:
            raise Conflict("you already have a seat in this game", code="already_joined")
        check_open(record)
        for index, seat in enumerate(record.seats):
            if seat.player == player["id"]:
                return index
        for index, seat in enumerate(record.seats):
            if seat.free:
                return index
        raise NotAPlayer(
            "this game is private: the seats left are reserved for the players invited",
            code="not_invited",
        )

    def cancel(self, player: dict[str, str], game_id: str) -> Game:
        """Its creator calls off a game that has not started: it stays, cancelled, in its
        players' lists, and no one can join it. A compare-and-set on the seats, so a join that
        fills the last seat at the same moment wins or loses whole."""
        while True:
            record = self._record_for(player, game_id)
            if record.creator != player["id"]:
                raise NotAPlayer(
                    "only the game's creator can cancel it; an invited player can decline",
                    code="not_creator",
                )
            check_open(record)
            cancelled = record.changed(status=CANCELLED, updated=int(self.clock()))
            self.listener.changing(game_id)
            if self.store.seat(record, cancelled):
                return self.load(game_id)

    def decline(self, player: dict[str, str], game_id: str) -> Game:
        """An invited player turns the invitation down: their seat is free again (anyone who
        knows the game's id may take it) and the game leaves their list."""
        while True:
            record = self._record_for(player, game_id)
            check_open(record)
            place = next(i for i, s in enumerate(record.seats) if s.player == player["id"])
            if record.seats[place].joined:
                raise Conflict(
                    "you have taken your seat: resign once the game starts, or ask its creator "
                    "to cancel it",
                    code="already_joined",
                )
            table = list(record.seats)
            table[place] = Seat()
            declined = record.changed(seats=tuple(table), updated=int(self.clock()))
            self.listener.changing(game_id)
            if self.store.seat(record, declined):
                self.players.remove_game(player["id"], game_id)
                return self.load(game_id)

    def _record_for(self, player: dict[str, str], game_id: str) -> GameRecord:
        """The game's record, if the player sits or is invited in it (else 404 or 403)."""
        record = self.store.record(game_id)
        if record is None:
            raise NotFound("game")
        if not record.sits_or_invited(player["id"]):
            raise NotAPlayer("you are not a player in this game")
        return record

    def rematch(
        self, player: dict[str, str], game_id: str, contribution: str | None = None
    ) -> Game:
        """The next game of a finished one: the same type, options and creator, the same
        players, each a seat further round the table (so another starts), dealt anew: the
        options that fix chance (a deck, who starts) go back to a draw by lot, as the finished
        game shows them to its players. The first to ask makes it (and is named as the one
        who asked), and the others are invited; whoever asks after joins it. Its id is written
        into the finished game's record (a compare-and-set) before the game is made, so two
        asking at once make one game, and a crash in between leaves an id the next request
        makes the game under."""
        old = self._record_for(player, game_id)
        if old.seat_of(player["id"]) is None:
            raise NotAPlayer("only the game's players can ask for a rematch")
        if old.status != FINISHED:
            raise Conflict(
                "a rematch follows a finished game, and this one is not over", code="not_finished"
            )
        while old.rematch is None:
            marked = old.changed(rematch=new_game_id())
            if self.store.seat(old, marked, on="rematch"):
                old = marked
            else:
                old = self._record_for(player, game_id)
        table = [seat_again(s, player["id"]) for s in (*old.seats[1:], *old.seats[:1])]
        engine = engine_for(old.type)
        record = self._new_record(
            engine,
            old.type,
            engine.dealt_anew(old.options),
            table,
            player,
            old.clock,
            contribution,
            old.public,
            old.rematch,
            old.creator,
        )
        if self._store_new(record):
            return self.load(record.id)
        made = self.load(old.rematch)  # made by another's request: take the seat kept for you
        if made.seat_of(player["id"]) is not None:
            return made
        return self.join(player, old.rematch, contribution)

    # -- moving -----------------------------------------------------------------------------

    def submit(
        self,
        player: dict[str, str],
        game_id: str,
        move: Any,
        expected_version: int,
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        """Apply a move (JSON, a list of JSON steps, or text notation) for the caller's seat.

        Answers the caller's new view. Refusals change nothing: 409 if the game moved on since
        `expected_version`, 422 if the rules forbid the move (with why, and the legal moves).
        With an idempotency key, a retry gets the first answer back instead of moving twice,
        and another request under the same key is refused (`server.idempotency`).
        """
        idem = (
            Idempotency.of(game_id, player["id"], idempotency_key, move, expected_version)
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

    # -- answering a resend with its first answer (server.idempotency) ----------------------

    def _replayed(
        self, player: dict[str, str], game_id: str, idem: Idempotency | None
    ) -> dict[str, Any] | None:
        """The first answer to a move made with this request's key; None if none was made."""
        if idem is None:
            return None
        game = self.load(game_id)
        seat = game.seat_of(player["id"])
        if seat is None:
            return None
        made = self.store.made(game_id, idem, seat)
        return None if made is None else self._first_answer(game, seat, made)

    def _first_answer(self, game: Game, seat: int, made: Made) -> dict[str, Any]:
        """A move's answer built again from the log, which has not changed since (`game`: the
        game at any version)."""
        log = self.store.log_raw(game.id, 0, made.end)  # read once: the state and the events
        entries = [orjson.loads(raw) for raw in log[made.version :]]
        return self._answer(self.at_version(game, made.end, log), seat, entries, made.untried)

    def _submit(
        self,
        player: dict[str, str],
        game_id: str,
        move: Any,
        expected_version: int,
        idem: Idempotency | None,
    ) -> dict[str, Any]:
        held = self.held.get(game_id)
        if held is not None and held.version == expected_version:
            # The game as this process last saw it, which is the version the mover saw: the
            # append checks that it is still the latest, so the game need not be read first.
            # Only a move made is answered from here; a refusal (the game moved on, or its
            # held copy was wrong) is left to the path below, which reads the game afresh.
            try:
                return self._move_in(held, player, move, expected_version, idem)
            except Refusal:
                pass  # (Unavailable, made but not yet safe, goes on up: the caller must hear it)
        return self._move_in(self.load(game_id), player, move, expected_version, idem)

    def _move_in(
        self,
        game: Game,
        player: dict[str, str],
        move: Any,
        expected_version: int,
        idem: Idempotency | None,
    ) -> dict[str, Any]:
        seat = seat_in(game, player)
        if seat is None:
            raise NotJoined("join the game before moving in it")
        return self._move(game, seat, move, expected_version, idem)

    def _move(
        self,
        game: Game,
        seat: int,
        move: Any,
        expected_version: int,
        idem: Idempotency | None,
        timed_out: bool = False,
        bot: str | None = None,
    ) -> dict[str, Any]:
        """The move, once the game is loaded: `resign`, `time_out` and `play_bot`, which load
        it for its version, move through here rather than `submit`, so it is not loaded and
        replayed twice. `timed_out` marks a move the service made for a seat whose clock ran
        out, and `bot` the level of the bot that chose it for that seat."""
        self._check_active(game)
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
            new_entry(seat, engine.parse_move(engine.format_move(step)), event, now, timed_out, bot)
            for step, event in zip(steps, applied.events, strict=False)
        ]
        return self._append(game, seat, applied.state, entries, idem, now, applied.untried)

    def resign(self, player: dict[str, str], game_id: str) -> dict[str, Any]:
        """Resigning is a move like any other (so it replays), allowed out of turn; a race with
        another move is retried rather than bounced back to the player."""
        while True:
            game, seat = self.for_player(game_id, player)
            if game.status == OPEN:
                raise NotStarted(
                    "the game has not started, so there is nothing to resign from: its creator "
                    "can cancel it, and an invited player can decline"
                )
            if seat is None:
                raise NotJoined("you have not joined this game")
            try:
                return self._move(game, seat, dict(RESIGN), game.version, None)
            except Stale:
                continue

    def time_out(self, game_id: str, seat: int, since_version: int) -> bool:
        """The seat's clock ran out on the decision it has faced since `since_version`: under
        the policy `bot`, a bot makes that decision (every step of it) for the seat, which is
        the player's again for the next one; under `skip`, the rules' neutral move is made for
        it if there is one; else it resigns. False (nothing done) if it has moved since, or the
        game moved on meanwhile (the next check looks again)."""
        game = self.load(game_id)
        if game.status != ACTIVE or seat not in game.engine.to_act(game.state):
            return False
        since = self.store.log_raw(game_id, since_version)
        if any(mover == seat for mover, _ in logged_moves(since)):
            return False
        policy = (game.record.clock or {}).get("on_timeout", "skip")
        level = bot_players.timeout_level(policy)
        try:
            if level is not None:
                self._bot_decides(game, seat, level)
                return True
            neutral = game.engine.neutral_move(game.state, seat) if policy == "skip" else None
            self._move(game, seat, neutral or dict(RESIGN), game.version, None, timed_out=True)
        except (Stale, GameOver):
            return False
        return True

    def _bot_decides(self, game: Game, seat: int, level: str) -> None:
        """A bot makes the seat's decision for a player whose time ran out: its moves, one at
        a time, until the seat faces another decision (or none)."""
        decision = game.engine.decision(game.state, seat)
        while True:
            self._bot_move(game, seat, level, timed_out=True)
            game = self.load(game.id)
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
        game = self.load(game_id)
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
        """One move a bot chooses for `seat` (`domain.bots`), made through the one move path,
        with an idempotency key named by the version and seat: the same bot's move at the same
        version is the same request, whichever job sends it."""
        move = bot_players.move(game, seat, level)
        idem = Idempotency.of(game.id, BOT, f"{game.version}:{seat}", move, game.version)
        self._move(game, seat, move, game.version, idem, timed_out, level if timed_out else None)

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
        seen = self._state_at(game, seen_version, log)
        return seat in engine.to_act(seen) and engine.legal_moves(seen, seat) == engine.legal_moves(
            game.state, seat
        )

    @staticmethod
    def _check_active(game: Game) -> None:
        if game.status == OPEN:
            raise NotStarted()
        if game.status == CANCELLED:
            raise Conflict("this game was cancelled before it started", code="game_cancelled")
        if game.status == FINISHED:
            raise GameOver()

    def _append(
        self,
        game: Game,
        seat: int,
        state: Any,
        entries: list[dict[str, Any]],
        idem: Idempotency | None,
        now: int,
        untried: Sequence[Any] = (),
    ) -> dict[str, Any]:
        engine = game.engine
        new_version = game.version + len(entries)
        entries, head = provenance.linked(game.record, game.last_entry, entries)
        record = game.record.changed(**progress(engine, state, now), head=head)
        stored = [encode_entry(entry) for entry in entries]
        snapshot = None
        if new_version // self.snapshot_every > game.version // self.snapshot_every:
            snapshot = (new_version, snapshot_tag(engine), pickled(state))
        appended = self.store.append(
            game.id,
            (game.version, game.last_entry),
            stored,
            record,
            snapshot=snapshot,
            request=(idem.field, idem.made(game.version, len(entries), untried)) if idem else None,
            before=lambda via: self.listener.changing(game.id, via),
        )
        if appended.made is not None and idem is not None:  # replayed: made before, with the key
            return self._first_answer(game, seat, idem.check(appended.made))
        if appended.outcome == "stale":
            raise Stale(int(appended.value))
        if appended.outcome == "inactive":
            raise GameOver()
        after = Game(record, engine, state, new_version, stored[-1])
        self.held.keep(after)
        return self._answer(after, seat, entries, untried)

    @staticmethod
    def _answer(
        after: Game, seat: int, entries: list[dict[str, Any]], untried: Sequence[Any] | None
    ) -> dict[str, Any]:
        """A move's answer (`presenters.moved`), the first time and when it is sent again."""
        return presenters.moved(after, seat, [entry["event"] for entry in entries], untried or ())


def seat_again(seat: Seat, asking: str) -> Seat:
    """A finished game's seat in its rematch: a bot keeps its place, a player's is kept for
    them (and taken by the one asking), and a seat vacated by a deleted account is open."""
    if seat.player is not None:
        return Seat(seat.player, seat.name, joined=seat.player == asking)
    return seat if seat.bot and not seat.vacated else Seat()


def check_open(record: GameRecord) -> None:
    """Seats are taken, given up or called off only before the game starts."""
    if record.status == CANCELLED:
        raise Conflict("this game was cancelled before it started", code="game_cancelled")
    if record.status != OPEN:
        raise Conflict("this game has already started: every seat is taken", code="game_started")


def seat_in(game: Game, player: dict[str, str]) -> int | None:
    """The player's seat (None if only invited so far); 403 unless they sit or are invited."""
    seat = game.seat_of(player["id"])
    if seat is None and not game.record.sits_or_invited(player["id"]):
        raise NotAPlayer("you are not a player in this game")
    return seat


def logged_moves(raw_entries: Iterable[bytes]) -> Iterator[tuple[int, Any]]:
    """The (seat, move) pairs of stored log entries: all a replay needs."""
    for raw in raw_entries:
        entry = orjson.loads(raw)
        yield entry["seat"], entry["move"]


def illegal(game: Game, seat: int, error: IllegalMove) -> Illegal:
    """The engine's reason, and the moves that are legal now."""
    return Illegal(error, refusal_details(game.engine, game.state, seat, error), game.names)
