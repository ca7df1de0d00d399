"""A 3-player Livingstone game recorded by the version 1 engine, before the white stone and
the Mine Collapse were read as printed: gems were sold after the white stone came out, and a
Mine Collapse struck with the draw pile empty. Its log, and how it ended (bag, set-aside
stones, deck, played cards, and the spectator's view)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

GAME: dict[str, Any] = json.loads(Path(__file__).with_suffix(".json").read_text())
LOG: list[tuple[int, dict[str, Any]]] = [(seat, move) for seat, move in GAME["log"]]
