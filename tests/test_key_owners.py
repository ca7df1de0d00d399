"""Every Redis key is read and written by the one module of `server/storage/` that owns it, as
`server/storage/keys.py` lists them: nothing above storage names a key or sends a command of
its own, and each part of a game's or a player's keys a storage module uses is listed under
that module."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import server.storage.keys

ROOT = Path(__file__).resolve().parent.parent
STORAGE = ROOT / "server" / "storage"
BUILDERS = {"game", "player", "scoped"}
"""`keys`' functions that make a game's or a player's keys from a part (`*`: every part, a
pattern)."""


def modules(inside: bool) -> list[Path]:
    return [
        path
        for path in sorted((ROOT / "server").rglob("*.py"))
        if (STORAGE in path.parents) == inside
    ]


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            found.add(id(first.value))
    return found


def test_nothing_above_storage_names_a_key_or_sends_a_command() -> None:
    found = []
    for path in modules(inside=False):
        tree = ast.parse(path.read_text())
        skip = docstrings(tree)
        name = str(path.relative_to(ROOT))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (
                node.module == "server.storage.keys"
                or (node.module == "server.storage" and "keys" in {a.name for a in node.names})
            ):
                found.append(f"{name}:{node.lineno} imports keys")
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Attribute)
                and node.func.value.attr == "redis"
            ):
                found.append(f"{name}:{node.lineno} sends {node.func.attr}")
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in skip
                and re.search(r"\{[gpr]:", node.value)
            ):
                found.append(f"{name}:{node.lineno} spells a key: {node.value!r}")
    assert not found, found


def listed() -> dict[str, str]:
    """Each owner module's entry in `keys.py`'s list."""
    text = server.storage.keys.__doc__ or ""
    entries = re.findall(r"^- `([\w/]+\.py)`: (.*?)(?=^- |^\n|\Z)", text, re.M | re.S)
    return {module: " ".join(entry.split()) for module, entry in entries}


def test_each_part_a_storage_module_uses_is_listed_under_it() -> None:
    owners = listed()
    unlisted = []
    for path in modules(inside=True):
        if path.name == "keys.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "keys"
                and node.func.attr in BUILDERS
            ):
                continue
            part = node.args[-1]
            entry = owners.get(path.relative_to(STORAGE).as_posix(), "")
            if (
                isinstance(part, ast.Constant)
                and isinstance(part.value, str)
                and part.value != "*"
                and f":{part.value}`" not in entry
            ):
                unlisted.append(f"{path.relative_to(STORAGE)}:{node.lineno} uses :{part.value}")
    assert not unlisted, unlisted
