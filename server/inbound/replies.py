"""Handling one reply, however it arrived (an MTA pipe or an IMAP mailbox).

A reply is trusted as far as its reply address, never further: the signed ticket names the game,
the seat and the version; the sender must be that seat's registered address; the move goes
through `GameService.moving.submit` like any API call, against the ticket's version and keyed by the
message, so a second delivery of the same message moves once. Mail that is not a reply to one
of our addresses, or whose address is forged, is dropped with a log line: there is nobody
trustworthy to answer. Everything else is answered at the seat's registered address.
"""

from __future__ import annotations

import logging
import smtplib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import redis

from server.domain.errors import NotFound, Refusal, Unavailable
from server.domain.games.loaded import Game
from server.domain.players.addresses import same_mailbox
from server.domain.players.player import Player
from server.inbound import answer_mail as answers
from server.inbound.parsing import Letter, read_letter
from server.mail.compose import thread_root
from server.mail.delivery import deliver
from server.mail.envelope import Login
from server.mail.reply_address import (
    LOCAL_PREFIX,
    Ticket,
    read_reply_address,
    reply_address,
)
from server.presenters import games as presenters
from server.presenters.catalogs import words_for
from server.settings import Config, MailSettings
from server.storage.redis_client import connect, embedded_url, shown_url
from server.storage.services import Services
from shared.words import Words

log = logging.getLogger("turnpost.mail")


class TemporaryFailure(Exception):
    """Redis or the outgoing mail server could not be reached: the message must be kept and
    handed over again later (it is safe to: handling is idempotent)."""


@dataclass(frozen=True)
class Outcome:
    """What became of a message: `played`, `answered`, `refused` or `dropped`."""

    status: str
    detail: str


@dataclass(frozen=True)
class Mailroom:
    """What handling replies needs: the game service, the mail settings and the signing key."""

    services: Services
    settings: MailSettings
    key: bytes

    @classmethod
    def open(cls, config: Config, settings: MailSettings) -> Mailroom:
        config = replace(config, redis_url=redis_url(config))
        client = connect(config.redis_url)
        try:
            services = Services.build(config, client)
            key = services.secret.key()
        except redis.RedisError as error:
            raise TemporaryFailure(f"cannot reach Redis: {error}") from error
        except RuntimeError as error:  # a setting the service cannot run with
            raise TemporaryFailure(str(error)) from error
        return cls(services, settings, key)


def redis_url(config: Config) -> str:
    """The service's Redis: REDIS_URL, or else the embedded one `turnpost-server serve` runs on
    the same data directory (TURNPOST_DATA), so mail-in beside `./dev serve` needs no setting.
    Says which on the log."""
    if config.redis_url:
        log.info("Redis: %s (REDIS_URL)", shown_url(config.redis_url))
        return config.redis_url
    url = embedded_url(config.data_dir)
    if url is None:
        raise TemporaryFailure(
            "REDIS_URL is not set, and no turnpost-server serve runs an embedded Redis in "
            f"{config.data_dir.resolve()}: start it (./dev serve) there, or set REDIS_URL"
        )
    log.info("Redis: %s (the embedded one of turnpost-server serve; REDIS_URL is not set)", url)
    return url


def handle(raw: bytes, room: Mailroom, recipients: Iterable[str] = ()) -> Outcome:
    """Handle one RFC 822 message; `recipients` are envelope recipients the MTA told us about
    (looked at before the headers). Raises TemporaryFailure only."""
    try:
        return _handle(read_letter(raw), room, [*recipients])
    except redis.RedisError as error:
        raise TemporaryFailure(f"cannot reach Redis: {error}") from error
    except Unavailable as error:  # the move may be made: the MTA's retry hears how it went
        raise TemporaryFailure(error.message) from error


def _handle(letter: Letter, room: Mailroom, recipients: list[str]) -> Outcome:
    if letter.automatic:
        return dropped(letter, f"sent automatically ({letter.automatic})")
    addresses = [*recipients, *letter.recipients]
    ticket = find_ticket(addresses, room.key)
    if ticket is None:
        ours = any(address.lower().startswith(LOCAL_PREFIX) for address in addresses)
        why = "a forged or damaged reply address" if ours else "not sent to a reply address"
        return dropped(letter, why)
    try:
        game = room.services.games.loading.load(ticket.game_id)
    except NotFound:
        return dropped(letter, f"game {ticket.game_id} no longer exists")
    seats = game.seats
    player_id = seats[ticket.seat].player if ticket.seat < len(seats) else None
    player = room.services.players.get(player_id) if player_id else None
    if player is None:
        return dropped(letter, f"seat {ticket.seat} of game {game.id} has no player")
    engine = game.engine
    if not (len(letter.senders) == 1 and same_mailbox(letter.senders[0], player.email)):
        answer(
            room,
            letter,
            player,
            ticket,
            answers.wrong_sender(said(player), letter.senders, player.email),
        )
        return Outcome("refused", f"sender is not the player of seat {ticket.seat}")
    if letter.first_line is None or letter.first_line.lower() in answers.COMMANDS:
        current = presenters.view(game, ticket.seat, player.id)
        body = answers.for_command(said(player), letter.first_line, engine, current)
        answer(room, letter, player, ticket_for(current), body)
        return Outcome("answered", letter.first_line or "no move found")
    action = letter.first_line.lower()
    if action in answers.ACTIONS:
        return _act(action, letter, room, ticket, game, player)
    spoken = answers.spoken(letter.first_line)
    if spoken is not None:
        text = "\n".join(part for part in (spoken, letter.below) if part)
        ok, reply = _say(letter, room, game, player, text)
        current = presenters.view(room.services.games.loading.load(game.id), ticket.seat, player.id)
        answer(
            room,
            letter,
            player,
            ticket_for(current),
            answers.talked(said(player), engine, reply, current),
        )
        return Outcome("answered", "said" if ok else "not said")
    return _move(letter, room, ticket, game, player)


