"""The import hook that loads the compiled engines, and only while they match the sources.

`compiled.build` leaves one extension module per module of `shared/` (named by its dotted
name) and mypyc's shared library in a directory named by the digest of the sources they were
built from. A line in the virtual environment's site-packages (`turnpost-compiled.pth`) calls
`install()` at start-up; when a module of `shared` is first imported, the finder hashes the
sources of the `shared` package being imported and answers from the build of that digest,
ahead of the sources. Anything else (an edited rule, a checkout of a commit never built)
imports from source as usual.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PURE_PYTHON = "TURNPOST_PURE_PYTHON"
"""Set (to anything but empty) to run the engines from source even where a build matches."""
BUILDS = Path(sys.prefix) / "turnpost-compiled"
"""Where `compiled.build` keeps its builds, one directory per digest of the sources built: in
the environment whose Python they were built for."""
PACKAGE = "shared"
LIBRARY = "__mypyc"
"""How the name of mypyc's shared library of a build ends."""
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


SOURCE_ONLY = ("shapes",)
"""Modules always imported from source, never compiled: the shapes of the games' JSON,
TypedDicts whose annotations the server reads to write the OpenAPI document, which a compiled
module gives as bare types (`list` for `list[str]`); they hold no code a game runs."""


def source_digest(package: Path) -> str:
    """The SHA-256 of every Python file under `package`, by relative path and content, and of
    the modules left as source (a build made with others left out is another build)."""
    digest = hashlib.sha256(repr(SOURCE_ONLY).encode() + b"\0")
    for file in sorted(package.rglob("*.py")):
        digest.update(file.relative_to(package).as_posix().encode() + b"\0")
        digest.update(file.read_bytes() + b"\0")
    return digest.hexdigest()


def built(build: Path) -> dict[str, Path]:
    """The compiled modules of one build, by module name (none if there is no such build)."""
    if not build.is_dir():
        return {}
    names = (file.name for file in build.iterdir())
    return {name.removesuffix(SUFFIX): build / name for name in names if name.endswith(SUFFIX)}


class CompiledEngines(MetaPathFinder):
    """Finds the compiled module of a name, in the build of the `shared` sources imported."""

    def __init__(self, builds: Path) -> None:
        self.builds = builds
        self.found: dict[str, dict[str, Path]] = {}
        """Per directory of `shared` sources, the modules of its build: looked up once."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        if not fullname.startswith(f"{PACKAGE}.") and not fullname.endswith(LIBRARY):
            return None
        location = self.modules().get(fullname)
        if location is None:
            return None
        return importlib.util.spec_from_file_location(fullname, location)

    def modules(self) -> dict[str, Path]:
        """The build of the `shared` package imported in this process (always imported, from
        source, before any module of it), by the digest of its sources."""
        package = sys.modules.get(PACKAGE)
        if package is None or package.__file__ is None:
            return {}
        directory = str(Path(package.__file__).parent)
        if directory not in self.found:
            self.found[directory] = built(self.builds / source_digest(Path(directory)))
        return self.found[directory]


def install(builds: Path = BUILDS) -> None:
    """Put the finder first in line, where builds exist and the pure engines are not asked
    for; called at start-up by the `.pth` line `compiled.build` writes."""
    if os.environ.get(PURE_PYTHON) or not builds.is_dir():
        return
    if not any(isinstance(finder, CompiledEngines) for finder in sys.meta_path):
        sys.meta_path.insert(0, CompiledEngines(builds))


def active() -> bool:
    """Whether the engines of this process run compiled."""
    engine = sys.modules.get(f"{PACKAGE}.engine") or importlib.import_module(f"{PACKAGE}.engine")
    return (engine.__file__ or "").endswith(SUFFIX)


def described() -> str:
    """How the engines of this process run, as `turnpost-server serve` and the benchmarks say."""
    return "compiled (mypyc)" if active() else "from source (plain Python)"
