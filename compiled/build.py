"""Compile the engines of `shared/` with mypyc, once per version of their sources.

`./dev` runs this after installing the dependencies. `python -m compiled.build` compiles in
the foreground (`./dev test`, `bench` and `lint` wait for it); `--beside PID` (`./dev serve`,
with its own process id, which becomes the service's) compiles in a process of its own at low
priority while that process runs, so that the service answers at once with the engines from
source. Either says first what it is about to do and for how long, and does nothing when the
environment holds a build of the sources as they are (`compiled.finder`).

A build is compiled from a copy of `shared/` in a scratch directory (nothing compiled ever
lies beside the sources to shadow them), gathered in a hidden directory beside the builds and
renamed, whole, to the digest the finder looks for: a build stopped half-way (Ctrl-C, the
service stopped, a compiler error) leaves nothing the finder would load. One build at a time
per environment (a lock file, naming its holder): another `./dev` waits for it, saying whose
build it waits for and, once a minute, that it still waits, then finds the build made. Where
mypyc, a C compiler or Python's headers are missing, it says so in one line and the engines
stay plain Python: everything runs the same, only slower.

`--pure` removes the builds and the `.pth` line.
"""

from __future__ import annotations

import argparse
import fcntl
import importlib.util
import os
import shlex
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from compiled.finder import BUILDS, PACKAGE, SOURCE_ONLY, SUFFIX, source_digest

SOURCES = Path(__file__).resolve().parent.parent / PACKAGE
HOOK = Path(sysconfig.get_paths()["purelib"]) / "turnpost-compiled.pth"
HOOK_LINE = (
    'import importlib.util; importlib.util.find_spec("compiled") '
    'and importlib.import_module("compiled.finder").install()\n'
)
"""Guarded, so that an environment whose project has moved away starts up without a word."""
MYPYC = (sys.executable, "-m", "mypyc")
KEPT = 4
DURATION = "2 to 3 minutes"
"""What a build takes, said before it starts: on two cores, at low priority on a busy machine
too (docs/performance.md)."""
NICE = 10
POLL = 0.5
"""Seconds between looks at the process a build runs beside, while compiling or waiting."""

FOREGROUND = f"compiling the engines with mypyc, once per change to shared/ ({DURATION})"
BACKGROUND = (
    f"compiling the engines in the background, at low priority ({DURATION});",
    "until then they run from source, and the next ./dev serve runs them compiled",
)
HOLDER = "another ./dev"
"""Who holds the lock, when it does not say (a build made before it did)."""
STILL = 60.0
"""Seconds between the lines of a build in the foreground that waits for another one."""


def waiting(who: str) -> str:
    """What a build in the foreground says as it starts to wait for the one `who` makes."""
    return f"{who or HOLDER} is compiling the engines: waiting for its build"


def holder(beside: int | None) -> str:
    """Who builds, as another `./dev` waiting for it says: `./dev serve` builds in the
    background, at low priority, so on a busy machine for longer than `DURATION`."""
    if beside is None:
        return f"another ./dev (process {os.getpid()})"
    return f"./dev serve (process {beside})"


def still(minutes: int) -> str:
    """...and once a minute while it waits: on a busy machine a build at low priority can take
    many minutes, and a wait that says nothing looks like a hang."""
    return f"still waiting for the engines' build ({minutes} min so far; a busy machine slows it)"


@dataclass(frozen=True)
class Place:
    """An environment's builds: the sources compiled, where their builds go, and the `.pth`
    line that installs the finder."""

    sources: Path
    builds: Path
    hook: Path

    @property
    def lock(self) -> Path:
        return self.builds.with_name(f"{self.builds.name}.lock")

    def current(self) -> bool:
        """Whether the sources as they are have their build, and the finder is installed."""
        return self.hook.is_file() and (self.builds / source_digest(self.sources)).is_dir()

    def prepare(self) -> None:
        """The builds' directory and the `.pth` line, before a build: every Python started
        from then on installs the finder, so that one importing the engines once the build is
        made (a web worker gunicorn starts again, say) loads it."""
        self.builds.mkdir(parents=True, exist_ok=True)
        self.hook.write_text(HOOK_LINE)


ENVIRONMENT = Place(SOURCES, BUILDS, HOOK)


class Stopped(Exception):
    """The process the build ran beside has ended: the build is dropped."""


class Failed(Exception):
    """The compiler failed; the last line it wrote."""


def missing() -> str:
    """What this machine lacks to compile the engines, said as the reason they run from source
    ("" if nothing): found at once, rather than after a minute of mypyc."""
    compiler = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")[0]
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed"
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) to compile them with"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "Python's headers (Python.h) are missing"
    return ""


def running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process by that id: alive
        pass
    return True


def keep_on(beside: int | None) -> None:
    """Raise Stopped if the process the build runs beside has ended."""
    if beside is not None and not running(beside):
        raise Stopped


