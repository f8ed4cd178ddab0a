"""Drawing the Diplomacy board with a full position and orders (issue 14: under 50 ms).

Times, for a 34-unit position with an order for every unit (moves, supports, holds, a convoy):
the Python renderer on CPython; the same renderer inside Pyodide in headless Chromium; and the
browser's own work on the result (parse, sanitise-sized DOM import, style, layout and paint of the
SVG in the real page with board.css). Prints each figure, its ratio to CPython and the target.

    .venv/bin/python benchmarks/bench_map.py [--repeat 20]
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_widget import ARGS, serve_built_site  # noqa: E402

from calculators.diplomacy.board_svg import render_board  # noqa: E402
from calculators.diplomacy.game import adjudicate_phase, reader_for  # noqa: E402
from calculators.diplomacy.parser import parse_phase, read_position  # noqa: E402
from calculators.diplomacy.variant import STANDARD  # noqa: E402

TARGET_MS = 50

# A crowded Fall 1905: 34 units, every one ordered.
POSITION = """England: F Nwg, F Nth, F Eng, A Nwy, A Bel, F Ska
Centres England: Lon, Edi, Lvp, Nwy, Bel, Hol
France: A Bur, A Mar, F Mao, F Wes, A Spa, A Por, A Pic
Centres France: Par, Bre, Mar, Spa, Por, Tun
Germany: A Mun, A Ruh, A Kie, F Hol, A Ber, F Den, A Sil
Centres Germany: Mun, Kie, Ber, Den, Swe
Italy: A Ven, A Tyr, F Ion, F Tys, A Pie
Centres Italy: Rom, Nap, Ven, Tri, Gre
Russia: A War, A Gal, F Sev, A Ukr, F Bot
Centres Russia: Mos, War, Sev, StP, Rum
Turkey: F Bla, A Bul, A Ser, F Aeg
Centres Turkey: Ank, Con, Smy, Bul, Ser"""

ORDERS = """England: F Nwg - Bar
England: F Nth C A Nwy - Hol
England: A Nwy - Hol via convoy
England: F Eng S A Bel
England: A Bel S A Nwy - Hol
England: F Ska - Swe
France: A Bur - Mun
France: A Mar - Pie
France: F Mao - Iri
France: F Wes - Naf
France: A Spa - Gas
France: A Por H
France: A Pic - Bre
Germany: A Mun S A Ruh
Germany: A Ruh - Bur
Germany: A Kie - Hol
Germany: F Hol - Nth
Germany: A Ber S A Mun
Germany: F Den - Swe
Germany: A Sil - Boh
Italy: A Ven - Tri
Italy: A Tyr - Vie
Italy: F Ion - Gre
Italy: F Tys - Tun
Italy: A Pie S A Ven
Russia: A War - Pru
Russia: A Gal - Bud
Russia: F Sev - Rum
Russia: A Ukr S F Sev - Rum
Russia: F Bot S F Ska - Swe
Turkey: F Bla - Con
Turkey: A Bul - Gre
Turkey: A Ser S A Bul - Gre
Turkey: F Aeg S A Bul - Gre"""

PY_TIMER = """
import time, statistics
from calculators.diplomacy.board_svg import render_board, standard_geometry
from calculators.diplomacy.game import adjudicate_phase, reader_for
from calculators.diplomacy.parser import parse_phase, read_position
from calculators.diplomacy.variant import STANDARD
pos = read_position(reader_for(STANDARD), parse_phase("Fall 1905 movement"), POSITION)
res = adjudicate_phase(pos, ORDERS)
standard_geometry()
times = []
for _ in range(REPEAT):
    t = time.perf_counter()
    knocked = [d.unit for d in res.after.dislodged]
    svg = render_board(STANDARD.map, pos, "bench", outcomes=res.outcomes, dislodged=knocked)
    times.append((time.perf_counter() - t) * 1000)
