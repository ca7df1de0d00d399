"""The rules of livingstone, one by one, on positions set up by hand."""

from __future__ import annotations

import dataclasses
import json
import pickle
from collections import Counter
from typing import Any

import pytest

from shared.batch import split_steps
from shared.chance import Chance
from shared.engine import RESIGN, BadOptions, Event, IllegalMove
from shared.games.livingstone import Livingstone
from shared.games.livingstone.data import BAG, DEFAULT_BOARD
from shared.games.livingstone.state import State, Turn
from shared.playout import replay
from tests.support.livingstone_v1 import GAME as V1_GAME
from tests.support.livingstone_v1 import LOG as V1_LOG

ENGINE = Livingstone()
SEED = "00112233445566778899aabbccddeeff"


def table(
    players: int = 3, dice: tuple[int, ...] = (1, 2, 3, 4, 5, 6), seat: int = 0, steamer: int = 0
) -> State:
    """A game at the start of a round: `seat` starts with `dice` on the table, the steamer at
    `steamer` (0-based), every player with 3 thalers and no cards."""
    state = ENGINE.new(players, SEED)
    return state._replace(
        round=state.round._replace(start=seat, dice=tuple(sorted(dice))),
        turn=Turn(seat),
        steamer=steamer,
    )


def player(state: State, seat: int, **fields: Any) -> State:
    return state.with_player(seat, state.players[seat]._replace(**fields))


def tents(state: State, *placed: tuple[int, int, int]) -> State:
    """Tents put on the board as (column from 1, row, seat), taken from the owners' supply."""
    grid = [[list(field) for field in column] for column in state.tents]
    for column, row, seat in placed:
        grid[column - 1][row - 1].append(seat)
        state = player(state, seat, tents_left=state.players[seat].tents_left - 1)
    return state._replace(tents=tuple(tuple(map(tuple, column)) for column in grid))


def turn(state: State, **fields: Any) -> State:
    assert state.turn is not None
    return state._replace(turn=state.turn._replace(**fields))


def act(state: State, text: str) -> tuple[State, Event]:
    """One step in notation by the seat to move."""
    (seat,) = ENGINE.to_act(state)
    return ENGINE.transition(state, seat, ENGINE.parse_move(text))


def acts(state: State, text: str) -> State:
    """Steps in notation (`;`-separated) by the seat to move, one move each: unlike a batch,
    they go on past a draw."""
    (seat,) = ENGINE.to_act(state)
    for step in split_steps(text):
        state = ENGINE.apply(state, seat, ENGINE.parse_move(step))
    return state


def refused(state: State, text: str, seat: int | None = None) -> str:
    """The code of the refusal; also checks the move is not among the legal ones."""
    mover = ENGINE.to_act(state)[0] if seat is None else seat
    move = ENGINE.parse_move(text)
    assert move not in ENGINE.legal_moves(state, mover)
    with pytest.raises(IllegalMove) as error:
        ENGINE.transition(state, mover, move)
    return error.value.code


def legal(state: State) -> set[str]:
    (seat,) = ENGINE.to_act(state)
    return {ENGINE.format_move(move) for move in ENGINE.legal_moves(state, seat)}


def finished(state: State) -> State:
    return state._replace(turn=None, ended_by="rounds")


# -- setting up ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 6))
def test_a_new_game_is_set_up_as_the_rules_say(players: int) -> None:
    state = ENGINE.new(players, SEED)
    assert len(state.round.dice) == 2 * players
    assert list(state.round.dice) == sorted(state.round.dice)
    assert all(1 <= die <= 6 for die in state.round.dice)
    assert all(p.thalers == 3 and p.tents_left == 11 and not p.hand for p in state.players)
    assert state.bag == BAG == (29, 15, 10, 5, 1) and sum(state.bag) == 60
    assert Counter(state.deck) == Counter(DEFAULT_BOARD["cards"]) and len(state.deck) == 27
    assert state.steamer == 0 and ENGINE.view(state, None)["steamer"] == 1
    assert ENGINE.to_act(state) == (state.round.start,)
    assert pickle.loads(pickle.dumps(state)) == state


def test_the_first_start_player_and_the_deck_come_from_the_seed() -> None:
    seeds = [f"{n:032x}" for n in range(40)]
    games = [ENGINE.new(4, seed) for seed in seeds]
    assert {game.round.start for game in games} == {0, 1, 2, 3}
    assert len({game.deck for game in games}) == len(games)
    assert ENGINE.new(4, seeds[0]) == games[0]


def test_the_default_board_is_the_rules_files_table() -> None:
    assert DEFAULT_BOARD["costs"] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert DEFAULT_BOARD["row_points"] == [1, 2, 3, 4, 5, 6]
    assert DEFAULT_BOARD["majority"] == [12, 10, 8, 6, 4, 2]
    assert sum(DEFAULT_BOARD["cards"].values()) == 27
    assert DEFAULT_BOARD["white_stone"] == "sold_this_turn"
    assert ENGINE.configure(3)["board"] == DEFAULT_BOARD


