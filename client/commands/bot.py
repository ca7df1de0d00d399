"""`turnpost bot PROGRAM`: a program of one's own plays the account's games, for as long as the
runner runs (docs/players.md#a-bot-of-your-own).

The runner keeps nothing of its own but the contributions `join` keeps: what to do is always
read from the server. It holds one wait for all the account's games (`GET /me/wait`), taking
its cursor before it looks at every game that waits on it, so nothing that happens in between
is missed; a cursor too old, or a wait that ends with no event (once a minute at most), is
followed by the same look again, so even an event lost with a web process is made up for.
Each decision is sent once, against the version the program saw and under an idempotency key
made of the game, that version and the seat: a runner killed at any point and started again
asks the same question and sends under the same key, so a move is made once, never twice and
never lost (the server refuses a second move against a version, and answers a resend with its
first answer).
"""

from __future__ import annotations

import signal
import sys
import time
from dataclasses import dataclass, field
from typing import Annotated, Any

import typer

from client import kept
from client.commands.arguments import complete_game_type, described
from client.http import Api, Refused, Unreachable
from client.output import ExitCode, Failure
from client.program import Garbled, Program, ProgramGone, question
from client.rules import known_types
from client.session import session
from client.words import _, ngettext
from shared.fairness import canonical

POLL = 60
"""Seconds of each wait on the server (it may cap them)."""
PAUSE = 5.0
"""Seconds between tries while the server cannot be reached."""
LINE = 80
"""A move's line fits a terminal this wide."""
MOVED_ON = frozenset(
    {"stale_version", "idempotency_key_reused", "game_over", "not_your_turn", "game_not_started"}
)
"""Refusals of a move that mean the game is no longer where the program saw it: looked at
again, never an error."""


def move_key(game_id: str, version: int, seat: int) -> str:
    """The idempotency key of the decision of `seat` at `version`: the same in every run of the
    runner, so a resend after a restart cannot make a second move."""
    return f"bot.{game_id}.{version}.{seat}"


@dataclass
class Rules:
    """Which invitations the runner takes up: of these types (all: empty), from tables where
    every other player is among these names (anyone: empty), rematches or not, and no more
    games at once than `most`."""

    types: frozenset[str]
    opponents: frozenset[str]
    rematch: bool
    most: int
    decline_others: bool

    def plays(self, type_id: str) -> bool:
        return not self.types or type_id in self.types

    def welcomes(self, game: dict[str, Any], me: str) -> str | None:
        """Why an invitation of the player `me` (a name) is not taken up (None: it is)."""
        if not self.plays(game["type"]):
            return _("a game of %(type)s", type=game["type"])
        others = {s["name"] for s in game["seats"] if s["name"] and s["name"] != me}
        strangers = sorted(others - self.opponents) if self.opponents else []
        if strangers:
            return _("with %(names)s", names=", ".join(strangers))
        if game["asked_by"] is not None and not self.rematch:
            return _("a rematch")
        return None