(statistics.median(times), len(svg))
"""

PAGE = """<!doctype html><meta charset="utf-8"><title>map bench</title><script type="module">
import { loadPyodide } from "./assets/engine/pyodide/pyodide.mjs";
const base = new URL("./assets/engine/pyodide/", location.href).href;
// The site ships the standard library compiled (python_stdlib.pyc.zip), not the runtime's own zip.
const py = await loadPyodide({ indexURL: base, lockFileURL: base + "pyodide-lock.json",
                               stdLibURL: base + "python_stdlib.pyc.zip" });
const lock = await (await fetch(base + "pyodide-lock.json")).json();
const entry = Object.values(lock.packages).find((p) => p.name === "calculators");
const version = py.runPython("import sys; f'{sys.version_info[0]}.{sys.version_info[1]}'");
py.unpackArchive(await (await fetch(base + entry.file_name)).arrayBuffer(), "wheel",
                 { extractDir: `/lib/python${version}/site-packages` });
window.py = py;
</script>"""

DOM_TIMER = """async (svgText) => {
  const holder = document.querySelector('.md-content__inner');
  const sync = [], frame = [];
  for (let i = 0; i < 12; i++) {
    const t = performance.now();
    const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
    const fig = document.createElement('figure');
    fig.className = 'calc-chart';
    fig.append(document.importNode(doc.documentElement, true));
    holder.append(fig);
    fig.getBoundingClientRect();  // forces style and layout now
    const t1 = performance.now();
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));  // the frame that paints it
    sync.push(t1 - t);
    frame.push(performance.now() - t);
    fig.remove();
    await new Promise((r) => setTimeout(r, 50));
  }
  const mid = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
  return [mid(sync), mid(frame)];
}"""


def cpython(repeat: int) -> tuple[float, int, str]:
    pos = read_position(reader_for(STANDARD), parse_phase("Fall 1905 movement"), POSITION)
    res = adjudicate_phase(pos, ORDERS)
    drawn = sum(1 for o in res.outcomes if o.status.value != "illegal")
    assert drawn == 34, [o for o in res.outcomes if o.status.value == "illegal"]
    knocked = [d.unit for d in res.after.dislodged]
    render_board(STANDARD.map, pos, "warm-up", outcomes=res.outcomes, dislodged=knocked)
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        svg = render_board(STANDARD.map, pos, "bench", outcomes=res.outcomes, dislodged=knocked)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), len(svg), svg


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    cp_ms, size, svg = cpython(args.repeat)
    from playwright.sync_api import sync_playwright

    base, server, site, chromium = serve_built_site()
    (site / "bench-map.html").write_text(PAGE)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(base + "bench-map.html")
            page.wait_for_function("window.py", timeout=120_000)
            code = (f"POSITION = {POSITION!r}\nORDERS = {ORDERS!r}\nREPEAT = {args.repeat}\n" + PY_TIMER)
            py_ms, py_size = page.evaluate("(code) => window.py.runPython(code).toJs()", code)
            page.goto(base + "diplomacy/adjudicator/")
            page.wait_for_selector(".md-content__inner")
            dom_ms, frame_ms = page.evaluate(DOM_TIMER, svg)
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(site, ignore_errors=True)
    rows = [("render_board, CPython (34 units, 34 orders)", cp_ms),
            ("render_board, Pyodide in Chromium", py_ms),
            ("SVG parse, insert, style and layout in the page (Chromium)", dom_ms),
            ("  ... until the frame that paints it has run", frame_ms),
            ("Chromium total: Pyodide render + page, painted", py_ms + frame_ms)]
    print(f"SVG size: {size / 1024:.1f} KiB (Pyodide: {py_size / 1024:.1f} KiB)")
    print(f"{'step':70} {'ms':>8} {'x CPython':>10} {'target':>8}")
    for label, ms in rows:
        print(f"{label:70} {ms:8.2f} {ms / cp_ms:10.1f} {TARGET_MS:>6} ms {'met' if ms < TARGET_MS else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
