"""`turnpost-server`: run the service, and the operator's tools."""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import typer

from server.config import Config
from server.limits import limiter_storage
from server.redis_client import connect
from server.redis_process import RedisProcess, counters_process
from server.store import GameStore
from server.web_process import gunicorn_command

cli = typer.Typer(help="The turnpost service.", no_args_is_help=True, add_completion=False)


@cli.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="port to listen on"),
    workers: int = typer.Option(2, help="gunicorn worker processes"),
    threads: int = typer.Option(8, help="threads per worker (long polls hold one each)"),
) -> None:
    """Run the API under gunicorn. Without REDIS_URL, start an embedded redis-server (AOF on,
    every write synced, data under ./var/redis), and a second one without persistence for the
    rate limiter's counters, for as long as the service runs.

    Example: turnpost-server serve --port 8000
    """
    config = Config()
    env = dict(os.environ)
    # SIGTERM (a process manager stopping us) must unwind like Ctrl-C, so Redis stops cleanly.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with ExitStack() as cleanup:
        if not config.redis_url:
            cleanup.enter_context(data_dir_lock(config.data_dir))
            embedded = RedisProcess(config.data_dir / "redis", appendfsync="always")
            env["REDIS_URL"] = cleanup.enter_context(embedded).url
            typer.echo(f"embedded Redis at {embedded.url} (data in {embedded.directory})")
            if not config.rate_limit_storage:
                counters = cleanup.enter_context(counters_process(config.data_dir / "counters"))
                env["TURNPOST_RATE_LIMIT_STORAGE"] = limiter_storage(counters.url)
        typer.echo(f"turnpost on http://{host}:{port}/api/v1 (docs: /api/v1/docs)")
        server = subprocess.Popen(
            gunicorn_command(f"{host}:{port}", workers, threads, "--access-logfile", "-"),
            env=env,
        )
        try:
            server.wait()
        finally:
            if server.poll() is None:
                server.terminate()
                server.wait()
    raise typer.Exit(server.returncode or 0)


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
    url = Config().redis_url
    if not url:
        typer.echo("set REDIS_URL to the service's Redis", err=True)
        raise typer.Exit(2)
    dropped = GameStore(connect(url)).drop_snapshots()
    typer.echo(f"dropped {dropped} snapshots")


def main() -> None:
    cli()


if __name__ == "__main__":
    main()
