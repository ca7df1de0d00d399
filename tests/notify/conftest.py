"""The notification tests run the worker's jobs in the test process (`mail`, tests/conftest.py)
under a clock the test moves; `clocked` puts the API on that clock too."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from tests.parts import LiveServer
from tests.support.jobs import Mail


@pytest.fixture
def clocked(api: LiveServer, mail: Mail) -> Iterator[LiveServer]:
    """The API reading clocks by the worker's clock, as on one machine."""
    services = api.app.extensions["turnpost"]
    api.app.extensions["turnpost"] = dataclasses.replace(services, clock=mail.clock)
    yield api
    api.app.extensions["turnpost"] = services
