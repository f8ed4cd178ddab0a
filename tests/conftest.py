"""Shared fixtures. The engine tests (tests/engine) use nothing but pytest and the stdlib,
so that the same files also run inside Pyodide (tests/pyodide)."""
from __future__ import annotations

import os
import pathlib
import socket
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
# Tests import helpers from each other as ``tests.engine.<module>``; under Pyodide only tests/ is
# mounted (at /proj/tests), so the project root must be on the path for that, as on CPython.
sys.path.insert(0, str(ROOT))


@pytest.fixture(scope="session")
def site_port() -> int:
    """A free port on 127.0.0.1 for serving the built site (the build must know it: see SITE_URL)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def build_site(out: pathlib.Path, port: int) -> None:
    """`mkdocs build --strict` into ``out`` for a site served on 127.0.0.1:``port``; its output beside it."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL=f"http://127.0.0.1:{port}/")
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                          cwd=ROOT, capture_output=True, text=True, env=env)
    (out.parent / f"{out.name}.log").write_text(proc.stdout + proc.stderr)
    if proc.returncode != 0:
        pytest.fail("mkdocs build --strict failed:\n" + proc.stdout + proc.stderr)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory, site_port) -> pathlib.Path:
    """The site built once per test session with `mkdocs build --strict`; its directory."""
    out = tmp_path_factory.mktemp("site")
    build_site(out, site_port)
    return out


@pytest.fixture(scope="session")
def site_builder():
    """``build_site(out, port)``, for tests that need a build of their own (another port, a changed copy)."""
    return build_site


@pytest.fixture(scope="session")
def build_log(built_site) -> str:
    """Everything `mkdocs build --strict` printed."""
    return (built_site.parent / f"{built_site.name}.log").read_text()


def pytest_configure(config):
    """Under pytest-xdist the controlling process starts the Pyodide run for its workers (tests/pyodide/runner.py)."""
    if getattr(config.option, "numprocesses", None) and not os.environ.get("PYTEST_XDIST_WORKER"):
        from tests.pyodide import runner

        def selects_pyodide(arg: str) -> bool:
            path = pathlib.Path(config.invocation_params.dir, arg.split("::")[0]).resolve()
            return path in (ROOT, ROOT / "tests") or (ROOT / "tests" / "pyodide") in (path, *path.parents)

        if any(selects_pyodide(a) for a in config.args):
            runner.start(shared=True)


def pytest_runtest_setup(item):
    """The engine's tests inside Pyodide (tests/pyodide) take two minutes of one core: they start
    beside the first selected test that does not drive Chromium (tests/pyodide/runner.py)."""
    session = item.session
    if not hasattr(session, "_pyodide_selected"):
        session._pyodide_selected = any(i.get_closest_marker("pyodide") for i in session.items)
    if session._pyodide_selected and item.get_closest_marker("browser") is None:
        from tests.pyodide import runner

        runner.start()


def pytest_sessionfinish(session):
    from tests.pyodide import runner

    runner.stop()
