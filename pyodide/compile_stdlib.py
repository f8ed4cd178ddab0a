"""The runtime's standard library, compiled to bytecode where a reader's start-up needs it.

Run inside the pinned runtime by compile_stdlib.mjs, with the engine wheel on ``sys.path``.

Pyodide's ``python_stdlib.zip`` holds source only, and Python cannot cache bytecode inside a
zip: every start compiles each module it imports, under WebAssembly's slower first-tier code.
The runtime's own start-up imports about 190 of them (asyncio, inspect, typing, zipfile, ...),
which was two thirds of its 3 s start-up in Chromium on these machines (issue 12). Here the
modules that the runtime imports as it starts, and that the engine imports when every calculator
gives its default result, are compiled by the browser's own interpreter into sourceless
``.pyc`` files (as compile_wheel.py does for the engine); every other module stays as source,
compiled only if a rare case ever imports it, so the file grows by about 0.7 MB, not 2 MB.

Nothing else changes: every other entry is copied as it is, and the result is reproducible
(fixed dates, the input's order), so an unchanged engine and runtime give the same bytes.

    compile_stdlib.py <output zip>

prints the output's path and how many modules were compiled.
"""
from __future__ import annotations

import json
import os
import sys
import zipfile
from pathlib import Path

from compile_wheel import pyc, write_zip

# Where the runtime mounts its standard library (/lib/python314.zip): the folder os (frozen in
# the runtime) names as its source.
STDLIB = os.path.dirname(os.__file__)


def engine_start_up() -> None:
    """What a page does: the worker's glue configured, every calculator's default result shown."""
    from calculators.present import worker

    import calculators

    worker.configure("{}")
    for calc in calculators.catalog():
        run = worker.start(calc["id"], "{}", "../../")
        while json.loads(run.step()) is not None:
            pass


def imported_from_stdlib() -> set[str]:
    """The zip entries of every module imported from it so far (``asyncio/events.py``, ...).

    Frozen modules (``os``, ``codecs``, ...) are built into the runtime and name their source as
    ``__file__`` without ever reading it: they are left as they are.
    """
    out = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        spec = getattr(module, "__spec__", None)
        if path.startswith(STDLIB + "/") and path.endswith(".py") and getattr(spec, "origin", None) != "frozen":
            out.add(path[len(STDLIB) + 1:])
    return out


def compiled_stdlib(hot: set[str]) -> dict[str, bytes]:
    entries: dict[str, bytes] = {}
    with zipfile.ZipFile(STDLIB) as stdlib:
        for info in stdlib.infolist():
            name, data = info.filename, stdlib.read(info)
            if name in hot:
                entries[name[:-3] + ".pyc"] = pyc(data, f"{STDLIB}/{name}")
            else:
                entries[name] = data
    return entries


def main(target: str) -> str:
    engine_start_up()
    hot = imported_from_stdlib()
    write_zip(Path(target), compiled_stdlib(hot))
    return f"{target} {len(hot)}"


if __name__ == "__main__":
    print(main(sys.argv[1]))
