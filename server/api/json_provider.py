"""Flask's JSON provider for answers (`jsonify`, flask-smorest's responses):
`server.domain.encoding`."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response
from flask.json.provider import DefaultJSONProvider

from server.domain.encoding import encoded


class AnswerJson(DefaultJSONProvider):
    def __init__(self, app: Flask) -> None:
        super().__init__(app)
        # `self._app.response_class`, typed: flask types a provider's app as its sansio base.
        self.response_class = app.response_class

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return encoded(obj).decode()

    def response(self, *args: Any, **kwargs: Any) -> Response:
        body = encoded(self._prepare_response_obj(args, kwargs))
        return self.response_class(body, mimetype=self.mimetype)
