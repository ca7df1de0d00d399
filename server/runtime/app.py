"""The app factory: `create_app()` is what gunicorn, the tests and the CLI's server start."""

from __future__ import annotations

from typing import Any

from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Flask, Response, jsonify
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from server import web
from server.api import (
    account,
    calendar,
    docs_page,
    events,
    games,
    meta,
    paths,
    players,
    talk,
    webhooks,
)
from server.api.json_provider import AnswerJson
from server.http import language, refusals
from server.http.limits import RATE_LIMITS, UNCOUNTED, RateLimits, limiter_storage
from server.presenters.documented import one_of, schema_of
from server.presenters.shapes import Error
from server.settings import Config
from server.storage.redis_client import connect
from server.storage.services import Services


class TurnpostApi(Api):
    """flask-smorest's Api with turnpost's one error shape, also in the OpenAPI document."""

    ERROR_SCHEMA = schema_of(Error)

    def handle_http_exception(
        self, error: HTTPException
    ) -> tuple[dict[str, Any], int, dict[str, str]]:
        refusal = refusals.http_refused(error)
        return refusal.body(), refusal.status, refusal.headers


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
        config.login_limit,
        uncounted=UNCOUNTED | docs_page.ENDPOINTS,
    )
    app.extensions[RATE_LIMITS] = limits
    app.before_request(limits.count_request)
    documenting = MarshmallowPlugin()
    api = TurnpostApi(app, spec_kwargs={"marshmallow_plugin": documenting})
    assert documenting.converter is not None  # made as the spec is
    documenting.converter.add_attribute_function(one_of)  # type: ignore[no-untyped-call]
    api.spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    api.spec.options["security"] = [{"bearer": []}]
    paths.register(app, api)
    for blueprint in (
        meta.blp,
        players.blp,
        account.blp,
        events.blp,
        games.blp,
        talk.blp,
        calendar.blp,
        webhooks.blp,
    ):
        api.register_blueprint(blueprint)
    app.register_blueprint(docs_page.blp)
    language.register(app)
    web.register(app)

    @app.errorhandler(Exception)
    def refused(error: Exception) -> tuple[Response, int, dict[str, str]]:
        """Every failure in the one shape (`server.http.refusals`); the web pages draw theirs
        as pages (`server.web.blueprint`)."""
        answer = refusals.answer_for(error)
        return jsonify(answer.body()), answer.status, answer.headers

    return app
