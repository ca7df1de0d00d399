"""The request's view of the process: the shared objects (`Services`) the app was made with."""

from __future__ import annotations

from server.storage.services import Services


def services() -> Services:
    from flask import current_app  # here, so mail-in (no Flask app) starts without Flask

    found: Services = current_app.extensions["turnpost"]
    return found
