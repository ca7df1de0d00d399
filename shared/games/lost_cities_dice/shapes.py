"""The JSON a Lost Cities Roll & Write game shows a script: a seat's or a spectator's view
(built by `view`), a legal move (`moves`) and a log event as it is shown (`rules`, redacted by
the engine), with what each field means and whom it is hidden from. Every sheet and die is
public; only a simultaneous choice not yet revealed is its own seat's. The OpenAPI document's
schemas are made from these (`shared.shapes`)."""

# No `from __future__ import annotations`: the document reads these at run time.

from typing import Annotated, Any, NotRequired, TypedDict

from shared.games.lost_cities_dice.sheet_data import COLOURS, COLUMNS
from shared.shapes import GameShapes, about

Colour = Annotated[str, about("an expedition's colour", enum=list(COLOURS))]
Column = Annotated[str, about("a colour, artefacts or dice", enum=list(COLUMNS))]
ByColour = f"keyed by colour ({', '.join(COLOURS)})"
ByColumn = f"keyed by column ({', '.join(COLUMNS)})"
Reason = Annotated[
    str,
    about(
        "the game ended: enough bridges crossed, a dice column full, or all but one resigned",
        enum=["bridges", "exhausted", "resignation"],
    ),
]
Face = Annotated[int, about("a die's number, 0-9 (0: a circle before an expedition, else 10)")]


class Dice(TypedDict):
    colours: Annotated[list[Colour], about("the colour dice, in the order rolled")]
    numbers: Annotated[list[Face], about("the number dice, in the order rolled")]


class Choose(TypedDict):
    """A choice of a colour die and a number die, written on one's sheet."""

    action: Annotated[str, about("write a pair of dice on one's sheet", enum=["choose"])]
    colour: Annotated[Colour, about("the colour die chosen")]
    number: Annotated[Face, about("the number die chosen")]
    accelerate: Annotated[
        list[Colour | None],
        about(
            "one entry per acceleration arrow the write reaches, in order: the expedition to "
            "accelerate, or null to decline; empty when it reaches none"
        ),
    ]


class Refuse(TypedDict):
    action: Annotated[str, about("refuse the dice: a mark in the dice column", enum=["refuse"])]


Move = (Choose, Refuse)
"""A move is one of these, told apart by `action`."""
MoveJSON = Annotated[dict[str, Any], about("a choice or a refusal (as a move)", of=Move)]


class Rolled(TypedDict):
    rolled: Annotated[Dice, about("the dice as the active player rolled them this turn")]
    available: Annotated[
        Dice, about("what the others may still choose from (after the active player's choice)")
    ]
    active_choice: Annotated[
        MoveJSON | None, about("what the active player chose this turn (null: not yet)")
    ]


class Expedition(TypedDict):
    numbers: Annotated[list[int], about("the numbers written, in order (never falling)")]
    circle: Annotated[bool, about("a circle before the expedition doubles it")]
    top: Annotated[bool, about("its top artefact is marked")]


class Sheet(TypedDict):
    expeditions: Annotated[dict[str, Expedition], about(ByColour)]
    vases: Annotated[int, about("artefacts marked")]
    dice: Annotated[int, about("dice refused (marks in the dice column)")]
    exhausted: Annotated[bool, about("the dice column is full: the game ends this turn")]
    bridges: Annotated[
        dict[str, Annotated[str | None, about(enum=["bonus", "crossed"])]],
        about(f"{ByColumn}: crossed for the bonus (first), crossed, or null"),
    ]
    points: Annotated[
        dict[str, int], about(f"the points as they stand, {ByColumn}, then bridges and total")
    ]
    resigned: Annotated[bool, about("the sheet's player resigned")]


class Layout(TypedDict):
    arrows: Annotated[list[int], about("the fields (from 1) with an acceleration arrow")]
    artefacts: Annotated[list[int], about("the fields (from 1) with an artefact")]


class Result(TypedDict):
    scores: Annotated[list[int], about("each sheet's total, by seat")]
    winners: Annotated[list[int], about("the best sheets of those still playing")]
    breakdown: Annotated[list[dict[str, int]], about("each sheet's `points`, by seat")]
    reason: Reason
    resigned: Annotated[list[int], about("the seats that resigned")]


