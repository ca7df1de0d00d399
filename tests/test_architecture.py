"""The map of the code (`docs/architecture.md`) against the code: every file and folder it names
is there, and the layers it draws are the ones import-linter enforces (`pyproject.toml`)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "docs" / "architecture.md"
TOP = ("server/", "client/", "shared/", "tests/", "bench/", "compiled/", "docs/", "stubs/")


def named_paths(text: str) -> set[str]:
    """Paths of the repository the map names in code spans (`server/domain/service/facade.py`), a
    placeholder such as `<game>` standing for any one folder."""
    spans = re.findall(r"`([^`\s]+)`", text)
    return {span.rstrip(".,:;") for span in spans if span.startswith(TOP)}


def exists(path: str) -> bool:
    if "<" in path:
        pattern = re.sub(r"<[^>]+>", "*", path.rstrip("/"))
        return any(ROOT.glob(pattern))
    return (ROOT / path).exists()


def test_every_file_the_map_names_is_there() -> None:
    missing = sorted(path for path in named_paths(MAP.read_text()) if not exists(path))
    assert not missing, f"docs/architecture.md names what is not in the repository: {missing}"


def test_the_map_names_every_module_of_the_server_layers() -> None:
    """A module added to a layer is placed on the map."""
    named = named_paths(MAP.read_text())
    text = MAP.read_text()
    unnamed = [
        str(module.relative_to(ROOT))
        for module in sorted((ROOT / "server").rglob("*.py"))
        if module.name != "__init__.py"
        and str(module.relative_to(ROOT)) not in named
        and f"`{module.name}`" not in text
    ]
    assert not unnamed, f"docs/architecture.md does not place {unnamed}"


def drawn_layers(text: str, heading: str = "The layers") -> list[str]:
    """The layers as the map draws them: the first code block under the heading."""
    section = text.split(f"## {heading}\n", 1)[1]
    block = section.split("```", 2)[1]
    return [line.strip() for line in block.strip().splitlines()]


def test_the_layers_drawn_are_the_layers_enforced() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contracts = {c["id"]: c for c in config["tool"]["importlinter"]["contracts"]}
    assert drawn_layers(MAP.read_text()) == contracts["server-layers"]["layers"]
    drawn = drawn_layers(MAP.read_text(), "The command line")
    assert drawn == contracts["client-layers"]["layers"]
    for stated in ("domain-pure", "engines-pure", "client-apart", "no-cycles"):
        assert stated in contracts, f"the map states a rule with no contract: {stated}"
