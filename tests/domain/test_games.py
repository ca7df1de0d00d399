"""The game domain on its own, over the in-memory store: what it makes, what it refuses (by kind,
never by HTTP status), and that a refusal changes nothing."""

from __future__ import annotations

import pytest

from server.domain.errors import (
    Conflict,
    Illegal,
    Invalid,
    KeyReused,
    NotAPlayer,
    NotFound,
    NotJoined,
    NotStarted,
    Stale,
)
from server.domain.players.player import Player
from server.domain.service.facade import GameService
from server.domain.service.leaving import Leaving, Left
from shared import bots
from tests.support import memory
from tests.support.memory import MemoryGameStore, MemoryRoster


def service() -> tuple[GameService, MemoryGameStore, MemoryRoster]:
    store, roster = MemoryGameStore(), MemoryRoster("ada", "bo", "cy")
    return memory.service(store, roster, clock=lambda: 1_800_000_000), store, roster


def started() -> tuple[GameService, MemoryGameStore, MemoryRoster, str, list[Player]]:
    """A Lost Cities match between ada and bo, both seated."""
    games, store, roster = service()
    ada, bo = roster.players["ada"], roster.players["bo"]
    game = games.seating.create(ada, "lost-cities", None, {"rounds": 1}, ["bo"])
    games.seating.join(bo, game.id)
    return games, store, roster, game.id, [ada, bo]


def mover(games: GameService, game_id: str, players: list[Player]) -> Player:
    game = games.loading.load(game_id)
    (seat,) = game.engine.to_act(game.state)
    return players[seat]


def test_a_game_is_created_joined_and_played_through_the_store() -> None:
    games, store, _, game_id, players = started()
    player = mover(games, game_id, players)
    game = games.loading.load(game_id)
    seat = game.seat_of(player.id)
    assert seat is not None
    move = game.engine.legal_moves(game.state, seat)[0]
    made = games.moving.submit(player, game_id, move, 0, "key-1")
    assert made.game.version == 1 == store.version(game_id)
    again = games.moving.submit(player, game_id, move, 0, "key-1")  # a retry moves once
    assert (again.game.version, again.seat, again.events) == (1, made.seat, made.events)
    assert store.version(game_id) == 1


def test_refusals_come_by_kind_and_change_nothing() -> None:
    games, store, roster, game_id, players = started()
    player = mover(games, game_id, players)
    other = players[1 - players.index(player)]
    game = games.loading.load(game_id)
    seat = game.seat_of(player.id)
    assert seat is not None
    move = game.engine.legal_moves(game.state, seat)[0]
    before = (store.log_raw(game_id), store.record(game_id))
    with pytest.raises(Illegal) as illegal:
        games.moving.submit(other, game_id, move, 0)
    assert illegal.value.code == "not_your_turn" and illegal.value.details["legal_moves"] == []
    assert illegal.value.message == f"it is {player.name}'s turn, not {other.name}'s"
    with pytest.raises(Illegal):
        games.moving.submit(player, game_id, "play Q1 draw deck", 0)
    with pytest.raises(Stale) as stale:
        games.moving.submit(player, game_id, move, 5)
    assert stale.value.current == 0
    with pytest.raises(NotAPlayer):
        games.moving.submit(roster.players["cy"], game_id, move, 0)
    with pytest.raises(NotFound):
        games.moving.submit(player, "0" * 24, move, 0)
    games.moving.submit(player, game_id, move, 0, "key-1")
    with pytest.raises(KeyReused):
        games.moving.submit(player, game_id, "play Q1 draw deck", 0, "key-1")
    assert store.version(game_id) == 1
    assert before[1] is not None and before[1].status == "active"


def test_without_a_seat_count_a_game_seats_the_creator_and_the_invited() -> None:
    games, _, roster = service()
    ada = roster.players["ada"]
    assert len(games.seating.create(ada, "lost-cities-dice", None, {}, []).seats) == 2  # the fewest
    invited = games.seating.create(ada, "lost-cities-dice", None, {}, ["bo", "cy"])
    assert [seat.name for seat in invited.seats] == ["ada", "bo", "cy"]
    given = games.seating.create(ada, "lost-cities-dice", 4, {}, ["bo"])
    assert [seat.name for seat in given.seats] == ["ada", "bo", None, None]
    with pytest.raises(Invalid) as crowded:
        games.seating.create(ada, "lost-cities-dice", 2, {}, ["bo", "cy"])
    assert crowded.value.code == "too_many_invites"


def test_creating_and_joining_are_refused_by_kind() -> None:
    games, _, roster = service()
    ada, bo, cy = (roster.players[name] for name in ("ada", "bo", "cy"))
    with pytest.raises(Invalid) as unknown:
        games.seating.create(ada, "chess", None, {}, [])
    assert unknown.value.code == "unknown_game_type"
    with pytest.raises(Invalid) as crowded:
        games.seating.create(ada, "lost-cities", None, {}, ["bo", "cy"])
    assert crowded.value.code == "too_many_invites"
    game = games.seating.create(ada, "lost-cities", None, {}, ["bo"])
    with pytest.raises(NotStarted):
        games.moving.submit(ada, game.id, "play R7 draw deck", 0)
    with pytest.raises(NotJoined):
        games.moving.submit(bo, game.id, "play R7 draw deck", 0)
    with pytest.raises(NotAPlayer) as private:  # the seat left is bo's
        games.seating.join(cy, game.id)
    assert private.value.code == "not_invited"
    games.seating.join(bo, game.id)
    with pytest.raises(Conflict) as again:
        games.seating.join(bo, game.id)
    assert again.value.code == "already_joined"
    with pytest.raises(Conflict) as started:
        games.seating.join(cy, game.id)
    assert started.value.code == "game_started"


def test_a_bot_moves_once_however_often_asked_and_only_in_games_it_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    games, store, roster = service()
    ada = roster.players["ada"]
    game = games.seating.create(
        ada, "lost-cities", None, {"rounds": 1, "first_player": 1}, [], bots=["quick"]
    )
    assert game.status == "active" and game.seats[1].bot == "quick"
    assert games.worker_moves.play_bot(game.id) is True
    assert games.worker_moves.play_bot(game.id) is False  # ada's turn now: nothing for a bot to do
    assert store.version(game.id) == 1 and games.loading.load(game.id).record.to_act == (0,)
    monkeypatch.delitem(bots.BOTS, "lost-cities-dice")  # a game no bot has learned
    with pytest.raises(Invalid) as unplayed:
        games.seating.create(ada, "lost-cities-dice", None, {}, [], bots=["quick"])
    assert unplayed.value.code == "no_bots_for_type"
    assert len(store.records_by_id) == 1


def test_a_rematch_opens_a_vacated_seat() -> None:
    """A seat whose player deleted their account (`leaving`) is kept in the finished game under
    a neutral name, with no player; the rematch leaves it open to anyone, not the old name's."""
    games, store, _, game_id, (ada, bo) = started()
    games.moving.resign(bo, game_id)
    left = Left()
    Leaving(games, ada).leave(game_id, left)
    assert left.kept == [game_id]
    seats = store.record(game_id).seats  # type: ignore[union-attr]
    assert (seats[0].name, seats[0].player, seats[0].vacated) == ("deleted player 1", None, True)
    again = games.seating.rematch(bo, game_id)
    assert [(s.player, s.name, s.joined) for s in again.seats] == [
        (bo.id, "bo", True),
        (None, None, False),
    ]
