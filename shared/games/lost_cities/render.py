"""Views and log events as plain text for a terminal or an email, in the notation people type."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shared.engine import JSON, Event, seat_name
from shared.games.lost_cities.cards import COLOUR_NAMES, COLOURS
from shared.legend import Key, key_line
from shared.text import WIDTH, wrapped
from shared.words import ENGLISH, Words

EMPTY = "-"
COLOUR_KEY = ", ".join(
    f"{letter} {name}" for letter, name in zip(COLOURS, COLOUR_NAMES, strict=True)
)
KEYS = (
    Key("Xn", "Xn", f"a card: its colour's letter X ({COLOUR_KEY}) and its value n, 2-10"),
    Key("Xw1-Xw3", "Xw1-Xw3", "the colour's wagers"),
    Key(EMPTY, EMPTY, "none"),
)
"""What the cards' ids mean (`shared.legend`): the text's key and the board's legend. X is no
colour's letter, so no card the reader may not see is named here."""
KNOWN = "known to all"
"""What the text and the board call the cards of a hand everyone saw taken from a discard pile."""


def _cards(cards: list[str]) -> str:
    return " ".join(cards) if cards else EMPTY


def _points(points: list[int], names: Sequence[str] = ()) -> str:
    """Points by seat; named (`ada 12 : bo 30`) where the caller knows the names."""
    if not names:
        return " : ".join(str(p) for p in points)
    return " : ".join(f"{seat_name(seat, names)} {p}" for seat, p in enumerate(points))


def _who(seat: JSON, viewer: JSON, names: Sequence[str]) -> str:
    return seat_name(seat, names) + (" (you)" if seat == viewer and viewer is not None else "")


def render_view(
    view: Mapping[str, JSON],
    names: Sequence[str] = (),
    width: int = WIDTH,
    compact: bool = False,
    words: Words = ENGLISH,
) -> str:
    """Both players' expeditions, the discard piles, your hand and the scores; a table small
    enough that `compact` leaves it whole."""
    viewer = view["seat"]
    header = f"Lost Cities, game {view['game']} of {view['rounds']}"
    if view["match"] == "best-of":
        header += " (best of)"
    lines = [header, f"Draw pile: {view['deck_left']} cards"]
    for seat, expeditions in enumerate(view["expeditions"]):
        lines.append(f"Expeditions of {_who(seat, viewer, names)} ({hand_summary(view, seat)}):")
        lines.extend(
            f"  {COLOUR_NAMES[COLOURS.index(letter)]:<7} {_cards(cards)}"
            for letter, cards in expeditions.items()
        )
    lines.append("Discard piles (top card last):")
    lines.extend(
        f"  {COLOUR_NAMES[COLOURS.index(letter)]:<7} {_cards(pile['cards'])}"
        for letter, pile in view["discards"].items()
    )
    if "hand" in view:
        lines.append(f"Your hand: {_cards(view['hand'])}")
    lines.extend(score_lines(view["scores"], names))
    stall = view.get("stall")
    if stall is not None:
        lines.append(
            f"No draw from the draw pile for {stall['turns']} of {stall['limit']} turns"
            + ("; the next draw must come from it." if stall["must_draw_deck"] else ".")
        )
    lines += [status_line(view, names), key_line(KEYS)]
    return "\n".join(wrapped(lines, width))


def hand_summary(view: Mapping[str, JSON], seat: int) -> str:
    """The size of a hand, and the cards of it everyone saw its holder take from a discard pile
    (`8 cards in hand, known to all: R7 G5`)."""
    known = view["known_cards"][seat]
    summary = f"{view['hand_sizes'][seat]} cards in hand"
    return f"{summary}, {KNOWN}: {_cards(known)}" if known else summary


def score_lines(scores: Mapping[str, JSON], names: Sequence[str]) -> list[str]:
    lines = [
        f"Game {number}: {_points(points, names)}"
        for number, points in enumerate(scores["games"], 1)
    ]
    current = scores.get("current")
    if current is not None:
        lines.append(f"This game so far: {_points(current['points'], names)}")
    if scores["games"]:
        totals, won = _points(scores["totals"], names), _points(scores["games_won"], names)
        lines.append(f"Totals: {totals} (games won {won})")
    return lines


def status_line(view: Mapping[str, JSON], names: Sequence[str]) -> str:
    if view["resigned"] is not None:
        return f"Match over: {seat_name(view['resigned'], names)} resigned."
    if view["over"]:
        return "Match over."
    return f"To move: {_who(view['to_act'], view['seat'], names)}"


def render_event(event: Event, names: Sequence[str] = (), words: Words = ENGLISH) -> str:
    who = seat_name(event["seat"], names)
    if event["action"] == "resign":
        return f"{who} resigned"
    line = f"{who}: {event['action']} {event['card']}, "
    if event["draw"] == "deck":
        drew = event.get("drew")
        line += "drew from the deck" + (f" ({drew})" if drew else "")
    else:
        line += f"took {event['drew']} from the {COLOUR_NAMES[COLOURS.index(event['draw'])]} pile"
    ended = event.get("game_end")
    if ended is not None:
        line += f"; game {ended['game']} over, {_points(ended['points'], names)}"
        line += f" (totals {_points(ended['totals'], names)})"
        if ended["next_starter"] is not None:
            line += f", {seat_name(ended['next_starter'], names)} starts game {ended['game'] + 1}"
        else:
            line += ", match over"
    return line
