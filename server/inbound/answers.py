"""The emails that answer a reply: what happened, the game as that player sees it, what next.

Every answer goes to the seat's registered address, never to whoever the From header names, and
shows only that seat's view: a forged sender can make turnpost write to a player, never to
itself. Each answer's Reply-To is a fresh reply address at the game's current version, so the
player can answer it in turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from typing import Any

from server.domain.errors import Refusal, Stale
from server.mail.envelope import envelope
from server.settings import MailSettings
from shared.engine import Engine, player_names, seats_named
from shared.guide import notation_text
from shared.text import wrapped

HOW_TO_ANSWER = """\
To answer, reply to this email with your move on the first line,
written as in the list of legal moves (quoted text and anything below
that line are ignored). Instead of a move you can write:
  show    the game as you see it now
  moves   your legal moves
  help    this text
  say: …  a message to the other players (or write it under your move)
  join, decline   to an invitation; rematch   to a finished game
Only replies from your registered address count. The address you
reply to works until the game moves on; every answer brings a fresh one."""


def compose(
    settings: MailSettings,
    *,
    to: tuple[str, str],
    subject: str,
    thread: str,
    in_reply_to: str | None,
    reply_to: str,
    body: str,
) -> EmailMessage:
    """An answer threaded under the message it answers ("Re:", In-Reply-To), and under the
    game's thread (`thread`, the root its notices refer to), so a mail program that threads by
    References files it with the game even when the player's reply kept none."""
    message = envelope(formataddr(to), settings)
    message["Subject"] = subject if subject.lower().startswith("re:") else f"Re: {subject}"
    message["Message-ID"] = make_msgid(domain=settings.reply_domain)
    message["In-Reply-To"] = in_reply_to or thread
    message["References"] = f"{thread} {in_reply_to}" if in_reply_to else thread
    message["Reply-To"] = reply_to
    message["Auto-Submitted"] = "auto-replied"
    message.set_content(body.rstrip("\n") + "\n")
    return message


def game_text(engine: Engine[Any], answer: Mapping[str, Any]) -> str:
    """A game as one seat sees it (an answer of `GameService.view` or `submit`): who sits
    where, the engine's drawing of the view, and what happens next."""
    game, me = answer["game"], answer["seat"]
    seats = "  ".join(
        f"seat {seat['seat']}: {seat['name']}{' (you)' if seat['seat'] == me else ''}"
        for seat in game["seats"]
    )
    return "\n".join(
        [
            f"{game['title']} · game {game['id']} · version {answer['version']}",
            seats,
            "",
            engine.render_view(answer["view"], player_names(game["seats"])).rstrip("\n")
            if answer["view"] is not None
            else "Nothing is dealt until every seat is taken.",
            "",
            next_step(answer),
        ]
    )


def next_step(answer: Mapping[str, Any]) -> str:
    game = answer["game"]
    names = player_names(game["seats"])
    if game["status"] == "cancelled":
        return "This game was cancelled before it started."
    if game["status"] == "open":
        if answer["seat"] is None or not game["seats"][answer["seat"]]["joined"]:
            return "You are invited: reply join (or decline)."
        return "Waiting for every seat to be taken."
    if game["status"] == "finished":
        result = game["result"] or {}
        scores = " · ".join(
            f"{names[seat]} {score}" for seat, score in enumerate(result.get("scores", []))
        )
        winners = seats_named(result.get("winners", []), names)
        return f"The game is over. Scores: {scores}. Won by {winners}."
    if answer["your_turn"]:
        return "Your turn. Your legal moves:\n" + legal_moves_text(answer)
    waiting = seats_named(answer["to_act"], names)
    return f"Waiting for {waiting}." if waiting else "Nothing to do now."


def legal_moves_text(answer: Mapping[str, Any]) -> str:
    return "\n".join(f"  {move['text']}" for move in answer["legal_moves"])


def with_how_to(*parts: str) -> str:
    return "\n\n".join([*parts, HOW_TO_ANSWER])