@dataclass
class Runner:
    api: Api
    program: Program
    rules: Rules
    me: str
    """The account's name."""
    skipped: dict[str, int] = field(default_factory=dict)
    """Games whose program's answer was refused, at the version it was: left until they
    change."""
    left_alone: set[str] = field(default_factory=set)
    """Invitations not taken up, said once."""

    def run(self) -> None:
        """Forever: every game that waits now, then each event as it comes."""
        cursor = self.api.my_wait(None, 0)["cursor"]
        self.catch_up()
        while True:
            try:
                answer = self.api.my_wait(cursor, POLL)
            except Refused as refused:
                if refused.code != "cursor_expired":
                    raise
                cursor = str(refused.details["cursor"])
                self.catch_up()
                continue
            cursor = answer["cursor"]
            for event in answer["events"]:
                self.on_event(event)
            if not answer["events"]:
                self.catch_up()  # a quiet minute: a look at every game, for an event lost

    def catch_up(self) -> None:
        """Every game that waits on the account: its invitations, then its turns."""
        for game in self.api.games("waiting")["games"]:
            if game["invited"]:
                self.consider(game)
            elif self.rules.plays(game["type"]):
                self.play(game["id"])

    def on_event(self, event: dict[str, Any]) -> None:
        """A game's latest change (an earlier one of the same game may not be told): its turn
        is read from `your_turn`, whatever the change was (talk may follow a move)."""
        kind = event["kind"]
        if event["your_turn"] and self.rules.plays(event["type"]):
            self.play(event["game"])
        elif kind == "invited":
            seen = self.api.game(event["game"])
            if seen["game"]["status"] == "open" and seen["seat"] is None:
                self.consider(seen["game"])
        elif event["status"] in ("finished", "cancelled"):
            self.catch_up()  # a game less: an invitation left for want of room may fit now

    def consider(self, game: dict[str, Any]) -> None:
        """Take up an invitation the rules welcome while there is room; decline the others
        (with `--decline-others`), or leave them to the player."""
        game_id = game["id"]
        why_not = self.rules.welcomes(game, self.me)
        if why_not is None and self.running() >= self.rules.most:
            why_not = ngettext(
                "%(num)d game at once already", "%(num)d games at once already", self.rules.most
            )
            if self.rules.decline_others:
                self.left_once(
                    game_id,
                    _("invitation to %(id)s left for now: %(why)s", id=game_id, why=why_not),
                )
                return
        if why_not is None:
            joined = self.api.join(game_id, kept.contribution(game_id))
            say(_("%(id)s %(type)s: joined", id=game_id[:8], type=game["type"]))
            if joined["your_turn"]:
                self.play(game_id)
        elif self.rules.decline_others:
            self.api.decline(game_id)
            say(
                _(
                    "%(id)s %(type)s: declined (%(why)s)",
                    id=game_id[:8],
                    type=game["type"],
                    why=why_not,
                )
            )
        else:
            self.left_once(
                game_id, _("invitation to %(id)s left alone: %(why)s", id=game_id, why=why_not)
            )

    def running(self) -> int:
        """The account's games under way or waiting for players it has joined."""
        active = [g for g in self.api.games("active")["games"] if g["status"] == "active"]
        return len(active) + len(self.api.games("open")["games"])  # joined: not "waiting"

    def left_once(self, game_id: str, message: str) -> None:
        if game_id not in self.left_alone:
            self.left_alone.add(game_id)
            warn(message)

    def play(self, game_id: str) -> None:
        """Every decision the game waits on from the account, one after another."""
        while True:
            seen = self.api.game(game_id)
            version, seat = seen["version"], seen["seat"]
            if not seen["your_turn"] or self.skipped.get(game_id) == version:
                return
            decision = question(seen)
            where = _(
                "game %(id)s (%(type)s, version %(version)s)",
                id=game_id,
                type=seen["game"]["type"],
                version=version,
            )
            try:
                move = self.program.ask(decision)
            except Garbled as garbled:
                self.skip(
                    game_id,
                    version,
                    _("%(game)s: the program's answer is %(problem)s", game=where, problem=garbled),
                )
                return
            except ProgramGone as gone:
                raise Failure(
                    ExitCode.REFUSED,
                    "program_gone",
                    _(
                        "%(game)s: the program stopped (%(why)s); nothing was sent for this game",
                        game=where,
                        why=gone,
                    ),
                ) from None
            try:
                self.api.move(game_id, move, version, move_key(game_id, version, seat))
            except Refused as refused:
                if refused.code in MOVED_ON:
                    continue
                if refused.retry_after is not None:
                    raise  # not now (rate limited, or the store busy): from the top, later
                self.skip(game_id, version, f"{where}: {refused.message}")
                return
            say(move_line(seen, move))

    def skip(self, game_id: str, version: int, message: str) -> None:
        self.skipped[game_id] = version
        warn(
            _(
                "%(problem)s; the game is left until it changes (or the runner restarts)",
                problem=message,
            )
        )


def move_line(seen: dict[str, Any], move: Any) -> str:
    """`k3J9xQ1a lost-cities v12: play R7 draw deck`, within 80 columns."""
    texts = {canonical(legal["move"]): legal["text"] for legal in seen["legal_moves"]}
    text = move if isinstance(move, str) else texts.get(canonical(move), canonical(move))
    game = seen["game"]
    line = f"{game['id'][:8]} {game['type']} v{seen['version']}: {text}"
    return line if len(line) <= LINE else line[: LINE - 1] + "…"


