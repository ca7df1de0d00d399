from typing import Any

from playwright.sync_api import Page

class AxeResults:
    response: dict[str, Any]
    violations_count: int

class Axe:
    def __init__(self) -> None: ...
    def run(
        self,
        page: Page,
        context: str | list[Any] | dict[str, Any] | None = ...,
        options: dict[str, Any] | None = ...,
    ) -> AxeResults: ...
