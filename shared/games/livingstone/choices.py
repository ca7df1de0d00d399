"""A Livingstone step in a few touches (`shared.choices`): first what to do (take a die by its
pips, sell, donate, play a card, end the turn), then with what. At most 6 dice and 4 other
steps; 4 uses of a die; 6 rows; 10 columns; 6 gems at the bank or market; 10 kinds of card to
play; a donation narrowed by tens when there are more than a dozen thalers to give: no choice
offers more than `shared.choices.MOST`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shared.choices import Choice, Step, ranged
from shared.engine import JSON, Move
from shared.games.livingstone.html import STONE_COLOURS
from shared.games.livingstone.render import card_name
from shared.words import ENGLISH, Words


def gem_name(gem: str, words: Words) -> str:
    return {
        "clear": words.pgettext("gem", "clear"),
        "blue": words.pgettext("gem", "blue"),
        "red": words.pgettext("gem", "red"),
    }[gem]


def choices(
    view: Mapping[str, JSON], moves: Sequence[Move], words: Words = ENGLISH
) -> list[Choice]:
    most = max((move["amount"] for move in moves if move["action"] == "donate"), default=0)
    what = words.gettext("What next?")
    return [_choice(move, what, most, words) for move in moves]


def _choice(move: Move, what: str, most: int, words: Words) -> Choice:
    action = move["action"]
    if action == "take":
        return _take(move, what, words)
    if action == "sell":
        gem, market = move["gem"], bool(move.get("market"))
        name = gem_name(gem, words).capitalize()
        which, swatch = words.gettext("Sell which gem, where?"), STONE_COLOURS[gem][0]
        sold = (
            Step(f"{gem}-market", words.gettext("%(gem)s at the market", gem=name), which, swatch)
            if market
            else Step(gem, words.gettext("%(gem)s to the bank", gem=name), which, swatch)
        )
        said = (
            words.gettext("Sell a gem (%(gem)s) at the market", gem=gem_name(gem, words))
            if market
            else words.gettext("Sell a gem (%(gem)s) to the bank", gem=gem_name(gem, words))
        )
        return Choice((Step("sell", words.gettext("Sell a gem"), what), sold), said)
    if action == "donate":
        amount: int = move["amount"]
        how_much = words.gettext("How much?")
        narrowed = ranged(
            amount,
            most,
            how_much,
            lambda low, high: words.gettext("%(low)d to %(high)d", low=low, high=high),
        )
        given = words.ngettext("%(num)d thaler", "%(num)d thalers", amount)
        return Choice(
            (
                Step("donate", words.gettext("Donate"), what),
                *narrowed,
                Step(str(amount), given, how_much),
            ),
            words.ngettext("Donate %(num)d thaler", "Donate %(num)d thalers", amount),
        )
    if action == "play":
        card = move["card"]
        name = card_name(card, words)
        played = (
            Step("play", words.gettext("Play a card"), what),
            Step(card, name, words.gettext("Which card?")),
        )
        at = move.get("at")
        if at is None:
            return Choice(played, words.gettext("Play %(card)s", card=name))
        column, row = at
        return Choice(
            (*played, *_field("at", column, row, words.gettext("Where: which column?"), words)),
            words.gettext(
                "Play %(card)s: a tent in column %(column)d, row %(row)d",
                card=name,
                column=column,
                row=row,
            ),
        )
    return Choice((Step("end", words.gettext("End my turn"), what),), words.gettext("End my turn"))


def _take(move: Move, what: str, words: Words) -> Choice:
    pips, use = move["die"], move["use"]
    how = words.gettext("Use the %(pips)d for what?", pips=pips)
    steps = [
        Step(f"die-{pips}", words.gettext("Take the %(pips)d", pips=pips), what),
        Step(use, _use_label(use, pips, words), how),
    ]
    if use != "tent":
        return Choice(tuple(steps), _use_said(use, pips, words))
    row, source = move.get("row"), move.get("from")
    if row is not None:
        steps.append(Step(f"row-{row}", _row(row, words), words.gettext("In which row?")))
    if source is None:
        said = (
            words.gettext("Take the %(pips)d and place a tent", pips=pips)
            if row is None
            else words.gettext(
                "Take the %(pips)d and place a tent in row %(row)d", pips=pips, row=row
            )
        )
        return Choice(tuple(steps), said)
    column, from_row = source
    asks = words.gettext("Move which of your tents? Its column:")
    steps.extend(_field("from", column, from_row, asks, words))
    said = (
        words.gettext(
            "Take the %(pips)d and move your tent from column %(column)d, row %(from_row)d",
            pips=pips,
            column=column,
            from_row=from_row,
        )
        if row is None
        else words.gettext(
            "Take the %(pips)d and move your tent from column %(column)d, row %(from_row)d "
            "to row %(row)d",
            pips=pips,
            column=column,
            from_row=from_row,
            row=row,
        )
    )
    return Choice(tuple(steps), said)


def _field(name: str, column: int, row: int, asks: str, words: Words) -> tuple[Step, Step]:
    """A field of the map in two choices, its column then its row (at most 10, then 6)."""
    return (
        Step(f"{name}-c{column}", words.gettext("Column %(column)d", column=column), asks),
        Step(f"{name}-r{row}", _row(row, words), words.gettext("Which row?")),
    )


def _row(row: int, words: Words) -> str:
    return words.gettext("Row %(row)d", row=row)


def _use_label(use: str, pips: int, words: Words) -> str:
    return {
        "card": words.gettext("Draw a card"),
        "thalers": words.ngettext("Take %(num)d thaler", "Take %(num)d thalers", pips),
        "mine": words.ngettext("Mine: draw %(num)d stone", "Mine: draw %(num)d stones", pips),
        "tent": words.gettext("Place a tent"),
    }[use]


def _use_said(use: str, pips: int, words: Words) -> str:
    return {
        "card": words.gettext("Take the %(pips)d and draw a card", pips=pips),
        "thalers": words.ngettext(
            "Take the %(pips)d and %(num)d thaler",
            "Take the %(pips)d and %(num)d thalers",
            pips,
            pips=pips,
        ),
        "mine": words.ngettext(
            "Take the %(pips)d and draw %(num)d stone",
            "Take the %(pips)d and draw %(num)d stones",
            pips,
            pips=pips,
        ),
    }[use]
