"""An install that is not editable (`pip install .`, a wheel) has every file the code reads at
run time: the catalogs of each language, the pages' and mails' templates, the pages' static
files. setuptools ships only Python unless told (`[tool.setuptools.package-data]`)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("server", "shared", "client", "compiled")


def test_every_file_the_code_reads_is_package_data() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    shipped = data["package-data"]
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*")):
            inside = path.relative_to(ROOT / package)
            if not path.is_file() or path.suffix in {".py", ".pyc", ".so"}:
                continue
            if "__pycache__" in inside.parts or "build" in inside.parts:
                continue
            assert any(inside.match(glob) for glob in shipped.get(package, ())), (
                f"{package}/{inside} is not shipped: add it to package-data in pyproject.toml"
            )
