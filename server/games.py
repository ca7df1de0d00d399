"""Games as the service sees them: meta + log in Redis, state rebuilt through the engine.

This is the one code path for every move, whatever carried it (HTTP, email, a timeout): load,
check the caller's seat and version, apply through the engine, append atomically. Routes and mail
handlers only translate their input into `submit` and its answer back.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import orjson

from server import provenance
from server.entries import dealt, new_entry
from server.errors import ApiError, forbidden, not_found
from server.held_states import HeldStates
from server.idempotency import Idempotency, Made
from server.players import Players
from server.redis_client import Client
from server.snapshots import pickled, snapshot_tag, unpickled
from server.store import GameStore, encode_entry
from shared.batch import apply_batch, parse_batch, refusal_details
from shared.engine import RESIGN, BadOptions, Engine, IllegalMove, player_names
from shared.games import ENGINES
from shared.playout import replay

OPEN, ACTIVE, FINISHED = "open", "active", "finished"


@dataclass(frozen=True)
class Game:
    """A loaded game: its meta as stored and its state at `version`, built from a log whose
    entry number `version` (counting from 1) is `last_entry`, byte for byte as stored (empty
    at version 0). An append checks that entry is still there, and so does a load that goes on
    from a held game (see `server.held_states`)."""

    id: str
    meta: dict[str, str]
    engine: Engine[Any]
    state: Any
    version: int
    last_entry: bytes

    @property
    def status(self) -> str:
        return self.meta["status"]

    @property
    def seats(self) -> list[dict[str, Any]]:
        seats: list[dict[str, Any]] = json.loads(self.meta["seats"])
        return seats

    @property
    def names(self) -> list[str]:
        """The players' names by seat, for the engine's texts."""
        return player_names(self.seats)

    def seat_of(self, player_id: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat["player"] == player_id and seat["joined"]:
                return index
        return None


def new_game_id() -> str:
    """96 random bits in hex: unguessable, and safe as a command-line argument and in a URL
    (base64 ids could begin with '-' and read as an option)."""
    return secrets.token_hex(12)


def engine_for(type_id: str) -> Engine[Any]:
    try:
        return ENGINES[type_id]
    except KeyError:
        raise ApiError(
            400,
            "unknown_game_type",
            f"there is no game type {type_id!r}; known types: {', '.join(sorted(ENGINES))}",
        ) from None


def public_game(meta: dict[str, str]) -> dict[str, Any]:
    """What anyone in the game may see about it. The seed, the server's secret and hidden
    options (an explicit deck) appear only once the game is finished; their hashes, the
    contributions and the log's head are there from the start (see `server.provenance`)."""
    engine = ENGINES[meta["type"]]
    finished = meta["status"] == FINISHED
    options = json.loads(meta["options"])
    hidden = {option.name for option in engine.options if option.hidden}
    seats = json.loads(meta["seats"])
    return {
        "id": meta["id"],
        "type": meta["type"],
        "title": engine.title,
        "status": meta["status"],
        "engine_version": int(meta["engine_version"]),
        "seats": [
            {"seat": i, "name": s["name"], "joined": s["joined"]} for i, s in enumerate(seats)
        ],
        "options": {k: v for k, v in options.items() if finished or k not in hidden},
        "to_act": json.loads(meta.get("to_act", "[]")),
        "clock": json.loads(meta["clock"]) if meta.get("clock") else None,
        **provenance.public(meta, engine, options, finished),
        "result": json.loads(meta["result"]) if meta.get("result") else None,
        "created": int(meta["created"]),
        "updated": int(meta["updated"]),
    }


def progress_meta(engine: Engine[Any], state: Any, now: int) -> dict[str, str]:
    """The meta fields that follow from a state: listing games never needs a replay."""
    result = engine.result(state)
    return {
        "to_act": json.dumps(list(engine.to_act(state))),
        "status": FINISHED if result is not None else ACTIVE,
        "result": json.dumps(result) if result is not None else "",
        "updated": str(now),
    }


