"""A view as an HTML board: the table as the two players see it across it.

The other player's expeditions at the top, growing away from the middle; the discard piles in
the middle, their top cards showing; your expeditions below, growing towards you, then your
hand. Each card is its colour and its id, as moves name it (`R7`, `Bw2`); each expedition shows
its points so far. Drawn from the JSON view alone, like the text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from markupsafe import Markup

from shared.engine import JSON
from shared.games.lost_cities.cards import CODE_OF_ID
from shared.games.lost_cities.render import (
    KEYS,
    KNOWN,
    colour_word,
    heading,
    score_lines,
    stall_line,
    status_line,
    who,
)
from shared.games.lost_cities.scoring import expedition_points
from shared.games.lost_cities.state import SEATS
from shared.html import board, chip, h
from shared.legend import legend
from shared.words import ENGLISH, Words


def board_legend(words: Words) -> str:
    return words.gettext(
        "Each card shows its colour and its id, as moves name it. %(keys)s. Expeditions grow "
        "from the middle, the discard piles show their top card, and the small numbers are "
        "each expedition's points so far. The cards beside a player's name, %(known)s, are "
        "those everyone saw them take from a discard pile and still in their hand.",
        keys=legend(KEYS, board=True, words=words),
        known=KNOWN.said(words),
    )


PALETTE = {
    "Y": ("#f3c623", "#1f1b16", "#a8850c"),
    "B": ("#1f5fbf", "#ffffff", "#153f80"),
    "W": ("#ffffff", "#1f1b16", "#8a8171"),
    "G": ("#2b7a39", "#ffffff", "#1b4f25"),
    "R": ("#c3302a", "#ffffff", "#7f1f1b"),
    "P": ("#7b3fa3", "#ffffff", "#4f2869"),
}
"""Per colour letter: a card's face, its text and its edge (the move controls' swatches too)."""

STYLE = (
    """
.lost-cities .table { width: 100%; max-width: 540px; table-layout: fixed; }
.lost-cities .who { padding: 4px 2px; }
.lost-cities .colour { color: #ffffff; font-size: 12px; font-weight: bold; text-align: center;
  border-radius: 4px; padding: 2px 0; border: 1px solid #8a8171; }
.lost-cities .pile { text-align: center; padding: 4px 0;
  border-top: 2px dashed #c9bfa9; border-bottom: 2px dashed #c9bfa9; }
.lost-cities .stack { text-align: center; height: 32px; }
.lost-cities .stack .card { display: block; margin: 2px auto; }
.lost-cities .points { text-align: center; font-size: 12px; color: #5c554b; }
.lost-cities .card { color: #ffffff; width: 34px; padding: 4px 0; border-width: 2px;
  border-radius: 5px; font-size: 14px; }
.lost-cities .empty { color: #6b6357; background-color: transparent; border-style: dashed; }
.lost-cities .hand { margin-top: 8px; }
"""
    + "".join(
        f".lost-cities .c-{letter} {{ background-color: {face}; color: {text}; "
        f"border-color: {edge}; }}\n"
        for letter, (face, text, edge) in PALETTE.items()
    )
    + """@media (prefers-color-scheme: dark) {
  .lost-cities .pile { border-color: #5b5447 !important; }
  .lost-cities .points { color: #c9c1b3 !important; }
  .lost-cities .empty { color: #a59c8c !important; }
}
"""
)


def card(card_id: str) -> Markup:
    return chip(card_id, f"card c-{card_id[0]}")


def render_html(view: Mapping[str, JSON], names: Sequence[str] = (), words: Words = ENGLISH) -> str:
    viewer = view["seat"]
    you = viewer if viewer is not None else SEATS - 1
    (other,) = [seat for seat in range(SEATS) if seat != you]
    letters: list[str] = view["colours"]
    table = h(
        "table",
        _who_row(view, other, names, len(letters), words),
        _points_row(view, other, letters),
        _expedition_row(view, other, letters, reverse=True),
        h("tr", [h("td", _pile(view, letter, words), cls="pile") for letter in letters]),
        _expedition_row(view, you, letters, reverse=False),
        _points_row(view, you, letters),
        _who_row(view, you, names, len(letters), words),
        cls="table",
    )
    notes = [status_line(view, names, words), *score_lines(view["scores"], names, words)]
    if (stall := stall_line(view, words)) is not None:
        notes.append(stall)
    hand = view.get("hand")
    deck = words.ngettext("draw pile: %(num)d card", "draw pile: %(num)d cards", view["deck_left"])
    return board(
        "lost-cities",
        STYLE,
        f"{heading(view, words)} · {deck}",
        table,
        None
        if hand is None
        else h("div", words.gettext("Your hand:"), " ", [card(c) for c in hand], cls="hand"),
        [h("div", note, cls="note") for note in notes],
        legend=board_legend(words),
    )


def _who_row(
    view: Mapping[str, JSON], seat: int, names: Sequence[str], span: int, words: Words
) -> Markup:
    you = seat == view["seat"]
    size = view["hand_sizes"][seat]
    current = view["scores"].get("current")
    name = who(seat, view["seat"], names, words)
    if current is not None:
        text = words.ngettext(
            "%(who)s: %(num)d card in hand, %(points)d points this game",
            "%(who)s: %(num)d cards in hand, %(points)d points this game",
            size,
            who=name,
            points=current["points"][seat],
        )
    else:
        text = words.ngettext(
            "%(who)s: %(num)d card in hand", "%(who)s: %(num)d cards in hand", size, who=name
        )
    known = view["known_cards"][seat]
    shown = [f"; {KNOWN.said(words)}: ", [card(c) for c in known]] if known else []
    return h("tr", h("td", text, shown, cls="who you" if you else "who", colspan=span))


def _points_row(view: Mapping[str, JSON], seat: int, letters: list[str]) -> Markup:
    """Each expedition's points so far, over or under its cards (blank while not started),
    reckoned from its cards: a finished match's view has no game under way to take them from,
    and its board still shows (and its legend still promises) them."""
    expeditions = view["expeditions"][seat]
    return h(
        "tr",
        [
            h(
                "td",
                expedition_points([CODE_OF_ID[c] for c in expeditions[letter]])
                if expeditions[letter]
                else "",
                cls="points",
            )
            for letter in letters
        ],
    )


def _expedition_row(
    view: Mapping[str, JSON], seat: int, letters: list[str], reverse: bool
) -> Markup:
    cells = []
    for letter in letters:
        cards = view["expeditions"][seat][letter]
        cells.append(h("td", [card(c) for c in (cards[::-1] if reverse else cards)], cls="stack"))
    return h("tr", cells)


def _pile(view: Mapping[str, JSON], letter: str, words: Words) -> Markup:
    pile = view["discards"][letter]
    top = pile["top"]
    size = len(pile["cards"])
    return h(
        "div",
        h("div", colour_word(letter, words), cls=f"colour c-{letter}"),
        card(top) if top is not None else chip("-", "card empty", words.gettext("no discards")),
        h(
            "div",
            words.ngettext("%(num)d discarded", "%(num)d discarded", size)
            if size
            else words.gettext("none"),
            cls="points",
        ),
    )