def test_a_game_can_be_created_with_other_board_values() -> None:
    board = {"costs": [2, 7], "majority": [1, 1, 1, 1, 1, 1], "cards": {"lion": 5}}
    configured = ENGINE.configure(3, {"board": board})["board"]
    assert configured["row_points"] == DEFAULT_BOARD["row_points"]
    assert configured["cards"]["lion"] == 5 and configured["cards"]["market"] == 0
    state = ENGINE.new(3, SEED, {"board": board})
    assert state.rules.columns == 2 and state.deck == ("lion",) * 5
    assert ENGINE.view(state, None)["costs"] == [2, 7]


@pytest.mark.parametrize(
    "board",
    [
        "big",
        {"costs": []},
        {"costs": [1, "2"]},
        {"costs": [1, -1]},
        {"costs": [1] * 21},
        {"row_points": [1, 2, 3]},
        {"majority": [1, 2, 3, 4, 5, True]},
        {"cards": {"joker": 1}},
        {"cards": {"lion": -1}},
        {"cards": ["lion"]},
        {"tents": 12},
        {"revisits": -1},
        {"revisits": True},
        {"revisits": 1.5},
        {"white_stone": "never"},
        {"white_stone": ["drawn_with_it"]},
    ],
)
def test_bad_board_values_are_refused(board: Any) -> None:
    with pytest.raises(BadOptions) as error:
        ENGINE.configure(3, {"board": board})
    assert error.value.option == "board"


def test_a_game_is_played_by_the_rules_version_it_began_with() -> None:
    """Version 3 shuffles as every game does (`Chance.shuffled`); games begun under versions 1
    and 2 keep the shuffle they were dealt with, and differ from version 3 in nothing else at
    the start."""
    assert ENGINE.version == 3
    now = ENGINE.new(3, SEED)
    assert now.version == ENGINE.version
    assert now.deck == tuple(Chance(SEED, "deck").shuffled(now.rules.deck()))
    for version in (1, 2):
        old = ENGINE.new(3, SEED, version=version)
        assert old.deck == tuple(Chance(SEED, "deck").shuffled_by_position(old.rules.deck()))
        assert old.version == version and old._replace(deck=now.deck, version=3) == now
    for unknown in (0, ENGINE.version + 1, "1", True):
        with pytest.raises(ValueError):
            ENGINE.new(3, SEED, version=unknown)


def test_a_game_played_by_version_1_rules_replays_as_it_was_played() -> None:
    """The recorded game's log replays to the same end under version 1, and is not even legal
    under the rules as printed."""
    players, seed, final = V1_GAME["players"], V1_GAME["seed"], V1_GAME["final"]
    state = replay(ENGINE, ENGINE.new(players, seed, version=1), V1_LOG)
    assert [list(state.bag), list(state.set_aside)] == [final["bag"], final["set_aside"]]
    assert [list(state.deck), list(state.played)] == [final["deck"], final["played"]]
    view = json.loads(json.dumps(ENGINE.view(state, None)))
    assert {key: view[key] for key in final["view"]} == final["view"]
    with pytest.raises(IllegalMove):
        replay(ENGINE, ENGINE.new(players, seed), V1_LOG)


# -- taking dice -----------------------------------------------------------------------------


def test_the_first_die_may_be_any_then_each_must_show_more() -> None:
    state = table(dice=(2, 2, 3, 5, 5, 6))
    state = state._replace(round=state.round._replace(last_die=(3, 0, 0)))
    assert refused(state, "take 2 thalers") == "die_too_low"
    assert refused(state, "take 3 thalers") == "die_too_low"
    assert refused(state, "take 4 thalers") == "no_such_die"
    state, _ = act(state, "take 5 thalers")
    assert state.round.dice == (2, 2, 3, 5, 6) and state.round.last_die == (5, 0, 0)
    assert state.round.taken == ((0, 5),)


def test_one_die_per_turn_and_end_only_after_it() -> None:
    state = table()
    assert refused(state, "end") == "die_first"
    state, _ = act(state, "take 1 thalers")
    assert refused(state, "take 6 thalers") == "die_already_taken"
    assert "end" in legal(state)
    state, event = act(state, "end")
    assert ENGINE.to_act(state) == (1,) and event["next"] == 1


def test_a_turn_is_one_decision_however_many_steps_it_takes() -> None:
    state = player(table(), 0, thalers=5)
    first = ENGINE.decision(state, 0)
    assert first is not None and ENGINE.decision(state, 1) is None
    state = acts(state, "donate 1; take 1 thalers")
    assert ENGINE.decision(state, 0) == first
    state = acts(state, "end")
    assert ENGINE.decision(state, 0) is None
    assert ENGINE.decision(state, 1) not in (None, first)


def test_the_neutral_move_is_ending_the_turn_once_a_die_is_taken() -> None:
    """Before the die pick the rules offer no way to let it pass, so a clock running out then
    resigns the player instead."""
    state = table()
    assert ENGINE.neutral_move(state, 0) is None
    state, _ = act(state, "take 1 thalers")
    assert ENGINE.neutral_move(state, 0) == ENGINE.parse_move("end")
    assert ENGINE.neutral_move(state, 1) is None


def test_players_who_cannot_take_a_die_are_skipped_until_nobody_can() -> None:
    """A takes 1, B 4, C 2; A takes 3; B (needs more than 4) is skipped; C takes 3; now A needs
    more than 3, B more than 4, C more than 3, and only a 1 is left: the round ends."""
    state = table(dice=(1, 1, 2, 3, 3, 4))
    for text in ("take 1 thalers", "take 4 thalers", "take 2 thalers", "take 3 thalers"):
        state = acts(state, f"{text}; end")
    assert ENGINE.to_act(state) == (2,)
    state, event = act(acts(state, "take 3 thalers"), "end")
    assert event["scored"]["column"] == 1
    assert state.round.number == 2 and state.round.start == 1