def _act(
    action: str, letter: Letter, room: Mailroom, ticket: Ticket, game: Game, player: Player
) -> Outcome:
    """Take the seat an invitation keeps, decline it, or ask for a rematch of a finished game."""
    games = room.services.games
    try:
        if action == "join":
            after = games.seating.join(player, game.id)
        elif action == "decline":
            after = games.seating.decline(player, game.id)
        else:
            after = games.seating.rematch(player, game.id)
    except Refusal as refusal:
        current = presenters.view(games.loading.load(game.id), ticket.seat, player.id)
        body = answers.not_done(
            said(player), game.engine, answers.reason(said(player), refusal), current
        )
        answer(room, letter, player, ticket_for(current), body)
        return Outcome("refused", refusal.code)
    seat = after.seat_of(player.id)
    shown = presenters.view(after, seat, player.id)
    answered = ticket if seat is None else ticket_for(shown)
    answer(room, letter, player, answered, answers.acted(said(player), action, after.engine, shown))
    return Outcome("answered", f"{action} game {after.id}")


def _say(letter: Letter, room: Mailroom, game: Game, player: Player, text: str) -> tuple[bool, str]:
    """Say `text` at the game's table, keyed by the letter (a second delivery says it once):
    whether it was said, and in words for the answer (the message as kept)."""
    try:
        _, _, message = room.services.games.talking.say(
            player, game.id, text, "mail-talk:" + letter.fingerprint
        )
    except Refusal as refusal:
        return False, answers.unsaid(said(player), refusal)
    return True, answers.said(said(player), message["text"])


def _move(letter: Letter, room: Mailroom, ticket: Ticket, game: Game, player: Player) -> Outcome:
    games, engine = room.services.games, game.engine
    try:
        result = presenters.moved(
            games.moving.submit(
                player, game.id, letter.first_line, ticket.version, "mail:" + letter.fingerprint
            )
        )
    except Refusal as refusal:
        current = presenters.view(games.loading.load(game.id), ticket.seat, player.id)
        body = answers.refused(said(player), engine, answers.reason(said(player), refusal), current)
        answer(room, letter, player, ticket_for(current), body)
        return Outcome("refused", refusal.code)
    talk = _say(letter, room, game, player, letter.below)[1] if letter.below else ""
    answer(
        room, letter, player, ticket_for(result), answers.played(said(player), engine, result, talk)
    )
    return Outcome("played", f"game {game.id} version {result['version']}")


def find_ticket(addresses: Iterable[str], key: bytes) -> Ticket | None:
    for address in addresses:
        ticket = read_reply_address(address, key)
        if ticket is not None:
            return ticket
    return None


def ticket_for(answer: Mapping[str, Any]) -> Ticket:
    """The ticket for the seat of a view, at the version it shows."""
    return Ticket(answer["game"]["id"], answer["seat"], answer["version"])


def answer(room: Mailroom, letter: Letter, player: Player, ticket: Ticket, body: str) -> None:
    """Send an answer to the player's registered address, replying to `ticket`'s address, with
    a login link to the game."""
    settings = room.settings
    links = room.services.links
    login = Login(links.make(player, ticket.game_id), links.days, said(player))
    message = answers.compose(
        settings,
        to=(player.name, player.email),
        subject=letter.subject or "turnpost",
        thread=thread_root(ticket.game_id, settings.reply_domain),
        in_reply_to=letter.message_id,
        reply_to=reply_address(ticket, room.key, settings.reply_domain),
        body=f"{body}\n\n{login.text()}",
    )
    try:
        deliver(message, settings)
    except smtplib.SMTPRecipientsRefused as error:
        if any(code < 500 for code, _ in error.recipients.values()):
            raise TemporaryFailure(f"cannot send the answer: {error}") from error
        # Refused for good: trying the whole message again would only be refused again.
        log.error("the answer to %s was refused: %s", player.email, error.recipients)
    except (OSError, smtplib.SMTPException) as error:
        raise TemporaryFailure(f"cannot send the answer: {error}") from error


def said(player: Player) -> Words:
    """The words of the player's own language, in which every answer to them is written."""
    return words_for(player.language)


def dropped(letter: Letter, why: str) -> Outcome:
    return Outcome("dropped", f"{why} (message {letter.fingerprint})")
