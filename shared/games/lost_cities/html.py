"""A view as an HTML board: the table as the two players see it across it.

The other player's expeditions at the top, growing away from the middle; the discard piles in
the middle, their top cards showing; your expeditions below, growing towards you, then your
hand. Each card is its colour and its id, as moves name it (`R7`, `Bw2`); each expedition shows
its points so far. Drawn from the JSON view alone, like the text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from markupsafe import Markup

from shared.engine import JSON, seat_name
from shared.games.lost_cities.cards import CODE_OF_ID, COLOUR_NAMES, COLOURS
from shared.games.lost_cities.render import KEYS, KNOWN, score_lines, status_line
from shared.games.lost_cities.scoring import expedition_points
from shared.games.lost_cities.state import SEATS
from shared.html import board, chip, h
from shared.legend import legend
from shared.words import ENGLISH, Words

LEGEND = (
    f"Each card shows its colour and its id, as moves name it. {legend(KEYS, board=True)}. "
    "Expeditions grow from the middle, the discard piles show their top card, and the small "
    "numbers are each expedition's points so far. The cards beside a player's name, "
    f"{KNOWN}, are those everyone saw them take from a discard pile and still in their hand."
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


def _colour_name(letter: str) -> str:
    return COLOUR_NAMES[COLOURS.index(letter)]


def render_html(view: Mapping[str, JSON], names: Sequence[str] = (), words: Words = ENGLISH) -> str:
    viewer = view["seat"]
    you = viewer if viewer is not None else SEATS - 1
    (other,) = [seat for seat in range(SEATS) if seat != you]
    letters: list[str] = view["colours"]
    header = f"Lost Cities, game {view['game']} of {view['rounds']}"
    if view["match"] == "best-of":
        header += " (best of)"
    table = h(
        "table",
        _who_row(view, other, names, len(letters)),
        _points_row(view, other, letters),
        _expedition_row(view, other, letters, reverse=True),
        h("tr", [h("td", _pile(view, letter), cls="pile") for letter in letters]),
        _expedition_row(view, you, letters, reverse=False),
        _points_row(view, you, letters),
        _who_row(view, you, names, len(letters)),
        cls="table",
    )
    notes = [status_line(view, names), *score_lines(view["scores"], names)]
    stall = view.get("stall")
    if stall is not None:
        notes.append(
            f"No draw from the draw pile for {stall['turns']} of {stall['limit']} turns"
            + ("; the next draw must come from it." if stall["must_draw_deck"] else ".")
        )
    hand = view.get("hand")
    return board(
        "lost-cities",
        STYLE,
        f"{header} · draw pile: {view['deck_left']} cards",
        table,
        None if hand is None else h("div", "Your hand: ", [card(c) for c in hand], cls="hand"),
        [h("div", note, cls="note") for note in notes],
        legend=LEGEND,
    )


def _who_row(view: Mapping[str, JSON], seat: int, names: Sequence[str], span: int) -> Markup:
    you = seat == view["seat"]
    who = seat_name(seat, names) + (" (you)" if you else "")
    text = f"{who}: {view['hand_sizes'][seat]} cards in hand"
    current = view["scores"].get("current")
    if current is not None:
        text += f", {current['points'][seat]} points this game"
    known = view["known_cards"][seat]
    shown = [f"; {KNOWN}: ", [card(c) for c in known]] if known else []
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


def _pile(view: Mapping[str, JSON], letter: str) -> Markup:
    pile = view["discards"][letter]
    top = pile["top"]
    size = len(pile["cards"])
    return h(
        "div",
        h("div", _colour_name(letter), cls=f"colour c-{letter}"),
        card(top) if top is not None else chip("-", "card empty", "no discards"),
        h("div", f"{size} discarded" if size else "none", cls="points"),
    )
