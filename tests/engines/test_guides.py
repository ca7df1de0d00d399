"""Every game's guide for newcomers and the keys of its views: examples its notation reads, one
screen at 80 columns, and the same words for a symbol in the text and on the HTML board."""

from __future__ import annotations

import importlib
import json
from types import ModuleType
from typing import Any

import pytest
from markupsafe import escape

from shared.batch import parse_batch
from shared.engine import Engine
from shared.games import ENGINES
from shared.guide import guide_text, notation_text
from shared.legend import key_line, legend
from tests.support.languages import SPOKEN

ENGINE_IDS = sorted(ENGINES)
SCREEN = (80, 40)


def render_module(engine: Engine[Any]) -> ModuleType:
    """The game's `render.py`, where its keys are listed."""
    package = type(engine).__module__.rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.render")


@pytest.mark.parametrize("type_id", ENGINE_IDS)
def test_every_example_is_a_move_the_notation_reads_and_writes_back(type_id: str) -> None:
    engine = ENGINES[type_id]
    examples = engine.guide.examples
    assert len(examples) >= 3
    for example in examples:
        for move in parse_batch(engine, example.move):  # a batch too: `sell red; end`
            assert engine.parse_move(engine.format_move(move)) == move, example


@pytest.mark.parametrize("type_id", ENGINE_IDS)
def test_a_guide_is_one_screen_of_whole_words(type_id: str) -> None:
    described = ENGINES[type_id].describe_rules()
    json.dumps(described)
    assert described["id"] == type_id and described["rules"] and described["notation"]
    width, height = SCREEN
    text = guide_text(described, width)
    lines = text.split("\n")
    assert len(lines) <= height and max(map(len, lines)) <= width, text
    assert text.split() == guide_text(described, 10_000).split(), "a word broken"
    narrow = guide_text(described, 40)
    assert max(map(len, narrow.split("\n"))) <= 40 and narrow.split() == text.split()
    notation = notation_text(described, width)
    assert notation in text
    assert all(example["move"] in notation for example in described["examples"])


@pytest.mark.parametrize("type_id", ENGINE_IDS)
def test_a_view_ends_with_its_key_and_the_board_says_the_same(type_id: str) -> None:
    engine = ENGINES[type_id]
    keys = render_module(engine).KEYS
    view = engine.view(engine.new(engine.min_players, "ab" * 16), 0)
    text = engine.render_view(view, width=10_000)
    assert text.endswith("\n" + key_line(keys))
    assert escape(legend(keys, board=True)) in engine.render_html(view)
    for key in keys:
        assert key.means.said() in key_line(keys) or not key.text
        assert key.means.said() in legend(keys, board=True) or not key.board


@pytest.mark.parametrize("language", ["pl", "de"])
def test_each_guide_shows_the_readers_own_words_for_moves(language: str) -> None:
    """Beside the notation, a Polish or German guide lists the words of its language a move
    may be typed with, each of which the notation reads."""
    words = SPOKEN[language]
    for engine in ENGINES.values():
        described = engine.describe_rules(words)
        assert described["typed"], engine.type_id
        text = guide_text(described, 80, words)
        for typed in described["typed"]:
            whole = [alias for alias in typed["typed"] if "…" not in alias]
            assert all(alias in " ".join(text.split()) for alias in whole)


@pytest.mark.parametrize(
    ("language", "black"), [("en", "black"), ("pl", "czarn"), ("de", "schwarz")]
)
def test_the_livingstone_guide_explains_every_stone_the_log_shows(
    language: str, black: str
) -> None:
    words = SPOKEN[language]
    text = " ".join(guide_text(ENGINES["livingstone"].describe_rules(words), 80, words).split())
    gems = {"en": ("clear", "white"), "pl": ("przezroczyst", "biał"), "de": ("klar", "weiß")}
    assert all(stone in text for stone in (black, *gems[language])), text
