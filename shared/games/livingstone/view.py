"""What one seat may know: the one place that decides visibility.

Hidden from the others while the game runs: a player's thalers, donation total and hand (its
size is public, and so is how often the player donated). Hidden from all: the order of the deck.
Everything else is on the table. At the end the chests are opened and hands shown.
"""

from __future__ import annotations

from shared.games.livingstone.result import result
from shared.games.livingstone.shapes import Player, View
from shared.games.livingstone.state import Player as Holder
from shared.games.livingstone.state import State
from shared.games.livingstone.stones import counted, returning_gems


def _player(player: Holder, seat: int, shown: bool) -> Player:
    public: Player = {
        "seat": seat,
        "points": player.points,
        "gems": counted([0, *player.gems, 0]),
        "tents_left": player.tents_left,
        "cards": len(player.hand),
        "donations": player.donations,
        "resigned": player.resigned,
    }
    if shown:
        public["thalers"] = player.thalers
        public["donated"] = player.donated
        public["hand"] = [*player.hand]
    return public


def view(state: State, seat: int | None) -> View:
    over = state.over
    rules = state.rules
    turn = state.turn
    return {
        "you": seat,
        "round": state.round.number,
        "columns": rules.columns,
        "costs": [*rules.costs],
        "row_points": [*rules.row_points],
        "majority": [*rules.majority],
        "steamer": None if over else state.column + 1,
        "steamer_back": state.round.steamer_back,
        "tents": [[[*owners] for owners in column] for column in state.tents],
        "start_player": state.round.start,
        "dice": [*state.round.dice],
        "taken": [[taker, pips] for taker, pips in state.round.taken],
        "turn": None
        if turn is None
        else {
            "seat": turn.seat,
            "dice_taken": turn.dice_taken,
            "extra_dice": turn.extra_dice,
            "free_tents": turn.free_tents,
            "any_row_tents": turn.any_row_tents,
            "market_open": turn.market_open,
            "sold_to_bag": counted([0, *returning_gems(state), 0]),
        },
        "bag": sum(state.bag),
        "set_aside": counted(state.set_aside),
        "deck": len(state.deck),
        "played": [*state.played],
        "players": [
            _player(player, index, over or index == seat)
            for index, player in enumerate(state.players)
        ],
        "result": result(state),
    }
