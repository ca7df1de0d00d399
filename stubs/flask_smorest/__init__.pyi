"""The part of flask-smorest that turnpost uses: flask-smorest ships no types."""

from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import flask
import marshmallow as ma
from apispec import APISpec
from flask.typing import ResponseReturnValue
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import HTTPException
from werkzeug.routing import BaseConverter

_View = TypeVar("_View", bound=Callable[..., Any])
_P = ParamSpec("_P")
_R = TypeVar("_R")

class Blueprint(flask.Blueprint):
    ARGUMENTS_PARSER: FlaskParser
    description: str

    def __init__(
        self, name: str, import_name: str, *args: Any, description: str = "", **kwargs: Any
    ) -> None: ...
    def route(
        self,
        rule: str,
        *,
        parameters: list[Any] | None = None,
        tags: list[str] | None = None,
        **options: Any,
    ) -> Callable[[_View], _View]: ...
    # The view is called with the parsed arguments added to the URL's.
    def arguments(
        self,
        schema: type[ma.Schema] | ma.Schema,
        *,
        location: str = "json",
        content_type: str | None = None,
        required: bool = True,
        description: str | None = None,
        example: Any = None,
        examples: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> Callable[[Callable[..., _R]], Callable[..., _R]]: ...
    # What the view returns is dumped by `schema` into a JSON response.
    def response(
        self,
        status_code: int,
        schema: type[ma.Schema] | ma.Schema | None = None,
        *,
        content_type: str | None = None,
        description: str | None = None,
        example: Any = None,
        examples: dict[str, Any] | None = None,
        headers: dict[str, Any] | None = None,
    ) -> Callable[[Callable[_P, Any]], Callable[_P, flask.Response]]: ...
    def alt_response(
        self,
        status_code: int,
        response: str | None = None,
        *,
        schema: type[ma.Schema] | ma.Schema | None = None,
        content_type: str | None = None,
        description: str | None = None,
        example: Any = None,
        examples: dict[str, Any] | None = None,
        headers: dict[str, Any] | None = None,
        success: bool = False,
    ) -> Callable[[_View], _View]: ...
    @staticmethod
    def doc(**kwargs: Any) -> Callable[[_View], _View]: ...

class Api:
    ERROR_SCHEMA: type[ma.Schema]
    spec: APISpec

    def __init__(
        self,
        app: flask.Flask | None = None,
        *,
        spec_kwargs: dict[str, Any] | None = None,
        config_prefix: str = "",
    ) -> None: ...
    def init_app(self, app: flask.Flask, *, spec_kwargs: dict[str, Any] | None = None) -> None: ...
    def register_blueprint(
        self, blp: Blueprint, *, parameters: list[Any] | None = None, **options: Any
    ) -> None: ...
    def register_converter(
        self, converter: type[BaseConverter], func: Callable[[Any], dict[str, Any]]
    ) -> None: ...
    def handle_http_exception(self, error: HTTPException) -> ResponseReturnValue: ...
