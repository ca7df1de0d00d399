"""The JSON a Lost Cities match shows a script: a seat's or a spectator's view (built by
`view`), a legal move (`moves`) and a log event as it is shown (`rules`, redacted by the
engine), with what each field means, whose it is and whom it is hidden from. The OpenAPI
document's schemas are made from these (`shared.shapes`)."""

# No `from __future__ import annotations`: the document reads these at run time.

from typing import Annotated, NotRequired, TypedDict

from shared.shapes import GameShapes, about

CARD = "^[YBWGRP](w[1-3]|[2-9]|10)$"
Card = Annotated[
    str,
    about(
        "a card: its colour's letter (Y yellow, B blue, W white, G green, R red, P purple), then "
        "w1-w3 for a wager or its number, 2-10",
        pattern=CARD,
    ),
]
Colour = Annotated[str, about("a colour's letter", pattern="^[YBWGRP]$")]
ByColour = "keyed by the colours' letters, in `colours`' order"
Seat = Annotated[int, about("a seat, 0 or 1")]
Cards = Annotated[list[Card], about("oldest first")]


class Pile(TypedDict):
    top: Annotated[Card | None, about("the card a draw from the pile takes (null: empty)")]
    cards: Annotated[list[Card], about("the whole pile, bottom first: the last is `top`")]


class Current(TypedDict):
    expeditions: Annotated[
        list[dict[str, int]],
        about(f"each seat's points per expedition if the game ended now, {ByColour}"),
    ]
    points: Annotated[list[int], about("each seat's points in the game if it ended now")]


class Scores(TypedDict):
    games: Annotated[list[list[int]], about("each finished game of the match: its points, by seat")]
    totals: Annotated[list[int], about("the points of the match so far, by seat")]
    games_won: Annotated[list[int], about("the games each seat won so far (a tie: no one)")]
    current: NotRequired[Annotated[Current, about("while the match runs: the game being played")]]


class Stall(TypedDict):
    turns: Annotated[int, about("turns in a row in which no card reached an expedition")]
    limit: Annotated[int, about("after this many, a player must draw from the deck")]
    must_draw_deck: Annotated[bool, about("the limit is reached: draw from the deck only")]


class GameBreakdown(TypedDict):
    points: Annotated[int, about("the seat's points in the game")]
    expeditions: Annotated[dict[str, int], about(f"points per expedition, {ByColour}")]


class SeatBreakdown(TypedDict):
    total: Annotated[int, about("the seat's points over the match")]
    games_won: Annotated[int, about("the games the seat won")]
    games: Annotated[list[GameBreakdown], about("each game of the match, in order")]


class Result(TypedDict):
    scores: Annotated[list[int], about("by seat: points (a `total` match) or games won (best-of)")]
    winners: Annotated[list[Seat], about("equal scores share the win")]
    match: Annotated[str, about("how the match was scored", enum=["total", "best-of"])]
    resigned: Annotated[Seat | None, about("the seat that resigned, if one did")]
    breakdown: Annotated[list[SeatBreakdown], about("by seat")]


class View(TypedDict):
    """A Lost Cities match as one seat sees it, or a spectator (`seat` null): everything but
    the draw pile's order and the cards in a hand is public."""

    seat: Annotated[Seat | None, about("whose view this is (null: a spectator's)")]
    colours: Annotated[list[Colour], about("the expeditions' colours in this match, in order")]
    game: Annotated[int, about("the game of the match being played (or last played), from 1")]
    rounds: Annotated[int, about("how many games the match has")]
    match: Annotated[
        str,
        about(
            "total: the most points over the games wins; best-of: the most games won",
            enum=[
                "total",
                "best-of",
            ],
        ),
    ]
    to_act: Annotated[Seat | None, about("the seat to move (null: the match is over)")]
    over: Annotated[bool, about("the match is over")]
    resigned: Annotated[Seat | None, about("the seat that resigned, if one did")]
    deck_left: Annotated[int, about("cards left in the draw pile (its order is hidden from all)")]
    hand_sizes: Annotated[list[int], about("how many cards each seat holds, by seat")]
    known_cards: Annotated[
        list[list[Card]],
        about(
            "by seat: the cards of its hand everyone saw it take from a discard pile (until it "
            "plays or discards them); the rest of a hand is hidden from the other seat"
        ),
    ]
    expeditions: Annotated[
        list[dict[str, Cards]],
        about(f"by seat: its expeditions, {ByColour}, each in the order played (public)"),
    ]
    discards: Annotated[dict[str, Pile], about(f"the discard piles, {ByColour} (public)")]
    scores: Annotated[Scores, about("the match's points (public)")]
    hand: NotRequired[
        Annotated[
            list[Card],
            about("a seat's own hand, sorted by colour and value; absent for a spectator"),
        ]
    ]
    stall: NotRequired[
        Annotated[Stall, about("while no card has reached an expedition for some turns")]
    ]


class Move(TypedDict):
    """A turn: play or discard a card from the hand, then draw."""

    action: Annotated[
        str,
        about(
            "play it on its expedition, or discard it",
            enum=[
                "play",
                "discard",
            ],
        ),
    ]
    card: Card
    draw: Annotated[
        str,
        about(
            "deck, or a colour's letter: the top of that discard pile (not the pile just "
            "discarded to)",
            pattern="^(deck|[YBWGRP])$",
        ),
    ]


class GameEnd(TypedDict):
    game: Annotated[int, about("the game that ended, from 1")]
    points: Annotated[list[int], about("its points, by seat")]
    expeditions: Annotated[list[dict[str, int]], about(f"by seat: points, {ByColour}")]
    totals: Annotated[list[int], about("the match's points so far, by seat")]
    games_won: Annotated[list[int], about("the games each seat won so far")]
    next_starter: Annotated[Seat | None, about("who starts the next game (null: match over)")]


class Turn(TypedDict):
    """A turn, as a seat or a spectator sees it in the log."""

    seat: Seat
    action: Annotated[str, about("the card played or discarded", enum=["play", "discard"])]
    card: Card
    draw: Annotated[
        str, about("where from the card was drawn, as the move said", pattern="^(deck|[YBWGRP])$")
    ]
    deck_left: Annotated[int, about("cards left in the draw pile after the turn")]
    drew: NotRequired[
        Annotated[
            Card,
            about(
                "the card drawn: shown to everyone from a discard pile, from the deck only to "
                "the seat that drew it"
            ),
        ]
    ]
    game_end: NotRequired[Annotated[GameEnd, about("the turn ended a game of the match")]]
    result: NotRequired[Annotated[Result, about("the turn ended the match")]]


class Resignation(TypedDict):
    seat: Seat
    action: Annotated[str, about("the seat gave up the match", enum=["resign"])]
    result: Annotated[Result, about("a resignation ends the match")]


SHAPES = GameShapes(View, (Move,), (Turn, Resignation), Result)
