"""Mail as players send and receive it: replies written as real mail clients write them
(`messages/`), the parts of an answer a test reads, and `Table`, a started game whose
replies go to the real `turnpost-server mail-in` process."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from string import Template

import redis
from aiosmtpd.controller import Controller

from server.domain.games.loaded import Game
from server.domain.players.player import Player
from server.inbound.replies import Mailroom, Outcome, handle
from server.mail.reply_address import Ticket, read_reply_address, reply_address
from server.presenters import games as presenters
from server.presenters.shapes import GameView
from server.settings import MailSettings
from server.storage.services import Services
from tests.parts import SECRET, SmtpInbox, service_config

DOMAIN = "turnpost.test"
MESSAGES = Path(__file__).parent / "messages"
SERVER_COMMAND = str(Path(sys.executable).parent / "turnpost-server")


def mail_in_env(redis_url: str, smtp: Controller, data_dir: Path) -> dict[str, str]:
    """The environment `turnpost-server mail-in` runs with: the test's Redis and SMTP server,
    and nothing of the outer environment's turnpost settings."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("TURNPOST_") and key != "REDIS_URL"
    }
    env.update(
        REDIS_URL=redis_url,
        TURNPOST_DATA=str(data_dir),
        TURNPOST_SECRET=SECRET,
        TURNPOST_MAIL_DOMAIN=DOMAIN,
        TURNPOST_MAIL_FROM=f"turnpost <turnpost@{DOMAIN}>",
        TURNPOST_SMTP_HOST=str(smtp.hostname),
        TURNPOST_SMTP_PORT=str(smtp.port),
        TURNPOST_SMTP_SECURITY="none",
    )
    return env


def letter(name: str, **fields: str) -> bytes:
    """One of the messages in messages/, as a mail client wrote it, with its blanks filled."""
    template = Template((MESSAGES / name).read_bytes().decode("latin-1"))
    return template.substitute(fields).encode("latin-1")


def plain_reply(to: str, sender: str, body: str, message_id: str) -> bytes:
    return letter(
        "thunderbird-plain.eml",
        to=to,
        sender=sender,
        move=body,
        message_id=message_id,
        subject="Your turn",
    )


@dataclass
class Table:
    """A started two-player game and everything a test needs to reply in it."""

    services: Services
    env: dict[str, str]
    inbox: SmtpInbox
    game_id: str
    players: list[Player]
    sent: int = field(default=0)

    def load(self) -> Game:
        return self.services.games.loading.load(self.game_id)

    def view(self, seat: int) -> GameView:
        game = self.load()
        return presenters.view(game, seat, presenters.player_at(game, seat))

    def hand(self, seat: int) -> str:
        """The seat's hand as its view shows it, the cards one space apart."""
        seen = self.view(seat)["view"]
        assert seen is not None
        return " ".join(seen["hand"])

    def address(self, seat: int, version: int | None = None) -> str:
        """The reply address a turn email to `seat` carries."""
        at = self.load().version if version is None else version
        return reply_address(Ticket(self.game_id, seat, at), SECRET.encode(), DOMAIN)

    def mail_in(
        self, raw: bytes, env: dict[str, str] | None = None, args: tuple[str, ...] = ()
    ) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [SERVER_COMMAND, "mail-in", *args],
            input=raw,
            env=env or self.env,
            capture_output=True,
            timeout=60,
            check=False,
        )
        return subprocess.CompletedProcess(
            done.args, done.returncode, done.stdout.decode(), done.stderr.decode()
        )

    def reply(
        self, seat: int, body: str, *, address: str | None = None, sender: str | None = None
    ) -> subprocess.CompletedProcess[str]:
        return self.mail_in(self.letter_from(seat, body, address=address, sender=sender))

    def handled(self, seat: int, body: str, *, address: str | None = None) -> Outcome:
        """A reply handled in this process by what `mail-in` runs (`replies.handle`), with this
        test's Redis and SMTP server: for a test of a whole game of replies, whose time would
        otherwise go to starting mail-in for each (the others run mail-in itself)."""
        env = self.env
        settings = MailSettings(
            smtp_host=env["TURNPOST_SMTP_HOST"],
            smtp_port=int(env["TURNPOST_SMTP_PORT"]),
            smtp_security=env["TURNPOST_SMTP_SECURITY"],
            sender=env["TURNPOST_MAIL_FROM"],
            reply_domain=env["TURNPOST_MAIL_DOMAIN"],
            maildir=Path(env["TURNPOST_DATA"]) / "mail",
        )
        room = Mailroom(self.services, settings, self.services.secret.key())
        return handle(self.letter_from(seat, body, address=address), room)

    def letter_from(
        self, seat: int, body: str, *, address: str | None = None, sender: str | None = None
    ) -> bytes:
        """The seat's player's reply of `body`, as Thunderbird writes one, each with its own
        Message-ID."""
        self.sent += 1
        return plain_reply(
            address or self.address(seat),
            sender or self.players[seat].email.lower(),
            body,
            f"reply-{self.sent}@{self.players[seat].name}.example",
        )

    def answers_to(self, seat: int) -> list[EmailMessage]:
        return self.inbox.to(self.players[seat].email)

    def last_answer(self, seat: int) -> EmailMessage:
        return self.answers_to(seat)[-1]


def seated(redis_url: str, client: redis.Redis, env: dict[str, str], inbox: SmtpInbox) -> Table:
    """The `table` in the Redis at `redis_url`, replies fed to mail-in with `env`."""
    services = Services.build(service_config(redis_url), client)
    ada, _ = services.players.register("ada", "Ada@Example.org", "Europe/Warsaw")
    bo, _ = services.players.register("bo", "bo@example.org", "Europe/Warsaw")
    game = services.games.seating.create(ada, "lost-cities", 2, {"rounds": 1}, ["bo"])
    services.games.seating.join(bo, game.id)
    return Table(services, env, inbox, game.id, [ada, bo])


def text_of(message: EmailMessage) -> str:
    body = message.get_body(preferencelist=("plain",))
    assert body is not None
    content: str = body.get_content()
    return content.replace("\r\n", "\n")


def html_of(message: EmailMessage) -> str:
    body = message.get_body(preferencelist=("html",))
    assert body is not None
    content: str = body.get_content()
    return content


LOGIN_LINK = re.compile(r"https?://\S+/login/[\w.-]+")
"""A login link, fresh in every message (`server.storage.players.login_links`)."""


def unlinked(text: str) -> str:
    """A message's text with its login link left out: the rest is the same when sent again,
    and holds no random letters and digits that could look like a card."""
    return LOGIN_LINK.sub("LINK", text)


def legal_moves_in(message: EmailMessage) -> list[str]:
    """The legal moves an answer lists, one a line, indented under "Your legal moves:"."""
    match = re.search(r"Your legal moves:\n((?:  .+\n)+)", text_of(message))
    return [line.strip() for line in match.group(1).splitlines()] if match else []


def ticket_of(message: EmailMessage) -> Ticket | None:
    return read_reply_address(str(message["Reply-To"]), SECRET.encode())
