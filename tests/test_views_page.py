"""docs/views.md is what docs/views.py writes from the games' schemas, and says what every
field of every game's view, moves and log events means."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PAGE = REPO / "docs" / "views.md"


def test_the_page_is_written_from_the_schemas(tmp_path: Path) -> None:
    written = tmp_path / "views.md"
    subprocess.run([sys.executable, "-m", "docs.views", str(written)], cwd=REPO, check=True)
    assert PAGE.read_text() == written.read_text(), "run .venv/bin/python -m docs.views"


def test_every_field_is_described() -> None:
    rows = [line for line in PAGE.read_text().splitlines() if line.startswith("| `")]
    assert rows
    undescribed = [row for row in rows if row.endswith("|  |")]
    assert not undescribed, undescribed
