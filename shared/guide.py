"""A game's rules for a newcomer: one screen of summary, and its notation by example.

The rulebooks stay the source; a guide says what a player needs to start, in few words and in
this service's notation, so that `turnpost rules TYPE`, the API
(`GET /game-types/{type}/rules`) and a mail's `help` answer all tell the same. Each game keeps
its guide in its own `guide.py`; every example in it is a move its notation reads (a test
checks them all).

A guide is written once, in English, as messages of the shared catalog (`shared.words.Sentence`),
and said in the reader's language when described: the Polish and German catalogs hold each
point as written from those languages' own rulebooks, in their words for the game's things.
So every language's guide has the same points, examples and notation (one structure, which
the tests hold to a screen), while its wording is the rulebook's, not a translation's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from shared.text import WIDTH, prose
from shared.words import ENGLISH, Sentence, Words

EXAMPLE_COLUMN = 26
"""Where an example's meaning starts; a longer move has its meaning on the line below."""
MEANS = " " * EXAMPLE_COLUMN


@dataclass(frozen=True)
class Example:
    """A move as it is typed, and what it does."""

    move: str
    means: Sentence


@dataclass(frozen=True)
class Guide:
    """The rules in short (`rules`, one point each), how moves are written (`notation`), and
    moves that show it (`examples`)."""

    rules: tuple[Sentence, ...]
    notation: Sentence
    examples: tuple[Example, ...]
    typed: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)
    """The words people may type for the notation's, by language (the game's `notation.WORDS`,
    `shared.aliases`): a guide shows its reader's own."""

    def describe(self, words: Words = ENGLISH) -> dict[str, Any]:
        """The guide as JSON, as the API answers it, in the reader's `words`."""
        return {
            "rules": [point.said(words) for point in self.rules],
            "notation": self.notation.said(words),
            "examples": [{"move": e.move, "means": e.means.said(words)} for e in self.examples],
            "typed": [
                {"word": word, "typed": [alias.replace("*", "…") for alias in own]}
                for word, by_language in self.typed.items()
                if (own := by_language.get(words.language))
            ],
        }


def guide_text(described: Mapping[str, Any], width: int = WIDTH, words: Words = ENGLISH) -> str:
    """A described guide (`Engine.describe_rules`) as text for a screen `width` columns wide:
    the game, its rules point by point, then how to write moves; `words` those the guide was
    described in."""
    low, high = described["min_players"], described["max_players"]
    game = {"game": described["title"], "id": described["id"]}
    if low == high:
        title = words.ngettext(
            "%(game)s (%(id)s), %(num)d player", "%(game)s (%(id)s), %(num)d players", low, **game
        )
    else:
        title = words.gettext(
            "%(game)s (%(id)s), %(low)d to %(high)d players", low=low, high=high, **game
        )
    lines = [*prose(title, width), ""]
    for point in described["rules"]:
        lines += prose(point, width, "- ", "  ")
    return "\n".join(
        [*lines, "", notation_text(described, width, words), *typed_text(described, width, words)]
    )


def typed_text(described: Mapping[str, Any], width: int, words: Words) -> list[str]:
    """The reader's own words a move may use, each with the notation's word it stands for; none
    for a reader of the notation's language."""
    if not described["typed"]:
        return []
    said = "; ".join(
        f"{', '.join(typed['typed'])} ({typed['word']})" for typed in described["typed"]
    )
    return [
        "",
        *prose(words.gettext("You may also write: %(words)s", words=said), width),
    ]


def notation_text(described: Mapping[str, Any], width: int = WIDTH, words: Words = ENGLISH) -> str:
    """How moves are written, then the examples in two columns: the move, what it does (on
    the line below, where the move is too long or the screen too narrow)."""
    lines = prose(words.gettext("Moves: %(notation)s", notation=described["notation"]), width)
    side_by_side = width >= EXAMPLE_COLUMN + 20
    for example in described["examples"]:
        lead = f"  {example['move']}"
        if side_by_side and len(lead) + 2 <= EXAMPLE_COLUMN:
            lines += prose(example["means"], width, lead.ljust(EXAMPLE_COLUMN), MEANS)
        else:
            indent = MEANS if side_by_side else "    "
            lines += [lead, *prose(example["means"], width, indent, indent)]
    return "\n".join(lines)
