"""Fixtures the folders of service tests share: a redis-server on a free port (one per test
worker), the API served over real HTTP on loopback, an SMTP server that keeps what it receives,
and what runs against them: the worker's jobs, mail-in's environment, players at a terminal.
Their parts are imported when a fixture is first asked for (`tests.parts`, `tests.support`), so
the engines' tests run with none of the server's stack installed. A fixture one folder alone
uses lives in that folder's conftest.

The session ends with a look for processes the suite started and left running
(`tests.support.leftovers`): each test process looks for its own, and the run fails naming them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    import redis
    from aiosmtpd.controller import Controller
    from playwright.sync_api import Browser

    from server.runtime.redis_process import RedisProcess
    from tests.parts import LiveServer, SmtpInbox
    from tests.support.jobs import Mail
    from tests.support.terminal import PlayerFactory


LEFT: pytest.StashKey[list[str]] = pytest.StashKey()


def pytest_configure(config: pytest.Config) -> None:
    from hypothesis import settings

    # No example has a deadline: on a busy machine any may take longer than Hypothesis's 200 ms
    # by default, which says nothing of the code; what is slow is measured in bench/.
    settings.register_profile("suite", deadline=None)
    settings.load_profile("suite")
    config.addinivalue_line("markers", "long: a test of tens of seconds, started first")
    config.stash[LEFT] = []
    if not controls_workers(config):
        from tests.support.leftovers import mark

        mark()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked `long` (a whole game in a browser or by scripts, the API fuzzed) run
    first: the workers sharing the suite then end on short tests, together, rather than one
    waiting on the other's last long one."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


def controls_workers(config: pytest.Config) -> bool:
    """pytest-xdist's controller, whose workers run the tests (and look for what they left)."""
    return config.pluginmanager.getplugin("dsession") is not None


def pytest_testnodedown(node: Any, error: object) -> None:
    """A worker's leftovers, in the controller."""
    node.config.stash[LEFT] += getattr(node, "workeroutput", {}).get("leftovers", [])


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    if not controls_workers(config):
        from tests.support.leftovers import end_leftovers

        config.stash[LEFT] += end_leftovers()
        if hasattr(config, "workeroutput"):  # a worker: the controller says it
            config.workeroutput["leftovers"] = config.stash[LEFT]
            return
    if config.stash[LEFT]:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    if config.stash[LEFT]:
        terminalreporter.section("processes the tests left running (now killed)", red=True)
        for left in config.stash[LEFT]:
            terminalreporter.write_line(left)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, driven by Playwright, one for a module's pages and mail; where the
    machine has none its tests skip, saying how to have it."""
    from tests.support.boards import CHROMIUM, chromium

    if not CHROMIUM:
        pytest.skip("no Chromium to open pages in: apt-get install chromium (.ci/run does)")
    with chromium() as running:
        yield running


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisProcess]:
    from server.runtime.redis_process import RedisProcess, free_port

    process = RedisProcess(Path(tmp_path_factory.mktemp("redis")), port=free_port())
    with process:
        yield process


@pytest.fixture
def redis_client(redis_server: RedisProcess) -> Iterator[redis.Redis]:
    import redis

    client = redis.Redis.from_url(redis_server.url)
    client.flushall()
    yield client
    client.close()


@pytest.fixture(scope="session")
def live_server(redis_server: RedisProcess) -> Iterator[LiveServer]:
    from tests.parts import LiveServer, service_config

    server = LiveServer(service_config(redis_server.url))
    yield server
    server.stop()


@pytest.fixture
def api(live_server: LiveServer, redis_client: redis.Redis) -> LiveServer:
    """The live server over an empty Redis."""
    return live_server


@pytest.fixture
def smtp_server() -> Iterator[tuple[Controller, SmtpInbox]]:
    """A real SMTP server on a free loopback port; `inbox.received` is what reached it."""
    from tests.parts import SmtpInbox, smtp_serving

    inbox = SmtpInbox()
    with smtp_serving(inbox) as controller:
        yield controller, inbox


@pytest.fixture
def mail(
    api: LiveServer,
    redis_client: redis.Redis,
    smtp_server: tuple[Controller, SmtpInbox],
    tmp_path: Path,
) -> Iterator[Mail]:
    """The worker's jobs, run in the test process when the test says (`mail.run()`)."""
    from tests.support.jobs import jobs_in_process

    controller, inbox = smtp_server
    with jobs_in_process(api, redis_client, controller, inbox, tmp_path / "mail") as jobs:
        yield jobs


@pytest.fixture
def mail_env(
    redis_server: RedisProcess, smtp_server: tuple[Controller, SmtpInbox], tmp_path: Path
) -> dict[str, str]:
    """The environment the real `turnpost-server mail-in` process runs with."""
    from tests.support.letters import mail_in_env

    return mail_in_env(redis_server.url, smtp_server[0], tmp_path / "data")


@pytest.fixture
def player(api: LiveServer, tmp_path: Path) -> PlayerFactory:
    """Makes a player at their own terminal, registered through the command line unless told."""
    from tests.support.terminal import players_of

    return players_of(api.url, tmp_path)
