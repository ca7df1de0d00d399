"""Flask's JSON provider for answers (`jsonify`, flask-smorest's responses): `server.encoding`."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.json.provider import DefaultJSONProvider

from server.encoding import encoded


class AnswerJson(DefaultJSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return encoded(obj).decode()

    def response(self, *args: Any, **kwargs: Any) -> Response:
        body = encoded(self._prepare_response_obj(args, kwargs))
        return self._app.response_class(body, mimetype=self.mimetype)
