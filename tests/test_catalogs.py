"""The catalogs of the three packages that speak to people (shared, server, client): every
message translated into Polish and German, none fuzzy, each translation's placeholders those
of its message; every compiled `.mo` made from its `.po` as it is, and every `.pot` holding
exactly the messages its package's sources say (`./dev catalogs` makes them so)."""

from __future__ import annotations

import io
import string
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("shared", "server", "client")
TRANSLATED = ("pl", "de")


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=locale)


def po(package: str, language: str) -> Path:
    return ROOT / package / "locale" / language / "LC_MESSAGES" / "messages.po"


def ids(catalog: Catalog) -> set[object]:
    return {(message.context, message.id) for message in catalog if message.id}


CATALOGS = [(package, language) for package in PACKAGES for language in TRANSLATED]


@pytest.mark.parametrize(("package", "language"), CATALOGS)
def test_every_message_is_translated_none_fuzzy_placeholders_kept(
    package: str, language: str
) -> None:
    catalog = read(po(package, language), language)
    untranslated = [
        message.id
        for message in catalog
        if message.id
        and (not message.string or (isinstance(message.string, tuple) and not all(message.string)))
    ]
    fuzzy = [message.id for message in catalog if message.id and message.fuzzy]
    assert not untranslated, untranslated
    assert not fuzzy, fuzzy
    # Babel's checkers: a translation's placeholders are its message's, and it has as many
    # plural forms as the language's header says.
    broken = [(message.id, [str(e) for e in errors]) for message, errors in catalog.check()]
    assert not broken, broken
    # Babel checks `%(name)s` only: the texts Typer fills with `str.format` keep its `{fields}`
    unfilled = [
        message.id
        for message in catalog
        if "python-brace-format" in message.flags
        and any(fields(text) != fields(forms(message.id)[0]) for text in forms(message.string))
    ]
    assert not unfilled, unfilled


def forms(text: str | Sequence[str] | None) -> list[str]:
    """A translation's forms: one, or a plural's each."""
    return [text] if isinstance(text, str) else list(text or ())


def fields(text: str) -> set[str]:
    """The `{fields}` that `str.format` fills in `text`."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


@pytest.mark.parametrize(("package", "language"), CATALOGS)
def test_each_compiled_catalog_is_made_from_its_po(package: str, language: str) -> None:
    made = io.BytesIO()
    write_mo(made, read(po(package, language), language))
    assert po(package, language).with_suffix(".mo").read_bytes() == made.getvalue(), (
        f"{package} {language}: run ./dev catalogs"
    )


@pytest.mark.parametrize("package", PACKAGES)
def test_each_template_holds_what_its_sources_say(package: str, tmp_path: Path) -> None:
    extracted = tmp_path / "messages.pot"
    pybabel = Path(sys.executable).parent / "pybabel"
    subprocess.run(
        [
            str(pybabel),
            "extract",
            "-F",
            "babel.cfg",
            "--no-location",
            "--sort-output",
            "--no-wrap",
            "--omit-header",
            "-k",
            "pgettext:1c,2",
            "-k",
            "lazy_gettext",
            "-o",
            str(extracted),
            package,
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    template = read(ROOT / package / "locale" / "messages.pot")
    assert ids(template) == ids(read(extracted)), f"{package}: run ./dev catalogs"
    for language in TRANSLATED:
        assert ids(read(po(package, language), language)) == ids(template), (package, language)


@pytest.mark.parametrize(
    ("package", "language"), [(p, lang) for p in ("server", "client") for lang in TRANSLATED]
)
def test_a_message_the_engines_share_is_translated_as_theirs(package: str, language: str) -> None:
    """The server and the client read the engines' catalog merged with their own, so a message
    in both would be said one way or the other by chance: it is translated alike, or given a
    context of its own."""
    shared = {
        (message.context, message.id): message.string
        for message in read(po("shared", language), language)
        if message.id
    }
    differing = [
        (message.id, message.string, shared[(message.context, message.id)])
        for message in read(po(package, language), language)
        if message.id
        and shared.get((message.context, message.id), message.string) != message.string
    ]
    assert not differing, differing
