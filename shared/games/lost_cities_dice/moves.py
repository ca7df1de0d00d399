"""The typed move (`Action`) and its JSON, both free of any game state.

A move names dice by their VALUES (the colour and the number shown), not by their position
among the rolled dice, so that a move can be built and checked for form without the state;
`transition` then checks the values are among the dice the seat may use. The number alone
says what a 0 means (a circle before the expedition starts, a 10 after), so the same move
serves both, and marking the top artefact of a full expedition is just choosing that colour
again.
"""

from __future__ import annotations

from typing import NamedTuple

from shared.engine import JSON, IllegalMove, Move, require_mapping
from shared.games.lost_cities_dice.sheet_data import COLOURS, FIELDS, NUMBER_FACES
from shared.words import LATER


class Action(NamedTuple):
    """What a player does with the dice: `colour` None is a refusal.

    `number` is the die's face (0..9); `accelerate` names, per arrow reached, the expedition
    to accelerate (a colour index) or None to decline.
    """

    colour: int | None
    number: int = 0
    accelerate: tuple[int | None, ...] = ()


REFUSAL = Action(None)
REFUSE: Move = {"action": "refuse"}

_COLOUR_INDEX = {colour: index for index, colour in enumerate(COLOURS)}
_MAX_ACCELERATIONS = FIELDS * len(COLOURS)
"""No move can reach more arrows than a sheet has fields."""

CHOOSE_KEYS = frozenset({"action", "colour", "number", "accelerate"})


def choose_move(colour: str, number: int, accelerate: list[str | None]) -> Move:
    """The canonical JSON of a choice (what `legal_moves` lists and `parse_move` returns)."""
    return {"action": "choose", "colour": colour, "number": number, "accelerate": accelerate}


def encode(action: Action) -> Move:
    """The canonical JSON of an action."""
    if action.colour is None:
        return dict(REFUSE)
    return choose_move(
        COLOURS[action.colour],
        action.number,
        [None if target is None else COLOURS[target] for target in action.accelerate],
    )


def decode(move: JSON) -> Action | None:
    """The action a JSON move asks for, or None for a resignation; raises IllegalMove for
    anything that is not a well-formed move (whatever the state)."""
    fields = require_mapping(move)
    kind = fields.get("action")
    if kind == "resign" or kind == "refuse":
        if len(fields) != 1:
            raise IllegalMove(
                "bad_move", LATER.gettext("a %(kind)s move has no other fields", kind=kind)
            )
        return None if kind == "resign" else REFUSAL
    if kind != "choose":
        raise IllegalMove(
            "bad_action", LATER.gettext("the action is one of 'choose', 'refuse' or 'resign'")
        )
    if not fields.keys() <= CHOOSE_KEYS:
        unknown = sorted(str(key) for key in fields.keys() - CHOOSE_KEYS)
        raise IllegalMove(
            "bad_move", LATER.gettext("a choose move has no field '%(field)s'", field=unknown[0])
        )
    number = fields.get("number")
    if type(number) is not int or not 0 <= number < NUMBER_FACES:
        raise IllegalMove("bad_number", LATER.gettext("number is the face of a number die, 0 to 9"))
    targets = fields.get("accelerate", [])
    if not isinstance(targets, list) or len(targets) > _MAX_ACCELERATIONS:
        raise IllegalMove(
            "bad_acceleration",
            LATER.gettext("accelerate is a list of colours (or null to decline)"),
        )
    return Action(
        _colour(fields.get("colour")),
        number,
        tuple(None if target is None else _colour(target) for target in targets) if targets else (),
    )


def _colour(value: JSON) -> int:
    if isinstance(value, str) and value in _COLOUR_INDEX:
        return _COLOUR_INDEX[value]
    raise IllegalMove(
        "bad_colour", LATER.gettext("a colour is one of %(colours)s", colours=", ".join(COLOURS))
    )
