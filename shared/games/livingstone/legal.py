"""Every legal step of the seat whose turn it is, in canonical JSON.

Free actions are finite by construction (each donation, sale or card play uses up money, a gem
or a card) and `end` is open once a die is used, so a random legal playout always ends.
"""

from __future__ import annotations

from shared.engine import Move
from shared.games.livingstone.cards import can_draw, cards_needed
from shared.games.livingstone.data import EXTRA_TENT, GEMS, MINE_COLLAPSE, STEAMER_BACK
from shared.games.livingstone.moves import Donate, End, Play, Sell, Take, encode
from shared.games.livingstone.state import Field, LivingstoneState, Turn
from shared.games.livingstone.tents import scored_fields, tent_price


def legal_moves(state: LivingstoneState, seat: int) -> list[Move]:
    turn = state.turn
    if turn is None or turn.seat != seat:
        return []
    moves = _takes(state, seat, turn)
    if turn.dice_taken:
        moves.append(encode(End()))
    player = state.players[seat]
    for gem, held in zip(GEMS, player.gems, strict=True):
        if held:
            moves.append(encode(Sell(gem)))
            if turn.market_open:
                moves.append(encode(Sell(gem, market=True)))
    moves.extend(encode(Donate(amount)) for amount in range(1, player.thalers + 1))
    moves.extend(_plays(state, seat))
    return moves


def _takes(state: LivingstoneState, seat: int, turn: Turn) -> list[Move]:
    if not turn.may_take:
        return []
    last = state.round.last_die[seat]
    pips = sorted({die for die in state.round.dice if die > last})
    if not pips:
        return []
    uses = ["card", "thalers", "mine"] if can_draw(state) else ["thalers", "mine"]
    tents = _tent_options(state, seat, turn)
    moves: list[Move] = []
    for die in pips:
        moves.extend(encode(Take(die, use)) for use in uses)
        moves.extend(
            encode(Take(die, "tent", row if turn.any_row_tents else None, source))
            for row, source in tents
            if turn.any_row_tents or row == die
        )
    return moves


def _tent_options(state: LivingstoneState, seat: int, turn: Turn) -> list[tuple[int, Field | None]]:
    """(row, tent picked up) pairs the player can afford in the steamer's column."""
    player = state.players[seat]
    if player.tents_left:
        sources: list[Field | None] = [None]
    elif len(state.players) == 2:
        sources = list(dict.fromkeys(scored_fields(state, seat)))
    else:
        return []
    free = turn.free_tents > 0
    rows = range(1, len(state.board.row_points) + 1)
    affordable = [
        row for row in rows if tent_price(state, seat, (state.column, row), free) <= player.thalers
    ]
    return [(row, source) for row in affordable for source in sources]


def _plays(state: LivingstoneState, seat: int) -> list[Move]:
    player = state.players[seat]
    moves: list[Move] = []
    for card in dict.fromkeys(player.hand):
        if card == MINE_COLLAPSE or player.hand.count(card) < cards_needed(card):
            continue
        if card == EXTRA_TENT:
            if player.tents_left:
                fields = dict.fromkeys(scored_fields(state, seat))
                moves.extend(encode(Play(card, field)) for field in fields)
        elif card != STEAMER_BACK or (not state.round.steamer_back and state.steamer > 0):
            moves.append(encode(Play(card)))
    return moves
