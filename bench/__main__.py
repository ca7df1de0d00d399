"""Run every benchmark module of this package, or the one named first on the command line."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from types import ModuleType


def benchmarks() -> list[str]:
    """The modules of this package that define `main()`, in name order."""
    names = sorted(
        module.name
        for module in pkgutil.iter_modules([str(Path(__file__).parent)])
        if not module.name.startswith("_")
    )
    return [name for name in names if callable(getattr(_load(name), "main", None))]


def _load(name: str) -> ModuleType:
    return importlib.import_module(f"{__package__}.{name}")


def run() -> None:
    known = benchmarks()
    arguments = sys.argv[1:]
    if arguments and not arguments[0].startswith("-"):
        name, rest = arguments[0], arguments[1:]
        if name not in known:
            sys.exit(f"no benchmark {name!r}; there are: {', '.join(known)}")
        chosen = [(name, rest)]
    else:
        chosen = [(name, arguments) for name in known]
    for name, rest in chosen:
        print(f"== bench {name} ==", flush=True)
        sys.argv = [f"bench {name}", *rest]
        _load(name).main()


if __name__ == "__main__":
    run()
