"""Views and log events as plain text for a terminal or an email, in the notation people type
(card ids, pile letters) and the reader's words for everything else (`shared.words`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shared.engine import JSON, Event, seat_name
from shared.games.lost_cities.cards import COLOUR_WORDS, COLOURS
from shared.legend import Key, key_line
from shared.words import ENGLISH, LATER, Words

EMPTY = "-"
COLOUR_KEY = LATER.gettext("Y yellow, B blue, W white, G green, R red, P purple")
KEYS = (
    Key(
        "Xn",
        "Xn",
        LATER.gettext(
            "a card: its colour's letter X (%(colours)s) and its value n, 2-10",
            colours=COLOUR_KEY,
        ),
    ),
    Key("Xw1-Xw3", "Xw1-Xw3", LATER.gettext("the colour's wagers")),
    Key(EMPTY, EMPTY, LATER.gettext("none")),
)
"""What the cards' ids mean (`shared.legend`): the text's key and the board's legend. X is no
colour's letter, so no card the reader may not see is named here."""
KNOWN = LATER.gettext("known to all")
"""What the text and the board call the cards of a hand everyone saw taken from a discard pile."""


def colour_word(letter: str, words: Words) -> str:
    """A colour, by its letter (the notation's), as people read it."""
    return COLOUR_WORDS[COLOURS.index(letter)].said(words)


def cards_text(cards: list[str]) -> str:
    return " ".join(cards) if cards else EMPTY


def points_text(points: list[int], names: Sequence[str] = (), words: Words = ENGLISH) -> str:
    """Points by seat; named (`ada 12 : bo 30`) where the caller knows the names."""
    if not names:
        return " : ".join(str(p) for p in points)
    return " : ".join(f"{seat_name(seat, names, words)} {p}" for seat, p in enumerate(points))


def who(seat: JSON, viewer: JSON, names: Sequence[str], words: Words) -> str:
    name = seat_name(seat, names, words)
    if seat == viewer and viewer is not None:
        return words.gettext("%(name)s (you)", name=name)
    return name


def heading(view: Mapping[str, JSON], words: Words) -> str:
    """`Lost Cities, game 2 of 3`: the first line of the text and of the board."""
    values = {"game": view["game"], "rounds": view["rounds"]}
    if view["match"] == "best-of":
        return words.gettext("Lost Cities, game %(game)d of %(rounds)d (best of)", **values)
    return words.gettext("Lost Cities, game %(game)d of %(rounds)d", **values)


def view_lines(
    view: Mapping[str, JSON], names: Sequence[str], compact: bool, words: Words
) -> list[str]:
    """Both players' expeditions, the discard piles, your hand and the scores; a table small
    enough that `compact` leaves it whole."""
    viewer = view["seat"]
    letters = [letter for letter in COLOURS if letter in view["discards"]]
    column = max(7, *(len(colour_word(letter, words)) for letter in letters))
    deck = view["deck_left"]
    lines = [
        heading(view, words),
        words.ngettext("Draw pile: %(num)d card", "Draw pile: %(num)d cards", deck),
    ]
    for seat, expeditions in enumerate(view["expeditions"]):
        hand = hand_summary(view, seat, words)
        if seat == viewer:
            lines.append(words.gettext("Your expeditions (%(hand)s):", hand=hand))
        else:
            name = seat_name(seat, names, words)
            lines.append(words.gettext("Expeditions of %(name)s (%(hand)s):", name=name, hand=hand))
        lines.extend(
            f"  {colour_word(letter, words):<{column}} {cards_text(cards)}"
            for letter, cards in expeditions.items()
        )
    lines.append(words.gettext("Discard piles (top card last):"))
    lines.extend(
        f"  {colour_word(letter, words):<{column}} {cards_text(pile['cards'])}"
        for letter, pile in view["discards"].items()
    )
    if "hand" in view:
        lines.append(words.gettext("Your hand: %(cards)s", cards=cards_text(view["hand"])))
    lines.extend(score_lines(view["scores"], names, words))
    if (stall := stall_line(view, words)) is not None:
        lines.append(stall)
    lines += [status_line(view, names, words), key_line(KEYS, words)]
    return lines


