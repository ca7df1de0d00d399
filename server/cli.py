"""`turnpost-server`: run the service, and the operator's tools."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import redis
import typer

from server.config import Config
from server.redis_process import RedisProcess
from server.store import GameStore

cli = typer.Typer(help="The turnpost service.", no_args_is_help=True, add_completion=False)


@cli.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="port to listen on"),
    workers: int = typer.Option(2, help="gunicorn worker processes"),
    threads: int = typer.Option(8, help="threads per worker (long polls hold one each)"),
) -> None:
    """Run the API under gunicorn. Without REDIS_URL, start an embedded redis-server (AOF on,
    data under ./var/redis) for as long as the service runs.

    Example: turnpost-server serve --port 8000
    """
    config = Config()
    embedded = None
    env = dict(os.environ)
    if not config.redis_url:
        embedded = RedisProcess(config.data_dir / "redis", appendfsync="always").start()
        env["REDIS_URL"] = embedded.url
        typer.echo(f"embedded Redis at {embedded.url} (data in {embedded.directory})")
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "server.app:create_app()",
        "--bind",
        f"{host}:{port}",
        "--workers",
        str(workers),
        "--worker-class",
        "gthread",
        "--threads",
        str(threads),
        "--access-logfile",
        "-",
    ]
    typer.echo(f"turnpost on http://{host}:{port}/api/v1 (docs: /api/v1/docs)")
    server = subprocess.Popen(command, env=env)
    try:
        server.wait()
    except KeyboardInterrupt:
        server.send_signal(signal.SIGTERM)
        server.wait()
    finally:
        if embedded is not None:
            embedded.stop()
    raise typer.Exit(server.returncode or 0)


@cli.command("drop-snapshots")
def drop_snapshots() -> None:
    """Delete every cached snapshot; games replay from their logs (only slower)."""
    url = Config().redis_url
    if not url:
        typer.echo("set REDIS_URL to the service's Redis", err=True)
        raise typer.Exit(2)
    dropped = GameStore(redis.Redis.from_url(url)).drop_snapshots()
    typer.echo(f"dropped {dropped} snapshots")


def main() -> None:
    cli()


if __name__ == "__main__":
    main()
