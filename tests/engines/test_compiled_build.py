"""How the compiled engines are built (`compiled.build`): a build appears whole or not at all,
one at a time, beside the service at low priority and ending with it, and it says what it does
in lines that fit 80 columns. mypyc itself takes minutes, so a stand-in compiler plays its part:
it makes an "extension module" for each module it is given, fails, or waits until told to go.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from compiled import build as builder
from compiled.build import BACKGROUND, FOREGROUND, Place, build, missing, still, waiting
from compiled.finder import built, source_digest

ROOT = Path(__file__).resolve().parents[2]

COMPILER = r"""
import importlib.machinery, json, os, sys, time
from pathlib import Path
mode, signals, *modules = sys.argv[1:]
signals = Path(signals)
(signals / "compiler.json").write_text(json.dumps(
    {"pid": os.getpid(), "nice": os.nice(0), "session": os.getsid(0)}))
if mode == "fail":
    print("compiling...\nerror: boom")
    sys.exit(1)
if mode == "wait":
    while not (signals / "go").exists():
        time.sleep(0.05)
for module in modules:
    library = Path(module).stem + importlib.machinery.EXTENSION_SUFFIXES[0]
    Path(module).with_name(library).write_text("compiled")
"""


@pytest.fixture
def place(tmp_path: Path) -> Place:
    """A package `shared` of two modules, and an environment with no build of it yet."""
    sources = tmp_path / "src" / "shared"
    (sources / "games").mkdir(parents=True)
    for name in ("__init__.py", "engine.py", "games/__init__.py", "games/cards.py"):
        (sources / name).write_text(f"NAME = {name!r}\n")
    (tmp_path / "env" / "site").mkdir(parents=True)
    place = Place(
        sources, tmp_path / "env" / "turnpost-compiled", tmp_path / "env" / "site" / "x.pth"
    )
    place.prepare()
    return place


def compiler(place: Place, mode: str) -> list[str]:
    return [sys.executable, "-c", COMPILER, mode, str(place.builds.parent)]


def what_compiled(place: Place) -> dict[str, int]:
    """What the stand-in compiler told of itself, once it has started."""
    report = place.builds.parent / "compiler.json"
    wait_until(report.exists)
    answer: dict[str, int] = json.loads(report.read_text())
    return answer


def wait_until(done: Callable[[], bool], seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "waited too long"
        time.sleep(0.05)


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def left(place: Place) -> list[str]:
    return sorted(path.name for path in place.builds.iterdir())


@pytest.fixture
def service() -> Iterator[subprocess.Popen[bytes]]:
    """A process for a build to run beside, as `./dev serve` runs it beside the service."""
    process = subprocess.Popen(["sleep", "60"])
    yield process
    process.kill()
    process.wait()


def test_a_build_appears_whole_under_the_digest_of_its_sources(place: Place) -> None:
    said = build(place, compiler=compiler(place, "ok"))
    assert said.startswith("compiled the engines in ")
    digest = source_digest(place.sources)
    assert left(place) == [digest]
    assert sorted(built(place.builds / digest)) == ["shared.engine", "shared.games.cards"]
    assert place.current()
    # once made, it is not made again: a failing compiler is never asked
    assert build(place, compiler=compiler(place, "fail")) == ""


def test_a_failed_build_leaves_the_engines_from_source_and_says_why(place: Place) -> None:
    said = build(place, compiler=compiler(place, "fail"))
    assert said == "the engines run from source: mypyc could not compile them (error: boom)"
    assert left(place) == []
    assert not place.current()


def test_a_machine_without_a_compiler_is_told_so_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", "/nowhere/cc -pthread")
    assert missing() == "no C compiler (/nowhere/cc) to compile them with"


def test_ctrl_c_in_the_middle_of_a_build_leaves_nothing(place: Place, tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    run = (
        "import signal, sys; from pathlib import Path; from compiled.build import Place, build; "
        "signal.signal(signal.SIGINT, signal.default_int_handler); "
        "build(Place(*map(Path, sys.argv[1:4])), compiler=sys.argv[4:])"
    )
    paths = [str(place.sources), str(place.builds), str(place.hook)]
    foreground = subprocess.Popen(
        [sys.executable, "-c", run, *paths, *compiler(place, "wait")],
        cwd=ROOT,
        env={**os.environ, "TMPDIR": str(scratch)},
        stderr=subprocess.DEVNULL,
    )
    compiling = what_compiled(place)
    foreground.send_signal(signal.SIGINT)
    assert foreground.wait(timeout=20) != 0
    assert gone(compiling["pid"])
    assert left(place) == []
    assert list(scratch.iterdir()) == []


def test_a_build_stopped_while_gathering_leaves_nothing_half_made(
    place: Place, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(work: Path, staging: Path) -> None:
        (staging / "shared.engine.so").write_text("half")
        raise KeyboardInterrupt

    monkeypatch.setattr(builder, "collect", interrupted)
    with pytest.raises(KeyboardInterrupt):
        build(place, compiler=compiler(place, "ok"))
    assert left(place) == []


def test_one_build_at_a_time_and_the_second_finds_the_first_ones(
    place: Place, capsys: pytest.CaptureFixture[str]
) -> None:
    answers: list[str] = []
    with place.lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        held.write(builder.holder(4242))  # as `./dev serve`'s build says who it is
        held.flush()
        second = threading.Thread(
            target=lambda: answers.append(build(place, compiler=compiler(place, "fail")))
        )
        second.start()
        time.sleep(1.5)
        assert second.is_alive()
        (place.builds / source_digest(place.sources)).mkdir()  # the other ./dev's build
    second.join(timeout=20)
    assert answers == [""]
    said = capsys.readouterr().err
    assert said == "./dev serve (process 4242) is compiling the engines: waiting for its build\n"


def test_in_the_background_the_service_starts_at_once_and_the_build_follows(
    place: Place, service: subprocess.Popen[bytes], tmp_path: Path
) -> None:
    said = tmp_path / "said"
    launcher = background(place, service.pid, said)
    assert launcher.wait(timeout=20) == 0  # while the compiler waits: ./dev goes on
    compiling = what_compiled(place)
    assert compiling["nice"] >= builder.NICE
    assert compiling["session"] != os.getsid(0)  # the terminal's Ctrl-C does not reach it
    assert left(place) == []
    (place.builds.parent / "go").touch()
    wait_until(lambda: place.current() and said.read_text() != "")
    assert said.read_text().endswith(": the next ./dev serve runs them\n")


def test_a_background_build_ends_with_the_service(
    place: Place, service: subprocess.Popen[bytes], tmp_path: Path
) -> None:
    background(place, service.pid, tmp_path / "said").wait(timeout=20)
    compiling = what_compiled(place)
    service.kill()
    service.wait()
    wait_until(lambda: gone(compiling["pid"]))
    wait_until(lambda: left(place) == [])
    (place.builds.parent / "go").touch()
    time.sleep(1)
    assert left(place) == []
    assert (tmp_path / "said").read_text() == ""


def background(place: Place, beside: int, said: Path) -> subprocess.Popen[bytes]:
    run = (
        "import sys; from pathlib import Path; from compiled.build import Place, in_background; "
        "in_background(Place(*map(Path, sys.argv[1:4])), int(sys.argv[4]), sys.argv[5:])"
    )
    paths = [str(place.sources), str(place.builds), str(place.hook)]
    with said.open("w") as output:
        return subprocess.Popen(
            [sys.executable, "-c", run, *paths, str(beside), *compiler(place, "wait")],
            cwd=ROOT,
            stderr=output,
        )


def test_what_a_build_says_fits_80_columns(place: Place) -> None:
    done = build(place, beside=os.getpid(), compiler=compiler(place, "ok"))
    holders = [builder.holder(None), builder.holder(os.getpid())]
    said = [waiting(holder.replace(str(os.getpid()), "4194304")) for holder in holders]
    lines = [FOREGROUND, *BACKGROUND, *said, still(999), done.replace(" 0 s", " 999 s")]
    assert all(len(line) <= 80 for line in lines), [len(line) for line in lines]
    assert builder.DURATION in FOREGROUND
    assert builder.DURATION in BACKGROUND[0]
    assert "from source" in BACKGROUND[1]


def test_old_builds_and_half_made_ones_are_cleared(place: Place) -> None:
    for number in range(6):
        (place.builds / f"old{number}").mkdir()
        os.utime(place.builds / f"old{number}", (number, number))
    (place.builds / ".half.made").mkdir()
    build(place, compiler=compiler(place, "ok"))
    newest = [f"old{number}" for number in (5, 4, 3)]
    assert left(place) == sorted([source_digest(place.sources), *newest])
