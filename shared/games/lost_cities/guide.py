"""Lost Cities in one screen, for a newcomer (the rulebooks stay the source).

Written in English from the rules (`shared.guide`); the Polish and German catalogs say each
point as the Polish ("Zaginione Miasta", Kosmos) and German (Kosmos) rulebooks do."""

from __future__ import annotations

from shared.games.lost_cities.notation import WORDS
from shared.guide import Example, Guide
from shared.words import LATER

GUIDE = Guide(
    rules=(
        LATER.gettext(
            "Two players build expeditions in five colours: yellow, blue, white, green, red "
            "(purple too with the option colours=6). Each colour has number cards 2-10 and three "
            "wager cards. Each player holds 8 cards; the rest is the draw pile."
        ),
        LATER.gettext(
            "A turn: first play a card onto your own expedition of its colour, or discard it "
            "face up onto that colour's discard pile; then draw a card from the draw pile or from "
            "the top of a discard pile (not the card you just discarded)."
        ),
        LATER.gettext(
            "An expedition's number cards must rise: each higher than the one before (gaps are "
            "fine). Wagers go first, before any number card of their colour."
        ),
        LATER.gettext(
            "A game ends as soon as the last card of the draw pile is drawn. Each expedition you "
            "started scores (its numbers' sum - 20) x (1 + its wagers), and 20 more if it holds 8 "
            "or more cards; one never started scores 0."
        ),
        LATER.gettext(
            "A match is three games, their points added up (option rounds=1 plays one; "
            "match=best-of plays to two won games). The higher total (or more games won) wins."
        ),
        LATER.gettext(
            "Hands and the draw pile's order are hidden, but for the cards a player took from a "
            "discard pile, shown as known to all until played or discarded; expeditions and "
            "discards are open. House rule: after 12 turns in a row with no draw from the draw "
            "pile, the next must be (option stall_limit)."
        ),
    ),
    notation=LATER.gettext(
        "a turn is one move: play or discard, the card, and where you draw from. A card is "
        "its colour's letter (Y B W G R, P purple) and its value, or w1-w3 for the wagers; "
        "a discard pile is its colour's letter. Case does not matter."
    ),
    examples=(
        Example(
            "play R7 draw deck",
            LATER.gettext("play red 7 on your red expedition, draw from the deck"),
        ),
        Example("play Bw2 draw deck", LATER.gettext("play a blue wager (before any blue number)")),
        Example(
            "discard G4 draw R", LATER.gettext("discard green 4, take the red pile's top card")
        ),
        Example("resign", LATER.gettext("give up the match")),
    ),
    typed=WORDS.words,
)
