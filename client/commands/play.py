"""Playing a game: looking at it (`show`, `moves`, `log`, `open`), moving (`play`, `resign`),
talking (`say`), waiting for one's turn (`wait`) in a game or in any, and the game that has
waited longest on one (`next`)."""

from __future__ import annotations

import math
import time
import uuid
import webbrowser
from typing import Annotated, Any

import typer
from rich.console import Console

from client.commands.arguments import (
    GameId,
    JsonFlag,
    OptionalGameId,
    asking_first,
    described,
)
from client.commands.showing import OVER, keep_head, show_game
from client.http import Api, Refused
from client.output import ExitCode, Failure
from client.rules import game_title
from client.screens.game import applied, game_screen, next_step
from client.screens.game_list import needs_you_line
from client.screens.log import log_lines, talk_line
from client.screens.seats import opponents
from client.session import session
from client.usage import confirmed
from client.words import _

TALK_SHOWN = 3
"""How many of the latest messages at the table `show` prints under the game."""


@described(
    _(
        "Show a game as you see it: your hidden hand, the board, scores and whose turn it "
        "is, and the latest messages at the table.\n\nIt fits a terminal of 120 x 40 at any "
        "player count: your own sheet or hand in full, the others' in brief (--all: in "
        "full), a key to the symbols at the end.\n\nExample: turnpost show k3J9xQ --all"
    )
)
def show(
    game: GameId,
    everything: Annotated[
        bool,
        typer.Option(
            "--all", help=_("Draw the other players' sheets in full too, not on a line each.")
        ),
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    with session(as_json) as s:
        answer = s.on_game(game, s.api.game)
        keep_head(s, answer)
        said = s.api.messages(answer["game"]["id"], TALK_SHOWN)["messages"]

        def draw(console: Console) -> None:
            game_screen(console, answer, everything)
            if said:
                console.print()
                for message in said:
                    talk_line(console, message)

        s.out.emit(answer, draw)


@described(
    _(
        "Say something to the other players of a game; it never changes the game's "
        "version.\n\nThey read it in `turnpost log` and `show`, and in their next email "
        'about the game.\n\nExample: turnpost say k3J9xQ "good luck!"'
    )
)
def say(
    game: GameId,
    text: Annotated[
        str, typer.Argument(metavar="TEXT", help=_("Plain text, at most 500 characters."))
    ],
    as_json: JsonFlag = False,
) -> None:
    with session(as_json) as s:
        game_id = s.game_id(game)
        answer = s.api.say(game_id, text, str(uuid.uuid4()))
        s.out.emit(answer, lambda console: talk_line(console, answer["message"]))


@described(
    _(
        "Print your legal moves in text notation, one per line (none when it is not your "
        "turn).\n\nExample: turnpost moves k3J9xQ | head -n1"
    )
)
def moves(game: GameId, as_json: JsonFlag = False) -> None:
    with session(as_json) as s:
        answer = s.on_game(game, s.api.game)
        legal = answer["legal_moves"]
        if not legal:
            s.out.note(next_step(answer).plain)
        s.out.emit(
            legal, lambda _console: typer.echo("".join(f"{m['text']}\n" for m in legal), nl=False)
        )


@described(
    _(
        "Make a move, and see the game after it.\n\nAn illegal move is refused with the "
        "reason and your legal moves. The move is sent with the version just read, so it "
        "cannot land on a game that changed in between, and with a fresh idempotency key, "
        'so a retry never moves twice.\n\nExample: turnpost play k3J9xQ "play R7 draw deck"'
    )
)
def play(
    game: GameId,
    move: Annotated[
        str,
        typer.Argument(
            metavar="MOVE", help=_("A move in text notation; steps of a batch separated by ';'.")
        ),
    ],
    as_json: JsonFlag = False,
) -> None:
    with session(as_json) as s:
        before = s.on_game(game, s.api.game)
        answer = s.api.move(before["game"]["id"], move, before["version"], str(uuid.uuid4()))

        def draw(console: Console) -> None:
            applied(console, answer)
            game_screen(console, answer)

        keep_head(s, answer)
        s.out.emit(answer, draw)


@described(
    _(
        "Show the game's history as you may see it (everyone's moves once it is over), with "
        "what was said at the table.\n\nExample: turnpost log k3J9xQ --since 10"
    )
)
def log(
    game: GameId,
    since: Annotated[
        int, typer.Option(min=0, help=_("Only what happened after this version."))
    ] = 0,
    as_json: JsonFlag = False,
) -> None:
    with session(as_json) as s:
        current = s.on_game(game, s.api.game)
        answer = s.api.log(current["game"]["id"], since)
        s.out.emit(
            answer,
            lambda console: log_lines(
                console, current, answer["entries"], answer.get("messages", [])
            ),
        )


@described(
    _(
        "Block until it is your turn, then show the game and exit 0.\n\nOn a finished (or "
        "cancelled) game show it and exit 4, so that a loop `while turnpost wait GAME; do "
        "…; done` ends with the game. With --timeout, exit 5 if it is still not your turn "
        "by then. Without GAME, wait until any of your games needs you (your turn, an "
        "invitation, a rematch offered) and print which, on one wait for them "
        "all.\n\nExample: turnpost wait k3J9xQ --timeout 3600 && turnpost moves k3J9xQ"
    )
)
def wait(
    game: OptionalGameId = None,
    poll: Annotated[
        int, typer.Option(min=1, help=_("Seconds per long poll (the server may cap it)."))
    ] = 60,
    timeout: Annotated[
        int | None,
        typer.Option(min=0, help=_("Give up after this many seconds (exit 5); default: never.")),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    if game is None:
        wait_for_any(poll, timeout, as_json)
        return
    with session(as_json) as s:
        answer = s.on_game(game, s.api.game)
        game_id = answer["game"]["id"]
        if answer["game"]["status"] == "open" and answer["seat"] is None:
            raise Failure(
                ExitCode.REFUSED,
                "not_joined",
                _(
                    "you have not joined this game, so it will never wait on you: "
                    "turnpost join %(id)s",
                    id=game_id,
                ),
            )
        if answer["game"]["status"] not in OVER and not answer["your_turn"]:
            s.out.note(next_step(answer).plain)
        deadline = None if timeout is None else time.monotonic() + timeout
        while answer["game"]["status"] not in OVER and not answer["your_turn"]:
            left = poll if deadline is None else math.ceil(deadline - time.monotonic())
            if left <= 0:
                raise Failure(
                    ExitCode.TIMED_OUT,
                    "timed_out",
                    _("still not your turn after %(seconds)s s", seconds=timeout),
                    {"version": answer["version"], "to_act": answer["to_act"]},
                )
            answer = s.api.wait(game_id, answer, min(poll, left))
        show_game(s, answer)
        if answer["game"]["status"] in OVER:
            raise typer.Exit(ExitCode.GAME_OVER)


@described(
    _(
        "Print a fresh link that opens the game in a web browser, logged in as you.\n\nThe "
        "link works once (it starts a session in the browser that opens it) and for a few "
        "days; rotating your token ends it, and the sessions it started.\n\nExample: "
        "turnpost open k3J9xQ --browser"
    )
)
def open_game(
    game: GameId,
    browser: Annotated[
        bool, typer.Option("--browser", "-b", help=_("Open the link in your web browser too."))
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    with session(as_json) as s:
        link = s.on_game(game, s.api.login_link)
        s.out.emit(link, lambda _console: typer.echo(link["url"]))
        if browser and not webbrowser.open(link["url"]):
            s.out.note(_("No web browser could be started here: open the link above yourself."))


@described(
    _(
        "Resign from a game (allowed at any time, also out of turn); it cannot be "
        "undone.\n\nAt a terminal you are asked first; elsewhere, and with --json, nothing "
        "asks, so --yes is needed (without it nothing happens and the exit code is "
        "2).\n\nExample: turnpost resign k3J9xQ"
    )
)
def resign(
    game: GameId,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help=_("Resign without being asked (for scripts)."))
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    with session(as_json) as s:
        asking = asking_first(
            yes, as_json, _("resigning cannot be undone: add --yes to go on without being asked")
        )
        seen = s.on_game(game, s.api.game)
        public = seen["game"]
        if asking:
            others = opponents(public["seats"], seen["seat"])
            question = _(
                "Resign from %(title)s %(id)s (%(others)s)?",
                title=game_title(public),
                id=public["id"],
                others=others,
            )
            if not confirmed(question):
                s.out.note(_("Not resigned."))
                return
        show_game(s, s.api.resign(public["id"]))


NEEDS_YOU = ("invited", "rematch")
"""The events that mean a game waits on the player (`GET /me/wait`) besides its turn, which
any event says (`your_turn`: a game's latest change may be talk after a move)."""


def wait_for_any(poll: int, timeout: int | None, as_json: bool) -> None:
    """`wait` without a game: the games waiting on the player now, else the first event that
    makes one. The cursor is taken before the list is read, so nothing between is missed; a
    cursor that expired (the events after it dropped) is followed by the list again."""
    deadline = None if timeout is None else time.monotonic() + timeout
    with session(as_json) as s:
        cursor = s.api.my_wait(None, 0)["cursor"]
        found: dict[str, Any] | None = None
        while found is None:
            waiting = s.api.games("waiting")["games"]
            if waiting:
                first = longest_waiting(waiting)
                kind = "invited" if first["invited"] else "turn"
                found = need(first["id"], first["type"], kind)
            else:
                found, cursor = _next_need(s.api, cursor, poll, deadline, timeout)
        line = needs_you_line(found)
        s.out.emit(found, lambda console: console.print(line, markup=False))


def _next_need(
    api: Api, cursor: str, poll: int, deadline: float | None, timeout: int | None
) -> tuple[dict[str, Any] | None, str]:
    """Events after `cursor` until one needs the player (None if the cursor expired: look at
    the list again) and the cursor to go on from."""
    while True:
        left = poll if deadline is None else math.ceil(deadline - time.monotonic())
        if left <= 0:
            raise Failure(
                ExitCode.TIMED_OUT,
                "timed_out",
                _("no game needed you in %(seconds)s s", seconds=timeout),
            )
        try:
            answer = api.my_wait(cursor, min(poll, left))
        except Refused as refused:
            if refused.code != "cursor_expired":
                raise
            return None, str(refused.details["cursor"])
        cursor = answer["cursor"]
        for event in answer["events"]:  # a game's latest change: a turn is `your_turn`
            if event["your_turn"]:
                return need(event["game"], event["type"], "turn"), cursor
            if event["kind"] in NEEDS_YOU:
                return need(event["game"], event["type"], event["kind"]), cursor


def need(game_id: str, type_id: str, kind: str) -> dict[str, Any]:
    """What `wait` without a game says of the game that needs the player, found in the list
    or told by an event alike."""
    return {"game": game_id, "type": type_id, "kind": kind}


@described(
    _(
        "Show the game that has waited longest on you (your turn, or an "
        "invitation).\n\nExit 1 (`nothing_waiting`) if no game waits on you; `turnpost "
        'wait` waits for one.\n\nExample: turnpost next && turnpost play "$(turnpost next '
        '--json | jq -r .game.id)" …'
    )
)
def next_game(
    everything: Annotated[
        bool, typer.Option("--all", help=_("Draw the other players' sheets in full too."))
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    with session(as_json) as s:
        waiting = s.api.games("waiting")["games"]
        if not waiting:
            raise Failure(ExitCode.REFUSED, "nothing_waiting", _("no game waits on you"))
    show(longest_waiting(waiting)["id"], everything, as_json)


def longest_waiting(waiting: list[dict[str, Any]]) -> dict[str, Any]:
    """Of the games waiting on me, the one that has waited longest (the server lists them
    newest first)."""
    return min(waiting, key=lambda game: game["updated"])
