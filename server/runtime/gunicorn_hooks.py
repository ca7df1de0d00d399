"""gunicorn's hooks for turnpost's web processes:
`gunicorn -c python:server.runtime.gunicorn_hooks`.

Before the workers start, the master raises its limit of open files as far as the system lets
it (the workers inherit it), and has them serve fewer requests at once if even that is too few.
Each request in flight holds a socket, and may leave a connection open in each Redis pool: under
the usual default of 1,024 files, a worker serving 1,000 requests at once (a thousand scripts
waiting on long polls) ran out of them, and requests failed.

On SIGTERM (a stop, or the old workers of a reload) a worker stops taking requests and lets
those in flight finish, for up to gunicorn's graceful timeout (30 s). A long poll can wait for
up to a minute, so it would hold the stop for the whole 30 s and then be cut off without an
answer. Told that the worker is stopping, each answers at once with its game as it stands, and
the script behind it asks again, of a process that goes on serving.

A worker serves a fixed number of requests at once, and long polls hold theirs for up to a
minute: each worker lets polls hold at most three quarters of them (`room_for_polls`), so views
and moves always find room, however many polls come.

A request gunicorn refuses itself, before the app sees it (a request line or headers over its
limits, malformed HTTP), is answered by gunicorn's `util.write_error` with an HTML page: each
worker has that answer written in the API's JSON error shape instead (`write_json_error`).

The master reads this module before it forks, and gevent patches `ssl` only later, in each
worker, so nothing here imports the app at the top: the app brings in redis, whose asyncio
client takes `ssl.SSLContext` for itself at import, where the patch cannot reach it, and TLS
through anything holding such a class blocks the worker (gevent warned of it as each worker
started). Each worker loads the app after patching (gunicorn's default: no `--preload`), and
`post_worker_init` reaches the app's services only then (`tests/service/test_redis_tls.py`).
"""

from __future__ import annotations

import resource
import signal
import socket
from types import FrameType
from typing import TYPE_CHECKING, Any

import gevent
from gunicorn import util

from server.domain.encoding import encoded
from server.http.errors import HTTP_CODES, ApiError

if TYPE_CHECKING:
    from flask import Flask

FILES_PER_REQUEST = 3
"""A request's socket, and a connection kept open in each of the two Redis pools (the game
store's and the rate limiter's counters')."""

FILES_SET_ASIDE = 64
"""For what a worker opens whatever its load: its listening socket, logs, the long polls'
subscription, the modules it reads."""


def on_starting(server: Any) -> None:
    """Runs in the master, before it starts the workers."""
    fit = (open_files_allowed() - FILES_SET_ASIDE) // FILES_PER_REQUEST
    wanted = server.cfg.worker_connections
    if wanted > fit:
        server.log.warning(
            "the open files allowed (ulimit -n) leave room for %d requests at once per worker, "
            "not %d: serving %d (raise the hard limit for more)",
            fit,
            wanted,
            max(fit, 1),
        )
        server.cfg.set("worker_connections", max(fit, 1))


def open_files_allowed() -> int:
    """The soft limit of open files, raised to the hard one where the system allows it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1 << 20
    # An unlimited hard limit may still cap the soft one (macOS: at 10,240), so try less too.
    for wanted in [hard] if hard != resource.RLIM_INFINITY else [1 << 20, 10_240]:
        if wanted <= soft:
            break
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            return wanted
        except (ValueError, OSError):
            continue
    return soft


def post_worker_init(worker: Any) -> None:
    """Runs in each worker once it has loaded the app and set its signal handlers. For gevent
    workers, as `serve` and the Procfile run them."""
    from server.http.context import services  # here, in the worker: see the module's docstring

    util.write_error = write_json_error
    app: Flask = worker.wsgi
    with app.app_context():
        waits = services().waits
    waits.room = room_for_polls(worker.cfg.worker_connections)
    stop_worker = signal.getsignal(signal.SIGTERM)

    def stopping(signum: int, frame: FrameType | None) -> None:
        # A greenlet: the handler itself must not wait for the polls' lock.
        gevent.spawn(waits.end)
        if callable(stop_worker):
            stop_worker(signum, frame)

    signal.signal(signal.SIGTERM, stopping)


def room_for_polls(connections: int) -> int:
    """How many long polls a worker serving `connections` requests at once lets wait: all but
    a quarter of them (at least one), which is left for views and moves however many polls come
    (`server.storage.waits`). Those take milliseconds each, so a quarter serves a great many."""
    return connections - max(1, connections // 4)


def write_json_error(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    """What gunicorn's workers answer a request they refuse themselves with (it calls
    `util.write_error` by that name, whose parameters these are): the API's error shape, with
    gunicorn's own status, reason and message."""
    error = ApiError(status_int, HTTP_CODES.get(status_int, "bad_request"), mesg or reason)
    body = encoded(error.body())
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\n"
        "Connection: close\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)
