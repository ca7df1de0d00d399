"""Fairness checked on this machine (`verify`): the seed, the chain of the log and the result,
against what this client kept while the game ran."""

from __future__ import annotations

from typing import Annotated

import typer

from client import kept
from client.commands.arguments import GameId, JsonFlag, described
from client.output import ExitCode, Failure
from client.rules import engine_for
from client.screens.verification import verification
from client.session import session
from client.verify import Witness
from client.verify import verify as verify_game
from client.words import _


@described(
    _(
        "Check on this machine that a finished game was played fairly.\n\nThe server's "
        "revealed secret must match the hash it published at creation; your seat's "
        "contribution must be the one this machine sent; the seed must follow from the "
        "secret and every contribution; each log entry must carry the hash of the one "
        "before, ending at the head the server shows, and every head you were shown (kept "
        "here, or given with --head) must lie on it; replaying the whole log with the local "
        "rules must give the server's result. Exits 1 if anything does not "
        "match.\n\nExample: turnpost verify k3J9xQ"
    )
)
def verify(
    game: GameId,
    head: Annotated[
        list[str] | None,
        typer.Option(help=_("A head of the game's log you noted while it ran (repeatable).")),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    with session(as_json) as s:
        answer = s.on_game(game, s.api.game)
        public = answer["game"]
        if public["status"] != "finished":
            raise Failure(
                ExitCode.REFUSED,
                "not_finished",
                _("only a finished game can be checked: its seed stays secret until the end"),
            )
        engine = engine_for(public["type"])
        if engine is None:
            raise Failure(
                ExitCode.REFUSED,
                "unknown_game_type",
                _(
                    "this turnpost does not know the rules of %(type)r; update it",
                    type=public["type"],
                ),
            )
        history = s.api.log(public["id"])
        record = kept.load(public["id"])
        witness = Witness(answer["seat"], record.contribution, record.heads, tuple(head or ()))
        report = verify_game(engine, public, history["version"], history["entries"], witness)
        s.out.emit(report.as_json(), lambda console: verification(console, report))
        if not report.ok:
            raise typer.Exit(ExitCode.REFUSED)
