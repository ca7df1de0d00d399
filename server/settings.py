"""Everything the service can be told, read from the environment by one reader (`environs`,
which names the variable and the reason when a value does not parse): the service's own
settings (`Config`), how mail leaves (`MailSettings`) and where replies are fetched from
(`ImapSettings`). Each is read when it is made, so a process reads its environment once, and a
test passes values in directly. The defaults run a local service with no setup."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

from environs import Env

env = Env()

SECURITY_PORTS = {"none": 25, "starttls": 587, "ssl": 465}
IMAP_PORTS = {"ssl": 993, "starttls": 143, "none": 143}


def _pair(text: str) -> tuple[int, int] | None:
    if not text.strip():
        return None
    local, replicas = (int(part) for part in text.split())
    return local, replicas


@dataclass(frozen=True)
class Config:
    """Everything the service can be told; the defaults run a local service with no setup."""

    redis_url: str = field(default_factory=lambda: env.str("REDIS_URL", ""))
    data_dir: Path = field(default_factory=lambda: Path(env.str("TURNPOST_DATA", "var")))
    rate_limit: str = field(
        default_factory=lambda: env.str("TURNPOST_RATE_LIMIT", "600 per minute")
    )
    registration_limit: str = field(
        default_factory=lambda: env.str("TURNPOST_REGISTRATION_LIMIT", "30 per hour")
    )
    rate_limit_storage: str = field(
        default_factory=lambda: env.str("TURNPOST_RATE_LIMIT_STORAGE", "")
    )
    """Where the rate limiter counts (a `limits` storage URI); the service's Redis if unset."""
    max_body_bytes: int = field(default_factory=lambda: env.int("TURNPOST_MAX_BODY", 64 * 1024))
    snapshot_every: int = field(default_factory=lambda: env.int("TURNPOST_SNAPSHOT_EVERY", 16))
    cached_states: int = field(default_factory=lambda: env.int("TURNPOST_HELD_STATES", 4096))
    """How many games' latest states each process keeps in memory
    (server.domain.service.state_cache)."""
    drawn_positions: int = field(default_factory=lambda: env.int("TURNPOST_DRAWN_POSITIONS", 1024))
    """How many positions of games' pages each web process keeps drawn
    (server.web.table.positions)."""
    max_wait_seconds: int = field(default_factory=lambda: env.int("TURNPOST_MAX_WAIT", 60))
    waits_per_player: int = field(default_factory=lambda: env.int("TURNPOST_WAITS_PER_PLAYER", 20))
    """Long polls one player may hold open at once, across every web process."""
    events_kept_seconds: int = field(
        default_factory=lambda: env.int("TURNPOST_EVENTS_KEPT", 7 * 24 * 3600)
    )
    events_kept_count: int = field(
        default_factory=lambda: env.int("TURNPOST_EVENTS_KEPT_COUNT", 1000)
    )
    """A player's events for their one wait (`GET /me/wait`), each game's latest, are kept this
    long, for this many games at most (`server.storage.players.events`)."""
    talk_per_minute: int = field(default_factory=lambda: env.int("TURNPOST_TALK_PER_MINUTE", 5))
    """Messages one player may say at one game's table in a minute
    (`server.domain.games.talk_rules`)."""
    invitations_sent: int = field(default_factory=lambda: env.int("TURNPOST_INVITATIONS_SENT", 50))
    """Invitations one player may have sent and not yet answered
    (`server.domain.service.invitations`)."""
    invitations_waiting: int = field(
        default_factory=lambda: env.int("TURNPOST_INVITATIONS_WAITING", 100)
    )
    """Invitations that may wait on one player's answer; more to them are refused."""
    games_per_hour: int = field(default_factory=lambda: env.int("TURNPOST_GAMES_PER_HOUR", 30))
    """Games one player may make (`POST /games`) in any hour; a rematch is not counted."""
    blocks: int = field(default_factory=lambda: env.int("TURNPOST_BLOCKS", 500))
    """Players one player may block (`server.storage.players.blocks`)."""
    queue_url: str = field(default_factory=lambda: env.str("TURNPOST_QUEUE_URL", ""))
    """The Redis holding the mail worker's job queue (RQ); REDIS_URL's when empty."""
    vacation_days: int = field(default_factory=lambda: env.int("TURNPOST_VACATION_DAYS", 21))
    tick_seconds: int = field(default_factory=lambda: env.int("TURNPOST_TICK_SECONDS", 30))
    wait_aof: tuple[int, int] | None = field(
        default_factory=lambda: _pair(env.str("TURNPOST_WAITAOF", ""))
    )
    """`1 0`: each move is fsynced by the master before it is answered; `1 1`: by a replica
    too (WAITAOF, Redis 7.2+). For a Redis with `appendfsync everysec`."""
    wait_replicas: int = field(default_factory=lambda: env.int("TURNPOST_WAIT_REPLICAS", 0))
    """Each move is answered once that many replicas have it (WAIT): with Sentinel, a failover
    then cannot drop an answered move."""
    secret: str = field(default_factory=lambda: env.str("TURNPOST_SECRET", ""))
    """Signs reply addresses, login links and the web pages' sessions; without it, one random
    secret kept in Redis (`server.storage.secret`)."""
    public_url: str = field(
        default_factory=lambda: env.str("TURNPOST_PUBLIC_URL", "http://127.0.0.1:8000").rstrip("/")
    )
    """Where players reach the service: the start of the login links mail and `turnpost open`
    hand out."""
    login_link_lifetime: timedelta = field(
        default_factory=lambda: env.timedelta("TURNPOST_LOGIN_LINK_LIFETIME", timedelta(days=7))
    )
    """How long a login link works (once)."""
    login_limit: str = field(default_factory=lambda: env.str("TURNPOST_LOGIN_LIMIT", "5 per hour"))
    """Login links the login page mails, per address asking and per address mailed to."""
    webhook_retry: tuple[int, ...] = field(
        default_factory=lambda: tuple(
            int(s) for s in env.str("TURNPOST_WEBHOOK_RETRY", "10 60 300 1800 7200 21600").split()
        )
    )
    """Seconds a webhook is paused after each failure in a row (however often its games move
    meanwhile); once they are spent, what waits for it is dropped."""
    webhook_disable_after: int = field(
        default_factory=lambda: env.int("TURNPOST_WEBHOOK_DISABLE_AFTER", 86400)
    )
    """A webhook failing for this long (from its first failure with no success since) is
    switched off, and its owner told by mail."""
    webhook_loopback: bool = field(
        default_factory=lambda: env.bool("TURNPOST_WEBHOOK_LOOPBACK", False)
    )
    """Tests only: webhooks may also be sent to loopback addresses, over plain http too (never
    to any other address inside)."""