def hand_summary(view: Mapping[str, JSON], seat: int, words: Words) -> str:
    """The size of a hand, and the cards of it everyone saw its holder take from a discard pile
    (`8 cards in hand, known to all: R7 G5`)."""
    known = view["known_cards"][seat]
    size = view["hand_sizes"][seat]
    if known:
        return words.ngettext(
            "%(num)d card in hand, %(known)s: %(cards)s",
            "%(num)d cards in hand, %(known)s: %(cards)s",
            size,
            known=KNOWN.said(words),
            cards=cards_text(known),
        )
    return words.ngettext("%(num)d card in hand", "%(num)d cards in hand", size)


def score_lines(scores: Mapping[str, JSON], names: Sequence[str], words: Words) -> list[str]:
    lines = [
        words.gettext(
            "Game %(number)d: %(points)s", number=number, points=points_text(points, names, words)
        )
        for number, points in enumerate(scores["games"], 1)
    ]
    current = scores.get("current")
    if current is not None:
        so_far = points_text(current["points"], names, words)
        lines.append(words.gettext("This game so far: %(points)s", points=so_far))
    if scores["games"]:
        lines.append(
            words.gettext(
                "Totals: %(totals)s (games won %(won)s)",
                totals=points_text(scores["totals"], names, words),
                won=points_text(scores["games_won"], names, words),
            )
        )
    return lines


def stall_line(view: Mapping[str, JSON], words: Words) -> str | None:
    """The house rule's count of turns with no draw from the draw pile, where it is played."""
    stall = view.get("stall")
    if stall is None:
        return None
    counts = {"turns": stall["turns"], "limit": stall["limit"]}
    if stall["must_draw_deck"]:
        return words.ngettext(
            "No draw from the draw pile for %(turns)d of %(num)d turn; the next draw must "
            "come from it.",
            "No draw from the draw pile for %(turns)d of %(num)d turns; the next draw must "
            "come from it.",
            stall["limit"],
            **counts,
        )
    return words.ngettext(
        "No draw from the draw pile for %(turns)d of %(num)d turn.",
        "No draw from the draw pile for %(turns)d of %(num)d turns.",
        stall["limit"],
        **counts,
    )


def status_line(view: Mapping[str, JSON], names: Sequence[str], words: Words) -> str:
    if view["resigned"] is not None:
        return words.gettext(
            "Match over: %(name)s resigned.", name=seat_name(view["resigned"], names, words)
        )
    if view["over"]:
        return words.gettext("Match over.")
    return words.gettext("To move: %(who)s", who=who(view["to_act"], view["seat"], names, words))


def render_event(event: Event, names: Sequence[str] = (), words: Words = ENGLISH) -> str:
    name = seat_name(event["seat"], names, words)
    if event["action"] == "resign":
        return words.gettext("%(name)s resigned", name=name)
    card = event["card"]
    if event["draw"] == "deck":
        drew = event.get("drew")
        if drew:
            took = words.gettext("drew from the deck (%(card)s)", card=drew)
        else:
            took = words.gettext("drew from the deck")
    else:
        took = words.gettext(
            "took %(card)s from the %(colour)s pile",
            card=event["drew"],
            colour=colour_word(event["draw"], words),
        )
    if event["action"] == "play":
        line = words.gettext("%(name)s: play %(card)s, %(took)s", name=name, card=card, took=took)
    else:
        line = words.gettext(
            "%(name)s: discard %(card)s, %(took)s", name=name, card=card, took=took
        )
    ended = event.get("game_end")
    if ended is None:
        return line
    values = {
        "line": line,
        "game": ended["game"],
        "points": points_text(ended["points"], names, words),
        "totals": points_text(ended["totals"], names, words),
    }
    if ended["next_starter"] is None:
        return words.gettext(
            "%(line)s; game %(game)d over, %(points)s (totals %(totals)s), match over", **values
        )
    return words.gettext(
        "%(line)s; game %(game)d over, %(points)s (totals %(totals)s), %(starter)s starts "
        "game %(next)d",
        starter=seat_name(ended["next_starter"], names, words),
        next=ended["game"] + 1,
        **values,
    )
