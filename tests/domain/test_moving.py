"""The one move path (`server.domain.service.moving`): legal moves change the game, refusals
(illegal, out of turn, stale, by a stranger, in a game over) change nothing; a batch ends at a step
that reveals, handing back the rest untried; a resend under its key gets its first answer again,
however the game has moved on since; resigning is a move made out of turn."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.domain.errors import (
    Conflict,
    GameOver,
    Illegal,
    KeyReused,
    NotAPlayer,
    NotJoined,
    NotStarted,
    Stale,
)
from server.domain.games.loaded import Moved
from server.domain.players.player import Player
from tests.support.tables import Table, dealt_alike, started, to_act


def answered(made: Moved) -> tuple[Any, ...]:
    """What a move's answer says (its game's record aside: its revision is the store's)."""
    game = made.game
    return made.seat, made.events, made.untried, game.version, game.state, game.last_entry


@settings(max_examples=15, deadline=None)
@given(st.data())
def test_only_a_legal_move_by_the_seat_to_act_at_the_version_it_saw_changes_the_game(
    data: st.DataObject,
) -> None:
    with dealt_alike():
        table = Table()
        game_id = started(table)
    players = [table["ada"], table["bo"]]
    for _ in range(data.draw(st.integers(1, 25), label="requests")):
        game = table.games.loading.load(game_id)
        seat = to_act(table.games, game_id)
        legal = game.engine.legal_moves(game.state, seat)
        kind = data.draw(st.sampled_from(["legal", "out of turn", "stale", "illegal", "stranger"]))
        before = table.stored(game_id)
        if kind == "legal":
            move = data.draw(st.sampled_from(legal))
            made = table.games.moving.submit(players[seat], game_id, move, game.version)
            assert (made.seat, len(made.events), made.untried) == (seat, 1, ())
            assert made.game.version == game.version + 1 == table.store.version(game_id)
            fresh = table.service().loading.load(game_id)  # replayed from the log alone
            assert (fresh.state, fresh.last_entry) == (made.game.state, made.game.last_entry)
            continue
        refusal: type[Exception] = Illegal
        if kind == "out of turn":
            request = (players[1 - seat], legal[0], game.version)
        elif kind == "stale":
            refusal = Stale
            request = (players[seat], legal[0], game.version + (1 if game.version == 0 else -1))
        elif kind == "illegal":
            request = (players[seat], data.draw(st.sampled_from(["play Q1 draw deck", {}])), 0)
            request = (*request[:2], game.version)
        else:
            refusal = NotAPlayer
            request = (table["cy"], legal[0], game.version)
        with pytest.raises(refusal):
            table.games.moving.submit(request[0], game_id, request[1], request[2])
        assert table.stored(game_id) == before


def test_a_game_over_or_called_off_takes_no_move() -> None:
    table = Table()
    game_id = started(table)
    move = table.games.loading.load(game_id).engine.legal_moves(
        table.games.loading.load(game_id).state, 0
    )[0]
    table.games.moving.resign(table["bo"], game_id)
    before = table.stored(game_id)
    with pytest.raises(GameOver):
        table.games.moving.submit(table["ada"], game_id, move, 1)
    with pytest.raises(GameOver):
        table.games.moving.resign(table["ada"], game_id)
    assert table.stored(game_id) == before
    cancelled = table.games.seating.create(table["ada"], "lost-cities", None, {}, ["bo"]).id
    table.games.seating.cancel(table["ada"], cancelled)
    with pytest.raises(Conflict) as off:
        table.games.moving.submit(table["ada"], cancelled, move, 0)
    assert off.value.code == "game_cancelled"


def test_resigning_is_a_move_out_of_turn_and_only_once_the_game_runs() -> None:
    table = Table()
    open_id = table.games.seating.create(table["ada"], "lost-cities", None, {}, ["bo"]).id
    for player in (table["ada"], table["bo"]):
        with pytest.raises(NotStarted):
            table.games.moving.resign(player, open_id)
    with pytest.raises(NotJoined):
        table.games.moving.submit(table["bo"], open_id, "play R7 draw deck", 0)
    game_id = started(table)
    with pytest.raises(NotAPlayer):
        table.games.moving.resign(table["cy"], game_id)
    assert to_act(table.games, game_id) == 0
    made = table.games.moving.resign(table["bo"], game_id)  # ada's turn: bo resigns all the same
    assert made.seat == 1 and made.game.status == "finished"
    assert table.log(game_id)[-1]["move"] == {"action": "resign"}


def test_a_resignation_overtaken_by_a_move_is_made_after_it() -> None:
    table = Table()
    game_id = started(table)
    game = table.games.loading.load(game_id)
    move = game.engine.legal_moves(game.state, 0)[0]
    table.store.meanwhile.append(
        lambda: table.service().moving.submit(table["ada"], game_id, move, 0)
    )
    made = table.games.moving.resign(table["bo"], game_id)
    assert made.game.version == 2 and [e["seat"] for e in table.log(game_id)] == [0, 1]