def test_a_player_takes_again_when_the_others_cannot() -> None:
    state = table(players=2, dice=(1, 2, 3, 6))
    state = acts(state, "take 1 thalers; end")
    state = acts(state, "take 6 thalers; end")
    state = acts(state, "take 2 thalers; end")
    assert ENGINE.to_act(state) == (0,)
    state, event = act(acts(state, "take 3 thalers"), "end")
    assert "scored" in event


def test_the_round_ends_when_the_dice_run_out() -> None:
    state = table(players=2, dice=(1, 2, 3, 4))
    for text in ("take 1 mine", "take 2 thalers", "take 3 thalers"):
        state = acts(state, f"{text}; end")
    state, event = act(acts(state, "take 4 thalers"), "end")
    assert event["round"]["number"] == 2


def test_round_scoring_moves_the_steamer_and_the_start_player() -> None:
    state = table(players=3, dice=(6,), seat=2, steamer=1)
    state = tents(state, (2, 3, 0), (2, 3, 0), (2, 3, 1), (2, 6, 2), (3, 6, 1), (1, 5, 1))
    state, event = act(acts(state, "take 6 thalers"), "end")
    assert event["scored"] == {"column": 2, "points": [6, 3, 6]}
    assert [p.tent_points for p in state.players] == [6, 3, 6]
    assert state.steamer == 2 and ENGINE.view(state, None)["steamer"] == 3
    assert state.round.start == 0 and ENGINE.to_act(state) == (0,)
    roll = Chance(SEED, "roll/2")
    assert state.round.dice == tuple(sorted(roll.roll(6) for _ in range(6)))
    assert event["round"] == {"number": 2, "start": 0, "column": 3, "dice": [*state.round.dice]}


def test_the_game_ends_after_the_last_columns_round() -> None:
    state = tents(table(players=3, dice=(6,), steamer=9), (10, 6, 0))
    state, event = act(acts(state, "take 6 thalers"), "end")
    assert event["game_over"] and ENGINE.is_over(state)
    assert ENGINE.legal_moves(state, 0) == []
    result = ENGINE.result(state)
    assert result is not None and result["breakdown"][0]["tents"] == 6


# -- the four die actions --------------------------------------------------------------------


def test_thalers_as_many_as_the_pips() -> None:
    state, event = act(table(), "take 4 thalers")
    assert state.players[0].thalers == 7 and event["thalers"] == 4


def test_the_mine_keeps_gems_and_sets_gravel_aside() -> None:
    state = table()._replace(bag=(2, 0, 3, 0, 0))
    state, event = act(state, "take 5 mine")
    assert state.players[0].gems == (0, 3, 0)
    assert state.set_aside == (2, 0, 0, 0, 0) and state.bag == (0, 0, 0, 0, 0)
    assert event["drawn"] == {"black": 2, "blue": 3}


def test_the_white_stone_returns_every_set_aside_stone_to_the_bag() -> None:
    state = table()._replace(bag=(0, 0, 0, 0, 1), set_aside=(4, 1, 2, 0, 0))
    state, event = act(state, "take 1 mine")
    assert state.bag == (4, 1, 2, 0, 1) and state.set_aside == (0, 0, 0, 0, 0)
    assert event["returned"] == {"black": 4, "clear": 1, "blue": 2, "white": 1}


def test_a_gem_drawn_with_the_white_stone_and_sold_that_turn_goes_back_into_the_bag() -> None:
    state = table()._replace(bag=(0, 0, 1, 0, 1), set_aside=(3, 1, 0, 0, 0))
    state, event = act(state, "take 2 mine")
    assert event["drawn"] == {"blue": 1, "white": 1}
    assert state.bag == (3, 1, 0, 0, 1) and state.set_aside == (0, 0, 0, 0, 0)
    assert ENGINE.view(state, 1)["turn"]["sold_to_bag"] == {"blue": 1}
    state, event = act(state, "sell blue")
    assert event["to"] == "bag" and state.players[0].thalers == 3 + 3
    assert state.bag == (3, 1, 1, 0, 1) and state.set_aside == (0, 0, 0, 0, 0)
    assert ENGINE.render_event(event).endswith("sells a blue gem for 3 thalers, back into the bag")


def test_after_the_white_stone_every_gem_sold_that_turn_goes_back_into_the_bag() -> None:
    """The rules file's reading, the default: gems held from before and gems drawn later in the
    turn too; from the next turn on, sold gems are set aside again."""
    state = player(table()._replace(bag=(0, 0, 0, 0, 1)), 0, gems=(1, 0, 0))
    state = player(state, 0, hand=("draw-3-stones",))
    state = acts(state, "take 1 mine; sell clear")
    assert state.bag == (0, 1, 0, 0, 1) and state.set_aside == (0, 0, 0, 0, 0)
    state = state._replace(bag=(0, 0, 0, 2, 0))
    state, event = act(acts(state, "play draw-3-stones"), "sell red")
    assert event["to"] == "bag" and state.bag == (0, 0, 0, 1, 0)
    assert "white stone out: selling red 1" in ENGINE.render_view(ENGINE.view(state, None))
    for batch in ("end", "take 2 thalers; end", "take 3 thalers; end"):
        state = acts(state, batch)
    state, event = act(state, "sell red")
    assert event["to"] == "aside" and state.set_aside == (0, 0, 0, 1, 0)
    assert ENGINE.view(state, None)["turn"]["sold_to_bag"] == {}


