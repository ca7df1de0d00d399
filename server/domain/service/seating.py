"""Seats at a game before it starts: a game made (with its invitations and its bots), a seat
taken, an invitation declined, a game called off, and the rematch of a finished one.

Each change of a game's seats is a compare-and-set on its record (`GameLog.seat`), read and
made again when another request changed it first, so players racing for one seat, or a join
racing a cancel, win or lose whole.
"""

from __future__ import annotations

import dataclasses
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from server.domain.errors import N_, Conflict, Invalid, NotAPlayer, NotFound, Unplayable
from server.domain.games import bots as bot_players
from server.domain.games import events as player_events
from server.domain.games import provenance
from server.domain.games.clock_options import SERVICE_OPTIONS
from server.domain.games.entries import dealt
from server.domain.games.events import PlayerEvent
from server.domain.games.loaded import CANCELLED, FINISHED, OPEN, Game, engine_for, progress
from server.domain.games.record import GameRecord, Seat
from server.domain.players.player import Player
from server.domain.service.invitations import Claim, Inviting, invited
from server.domain.service.loading import Loading, players_record
from server.domain.service.ports import ChangeListener, GameLog, Lobby, RecordWrite, Roster
from shared.engine import BadOptions, Engine
from shared.games import ENGINES


@dataclasses.dataclass(eq=False)
class Seating:
    loading: Loading
    store: GameLog
    lobby: Lobby
    players: Roster
    clock: Callable[[], float]
    listener: ChangeListener
    inviting: Inviting

    def create(
        self,
        creator: Player,
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
        `move_clock` is its clock's settings, if it has one (`server.domain.games.clock_options`);
        `contribution` is the creator's to the seed (the server makes one if none is given, and
        one for each bot's seat); a `public` game is listed in the lobby and open to
        spectators; `bots` are the levels of the bots that take a seat each
        (`server.domain.games.bots`). A game whose seats are all taken so (the creator and bots)
        starts at once. Each invitee must take invitations from the creator, and the creator's
        invitations, the invitees' and the games the creator made in the hour stay within their
        limits (`server.domain.service.invitations`)."""
        engine = engine_for(type_id)
        bot_seats = bot_players.seats(type_id, bots)
        asked = 1 + len(invite) + len(bot_seats)
        wanted = max(engine.min_players, min(asked, engine.max_players))
        count = seats if seats is not None else wanted
        table, invitees = self._table(creator, invite, bot_seats, count)
        record = self._new_record(
            engine, type_id, options, table, creator, move_clock, contribution, public
        )
        self.inviting.check(creator, invitees)
        while not self._store_new(record, self.inviting.claim(record, made=True)):
            # an id taken by another game: 96 random bits, so never, but its players' lists
            # must not point at someone else's
            for seat in table:
                if seat.player:
                    self.players.remove_game(seat.player, record.id)
            record = record.changed(id=new_game_id())
        return self.loading.load(record.id)

    def _table(
        self, creator: Player, invite: list[str], bot_seats: list[Seat], count: int
    ) -> tuple[list[Seat], list[Player]]:
        """The `count` seats of a new game: the creator's, one for each invited player (by
        name, each once), the bots', and the rest empty; and the players invited."""
        table = [Seat.of(creator, joined=True)]
        invitees: list[Player] = []
        for name in invite:
            invitee = self.players.by_name(name)
            if invitee is None:
                raise Invalid(
                    N_("no player is called %(name)s"),
                    {"name": name},
                    "unknown_player",
                    {"name": name},
                )
            if any(s.player == invitee.id for s in table):
                raise Invalid(
                    N_("%(name)s has a seat already"),
                    code="duplicate_player",
                    values={"name": invitee.name},
                )
            table.append(Seat.of(invitee))
            invitees.append(invitee)
        if len(table) > count:
            raise Invalid(
                N_("%(seats)d seats cannot hold %(players)d players"),
                code="too_many_invites",
                values={"seats": count, "players": len(table)},
            )
        if len(table) + len(bot_seats) > count:
            raise Invalid(
                N_("%(seats)d seats cannot hold %(players)d players and %(bots)d bots"),
                {"seats": count, "bots": len(bot_seats)},
                "too_many_bots",
                {"seats": count, "players": len(table), "bots": len(bot_seats)},
            )
        return [*table, *bot_seats, *[Seat()] * (count - len(table) - len(bot_seats))], invitees

    def _new_record(
        self,
        engine: Engine[Any],
        type_id: str,
        options: Mapping[str, Any],
        table: list[Seat],
        maker: Player,
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
            configured = engine.configure(
                len(table), dict(options), [option["name"] for option in SERVICE_OPTIONS]
            )
        except BadOptions as error:
            raise Unplayable(error) from None
        now = int(self.clock())
        place = next(i for i, seat in enumerate(table) if seat.player == maker.id)
        record = GameRecord(
            id=game_id or new_game_id(),
            type=type_id,
            engine_version=engine.version,
            options=configured,
            seats=tuple(table),
            status=OPEN,
            creator=creator or maker.id,
            created=now,
            updated=now,
            clock=move_clock or None,
            public=public,
            asked_by=maker.id if creator else None,
            **provenance.created(table, contribution, place),
        )
        if all(seat.joined for seat in table):
            record = record.changed(**progress(engine, dealt(engine, record), now))
        return record

    def _store_new(self, record: GameRecord, claim: Claim) -> bool:
        """Write a new game, its invitations counted by `claim`; False if its id is taken
        (and the claim given back). The players' game lists first, the game itself last: a list
        entry whose game was never written (a crash in between) is skipped when listing, while
        a game is never missing from its players' lists."""
        for seat in record.seats:
            if seat.player:
                self.players.add_game(seat.player, record.id, record.created)
        if record.public:
            self.lobby.list_publicly(record.id, record.created)
        self.listener.changing(record.id)
        if self.store.create(record, player_events.of_change(None, record, 0)):
            return True
        claim.give_back()
        return False

    def reseat(
        self, game_id: str, change: Callable[[GameRecord], GameRecord], by: str | None = None
    ) -> bool:
        """Write `change(record)` over the game's record by a compare-and-set on its revision,
        read and changed again whenever another request changed it first; False if it changes
        nothing. `change` refuses (raises) what may not be done to the record read. The
        revision, not the seats alone: a cancel changes no seat, and a join that read the game
        before it must not start it again. The players it concerns are told, but `by`, the
        player whose request it is (`server.domain.games.events`)."""
        while True:
            record = self.loading.record(game_id)
            if record is None:
                raise NotFound(N_("no such game"))
            after = change(record)
            if after == record:
                return False
            self.listener.changing(game_id)
            events = self._events(record, after, by)
            if self.store.seat(RecordWrite(record, after, "revision", events)):
                self.inviting.answered(record, after)
                return True

    def _events(self, before: GameRecord, after: GameRecord, by: str | None) -> list[PlayerEvent]:
        """The change's events; a rematch asked for tells the finished game's version, which
        no longer changes, read only then."""
        version = 0 if before.status == OPEN else None  # no move before the start
        events = player_events.of_change(before, after, version, by)
        if events and version is None:
            version = self.store.version(after.id)
            events = [dataclasses.replace(event, version=version) for event in events]
        return events

    def join(self, player: Player, game_id: str, contribution: str | None = None) -> Game:
        """Take the seat reserved for the player, or the first open one, with the player's
        `contribution` to the seed (the server makes one if none is given); the last seat
        derives the seed and starts the game. The seats (and the contributions with them) are
        written only if no one else changed them since they were read (a compare-and-set on one
        key, also on Redis Cluster), so players racing for one seat are safe. The game goes
        into the player's list first; `presenters.game_list` shows it only once they hold a
        seat in it, so a join lost to a race or a crash shows nothing."""

        def seated(record: GameRecord) -> GameRecord:
            seat = free_seat(record, player)
            table = list(record.seats)
            table[seat] = Seat.of(player, joined=True)
            now = int(self.clock())
            after = record.changed(
                seats=tuple(table),
                updated=now,
                **provenance.seated(record, seat, contribution),
            )
            if all(s.joined for s in table):
                engine = ENGINES[record.type]
                after = after.changed(**progress(engine, dealt(engine, after), now))
            self.players.add_game(player.id, game_id, record.created)
            return after

        self.reseat(game_id, seated, player.id)
        return self.loading.load(game_id)

    def cancel(self, player: Player, game_id: str) -> Game:
        """Its creator calls off a game that has not started: it stays, cancelled, in its
        players' lists, and no one can join it. A compare-and-set on the seats, so a join that
        fills the last seat at the same moment wins or loses whole."""

        def cancelled(record: GameRecord) -> GameRecord:
            if players_record(record, player).creator != player.id:
                raise NotAPlayer(
                    N_("only the game's creator can cancel it; an invited player can decline"),
                    code="not_creator",
                )
            check_open(record)
            return record.changed(status=CANCELLED, updated=int(self.clock()))

        self.reseat(game_id, cancelled, player.id)
        return self.loading.load(game_id)

    def decline(self, player: Player, game_id: str) -> Game:
        """An invited player turns the invitation down: their seat is free again (anyone who
        knows the game's id may take it) and the game leaves their list."""

        def declined(record: GameRecord) -> GameRecord:
            check_open(players_record(record, player))
            place = next(i for i, s in enumerate(record.seats) if s.player == player.id)
            if record.seats[place].joined:
                raise Conflict(
                    N_(
                        "you have taken your seat: resign once the game starts, or ask its "
                        "creator to cancel it"
                    ),
                    code="already_joined",
                )
            table = list(record.seats)
            table[place] = Seat()
            return record.changed(seats=tuple(table), updated=int(self.clock()))

        self.reseat(game_id, declined, player.id)
        self.players.remove_game(player.id, game_id)
        return self.loading.load(game_id)

    def decline_from(self, player: Player, inviter: str) -> list[str]:
        """Every invitation to the player from `inviter` still open, declined (as a block
        begins); the ids of the games."""
        declined = []
        for claim in self.inviting.book.waiting(player.id):
            by, invitees = invited(self.loading.record(claim.game_id))
            if claim.other != inviter or by != inviter or player.id not in invitees:
                continue
            try:
                self.decline(player, claim.game_id)
            except (Conflict, NotAPlayer, NotFound):
                continue  # answered or called off meanwhile
            declined.append(claim.game_id)
        return declined

    def rematch(self, player: Player, game_id: str, contribution: str | None = None) -> Game:
        """The next game of a finished one: the same type, options and creator, the same
        players, each a seat further round the table (so another starts), dealt anew: the
        options that fix chance (a deck, who starts) go back to a draw by lot, as the finished
        game shows them to its players. The first to ask makes it (and is named as the one
        who asked), and the others are invited; whoever asks after joins it. Its id is written
        into the finished game's record (a compare-and-set) before the game is made, so two
        asking at once make one game, and a crash in between leaves an id the next request
        makes the game under."""
        old = self.loading.record_for(player, game_id)
        if old.seat_of(player.id) is None:
            raise NotAPlayer(N_("only the game's players can ask for a rematch"))
        if old.status != FINISHED:
            raise Conflict(
                N_("a rematch follows a finished game, and this one is not over"),
                code="not_finished",
            )
        while old.rematch is None or self.loading.record(old.rematch) is None:
            record = self._rematch_of(old, player, contribution)
            claim = self.inviting.claim(record, made=False)
            if old.rematch is None:
                marked = old.changed(rematch=record.id)
                events = self._events(old, marked, player.id)
                if not self.store.seat(RecordWrite(old, marked, "rematch", events)):
                    claim.give_back()
                    old = self.loading.record_for(player, game_id)
                    continue
                old = marked
            if self._store_new(record, claim):
                return self.loading.load(record.id)
            break
        # made by another's request: take the seat kept for you
        assert old.rematch is not None
        made = self.loading.load(old.rematch)
        if made.seat_of(player.id) is not None:
            return made
        return self.join(player, old.rematch, contribution)

    def _rematch_of(self, old: GameRecord, player: Player, contribution: str | None) -> GameRecord:
        """The rematch `player` asks for (under the id the finished game names, or a new one),
        once the others take invitations from them: each a seat further round the table, dealt
        anew."""
        table = [seat_again(s, player.id) for s in (*old.seats[1:], *old.seats[:1])]
        others = [self.players.get(s.player) for s in table if s.player and not s.joined]
        self.inviting.check(player, [other for other in others if other is not None])
        engine = engine_for(old.type)
        return self._new_record(
            engine,
            old.type,
            engine.dealt_anew(old.options),
            table,
            player,
            old.clock,
            contribution,
            old.public,
            old.rematch or new_game_id(),
            old.creator,
        )


GAME_ID = re.compile(r"^[0-9a-f]{24}$")
"""What `new_game_id` makes, as the OpenAPI document states it."""


def new_game_id() -> str:
    """96 random bits in hex: unguessable, and safe as a command-line argument and in a URL
    (base64 ids could begin with '-' and read as an option)."""
    return secrets.token_hex(12)


def free_seat(record: GameRecord, player: Player) -> int:
    """The seat reserved for the player, else the first that no one has and no one is
    invited to: one that anyone who knows the game's id may take."""
    if record.seat_of(player.id) is not None:
        raise Conflict(N_("you already have a seat in this game"), code="already_joined")
    check_open(record)
    for index, seat in enumerate(record.seats):
        if seat.player == player.id:
            return index
    for index, seat in enumerate(record.seats):
        if seat.free:
            return index
    raise NotAPlayer(
        N_("this game is private: the seats left are reserved for the players invited"),
        code="not_invited",
    )


def seat_again(seat: Seat, asking: str) -> Seat:
    """A finished game's seat in its rematch: a bot keeps its place, a player's is kept for
    them (and taken by the one asking), and a seat vacated by a deleted account is open."""
    if seat.player is not None:
        return Seat(seat.player, seat.name, seat.player == asking, bot_account=seat.bot_account)
    return seat if seat.bot and not seat.vacated else Seat()


def check_open(record: GameRecord) -> None:
    """Seats are taken, given up or called off only before the game starts."""
    if record.status == CANCELLED:
        raise Conflict(N_("this game was cancelled before it started"), code="game_cancelled")
    if record.status != OPEN:
        raise Conflict(
            N_("this game has already started: every seat is taken"), code="game_started"
        )
