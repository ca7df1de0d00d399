"""The import hook that loads the compiled engines, and only while they match the sources.

`compiled.build` leaves one extension module per module of `shared/` (named by its dotted
name) and mypyc's shared library in one directory, with the digest of the sources they were
built from. A line in the virtual environment's site-packages (`turnpost-compiled.pth`) calls
`install()` at start-up; the finder then answers for those module names, ahead of the sources,
as long as the `shared` package being imported has that digest. Anything else (an edited rule,
a checkout of another commit, a package without a build) imports from source as usual.
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
BUILD = Path(sys.prefix) / "turnpost-compiled"
"""Where `compiled.build` puts the build: in the environment whose Python it was built for."""
DIGEST = "digest"
PACKAGE = "shared"
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def source_digest(package: Path) -> str:
    """The SHA-256 of every Python file under `package`, by relative path and content."""
    digest = hashlib.sha256()
    for file in sorted(package.rglob("*.py")):
        digest.update(file.relative_to(package).as_posix().encode() + b"\0")
        digest.update(file.read_bytes() + b"\0")
    return digest.hexdigest()


class CompiledEngines(MetaPathFinder):
    """Finds the compiled module of a name in `modules`, if the build matches the sources."""

    def __init__(self, modules: dict[str, Path], digest: str) -> None:
        self.modules = modules
        self.digest = digest
        self.matched: dict[str, bool] = {}
        """Per directory of `shared` sources: does the build match it? Read once a process."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        location = self.modules.get(fullname)
        if location is None or not self.matches():
            return None
        return importlib.util.spec_from_file_location(fullname, location)

    def matches(self) -> bool:
        """Whether the `shared` package imported in this process is the one built: it is always
        imported (from source) before any module of it."""
        package = sys.modules.get(PACKAGE)
        if package is None or package.__file__ is None:
            return False
        directory = str(Path(package.__file__).parent)
        if directory not in self.matched:
            self.matched[directory] = source_digest(Path(directory)) == self.digest
        return self.matched[directory]


def built(build: Path = BUILD) -> dict[str, Path]:
    """The compiled modules in `build`, by module name."""
    return {
        file.name.removesuffix(SUFFIX): file
        for file in build.iterdir()
        if file.name.endswith(SUFFIX)
    }


def install(build: Path = BUILD) -> None:
    """Put the finder first in line, where a build exists and the pure engines are not asked
    for; called at start-up by the `.pth` line `compiled.build` writes."""
    if os.environ.get(PURE_PYTHON) or not (build / DIGEST).is_file():
        return
    if any(isinstance(finder, CompiledEngines) for finder in sys.meta_path):
        return
    sys.meta_path.insert(0, CompiledEngines(built(build), (build / DIGEST).read_text().strip()))


def active() -> bool:
    """Whether the engines of this process run compiled."""
    engine = sys.modules.get(f"{PACKAGE}.engine") or importlib.import_module(f"{PACKAGE}.engine")
    return (engine.__file__ or "").endswith(SUFFIX)
