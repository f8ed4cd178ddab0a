"""The engine's heavy queries timed inside the browser (Pyodide in the site's Web Worker) and
on CPython, side by side: the issues ask for both (Conquest of Mars, AQMF, the adjudicators).

    .venv/bin/python benchmarks/bench_browser_engine.py [--repeat 3]
"""
from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import calculators  # noqa: E402
from bench_widget import ARGS, serve_built_site  # noqa: E402

# (label, calculator, params, CPython target in ms or None)
QUERIES = [
    ("com-defend exact, 3d20 vs 3d20, no rerolls", "com-defend",
     {"p1": "S=3 dice=3d20", "p2": "S=3 dice=3d20", "policy": "none"}, 500),
    ("com-defend exact, 3d20 vs 3d20, below-average rerolls (S+M+L each)", "com-defend",
     {"p1": "S=1 M=1 L=1 dice=3d20", "p2": "S=1 M=1 L=1 dice=3d20", "policy": "below-average"}, 500),
    ("com-defend Monte Carlo, 100,000 trials, no rerolls", "com-defend",
     {"p1": "S=3 dice=3d20", "p2": "S=3 dice=3d20", "policy": "none", "method": "monte-carlo",
      "trials": 100000}, 2000),
    ("aqmf-tripod-volleys, 6 volleys", "aqmf-tripod-volleys", {"volleys": 6}, 50),
    ("aqmf-attack (default)", "aqmf-attack", {}, 5),
    ("dip-adjudicate, 1901 start, 22 units (whole phase with map)", "dip-adjudicate", {}, None),
    ("wotw-adjudicate, Spring 1901 with a landing", "wotw-adjudicate", {}, None),
]


def cpython_ms(calc, params, repeat):
    calculators.run(calc, params)  # import and warm
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        result = calculators.run(calc, params)
        times.append((time.perf_counter() - t) * 1000)
        assert result["ok"], result
    return min(times)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    base, server, site, chromium = serve_built_site()
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=ARGS)
        page = browser.new_page()
        page.goto(base + "wotw/virus/")
        page.wait_for_selector("#calc-wotw-virus[data-state=done]", timeout=120_000)
        for label, calc, params, target in QUERIES:
            browser_times = []
            for i in range(args.repeat + 1):
                ms = page.evaluate("""async ([calc, params]) => {
                    const t = performance.now();
                    const r = await window.martianEngine.run(calc, params).promise;
                    if (!r.ok) throw new Error(JSON.stringify(r.error));
                    return performance.now() - t; }""", [calc, params])
                if i:  # the first run also imports the calculator's modules
                    browser_times.append(ms)
            rows.append((label, cpython_ms(calc, params, args.repeat), min(browser_times), target))
        browser.close()
    server.shutdown()
    shutil.rmtree(site, ignore_errors=True)
    print(f"{'query':72} {'CPython ms':>10} {'browser ms':>10} {'ratio':>6} {'target':>8}")
    for label, cp, br, target in rows:
        verdict = "" if target is None else ("met" if cp < target else "MISSED")
        print(f"{label:72} {cp:10.1f} {br:10.1f} {br / cp:6.2f} {str(target or '-'):>8} {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
