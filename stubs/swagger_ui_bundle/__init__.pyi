"""The part of swagger-ui-bundle-v2 turnpost uses: where its Swagger UI files lie."""

from pathlib import Path

swagger_ui_path: Path
