"""The JSON a Livingstone game shows a script: a seat's or a spectator's view (built by
`view`), a legal move (`moves`) and a log event as it is shown (`rules`, redacted by the
engine), with what each field means and whom it is hidden from: while the game runs, a
player's thalers, donation total and hand are theirs alone. The OpenAPI document's schemas
are made from these (`shared.shapes`)."""

# No `from __future__ import annotations`: the document reads these at run time.

from typing import Annotated, Any, NotRequired, TypedDict

from shared.games.livingstone.data import GEMS, STONES
from shared.games.livingstone.moves import USES
from shared.shapes import GameShapes, about

Stones = Annotated[
    dict[str, int],
    about(f"stones by colour ({', '.join(STONES)}); a colour with none is left out"),
]
Gem = Annotated[str, about(enum=list(GEMS))]
Card = Annotated[str, about("a card's name, as `GET /game-types/livingstone/rules` lists them")]
Field = Annotated[list[int], about("a field of the board: [column from 1, row from 1]")]
Column = Annotated[int, about("a column of the board, from 1")]


class Turn(TypedDict):
    seat: Annotated[int, about("the seat whose turn it is")]
    dice_taken: Annotated[int, about("dice the seat took this turn")]
    extra_dice: Annotated[int, about("dice a card lets the seat take yet")]
    free_tents: Annotated[int, about("tents a card lets the seat place at no cost")]
    any_row_tents: Annotated[int, about("tents a card lets the seat place in any row")]
    market_open: Annotated[bool, about("a market card lets the seat sell at market prices")]
    sold_to_bag: Annotated[Stones, about("the gems sold this turn, back to the bag at its end")]


class Player(TypedDict):
    seat: Annotated[int, about("the player's seat")]
    points: Annotated[int, about("points scored so far (public)")]
    gems: Annotated[Stones, about("the gems the player holds (public)")]
    tents_left: Annotated[int, about("tents not yet on the board")]
    cards: Annotated[int, about("how many cards the player holds (public)")]
    donations: Annotated[int, about("how often the player donated (public)")]
    resigned: Annotated[bool, about("the player resigned and takes no further part")]
    thalers: NotRequired[
        Annotated[int, about("the player's money: to its own seat, and to all at the end")]
    ]
    donated: NotRequired[
        Annotated[int, about("the total donated: to its own seat, and to all at the end")]
    ]
    hand: NotRequired[
        Annotated[list[Card], about("the cards held: to its own seat, and to all at the end")]
    ]


class Breakdown(TypedDict):
    """A player's final points, by where they came from."""

    tents: Annotated[int, about("points of tents, scored as the steamer passed")]
    animals_played: Annotated[int, about("points of animal cards played")]
    market: Annotated[int, about("points of gems sold at the market")]
    majorities: Annotated[int, about("points of majorities of tents in the rows")]
    gems: Annotated[int, about("points of the gems held at the end")]
    animals_in_hand: Annotated[int, about("points of animal cards still in hand")]
    total: Annotated[int, about("the player's score")]
    donation: Annotated[int, about("the total donated")]
    excluded: Annotated[bool, about("ruled out by the donation rule")]
    resigned: Annotated[bool, about("the player resigned")]


class Result(TypedDict):
    scores: Annotated[list[int], about("by seat")]
    winners: Annotated[list[int], about("empty when the donation rule rules out everyone")]
    excluded: Annotated[list[int], about("the seats the donation rule rules out")]
    everyone_excluded: Annotated[bool, about("the donation rule ruled out all: no winner")]
    resigned: Annotated[list[int], about("the seats that resigned")]
    donations: Annotated[list[int], about("each seat's total donated, by seat")]
    donation_threshold: Annotated[
        int | None, about("two players: the roll a total donated had to reach")
    ]
    ended_by: Annotated[
        str,
        about("the rounds were played, or all but one resigned", enum=["rounds", "resignation"]),
    ]
    breakdown: Annotated[list[Breakdown], about("by seat")]