@dataclass(frozen=True)
class MailSettings:
    """With no SMTP host, mail goes to a Maildir under the data directory, so a local service
    sends real, readable mail with no setup (`mutt -f var/mail`, or any reader of Maildir)."""

    smtp_host: str = field(default_factory=lambda: env.str("TURNPOST_SMTP_HOST", ""))
    smtp_port: int = field(default_factory=lambda: env.int("TURNPOST_SMTP_PORT", 0))
    smtp_security: str = field(
        default_factory=lambda: env.str("TURNPOST_SMTP_SECURITY", "starttls")
    )
    smtp_user: str = field(default_factory=lambda: env.str("TURNPOST_SMTP_USER", ""))
    smtp_password: str = field(default_factory=lambda: env.str("TURNPOST_SMTP_PASSWORD", ""))
    sender: str = field(
        default_factory=lambda: env.str("TURNPOST_MAIL_FROM", "turnpost <turnpost@localhost>")
    )
    reply_domain: str = field(default_factory=lambda: env.str("TURNPOST_MAIL_DOMAIN", "localhost"))
    maildir: Path = field(default_factory=lambda: Path(env.str("TURNPOST_DATA", "var")) / "mail")

    def __post_init__(self) -> None:
        if self.smtp_security not in SECURITY_PORTS:
            raise ValueError(
                f"TURNPOST_SMTP_SECURITY is {self.smtp_security!r}; "
                f"use one of {', '.join(SECURITY_PORTS)}"
            )

    @property
    def port(self) -> int:
        return self.smtp_port or SECURITY_PORTS[self.smtp_security]


@dataclass(frozen=True)
class ImapSettings:
    host: str = field(default_factory=lambda: env.str("TURNPOST_IMAP_HOST", ""))
    port: int = field(default_factory=lambda: env.int("TURNPOST_IMAP_PORT", 0))
    security: str = field(default_factory=lambda: env.str("TURNPOST_IMAP_SECURITY", "ssl"))
    user: str = field(default_factory=lambda: env.str("TURNPOST_IMAP_USER", ""))
    password: str = field(default_factory=lambda: env.str("TURNPOST_IMAP_PASSWORD", ""))
    folder: str = field(default_factory=lambda: env.str("TURNPOST_IMAP_FOLDER", "INBOX"))

    def __post_init__(self) -> None:
        if self.security not in IMAP_PORTS:
            raise ValueError(
                f"TURNPOST_IMAP_SECURITY is {self.security!r}; use one of {', '.join(IMAP_PORTS)}"
            )
        if not self.host:
            raise ValueError("TURNPOST_IMAP_HOST is not set")
