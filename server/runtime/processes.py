"""The processes `serve` runs beside itself (Redis, gunicorn, the workers), and those the tests
and benchmarks start: each in a process group of its own, stopped by group, and on Linux ended
by the kernel when the thread that started it dies.

A group of its own keeps a terminal's Ctrl-C for `serve` alone, which stops its children in
order (the web processes, then the workers, then Redis), and lets whatever a child starts in
turn (gunicorn's workers, RQ's scheduler) be stopped with it. The kernel's signal at the
parent's death (`PR_SET_PDEATHSIG`) covers what no `finally` can: `serve` killed outright
(`kill -9`, the OOM killer) would otherwise leave its workers running with no parent, retrying
a Redis that is gone.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Sequence
from typing import Any

PR_SET_PDEATHSIG = 1
"""From <linux/prctl.h>."""


def _prctl() -> Callable[..., int] | None:
    """libc's prctl, looked up once here rather than in the forked child, where loading a
    library could wait forever on a lock another thread of the parent held at the fork."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True).prctl
    except (OSError, AttributeError):
        return None


PRCTL = _prctl()


def _dies_with(parent: int) -> Callable[[], None] | None:
    """What the child runs between fork and exec: SIGTERM to it when its parent's thread dies,
    and an exit at once if the parent died before that was asked."""
    prctl = PRCTL
    if prctl is None:
        return None

    def ask() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        if os.getppid() != parent:
            os._exit(1)

    return ask


def start_process(command: Sequence[str], **options: Any) -> subprocess.Popen[bytes]:
    """`subprocess.Popen(command, **options)`, in a process group of its own that ends, on
    Linux, when the thread that called this ends."""
    return subprocess.Popen(
        command, start_new_session=True, preexec_fn=_dies_with(os.getpid()), **options
    )


def stop_process(process: subprocess.Popen[bytes] | None, timeout: float = 15) -> None:
    """SIGTERM, and SIGKILL if it has not exited within `timeout` seconds: to the process's
    whole group when it leads one (`start_process`), so that what it started goes too."""
    if process is None or process.poll() is not None:
        return
    group = os.getpgid(process.pid) == process.pid

    def send(signal_number: int) -> None:
        with contextlib.suppress(ProcessLookupError):  # gone meanwhile
            if group:
                os.killpg(process.pid, signal_number)
            else:
                process.send_signal(signal_number)

    send(signal.SIGTERM)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        send(signal.SIGKILL)
        process.wait()
