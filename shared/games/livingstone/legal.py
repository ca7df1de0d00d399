"""Every legal step of the seat whose turn it is, in canonical JSON.

Free actions are finite by construction (each donation, sale or card play uses up money, a gem
or a card) and `end` is open once a die is used, so a random legal playout always ends.

Bots and playouts list the legal steps on every step, so the plain ones (a die for cards,
thalers or stones; a donation) come from tables built once: the dicts are shared, so callers
treat them as read-only (as Lost Cities' moves).
"""

from __future__ import annotations

from shared.engine import Move
from shared.games.livingstone.cards import can_draw, cards_needed, steamer_back_refusal
from shared.games.livingstone.data import EXTRA_TENT, GEMS, MINE_COLLAPSE, STEAMER_BACK
from shared.games.livingstone.moves import (
    donate_move,
    end_move,
    play_move,
    sell_move,
    take_move,
)
from shared.games.livingstone.state import Field, State, Turn
from shared.games.livingstone.tents import scored_fields, tent_price

_PLAIN_USES = ("card", "thalers", "mine")
_PLAIN_TAKES = {(die, use): take_move(die, use) for die in range(1, 7) for use in _PLAIN_USES}
_DONATIONS = tuple(donate_move(amount) for amount in range(1, 101))
"""`_DONATIONS[amount - 1]`; larger gifts, rare, are built when asked."""


def legal_moves(state: State, seat: int) -> list[Move]:
    turn = state.turn
    if turn is None or turn.seat != seat:
        return []
    moves = _takes(state, seat, turn)
    if turn.dice_taken:
        moves.append(end_move())
    player = state.players[seat]
    for gem, held in zip(GEMS, player.gems, strict=True):
        if held:
            moves.append(sell_move(gem))
            if turn.market_open:
                moves.append(sell_move(gem, market=True))
    moves.extend(_DONATIONS[: player.thalers])
    moves.extend(donate_move(amount) for amount in range(len(_DONATIONS) + 1, player.thalers + 1))
    if player.hand:
        moves.extend(_plays(state, seat))
    return moves


def _takes(state: State, seat: int, turn: Turn) -> list[Move]:
    if not turn.may_take:
        return []
    last = state.round.last_die[seat]
    pips = sorted({die for die in state.round.dice if die > last})
    if not pips:
        return []
    uses = _PLAIN_USES if can_draw(state) else _PLAIN_USES[1:]
    sources = _tent_sources(state, seat)
    moves: list[Move] = []
    for die in pips:
        moves.extend(_PLAIN_TAKES[die, use] for use in uses)
        if not sources:
            continue
        rows = range(1, len(state.rules.row_points) + 1) if turn.any_row_tents else (die,)
        for row in rows:
            if tent_price(state, seat, (state.column, row), turn.free_tents > 0) > (
                state.players[seat].thalers
            ):
                continue
            named_row = row if turn.any_row_tents else None
            moves.extend(take_move(die, "tent", named_row, source) for source in sources)
    return moves


def _tent_sources(state: State, seat: int) -> list[Field | None]:
    """Where the player's next tent comes from: the supply (None), or with two players and an
    empty supply, any of its tents in a scored column; empty if it has no tent to place."""
    if state.players[seat].tents_left:
        return [None]
    if len(state.players) == 2:
        return list(dict.fromkeys(scored_fields(state, seat)))
    return []


def _plays(state: State, seat: int) -> list[Move]:
    player = state.players[seat]
    moves: list[Move] = []
    for card in dict.fromkeys(player.hand):
        if card == MINE_COLLAPSE or player.hand.count(card) < cards_needed(card):
            continue
        if card == EXTRA_TENT:
            if player.tents_left:
                fields = dict.fromkeys(scored_fields(state, seat))
                moves.extend(play_move(card, field) for field in fields)
        elif card != STEAMER_BACK or steamer_back_refusal(state) is None:
            moves.append(play_move(card))
    return moves
