"""Every text an engine writes speaks its reader's language: rendered in the pseudo-language of
`tests/support/pseudo.py`, no English is left outside the marks but names, ids, notation and
numbers; the Polish and German screens fit their widths; plurals agree in every language; and
Polish and German words typed for a move read as the notation's."""

from __future__ import annotations

import importlib
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.aliases import Aliases
from shared.engine import Engine, IllegalMove, Seat
from shared.games import ENGINES
from shared.games.livingstone.data import CARDS
from shared.games.livingstone.render import card_name
from shared.games.lost_cities_dice.render import colour_word as dice_colour
from shared.games.lost_cities_dice.sheet_data import COLOURS as DICE_COLOURS
from shared.guide import guide_text
from shared.playout import playout
from shared.words import Words
from tests.support.languages import SPOKEN, english_left
from tests.support.pseudo import PSEUDO

NAMES = ("ada", "bo", "cy", "di", "ed")
CASES = [
    (type_id, players)
    for type_id, engine in sorted(ENGINES.items())
    for players in range(engine.min_players, engine.max_players + 1)
]


def states(engine: Engine[Any], players: int, seed: int) -> list[tuple[Any, list[Any]]]:
    """States along a random game, each with the events that led to it."""
    rnd = random.Random(seed)
    start = engine.new(players, f"{seed:032x}")
    _, log = playout(engine, start, rnd.choice, rnd.choice)
    state, events, along = start, [], []
    stops = set(rnd.sample(range(len(log)), min(4, len(log))))
    for step, (seat, move) in enumerate(log):
        state, event = engine.transition(state, seat, move)
        events.append(event)
        if step in stops or step == len(log) - 1:
            along.append((state, list(events)))
    return along


@pytest.mark.parametrize(("type_id", "players"), CASES)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_nothing_an_engine_writes_is_left_in_english(type_id: str, players: int, seed: int) -> None:
    engine = ENGINES[type_id]
    names = NAMES[:players]
    for state, events in states(engine, players, seed):
        viewers: list[Seat | None] = [None, *range(players)]
        for viewer in viewers:
            view = engine.view(state, viewer)
            for shown in (
                engine.render_view(view, names, words=PSEUDO),
                engine.render_view(view, (), compact=True, words=PSEUDO),
                re.sub(
                    r"<style>.*?</style>|<[^>]*>",
                    " ",
                    engine.render_html(view, names, words=PSEUDO),
                    flags=re.S,
                ),
                *(
                    engine.render_event(engine.redact_event(e, viewer), names, words=PSEUDO)
                    for e in events
                ),
            ):
                assert not english_left(shown, type_id, NAMES), (
                    english_left(shown, type_id, NAMES),
                    shown,
                )


@pytest.mark.parametrize("type_id", sorted(ENGINES))
def test_a_guide_and_the_refusals_are_said_in_the_readers_words(type_id: str) -> None:
    engine = ENGINES[type_id]
    described = engine.describe_rules(PSEUDO)
    assert not english_left(guide_text(described, 80, PSEUDO), type_id, NAMES)
    for option in engine.describe(PSEUDO)["options"]:
        assert not english_left(option["description"], type_id, NAMES)
    state = engine.new(engine.min_players, "ab" * 16)
    for move in ("nonsense", {"action": "nonsense"}, "resign resign"):
        for seat in range(engine.min_players):
            try:
                engine.transition(
                    state, seat, engine.parse_move(move) if isinstance(move, str) else move
                )
            except IllegalMove as refused:
                message = refused.message_in(NAMES, PSEUDO)
                assert message.startswith("\u27e6") and not english_left(message, type_id, NAMES), (
                    message
                )