def test_the_rulebooks_narrower_reading_returns_only_gems_drawn_with_the_white_stone() -> None:
    """Board `white_stone: drawn_with_it`: of equal gems, the ones drawn with the white stone
    are sold first."""
    board = {"white_stone": "drawn_with_it"}
    state = ENGINE.new(3, SEED, {"board": board})
    state = state._replace(
        round=state.round._replace(start=0, dice=(1, 2, 3, 4, 5, 6)),
        turn=Turn(0),
        bag=(0, 0, 1, 0, 1),
    )
    state = player(state, 0, gems=(1, 1, 0))
    state = acts(state, "take 2 mine")
    assert ENGINE.view(state, None)["turn"]["sold_to_bag"] == {"blue": 1}
    state, first = act(state, "sell blue")
    state, second = act(state, "sell blue")
    state, clear = act(state, "sell clear")
    assert [first["to"], second["to"], clear["to"]] == ["bag", "aside", "aside"]
    assert state.bag == (0, 0, 1, 0, 1) and state.set_aside == (0, 1, 1, 0, 0)


def test_a_mine_collapse_takes_the_gems_drawn_with_the_white_stone_with_it() -> None:
    state = ENGINE.new(3, SEED, {"board": {"white_stone": "drawn_with_it"}})
    state = state._replace(
        round=state.round._replace(start=0, dice=(1, 2, 3, 4, 5, 6)),
        turn=Turn(0, extra_dice=1),
        bag=(0, 0, 1, 0, 1),
        deck=("mine-collapse", "lion"),
    )
    state = acts(state, "take 2 mine; take 3 card")
    assert state.players[0].gems == (0, 0, 0)
    assert ENGINE.view(state, None)["turn"]["sold_to_bag"] == {}


def test_version_1_games_set_aside_gems_sold_after_the_white_stone() -> None:
    state = table()._replace(bag=(0, 0, 1, 0, 1), version=1)
    state, event = act(acts(state, "take 2 mine"), "sell blue")
    assert event["to"] == "aside"
    assert state.bag == (0, 0, 0, 0, 1) and state.set_aside == (0, 0, 1, 0, 0)


def test_an_empty_bag_stops_the_draw() -> None:
    state = table()._replace(bag=(0, 1, 0, 0, 0))
    state, event = act(state, "take 6 mine")
    assert state.players[0].gems == (1, 0, 0) and sum(state.bag) == 0
    assert event["drawn"] == {"clear": 1}


def test_a_card_is_drawn_secretly_whatever_the_pips() -> None:
    state = table()._replace(deck=("lion", "market"))
    state, event = act(state, "take 6 card")
    assert state.players[0].hand == ("lion",) and state.deck == ("market",)
    assert ENGINE.redact_event(event, 0)["card"] == "lion"
    assert "card" not in ENGINE.redact_event(event, 1)
    assert ENGINE.view(state, 1)["players"][0]["cards"] == 1
    assert "hand" not in ENGINE.view(state, 1)["players"][0]


def test_an_empty_draw_pile_is_refilled_from_the_played_cards() -> None:
    state = table()._replace(deck=(), played=("lion", "rhino"))
    state, event = act(state, "take 2 card")
    assert event["reshuffled"] and len(state.players[0].hand) == 1
    assert Counter(state.deck + state.players[0].hand) == Counter(["lion", "rhino"])
    assert state.played == ()


def test_no_card_action_when_no_card_is_left_anywhere() -> None:
    state = table()._replace(deck=(), played=())
    assert refused(state, "take 2 card") == "no_cards"


def test_a_drawn_mine_collapse_empties_everyones_gems_and_is_replaced() -> None:
    state = table()._replace(
        deck=("mine-collapse", "lion", "antelope"), played=("rhino",), bag=(29, 13, 9, 4, 1)
    )
    state = player(player(state, 0, gems=(1, 0, 1)), 2, gems=(1, 1, 0))
    state, event = act(state, "take 3 card")
    assert [p.gems for p in state.players] == [(0, 0, 0)] * 3
    assert state.bag == BAG
    assert event["collapses"] == 1
    assert event["lost"] == {"0": {"clear": 1, "red": 1}, "2": {"clear": 1, "blue": 1}}
    assert state.players[0].hand == ("lion",)
    assert state.deck[0] == "antelope"
    assert sorted(state.deck[1:]) == ["mine-collapse", "rhino"] and state.played == ()
    assert "card" not in ENGINE.redact_event(event, 1) and event["collapses"]


def test_a_mine_collapse_goes_under_the_cards_left_in_the_draw_pile() -> None:
    state = table()._replace(
        deck=("mine-collapse", "lion", "antelope", "rhino"), played=("market", "two-dice")
    )
    state, event = act(state, "take 3 card")
    assert state.players[0].hand == ("lion",) and state.played == ()
    assert state.deck[:2] == ("antelope", "rhino")
    assert Counter(state.deck[2:]) == Counter(["market", "two-dice", "mine-collapse"])
    assert event["collapses"] == 1 and event["new_stack"] == 3 and "reshuffled" not in event
    assert "shuffled into a stack of 3 cards under the deck" in ENGINE.render_event(event)


