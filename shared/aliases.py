"""The words people may type for a move in their own language, beside the notation's.

A game's notation is one, canonical and English (`play R7 draw deck`, `red 3`, `take 5 tent`):
scripts write it, `format_move` writes it back, and every answer shows it. A person typing in
a mail, at the command line or on a page may also name the verbs and colours as their
rulebook does (`zagraj R7 dobierz stos`, `rot 3`, `weź 5 namiot`): each game's `notation.py`
lists those words as data (`WORDS`, an `Aliases`), and `canonical` puts the notation's word
in place of each before the game's parser reads the text.

The words of every language are read at once: the parser need not know its reader's language
(a mail's reply, a script's locale), and a German player's colour is read in a Polish
player's game. A word that means two things (the same word in two languages, a stem that
reaches two words, or a word that says two moves, as Polish `rezygnuję` says both refusing
the dice and resigning) is never guessed: the move is refused, naming each meaning it could
have. Words are matched whole, in any case, with or without the marks on their letters
(`zolty` for `żółty`; `gruen`, where people write it so, is listed as a word of its own); one
ending in `*` is a stem that takes any ending (`czerwon*`: Polish declines its colours).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from shared.engine import IllegalMove
from shared.words import LATER

_SPELT = {"ł": "l", "ß": "s"}


def folded(text: str) -> str:
    """Text as words are matched, letter for letter (so a place in it is the same place in
    the text): lower case, the marks on letters dropped (`ż` as `z`, `ü` as `u`)."""
    return "".join(_letter(character) for character in text)


def _letter(character: str) -> str:
    lower = character.lower()
    if len(lower) != 1:
        return character
    base = unicodedata.normalize("NFKD", _SPELT.get(lower, lower))[0]
    return base


def _pattern(word: str) -> str:
    stem = word.endswith("*")
    return re.escape(folded(word.rstrip("*"))).replace(r"\ ", r"\s+") + (r"\w*" if stem else "")


class Aliases:
    """A game's typed words in other languages: each word of the notation (`play`, `red`) with
    what people may write for it, by language (`{"play": {"pl": ("zagraj",), …}}`)."""

    def __init__(self, words: Mapping[str, Mapping[str, tuple[str, ...]]]) -> None:
        self.words = {meaning: dict(by_language) for meaning, by_language in words.items()}
        self._meanings = [
            (re.compile(_pattern(alias)), meaning)
            for meaning, by_language in self.words.items()
            for aliases in by_language.values()
            for alias in aliases
        ]
        alternatives = sorted({pattern.pattern for pattern, _ in self._meanings}, key=len)
        self._any = re.compile(
            rf"(?<![\w-])(?:{'|'.join(reversed(alternatives))})(?![\w-])"
            if alternatives
            else r"(?!)"
        )

    def canonical(self, text: str) -> str:
        """`text` with each word of another language replaced by the notation's; unchanged if
        it has none. IllegalMove('ambiguous_word') for a word of several meanings."""
        pieces, last = [], 0
        for found in self._any.finditer(folded(text)):
            meanings = sorted({m for pattern, m in self._meanings if pattern.fullmatch(found[0])})
            word = text[found.start() : found.end()]
            if len(meanings) > 1:
                raise IllegalMove(
                    "ambiguous_word",
                    LATER.gettext(
                        "'%(word)s' could mean %(meanings)s: write the one you mean",
                        word=word,
                        meanings=" | ".join(meanings),
                    ),
                )
            pieces += [text[last : found.start()], meanings[0]]
            last = found.end()
        return "".join([*pieces, text[last:]])

    def language(self, language: str) -> dict[str, tuple[str, ...]]:
        """The words of one language, by the notation's word they stand for (for the docs)."""
        return {m: by[language] for m, by in self.words.items() if by.get(language)}
