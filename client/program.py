"""A player's own program, as `turnpost bot` speaks with it: started once, one JSON line in per
decision, one JSON line back (docs/players.md#the-bot-protocol).

The question is made from the game's view as the API gives it, so a program sees exactly what
its seat may see and nothing the runner knows besides; the answer is only read here, never
judged: the server says whether the move is legal.
"""

from __future__ import annotations

import contextlib
import json
import queue
import subprocess
import threading
from collections.abc import Sequence
from typing import IO, Any

from client.words import _

PROTOCOL = 1
"""The protocol's version, sent with every question: a later one adds fields, never changes
one."""


class ProgramGone(Exception):
    """The program exited, or closed its standard input or output: no answer will come."""


class Silent(ProgramGone):
    """The program gave no answer in the time it was given: stopped, since an answer that came
    later would be taken for the next question's."""


class Garbled(Exception):
    """The program answered with a line that is not `{"move": ...}`."""


def question(view: dict[str, Any]) -> dict[str, Any]:
    """The decision the program is asked for: the game, its type and options, the program's
    seat, who sits where, the version the move is made against, the seat's view, its legal
    moves in canonical JSON and its move clock (null without one)."""
    game, seat = view["game"], view["seat"]
    clock = next((c for c in view.get("clocks") or () if c["seat"] == seat), None)
    return {
        "protocol": PROTOCOL,
        "game": game["id"],
        "type": game["type"],
        "options": game["options"],
        "seat": seat,
        "players": [
            {
                "seat": s["seat"],
                "name": s["name"],
                "bot_account": s["bot_account"],
                "bot": s["bot"],
            }
            for s in game["seats"]
        ],
        "version": view["version"],
        "to_act": view["to_act"],
        "view": view["view"],
        "legal": [legal["move"] for legal in view["legal_moves"]],
        "clock": None
        if clock is None
        else {"due": clock["due"], "left_seconds": clock["left_seconds"]},
    }


def answered_move(line: str) -> Any:
    """The move of an answer line: a move as JSON, a text in notation, or a batch (a list)."""
    try:
        answer = json.loads(line)
    except ValueError:
        raise Garbled(_("not JSON: %(line)r", line=line.strip()[:60])) from None
    if not isinstance(answer, dict) or "move" not in answer:
        raise Garbled(_('no "move" in %(line)r', line=line.strip()[:60]))
    move = answer["move"]
    if not isinstance(move, dict | str | list) or not move:
        raise Garbled(_("not a move: %(move)s", move=json.dumps(move)[:60]))
    return move


class Program:
    """The program, running: its standard error is the runner's own, so what it says there is
    seen."""

    def __init__(self, command: Sequence[str], think: float = 60.0) -> None:
        self.command = list(command)
        self.think = think
        """Seconds the program may take over one answer."""
        try:
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                bufsize=1,
            )
        except OSError as error:
            raise ProgramGone(
                _(
                    "cannot start %(program)s: %(reason)s",
                    program=self.command[0],
                    reason=error.strerror,
                )
            ) from None
        # Its lines are read as they come, so an answer is waited for with a time limit.
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        """Each line the program writes, then '' once its output ends."""
        stdout = self._pipes()[1]
        with contextlib.suppress(OSError, ValueError):
            for line in stdout:
                self.lines.put(line)
        self.lines.put("")

    def ask(self, decision: dict[str, Any]) -> Any:
        """The program's move for `decision` (`question`)."""
        stdin = self._pipes()[0]
        try:
            stdin.write(json.dumps(decision, separators=(",", ":")) + "\n")
            stdin.flush()
            line = self.lines.get(timeout=self.think)
        except (BrokenPipeError, OSError):
            line = ""
        except queue.Empty:
            self.process.kill()
            raise Silent(
                _("it gave no answer in %(seconds)s s and was stopped", seconds=f"{self.think:g}")
            ) from None
        if not line:
            raise ProgramGone(self.ended())
        return answered_move(line)

    def ended(self) -> str:
        """How the program ended, in words."""
        try:
            code = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return _("it closed its output")
        if code >= 0:
            return _("it exited with code %(code)s", code=code)
        return _("it was killed by signal %(signal)s", signal=-code)

    def stop(self) -> None:
        """Its input closed (a program that reads lines ends there), then terminated."""
        if self.process.poll() is None:
            if self.process.stdin is not None:
                with contextlib.suppress(OSError):
                    self.process.stdin.close()
            try:
                self.process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.process.terminate()
                self.process.wait()

    def _pipes(self) -> tuple[IO[str], IO[str]]:
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None  # both piped in __init__
        return stdin, stdout
