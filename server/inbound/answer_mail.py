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

from server.domain.errors import N_, Refusal, Stale
from server.mail.envelope import envelope
from server.settings import MailSettings
from shared.engine import Engine, player_names, seats_named
from shared.guide import notation_text
from shared.text import wrapped
from shared.words import Words


def how_to_answer(words: Words) -> str:
    return words.gettext(
        """\
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
    )


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


def game_text(words: Words, engine: Engine[Any], answer: Mapping[str, Any]) -> str:
    """A game as one seat sees it (`presenters.view`, as a look or a move answers): who sits
    where, the engine's drawing of the view, and what happens next."""
    game, me = answer["game"], answer["seat"]
    seats = "  ".join(
        words.gettext("seat %(seat)d: %(name)s (you)", seat=seat["seat"], name=seat["name"])
        if seat["seat"] == me
        else words.gettext("seat %(seat)d: %(name)s", seat=seat["seat"], name=seat["name"])
        for seat in game["seats"]
    )
    names = player_names(game["seats"], words)
    return "\n".join(
        [
            words.gettext(
                "%(title)s · game %(id)s · version %(version)d",
                title=engine.title_in(words),
                id=game["id"],
                version=answer["version"],
            ),
            seats,
            "",
            engine.render_view(answer["view"], names, words=words).rstrip("\n")
            if answer["view"] is not None
            else words.gettext("Nothing is dealt until every seat is taken."),
            "",
            next_step(words, answer),
        ]
    )


def next_step(words: Words, answer: Mapping[str, Any]) -> str:
    game = answer["game"]
    names = player_names(game["seats"], words)
    if game["status"] == "cancelled":
        return words.gettext("This game was cancelled before it started.")
    if game["status"] == "open":
        if answer["seat"] is None or not game["seats"][answer["seat"]]["joined"]:
            return words.gettext("You are invited: reply join (or decline).")
        return words.gettext("Waiting for every seat to be taken.")
    if game["status"] == "finished":
        result = game["result"] or {}
        scores = " · ".join(
            f"{names[seat]} {score}" for seat, score in enumerate(result.get("scores", []))
        )
        winners = seats_named(result.get("winners", []), names)
        if not winners:
            return words.gettext("The game is over. Scores: %(scores)s.", scores=scores)
        return words.gettext(
            "The game is over. Scores: %(scores)s. Won by %(winners)s.",
            scores=scores,
            winners=winners,
        )
    if answer["your_turn"]:
        return words.gettext("Your turn. Your legal moves:") + "\n" + legal_moves_text(answer)
    waiting = seats_named(answer["to_act"], names)
    if waiting:
        return words.gettext("Waiting for %(players)s.", players=waiting)
    return words.gettext("Nothing to do now.")


def legal_moves_text(answer: Mapping[str, Any]) -> str:
    return "\n".join(f"  {move['text']}" for move in answer["legal_moves"])


def with_how_to(words: Words, *parts: str) -> str:
    return "\n\n".join([*parts, how_to_answer(words)])


def played(words: Words, engine: Engine[Any], answer: Mapping[str, Any], talk: str = "") -> str:
    """A move made; `talk`: what became of the message written under it, if any."""
    names = player_names(answer["game"]["seats"], words)
    done = "; ".join(
        engine.render_event(event, names, words=words) for event in answer.get("applied", [])
    )
    untried = answer.get("untried")
    parts = [
        words.gettext("Played: %(moves)s", moves=done),
        *([words.gettext("Not tried: %(reason)s.", reason=untried["message"])] if untried else []),
    ]
    return with_how_to(words, *parts, *([talk] if talk else []), game_text(words, engine, answer))


SAY = "say:"
"""How a reply that is only a message to the table begins."""


def spoken(text: str | None) -> str | None:
    """The message a reply's first line says is all it is (`say: …`), else None."""
    if text is None or not text.lower().startswith(SAY):
        return None
    return text[len(SAY) :].strip()


def said(words: Words, text: str) -> str:
    """What became of a message to the table: said."""
    return words.gettext("Said to the table: %(text)s", text=text.replace("\n", "\n  "))


def unsaid(words: Words, refusal: Refusal) -> str:
    return words.gettext("Your message was not sent: %(reason)s", reason=reason(words, refusal))


def talked(words: Words, engine: Engine[Any], outcome: str, answer: Mapping[str, Any]) -> str:
    return with_how_to(words, outcome, game_text(words, engine, answer))


WORDS: dict[type[Refusal], str] = {
    Stale: N_("the game has moved on since the email you answered. Here it is as it is now."),
}
"""Mail's own words for a kind of refusal, where the domain's message is not what a reply
needs; the others are told the domain's message. Either in the player's language."""


def reason(words: Words, refusal: Refusal) -> str:
    own = WORDS.get(type(refusal))
    return refusal.message_in(words) if own is None else words.gettext(own)


def refused(words: Words, engine: Engine[Any], reason: str, answer: Mapping[str, Any]) -> str:
    return with_how_to(
        words,
        words.gettext("Not played: %(reason)s", reason=reason),
        game_text(words, engine, answer),
    )


def shown(words: Words, engine: Engine[Any], answer: Mapping[str, Any]) -> str:
    return with_how_to(words, game_text(words, engine, answer))


def moves(words: Words, engine: Engine[Any], answer: Mapping[str, Any]) -> str:
    if answer["your_turn"]:
        listed = words.gettext("Your legal moves:") + "\n" + legal_moves_text(answer)
        return with_how_to(words, listed)
    return with_how_to(words, next_step(words, answer))


def help_text(words: Words, engine: Engine[Any], answer: Mapping[str, Any]) -> str:
    """What the game is, how its moves are written (the guide's notation and examples), a few
    of the player's legal moves now, and where the rules are in full."""
    parts = [
        words.gettext("This is %(title)s at turnpost.", title=engine.title_in(words)),
        notation_text(engine.describe_rules(words), words=words),
    ]
    examples = [move["text"] for move in answer["legal_moves"][:3]]
    if examples:
        now = words.gettext("Your moves now include: %(moves)s", moves=" · ".join(examples))
        parts.append("\n".join(wrapped([now])))
    parts.append(
        words.gettext("The rules in one screen: turnpost rules %(type)s", type=engine.type_id)
    )
    return with_how_to(words, *parts)


def no_move(words: Words, engine: Engine[Any], answer: Mapping[str, Any]) -> str:
    nothing = words.gettext("your reply had no move in it (no text above the quoted email).")
    return refused(words, engine, nothing, answer)


def wrong_sender(words: Words, senders: list[str], registered: str) -> str:
    claimed = ", ".join(senders)[:300]
    if not claimed:
        claimed = words.gettext("no sender at all")
    return with_how_to(
        words,
        words.gettext(
            "Not played: a reply to one of your turnpost emails came from %(claimed)s, not "
            "from your registered address %(registered)s, so it was ignored. If that was you, "
            "send your reply again from your registered address.",
            claimed=claimed,
            registered=registered,
        ),
    )


ACTIONS = ("join", "decline", "rematch")
"""What a reply may say to take a seat, turn an invitation down, or play a finished game
again."""


def acted(words: Words, action: str, engine: Engine[Any], answer: Mapping[str, Any]) -> str:
    """The answer to a reply that took a seat, declined, or asked for a rematch."""
    if action == "join":
        done = words.gettext("You have taken your seat.")
    elif action == "decline":
        done = words.gettext("You have declined; the game goes on without you.")
    else:
        done = words.gettext("Rematch: game %(id)s.", id=answer["game"]["id"])
    return with_how_to(words, done, game_text(words, engine, answer))


def not_done(words: Words, engine: Engine[Any], reason: str, answer: Mapping[str, Any]) -> str:
    return with_how_to(
        words,
        words.gettext("Not done: %(reason)s", reason=reason),
        game_text(words, engine, answer),
    )


COMMANDS: dict[str, Callable[[Words, Engine[Any], Mapping[str, Any]], str]] = {
    "show": shown,
    "moves": moves,
    "help": help_text,
}
"""What a reply may say instead of a move (in any case)."""


def for_command(
    words: Words, command: str | None, engine: Engine[Any], answer: Mapping[str, Any]
) -> str:
    """The answer to a reply that is one of COMMANDS, or that says nothing (None)."""
    return COMMANDS.get((command or "").lower(), no_move)(words, engine, answer)