@pytest.mark.parametrize("step", range(8))
def test_a_collapse_on_an_empty_pile_is_replaced_from_the_played_cards_without_it(
    step: int,
) -> None:
    """The replacement comes from the played cards, shuffled into the empty pile as for any
    draw; the collapse then goes under what is left, so it strikes once and comes again last."""
    state = table()._replace(
        deck=("mine-collapse",), played=("lion", "rhino", "antelope"), step=step
    )
    state, event = act(state, "take 3 card")
    assert event["collapses"] == 1 and event["reshuffled"] and event["new_stack"] == 1
    (card,) = state.players[0].hand
    assert Counter([*state.deck[:2], card]) == Counter(["lion", "rhino", "antelope"])
    assert state.deck[2] == "mine-collapse" and state.played == ()


@pytest.mark.parametrize(
    ("step", "collapses", "deck", "hand"),
    [
        (0, 2, ("rhino", "antelope", "mine-collapse"), ("lion",)),
        (1, 1, ("mine-collapse", "lion", "rhino"), ("antelope",)),
    ],
)
def test_version_1_games_keep_shuffling_the_collapse_into_the_pile_it_is_replaced_from(
    step: int, collapses: int, deck: tuple[str, ...], hand: tuple[str, ...]
) -> None:
    """As version 1 played it: the collapse could be its own replacement and strike twice, or
    lie above the cards shuffled in with it."""
    state = table()._replace(
        deck=("mine-collapse",), played=("lion", "rhino", "antelope"), step=step, version=1
    )
    state, event = act(state, "take 3 card")
    assert event["collapses"] == collapses and "new_stack" not in event
    assert state.deck == deck and state.players[0].hand == hand and state.played == ()


@pytest.mark.parametrize("version", [1, 2, 3])
def test_a_collapse_with_nothing_else_to_draw_gives_no_card(version: int) -> None:
    state = table()._replace(deck=("mine-collapse",), played=(), version=version)
    state, event = act(state, "take 3 card")
    assert state.players[0].hand == () and state.deck == ("mine-collapse",)
    assert ENGINE.redact_event(event, 0)["card"] is None


def test_a_tent_goes_on_the_row_of_the_pips_in_the_steamers_column() -> None:
    state = table(steamer=2)
    state, event = act(player(state, 0, thalers=5), "take 5 tent")
    assert state.tents[2][4] == (0,)
    assert state.players[0].thalers == 3 and state.players[0].tents_left == 10
    assert event["column"] == 3 and event["row"] == 5 and event["cost"] == 2


def test_a_tent_pays_one_thaler_to_each_other_owner_on_the_field() -> None:
    state = tents(table(steamer=2), (3, 5, 1), (3, 5, 1), (3, 5, 2), (3, 5, 0))
    state, event = act(player(state, 0, thalers=10), "take 5 tent")
    assert [p.thalers for p in state.players] == [10 - 2 - 2, 4, 4]
    assert event["fees"] == [1, 2]


def test_a_tent_one_cannot_pay_cannot_be_taken() -> None:
    state = tents(table(steamer=2), (3, 5, 1), (3, 5, 2))
    state = player(state, 0, thalers=3)
    assert refused(state, "take 5 tent") == "cannot_pay"
    assert "take 5 thalers" in legal(state)


def test_with_three_players_a_player_out_of_tents_has_no_tent_action() -> None:
    state = player(table(steamer=2), 0, tents_left=0)
    assert refused(state, "take 5 tent") == "no_tents_left"


def test_two_players_out_of_tents_move_one_from_a_scored_column() -> None:
    state = tents(table(players=2, steamer=2), (1, 3, 0), (3, 1, 0))
    state = player(state, 0, tents_left=0, tent_points=3)
    assert refused(state, "take 4 tent") == "source_needed"
    assert refused(state, "take 4 tent from c3r1") == "not_your_scored_field"
    assert refused(state, "take 4 tent from c2r3") == "not_your_scored_field"
    assert {"take 4 tent from c1r3"} == {m for m in legal(state) if m.startswith("take 4 tent")}
    state, event = act(state, "take 4 tent from c1r3")
    assert state.tents[0][2] == () and state.tents[2][3] == (0,)
    assert state.players[0].tents_left == 0 and state.players[0].tent_points == 3
    assert state.players[0].thalers == 1 and event["from"] == [1, 3]
    assert refused(player(table(players=2), 0, thalers=9), "take 4 tent from c1r3") == "tents_left"


# -- free actions ----------------------------------------------------------------------------


def test_gems_sell_to_the_bank_and_are_set_aside() -> None:
    state = player(table(), 0, gems=(1, 1, 1), thalers=0)
    state = acts(state, "sell clear; sell blue; sell red")
    assert state.players[0].thalers == 1 + 3 + 5 and state.players[0].gems == (0, 0, 0)
    assert state.set_aside == (0, 1, 1, 1, 0)
    assert refused(state, "sell blue") == "no_such_gem"


