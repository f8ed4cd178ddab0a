"""The engine's own tests, run again inside Pyodide (CPython 3.14 on WebAssembly) under Node.

Proves the browser runs the same engine with the same answers: every engine test that
passes here passes there (a brute-force oracle's first case only: tests/engine/conftest.py), and
every calculator's default result is identical.
"""
from __future__ import annotations

import hashlib
import json
import pathlib
import shutil
import subprocess
import sys
import zipfile

import pytest

import calculators
from tests.pyodide import runner

ROOT = pathlib.Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.pyodide


@pytest.fixture(scope="module")
def pyodide_report():
    why = runner.missing()
    if why:
        pytest.fail(why)
    try:
        return runner.report()
    except RuntimeError as err:
        pytest.fail(str(err))


def _cpython_engine_tests(*select: str) -> set[str]:
    proc = subprocess.run([sys.executable, "-m", "pytest", "tests/engine", "--collect-only", "-q",
                           "-p", "no:cacheprovider", *select], cwd=ROOT, capture_output=True, text=True, timeout=300)
    return {line.strip() for line in proc.stdout.splitlines() if "::" in line}


def test_runs_on_pyodide_python(pyodide_report):
    assert pyodide_report["platform"] == "emscripten"
    assert pyodide_report["python"].startswith("3.14")
    # The engine is imported as the browser imports it: from its bytecode wheel on sys.path.
    assert pyodide_report["engine_file"].startswith("/lib/engine/calculators-"), pyodide_report["engine_file"]
    assert pyodide_report["engine_file"].endswith(".whl/calculators/__init__.pyc"), "tests must import the built wheel"


def test_every_engine_test_passes_in_pyodide(pyodide_report):
    outcomes = pyodide_report["outcomes"]
    failed = {k: v for k, v in outcomes.items() if v != "passed"}
    assert not failed, f"failed inside Pyodide: {failed}\n{pyodide_report['log']}"
    assert pyodide_report["exit"] == 0, pyodide_report["log"]
    left = set(pyodide_report["deselected"])
    missing = _cpython_engine_tests() - set(outcomes) - left
    assert not missing, f"collected on CPython but not run in Pyodide: {sorted(missing)[:20]}"
    # Left out there: only later cases of brute-force oracles, each of whose functions ran its first case there
    # (tests/engine/conftest.py).
    ran = {name.split("[")[0] for name in outcomes}
    assert left <= _cpython_engine_tests("-m", "oracle"), sorted(left - _cpython_engine_tests("-m", "oracle"))[:20]
    assert all(name.split("[")[0] in ran for name in left)


def test_identical_catalog_and_results(pyodide_report):
    assert pyodide_report["catalog"] == calculators.catalog(), (
        "the wheel differs from the source tree: rebuild it (`make test` does)")
    for calc in calculators.catalog():
        assert pyodide_report["runs"][calc["id"]] == calculators.run(calc["id"], {}), calc["id"]


def test_the_worker_module_returns_the_same_html(pyodide_report):
    """The page's worker (calculators.present.worker) under Pyodide and under CPython."""
    from calculators.present import worker

    worker.configure('{"DIP 9.1": "diplomacy/rules/#dip-9-1"}')
    for calc in calculators.catalog():
        events = [json.loads(e) for e in iter(worker.start(calc["id"], "{}", "../../").step, "null")]
        assert pyodide_report["html"][calc["id"]] == events[-1]["html"], calc["id"]


def _wheel() -> pathlib.Path:
    (wheel,) = (ROOT / "pyodide" / "dist").glob("*.whl")
    return wheel


