"""Livingstone in one screen, for a newcomer (the rulebook stays the source)."""

from __future__ import annotations

from shared.games.livingstone.notation import WORDS
from shared.guide import Example, Guide
from shared.words import LATER

GUIDE = Guide(
    rules=(
        LATER.gettext(
            "The steamer moves up a river of 10 columns, one column a round. A column has 6 rows, "
            "one per die face. At the round's end each tent in the steamer's column scores its "
            "row's VP."
        ),
        LATER.gettext(
            "Each round all dice are rolled, 2 per player. From the start player round the "
            "table, each takes one die and uses it; then again, each new die "
            "showing more than the one you took last this round, until nobody can take one."
        ),
        LATER.gettext(
            "A die is used for: card (draw an action card), thalers (take its pips), mine (draw "
            "its pips in stones: clear, blue and red gems are yours; black stones are gravel, "
            "worth nothing, and set aside beside the board; the white stone sends the "
            "set-aside stones back to the bag), or tent (on its row in the steamer's column, "
            "paying the column's cost and 1 thaler to each player already on that field)."
        ),
        LATER.gettext(
            "Any time in your turn: sell gems (clear 1, blue 3, red 5 thalers), play action "
            "cards, and donate thalers into your chest. Others learn that you donated, not how "
            "much; thalers, chests and hands are secret."
        ),
        LATER.gettext(
            "Cards: lion, rhino, antelope (4, 3, 2 VP), no-cost-tent, two-dice, ignore-die-value "
            "(a tent on any row), extra-tent, market (gems for thalers and VP), steamer-back, "
            "draw-3-stones, take-4-thalers, expedition (two halves: a free tent on any row). A "
            "drawn mine-collapse sends everyone's stones back to the bag."
        ),
        LATER.gettext(
            "At the end: each row's bonus to whoever has most tents in it (ties split), 1 VP a "
            "gem, animal cards in hand. Whoever donated least cannot win (two players: anyone "
            "whose donation is below the sum of 4 dice rolled at the end); then most VP wins, "
            "ties to the larger donation."
        ),
    ),
    notation=LATER.gettext(
        "one step per move, or a whole turn as steps separated by `;`, ended with `end`. A "
        "die is named by its pips, a field by column and row (c2r4)."
    ),
    examples=(
        Example("take 5 tent", LATER.gettext("a tent on row 5 of the steamer's column")),
        Example("take 3 mine", LATER.gettext("draw 3 stones from the bag")),
        Example("take 6 thalers", LATER.gettext("6 thalers")),
        Example("take 2 card", LATER.gettext("draw an action card, whatever the die")),
        Example("take 2 tent row 5", LATER.gettext("a tent on row 5, after ignore-die-value")),
        Example("take 4 tent from c2r4", LATER.gettext("two players, all tents placed: move one")),
        Example("sell blue", LATER.gettext("a blue gem for 3 thalers (`at market` after market)")),
        Example(
            "play extra-tent c2r4", LATER.gettext("play a card; lion, rhino, antelope score VP")
        ),
        Example("donate 2", LATER.gettext("2 thalers into your chest")),
        Example("sell red; take 4 tent; end", LATER.gettext("a whole turn")),
    ),
    typed=WORDS.words,
)
