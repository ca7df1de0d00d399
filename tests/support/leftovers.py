"""What the suite started and left running: found at the end of each test process's session,
named, and ended, so that the run fails rather than leave a worker retrying a Redis that is
gone.

Every process a test starts inherits `MARK` from the test process's environment (set as the
session starts), and keeps it whatever becomes of its parent, so one that outlived its parent
and was adopted by init is found as surely as a child still in the tree. (A redis-server renames
itself; its environment still says who started it.)
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import psutil

MARK = "TESTS_STARTED_BY"
"""The id of the test process (a pytest-xdist worker, or pytest alone) a process was started
under, in its environment."""

GRACE = 10.0
"""Seconds a process stopped at a test's teardown may take to be gone before it counts as left:
one told to stop a moment before the end may still be exiting."""


def mark() -> None:
    os.environ[MARK] = str(os.getpid())


def started_here() -> list[psutil.Process]:
    """The processes alive (zombies are done) that this test process started, or whose
    environment says it started them."""
    import psutil

    me = os.getpid()
    found = {process.pid: process for process in psutil.Process(me).children(recursive=True)}
    for process in psutil.process_iter():
        if process.pid in found or process.pid == me:
            continue
        try:
            if process.environ().get(MARK) == str(me):
                found[process.pid] = process
        except psutil.Error:
            pass  # another user's, or gone meanwhile
    return [process for process in found.values() if alive(process)]


def alive(process: psutil.Process) -> bool:
    import psutil

    try:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def end_leftovers() -> list[str]:
    """Each process still running that this test process started, as `pid command line`,
    after a grace for those stopping; killed, so that none outlives the run. (Nothing, where
    psutil is not installed: the engines' tests alone start no process.)"""
    try:
        import psutil
    except ImportError:
        return []
    _, left = psutil.wait_procs(started_here(), timeout=GRACE)
    named = []
    for process in left:
        if not alive(process):
            continue
        try:
            named.append(f"{process.pid} {' '.join(process.cmdline())}")
            process.kill()
        except psutil.Error:
            pass  # it ended on its own at the last moment
    return named
