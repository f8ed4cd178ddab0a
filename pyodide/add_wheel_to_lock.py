"""The engine's entry in Pyodide's lock file, where pyodide-build cannot write all of it.

    add_wheel_to_lock.py <lock in> <lock out> <wheel>   add the wheel (no Python 3.12+ for pyodide-build)
    add_wheel_to_lock.py --imports <lock> <wheel>       name the wheel's import packages in its entry
    add_wheel_to_lock.py --stdlib <lock> <zip>          name the compiled standard library

The page loads the engine by name (``loadPackage("calculators")``). The Makefile prefers
pyodide-build's ``lockfile add-wheels``; but that finds a wheel's import names only from ``.py``
files, and the engine's wheel holds bytecode alone (pyodide/compile_wheel.py), so its entry's
``imports`` are filled in here, from the wheel's top-level packages.

The compiled standard library (compile_stdlib.py) is named under the lock file's ``tool`` table,
which Pyodide leaves alone: the worker loads it by that name and keys its snapshot on its sha256.
"""
from __future__ import annotations

import hashlib
import json
import sys
import zipfile
from pathlib import Path


def top_level(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as zf:
        return sorted({n.split("/")[0] for n in zf.namelist()
                       if "/" in n and not n.split("/")[0].endswith(".dist-info")})


def add(lock_in: str, lock_out: str, wheel: str) -> None:
    lock = json.loads(Path(lock_in).read_text(encoding="utf-8"))
    path = Path(wheel)
    name, version = path.name.split("-")[:2]
    lock["packages"][name.lower()] = {
        "name": name, "version": version, "file_name": path.name, "install_dir": "site",
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(), "package_type": "package",
        "imports": top_level(path), "depends": [], "unvendored_tests": False,
    }
    Path(lock_out).write_text(json.dumps(lock, indent=2, sort_keys=True), encoding="utf-8")


def fill_imports(lock_path: str, wheel: str) -> None:
    lock = json.loads(Path(lock_path).read_text(encoding="utf-8"))
    entry = lock["packages"][Path(wheel).name.split("-")[0].lower()]
    if entry["file_name"] != Path(wheel).name:
        raise SystemExit(f"{lock_path} names {entry['file_name']}, not {Path(wheel).name}")
    entry["imports"] = top_level(Path(wheel))
    Path(lock_path).write_text(json.dumps(lock, sort_keys=True), encoding="utf-8")


def name_stdlib(lock_path: str, stdlib: str) -> None:
    lock = json.loads(Path(lock_path).read_text(encoding="utf-8"))
    path = Path(stdlib)
    lock.setdefault("tool", {})["calculators"] = {
        "stdlib": {"file_name": path.name, "sha256": hashlib.sha256(path.read_bytes()).hexdigest()}}
    Path(lock_path).write_text(json.dumps(lock, sort_keys=True), encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1] == "--imports":
        fill_imports(*sys.argv[2:4])
    elif sys.argv[1] == "--stdlib":
        name_stdlib(*sys.argv[2:4])
    else:
        add(*sys.argv[1:4])
