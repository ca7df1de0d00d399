"""The moves the worker makes for a seat (`server.domain.service.worker_moves`): a player whose
move clock ran out is skipped, resigned or played for by a bot, as the game's clock says, and only
if they have not moved meanwhile; a bot's seat is played when it must act, once however often or
however many workers ask."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.tables import Table, dealt_alike


def clocked(table: Table, type_id: str, on_timeout: str) -> str:
    """A game of ada and bo with a move clock."""
    clock = {"move_time": 3600, "on_timeout": on_timeout}
    options = {"rounds": 1} if type_id == "lost-cities" else {}
    game = table.games.seating.create(table["ada"], type_id, None, options, ["bo"], clock)
    table.games.seating.join(table["bo"], game.id)
    return game.id


@pytest.mark.parametrize(
    ("type_id", "policy", "move", "marks", "status"),
    [
        ("lost-cities", "skip", {"action": "resign"}, {"timeout": True}, "finished"),
        ("lost-cities-dice", "skip", {"action": "refuse"}, {"timeout": True}, "active"),
        ("lost-cities-dice", "forfeit", {"action": "resign"}, {"timeout": True}, "finished"),
        ("lost-cities", "bot", None, {"timeout": True, "bot": "quick"}, "active"),
        ("lost-cities", "bot:random", None, {"timeout": True, "bot": "random"}, "active"),
    ],
)
def test_a_timed_out_seat_is_moved_for_as_its_clock_says(
    type_id: str, policy: str, move: dict[str, str] | None, marks: dict[str, object], status: str
) -> None:
    table = Table()
    game_id = clocked(table, type_id, policy)
    game = table.games.loading.load(game_id)
    (late, *_) = game.engine.to_act(game.state)
    assert table.games.worker_moves.time_out(game_id, late, 0) is True
    (entry,) = table.log(game_id)
    assert entry["seat"] == late and {k: entry.get(k) for k in marks} == marks
    if move is not None:
        assert entry["move"] == move
    else:  # a bot's move, one the rules allow
        assert entry["move"] in game.engine.legal_moves(game.state, late)
    after = table.games.loading.load(game_id)
    assert after.status == status
    if status == "active" and type_id == "lost-cities":  # the next decision is the other's
        assert after.engine.to_act(after.state) == (1 - late,)


def test_a_bot_makes_every_step_of_a_timed_out_livingstone_turn() -> None:
    table = Table()
    game_id = clocked(table, "livingstone", "bot:random")
    game = table.games.loading.load(game_id)
    (late,) = game.engine.to_act(game.state)
    assert table.games.worker_moves.time_out(game_id, late, 0) is True
    entries = table.log(game_id)
    assert entries and all(e["seat"] == late and e["bot"] == "random" for e in entries)
    after = table.games.loading.load(game_id)
    assert after.engine.to_act(after.state) == (1 - late,)


def test_a_timeout_does_nothing_once_the_seat_moved_or_is_not_to_act_or_the_game_ended() -> None:
    table = Table()
    game_id = clocked(table, "lost-cities", "skip")
    players = [table["ada"], table["bo"]]
    game = table.games.loading.load(game_id)
    (seat,) = game.engine.to_act(game.state)
    table.games.moving.submit(
        players[seat], game_id, game.engine.legal_moves(game.state, seat)[0], 0
    )
    before = table.stored(game_id)
    assert table.games.worker_moves.time_out(game_id, seat, 0) is False  # not to act now
    assert table.stored(game_id) == before
    assert table.games.worker_moves.time_out(game_id, 1 - seat, 1) is True  # to act since version 1
    game_id = clocked(table, "lost-cities-dice", "skip")
    game = table.games.loading.load(game_id)
    (seat,) = game.engine.to_act(game.state)
    table.games.moving.resign(players[seat], game_id)
    before = table.stored(game_id)
    for each in (0, 1):
        assert table.games.worker_moves.time_out(game_id, each, 0) is False
    assert table.stored(game_id) == before


def test_a_timeout_overtaken_by_the_players_own_move_does_nothing() -> None:
    table = Table()
    game_id = clocked(table, "lost-cities", "bot")
    game = table.games.loading.load(game_id)
    (late,) = game.engine.to_act(game.state)
    own = game.engine.legal_moves(game.state, late)[-1]
    player = [table["ada"], table["bo"]][late]
    table.store.meanwhile.append(lambda: table.service().moving.submit(player, game_id, own, 0))
    assert table.games.worker_moves.time_out(game_id, late, 0) is False
    (entry,) = table.log(game_id)
    assert entry["move"] == own and "timeout" not in entry


def bot_game(table: Table, level: str = "quick", first: int = 1) -> str:
    options = {"rounds": 1, "first_player": first}
    return table.games.seating.create(
        table["ada"], "lost-cities", None, options, [], bots=[level]
    ).id


def test_a_bot_moves_only_when_its_seat_must_act_and_unmarked() -> None:
    table = Table()
    game_id = bot_game(table, first=0)
    assert table.games.worker_moves.play_bot(game_id) is False  # ada's turn
    game = table.games.loading.load(game_id)
    table.games.moving.submit(table["ada"], game_id, game.engine.legal_moves(game.state, 0)[0], 0)
    assert table.games.worker_moves.play_bot(game_id) is True
    entry = table.log(game_id)[-1]
    assert entry["seat"] == 1 and "bot" not in entry and "timeout" not in entry
    assert table.games.worker_moves.play_bot(game_id) is False and table.store.version(game_id) == 2
    open_id = table.games.seating.create(table["ada"], "lost-cities", None, {}, ["bo"], bots=[]).id
    assert table.games.worker_moves.play_bot(open_id) is False
    table.games.moving.resign(table["ada"], game_id)
    assert table.games.worker_moves.play_bot(game_id) is False


def test_two_workers_playing_one_bots_turn_at_once_make_one_move() -> None:
    """The second worker's run makes the move while the first's is on its way: the first's,
    under the same key (the version and the seat), is taken as made."""
    table = Table()
    game_id = bot_game(table)
    other = table.service()
    ran: list[bool] = []
    table.store.meanwhile.append(lambda: ran.append(other.worker_moves.play_bot(game_id)))
    assert table.games.worker_moves.play_bot(game_id) is True and ran == [True]
    assert table.store.version(game_id) == 1


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_game_against_a_bot_is_played_to_its_end_with_each_move_made_once(seed: int) -> None:
    """The player moves at random; after each move the worker asks the bot, once or more, and
    a second worker may ask at the same time: the bot makes each of its moves once."""
    rnd = random.Random(seed)
    with dealt_alike():
        table = Table()
        game_id = bot_game(table, "random", first=rnd.randrange(2))
    workers = [table.games, table.service()]
    while (game := table.games.loading.load(game_id)).status == "active":
        if game.engine.to_act(game.state) == (0,):
            move = rnd.choice(game.engine.legal_moves(game.state, 0))
            table.games.moving.submit(table["ada"], game_id, move, game.version)
            continue
        if rnd.random() < 0.3:
            table.store.meanwhile.append(lambda: workers[1].worker_moves.play_bot(game_id))
        assert workers[0].worker_moves.play_bot(game_id) is True
        for _ in range(rnd.randrange(3)):
            assert rnd.choice(workers).worker_moves.play_bot(game_id) is False
    seats = [entry["seat"] for entry in table.log(game_id)]
    assert all(a != b for a, b in itertools.pairwise(seats))  # turns alternate: none twice
    assert table.service().loading.load(game_id).state == game.state  # the log replays to its end
