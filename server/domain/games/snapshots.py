"""Snapshots: engine states pickled beside a game's log, so a load replays only its tail.

A snapshot is only a cache (the log says what happened), valid only for the exact code that
made it: its tag is a hash of that code, so a deploy with changed rules simply ignores the old
ones. Unpickling runs whatever code the data names, so one that is damaged, or written by
someone who can write to Redis but should not run code on the web processes, must name nothing
but the engines' own state classes: the unpickler refuses every other global, as the standard
library's documentation shows ("Restricting Globals"), and the state is then replayed instead.
"""

from __future__ import annotations

import hashlib
import io
import pickle
import sys
from functools import cache
from pathlib import Path
from typing import Any

from shared.engine import Engine

STATE_MODULES = "shared.games."
"""Where every class of an engine state is defined (the engines' states are plain data)."""


@cache
def snapshot_tag(engine: Engine[Any]) -> str:
    """A hash of the sources of the engine's whole package (its rules are spread over its
    modules) and of the protocol. Sources, not the modules loaded: the compiled engines
    (`compiled`) make the very states their sources do, so both share snapshots."""
    package = sys.modules[type(engine).__module__.rpartition(".")[0]]
    files = sorted(Path(package.__file__ or "").parent.glob("*.py"))
    protocol = Path(sys.modules["shared"].__file__ or "").parent / "engine.py"
    digest = hashlib.sha256(engine.type_id.encode())
    for file in [*files, protocol]:
        digest.update(file.read_bytes())
    return digest.hexdigest()[:16]


class StatesOnly(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        found = super().find_class(module, name) if module.startswith(STATE_MODULES) else None
        if not isinstance(found, type):
            raise pickle.UnpicklingError(f"a snapshot may not name {module}.{name}")
        return found


def pickled(state: Any) -> bytes:
    return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)


def unpickled(engine: Engine[Any], tag: str, blob: bytes) -> Any:
    """The snapshot's state, or None if this code did not make it or it does not unpickle to
    the engine's state classes alone (a damaged cache entry only costs a full replay)."""
    if tag != snapshot_tag(engine):
        return None
    try:
        return StatesOnly(io.BytesIO(blob)).load()
    except Exception:
        return None
