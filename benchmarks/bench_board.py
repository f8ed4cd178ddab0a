"""The click-to-order board in the real site, in headless Chromium (issue 14: drawing the map with a full
position and orders under 50 ms; from a click to the highlighted options under 100 ms).

The position is bench_map's crowded Fall 1905 (34 units, an order for every unit), loaded into each
adjudicator's widget on the Diplomacy adjudicator page (for War of the Worlds with three Martian units and
their orders too). Times, each the median of ``--repeat`` runs:

- the board redrawn after the orders change (the engine checks the typed orders and draws the map in the
  page's Web Worker; the page sanitises the SVG and swaps the orders layer), until the frame that paints it;
- the board redrawn for a new position (the same, plus every unit's legal orders listed, and the whole map
  replaced), until painted;
- the engine's share of each (``martianEngine.run`` of the options calculator alone, worker round trip
  included);
- a real mouse click on a unit (Playwright's mouse, at the unit's centre) until the frame that paints its
  highlighted destinations has run, measured from the click event's own time stamp.

Issue 23: a new position's legal orders listed in at most 50 ms (``legal_choices``, every unit's orders with
their clicks), timed on the host's CPython for the 1901 start and the crowded Fall 1905, and in the page as
the options calculator's whole run with lists (listing, checking the typed orders and drawing the map).

    .venv/bin/python benchmarks/bench_board.py [--repeat 15]
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_map import ORDERS, POSITION  # noqa: E402
from bench_widget import ARGS, serve_built_site  # noqa: E402

DRAW_TARGET_MS, CLICK_TARGET_MS, LIST_TARGET_MS = 50, 100, 50
UNITS = ["bur", "mun", "war", "bla", "nwg", "ven", "ser", "ion", "mar", "kie"]

# The same crowded Fall 1905 in both adjudicators (War of the Worlds adds three Martian units and their orders).
GAMES = {
    "Diplomacy": ("#calc-dip-adjudicate", None, {"phase": "Fall 1905 movement", "position": POSITION, "orders": ORDERS},
                  34, UNITS),
    "War of the Worlds": ("#calc-wotw-adjudicate", "War of the Worlds",
                          {"season": "fall", "year": "1905", "position": POSITION + "\nMartian: 3A Gas, 2A Lvn, A Fin",
                           "orders": ORDERS, "martian_orders": "3A Gas - Bre\n2A Lvn - Mos\nA Fin - StP",
                           "virus": False, "landings": ""}, 37, UNITS[:8] + ["gas", "lvn"]),
}

LOAD = """([widget, values]) => document.querySelector(widget).calcWidget.fill(values, {replace: true})"""

READY = """([widget, n]) => { const b = document.querySelector(widget + ' .calc-board');
  return b && b.dataset.state === 'ready' && b.dataset.phase === 'Fall 1905 movement' &&
         b.querySelectorAll('g.orders .order').length === n; }"""

# One redraw by the board itself (``lists``: a new position, else new orders), until painted; and the
# engine's share alone.
DRAW = """async ([widget, n, lists, repeat]) => {
  const w = document.querySelector(widget);
  const board = w.calcBoard, engine = window.martianEngine;
  const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const params = Object.assign(board.values(board.spec.inputs.concat(board.spec.orders)), {lists});
  const total = [], alone = [];
  for (let i = 0; i < repeat; i++) {
    let t = performance.now();
    const ok = await board.fetch(lists);
    await painted();
    total.push(performance.now() - t);
    if (!ok || board.map.svg().querySelectorAll('g.orders .order').length !== n) throw new Error('not drawn');
    t = performance.now();
    const r = await engine.run(board.spec.options, params, null, board.cw.root).promise;
    alone.push(performance.now() - t);
    if (!r.ok) throw new Error('engine failed');
  }
  const mid = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
  return [mid(total), mid(alone), board.options.subjects.size];
}"""

WATCH = """(widget) => {
  window.clicks = [];
  window.watched = widget;
  if (window.watching) return;
  window.watching = true;
  document.addEventListener('click', (e) => {
    const t0 = e.timeStamp;
    requestAnimationFrame(() => setTimeout(() => {
      const lit = document.querySelectorAll(window.watched + ' .calc-board .prov.option').length;
      window.clicks.push([performance.now() - t0, lit]);
    }, 0));
  }, true);
}"""

CENTRE = """([widget, key]) => {
  const u = document.querySelector(`${widget} .calc-board .orderable[data-unit="${key}"]`);
  u.scrollIntoView({block: 'center', inline: 'center'});
  const r = u.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
}"""

def measure(page, game: str, repeat: int) -> dict:
    widget, tab, values, n, units = GAMES[game]
    if tab:
        page.locator(".tabbed-labels label", has_text=tab).click()
    page.wait_for_selector(f"{widget} .calc-board[data-state=ready]", timeout=120_000)
    page.evaluate(LOAD, [widget, values])
    page.wait_for_function(READY, arg=[widget, n], timeout=60_000)
    page.evaluate(DRAW, [widget, n, False, 2])  # warm-up
    orders_ms, orders_engine, _ = page.evaluate(DRAW, [widget, n, False, repeat])
    full_ms, full_engine, subjects = page.evaluate(DRAW, [widget, n, True, repeat])
    page.evaluate(WATCH, widget)
    clicks = []
    for i in range(repeat):
        key = units[i % len(units)]
        page.evaluate(f"document.querySelector('{widget}').calcBoard.entry.deselect(false)")
        page.mouse.click(*page.evaluate(CENTRE, [widget, key]))
        page.wait_for_function(f"window.clicks.length === {i + 1}")
        ms, lit = page.evaluate("window.clicks[window.clicks.length - 1]")
        chosen = page.evaluate(f"document.querySelector('{widget}').calcBoard.entry.sel.key")
        assert lit > 0 and chosen == key, (key, lit)
        clicks.append(ms)
    return {"orders": (orders_ms, orders_engine), "full": (full_ms, full_engine), "subjects": subjects,
            "click": (statistics.median(clicks), max(clicks)), "n": n}


def listing_on_host(repeat: int) -> list[tuple[str, float, int]]:
    """Issue 23: every legal order of a new position listed (CPython on this machine): (what, median ms, orders)."""
    import time

    from calculators.diplomacy.options import _read, legal_choices
    from calculators.diplomacy.position import format_position, initial_position
    from calculators.diplomacy.variant import STANDARD

    out = []
    for what, phase, text in (("Spring 1901, 22 units", "Spring 1901 movement",
                               format_position(STANDARD.map, initial_position(STANDARD.map))),
                              ("Fall 1905, 34 units", "Fall 1905 movement", POSITION)):
        position = _read(phase, text)
        times, n = [], 0
        for _ in range(repeat):
            t = time.perf_counter()
            rows = legal_choices(STANDARD, position)
            times.append((time.perf_counter() - t) * 1000)
            n = sum(len(r[2]) for r in rows)
        out.append((what, statistics.median(times), n))
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    base, server, site, chromium = serve_built_site()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(base + "diplomacy/adjudicator/")
            found = {game: measure(page, game, args.repeat) for game in GAMES}
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(site, ignore_errors=True)
    for game, m in found.items():
        report(game, m, args.repeat)
    print(f"\nNew position, every legal order listed (CPython on the host, median of {args.repeat})")
    for what, ms, n in listing_on_host(args.repeat):
        print(f"{what + f': {n} orders':72} {ms:8.2f} {LIST_TARGET_MS:>6} ms "
              f"{'met' if ms <= LIST_TARGET_MS else 'MISSED'}")
    return 0


def report(game: str, m: dict, repeat: int) -> None:
    rows = [("orders changed: checked, drawn, swapped in, painted", m["orders"][0], DRAW_TARGET_MS),
            ("  of which the engine (options calculator, no lists; worker round trip)", m["orders"][1], None),
            (f"new position: {m['subjects']} units' legal orders + whole map, painted", m["full"][0], None),
            ("  of which the engine (options calculator with lists)", m["full"][1], None),
            ("mouse click on a unit -> options highlighted, painted (median)", m["click"][0], CLICK_TARGET_MS),
            ("  ... slowest of the clicks", m["click"][1], CLICK_TARGET_MS)]
    print(f"\n{game} in Chromium, Fall 1905, {m['subjects']} units and {m['n']} orders, {repeat} runs each")
    print(f"{'step':72} {'ms':>8} {'target':>9}")
    for label, ms, target in rows:
        verdict = "" if target is None else f"{target:>6} ms {'met' if ms < target else 'MISSED'}"
        print(f"{label:72} {ms:8.2f} {verdict}")
    print(f"ratio, new position / orders changed: {m['full'][0] / m['orders'][0]:.1f}x; "
          f"click / draw target: {m['click'][0] / DRAW_TARGET_MS:.2f}")


if __name__ == "__main__":
    sys.exit(main())
