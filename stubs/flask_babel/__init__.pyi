from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from babel import Locale
from babel.support import NullTranslations
from flask import Flask

class Babel:
    def __init__(
        self,
        app: Flask | None = ...,
        default_locale: str = ...,
        default_timezone: str = ...,
        date_formats: dict[str, str] | None = ...,
        configure_jinja: bool = ...,
        default_translation_directories: str = ...,
        default_domain: str = ...,
        locale_selector: Callable[[], str | None] | None = ...,
        timezone_selector: Callable[[], str | None] | None = ...,
    ) -> None: ...

def gettext(string: str, **variables: Any) -> str: ...
def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str: ...
def pgettext(context: str, string: str, **variables: Any) -> str: ...
def lazy_gettext(string: str, **variables: Any) -> str: ...
def get_locale() -> Locale | None: ...
def get_translations() -> NullTranslations: ...
def refresh() -> None: ...
@contextmanager
def force_locale(locale: str) -> Iterator[None]: ...
def format_datetime(
    datetime: datetime | None = ..., format: str | None = ..., rebase: bool = ...
) -> str: ...
def format_timedelta(
    datetime_or_timedelta: datetime | timedelta,
    granularity: str = ...,
    add_direction: bool = ...,
    threshold: float = ...,
) -> str: ...
def format_decimal(number: float, format: str | None = ...) -> str: ...

_ = gettext