def test_free_actions_come_before_and_after_the_die_in_ones_own_turn_only() -> None:
    state = player(table(), 0, gems=(0, 2, 0))
    assert refused(state, "sell blue", seat=1) == "not_your_turn"
    state = acts(state, "sell blue; take 6 thalers; sell blue; donate 5")
    assert state.players[0].thalers == 3 + 3 + 6 + 3 - 5
    assert ENGINE.to_act(state) == (0,)


def test_a_donation_is_secret_but_that_one_donated_is_not() -> None:
    state = table()
    assert refused(state, "donate 4") == "bad_amount"
    assert refused(state, "donate 0") == "bad_amount"
    assert {m for m in legal(state) if m.startswith("donate")} == {
        "donate 1",
        "donate 2",
        "donate 3",
    }
    state, event = act(state, "donate 2")
    assert state.players[0].donated == 2 and state.players[0].thalers == 1
    assert ENGINE.redact_event(event, 0)["amount"] == 2
    assert "amount" not in ENGINE.redact_event(event, 1)
    assert "amount" not in ENGINE.redact_event(event, None)
    seen = ENGINE.view(state, 1)["players"][0]
    assert seen["donations"] == 1 and "donated" not in seen and "thalers" not in seen
    assert ENGINE.view(state, 0)["players"][0]["donated"] == 2


# -- action cards ----------------------------------------------------------------------------


def test_no_cost_tent_makes_the_next_tent_free_of_cost_and_fees() -> None:
    state = tents(table(steamer=4), (5, 6, 1))
    state = player(state, 0, hand=("no-cost-tent", "two-dice"), thalers=0)
    state = acts(state, "play no-cost-tent; play two-dice; take 5 tent")
    assert state.tents[4][4] == (0,) and state.players[0].thalers == 0
    assert refused(state, "take 6 tent") == "cannot_pay"
    state = acts(player(state, 0, thalers=4), "take 6 tent")
    assert state.players[0].thalers == 0 and state.players[1].thalers == 4


def test_a_no_cost_tent_still_needs_a_die() -> None:
    state = player(table(), 0, hand=("no-cost-tent",))
    state = acts(state, "play no-cost-tent")
    assert state.turn is not None and state.turn.free_tents == 1
    assert refused(state, "end") == "die_first"


def test_two_dice_takes_a_second_higher_die_and_does_both_actions() -> None:
    state = player(table(dice=(1, 2, 4, 5)), 0, hand=("two-dice",))
    state = acts(state, "play two-dice; take 2 thalers")
    assert refused(state, "take 1 thalers") == "die_too_low"
    assert "take 4 mine" in legal(state) and "end" in legal(state)
    state = acts(state, "take 4 thalers")
    assert state.players[0].thalers == 3 + 2 + 4 and state.round.last_die[0] == 4
    assert refused(state, "take 5 thalers") == "die_already_taken"


def test_ignore_die_value_puts_a_tent_on_any_row() -> None:
    state = player(table(), 0, hand=("ignore-die-value",))
    assert refused(state, "take 2 tent row 6") == "row_is_the_die"
    state = acts(state, "play ignore-die-value")
    assert refused(state, "take 2 tent") == "row_needed"
    assert refused(state, "take 2 tent row 7") == "no_such_row"
    assert {f"take 2 tent row {row}" for row in range(1, 7)} <= legal(state)
    state = acts(state, "take 2 tent row 6")
    assert state.tents[0][5] == (0,) and state.players[0].thalers == 2


def test_ignore_die_value_combines_with_no_cost_tent() -> None:
    state = tents(table(steamer=9), (10, 1, 2))
    state = player(state, 0, hand=("ignore-die-value", "no-cost-tent"), thalers=0)
    state = acts(state, "play ignore-die-value; play no-cost-tent; take 6 tent row 1")
    assert state.tents[9][0] == (2, 0) and state.players[2].thalers == 3


def test_the_expedition_needs_both_halves_for_a_free_tent_on_any_row() -> None:
    state = player(table(steamer=9), 0, hand=("expedition",), thalers=0)
    assert refused(state, "play expedition") == "card_not_in_hand"
    state = player(state, 0, hand=("expedition", "expedition"))
    state = acts(state, "play expedition; take 3 tent row 6")
    assert state.tents[9][5] == (0,) and state.players[0].thalers == 0
    assert state.played == ("expedition", "expedition") and state.players[0].hand == ()


@pytest.mark.parametrize(("card", "points"), [("lion", 4), ("rhino", 3), ("antelope", 2)])
def test_animals_score_when_played(card: str, points: int) -> None:
    state, event = act(player(table(), 0, hand=(card,)), f"play {card}")
    assert state.players[0].animal_points == points and event["points"] == points
    assert ENGINE.view(state, 1)["players"][0]["points"] == points
    assert state.played == (card,)


def test_extra_tent_goes_free_and_without_a_die_beside_ones_scored_tent() -> None:
    state = tents(table(steamer=2), (1, 2, 0), (2, 5, 1), (3, 4, 0))
    state = player(state, 0, hand=("extra-tent",), thalers=0)
    assert refused(state, "play extra-tent") == "field_needed"
    assert refused(state, "play extra-tent c2r5") == "not_your_scored_field"
    assert refused(state, "play extra-tent c3r4") == "not_your_scored_field"
    assert {m for m in legal(state) if m.startswith("play")} == {"play extra-tent c1r2"}
    state, event = act(state, "play extra-tent c1r2")
    assert state.tents[0][1] == (0, 0) and state.players[0].tents_left == 8
    assert event["cost"] == 0 and state.turn is not None and state.turn.dice_taken == 0
    out = player(tents(table(steamer=2), (1, 2, 0)), 0, hand=("extra-tent",), tents_left=0)
    assert refused(out, "play extra-tent c1r2") == "no_tents_left"


