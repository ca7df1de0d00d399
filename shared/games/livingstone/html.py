"""A view as an HTML board: the river's columns of fields with the players' tents, the steamer
and the costs; the dice of the round; the stones; and each player's holdings, the hidden ones
(thalers, chest, hand) only where the view shows them. Tents carry their player's seat number,
as in the text, in the player's colour. Drawn from the JSON view alone, like the text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from markupsafe import Markup

from shared.engine import JSON, seat_name
from shared.games.livingstone import render
from shared.html import board, chip, h
from shared.legend import legend
from shared.words import ENGLISH, Words

LEGEND = (
    f"{legend(render.KEYS, board=True)}. Tents carry their player's seat number in the "
    "player's colour; a row is a die's pips, a column's tent costs the thalers below it, and "
    "the steamer has scored the grey columns."
)

SEAT_COLOURS = (
    ("#c3302a", "#ffffff"),
    ("#1f5fbf", "#ffffff"),
    ("#f3c623", "#1f1b16"),
    ("#2b7a39", "#ffffff"),
    ("#7b3fa3", "#ffffff"),
)
"""Per seat: the colour of its tents and of the number on them."""

STONE_COLOURS = {
    "black": ("#26231f", "#ffffff"),
    "clear": ("#e3f3f7", "#1f1b16"),
    "blue": ("#1f5fbf", "#ffffff"),
    "red": ("#c3302a", "#ffffff"),
    "white": ("#ffffff", "#1f1b16"),
}

STYLE = (
    """
.livingstone .map { width: 100%; max-width: 600px; table-layout: fixed; background-color: #f4ead2;
  color: #1f1b16; border: 1px solid #c9bfa9; border-radius: 6px; }
.livingstone .map td { text-align: center; font-size: 11px; line-height: 16px; }
.livingstone .label { width: 30px; font-weight: bold; color: #5c554b; }
.livingstone .column { font-weight: bold; color: #5c554b; }
.livingstone .side { width: 32px; color: #5c554b; }
.livingstone .field { background-color: #fffdf7; height: 30px; border-radius: 3px; }
.livingstone .scored { background-color: #dcd6c8; }
.livingstone .here { background-color: #fff0b8; }
.livingstone .river { background-color: #2f6fae; color: #ffffff; border-radius: 3px; }
.livingstone .tent { font-size: 11px; line-height: 13px; min-width: 9px; padding: 0 2px;
  margin: 1px 0; }
.livingstone .steamer { background-color: #26231f; color: #ffffff; border-color: #ffffff; }
.livingstone .die { background-color: #ffffff; color: #1f1b16; }
.livingstone .card { background-color: #fff0b8; color: #1f1b16; font-weight: normal; }
.livingstone .player { margin: 6px 0; padding: 4px 0; border-top: 1px solid #d8cfbd; }
.livingstone .facts { font-size: 13px; }
.livingstone .secret { font-size: 13px; background-color: #efe4cf; color: #1f1b16;
  border-radius: 4px; padding: 2px 4px; margin-top: 2px; }
@media (prefers-color-scheme: dark) {
  .livingstone .player { border-color: #4a443a !important; }
}
"""
    + "".join(
        f".livingstone .seat-{seat} {{ background-color: {back}; color: {text}; }}\n"
        for seat, (back, text) in enumerate(SEAT_COLOURS)
    )
    + "".join(
        f".livingstone .stone-{stone} {{ background-color: {back}; color: {text}; }}\n"
        for stone, (back, text) in STONE_COLOURS.items()
    )
)


def tent(seat: int) -> Markup:
    return chip(seat, f"tent seat-{seat % len(SEAT_COLOURS)}")


def render_html(view: Mapping[str, JSON], names: Sequence[str] = (), words: Words = ENGLISH) -> str:
    heading = render.heading(view)
    taken = [chip(pips, f"die seat-{seat % len(SEAT_COLOURS)}") for seat, pips in view["taken"]]
    dice = h(
        "div",
        "Dice left: ",
        [chip(pips, "die") for pips in view["dice"]] or "none",
        "; taken: ",
        taken or "none",
        f"; start player: {seat_name(view['start_player'], names)}",
        cls="note",
    )
    stones = h(
        "div",
        f"Bag: {view['bag']} stones; set aside: ",
        _stones(view["set_aside"]),
        f"; deck: {view['deck']} cards; played: ",
        [chip(card, "card") for card in view["played"]] or "none",
        cls="note",
    )
    turn = view["turn"]
    result = view["result"]
    return board(
        "livingstone",
        STYLE,
        heading,
        _map(view),
        dice,
        stones,
        [_player(player, view, names) for player in view["players"]],
        None if turn is None else h("div", render._turn_line(turn, names), cls="note"),
        None
        if result is None
        else [h("div", line, cls="note") for line in render._result_lines(result, names)],
        legend=LEGEND,
    )


def _map(view: Mapping[str, JSON]) -> Markup:
    """Rows 6 at the top to 1 at the bottom, then the river and the costs."""
    columns = range(1, view["columns"] + 1)
    steamer = view["steamer"]
    passed = steamer + view["steamer_back"] if steamer is not None else view["columns"] + 1

    def place(column: int) -> str:
        return "here" if column == steamer else "scored" if column < passed else ""

    rows = [
        h(
            "tr",
            h("td", "row", cls="label"),
            [h("td", column, cls="column") for column in columns],
            h("td", "VP", cls="side"),
            h("td", "bonus", cls="side"),
        )
    ]
    for row in range(len(view["row_points"]), 0, -1):
        cells = [
            h(
                "td",
                [tent(owner) for owner in view["tents"][column - 1][row - 1]],
                cls=f"field {place(column)}",
            )
            for column in columns
        ]
        rows.append(
            h(
                "tr",
                h("td", row, cls="label"),
                cells,
                h("td", view["row_points"][row - 1], cls="side"),
                h("td", f"+{view['majority'][row - 1]}", cls="side"),
            )
        )
    river = [
        h("td", chip(render.STEAMER, "tent steamer") if column == steamer else "~", cls="river")
        for column in columns
    ]
    rows.append(h("tr", h("td", "river", cls="label"), river, h("td"), h("td")))
    costs = [h("td", view["costs"][column - 1], cls=place(column)) for column in columns]
    rows.append(h("tr", h("td", "cost", cls="label"), costs, h("td"), h("td")))
    return h("table", rows, cls="map")


def _stones(counts: Mapping[str, int]) -> list[Markup] | str:
    return [chip(f"{stone} {count}", f"stone-{stone}") for stone, count in counts.items()] or "none"


def _player(player: Mapping[str, JSON], view: Mapping[str, JSON], names: Sequence[str]) -> Markup:
    seat = player["seat"]
    you = seat == view["you"]
    flags = [" (you)" if you else "", " (resigned)" if player["resigned"] else ""]
    turn = view["turn"]
    if turn is not None and turn["seat"] == seat:
        flags.append(" - to move")
    facts = h(
        "div",
        "gems: ",
        _stones(player["gems"]),
        f"; {player['tents_left']} tents left, {player['cards']} cards, "
        f"donated {player['donations']}x",
        cls="facts",
    )
    secret = None
    if "thalers" in player:
        secret = h(
            "div",
            f"thalers {player['thalers']}, chest {player['donated']}, hand: ",
            [chip(card, "card") for card in player["hand"]] or "none",
            cls="secret",
        )
    return h(
        "div",
        h(
            "div",
            tent(seat),
            " ",
            h("span", seat_name(seat, names), *flags, cls="you" if you else ""),
            f": {player['points']} VP",
        ),
        facts,
        secret,
        cls="player",
    )
