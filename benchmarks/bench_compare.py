"""The "Compare readings" view timed (issue 24: it answers in at most 1 s): on CPython, inside the browser's
engine (Pyodide in the site's Web Worker), and as a player sees it (the button pressed to the table drawn).

    .venv/bin/python benchmarks/bench_compare.py [--runs 5] [--no-browser]

Run it under the bench lock (``flock /work/locks/bench.lock ...``): figures taken while another suite runs
are noise. It prints the median of the runs and every run.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import calculators  # noqa: E402

TARGET_MS = 1000
# (label, page, calculator, params): the example first (a DATC case in which England gives three
# orders and one reading changes the result), then the other games' calculators with switchable rulings.
QUERIES = [
    ("dip-adjudicate, DATC 6.F.9 (the issue's example)", "diplomacy/adjudicator/", "dip-adjudicate",
     {"load": "datc-6.F.9"}),
    ("dip-adjudicate, 1901 start (22 units)", "diplomacy/adjudicator/", "dip-adjudicate", {}),
    ("dip-adjudicate, DATC 6.F.14", "diplomacy/adjudicator/", "dip-adjudicate", {"load": "datc-6.F.14"}),
    ("wotw-adjudicate, Spring 1901", "wotw/adjudicator/", "wotw-adjudicate", {"season": "spring", "year": 1901}),
    ("aqmf-fire-plan, default", "aqmf/fire-plan/", "aqmf-fire-plan", {}),
    ("com-defend, the page's example", "icehouse/defend/", "com-defend",
     {"p1": "S=1 M=1 dice=d8,d6", "p2": "S=2 dice=d6,d6"}),
]


def cpython(calc: str, params: dict, runs: int) -> list[float]:
    calculators.run(calc, params)  # imports
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        result = calculators.run(calc, {**params, "compare_readings": True})
        out.append((time.perf_counter() - t) * 1000)
        assert result["ok"], result
    return out


# In the page: the press's event time, and the next frame after the table is in (what the player sees),
# without the test driver's own round trips.
WATCH = """(w) => {
  const box = document.querySelector(w + " .calc-compare");
  window.__pressed = window.__drawn = null;
  document.querySelector(w + " .calc-compare-readings").addEventListener("click",
    (e) => { window.__pressed = performance.now(); }, { capture: true, once: true });
  const seen = new MutationObserver(() => {
    if (box.dataset.state !== "done") return;
    seen.disconnect();
    requestAnimationFrame(() => { window.__drawn = performance.now(); });
  });
  seen.observe(box, { attributes: true, attributeFilter: ["data-state"] });
}"""


def _press(page, widget: str) -> tuple[float, float]:
    """ms from the press of Compare readings to the table drawn: as the test driver sees it (its click and
    its wait included), and in the page (the click's event to the next frame with the table)."""
    page.evaluate(WATCH, widget)
    t = time.perf_counter()
    page.locator(f"{widget} .calc-compare-readings").click()
    page.wait_for_selector(f"{widget} .calc-compare[data-state=done]", timeout=120_000)
    ms = (time.perf_counter() - t) * 1000
    page.wait_for_function("window.__drawn !== null", timeout=120_000)
    in_page = page.evaluate("window.__drawn - window.__pressed")
    page.locator(f"{widget} .calc-compare-close").click()
    return ms, in_page


def browser(base: str, chromium: str, runs: int) -> dict[str, tuple[list[float], ...]]:
    """Per query, in ms: the engine's run in the worker (warm), the first press on a page just opened (the
    engine started, the calculator's modules not yet imported when the page waits for its button), a
    press again, and both presses as the page timed them."""
    from bench_widget import ARGS
    from playwright.sync_api import sync_playwright

    out = {}
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=ARGS)
        for label, path, calc, params in QUERIES:
            widget = f"#calc-{calc}"
            url = base + path + "#" + urlencode({"calc": calc, **params})
            engine, first, again, in_page = [], [], [], []
            for _ in range(runs):
                page = b.new_page()
                page.goto(url)
                page.wait_for_function("window.martianEngine && window.martianEngine.state === 'ready'",
                                       timeout=120_000)
                page.wait_for_selector(f"{widget}:is([data-state=done], [data-state=waiting])", timeout=120_000)
                # Every widget of the page has answered (they share one worker): the press waits for nothing else.
                page.wait_for_function("window.martianEngine.pending.size === 0", timeout=120_000)
                for times in (first, again):
                    driver, own = _press(page, widget)
                    times.append(driver)
                    in_page.append(own)
                engine.append(page.evaluate("""async ([calc, params]) => {
                    const t = performance.now();
                    const r = await window.martianEngine.run(calc, Object.assign({}, params,
                        {compare_readings: true})).promise;
                    if (!r.ok) throw new Error(JSON.stringify(r.error));
                    return performance.now() - t; }""", [calc, params]))
                page.close()
            out[label] = (engine, first, again, in_page)
        b.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--no-browser", action="store_true", help="CPython only (no site build, no Chromium)")
    args = ap.parse_args()
    med = statistics.median
    cp = {label: cpython(calc, params, args.runs) for label, _, calc, params in QUERIES}
    br: dict = {}
    if not args.no_browser:
        from bench_widget import serve_built_site
        base, server, site, chromium = serve_built_site()
        try:
            br = browser(base, chromium, args.runs)
        finally:
            server.shutdown()
            shutil.rmtree(site, ignore_errors=True)
    print(f"runs: {args.runs} (medians in ms; target: the table drawn within {TARGET_MS} ms of the press)")
    print("(1st press, again: as the test driver sees them; in page: the click's event to the frame with the "
          "table, both presses; the verdict takes the worst of the three)")
    print(f"{'query':52} {'CPython':>8} {'worker':>8} {'1st press':>9} {'again':>8} {'in page':>8}  verdict")
    nan = float("nan")
    for label, *_ in QUERIES:
        engine, first, again, in_page = br.get(label, ([], [], [], []))
        worst = max(med(first), med(again), med(in_page)) if first else None
        verdict = "" if worst is None else ("met" if worst <= TARGET_MS else "MISSED")
        print(f"{label:52} {med(cp[label]):8.1f} {med(engine) if engine else nan:8.1f} "
              f"{med(first) if first else nan:9.1f} {med(again) if again else nan:8.1f} "
              f"{med(in_page) if in_page else nan:8.1f}  {verdict}")
        print(f"    all: CPython {[round(x, 1) for x in cp[label]]}; worker {[round(x) for x in engine]}; "
              f"first press {[round(x) for x in first]}; again {[round(x) for x in again]}; "
              f"in page {[round(x) for x in in_page]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
