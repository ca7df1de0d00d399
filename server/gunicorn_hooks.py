"""gunicorn's hooks for turnpost's web processes: `gunicorn -c python:server.gunicorn_hooks`.

On SIGTERM (a stop, or the old workers of a reload) a worker stops taking requests and lets
those in flight finish, for up to gunicorn's graceful timeout (30 s). A long poll can wait for
up to a minute, so it would hold the stop for the whole 30 s and then be cut off without an
answer. Told that the worker is stopping, each answers at once with its game as it stands, and
the script behind it asks again, of a process that goes on serving.
"""

from __future__ import annotations

import logging
import signal
from types import FrameType
from typing import Any

import gevent
from flask import Flask

from server.redis_client import UNAVAILABLE
from server.services import services

log = logging.getLogger(__name__)


def post_worker_init(worker: Any) -> None:
    """Runs in each worker once it has loaded the app and set its signal handlers. For gevent
    workers, as `serve` and the Procfile run them."""
    app: Flask = worker.wsgi
    stop_worker = signal.getsignal(signal.SIGTERM)

    def stopping(signum: int, frame: FrameType | None) -> None:
        # A greenlet: the handler itself must not wait on Redis, nor on a thread starting.
        gevent.spawn(end_waits, app)
        if callable(stop_worker):
            stop_worker(signum, frame)

    signal.signal(signal.SIGTERM, stopping)


def end_waits(app: Flask) -> None:
    with app.app_context():
        try:
            services().games.store.end_waits()
        except UNAVAILABLE as error:
            log.warning("long polls not told of the stop; they run out their time: %s", error)
