"""The API's browsable documentation at `/api/v1/docs`: flask-smorest's Swagger UI page, its
scripts and styles served from the `swagger-ui-bundle-v2` package installed with the service,
so the page works where the service runs without internet (a CDN would leave it blank)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, send_from_directory
from swagger_ui_bundle import swagger_ui_path

PAGE = "/docs"
"""Under the OpenAPI prefix `/api/v1`, as flask-smorest places it."""
ASSETS = "/api/v1/docs/assets/"

blp = Blueprint("docs_assets", __name__)

ENDPOINTS = frozenset({"api-docs.openapi_swagger_ui", "docs_assets.asset"})
"""The page and its files: a browser opening it fetches several, none of them a player's work."""

SETTINGS: dict[str, Any] = {
    "OPENAPI_SWAGGER_UI_PATH": PAGE,
    "OPENAPI_SWAGGER_UI_URL": ASSETS,
    # Swagger UI would otherwise send the document to a validator on the internet.
    "OPENAPI_SWAGGER_UI_CONFIG": {"validatorUrl": None},
}
"""flask-smorest's settings for the page."""


@blp.route(ASSETS + "<path:filename>")
def asset(filename: str) -> Response:
    """A file of Swagger UI's (a name outside its folder is 404)."""
    return send_from_directory(swagger_ui_path, filename)