class View(TypedDict):
    """A Roll & Write game as one seat sees it, or a spectator (`seat` null)."""

    seat: Annotated[int | None, about("whose view this is (null: a spectator's)")]
    players: Annotated[int, about("how many play")]
    order: Annotated[
        str,
        about(
            "how the others choose after the active player: all at once, each hidden until "
            "all have chosen, or one after another",
            enum=["simultaneous", "clockwise"],
        ),
    ]
    turn: Annotated[int, about("the turn, from 1")]
    active: Annotated[int, about("the seat that rolled this turn and chooses first")]
    to_act: Annotated[list[int], about("the seats that must choose now")]
    dice: Annotated[Rolled, about("this turn's dice (public)")]
    chosen: Annotated[
        list[int], about("the seats whose simultaneous choice is made but not yet revealed")
    ]
    your_choice: Annotated[
        MoveJSON | None,
        about("your own choice not yet revealed (null otherwise; hidden from the others)"),
    ]
    sheets: Annotated[list[Sheet], about("every seat's sheet, by seat (public)")]
    bridges: Annotated[
        dict[str, int | None],
        about(f"{ByColumn}: the turn its bridge was first crossed on a sheet (null: not yet)"),
    ]
    layout: Annotated[dict[str, Layout], about(f"the sheet's fields, {ByColour}")]
    bridge_bonus: Annotated[int, about("the points of crossing a bridge first")]
    result: Annotated[
        dict[str, Any] | None, about("how it ended (null while it runs)", of=(Result,))
    ]


class Mark(TypedDict):
    """One mark a choice wrote on a sheet: by `mark`, its other fields."""

    mark: Annotated[
        str, about("what was marked", enum=["field", "circle", "top", "vase", "dice", "bridge"])
    ]
    colour: NotRequired[
        Annotated[Colour, about("a field, a circle or a top: the expedition marked")]
    ]
    field: NotRequired[Annotated[int, about("a field: which, from 1")]]
    number: NotRequired[Annotated[int, about("a field: the number written")]]
    vase: NotRequired[Annotated[int, about("a vase: how many are marked now")]]
    symbol: NotRequired[Annotated[int, about("a dice mark: how many dice are refused now")]]
    exhausted: NotRequired[Annotated[bool, about("a dice mark: the column is full")]]
    column: NotRequired[Annotated[Column, about("a bridge: the column crossed")]]
    bonus: NotRequired[Annotated[int, about("a bridge: its bonus points (0: not first)")]]


class Revealed(TypedDict):
    seat: Annotated[int, about("whose choice")]
    choice: MoveJSON
    marks: Annotated[list[Mark], about("what the choice wrote")]


class Next(TypedDict):
    turn: Annotated[int, about("the next turn, from 1")]
    active: Annotated[int, about("the seat that rolled")]
    colours: Annotated[list[Colour], about("the colour dice rolled")]
    numbers: Annotated[list[Face], about("the number dice rolled")]


class End(TypedDict):
    reason: Reason
    scores: Annotated[list[int], about("each sheet's total, by seat")]
    winners: Annotated[list[int], about("the best sheets of those still playing")]


class Event(TypedDict):
    """A choice or a resignation, as a seat or a spectator sees it in the log."""

    type: Annotated[str, about("a choice, or a resignation", enum=["choice", "resign"])]
    turn: Annotated[int, about("the turn it was made in")]
    seat: Annotated[int, about("the seat that moved")]
    active: NotRequired[Annotated[bool, about("the active player's choice")]]
    choice: NotRequired[
        Annotated[
            MoveJSON,
            about(
                "what was chosen: the active player's and, clockwise, each one's; a "
                "simultaneous choice only to its own seat until `revealed`"
            ),
        ]
    ]
    marks: NotRequired[Annotated[list[Mark], about("what `choice` wrote")]]
    pending: NotRequired[
        Annotated[bool, about("to its own seat: a simultaneous choice, hidden until revealed")]
    ]
    left: NotRequired[Annotated[Dice, about("the dice left for the others")]]
    revealed: NotRequired[
        Annotated[list[Revealed], about("the simultaneous choices, shown once all are in")]
    ]
    next: NotRequired[Annotated[Next, about("the next turn's roll")]]
    end: NotRequired[Annotated[End, about("the game ended")]]


SHAPES = GameShapes(View, Move, (Event,), Result)
