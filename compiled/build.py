"""Compile the engines of `shared/` with mypyc, once per version of their sources.

`./dev` runs this after installing the dependencies: `python -m compiled.build`. It does
nothing when the environment holds a build of the sources as they are (`compiled.finder`:
one per digest of the sources, the last few kept); otherwise it compiles a copy of `shared/`
(every module but the packages' `__init__`) in a scratch directory, so nothing compiled ever
lies beside the sources to shadow them, puts the build in place and writes the `.pth` line
that installs the finder. Where
mypyc or a C compiler is missing or fails, it says so in one line and leaves the engines pure:
the service and the tests run the same either way, only slower.

`--pure` removes the builds and the `.pth` line.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

from compiled.finder import BUILDS, PACKAGE, SUFFIX, source_digest

SOURCES = Path(__file__).resolve().parent.parent / PACKAGE
HOOK = Path(sysconfig.get_paths()["purelib"]) / "turnpost-compiled.pth"
HOOK_LINE = (
    'import importlib.util; importlib.util.find_spec("compiled") '
    'and importlib.import_module("compiled.finder").install()\n'
)
"""Guarded, so that an environment whose project has moved away starts up without a word."""
KEPT = 4


def compile_into(work: Path) -> None:
    """Compile the copy of `shared/` in `work` in place; CalledProcessError if mypyc fails."""
    modules = sorted(
        str(file.relative_to(work))
        for file in (work / PACKAGE).rglob("*.py")
        if file.name != "__init__.py"
    )
    subprocess.run(
        [sys.executable, "-m", "mypyc", *modules],
        cwd=work,
        check=True,
        capture_output=True,
        text=True,
    )


def collect(work: Path, staging: Path) -> None:
    """The extension modules mypyc left in `work`, flat in `staging` by their dotted names."""
    for library in work.rglob(f"*{SUFFIX}"):
        relative = library.relative_to(work)
        if relative.parts[0] == "build":
            continue
        name = ".".join((*relative.parent.parts, library.name.removesuffix(SUFFIX)))
        shutil.copy2(library, staging / f"{name}{SUFFIX}")


def build() -> str:
    """Build if these sources have no build yet; what was done, in a line."""
    if HOOK.is_file() and (BUILDS / source_digest(SOURCES)).is_dir():
        return ""
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="turnpost-compiled-") as scratch:
        work = Path(scratch)
        shutil.copytree(SOURCES, work / PACKAGE, ignore=shutil.ignore_patterns("__pycache__"))
        digest = source_digest(work / PACKAGE)
        try:
            compile_into(work)
        except (OSError, subprocess.CalledProcessError) as error:
            output = getattr(error, "stdout", "") + getattr(error, "stderr", "")
            last = ([line for line in output.splitlines() if line.strip()] or [str(error)])[-1]
            return f"the engines run as plain Python: mypyc could not compile them ({last})"
        BUILDS.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{digest}.", dir=BUILDS))
        staging.chmod(0o755)
        collect(work, staging)
    try:
        staging.rename(BUILDS / digest)
    except OSError:  # another ./dev built the same sources meanwhile: theirs serves
        shutil.rmtree(staging, ignore_errors=True)
    prune()
    HOOK.write_text(HOOK_LINE)
    return f"compiled the engines with mypyc in {time.monotonic() - started:.0f} s"


def prune() -> None:
    """Keep the most recent builds (a checkout of another branch and back finds its own), and
    the half-made ones of the last hour (another ./dev may be building)."""
    done = [build for build in BUILDS.iterdir() if not build.name.startswith(".")]
    done.sort(key=lambda build: build.stat().st_mtime, reverse=True)
    stale = [
        build
        for build in BUILDS.iterdir()
        if build.name.startswith(".") and time.time() - build.stat().st_mtime > 3600
    ]
    for old in [*done[KEPT:], *stale]:
        shutil.rmtree(old, ignore_errors=True)


def remove() -> None:
    HOOK.unlink(missing_ok=True)
    shutil.rmtree(BUILDS, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pure", action="store_true", help="remove the builds: run from source")
    if parser.parse_args().pure:
        remove()
        return
    said = build()
    if said:
        print(said, file=sys.stderr)


if __name__ == "__main__":
    main()