def test_the_wheel_is_bytecode_for_the_runtimes_python(pyodide_report):
    """Every engine module, compiled by the runtime's own CPython (its magic number), no source."""
    magic = bytes.fromhex(pyodide_report["magic"])
    source = ROOT / "calculators"
    with zipfile.ZipFile(_wheel()) as wheel:
        names = [n for n in wheel.namelist() if n.startswith("calculators/")]
        assert not [n for n in names if n.endswith(".py")]
        modules = {n for n in names if n.endswith(".pyc")}
        expected = {str(p.relative_to(ROOT).with_suffix(".pyc")) for p in source.rglob("*.py")}
        assert modules == expected
        for name in modules:
            assert wheel.read(name)[:4] == magic, name
        data = {n for n in names if not n.endswith(".pyc")}
        assert data, "the data files (maps, DATC cases, allow-list) ship in the wheel"
        for name in data:
            assert wheel.read(name) == (ROOT / name).read_bytes(), name


def test_the_compiled_wheel_is_reproducible(tmp_path):
    """Same sources, same runtime: the same bytes (a reader's stored snapshot stays valid)."""
    node = shutil.which("node")
    (source,) = (ROOT / "pyodide" / ".cache" / "source-wheel").glob("*.whl")
    proc = subprocess.run([node, str(ROOT / "pyodide" / "compile_wheel.mjs"), str(source), str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    (again,) = tmp_path.glob("*.whl")
    assert again.name == _wheel().name
    assert hashlib.sha256(again.read_bytes()).hexdigest() == hashlib.sha256(_wheel().read_bytes()).hexdigest()


# ---- the standard library the browser loads (pyodide/compile_stdlib.py) ---------------------------

STOCK_STDLIB = ROOT / "pyodide" / "node_modules" / "pyodide" / "python_stdlib.zip"


def _stdlib() -> pathlib.Path:
    lock = json.loads((ROOT / "pyodide" / "dist" / "pyodide-lock.json").read_text())
    return ROOT / "pyodide" / "dist" / lock["tool"]["calculators"]["stdlib"]["file_name"]


def test_first_results_compile_no_standard_module_from_source(pyodide_report):
    """Start-up and every calculator's default result import bytecode only; the rest is still there."""
    assert pyodide_report["from_source"] == []
    assert pyodide_report["json_file"] == pyodide_report["stdlib"] + "/json/__init__.pyc"
    # A module no first result imports stays as source, compiled if a rare case ever needs it.
    assert pyodide_report["difflib_file"] == pyodide_report["stdlib"] + "/difflib.py"


def test_the_compiled_stdlib_is_the_runtimes_own_with_some_modules_as_bytecode(pyodide_report):
    """Every entry of the runtime's python_stdlib.zip, unchanged or as a .pyc of that very source."""
    import _imp

    magic = bytes.fromhex(pyodide_report["magic"])
    key = int.from_bytes(magic, "little")  # the runtime's source-hash key (its raw magic number)
    with zipfile.ZipFile(STOCK_STDLIB) as stock, zipfile.ZipFile(_stdlib()) as ours:
        names = ours.namelist()
        assert len(names) == len(set(names))
        compiled = 0
        for name in stock.namelist():
            source = stock.read(name)
            if name in names:
                assert ours.read(name) == source, name
                continue
            assert name.endswith(".py") and name[:-3] + ".pyc" in names, f"{name} is missing"
            data = ours.read(name[:-3] + ".pyc")
            assert data[:4] == magic and data[4:8] == b"\x01\x00\x00\x00", name  # unchecked hash-based
            assert data[8:16] == _imp.source_hash(key, source), f"{name}.pyc was not compiled from {name}"
            compiled += 1
        assert len(names) == len(stock.namelist())
    assert 100 < compiled < 300, compiled  # start-up's modules, not the whole library
    assert _stdlib().stat().st_size < 1.5 * STOCK_STDLIB.stat().st_size


def test_the_compiled_stdlib_is_reproducible(tmp_path):
    node = shutil.which("node")
    script = ROOT / "pyodide" / "compile_stdlib.mjs"
    proc = subprocess.run([node, str(script), str(_wheel()), str(tmp_path / "again.zip")],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "again.zip").read_bytes() == _stdlib().read_bytes()
