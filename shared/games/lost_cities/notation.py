"""Moves as JSON and as text, and the table of every move there can be.

A turn is one compound move: play or discard a card, then draw from the deck or a discard pile.
With at most 72 cards, 2 actions and 7 draw sources there are only 1008 moves, so each is built
once here as its JSON dict, and `legal_moves` hands out these shared dicts (by colour mask of the
piles one may draw from) instead of building fresh ones on every turn. Callers must treat moves
from `legal_moves` as read-only; `parse_move` returns a fresh copy.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NamedTuple

from shared.engine import JSON, RESIGN, IllegalMove, Move, require_mapping
from shared.games.lost_cities.cards import (
    ALL_CODES,
    CARD_ID,
    COLOUR_OF,
    COLOURS,
    code_of,
    colour_index,
)

PLAY = "play"
DISCARD = "discard"
DECK = -1
"""The draw source meaning the draw pile; discard piles are named by their colour index."""
DECK_WORD = "deck"
RESIGN_TEXT: str = RESIGN["action"]
MOVE_KEYS = frozenset(("action", "card", "draw"))


class Turn(NamedTuple):
    """A move as the rules read it."""

    play: bool
    card: int
    source: int


def source_text(source: int) -> str:
    return DECK_WORD if source == DECK else COLOURS[source]


def _move(turn: Turn) -> Move:
    return {
        "action": PLAY if turn.play else DISCARD,
        "card": CARD_ID[turn.card],
        "draw": source_text(turn.source),
    }


_SOURCES = (DECK, *range(len(COLOURS)))
_MOVE_OF: dict[Turn, Move] = {
    turn: _move(turn)
    for turn in (
        Turn(play, card, source)
        for play in (True, False)
        for card in ALL_CODES
        for source in _SOURCES
    )
}
_TURN_OF: dict[tuple[str, str, str], Turn] = {
    (move["action"], move["card"], move["draw"]): turn for turn, move in _MOVE_OF.items()
}
_SHARED_TURN: dict[int, Turn] = {id(move): turn for turn, move in _MOVE_OF.items()}


def _choices(play: bool, card: int, piles: int) -> tuple[Move, ...]:
    """The moves with this card and action for a set of drawable piles (bit i: colour i)."""
    if not play:
        piles &= ~(1 << COLOUR_OF[card])  # never the card just discarded
    sources = [DECK, *(colour for colour in range(len(COLOURS)) if piles >> colour & 1)]
    return tuple(_MOVE_OF[Turn(play, card, source)] for source in sources)


_PILE_SETS = range(1 << len(COLOURS))
DISCARDS: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(_choices(False, card, piles) for card in ALL_CODES) for piles in _PILE_SETS
)
"""`DISCARDS[piles][card]`: the moves discarding `card` when one may draw from the deck or the
discard piles in the bit mask `piles`."""
PLAYS_OR_DISCARDS: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(_choices(True, card, piles) + DISCARDS[piles][card] for card in ALL_CODES)
    for piles in _PILE_SETS
)
"""`PLAYS_OR_DISCARDS[piles][card]`: the same, and also playing `card` first."""


def canonical_turn(move: JSON) -> Turn | None:
    """The turn of a move exactly as `legal_moves` and `parse_move` write it, else None: the
    one-lookup path that replays and playouts take. A move that is one of the shared dicts
    `legal_moves` hands out (read-only, alive as long as the module) is known by its identity,
    which is all a playout or a bot sends; any other dict by its content."""
    shared = _SHARED_TURN.get(id(move))
    if shared is not None:
        return shared
    try:
        if len(move) == 3:
            return _TURN_OF[move["action"], move["card"], move["draw"]]
    except (KeyError, TypeError):
        pass
    return None


def read(move: JSON) -> Turn | None:
    """The turn a JSON move asks for, None for resigning; `bad_move` says what is malformed.
    Other spellings than the canonical one (`r7`, `Deck`, `green`) are accepted too."""
    turn = canonical_turn(move)
    if turn is not None:
        return turn
    fields = require_mapping(move)
    action = fields.get("action")
    if isinstance(action, str) and action.strip().lower() == RESIGN_TEXT:
        if len(fields) != 1:
            raise IllegalMove("bad_move", 'resigning is just {"action": "resign"}')
        return None
    return _decode_loosely(fields)


def _decode_loosely(move: Mapping[str, JSON]) -> Turn:
    if set(move) != MOVE_KEYS:
        raise IllegalMove(
            "bad_move",
            'a move is {"action": "play" or "discard", "card": "R7", "draw": "deck" or a '
            'colour letter}, or {"action": "resign"}',
        )
    action, card, draw = move["action"], move["card"], move["draw"]
    if not isinstance(action, str) or action.strip().lower() not in (PLAY, DISCARD):
        raise IllegalMove(
            "bad_move", f"the action is 'play', 'discard' or 'resign', not {action!r}"
        )
    code = code_of(card) if isinstance(card, str) else None
    if code is None:
        raise IllegalMove("bad_move", f"{card!r} is not a card id such as R7, R10 or Bw2")
    source = _source_of(draw) if isinstance(draw, str) else None
    if source is None:
        raise IllegalMove(
            "bad_move", f"draw from 'deck' or a discard pile's colour letter, not {draw!r}"
        )
    return Turn(action.strip().lower() == PLAY, code, source)


def _source_of(word: str) -> int | None:
    if word.strip().lower() == DECK_WORD:
        return DECK
    return colour_index(word)


def move_of(turn: Turn) -> Move:
    """The canonical JSON of a turn (a fresh dict the caller may keep)."""
    return dict(_MOVE_OF[turn])


def format_turn(turn: Turn) -> str:
    action = PLAY if turn.play else DISCARD
    return f"{action} {CARD_ID[turn.card]} draw {source_text(turn.source)}"


_NOTATION = re.compile(
    r"\s*(?P<action>play|discard)\s*(?P<card>[a-z]\s*(?:w\s*[1-3]|10|[2-9]))"
    r"\s*(?:(?:draw|from)\s*)?(?P<source>[a-z]+)\s*",
    re.IGNORECASE,
)


def parse(text: str) -> Move:
    """`play R7 draw deck`, `discard Bw2 draw G` (any case and spacing; `draw` may be left out,
    a pile may be named by its colour), or `resign`."""
    if not isinstance(text, str):
        raise IllegalMove("bad_notation", "a move in text is a string such as 'play R7 draw deck'")
    if text.strip().lower() == RESIGN_TEXT:
        return dict(RESIGN)
    match = _NOTATION.fullmatch(text)
    code = code_of(match["card"]) if match else None
    source = _source_of(match["source"]) if match else None
    if match is None or code is None or source is None:
        raise IllegalMove(
            "bad_notation",
            f"cannot read {text.strip()!r}: write e.g. 'play R7 draw deck', 'discard Bw2 draw G' "
            "or 'resign'",
        )
    return move_of(Turn(match["action"].lower() == PLAY, code, source))