def say(line: str) -> None:
    print(line, flush=True)


def warn(message: str) -> None:
    print(_("turnpost bot: %(problem)s", problem=message), file=sys.stderr, flush=True)


def known(types: list[str] | None) -> list[str] | None:
    unknown = sorted(set(types or ()) - set(known_types()))
    if unknown:
        raise typer.BadParameter(
            _("no game type %(types)s: see `turnpost types`", types=", ".join(unknown))
        )
    return types


def stopped(signum: int, _frame: object) -> None:
    raise KeyboardInterrupt


Programme = Annotated[
    list[str],
    typer.Argument(
        metavar="PROGRAM [ARGS]...",
        help=_(
            "The program that decides, and its arguments (put -- before them if one starts with -)."
        ),
    ),
]
Types = Annotated[
    list[str] | None,
    typer.Option(
        "--types",
        metavar="TYPE",
        help=_("Play and accept only games of this type (repeatable); default: every type."),
        autocompletion=complete_game_type,
        callback=known,
    ),
]
Opponents = Annotated[
    list[str] | None,
    typer.Option(
        "--opponents",
        metavar="NAME",
        help=_(
            "Accept invitations only to tables of these players (repeatable); default: anyone's."
        ),
    ),
]
MaxGames = Annotated[
    int,
    typer.Option("--max-games", min=1, help=_("Accept no invitation while this many games run.")),
]
Rematch = Annotated[
    bool, typer.Option("--rematch/--no-rematch", help=_("Accept rematches (by the rules)."))
]
DeclineOthers = Annotated[
    bool,
    typer.Option(
        "--decline-others",
        help=_("Decline invitations the rules do not take (default: leave them to you)."),
    ),
]
Think = Annotated[
    float,
    typer.Option(
        "--think",
        metavar="SECONDS",
        min=0.1,
        help=_(
            "The most the program may take over one answer; one that takes longer is "
            "stopped, and the runner with it (exit 1)."
        ),
    ),
]


@described(
    _(
        "Let a program of your own play every game of yours where it is your move, for as long "
        "as this runs: each decision goes to PROGRAM as a line of JSON, and its answer line is "
        "the move (the protocol: docs/players.md). Invitations are accepted by the rules the "
        "options give.\n\n"
        "One line is printed per move made; what goes wrong is said on standard error, naming "
        "the game. A refused or unreadable answer leaves that game until it changes; a program "
        "that exits, or gives no answer within --think seconds, stops the runner (exit 1). "
        "Stopping and starting the runner again, even killed, never moves twice and never "
        "loses a move.\n\n"
        "Example: turnpost bot --types lost-cities python3 examples/lost_cities.py"
    )
)
def bot(
    program: Programme,
    types: Types = None,
    opponents: Opponents = None,
    max_games: MaxGames = 10,
    rematch: Rematch = True,
    decline_others: DeclineOthers = False,
    think: Think = 60.0,
) -> None:
    rules = Rules(
        frozenset(types or ()),
        frozenset(opponents or ()),
        rematch,
        max_games,
        decline_others,
    )
    signal.signal(signal.SIGTERM, stopped)
    with session(False) as s:
        try:
            running = Program(program, think)
        except ProgramGone as gone:
            raise Failure(ExitCode.USAGE, "program_gone", str(gone)) from None
        try:
            keep_running(Runner(s.api, running, rules, s.api.me()["name"]))
        except KeyboardInterrupt:
            pass
        finally:
            running.stop()


def keep_running(runner: Runner) -> None:
    """The runner, started again from the top after the server could not be reached or asked
    it to wait; until it is stopped (KeyboardInterrupt, SIGTERM too)."""
    while True:
        try:
            runner.run()
        except Unreachable as unreachable:
            warn(
                _(
                    "%(problem)s; trying again in %(seconds)s s",
                    problem=unreachable.message,
                    seconds=f"{PAUSE:g}",
                )
            )
            time.sleep(PAUSE)
        except Refused as refused:
            if refused.retry_after is None:
                raise
            time.sleep(refused.retry_after)  # rate limited: later, from the top
