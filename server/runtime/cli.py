"""`turnpost-server`: run the service, and the operator's tools.

Each command imports what it runs (the HTTP stack, the worker, IMAP) inside itself: `mail-in`,
which an MTA starts afresh for every reply, then loads only the mail path."""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Annotated

import typer

from compiled.finder import described
from server.runtime.processes import start_process, stop_process
from server.runtime.redis_process import RedisProcess, counters_process, embedded_process
from server.runtime.web_process import CONNECTIONS, gunicorn_command
from server.settings import Config
from server.storage.redis_client import connect

cli = typer.Typer(help="The turnpost service.", no_args_is_help=True, add_completion=False)


@cli.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="port to listen on"),
    workers: int = typer.Option(2, help="gunicorn worker processes"),
    connections: int = typer.Option(
        CONNECTIONS, help="requests each worker serves at once, long polls included"
    ),
    play_workers: int = typer.Option(
        1, min=1, help="play worker processes: how many bots' moves may be under way at once"
    ),
    hook_workers: int = typer.Option(
        2, min=1, help="hook worker processes: how many webhook posts may be under way at once"
    ),
) -> None:
    """Run the API under gunicorn, and beside it the worker that sends mail (to the Maildir
    ./var/mail unless TURNPOST_SMTP_HOST is set), the play workers that move bots and enforce
    move clocks, apart so that no mail holds them up, and the hook workers that post to
    webhooks, apart so that no webhook holds up mail, bots or clocks. Without REDIS_URL, start
    an embedded redis-server (AOF on, every write synced, data under ./var/redis), and a second
    one without persistence for the rate limiter's counters, for as long as the service runs.
    Any of these that stops is started again.

    Example: turnpost-server serve --port 8000
    """
    config = Config()
    env = dict(os.environ)
    # SIGTERM (a process manager stopping us) must unwind like Ctrl-C, so Redis stops cleanly.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with ExitStack() as cleanup:
        children = [] if config.redis_url else embedded_redis(config, cleanup, env)
        # Login links lead here unless TURNPOST_PUBLIC_URL says where players reach the service.
        env.setdefault("TURNPOST_PUBLIC_URL", f"http://{host}:{port}")
        typer.echo(f"the engines: {described()}")
        typer.echo(f"turnpost on http://{host}:{port}/ (API: /api/v1, docs: /api/v1/docs)")
        server = start_process(
            gunicorn_command(f"{host}:{port}", workers, connections, "--access-logfile", "-"),
            env=env,
        )
        beside = workers_beside(env, play_workers, hook_workers)
        children += beside
        try:
            while server.poll() is None:
                for child in children:
                    child.keep_running()
                time.sleep(0.5)
        finally:
            stop_process(server)
            for worker in beside:
                worker.stop()
    raise typer.Exit(server.returncode or 0)


def embedded_redis(config: Config, cleanup: ExitStack, env: dict[str, str]) -> list[Supervised]:
    """The embedded Redis, and beside it the counters' unless the rate limiter has a store of
    its own, each stopped with `cleanup`; `env` is told where they listen."""
    from server.http.limits import limiter_storage

    cleanup.enter_context(data_dir_lock(config.data_dir))
    embedded = embedded_process(config.data_dir)
    children = [cleanup.enter_context(supervised_redis("the embedded Redis", embedded))]
    env["REDIS_URL"] = embedded.url
    typer.echo(f"embedded Redis at {embedded.url} (data in {embedded.directory})")
    if not config.rate_limit_storage:
        counters = counters_process(config.data_dir / "counters")
        children.append(cleanup.enter_context(supervised_redis("the counters' Redis", counters)))
        env["TURNPOST_RATE_LIMIT_STORAGE"] = limiter_storage(counters.url)
    return children


def workers_beside(env: dict[str, str], play_workers: int, hook_workers: int) -> list[Supervised]:
    """The mail worker, the play workers and the hook workers, each in a process of its own."""
    return [
        Supervised("the mail worker", worker_process(WORKER, env), end_group),
        *(
            Supervised(f"play worker {number}", worker_process(PLAY_WORKER, env), end_group)
            for number in range(1, play_workers + 1)
        ),
        *(
            Supervised(f"hook worker {number}", worker_process(HOOK_WORKER, env), end_group)
            for number in range(1, hook_workers + 1)
        ),
    ]


class Supervised:
    """A process beside `serve`'s web processes, started again whenever it stops (as gunicorn
    does for its own workers). One that keeps stopping within a minute of its start waits twice
    as long each time before the next, up to a minute, so a broken setup does not spin.
    `ended` is called with each process once it has stopped, to clear up after it."""

    def __init__(
        self,
        name: str,
        launch: Callable[[], subprocess.Popen[bytes]],
        ended: Callable[[subprocess.Popen[bytes]], None] = lambda _: None,
    ) -> None:
        self.name = name
        self.launch = launch
        self.ended = ended
        self.pause = 0.0
        self.restart_at: float | None = None
        self.process = self._started()

    def _started(self) -> subprocess.Popen[bytes]:
        self.started = time.monotonic()
        return self.launch()

    def keep_running(self) -> None:
        if self.process.poll() is None:
            return
        now = time.monotonic()
        if self.restart_at is None:
            self.ended(self.process)
            soon = now - self.started < 60
            self.pause = min(max(self.pause * 2, 1.0), 60.0) if soon else 1.0
            self.restart_at = now + self.pause
            typer.echo(
                f"{self.name} stopped (exit {self.process.returncode}); "
                f"starting it again in {self.pause:.0f} s",
                err=True,
            )
        if now >= self.restart_at:
            self.restart_at = None
            self.process = self._started()

    def stop(self) -> None:
        stop_process(self.process)
        self.ended(self.process)

    def __enter__(self) -> Supervised:
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()


