"""Fallback for `pyodide lockfile add-wheels` where no Python 3.12+ exists to run pyodide-build.

Adds a pure-Python wheel to a copy of Pyodide's lock file so the page can
`loadPackage("calculators")` by name. The Makefile prefers pyodide-build itself.
"""
from __future__ import annotations

import hashlib
import json
import sys
import zipfile
from pathlib import Path


def main(lock_in: str, lock_out: str, wheel: str) -> None:
    lock = json.loads(Path(lock_in).read_text(encoding="utf-8"))
    path = Path(wheel)
    name, version = path.name.split("-")[:2]
    with zipfile.ZipFile(path) as zf:
        tops = sorted({n.split("/")[0] for n in zf.namelist() if not n.split("/")[0].endswith(".dist-info")})
    lock["packages"][name.lower()] = {
        "name": name, "version": version, "file_name": path.name, "install_dir": "site",
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(), "package_type": "package",
        "imports": tops, "depends": [], "unvendored_tests": False,
    }
    Path(lock_out).write_text(json.dumps(lock, indent=2, sort_keys=True), encoding="utf-8")


if __name__ == "__main__":
    main(*sys.argv[1:4])
