"""Where the client keeps the server URL and the player's token, and how the environment
overrides them.

The token is a password: the file holding it is created private (0600) before anything is
written into it, in a private directory, so there is no moment at which another user can read it.
Environment variables win over the file so that a script (or a test) can act as several players
from one account without touching anyone's saved settings.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

DEFAULT_URL = "http://127.0.0.1:8000"
CONFIG_DIR_ENV = "TURNPOST_CONFIG_DIR"
URL_ENV = "TURNPOST_URL"
TOKEN_ENV = "TURNPOST_TOKEN"
FILE_NAME = "config.json"


def N_(message: str) -> str:
    """A message marked for the catalogs but said later, by a layer that has the words."""
    return message


UNREADABLE = N_("cannot read %(file)s (%(error)s); mend or delete it")


@dataclass(frozen=True)
class Saved:
    """What `turnpost register` and `turnpost config` store."""

    url: str | None = None
    token: str | None = None
    name: str | None = None
    language: str | None = None
    """The player's language as the server last said it (`GET /me`): the CLI speaks it."""


@dataclass(frozen=True)
class Settings:
    """The settings a command runs with: the saved ones with the environment laid over them."""

    url: str
    token: str | None
    name: str | None
    language: str | None
    url_from_env: bool
    token_from_env: bool


def config_dir() -> Path:
    override = os.environ.get(CONFIG_DIR_ENV)
    return Path(override) if override else Path(typer.get_app_dir("turnpost"))


def config_path() -> Path:
    return config_dir() / FILE_NAME


def load_saved() -> Saved:
    """The saved settings; an absent file is a fresh install, not an error."""
    try:
        raw = json.loads(config_path().read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Saved()
    except (OSError, ValueError) as error:
        raise ConfigError(
            UNREADABLE,
            file=config_path(),
            error=error,
        ) from None
    if not isinstance(raw, dict):
        raise ConfigError(
            N_("%(file)s is not a JSON object; mend or delete it"), file=config_path()
        )
    return Saved(
        url=raw.get("url"),
        token=raw.get("token"),
        name=raw.get("name"),
        language=raw.get("language"),
    )


def save(saved: Saved) -> Path:
    """Write the settings privately and atomically (a crash leaves the old file or the new)."""
    fields = {
        "url": saved.url,
        "token": saved.token,
        "name": saved.name,
        "language": saved.language,
    }
    return write_private(config_path(), {k: v for k, v in fields.items() if v is not None})


def remember_language(settings: Settings, language: str | None) -> None:
    """Keep the player's language as the server gave it, so that every command speaks it
    without asking; not when the token comes from the environment (maybe another player's)."""
    if language and not settings.token_from_env and language != settings.language:
        saved = load_saved()
        save(Saved(saved.url, saved.token, saved.name, language))


def write_private(target: Path, data: dict[str, Any]) -> Path:
    """`data` as JSON in `target`, private (0600, in 0700 directories) and atomically."""
    target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    scratch = target.with_name(target.name + ".new")
    descriptor = os.open(scratch, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(descriptor, 0o600)  # O_CREAT's mode does not apply to a leftover scratch file
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        json.dump(data, file, indent=2)
        file.write("\n")
    os.replace(scratch, target)
    return target


def current() -> Settings:
    saved = load_saved()
    env_url = os.environ.get(URL_ENV)
    env_token = os.environ.get(TOKEN_ENV)
    return Settings(
        url=(env_url or saved.url or DEFAULT_URL).rstrip("/"),
        token=env_token or saved.token,
        name=saved.name,
        language=saved.language,
        url_from_env=bool(env_url),
        token_from_env=bool(env_token),
    )


class ConfigError(Exception):
    """A settings file that exists but cannot be used; the message says which and why, in
    English with its placeholders: the session says it in the player's language (the words
    stand above the config, which they read)."""

    def __init__(self, message: str, **values: object) -> None:
        super().__init__(message % values)
        self.message = message
        self.values = values