def livingstone_turn(table: Table) -> tuple[str, Player, int, list[str]]:
    """A Livingstone game of ada and bo: its id, the player to act, the version, and the texts
    of their legal moves."""
    game = table.games.seating.create(table["ada"], "livingstone", None, {}, ["bo"])
    game = table.games.seating.join(table["bo"], game.id)
    seat = to_act(table.games, game.id)
    texts = [game.engine.format_move(m) for m in game.engine.legal_moves(game.state, seat)]
    return game.id, [table["ada"], table["bo"]][seat], game.version, texts


def test_a_batch_is_made_whole_or_not_at_all_and_ends_at_a_draw() -> None:
    table = Table()
    game_id, player, version, texts = livingstone_turn(table)
    before = table.stored(game_id)
    take = next(text for text in texts if text.startswith("take"))
    with pytest.raises(Illegal) as refused:
        table.games.moving.submit(player, game_id, f"{take}; sell purple; end", version)
    assert refused.value.details["step"] == 2
    assert table.stored(game_id) == before
    draw = next(text for text in texts if text.endswith("card"))
    batch = f"{draw}; play no-cost-tent; donate 0"
    made = table.games.moving.submit(player, game_id, batch, version, "turn")
    assert made.game.version == version + 1 == table.store.version(game_id)
    assert len(made.events) == 1
    assert list(made.untried) == [
        {"action": "play", "card": "no-cost-tent"},
        {"action": "donate", "amount": 0},
    ]
    again = table.service().moving.submit(player, game_id, batch, version, "turn")
    assert answered(again) == answered(made)  # the untried steps handed back again too


def test_a_resend_gets_its_first_answer_however_the_game_moved_on() -> None:
    table = Table()
    game_id = started(table)
    ada, bo = table["ada"], table["bo"]
    game = table.games.loading.load(game_id)
    move = game.engine.legal_moves(game.state, 0)[0]
    first = table.games.moving.submit(ada, game_id, move, 0, "one")
    assert answered(table.games.moving.submit(ada, game_id, move, 0, "one")) == answered(first)
    game = table.games.loading.load(game_id)
    table.games.moving.submit(bo, game_id, game.engine.legal_moves(game.state, 1)[0], 1)
    assert answered(table.service().moving.submit(ada, game_id, move, 0, "one")) == answered(first)
    with pytest.raises(KeyReused):
        table.games.moving.submit(ada, game_id, "play Q1 draw deck", 0, "one")
    with pytest.raises(Stale):  # the same key is another player's own: bo's request is new
        table.games.moving.submit(bo, game_id, move, 0, "one")
    table.games.moving.resign(bo, game_id)
    assert answered(table.games.moving.submit(ada, game_id, move, 0, "one")) == answered(first)
    assert table.store.version(game_id) == 3


def test_a_resend_that_overtakes_its_first_attempt_moves_once() -> None:
    """The first attempt is still on its way when the resend makes the move: the append finds
    the key's note and answers with what the resend made."""
    table = Table()
    game_id = started(table)
    ada = table["ada"]
    game = table.games.loading.load(game_id)
    move = game.engine.legal_moves(game.state, 0)[0]
    resent: list[Moved] = []
    table.store.meanwhile.append(
        lambda: resent.append(table.service().moving.submit(ada, game_id, move, 0, "k"))
    )
    first = table.games.moving.submit(ada, game_id, move, 0, "k")
    assert answered(first) == answered(resent[0]) and table.store.version(game_id) == 1


def test_a_simultaneous_choice_against_an_older_version_stands_if_nothing_it_knew_changed() -> None:
    """In the dice game the others choose after the active player, in any order: another's
    hidden choice moves the version on, not what this player may do."""
    table = Table()
    game = table.games.seating.create(table["ada"], "lost-cities-dice", None, {}, ["bo", "cy"])
    table.games.seating.join(table["bo"], game.id)
    game = table.games.seating.join(table["cy"], game.id)
    players = [table["ada"], table["bo"], table["cy"]]
    (active,) = game.engine.to_act(game.state)
    table.games.moving.submit(
        players[active], game.id, game.engine.legal_moves(game.state, active)[0], 0
    )
    game = table.games.loading.load(game.id)
    first, second = game.engine.to_act(game.state)
    late = game.engine.legal_moves(game.state, second)[0]
    with pytest.raises(Stale):  # at version 0 it was not theirs to choose
        table.games.moving.submit(players[second], game.id, late, 0)
    table.games.moving.submit(
        players[first], game.id, game.engine.legal_moves(game.state, first)[0], 1
    )
    made = table.games.moving.submit(players[second], game.id, late, 1)
    assert made.game.version == 3 and [e["seat"] for e in table.log(game.id)][1:] == [
        first,
        second,
    ]
