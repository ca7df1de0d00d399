"""The map of the code (`docs/architecture.md`) and its reference pages (`docs/reference/`)
against the code: every file and folder they name is there, every module of `server/` is named
in one of them, the layers the map draws are the ones import-linter enforces (`pyproject.toml`),
the map stays a ten-minute read, and each folder of `server/` says in one paragraph what lives
there and what it may import."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "docs" / "architecture.md"
PAGES = (MAP, *sorted((ROOT / "docs" / "reference").glob("*.md")))
TOP = ("server/", "client/", "shared/", "tests/", "bench/", "compiled/", "docs/", "stubs/")
MOST_LINES = 200


def named_paths(text: str) -> set[str]:
    """Paths of the repository a page names in code spans (`server/domain/service/facade.py`), a
    placeholder such as `<game>` standing for any one folder."""
    spans = re.findall(r"`([^`\s]+)`", text)
    return {span.rstrip(".,:;") for span in spans if span.startswith(TOP)}


def exists(path: str) -> bool:
    if "<" in path:
        pattern = re.sub(r"<[^>]+>", "*", path.rstrip("/"))
        return any(ROOT.glob(pattern))
    return (ROOT / path).exists()


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_file_a_page_names_is_there(page: Path) -> None:
    missing = sorted(path for path in named_paths(page.read_text()) if not exists(path))
    assert not missing, f"{page.relative_to(ROOT)} names what is not in the repository: {missing}"


def test_the_map_and_its_pages_name_every_module_of_the_server() -> None:
    """A module added to a layer is named, by its path, on the map or a reference page."""
    named = set().union(*(named_paths(page.read_text()) for page in PAGES))
    unnamed = [
        str(module.relative_to(ROOT))
        for module in sorted((ROOT / "server").rglob("*.py"))
        if module.name != "__init__.py" and str(module.relative_to(ROOT)) not in named
    ]
    assert not unnamed, f"neither the map nor a reference page names {unnamed}"


def test_the_map_links_every_reference_page() -> None:
    text = MAP.read_text()
    unlinked = [page.name for page in PAGES[1:] if f"(reference/{page.name}" not in text]
    assert not unlinked, f"docs/architecture.md links no {unlinked}"


def test_the_map_is_a_ten_minute_read() -> None:
    lines = len(MAP.read_text().splitlines())
    assert lines <= MOST_LINES, f"docs/architecture.md is {lines} lines, at most {MOST_LINES}"


def drawn_layers(text: str, after: str) -> list[str]:
    """The layers as the map draws them: the first code block after the line `after`."""
    section = text.split(f"\n{after}\n", 1)[1]
    block = section.split("```", 2)[1]
    return [line.strip() for line in block.strip().splitlines()]


def test_the_layers_drawn_are_the_layers_enforced() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contracts = {c["id"]: c for c in config["tool"]["importlinter"]["contracts"]}
    text = MAP.read_text()
    assert drawn_layers(text, "## The layers") == contracts["server-layers"]["layers"]
    drawn = drawn_layers(
        text, "The command line's layers (the `client-layers` contract), from the top:"
    )
    assert drawn == contracts["client-layers"]["layers"]
    for stated in ("domain-pure", "engines-pure", "client-apart", "no-cycles"):
        assert stated in contracts, f"the map states a rule with no contract: {stated}"


@pytest.mark.parametrize(
    "package",
    sorted((ROOT / "server").rglob("__init__.py")),
    ids=lambda package: str(package.parent.relative_to(ROOT)),
)
def test_every_folder_of_the_server_says_what_it_holds_and_imports(package: Path) -> None:
    said = ast.get_docstring(ast.parse(package.read_text())) or ""
    assert said, f"{package.relative_to(ROOT)} has no docstring"
    assert "\n\n" not in said, f"{package.relative_to(ROOT)}: one paragraph, not several"
    assert "import" in said, f"{package.relative_to(ROOT)} does not say what it may import"
