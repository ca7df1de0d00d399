"""Moves as JSON and as text, both free of any game state.

A move names dice by their VALUES (the colour and the number shown), not by their position
among the rolled dice, so that a move can be written, parsed and checked for form without the
state; `transition` then checks the values are among the dice the seat may use. The number
alone says what a 0 means (a circle before the expedition starts, a 10 after), so the same
notation serves both, and marking the top artefact of a full expedition is just choosing that
colour again. Grammar (case-insensitive, any spacing or commas):

    <colour> <number> [accel <colour|none>]...   |   refuse   |   resign
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from shared.engine import JSON, RESIGN, IllegalMove, Move
from shared.games.lost_cities_dice.sheet import REFUSAL, Choice
from shared.games.lost_cities_dice.sheet_data import COLOURS, FIELDS, NUMBER_FACES

REFUSE: Move = {"action": "refuse"}

_COLOUR_INDEX = {colour: index for index, colour in enumerate(COLOURS)}
_COLOUR_WORDS = {**_COLOUR_INDEX, **{colour[0]: index for colour, index in _COLOUR_INDEX.items()}}
_ACCEL_WORDS = ("accel", "accelerate")
_DECLINE_WORDS = ("none", "no")
_MAX_ACCELERATIONS = FIELDS * len(COLOURS)
"""No move can reach more arrows than a sheet has fields."""

_ALLOWED_TEXT = re.compile(r"[a-z0-9\s,]*")
_TOKEN = re.compile(r"[a-z]+|[0-9]+")

CHOOSE_KEYS = frozenset({"action", "colour", "number", "accelerate"})


def choose_move(colour: str, number: int, accelerate: list[str | None]) -> Move:
    """The canonical JSON of a choice (what `legal_moves` lists and `parse_move` returns)."""
    return {"action": "choose", "colour": colour, "number": number, "accelerate": accelerate}


def choice_move(choice: Choice) -> Move:
    if choice.colour is None:
        return dict(REFUSE)
    return choose_move(
        COLOURS[choice.colour],
        choice.number,
        [None if target is None else COLOURS[target] for target in choice.accelerate],
    )


def read_move(move: Mapping[str, JSON]) -> Choice | None:
    """The choice a JSON move makes, or None for a resignation; raises IllegalMove for
    anything that is not a well-formed move (whatever the state)."""
    action = move.get("action")
    if action == "resign" or action == "refuse":
        if len(move) != 1:
            raise IllegalMove("bad_move", f"a {action} move has no other fields")
        return None if action == "resign" else REFUSAL
    if action != "choose":
        raise IllegalMove("bad_action", "the action is one of 'choose', 'refuse' or 'resign'")
    if not move.keys() <= CHOOSE_KEYS:
        unknown = sorted(str(key) for key in move.keys() - CHOOSE_KEYS)
        raise IllegalMove("bad_move", f"a choose move has no field {unknown[0]!r}")
    number = move.get("number")
    if type(number) is not int or not 0 <= number < NUMBER_FACES:
        raise IllegalMove("bad_number", "number is the face of a number die, 0 to 9")
    targets = move.get("accelerate", [])
    if not isinstance(targets, list) or len(targets) > _MAX_ACCELERATIONS:
        raise IllegalMove(
            "bad_acceleration", "accelerate is a list of colours (or null to decline)"
        )
    return Choice(
        _colour(move.get("colour")),
        number,
        tuple(None if target is None else _colour(target) for target in targets) if targets else (),
    )


def _colour(value: JSON) -> int:
    if isinstance(value, str) and value in _COLOUR_INDEX:
        return _COLOUR_INDEX[value]
    raise IllegalMove("bad_colour", f"a colour is one of {', '.join(COLOURS)}")


def parse_move(text: str) -> Move:
    lowered = text.lower() if isinstance(text, str) else ""
    if not _ALLOWED_TEXT.fullmatch(lowered):
        raise _bad_notation(text)
    tokens = _TOKEN.findall(lowered)
    if tokens == ["resign"]:
        return dict(RESIGN)
    if tokens == ["refuse"]:
        return dict(REFUSE)
    if len(tokens) < 2 or len(tokens) % 2 or tokens[0] not in _COLOUR_WORDS:
        raise _bad_notation(text)
    number = _number(tokens[1], text)
    accelerate: list[str | None] = []
    for keyword, target in zip(tokens[2::2], tokens[3::2], strict=True):
        if keyword not in _ACCEL_WORDS:
            raise _bad_notation(text)
        if target in _DECLINE_WORDS:
            accelerate.append(None)
        elif target in _COLOUR_WORDS:
            accelerate.append(COLOURS[_COLOUR_WORDS[target]])
        else:
            raise _bad_notation(text)
    return choose_move(COLOURS[_COLOUR_WORDS[tokens[0]]], number, accelerate)


def _number(token: str, text: str) -> int:
    """A die face; '10' is accepted for the 0 it stands for on a started expedition."""
    if token == "10":
        return 0
    if len(token) == 1:
        return int(token)
    raise _bad_notation(text)


def format_move(move: Move) -> str:
    choice = read_move(move)
    if choice is None:
        return "resign"
    if choice.colour is None:
        return "refuse"
    words = [COLOURS[choice.colour], str(choice.number)]
    for target in choice.accelerate:
        words += ["accel", "none" if target is None else COLOURS[target]]
    return " ".join(words)


def _bad_notation(text: str) -> IllegalMove:
    return IllegalMove(
        "bad_notation",
        f"cannot read {text!r}: write a colour and a number with any accelerations "
        "('green 7 accel red accel none'), 'refuse' or 'resign'",
    )
