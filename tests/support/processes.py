"""The service as processes: the environment its web processes run with in a test, a probe
of whether one answers, and a wait for what happens in another process."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import requests


def service_env(redis_url: str) -> dict[str, str]:
    """Web processes of their own (gunicorn, whose workers one test kills), on a Redis this
    module kills or stops."""
    return {
        "REDIS_URL": redis_url,
        "TURNPOST_RATE_LIMIT": "100000 per minute",
        "TURNPOST_REGISTRATION_LIMIT": "100000 per minute",
    }


def eventually(found: Callable[[], Any], within: float = 60.0) -> Any:
    deadline = time.monotonic() + within
    while not (value := found()):
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.2)
    return value


def status(url: str, path: str) -> int | None:
    try:
        return requests.get(f"{url}/api/v1{path}", timeout=5).status_code
    except requests.RequestException:
        return None
