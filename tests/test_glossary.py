"""Every catalog entry says a game's name and terms as the glossary has them
(`docs/reference/glossary.md`): a message naming a term in English is translated with the
term's Polish or German word, never a synonym of the translator's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "reference" / "glossary.md"
LANGUAGES = {"pl": 1, "de": 2}
"""Each language's column of the glossary's table, after the English one."""

NOT_TERMS = re.compile(r"%\(\w+\)[sd]|`[^`]*`|'[^']*'|\"[^\"]*\"")
"""Placeholders and what is quoted (notation, option names): no term is said in them."""


def glossary() -> list[tuple[list[str], list[list[str]]]]:
    """Each row: its English terms, and each language's words (stems, `…` dropped)."""
    rows = []
    for line in GLOSSARY.read_text().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("English", "---"):
            continue
        english = [re.sub(r"\s*\(.*\)", "", term) for term in cells[0].split(", ")]
        words = [[word.rstrip("…") for word in cell.split(", ")] for cell in cells[1:]]
        rows.append((english, words))
    return rows


def mentions(text: str, term: str, longer: list[str]) -> bool:
    """Whether `text` names `term` (or its plural), not as part of a longer term."""
    for other in longer:
        text = text.replace(other, " ")
    return re.search(rf"\b{re.escape(term)}(?:s|es)?\b", text, re.IGNORECASE) is not None


def catalog_entries(language: str) -> list[tuple[str, list[str]]]:
    entries = []
    for package in ("shared", "server", "client"):
        path = ROOT / package / "locale" / language / "LC_MESSAGES" / "messages.po"
        with path.open("rb") as file:
            for message in read_po(file, locale=language):
                if not message.id:
                    continue
                ids = [message.id] if isinstance(message.id, str) else list(message.id)
                said = [message.string] if isinstance(message.string, str) else message.string or ()
                entries.append((" ".join(ids), [str(text) for text in said]))
    return entries


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_catalog_entry_uses_the_glossarys_words(language: str) -> None:
    rows = glossary()
    terms = [term for english, _ in rows for term in english]
    astray = []
    for message, translations in catalog_entries(language):
        english = NOT_TERMS.sub(" ", message)
        for row, words in rows:
            own = words[LANGUAGES[language] - 1]
            for term in row:
                longer = [other for other in terms if term in other and other != term]
                if not mentions(english, term, longer):
                    continue
                for text in translations:
                    said = NOT_TERMS.sub(" ", text).casefold()
                    if not any(word.casefold() in said for word in own):
                        astray.append(f"{term} -> {own}: {message[:70]!r} = {text[:90]!r}")
    assert not astray, "\n".join(astray)


def test_the_glossary_names_each_game() -> None:
    from shared.games import ENGINES

    named = {term for english, _ in glossary() for term in english}
    assert {engine.title for engine in ENGINES.values()} <= named
