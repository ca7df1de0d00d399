"""The typed move (`Action`) and its JSON, checked once at the door.

A turn is several steps (sell, take a die and act, donate, play cards, end), each one move. Any
JSON value may arrive; `decode` turns a well-formed one into a typed action (None: resigning) or
raises IllegalMove, so the rules never meet a malformed move. `encode` is its inverse and the
only way moves are built, which keeps `legal_moves`, `parse_move` and the log in one canonical
form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from shared.engine import JSON, RESIGN, IllegalMove, Move, require_mapping
from shared.games.livingstone.data import CARDS, GEMS
from shared.games.livingstone.state import Field
from shared.words import LATER, Sentence

USES = ("card", "thalers", "mine", "tent")
"""What a taken die is used for: the four die actions."""


class Take(NamedTuple):
    die: int
    use: str
    row: int | None = None
    """Only with Ignore Die Value or Expedition pending: the row chosen instead of the pips."""
    source: Field | None = None
    """Only for two players out of tents: the tent picked up to be placed again."""


class Sell(NamedTuple):
    gem: str
    market: bool = False


class Donate(NamedTuple):
    amount: int


class Play(NamedTuple):
    card: str
    at: Field | None = None
    """Only for Extra Tent: the field of the new tent."""


class End(NamedTuple):
    pass


Action = Take | Sell | Donate | Play | End

_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "take": (frozenset({"die", "use"}), frozenset({"row", "from"})),
    "sell": (frozenset({"gem"}), frozenset({"market"})),
    "donate": (frozenset({"amount"}), frozenset()),
    "play": (frozenset({"card"}), frozenset({"at"})),
    "end": (frozenset(), frozenset()),
    "resign": (frozenset(), frozenset()),
}


def _bad(message: Sentence) -> IllegalMove:
    return IllegalMove("bad_move", message)


def _whole(value: JSON, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(
            LATER.gettext("%(what)s is a whole number, not %(value)s", what=what, value=repr(value))
        )
    return value


def _field(value: JSON, what: str) -> Field:
    """[column, row] as people number them (both from 1) → (0-based column, row)."""
    if not isinstance(value, list) or len(value) != 2:
        raise _bad(LATER.gettext("%(what)s is a field [column, row], such as [3, 2]", what=what))
    column, row = (_whole(number, what) for number in value)
    return column - 1, row


def _one_of(value: JSON, choices: tuple[str, ...], what: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise _bad(
            LATER.gettext(
                "%(what)s is one of %(value)s, not %(value2)s",
                what=what,
                value=", ".join(choices),
                value2=repr(value),
            )
        )
    return value


def decode(move: JSON) -> Action | None:
    """The action a JSON move asks for, None for resigning; IllegalMove('bad_move') if it is not
    a step at all."""
    fields = require_mapping(move)
    action = fields.get("action")
    if not isinstance(action, str) or action not in _FIELDS:
        raise _bad(
            LATER.gettext(
                "the action is one of %(value)s, not %(action)s",
                value=", ".join(_FIELDS),
                action=repr(action),
            )
        )
    required, optional = _FIELDS[action]
    given = fields.keys() - {"action"}
    if not required <= given <= required | optional:
        if missing := sorted(required - given):
            raise _bad(
                LATER.gettext("%(action)s needs %(value)s", action=action, value=", ".join(missing))
            )
        raise _bad(
            LATER.gettext(
                "%(action)s takes no %(value)s",
                action=action,
                value=", ".join(sorted(given - required - optional)),
            )
        )
    return _DECODERS[action](fields)


def _take(fields: Mapping[str, JSON]) -> Take:
    row = fields.get("row")
    source = fields.get("from")
    return Take(
        die=_whole(fields["die"], "a die"),
        use=_one_of(fields["use"], USES, "a die's use"),
        row=None if row is None else _whole(row, "a row"),
        source=None if source is None else _field(source, "from"),
    )


def _sell(fields: Mapping[str, JSON]) -> Sell:
    market = fields.get("market", False)
    if not isinstance(market, bool):
        raise _bad(LATER.gettext("market is true or false, not %(market)s", market=repr(market)))
    return Sell(_one_of(fields["gem"], GEMS, "a gem"), market)


def _play(fields: Mapping[str, JSON]) -> Play:
    at = fields.get("at")
    return Play(_one_of(fields["card"], CARDS, "a card"), None if at is None else _field(at, "at"))


def _donate(fields: Mapping[str, JSON]) -> Donate:
    return Donate(_whole(fields["amount"], "an amount"))


_DECODERS: dict[str, Callable[[Mapping[str, JSON]], Action | None]] = {
    "take": _take,
    "sell": _sell,
    "donate": _donate,
    "play": _play,
    "end": lambda _: End(),
    "resign": lambda _: None,
}


def _field_json(field: Field) -> list[int]:
    return [field[0] + 1, field[1]]


def take_move(die: int, use: str, row: int | None = None, source: Field | None = None) -> Move:
    move: Move = {"action": "take", "die": die, "use": use}
    if row is not None:
        move["row"] = row
    if source is not None:
        move["from"] = _field_json(source)
    return move


def sell_move(gem: str, market: bool = False) -> Move:
    return (
        {"action": "sell", "gem": gem, "market": True} if market else {"action": "sell", "gem": gem}
    )


def donate_move(amount: int) -> Move:
    return {"action": "donate", "amount": amount}


def play_move(card: str, at: Field | None = None) -> Move:
    if at is None:
        return {"action": "play", "card": card}
    return {"action": "play", "card": card, "at": _field_json(at)}


def end_move() -> Move:
    return {"action": "end"}


def encode(action: Action | None) -> Move:
    """The canonical JSON of an action (None: resigning): optional keys only when they say
    something. The builders above are the one place a move's JSON is made (`legal_moves` calls
    them directly, as it makes many)."""
    match action:
        case Take():
            return take_move(*action)
        case Sell():
            return sell_move(*action)
        case Donate():
            return donate_move(*action)
        case Play():
            return play_move(*action)
        case End():
            return end_move()
    return dict(RESIGN)
