"""The engine's tests inside Pyodide under Node, started once per session and waited for by
tests/pyodide (pyodide/run_in_pyodide.mjs does the work).

The run takes about two minutes of one core. tests/conftest.py starts it as soon as the session
reaches its first test that does not drive Chromium, so that it runs beside the CPython tests on
the other core instead of after them (the browser tests, timed by the page's own clock, are left
the whole machine).

Under pytest-xdist (`make test` runs three workers) the run is started once, by the controlling process
as the session starts, into a folder named in the environment (SHARED) that the workers inherit: the
worker that gets tests/pyodide waits for that run's report instead of starting one of its own.
"""
from __future__ import annotations

import contextlib
import json
import pathlib
import shutil
import os
import subprocess
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
_run: dict = {}
SHARED = "PYODIDE_RUN_FOLDER"  # set by the controlling process under xdist: where its run writes


def missing() -> str | None:
    """Why the run cannot start, or None."""
    if shutil.which("node") is None:
        return "Node.js is needed to run the engine inside Pyodide (install nodejs)."
    wheels = ROOT / "pyodide" / ".cache" / "wheels"
    runtime = ROOT / "pyodide" / "node_modules" / "pyodide"
    if not wheels.is_dir() or not runtime.is_dir() or not list((ROOT / "pyodide" / "dist").glob("*.whl")):
        return "The Pyodide runtime, engine wheel or pytest wheels are missing: run `make test`."
    return None


def start(shared: bool = False) -> None:
    """Start the run (once); a later call does nothing. shared: the controlling process of an xdist
    session starts it for its workers (they find its folder in the environment)."""
    if _run or missing() or (os.environ.get(SHARED) and not shared):
        return
    folder = pathlib.Path(tempfile.mkdtemp(prefix="pyodide-run-"))
    out = folder / "report.json"
    log = (folder / "stdout").open("w"), (folder / "stderr").open("w")
    # The exit code is written when Node ends, for workers of another process that cannot wait on it.
    script = '"$0" "$1" "$2"; echo $? > "$3"'
    proc = subprocess.Popen(["sh", "-c", script, shutil.which("node"), str(ROOT / "pyodide" / "run_in_pyodide.mjs"),
                             str(out), str(folder / "exit")], cwd=ROOT, stdout=log[0], stderr=log[1], text=True)
    _run.update(folder=folder, proc=proc, log=log, done=False)
    if shared:
        os.environ[SHARED] = str(folder)


def _read(folder: pathlib.Path) -> dict:
    """The report a finished run left in ``folder``, with the tail of its output under "log"; raises
    RuntimeError with that output if it left none."""
    stdout, stderr = (folder / "stdout").read_text(), (folder / "stderr").read_text()
    if not (folder / "report.json").exists():
        raise RuntimeError("Pyodide run produced no report:\n" + stdout[-3000:] + stderr[-3000:])
    result = json.loads((folder / "report.json").read_text())
    result["log"] = stdout[-5000:] + stderr[-2000:]
    return result


def _wait_shared(folder: pathlib.Path, timeout: float) -> dict:
    """A worker's wait for the run its controlling process started (that process removes the folder)."""
    end = time.monotonic() + timeout
    while not (folder / "exit").exists() and time.monotonic() < end:
        time.sleep(1)
    return _read(folder)


def report(timeout: float = 900) -> dict:
    """The run's report (starting it if nobody has): raises RuntimeError with its output if it made none."""
    if os.environ.get(SHARED) and not _run:
        return _wait_shared(pathlib.Path(os.environ[SHARED]), timeout)
    start()
    with contextlib.suppress(subprocess.TimeoutExpired):  # stop() ends it; no report then
        _run["proc"].wait(timeout=timeout)
    stop(remove=False)
    try:
        return _read(_run["folder"])
    finally:
        shutil.rmtree(_run["folder"], ignore_errors=True)


def stop(remove: bool = True) -> None:
    """End the run if it is still going (a session stopped early, or a timeout), close its logs
    and, unless ``remove`` is false, remove its files."""
    if not _run:
        return
    if not _run["done"]:
        _run["proc"].kill()
        _run["proc"].wait()
        for f in _run["log"]:
            f.close()
        _run["done"] = True
    if remove:
        shutil.rmtree(_run["folder"], ignore_errors=True)
