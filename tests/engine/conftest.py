"""The engine's tests, on CPython and again inside Pyodide (tests/pyodide).

A brute-force oracle with many cases (``@pytest.mark.oracle``) runs every case on CPython and only its first case
inside Pyodide: there it shows that the code it checks runs the same under Pyodide, which one case does; its other
cases would check the same code's answers again, at 10-30 times CPython's cost (53 cases in 6 functions: 47 left
out there, which took the Pyodide run from ~110 s to ~75 s). The cases left out are reported to pytest as
deselected, and tests/pyodide checks that every test function ran there and that only such cases were left out.
"""
from __future__ import annotations

import sys


def pytest_configure(config):
    # Registered in pyproject.toml too: the run inside Pyodide has no pyproject.toml, and tests elsewhere import
    # these modules before this file is read.
    config.addinivalue_line("markers", "oracle: a brute-force oracle; inside Pyodide only its first case runs")


def pytest_collection_modifyitems(config, items):
    if sys.platform != "emscripten":
        return
    seen: set[str] = set()
    kept, left = [], []
    for item in items:
        function = item.nodeid.split("[")[0]
        if item.get_closest_marker("oracle") and function in seen:
            left.append(item)
        else:
            kept.append(item)
        seen.add(function)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept
