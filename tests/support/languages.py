"""The engines' words in each language, as the server and the client load them: the shared
catalog (`shared/locale`), for tests of what the engines write; and what a text rendered in
the pseudo-language (`tests.support.pseudo`) may leave outside its marks: names, ids, the
games' titles, the notation and numbers, which are the same in every language."""

from __future__ import annotations

import gettext
import importlib
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from server.presenters import catalogs
from shared.aliases import Aliases
from shared.games import ENGINES
from shared.games.livingstone.data import CARDS
from shared.words import CATALOGS, ENGLISH, LANGUAGES, Words
from tests.support.pseudo import PSEUDO, unmarked

SPOKEN: dict[str, Words] = {
    language: Words(language, gettext.translation("messages", CATALOGS, [language]))
    for language in LANGUAGES
    if language != "en"
}
SPOKEN["en"] = ENGLISH


TITLES = {"Lost", "Cities", "Roll", "Write", "Livingstone"}
"""The games' names, which are names in every language."""


def notation_words(type_id: str) -> set[str]:
    """The words of a game's canonical notation (`play`, `red`, `accel`, a card's name split at
    its hyphens), which stay English in every language: scripts type them, answers show them."""
    package = type(ENGINES[type_id]).__module__.rsplit(".", 1)[0]
    aliases: Aliases = importlib.import_module(f"{package}.notation").WORDS
    words = {part for word in aliases.words for part in word.split("-")}
    return words | {part for card in CARDS for part in card.split("-")} | {"deck", "none"}


ID = re.compile(r"^(?:[YBWGRPO]w?|[cr]|t|[STxo]|[roygbp])$")
"""What is left of a card id (`Bw2`, `R7`), a field (`c2r4`) or a crowded field (`3t`) once its
digits are taken out, a colour's letter (the dice board's `O`, the notation's `g` for green),
and the boards' one-letter symbols (the steamer `S`, a top artefact `T`, a circle's `x`, `o`)."""


WORD = re.compile(r"[^\W\d_]+")
"""A word, as these tests read one: letters only (`R7` is `R`, `90m` is `m`)."""


def english_left(text: str, type_id: str, values: Iterable[str] = ()) -> list[str]:
    """The words of `text` outside the pseudo-language's marks that are none of `values` (the
    players' names, and whatever else the text was given: ids, addresses), word by word, nor
    a game's title, an id or a word of the game's notation: each is English that went through
    no catalog."""
    allowed = {word for value in values for word in WORD.findall(value)}
    allowed |= TITLES | notation_words(type_id)
    return [
        word for word in WORD.findall(unmarked(text)) if word not in allowed and not ID.match(word)
    ]


@contextmanager
def pseudo_for(language: str) -> Iterator[None]:
    """The service's words of `language` (the one `Words` a process loads for it,
    `server.presenters.catalogs.LOADED`) replaced by the pseudo-language while the block runs:
    whatever the service writes for a reader of `language` comes out marked."""
    kept = catalogs.LOADED.get(language)
    catalogs.LOADED[language] = PSEUDO
    try:
        yield
    finally:
        if kept is None:
            del catalogs.LOADED[language]
        else:
            catalogs.LOADED[language] = kept
