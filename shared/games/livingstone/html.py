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


def board_legend(words: Words) -> str:
    return words.gettext(
        "%(keys)s. Tents carry their player's seat number in the player's colour; a row is a "
        "die's pips, a column's tent costs the thalers below it, and the steamer has scored "
        "the grey columns.",
        keys=legend(render.keys(words), board=True, words=words),
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
    none = words.gettext("none")
    taken = [chip(pips, f"die seat-{seat % len(SEAT_COLOURS)}") for seat, pips in view["taken"]]
    dice = h(
        "div",
        words.gettext("Dice left:"),
        " ",
        [chip(pips, "die") for pips in view["dice"]] or none,
        "; ",
        words.gettext("taken:"),
        " ",
        taken or none,
        "; ",
        words.gettext("start player: %(name)s", name=seat_name(view["start_player"], names, words)),
        cls="note",
    )
    stones = h(
        "div",
        words.ngettext("Bag: %(num)d stone", "Bag: %(num)d stones", view["bag"]),
        "; ",
        words.gettext("set aside:"),
        " ",
        _stones(view["set_aside"], words),
        "; ",
        words.ngettext("deck: %(num)d card", "deck: %(num)d cards", view["deck"]),
        "; ",
        words.gettext("played:"),
        " ",
        [chip(render.card_name(card, words), "card") for card in view["played"]] or none,
        cls="note",
    )
    turn = view["turn"]
    result = view["result"]
    return board(
        "livingstone",
        STYLE,
        render.heading(view, words),
        _map(view, words),
        dice,
        stones,
        [_player(player, view, names, words) for player in view["players"]],
        None if turn is None else h("div", render.turn_line(turn, names, words), cls="note"),
        None
        if result is None
        else [h("div", line, cls="note") for line in render.result_lines(result, names, words)],
        legend=board_legend(words),
    )


def _map(view: Mapping[str, JSON], words: Words) -> Markup:
    """Rows 6 at the top to 1 at the bottom, then the river and the costs."""
    columns = range(1, view["columns"] + 1)
    steamer = view["steamer"]
    passed = steamer + view["steamer_back"] if steamer is not None else view["columns"] + 1

    def place(column: int) -> str:
        return "here" if column == steamer else "scored" if column < passed else ""

    rows = [
        h(
            "tr",
            h("td", words.gettext("row"), cls="label"),
            [h("td", column, cls="column") for column in columns],
            h("td", render.VP.said(words), cls="side"),
            h("td", render.BONUS.said(words), cls="side"),
        )
    ]
    for row in range(len(view["row_points"]), 0, -1):
        fields = [
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
                fields,
                h("td", view["row_points"][row - 1], cls="side"),
                h("td", f"+{view['majority'][row - 1]}", cls="side"),
            )
        )
    river = [
        h("td", chip(render.STEAMER, "tent steamer") if column == steamer else "~", cls="river")
        for column in columns
    ]
    rows.append(h("tr", h("td", words.gettext("river"), cls="label"), river, h("td"), h("td")))
    costs = [h("td", view["costs"][column - 1], cls=place(column)) for column in columns]
    rows.append(h("tr", h("td", words.gettext("cost"), cls="label"), costs, h("td"), h("td")))
    return h("table", rows, cls="map")


def _stones(counts: Mapping[str, int], words: Words) -> list[Markup] | str:
    return [
        chip(f"{render.STONES[stone].said(words)} {count}", f"stone-{stone}")
        for stone, count in counts.items()
    ] or words.gettext("none")


def _player(
    player: Mapping[str, JSON], view: Mapping[str, JSON], names: Sequence[str], words: Words
) -> Markup:
    seat = player["seat"]
    you = seat == view["you"]
    name = seat_name(seat, names, words)
    flags = [words.gettext("%(name)s (you)", name=name) if you else name]
    if player["resigned"]:
        flags.append(" " + words.gettext("(resigned)"))
    turn = view["turn"]
    if turn is not None and turn["seat"] == seat:
        flags.append(" - " + words.gettext("to move"))
    facts = h(
        "div",
        words.gettext("gems:"),
        " ",
        _stones(player["gems"], words),
        "; ",
        words.gettext(
            "%(tents)s, %(cards)s, donated %(donations)dx",
            tents=words.ngettext("%(num)d tent left", "%(num)d tents left", player["tents_left"]),
            cards=words.ngettext("%(num)d card", "%(num)d cards", player["cards"]),
            donations=player["donations"],
        ),
        cls="facts",
    )
    secret = None
    if "thalers" in player:
        secret = h(
            "div",
            words.gettext(
                "thalers %(thalers)d, chest %(chest)d, hand:",
                thalers=player["thalers"],
                chest=player["donated"],
            ),
            " ",
            [chip(render.card_name(card, words), "card") for card in player["hand"]]
            or words.gettext("none"),
            cls="secret",
        )
    return h(
        "div",
        h(
            "div",
            tent(seat),
            " ",
            h("span", *flags, cls="you" if you else ""),
            ": ",
            words.gettext("%(points)d VP", points=player["points"]),
        ),
        facts,
        secret,
        cls="player",
    )