class View(TypedDict):
    """A Livingstone game as one seat sees it, or a spectator (`you` null)."""

    you: Annotated[int | None, about("whose view this is (null: a spectator's)")]
    round: Annotated[int, about("the round, from 1")]
    columns: Annotated[int, about("the board's columns")]
    costs: Annotated[list[int], about("a tent's cost in each column, from the first")]
    row_points: Annotated[list[int], about("the points of a tent in each row, from the first")]
    majority: Annotated[list[int], about("the points of the majorities, from the most tents")]
    steamer: Annotated[Column | None, about("the steamer's column (null: the game is over)")]
    steamer_back: Annotated[bool, about("a card sent the steamer back this round")]
    tents: Annotated[
        list[list[list[int]]],
        about("by column, then row: the seats with a tent there, in the order placed"),
    ]
    start_player: Annotated[int, about("the seat that started this round")]
    dice: Annotated[list[int], about("the dice not yet taken this round")]
    taken: Annotated[list[list[int]], about("the dice taken this round: [seat, pips], in order")]
    turn: Annotated[Turn | None, about("the turn being played (null: the game is over)")]
    bag: Annotated[int, about("stones left in the bag")]
    set_aside: Annotated[Stones, about("the stones set aside (public)")]
    deck: Annotated[int, about("cards left in the deck (its order is hidden from all)")]
    played: Annotated[list[Card], about("the stack of cards played, oldest first")]
    players: Annotated[list[Player], about("by seat")]
    result: Annotated[
        dict[str, Any] | None, about("how it ended (null while it runs)", of=(Result,))
    ]


Action = Annotated[str, about("what the step does", enum=["take", "sell", "donate", "play", "end"])]


From = Annotated[Field, about("two players out of tents: the tent picked up to place again")]

Move = TypedDict(  # "from" is a Python keyword, a key only in this form
    "Move",
    {
        "action": Action,
        "die": NotRequired[Annotated[int, about("take: the die's pips")]],
        "use": NotRequired[Annotated[str, about("take: what for", enum=list(USES))]],
        "row": NotRequired[Annotated[int, about("take: the row chosen instead of the pips")]],
        "from": NotRequired[From],
        "gem": NotRequired[Annotated[Gem, about("sell")]],
        "market": NotRequired[Annotated[bool, about("sell: at the market's prices")]],
        "amount": NotRequired[Annotated[int, about("donate: how many thalers")]],
        "card": NotRequired[Annotated[Card, about("play")]],
        "at": NotRequired[Annotated[Field, about("play Extra Tent: the new tent's field")]],
    },
)
"""A step of a turn, by `action`: take a die (die, use, and row or from when a card or the
rules ask), sell a gem, donate, play a card (at: Extra Tent's field), or end the turn."""


class Scored(TypedDict):
    column: Column
    points: Annotated[list[int], about("by seat")]


class Round(TypedDict):
    number: Annotated[int, about("the round, from 1")]
    start: Annotated[int, about("the seat that starts it")]
    column: Annotated[Column, about("the steamer's")]
    dice: Annotated[list[int], about("the dice rolled")]


Event = TypedDict(
    "Event",
    {
        "seat": Annotated[int, about("the seat that moved")],
        "action": Annotated[
            str,
            about("the step made", enum=["take", "sell", "donate", "play", "end", "resign"]),
        ],
        "die": NotRequired[Annotated[int, about("take: the die's pips")]],
        "use": NotRequired[Annotated[str, about("take: what for", enum=list(USES))]],
        "thalers": NotRequired[Annotated[int, about("thalers gained")]],
        "drawn": NotRequired[Annotated[Stones, about("stones drawn from the bag")]],
        "returned": NotRequired[Annotated[Stones, about("the stones set aside, back in the bag")]],
        "column": NotRequired[Column],
        "row": NotRequired[Annotated[int, about("a tent's row, from 1")]],
        "from": NotRequired[From],
        "cost": NotRequired[Annotated[int, about("what the tent cost")]],
        "fees": NotRequired[Annotated[list[int], about("by seat: paid to the tents there")]],
        "card": NotRequired[
            Annotated[Card, about("the card played; one drawn: to its own seat only")]
        ],
        "amount": NotRequired[Annotated[int, about("donated: to its own seat only")]],
        "points": NotRequired[Annotated[int, about("points scored by the step")]],
        "gem": NotRequired[Annotated[Gem, about("sell: the gem sold")]],
        "to": NotRequired[Annotated[str, about("where a gem sold went", enum=["bag", "aside"])]],
        "reshuffled": NotRequired[Annotated[bool, about("the deck was reshuffled")]],
        "collapses": NotRequired[Annotated[int, about("mines that collapsed")]],
        "lost": NotRequired[
            Annotated[dict[str, Stones], about("keyed by seat: the gems lost to a collapse")]
        ],
        "new_stack": NotRequired[Annotated[int, about("the cards of the new stack of played")]],
        "next": NotRequired[Annotated[int, about("the seat whose turn comes")]],
        "scored": NotRequired[Annotated[Scored, about("the steamer's column was scored")]],
        "round": NotRequired[Annotated[Round, about("a new round began")]],
        "game_over": NotRequired[Annotated[bool, about("the step ended the game")]],
    },
)
"""A step of a turn or a resignation, as a seat or a spectator sees it in the log."""


SHAPES = GameShapes(View, (Move,), (Event,), Result)