def played(engine: Engine[Any], answer: Mapping[str, Any], talk: str = "") -> str:
    """A move made; `talk`: what became of the message written under it, if any."""
    names = player_names(answer["game"]["seats"])
    done = "; ".join(engine.render_event(event, names) for event in answer.get("applied", []))
    untried = answer.get("untried")
    parts = [f"Played: {done}", *([f"Not tried: {untried['message']}."] if untried else [])]
    return with_how_to(*parts, *([talk] if talk else []), game_text(engine, answer))


SAY = "say:"
"""How a reply that is only a message to the table begins."""


def spoken(text: str | None) -> str | None:
    """The message a reply's first line says is all it is (`say: …`), else None."""
    if text is None or not text.lower().startswith(SAY):
        return None
    return text[len(SAY) :].strip()


def said(text: str) -> str:
    """What became of a message to the table: said."""
    return "Said to the table: " + text.replace("\n", "\n  ")


def unsaid(refusal: Refusal) -> str:
    return f"Your message was not sent: {reason(refusal)}"


def talked(engine: Engine[Any], outcome: str, answer: Mapping[str, Any]) -> str:
    return with_how_to(outcome, game_text(engine, answer))


WORDS: dict[type[Refusal], str] = {
    Stale: "the game has moved on since the email you answered. Here it is as it is now.",
}
"""Mail's own words for a kind of refusal, where the domain's message is not what a reply
needs; the others are told the domain's message."""


def reason(refusal: Refusal) -> str:
    return WORDS.get(type(refusal), refusal.message)


def refused(engine: Engine[Any], reason: str, answer: Mapping[str, Any]) -> str:
    return with_how_to(f"Not played: {reason}", game_text(engine, answer))


def shown(engine: Engine[Any], answer: Mapping[str, Any]) -> str:
    return with_how_to(game_text(engine, answer))


def moves(engine: Engine[Any], answer: Mapping[str, Any]) -> str:
    if answer["your_turn"]:
        return with_how_to("Your legal moves:\n" + legal_moves_text(answer))
    return with_how_to(next_step(answer))


def help_text(engine: Engine[Any], answer: Mapping[str, Any]) -> str:
    """What the game is, how its moves are written (the guide's notation and examples), a few
    of the player's legal moves now, and where the rules are in full."""
    parts = [f"This is {engine.title} at turnpost.", notation_text(engine.describe_rules())]
    examples = [move["text"] for move in answer["legal_moves"][:3]]
    if examples:
        parts.append("\n".join(wrapped([f"Your moves now include: {' · '.join(examples)}"])))
    parts.append(f"The rules in one screen: turnpost rules {engine.type_id}")
    return with_how_to(*parts)


def no_move(engine: Engine[Any], answer: Mapping[str, Any]) -> str:
    return refused(engine, "your reply had no move in it (no text above the quoted email).", answer)


def wrong_sender(senders: list[str], registered: str) -> str:
    claimed = ", ".join(senders)[:300] or "no sender at all"
    return with_how_to(
        f"Not played: a reply to one of your turnpost emails came from {claimed}, not from "
        f"your registered address {registered}, so it was ignored. If that was you, send "
        "your reply again from your registered address."
    )


ACTIONS = ("join", "decline", "rematch")
"""What a reply may say to take a seat, turn an invitation down, or play a finished game
again."""


def acted(action: str, engine: Engine[Any], answer: Mapping[str, Any]) -> str:
    """The answer to a reply that took a seat, declined, or asked for a rematch."""
    done = {
        "join": "You have taken your seat.",
        "decline": "You have declined; the game goes on without you.",
        "rematch": f"Rematch: game {answer['game']['id']}.",
    }[action]
    return with_how_to(done, game_text(engine, answer))


def not_done(engine: Engine[Any], reason: str, answer: Mapping[str, Any]) -> str:
    return with_how_to(f"Not done: {reason}", game_text(engine, answer))


COMMANDS: dict[str, Callable[[Engine[Any], Mapping[str, Any]], str]] = {
    "show": shown,
    "moves": moves,
    "help": help_text,
}
"""What a reply may say instead of a move (in any case)."""


def for_command(command: str | None, engine: Engine[Any], answer: Mapping[str, Any]) -> str:
    """The answer to a reply that is one of COMMANDS, or that says nothing (None)."""
    return COMMANDS.get((command or "").lower(), no_move)(engine, answer)
