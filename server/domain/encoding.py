"""JSON the service writes, by orjson: the API's answers (and gunicorn's own refusals), log
entries, the notes of a game's request index, table talk and the archive of a finished game.

Encoding the answer was the largest single item of a request's CPU with the standard library's
encoder (a view with its legal moves is several kilobytes); orjson takes a tenth of the time and
keeps the order the dicts were built in. Requests are still parsed by the standard library (by
the API), which refuses what orjson would let through, such as a key given twice.
"""

from __future__ import annotations

import json
from typing import Any

import orjson


def encoded(value: Any) -> bytes:
    try:
        return orjson.dumps(value, default=_fallback, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        # What an error may quote back from a request and orjson refuses: a lone surrogate
        # ("\ud800" is valid JSON, but no Unicode text), which the standard library escapes,
        # or an integer beyond 64 bits. (Anything else that is not JSON fails here too.)
        return json.dumps(value, default=_fallback, separators=(",", ":")).encode()


def _fallback(value: Any) -> Any:
    """What orjson leaves to the caller: named tuples become arrays, as the standard library
    makes them."""
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON")
