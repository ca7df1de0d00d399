"""The game packages speak one vocabulary: each name the engines' reference page gives a module
of a game package (`docs/reference/engines.md`, "A game package") is there, under that name, in
every game."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from types import ModuleType

import pytest

from shared.engine import RESIGN
from shared.games import ENGINES

PAGE = Path(__file__).resolve().parents[2] / "docs" / "reference" / "engines.md"


def shared_names() -> dict[str, list[str]]:
    """Module (`rules`) → the names its row of the page's table gives (`apply_action`, …)."""
    section = PAGE.read_text().split("## A game package", 1)[1].split("\n## ", 1)[0]
    table: dict[str, list[str]] = {}
    for row in section.splitlines():
        if row.startswith("| `"):
            module, _, names = (cell.strip() for cell in row.strip("|").split("|"))
            table[module.strip("`").removesuffix(".py")] = re.findall(r"`([\w.]+)`", names)
    return table


def package(type_id: str) -> str:
    return type(ENGINES[type_id]).__module__.rsplit(".", 1)[0]


def found(module: ModuleType, dotted: str) -> bool:
    holder: object = module
    for part in dotted.split("."):
        if not hasattr(holder, part):
            return False
        holder = getattr(holder, part)
    return True


def test_the_map_names_the_shared_words() -> None:
    table = shared_names()
    assert table["rules"] == ["apply_action", "resign"] and table["moves"][0] == "Action"
    assert sum(map(len, table.values())) > 20


@pytest.mark.parametrize("type_id", sorted(ENGINES))
def test_every_game_has_every_shared_name_in_its_module(type_id: str) -> None:
    missing = [
        f"{module}.{name}"
        for module, names in shared_names().items()
        for name in names
        if not found(importlib.import_module(f"{package(type_id)}.{module}"), name)
    ]
    assert not missing, f"{type_id} lacks {missing}"


@pytest.mark.parametrize("type_id", sorted(ENGINES))
def test_decode_reads_resigning_as_none_and_encode_writes_back_every_legal_move(
    type_id: str,
) -> None:
    engine = ENGINES[type_id]
    moves = importlib.import_module(f"{package(type_id)}.moves")
    state = engine.new(engine.min_players, "5eed" * 8)
    assert moves.decode(RESIGN) is None
    for seat in engine.to_act(state):
        for move in engine.legal_moves(state, seat):
            assert moves.encode(moves.decode(move)) == move
