"""The typed move (`Action`) and its JSON, and the table of every move there can be.

A turn is one compound move: play or discard a card, then draw from the deck or a discard pile.
With at most 72 cards, 2 actions and 7 draw sources there are only 1008 moves, so each is built
once here as its JSON dict, and `legal_moves` hands out these shared dicts (by colour mask of the
piles one may draw from) instead of building fresh ones on every turn. Callers must treat moves
from `legal_moves` as read-only; `parse_move` returns a fresh copy.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, NamedTuple

from shared.engine import JSON, RESIGN, IllegalMove, Move, require_mapping
from shared.games.lost_cities.cards import (
    ALL_CODES,
    CARD_ID,
    COLOUR_OF,
    COLOURS,
    code_of,
    colour_index,
)
from shared.words import LATER

PLAY: Final = "play"
DISCARD: Final = "discard"
DECK: Final = -1
"""The draw source meaning the draw pile; discard piles are named by their colour index."""
DECK_WORD: Final = "deck"
RESIGN_TEXT: Final[str] = RESIGN["action"]
MOVE_KEYS: Final = frozenset(("action", "card", "draw"))


class Action(NamedTuple):
    """A move as the rules read it."""

    play: bool
    card: int
    source: int


def source_text(source: int) -> str:
    return DECK_WORD if source == DECK else COLOURS[source]


def _move(action: Action) -> Move:
    return {
        "action": PLAY if action.play else DISCARD,
        "card": CARD_ID[action.card],
        "draw": source_text(action.source),
    }


_SOURCES: Final = (DECK, *range(len(COLOURS)))
_MOVE_OF: Final[dict[Action, Move]] = {
    action: _move(action)
    for action in (
        Action(play, card, source)
        for play in (True, False)
        for card in ALL_CODES
        for source in _SOURCES
    )
}
_ACTION_OF: Final[dict[tuple[str, str, str], Action]] = {
    (move["action"], move["card"], move["draw"]): action for action, move in _MOVE_OF.items()
}
_SHARED_ACTION: Final[dict[int, Action]] = {id(move): action for action, move in _MOVE_OF.items()}


def _choices(play: bool, card: int, piles: int) -> tuple[Move, ...]:
    """The moves with this card and action for a set of drawable piles (bit i: colour i)."""
    if not play:
        piles &= ~(1 << COLOUR_OF[card])  # never the card just discarded
    sources = [DECK, *(colour for colour in range(len(COLOURS)) if piles >> colour & 1)]
    return tuple(_MOVE_OF[Action(play, card, source)] for source in sources)


_PILE_SETS: Final = range(1 << len(COLOURS))
DISCARDS: Final[tuple[tuple[tuple[Move, ...], ...], ...]] = tuple(
    tuple(_choices(False, card, piles) for card in ALL_CODES) for piles in _PILE_SETS
)
"""`DISCARDS[piles][card]`: the moves discarding `card` when one may draw from the deck or the
discard piles in the bit mask `piles`."""
PLAYS_OR_DISCARDS: Final[tuple[tuple[tuple[Move, ...], ...], ...]] = tuple(
    tuple(_choices(True, card, piles) + DISCARDS[piles][card] for card in ALL_CODES)
    for piles in _PILE_SETS
)
"""`PLAYS_OR_DISCARDS[piles][card]`: the same, and also playing `card` first."""


def canonical_action(move: JSON) -> Action | None:
    """The action of a move exactly as `legal_moves` and `parse_move` write it, else None: the
    one-lookup path that replays and playouts take. A move that is one of the shared dicts
    `legal_moves` hands out (read-only, alive as long as the module) is known by its identity,
    which is all a playout or a bot sends; any other dict by its content."""
    shared = _SHARED_ACTION.get(id(move))
    if shared is not None:
        return shared
    try:
        if len(move) == 3:
            return _ACTION_OF[move["action"], move["card"], move["draw"]]
    except (KeyError, TypeError):
        pass
    return None


def decode(move: JSON) -> Action | None:
    """The action a JSON move asks for, None for resigning; `bad_move` says what is malformed.
    Other spellings than the canonical one (`r7`, `Deck`, `green`) are accepted too."""
    known = canonical_action(move)
    if known is not None:
        return known
    fields = require_mapping(move)
    action = fields.get("action")
    if isinstance(action, str) and action.strip().lower() == RESIGN_TEXT:
        if len(fields) != 1:
            raise IllegalMove("bad_move", LATER.gettext('resigning is just {"action": "resign"}'))
        return None
    return _decode_loosely(fields)


def _decode_loosely(move: Mapping[str, JSON]) -> Action:
    if set(move) != MOVE_KEYS:
        raise IllegalMove(
            "bad_move",
            LATER.gettext(
                'a move is {"action": "play" or "discard", "card": "R7", "draw": "deck" or a '
                'colour letter}, or {"action": "resign"}'
            ),
        )
    action, card, draw = move["action"], move["card"], move["draw"]
    if not isinstance(action, str) or action.strip().lower() not in (PLAY, DISCARD):
        raise IllegalMove(
            "bad_move",
            LATER.gettext(
                "the action is 'play', 'discard' or 'resign', not %(action)s", action=repr(action)
            ),
        )
    code = code_of(card) if isinstance(card, str) else None
    if code is None:
        raise IllegalMove(
            "bad_move",
            LATER.gettext("%(card)s is not a card id such as R7, R10 or Bw2", card=repr(card)),
        )
    source = source_of(draw) if isinstance(draw, str) else None
    if source is None:
        raise IllegalMove(
            "bad_move",
            LATER.gettext(
                "draw from 'deck' or a discard pile's colour letter, not %(draw)s",
                draw=repr(draw),
            ),
        )
    return Action(action.strip().lower() == PLAY, code, source)


def source_of(word: str) -> int | None:
    """A draw source as typed: `deck`, or a discard pile by its colour's letter or name."""
    if word.strip().lower() == DECK_WORD:
        return DECK
    return colour_index(word)


def encode(action: Action) -> Move:
    """The canonical JSON of an action (a fresh dict the caller may keep)."""
    return dict(_MOVE_OF[action])