@contextmanager
def locked(lock: Path, beside: int | None) -> Iterator[None]:
    """The environment's one build at a time, its holder named in the lock file. A build in
    the foreground says that it waits and for whom, and once a minute that it still does; one
    in the background waits without a word, and only while the process beside runs."""
    with lock.open("a+") as held:
        began = time.monotonic()
        said = 0
        while True:
            try:
                fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                keep_on(beside)
                minutes = int((time.monotonic() - began) // STILL)
                if beside is None and said == 0:
                    held.seek(0)
                    say(waiting(held.read().strip()))
                    said = 1
                elif beside is None and minutes >= said:
                    say(still(minutes))
                    said = minutes + 1
                time.sleep(POLL)
        held.truncate(0)
        held.write(holder(beside))
        held.flush()
        yield


def run(command: Sequence[str], work: Path, beside: int | None) -> None:
    """Run the compiler in `work`, in a process group of its own, which ends with the build:
    at Ctrl-C, or when the process beside ends. Failed if it fails."""
    log = work / "compile.log"
    with log.open("w") as output:
        process = subprocess.Popen(
            command, cwd=work, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        while True:
            try:
                process.wait(timeout=POLL)
                break
            except subprocess.TimeoutExpired:
                keep_on(beside)
    finally:
        if process.returncode is None:
            with suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            process.wait()
    if process.returncode:
        lines = [line for line in log.read_text(errors="replace").splitlines() if line.strip()]
        raise Failed(lines[-1] if lines else f"exit status {process.returncode}")


def compile_into(place: Place, beside: int | None, compiler: Sequence[str]) -> None:
    """Compile a copy of the sources and put its build in place, whole."""
    with tempfile.TemporaryDirectory(prefix="turnpost-compiled-") as scratch:
        work = Path(scratch)
        shutil.copytree(place.sources, work / PACKAGE, ignore=shutil.ignore_patterns("__pycache__"))
        digest = source_digest(work / PACKAGE)
        modules = sorted(
            str(file.relative_to(work))
            for file in (work / PACKAGE).rglob("*.py")
            if file.name != "__init__.py" and file.stem not in SOURCE_ONLY
        )
        run([*compiler, *modules], work, beside)
        staging = Path(tempfile.mkdtemp(prefix=f".{digest}.", dir=place.builds))
        try:
            staging.chmod(0o755)
            collect(work, staging)
            staging.rename(place.builds / digest)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise


def collect(work: Path, staging: Path) -> None:
    """The extension modules mypyc left in `work`, flat in `staging` by their dotted names."""
    for library in work.rglob(f"*{SUFFIX}"):
        relative = library.relative_to(work)
        if relative.parts[0] == "build":
            continue
        name = ".".join((*relative.parent.parts, library.name.removesuffix(SUFFIX)))
        shutil.copy2(library, staging / f"{name}{SUFFIX}")


def build(place: Place, beside: int | None = None, compiler: Sequence[str] = MYPYC) -> str:
    """Build if these sources have no build yet; what was done, in a line ("" when another
    `./dev` built it meanwhile, or the process beside ended first)."""
    try:
        with locked(place.lock, beside):
            if place.current():
                return ""
            started = time.monotonic()
            prune(place.builds)
            compile_into(place, beside, compiler)
    except Stopped:
        return ""
    except (OSError, Failed) as error:
        return f"the engines run from source: mypyc could not compile them ({error})"
    took = f"compiled the engines in {time.monotonic() - started:.0f} s"
    return took if beside is None else f"{took}: the next ./dev serve runs them"


def prune(builds: Path) -> None:
    """Keep the most recent builds, the one about to be made among them (a checkout of another
    branch and back finds its own). The lock is held, so a hidden, half-made one is left of a
    build killed outright: gone too."""
    done = [build for build in builds.iterdir() if not build.name.startswith(".")]
    done.sort(key=lambda build: build.stat().st_mtime, reverse=True)
    half = [build for build in builds.iterdir() if build.name.startswith(".")]
    for old in [*done[KEPT - 1 :], *half]:
        shutil.rmtree(old, ignore_errors=True)


def in_background(place: Place, beside: int, compiler: Sequence[str] = MYPYC) -> None:
    """Build in a process of its own, out of the terminal's reach (its Ctrl-C stops the
    service, whose end stops the build) and at low priority; the launcher returns at once."""
    if os.fork():
        return
    os.setsid()
    os.nice(NICE)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # unwinds: the compiler ends too
    say(build(place, beside, compiler))


def say(*lines: str) -> None:
    for line in lines:
        if line:
            print(line, file=sys.stderr, flush=True)


def remove() -> None:
    HOOK.unlink(missing_ok=True)
    shutil.rmtree(BUILDS, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pure", action="store_true", help="remove the builds: run from source")
    parser.add_argument(
        "--beside",
        type=int,
        metavar="PID",
        help="compile in the background, at low priority, while process PID runs",
    )
    options = parser.parse_args()
    if options.pure:
        remove()
        return
    if ENVIRONMENT.current():
        return
    lacking = missing()
    if lacking:
        say(f"the engines run from source: {lacking}")
        return
    ENVIRONMENT.prepare()
    if options.beside is None:
        say(FOREGROUND)
        say(build(ENVIRONMENT))
    else:
        say(*BACKGROUND)
        in_background(ENVIRONMENT, options.beside)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:  # Ctrl-C of a build in the foreground: it left nothing behind
        sys.exit(130)