@pytest.mark.parametrize(("type_id", "players"), CASES)
@pytest.mark.parametrize("language", ["pl", "de"])
def test_polish_and_german_screens_fit_and_break_no_word(
    type_id: str, players: int, language: str
) -> None:
    engine, words = ENGINES[type_id], SPOKEN[language]
    for state, _ in states(engine, players, players):
        for viewer in (None, *range(players)):
            view = engine.view(state, viewer)
            for width in (80, 120):
                for compact in (True, False):
                    shown = engine.render_view(
                        view, NAMES[:players], width=width, compact=compact, words=words
                    )
                    wide = engine.render_view(
                        view, NAMES[:players], width=10_000, compact=compact, words=words
                    )
                    assert max(map(len, shown.split("\n"))) <= width, shown
                    assert shown.split() == wide.split(), shown
    text = guide_text(engine.describe_rules(words), 80, words)
    assert (
        max(map(len, text.split("\n"))) <= 80
        and text.split() == guide_text(engine.describe_rules(words), 10_000, words).split()
    )


def notation_named(type_id: str, words: Words) -> set[str]:
    """The notation's names of a game's colours and cards (`orange`, `take-4-thalers`) that the
    reader's language says otherwise: on a screen they are English in a Polish or German text."""
    if type_id == "lost-cities-dice":
        return {c for c in DICE_COLOURS if dice_colour(c, words).lower() != c}
    if type_id == "livingstone":
        return {card for card in CARDS if card_name(card, words).lower() != card}
    return set()


@pytest.mark.parametrize("type_id", ["lost-cities-dice", "livingstone"])
@pytest.mark.parametrize("language", ["pl", "de"])
def test_colours_and_cards_are_named_in_the_readers_words(type_id: str, language: str) -> None:
    engine, words = ENGINES[type_id], SPOKEN[language]
    english = notation_named(type_id, words)
    assert english
    for seed in range(3):
        for state, events in states(engine, 3, seed):
            view = engine.view(state, 0)
            html = re.sub(
                r"<style>.*?</style>|<[^>]*>",
                " ",
                engine.render_html(view, NAMES, words=words),
                flags=re.S,
            )
            for shown in (
                engine.render_view(view, NAMES, words=words).replace("accel red", ""),
                html.replace("accel red", ""),
                *(
                    engine.render_event(engine.redact_event(e, 0), NAMES, words=words)
                    for e in events
                ),
            ):
                left = set(re.findall(r"[a-z][a-z0-9-]*[a-z0-9]", shown)) & english
                assert not left, (left, shown)


SELL = {"seat": 0, "action": "sell", "gem": "clear", "thalers": 1}


@pytest.mark.parametrize(
    ("language", "thalers", "said"),
    [
        ("en", 1, "ada sells a clear gem for 1 thaler"),
        ("en", 3, "ada sells a clear gem for 3 thalers"),
        ("pl", 1, "ada sprzedaje kamień (przezroczysty) za 1 talara"),
        ("pl", 3, "ada sprzedaje kamień (przezroczysty) za 3 talary"),
        ("pl", 5, "ada sprzedaje kamień (przezroczysty) za 5 talarów"),
        ("pl", 22, "ada sprzedaje kamień (przezroczysty) za 22 talary"),
        ("pl", 12, "ada sprzedaje kamień (przezroczysty) za 12 talarów"),
        ("de", 1, "ada verkauft einen Edelstein (klar) für 1 Taler"),
    ],
)
def test_a_number_agrees_with_its_noun(language: str, thalers: int, said: str) -> None:
    event = {**SELL, "thalers": thalers}
    assert ENGINES["livingstone"].render_event(event, NAMES, words=SPOKEN[language]) == said


@pytest.mark.parametrize(
    ("language", "cards"),
    [
        ("en", ["1 card", "2 cards", "5 cards"]),
        ("pl", ["1 karta", "2 karty", "5 kart"]),
        ("de", ["1 Karte", "2 Karten", "5 Karten"]),
    ],
)
def test_a_hand_of_one_card_is_one_card(language: str, cards: list[str]) -> None:
    engine = ENGINES["lost-cities"]
    view = engine.view(engine.new(2, "ab" * 16), 0)
    for size, said in zip((1, 2, 5), cards, strict=True):
        shown = engine.render_view(
            {**view, "hand_sizes": [size, size]}, NAMES, words=SPOKEN[language]
        )
        assert f"({said} " in shown
        assert "(you) (" not in shown