class ChangeListener(Protocol):
    """Told before a game's seats, meta or log change (see `server.notify.watch`), through
    `via` if given: a pipeline that carries the change right after it."""

    def changing(self, game_id: str, via: Client | None = None) -> None: ...


class Unheard:
    def changing(self, game_id: str, via: Client | None = None) -> None:
        pass


class GameService:
    def __init__(
        self,
        store: GameStore,
        players: Players,
        *,
        snapshot_every: int = 16,
        clock: Callable[[], float] = time.time,
        listener: ChangeListener | None = None,
        held_states: int = 4096,
    ) -> None:
        self.store = store
        self.players = players
        self.snapshot_every = snapshot_every
        self.clock = clock
        self.listener = listener or Unheard()
        self.held = HeldStates(held_states)

    # -- reading ----------------------------------------------------------------------------

    def load(self, game_id: str) -> Game:
        held = self.held.get(game_id)
        loaded = self.store.load(game_id, *((held.version, held.last_entry) if held else ()))
        if loaded is None:
            raise not_found("game")
        engine = ENGINES[loaded.meta["type"]]
        start, tail = loaded.start, loaded.tail
        if loaded.from_held and held is not None:
            state = held.state
        elif (
            state := self._restore(engine, loaded.start, loaded.snapshot_tag, loaded.snapshot)
        ) is None:
            state = self._new_state(engine, loaded.meta)
            if start > 0:  # a snapshot this code cannot use: the whole log, read again
                start, tail = 0, self.store.log_raw(game_id)
        state = replay(engine, state, logged_moves(tail))
        last_entry = tail[-1] if tail else loaded.last_entry
        game = Game(game_id, loaded.meta, engine, state, start + len(tail), last_entry)
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
        return replay(engine, self._new_state(engine, game.meta), logged_moves(log[:version]))

    @staticmethod
    def _new_state(engine: Engine[Any], meta: dict[str, str]) -> Any:
        """The deal; None while seats are open, as the seed is made when the last one fills."""
        return dealt(engine, meta)

    def at_version(self, game: Game, version: int, log: list[bytes] | None = None) -> Game:
        """The game as it was at `version` (its meta's progress fields as they were then).
        `log` is the game's raw log when the caller has read it already: it is not read twice."""
        if version == game.version:
            return game
        engine = game.engine
        log = self.store.log_raw(game.id, 0, version) if log is None else log[:version]
        state = self._state_at(game, version, log)
        at = json.loads(log[-1])["at"] if log else int(game.meta["updated"])
        last = log[-1] if log else b""
        meta = {**game.meta, **progress_meta(engine, state, at), **provenance.head(game.meta, last)}
        return Game(game.id, meta, engine, state, version, last)

    def for_player(self, game_id: str, player: dict[str, str]) -> tuple[Game, int | None]:
        """The game and the caller's seat; 403 unless they sit (or are invited) in it."""
        game = self.load(game_id)
        return game, seat_in(game, player)

    def view(self, game: Game, seat: int | None) -> dict[str, Any]:
        engine, state = game.engine, game.state
        to_act = engine.to_act(state) if game.status == ACTIVE else ()
        legal = engine.legal_moves(state, seat) if seat in to_act else []
        return {
            "game": public_game(game.meta),
            "version": game.version,
            "seat": seat,
            "to_act": list(to_act),
            "your_turn": seat in to_act,
            "view": engine.view(state, seat) if state is not None else None,
            "legal_moves": [{"text": engine.format_move(m), "move": m} for m in legal],
        }

    def log(self, game: Game, seat: int | None, since: int) -> list[dict[str, Any]]:
        """The log as `seat` may see it: events redacted, moves shown for one's own entries
        (and for all once the game is over, so anyone can replay it)."""
        engine, names = game.engine, game.names
        reveal = game.status == FINISHED
        entries = []
        for index, entry in enumerate(self.store.log(game.id, since), start=since + 1):
            event = engine.redact_event(entry["event"], seat)
            shown: dict[str, Any] = {
                "version": index,
                "seat": entry["seat"],
                "at": entry["at"],
                "event": event,
                "text": engine.render_event(event, names),
            }
            if reveal or entry["seat"] == seat:
                shown["move"] = entry["move"]
            if entry.get("timeout"):
                shown["timeout"] = True
            if "prev" in entry:
                shown["prev"] = entry["prev"]
            entries.append(shown)
        return entries

    def list_for(self, player: dict[str, str], which: str | None) -> list[dict[str, Any]]:
        """The player's games, those waiting on them first (longest waiting first)."""
        ids = self.players.game_ids(player["id"])
        listed = []
        for meta in self.store.metas(ids):
            mine = [
                i
                for i, s in enumerate(json.loads(meta.get("seats", "[]")))
                if s["player"] == player["id"]
            ]
            if not mine:
                continue  # a game that was never written, or a seat that was never taken
            summary = public_game(meta)
            seats = summary["seats"]
            seat = mine[0]
            invited = not seats[seat]["joined"]
            waiting = (summary["status"] == ACTIVE and seat in summary["to_act"]) or (
                summary["status"] == OPEN and invited
            )
            summary.update(seat=seat, waiting_on_you=waiting, invited=invited)
            category = "waiting" if waiting else summary["status"]
            if which is None or which == category or (which == ACTIVE and waiting):
                listed.append(summary)
        order = {"waiting": 0, ACTIVE: 1, OPEN: 2, FINISHED: 3}
        listed.sort(
            key=lambda g: (
                order["waiting" if g["waiting_on_you"] else g["status"]],
                g["updated"] if g["waiting_on_you"] else -g["updated"],
            )
        )
        return listed

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
    ) -> Game:
        """A new game; `move_clock` is `{move_time: seconds, on_timeout}`, if it has one;
        `contribution` is the creator's to the seed (the server makes one if none is given)."""
        engine = engine_for(type_id)
        count = seats if seats is not None else engine.min_players
        try:
            configured = engine.configure(count, options)
        except BadOptions as error:
            raise ApiError(400, "bad_options", error.message, {"option": error.option}) from None
        table = [{"player": creator["id"], "name": creator["name"], "joined": True}]
        for name in invite:
            invitee = self.players.by_name(name)
            if invitee is None:
                raise ApiError(
                    400, "unknown_player", f"no player is called {name!r}", {"name": name}
                )
            if any(s["player"] == invitee["id"] for s in table):
                raise ApiError(400, "duplicate_player", f"{invitee['name']} has a seat already")
            table.append({"player": invitee["id"], "name": invitee["name"], "joined": False})
        if len(table) > count:
            raise ApiError(
                400, "too_many_invites", f"{count} seats cannot hold {len(table)} players"
            )
        table += [{"player": None, "name": None, "joined": False}] * (count - len(table))
        now = int(self.clock())
        meta = {
            "type": type_id,
            "engine_version": str(engine.version),
            "options": json.dumps(configured),
            "seats": json.dumps(table),
            **provenance.created(count, contribution),
            "status": OPEN,
            "creator": creator["id"],
            "created": str(now),
            "updated": str(now),
            "to_act": "[]",
            "result": "",
            "clock": json.dumps(move_clock) if move_clock else "",
        }
        # The players' game lists first, the game itself last: a list entry whose game was
        # never written (a crash in between) is skipped when listing, while a game is never
        # missing from its players' lists.
        game_id = new_game_id()
        while True:
            for seat in table:
                if seat["player"]:
                    self.players.add_game(seat["player"], game_id, now)
            self.listener.changing(game_id)
            if self.store.create(game_id, meta):
                return self.load(game_id)
            for seat in table:  # an id taken by another game: 96 random bits, so never, but
                if seat["player"]:  # its players' lists must not point at someone else's
                    self.players.remove_game(seat["player"], game_id)
            game_id = new_game_id()

    def join(self, player: dict[str, str], game_id: str, contribution: str | None = None) -> Game:
        """Take the seat reserved for the player, or the first open one, with the player's
        `contribution` to the seed (the server makes one if none is given); the last seat
        derives the seed and starts the game. The seats (and the contributions with them) are
        written only if no one else changed them since they were read (a compare-and-set on one
        key, also on Redis Cluster), so players racing for one seat are safe. The game goes
        into the player's list first; `list_for` shows it only once they hold a seat in it, so
        a join lost to a race or a crash shows nothing."""
        while True:
            meta = self.store.meta(game_id)
            if not meta:
                raise not_found("game")
            table = json.loads(meta["seats"])
            seat = self._free_seat(meta, table, player)
            table[seat] = {"player": player["id"], "name": player["name"], "joined": True}
            now = int(self.clock())
            update = {
                "seats": json.dumps(table),
                "updated": str(now),
                **provenance.seated(meta, seat, contribution),
            }
            if all(s["joined"] for s in table):
                engine = ENGINES[meta["type"]]
                state = self._new_state(engine, {**meta, **update})
                update.update(progress_meta(engine, state, now))
            self.players.add_game(player["id"], game_id, int(meta["created"]))
            self.listener.changing(game_id)
            if self.store.update_meta_if(game_id, "seats", meta["seats"], update):
                return self.load(game_id)

    @staticmethod
    def _free_seat(
        meta: dict[str, str], table: list[dict[str, Any]], player: dict[str, str]
    ) -> int:
        if meta["status"] != OPEN:
            raise ApiError(409, "game_started", "this game has already started")
        for index, seat in enumerate(table):
            if seat["player"] == player["id"]:
                if seat["joined"]:
                    raise ApiError(409, "already_joined", "you already have a seat in this game")
                return index
        for index, seat in enumerate(table):
            if seat["player"] is None:
                return index
        raise ApiError(409, "game_full", "every seat of this game is taken or reserved")

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
        except ApiError:
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
        entries = self.store.log(game.id, made.version, made.end)
        return self._answer(self.at_version(game, made.end), seat, entries, made.untried)

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
            except ApiError as refused:
                if refused.status == 503:  # made, but not yet safe: the caller must hear it
                    raise
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
            raise ApiError(409, "not_joined", "join the game before moving in it")
        return self._move(game, seat, move, expected_version, idem)

    def _move(
        self,
        game: Game,
        seat: int,
        move: Any,
        expected_version: int,
        idem: Idempotency | None,
        timed_out: bool = False,
    ) -> dict[str, Any]:
        """The move, once the game is loaded: `resign` and `time_out`, which load it for its
        version, move through here rather than `submit`, so it is not loaded and replayed
        twice. `timed_out` marks a move the service made for a seat whose clock ran out."""
        self._check_active(game)
        if expected_version != game.version and not self._unchanged_for(
            game, seat, expected_version
        ):
            raise stale(game.version)
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
            new_entry(seat, engine.parse_move(engine.format_move(step)), event, now, timed_out)
            for step, event in zip(steps, applied.events, strict=False)
        ]
        return self._append(game, seat, applied.state, entries, idem, now, applied.untried)

    def resign(self, player: dict[str, str], game_id: str) -> dict[str, Any]:
        """Resigning is a move like any other (so it replays), allowed out of turn; a race with
        another move is retried rather than bounced back to the player."""
        while True:
            game, seat = self.for_player(game_id, player)
            if seat is None:
                raise ApiError(409, "not_joined", "you have not joined this game")
            try:
                return self._move(game, seat, dict(RESIGN), game.version, None)
            except ApiError as error:
                if error.code != "stale_version":
                    raise

    def time_out(self, game_id: str, seat: int, since_version: int) -> bool:
        """The seat's clock ran out on the decision it has faced since `since_version`: make
        the rules' neutral move for it if the game's policy is `skip` and there is one, else
        resign it. False (nothing done) if it has moved since, or the game moved on meanwhile
        (the next check looks again)."""
        game = self.load(game_id)
        if game.status != ACTIVE or seat not in game.engine.to_act(game.state):
            return False
        since = self.store.log_raw(game_id, since_version)
        if any(mover == seat for mover, _ in logged_moves(since)):
            return False
        policy = json.loads(game.meta.get("clock") or "{}").get("on_timeout", "skip")
        neutral = game.engine.neutral_move(game.state, seat) if policy == "skip" else None
        try:
            self._move(game, seat, neutral or dict(RESIGN), game.version, None, timed_out=True)
        except ApiError as error:
            if error.code in ("stale_version", "game_over"):
                return False
            raise
        return True

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
            raise ApiError(409, "game_not_started", "the game starts when every seat is taken")
        if game.status == FINISHED:
            raise ApiError(409, "game_over", "this game is over")

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
        entries, head = provenance.linked(game.meta, game.last_entry, entries)
        meta = {**progress_meta(engine, state, now), **head}
        stored = [encode_entry(entry) for entry in entries]
        after = Game(game.id, {**game.meta, **meta}, engine, state, new_version, stored[-1])
        response = self._answer(after, seat, entries, untried)
        snapshot = None
        if new_version // self.snapshot_every > game.version // self.snapshot_every:
            snapshot = (new_version, snapshot_tag(engine), pickled(state))
        appended = self.store.append(
            game.id,
            (game.version, game.last_entry),
            stored,
            meta,
            snapshot=snapshot,
            request=(idem.field, idem.made(game.version, len(entries), untried)) if idem else None,
            before=lambda via: self.listener.changing(game.id, via),
        )
        if appended.made is not None and idem is not None:  # replayed: made before, with the key
            return self._first_answer(game, seat, idem.check(appended.made))
        if appended.outcome == "stale":
            raise stale(int(appended.value))
        if appended.outcome == "inactive":
            raise ApiError(409, "game_over", "this game is over")
        self.held.keep(after)
        return response

    def _answer(
        self, after: Game, seat: int, entries: list[dict[str, Any]], untried: Sequence[Any] | None
    ) -> dict[str, Any]:
        """A move's answer: the mover's view after it, its steps' events as the mover may see
        them, and the steps of its batch it handed back untried."""
        response = self.view(after, seat)
        response["applied"] = [after.engine.redact_event(e["event"], seat) for e in entries]
        if untried:
            response["untried"] = untried_steps(len(entries), untried)
        return response


