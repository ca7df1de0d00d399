"""What a view's symbols mean, said once per game for its text and its HTML board alike.

The text writes a symbol one way (`>` for an arrow) and the board may draw it another (`↑`),
but both name it with the same words, so a player who reads one can read the other. Each game
lists its keys once, in its `render.py`; `html.py` takes them from there. What a key means is
said in the reader's language (`shared.words`); its symbols are the same in every language.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import groupby
from typing import NamedTuple

from shared.words import ENGLISH, Sentence, Words


class Key(NamedTuple):
    """One symbol and what it `means`: as the `text` writes it and as the `board` draws it
    (empty where that one has no such symbol). Keys of one `group` (the states of a circle)
    are said together, after the group's name."""

    text: str
    board: str
    means: Sentence
    group: Sentence | None = None


def legend(keys: Iterable[Key], *, board: bool = False, words: Words = ENGLISH) -> str:
    """The keys for the text (or the board) in one sentence: `> arrow; * artefact; circle x
    marked, o open`."""
    said = []
    for group, members in groupby(keys, key=lambda key: key.group):
        shown = [
            f"{symbol} {key.means.said(words)}"
            for key in members
            if (symbol := key.board if board else key.text)
        ]
        if group is None:
            said += shown
        elif shown:
            said.append(f"{group.said(words)} {', '.join(shown)}")
    return "; ".join(said)


def key_line(keys: Iterable[Key], words: Words = ENGLISH) -> str:
    """The legend as the text view's last line (wrapped like any other)."""
    return words.gettext("key: %(keys)s", keys=legend(keys, words=words))
