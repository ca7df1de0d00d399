"""A Lost Cities turn in three touches: a card of the hand, play or discard it, then the deck or
a discard pile's top card (`shared.choices`). At most 8 cards, 2 ways and 7 places to draw
from: no choice offers more than `shared.choices.MOST`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shared.choices import Choice, Step
from shared.engine import JSON, Move
from shared.games.lost_cities.html import PALETTE
from shared.games.lost_cities.moves import DECK_WORD, PLAY
from shared.games.lost_cities.render import colour_word
from shared.words import ENGLISH, Words


def choices(
    view: Mapping[str, JSON], moves: Sequence[Move], words: Words = ENGLISH
) -> list[Choice]:
    which = words.gettext("Which card?")
    return [_choice(view, move, which, words) for move in moves]


def _choice(view: Mapping[str, JSON], move: Move, which: str, words: Words) -> Choice:
    card, draw, play = move["card"], move["draw"], move["action"] == PLAY
    how = words.gettext("Play %(card)s or discard it?", card=card)
    action = (
        Step(PLAY, words.gettext("Play %(card)s", card=card), how)
        if play
        else Step("discard", words.gettext("Discard %(card)s", card=card), how)
    )
    where = words.gettext("Draw from where?")
    if draw == DECK_WORD:
        left: int = view["deck_left"]
        source = Step(
            DECK_WORD,
            words.ngettext("The deck (%(num)d card)", "The deck (%(num)d cards)", left),
            where,
        )
        said = (
            words.gettext("Play %(card)s, then draw from the deck", card=card)
            if play
            else words.gettext("Discard %(card)s, then draw from the deck", card=card)
        )
    else:
        top: str = view["discards"][draw]["top"]
        source = Step(
            draw,
            words.gettext(
                "%(colour)s pile: %(top)s", colour=colour_word(draw, words).capitalize(), top=top
            ),
            where,
            PALETTE[draw][0],
        )
        said = (
            words.gettext("Play %(card)s, then take %(top)s from the discards", card=card, top=top)
            if play
            else words.gettext(
                "Discard %(card)s, then take %(top)s from the discards", card=card, top=top
            )
        )
    return Choice((Step(card, card, which, PALETTE[card[0]][0]), action, source), said)