@pytest.mark.parametrize(
    ("type_id", "typed", "canonical"),
    [
        ("lost-cities", "zagraj R7 dobierz stos", "play R7 draw deck"),
        ("lost-cities", "odrzuć G4 weź czerwony", "discard G4 draw R"),
        ("lost-cities", "Wyłóż Bw2 dobierz ŻÓŁTY", "play Bw2 draw Y"),
        ("lost-cities", "lege R7 nimm Stapel", "play R7 draw deck"),
        ("lost-cities", "ablegen G4 ziehe Weiß", "discard G4 draw W"),
        ("lost-cities", "poddaj się", "resign"),
        ("lost-cities", "zagraj R4 dobierz talię", "play R4 draw deck"),
        ("lost-cities", "wyłóż czerwoną 4, dobierz z talii", "play R4 draw deck"),
        ("lost-cities", "odrzuć zieloną 10 weź z zakrytego stosu", "discard G10 draw deck"),
        ("lost-cities", "play red 9 draw deck", "play R9 draw deck"),
        ("lost-cities", "play red 9, draw from the deck", "play R9 draw deck"),
        ("lost-cities", "lege rote 7 nimm vom Stapel", "play R7 draw deck"),
        ("lost-cities-dice", "pass", "refuse"),
        ("lost-cities-dice", "czerwona 3", "red 3"),
        (
            "lost-cities-dice",
            "zielony 7 przyspiesz niebieską przyspiesz nic",
            "green 7 accel blue accel none",
        ),
        ("lost-cities-dice", "grün 7 beschleunige rot", "green 7 accel red"),
        ("lost-cities-dice", "rezygnuję z kości", "refuse"),
        ("lost-cities-dice", "verzichten", "refuse"),
        ("lost-cities-dice", "aufgeben", "resign"),
        ("livingstone", "weź 5 namiot", "take 5 tent"),
        ("livingstone", "weź 4 namiot z c2r4", "take 4 tent from c2r4"),
        ("livingstone", "sprzedaj niebieski na targowisku", "sell blue at market"),
        ("livingstone", "zagraj lew", "play lion"),
        ("livingstone", "zagraj dodatkowy namiot c2r4", "play extra-tent c2r4"),
        ("livingstone", "wpłać 3", "donate 3"),
        ("livingstone", "nimm 6 Taler", "take 6 thalers"),
        ("livingstone", "verkaufe rot", "sell red"),
        ("livingstone", "spiele Löwe", "play lion"),
        ("livingstone", "koniec", "end"),
    ],
)
def test_polish_and_german_words_read_as_the_notation(
    type_id: str, typed: str, canonical: str
) -> None:
    engine = ENGINES[type_id]
    assert engine.format_move(engine.parse_move(typed)) == canonical
    assert engine.parse_move(typed) == engine.parse_move(canonical)


def test_a_word_of_two_meanings_is_refused_naming_both() -> None:
    engine = ENGINES["lost-cities-dice"]
    with pytest.raises(IllegalMove) as refused:
        engine.parse_move("rezygnuję")
    assert refused.value.code == "ambiguous_word"
    assert refused.value.message == "'rezygnuję' could mean refuse | resign: write the one you mean"
    assert "refuse | resign" in refused.value.message_in((), SPOKEN["pl"])


def test_words_of_other_languages_never_meet_the_notation() -> None:
    """No alias is a word of the notation itself, so a canonical move reads as it always has."""
    for type_id in ENGINES:
        package = type(ENGINES[type_id]).__module__.rsplit(".", 1)[0]
        aliases: Aliases = importlib.import_module(f"{package}.notation").WORDS
        for meaning in aliases.words:
            assert aliases.canonical(meaning) == meaning