def test_the_market_sells_gems_for_thalers_and_vp() -> None:
    state = player(table(), 0, gems=(1, 2, 1), hand=("market",), thalers=0)
    assert refused(state, "sell blue at market") == "market_closed"
    state = acts(
        state, "play market; sell clear at market; sell blue at market; sell red at market"
    )
    assert state.players[0].thalers == 1 + 2 + 3 and state.players[0].market_points == 6
    state = acts(state, "sell blue")
    assert state.players[0].thalers == 6 + 3 and state.players[0].market_points == 6
    assert state.set_aside == (0, 1, 2, 1, 0)


def test_steamer_back_puts_tents_in_the_previous_column_and_scores_it_once_more() -> None:
    state = tents(table(players=2, dice=(2, 5), steamer=4), (4, 5, 1), (5, 5, 1))
    state = player(state, 0, hand=("steamer-back",), thalers=10)
    assert refused(player(table(), 0, hand=("steamer-back",)), "play steamer-back") == (
        "steamer_at_start"
    )
    state, event = act(state, "play steamer-back")
    assert event["column"] == 4 and ENGINE.view(state, None)["steamer"] == 4
    state = acts(state, "take 5 tent; end")
    assert state.tents[3][4] == (1, 0) and state.players[0].thalers == 10 - 2 - 1
    state, event = act(acts(state, "take 2 thalers"), "end")
    assert event["scored"] == {"column": 4, "points": [5, 5]}
    assert state.steamer == 4 and ENGINE.view(state, None)["steamer"] == 5
    assert not state.round.steamer_back and state.round.number == 2


def test_steamer_back_in_the_last_round_adds_a_round() -> None:
    state = player(table(players=2, dice=(6,), steamer=9), 0, hand=("steamer-back",) * 2)
    state = acts(state, "play steamer-back; take 6 thalers")
    assert refused(state, "play steamer-back") == "steamer_already_back"
    state, event = act(state, "end")
    assert event["scored"]["column"] == 9 and not ENGINE.is_over(state)
    assert ENGINE.view(state, None)["steamer"] == 10


def test_the_steamer_goes_back_to_a_column_as_often_as_the_board_allows_so_games_end() -> None:
    state = player(table(dice=(6,), steamer=9), 0, hand=("steamer-back",))
    assert ENGINE.configure(3)["board"]["revisits"] == 1
    back_once = acts(state._replace(revisited=(7,)), "play steamer-back")
    assert back_once.revisited == (7, 8) and back_once.column == 8
    been_back = state._replace(revisited=(8,))
    assert refused(been_back, "play steamer-back") == "column_revisited"
    assert "play steamer-back" not in legal(been_back)
    twice = been_back._replace(rules=dataclasses.replace(state.rules, revisits=2))
    assert "play steamer-back" in legal(twice)
    never = state._replace(rules=dataclasses.replace(state.rules, revisits=0))
    assert refused(never, "play steamer-back") == "column_revisited"


def test_draw_three_stones_and_take_four_thalers() -> None:
    state = table()._replace(bag=(0, 0, 5, 0, 0))
    state = player(state, 0, hand=("draw-3-stones", "take-4-thalers"))
    state = acts(state, "play draw-3-stones; play take-4-thalers")
    assert state.players[0].gems == (0, 3, 0) and state.players[0].thalers == 7


def test_a_mine_collapse_is_never_played() -> None:
    state = player(table(), 0, hand=("mine-collapse",))
    assert refused(state, "play mine-collapse") == "not_playable"


def test_cards_not_in_hand_cannot_be_played() -> None:
    assert refused(table(), "play lion") == "card_not_in_hand"
    state = player(table(), 0, hand=("lion",))
    assert refused(state, "play lion c1r1") == "no_field_needed"


# -- final scoring ---------------------------------------------------------------------------


def test_the_rulebooks_majority_example() -> None:
    """Row 2: red 3 tents, blue and yellow 2 each: red scores 10; with one tent less for red,
    all three tie and score 10 // 3 = 3 each."""
    red, blue, yellow = 0, 1, 2
    placed = [(1, 2, red), (4, 2, red), (7, 2, red), (2, 2, blue), (3, 2, blue)]
    placed += [(5, 2, yellow), (5, 2, yellow)]
    state = finished(tents(table(), *placed))
    result = ENGINE.result(state)
    assert result is not None
    assert [part["majorities"] for part in result["breakdown"]] == [10, 0, 0]
    state = finished(tents(table(), *placed[1:]))
    result = ENGINE.result(state)
    assert result is not None
    assert [part["majorities"] for part in result["breakdown"]] == [3, 3, 3]


def test_each_row_majority_is_scored_and_empty_rows_score_nothing() -> None:
    state = finished(tents(table(), (1, 1, 0), (2, 6, 1), (3, 6, 1), (4, 6, 0)))
    result = ENGINE.result(state)
    assert result is not None
    assert [part["majorities"] for part in result["breakdown"]] == [12, 2, 0]


