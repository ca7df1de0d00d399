"""Each test folder runs alone (`pytest tests/<folder>`): what folders share lives in
`tests/support/`, `tests/parts.py` and `tests/api_client.py`, and the fixtures they share in
`tests/conftest.py`. A test module that imported another test module or a conftest would tie
its folder to that one, and bring that module's fixtures and imports along."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
SHARED = ("tests.support", "tests.parts", "tests.api_client")


def imported(path: Path) -> set[str]:
    """The modules of `tests` that the file imports, wherever in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name == "tests" or name.startswith("tests.")}


def shared(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in SHARED)


def test_test_modules_import_only_what_is_shared() -> None:
    tied = {
        str(path.relative_to(TESTS.parent)): sorted(
            module for module in imported(path) if not shared(module)
        )
        for path in sorted(TESTS.rglob("*.py"))
    }
    assert {path: modules for path, modules in tied.items() if modules} == {}
