"""The notification tests run the worker's jobs in the test process (`mail`, tests/conftest.py)
under a clock the test moves; `clocked` puts the API on that clock too."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from aiosmtpd.controller import Controller

from tests.parts import LiveServer, smtp_serving
from tests.support.jobs import GatedInbox, Mail


@pytest.fixture
def clocked(api: LiveServer, mail: Mail) -> Iterator[LiveServer]:
    """The API reading clocks by the worker's clock, as on one machine."""
    services = api.app.extensions["turnpost"]
    api.app.extensions["turnpost"] = dataclasses.replace(services, clock=mail.clock)
    yield api
    api.app.extensions["turnpost"] = services


@pytest.fixture
def gated() -> Iterator[tuple[Controller, GatedInbox]]:
    inbox = GatedInbox()
    with smtp_serving(inbox) as controller:
        try:
            yield controller, inbox
        finally:
            inbox.gate.set()  # a stalled session would keep the server from stopping