@contextmanager
def supervised_redis(name: str, redis_server: RedisProcess) -> Iterator[Supervised]:
    """An embedded redis-server, started again on the same data and socket when it stops: it
    replays its AOF, and the web processes' clients, whose requests meanwhile answer 503,
    connect to it again (`GET /api/v1/health/ready` says when)."""
    with Supervised(name, redis_server.launch) as child:
        redis_server.wait_until_up()
        yield child


WORKER = (sys.executable, "-m", "server.runtime.cli", "worker")
PLAY_WORKER = (sys.executable, "-m", "server.runtime.cli", "play-worker")
HOOK_WORKER = (sys.executable, "-m", "server.runtime.cli", "hook-worker")


def worker_process(
    command: tuple[str, ...], env: dict[str, str]
) -> Callable[[], subprocess.Popen[bytes]]:
    """A worker runs in a process group of its own, ended whole (`end_group`)."""
    return lambda: start_process(command, env=env)


def end_group(process: subprocess.Popen[bytes]) -> None:
    """A worker killed outright would otherwise leave its job scheduler (a process RQ starts)
    running without it."""
    with contextlib.suppress(ProcessLookupError):  # nothing of it is left
        os.killpg(process.pid, signal.SIGTERM)


@cli.command()
def worker() -> None:
    """Run the mail worker: turn notices, digests, reminders and move-clock deadlines (RQ jobs
    queued in the service's Redis), what games in play wait for first. Needs REDIS_URL; run as
    many as you like.

    Example: REDIS_URL=redis://localhost:6379/0 turnpost-server worker
    """
    from server.notify import worker as notify_worker

    config = Config()
    require_redis_url(config)
    notify_worker.run(config)


@cli.command("play-worker")
def play_worker() -> None:
    """Run a play worker: what games in play wait for alone (their notices planned, bots'
    moves, move clocks' checks), so that no mail, however slow, holds up a bot or a clock.
    Needs REDIS_URL; run one or more beside the mail worker.

    Example: REDIS_URL=redis://localhost:6379/0 turnpost-server play-worker
    """
    from server.notify import worker as notify_worker

    config = Config()
    require_redis_url(config)
    notify_worker.run(config, mail=False)


@cli.command("hook-worker")
def hook_worker() -> None:
    """Run a hook worker: the posts to webhooks (RQ jobs in a queue of their own), one at a
    time, so that an address that answers slowly or never holds up no mail, bot or clock.
    Needs REDIS_URL; run as many as posts may be under way at once.

    Example: REDIS_URL=redis://localhost:6379/0 turnpost-server hook-worker
    """
    from server.notify import worker as notify_worker

    config = Config()
    require_redis_url(config)
    notify_worker.run_hooks(config)


@contextmanager
def data_dir_lock(data_dir: Path) -> Iterator[None]:
    """One embedded Redis per data directory: a second one would take over the first one's
    socket and files."""
    data_dir.mkdir(parents=True, exist_ok=True)
    with (data_dir / "serve.lock").open("w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            typer.echo(
                f"another turnpost-server is using {data_dir.resolve()}: stop it first, "
                "or set TURNPOST_DATA to another directory",
                err=True,
            )
            raise typer.Exit(1) from None
        yield


@cli.command("drop-snapshots")
def drop_snapshots() -> None:
    """Delete every cached snapshot; games replay from their logs (only slower)."""
    from server.storage.games.game_store import RedisGameStore

    config = Config()
    require_redis_url(config)
    dropped = RedisGameStore(connect(config.redis_url)).drop_snapshots()
    typer.echo(f"dropped {dropped} snapshots")


@cli.command("mail-in")
def mail_in_command(
    recipient: Annotated[
        list[str] | None,
        typer.Option(
            help="the envelope recipient, if the MTA passes it (Postfix: ${original_recipient});"
            " otherwise the Delivered-To, X-Original-To and To headers are read",
        ),
    ] = None,
) -> None:
    """Handle one reply to a turn email, read from standard input (for an MTA pipe).
    Exits 0 once it is handled or dropped, 75 (try again later) when Redis or the outgoing
    mail server cannot be reached. Without REDIS_URL it uses the embedded Redis of
    `turnpost-server serve` on the same TURNPOST_DATA; it says which Redis on standard error.

    Example: turnpost-server mail-in < reply.eml
    """
    from server.inbound.mail_in import mail_in

    log_to_stderr()
    raise typer.Exit(mail_in(sys.stdin.buffer, recipient or []))


@cli.command("mail-poll")
def mail_poll_command(
    every: Annotated[
        float | None,
        typer.Option(help="poll again every this many seconds instead of once", min=1),
    ] = None,
) -> None:
    """Handle the unseen replies in the IMAP mailbox set by TURNPOST_IMAP_*, marking each seen.

    Example: TURNPOST_IMAP_HOST=imap.example.org turnpost-server mail-poll --every 60
    """
    from server.inbound.mail_poll import mail_poll

    log_to_stderr()
    raise typer.Exit(mail_poll(every))


def require_redis_url(config: Config) -> None:
    """Commands that work on a running service's data have no embedded Redis to fall back on."""
    if not config.redis_url:
        typer.echo("set REDIS_URL to the service's Redis", err=True)
        raise typer.Exit(2)


def log_to_stderr() -> None:
    logging.basicConfig(level=logging.INFO, format="turnpost %(levelname)s %(message)s")


def main() -> None:
    cli()


if __name__ == "__main__":
    main()
