"""The app factory: `create_app()` is what gunicorn, the tests and the CLI's server start."""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, jsonify, request
from flask.typing import ResponseReturnValue
from flask_smorest import Api
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from server import docs_page
from server.api import calendar, games, meta, players, refusals, webhooks
from server.api.answers import AnswerJson
from server.domain.errors import Refusal, Unavailable
from server.errors import HTTP_CODES, ApiError
from server.limits import RateLimits, limiter_storage
from server.redis_client import UNAVAILABLE, connect
from server.schemas import ErrorSchema
from server.services import Services
from server.settings import Config

log = logging.getLogger("turnpost")


class TurnpostApi(Api):
    """flask-smorest's Api with turnpost's one error shape, also in the OpenAPI document."""

    ERROR_SCHEMA = ErrorSchema

    def handle_http_exception(
        self, error: HTTPException
    ) -> tuple[dict[str, Any], int, dict[str, str]]:
        status = error.code or 500
        data = getattr(error, "data", None) or {}
        details = {}
        if "messages" in data:
            details["fields"] = data["messages"]
        code = HTTP_CODES.get(status, "error")
        message = data.get("message") or error.description or error.name
        if "fields" in details:
            code, message = "invalid_request", "the request has invalid fields"
        if isinstance(error, MethodNotAllowed) and error.valid_methods:
            allowed = ", ".join(sorted(error.valid_methods))
            message = f"{request.method} is not allowed here, only {allowed}"
        # werkzeug's own headers (a 405's `Allow`), but not the Content-Type of its HTML page.
        headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
        headers.update(data.get("headers") or {})
        return ApiError(status, code, message, details).body(), status, headers


def create_app(config: Config | None = None) -> Flask:
    config = config or Config()
    if not config.redis_url:
        raise RuntimeError("REDIS_URL is not set; `turnpost-server serve` starts an embedded Redis")
    app = Flask("turnpost")
    app.json = AnswerJson(app)
    app.config.update(
        MAX_CONTENT_LENGTH=config.max_body_bytes,
        API_TITLE="turnpost",
        API_VERSION="v1",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/api/v1",
        OPENAPI_JSON_PATH="openapi.json",
        **docs_page.SETTINGS,
    )
    client = connect(config.redis_url)
    app.extensions["turnpost"] = Services.build(config, client)

    limits = RateLimits(
        config.rate_limit_storage or limiter_storage(config.redis_url),
        config.rate_limit,
        config.registration_limit,
    )
    app.before_request(limits.count_request)
    api = TurnpostApi(app)
    api.spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    api.spec.options["security"] = [{"bearer": []}]
    for blueprint in (meta.blp, players.blp, games.blp, calendar.blp, webhooks.blp):
        api.register_blueprint(blueprint)
    app.register_blueprint(docs_page.blp)

    @app.errorhandler(ApiError)
    def api_error(error: ApiError) -> tuple[Response, int, dict[str, str]]:
        return jsonify(error.body()), error.status, error.headers

    @app.errorhandler(Refusal)
    def refusal(error: Refusal) -> tuple[Response, int, dict[str, str]]:
        return api_error(refusals.refused(error))

    @app.errorhandler(Unavailable)
    def not_yet(error: Unavailable) -> tuple[Response, int, dict[str, str]]:
        return api_error(refusals.unavailable(error))

    def unavailable(error: Exception) -> tuple[Response, int, dict[str, str]]:
        log.warning("Redis unavailable: %s", error)
        return api_error(refusals.unavailable())

    for outage in UNAVAILABLE:
        app.register_error_handler(outage, unavailable)

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> ResponseReturnValue:
        cause = getattr(error, "original_exception", None)  # raised outside a view
        if isinstance(cause, UNAVAILABLE):
            return unavailable(cause)
        if isinstance(error, HTTPException):
            return api.handle_http_exception(error)
        log.exception("unexpected error")
        body = ApiError(500, "internal", "something went wrong on our side; nothing was changed")
        return jsonify(body.body()), 500

    return app