def test_gems_and_unplayed_animals_score_at_the_end() -> None:
    state = player(table(), 0, gems=(1, 2, 1), hand=("lion", "market", "rhino"), tent_points=5)
    state = finished(player(state, 0, animal_points=2, market_points=3))
    result = ENGINE.result(state)
    assert result is not None
    part = result["breakdown"][0]
    assert (part["gems"], part["animals_in_hand"], part["total"]) == (4, 7, 5 + 2 + 3 + 4 + 7)
    assert result["scores"][0] == part["total"]


def scored(players: int, points: list[int], donated: list[int]) -> State:
    state = table(players=players)
    for seat, (vp, gift) in enumerate(zip(points, donated, strict=True)):
        state = player(state, seat, tent_points=vp, donated=gift)
    return state


def test_the_lowest_donor_cannot_win() -> None:
    result = ENGINE.result(finished(scored(3, [30, 20, 10], [1, 5, 9])))
    assert result is not None
    assert result["winners"] == [1] and result["excluded"] == [0]
    assert result["breakdown"][0]["excluded"] and result["donations"] == [1, 5, 9]


def test_all_lowest_donors_are_excluded() -> None:
    result = ENGINE.result(finished(scored(4, [30, 25, 20, 10], [2, 2, 9, 9])))
    assert result is not None
    assert result["winners"] == [2] and result["excluded"] == [0, 1]


def test_a_tie_goes_to_the_higher_donation_then_is_shared() -> None:
    result = ENGINE.result(finished(scored(4, [20, 20, 20, 5], [1, 6, 8, 8])))
    assert result is not None and result["winners"] == [2]
    result = ENGINE.result(finished(scored(4, [20, 20, 20, 5], [1, 8, 8, 8])))
    assert result is not None and result["winners"] == [1, 2]


def two_player_end(donated: list[int]) -> tuple[State, int]:
    """A two-player game played to its end, with the threshold the seed rolls."""
    state = player(scored(2, [20, 10], donated), 1, hand=("lion",))
    state = state._replace(steamer=9, round=state.round._replace(dice=(6,)))
    state, _ = act(acts(state, "take 6 thalers"), "end")
    chance = Chance(SEED, "donation-threshold")
    threshold = sum(chance.roll(6) for _ in range(4))
    return state, threshold


def test_two_players_below_the_thrown_threshold_cannot_win() -> None:
    _, threshold = two_player_end([0, 0])
    state, _ = two_player_end([threshold - 1, threshold])
    result = ENGINE.result(state)
    assert result is not None
    assert result["donation_threshold"] == threshold
    assert result["excluded"] == [0] and result["winners"] == [1]


def test_both_players_may_fall_below_the_threshold() -> None:
    """By the rulebook nobody then wins ("both may lose")."""
    _, threshold = two_player_end([0, 0])
    state, _ = two_player_end([threshold - 1, threshold - 1])
    result = ENGINE.result(state)
    assert result is not None
    assert result["excluded"] == [0, 1] and result["everyone_excluded"]
    assert result["winners"] == []
    assert "nobody wins" in ENGINE.render_view(ENGINE.view(state, None))


def test_three_players_who_all_gave_the_same_are_all_lowest() -> None:
    result = ENGINE.result(finished(scored(3, [10, 30, 20], [4, 4, 4])))
    assert result is not None
    assert result["excluded"] == [0, 1, 2] and result["everyone_excluded"]
    assert result["winners"] == []


# -- resigning -------------------------------------------------------------------------------


def test_with_two_players_resigning_ends_the_game_for_the_other() -> None:
    state = table(players=2)
    state = ENGINE.apply(state, 1, dict(RESIGN))
    result = ENGINE.result(state)
    assert result is not None and result["winners"] == [0]
    assert result["ended_by"] == "resignation" and result["excluded"] == []


def test_a_resigned_player_is_skipped_and_cannot_win() -> None:
    state = table(players=3, dice=(1, 2, 3, 4, 5, 6))
    state = ENGINE.apply(state, 1, dict(RESIGN))
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply(state, 1, dict(RESIGN))
    assert error.value.code == "already_resigned"
    state = acts(state, "take 1 thalers; end")
    assert ENGINE.to_act(state) == (2,)
    state, event = ENGINE.transition(state, 2, dict(RESIGN))
    result = ENGINE.result(state)
    assert event["game_over"] and result is not None and result["winners"] == [0]


def test_the_player_to_move_resigning_passes_the_turn() -> None:
    state = acts(table(players=4, dice=(1, 2, 3, 4, 5, 6, 6, 6)), "take 1 thalers")
    state, event = ENGINE.transition(state, 0, dict(RESIGN))
    assert ENGINE.to_act(state) == (1,) and event["next"] == 1
    state = ENGINE.apply(state, 2, dict(RESIGN))
    assert ENGINE.to_act(state) == (1,)
    state = acts(state, "take 2 thalers; end")
    assert ENGINE.to_act(state) == (3,)


def test_a_resigned_start_player_is_passed_over() -> None:
    state = table(players=3, dice=(6,), seat=0)
    state = ENGINE.apply(state, 1, dict(RESIGN))
    state, event = act(acts(state, "take 6 thalers"), "end")
    assert event["round"]["start"] == 2