def seat_in(game: Game, player: dict[str, str]) -> int | None:
    """The player's seat (None if only invited so far); 403 unless they sit or are invited."""
    seat = game.seat_of(player["id"])
    if seat is None and not any(s["player"] == player["id"] for s in game.seats):
        raise forbidden("you are not a player in this game")
    return seat


def logged_moves(raw_entries: Iterable[bytes]) -> Iterator[tuple[int, Any]]:
    """The (seat, move) pairs of stored log entries: all a replay needs."""
    for raw in raw_entries:
        entry = orjson.loads(raw)
        yield entry["seat"], entry["move"]


def stale(current: int) -> ApiError:
    return ApiError(
        409,
        "stale_version",
        f"the game has moved on to version {current}; look at it again and resend",
        {"current_version": current},
    )


def untried_steps(made: int, untried: Sequence[Any]) -> dict[str, Any]:
    """What a move's answer says of the steps of its batch that were not tried (as sent, or as
    parsed from the text): they came after step `made`, which drew, rolled or uncovered
    something the mover had not yet seen."""
    return {
        "after_step": made,
        "steps": list(untried),
        "message": (
            f"step {made} brought chance or hidden information into play, so the "
            f"{len(untried)} step{'s' if len(untried) > 1 else ''} after it "
            "were not tried: look at the game and send what still applies"
        ),
    }


def illegal(game: Game, seat: int, error: IllegalMove) -> ApiError:
    """422 with the engine's reason and the moves that are legal now."""
    details = refusal_details(game.engine, game.state, seat, error)
    return ApiError(422, error.code, error.message, details)
