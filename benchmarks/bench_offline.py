"""Cold, repeat and offline visits in headless Chromium on 127.0.0.1 (issue 12's targets).

Each run opens a new persistent profile and measures, from navigation start to the first live
widget result on a calculator page:
  cold     the first visit (empty profile);
  repeat   a later visit, once the engine snapshot is stored and the site is kept offline;
  offline  the same with the network off;
  restart  a repeat visit after the browser was closed and started again on the same profile
           (the reader comes back tomorrow: no memory cache, no warm worker or compiled code in
           memory; what is on disk is the HTTP cache, the offline cache and the snapshot);
and, in the same run, the bare runtime's start-up (loadPyodide on a bare page, empty profile,
the npm package's files as published), the reference of every ratio; and the same bare start
with the compiled standard library the site ships, to tell the page's own overhead from what
that library saves. Bytes are what the server sent (response bodies). Also: what a reader of a
rules page (no widget) downloads, and what the offline cache costs once.

Every browser is started, then left to finish its own start-up before the visit (bench_widget.launch: a
reader opens the browser, then the site); `--at-launch` navigates at once, as this benchmark did before.

Targets (issue 25): cold <= 0.7x bare; repeat after a browser restart <= 0.3x bare (moonshot 0.2x);
(issue 12) repeat in the same session <= 0.4x; a rules page downloads nothing of the runtime.

    .venv/bin/python benchmarks/bench_offline.py [--runs 3] [--at-launch]
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(Path(__file__).resolve().parent), str(ROOT), str(ROOT / "tests" / "browser")]
import bench_widget  # noqa: E402
from bench_widget import SETTLED, bare, launch, serve_built_site  # noqa: E402
from test_offline import SNAPSHOT_META  # noqa: E402  (reads IndexedDB without creating it)

PAGE = "wotw/virus/"
RULES = ("wotw/rules/", "diplomacy/rules/")
RUNTIME = "assets/engine/pyodide/"
FIRST_RESULT = """document.addEventListener('calc:result', () => {
    if (!window.firstResult) window.firstResult = performance.now(); }, true);"""
def visit(ctx, url: str, server) -> tuple[float, int, dict]:
    """(ms from navigation to the first live result, bytes the server sent meanwhile, how the engine started)."""
    page = ctx.new_page()
    page.add_init_script(FIRST_RESULT)
    before = server.sent()
    page.goto(url)
    page.wait_for_function("window.firstResult", timeout=120_000)
    ms, start, origin = page.evaluate("[window.firstResult, window.__calcEngineReady, performance.timeOrigin]")
    sent = server.sent() - before
    start = start or {}
    if start.get("marks"):
        # The worker's start-up marks, on the page's clock (ms from navigation start).
        start["stages"] = {k: v + start["origin"] - origin for k, v in start["marks"].items()}
        start["stages"]["result"] = ms
    return ms, sent, {"page": page, **start}


def wait_for(page, script: str, what: str, timeout: float = 180.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if page.evaluate(script):
            return
        time.sleep(0.25)
    raise SystemExit(f"timed out waiting for {what}")


def one_run(p, chromium: str, base: str, server) -> dict:
    """The bare runtime and the cold visit back to back (the machine's load changes by the minute)."""
    out = {}
    profile = tempfile.mkdtemp(prefix="bench-profile-")
    ctx = launch(p, profile, chromium)
    out["bare"] = bare(ctx, base + "bare.html")
    ctx.close()
    shutil.rmtree(profile, ignore_errors=True)
    profile = tempfile.mkdtemp(prefix="bench-profile-")
    ctx = launch(p, profile, chromium)
    out["bare_compiled"] = bare(ctx, base + "bare.html?stdlib")
    ctx.close()
    shutil.rmtree(profile, ignore_errors=True)

    profile = tempfile.mkdtemp(prefix="bench-profile-")
    ctx = launch(p, profile, chromium)
    out["cold"], out["cold_bytes"], start = visit(ctx, base + PAGE, server)
    out["cold_stages"] = start.get("stages", {})
    page = start["page"]
    before = server.sent()
    wait_for(page, "window.martianOffline.state === 'ready'", "the offline cache")
    wait_for(page, f"({SNAPSHOT_META})().then((meta) => Boolean(meta && meta.checksum))", "the engine snapshot")
    out["after_bytes"] = server.sent() - before  # the offline cache, after the first result
    page.close()
    out["repeat"], out["repeat_bytes"], start = visit(ctx, base + PAGE, server)
    out["repeat_restored"] = start.get("restored")
    out["repeat_stages"] = start.get("stages", {})
    start["page"].close()
    ctx.set_offline(True)
    out["offline"], out["offline_bytes"], start = visit(ctx, base + PAGE, server)
    out["offline_restored"] = start.get("restored")
    start["page"].close()
    ctx.close()
    # The browser closed and started again on the same profile: the reader comes back another day.
    ctx = launch(p, profile, chromium)
    out["restart"], out["restart_bytes"], start = visit(ctx, base + PAGE, server)
    out["restart_restored"] = start.get("restored")
    out["restart_stages"] = start.get("stages", {})
    start["page"].close()
    ctx.close()
    shutil.rmtree(profile, ignore_errors=True)

    profile = tempfile.mkdtemp(prefix="bench-profile-")
    ctx = launch(p, profile, chromium)
    # A reader of rules only: two pages, one after the other.
    before, first_log = server.sent(), len(server.paths())
    page = ctx.new_page()
    page.goto(base + RULES[0])
    page.evaluate("navigator.serviceWorker.ready")
    page.goto(base + RULES[1])
    page.wait_for_timeout(1000)
    out["rules_bytes"] = server.sent() - before
    out["rules_runtime"] = [x for x in server.paths()[first_log:] if RUNTIME in x]
    page.close()
    ctx.close()
    shutil.rmtree(profile, ignore_errors=True)

    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--at-launch", action="store_true",
                    help="navigate as each browser starts, not once it has settled (bench_widget.AT_LAUNCH)")
    args = ap.parse_args()
    bench_widget.AT_LAUNCH = args.at_launch
    from playwright.sync_api import sync_playwright

    base, server, site, chromium = serve_built_site()
    runs = []
    with sync_playwright() as p:
        for _ in range(args.runs):
            runs.append(one_run(p, chromium, base, server))
    server.shutdown()
    shutil.rmtree(site, ignore_errors=True)
    report(runs)
    return 0


def report(runs: list[dict]) -> None:
    med = statistics.median

    def col(key):
        return [r[key] for r in runs]

    bare_ms, cold, repeat, offline = med(col("bare")), med(col("cold")), med(col("repeat")), med(col("offline"))
    print(f"runs: {len(runs)} (medians; times in ms from navigation start to the first live result)")
    print(f"bare runtime start-up (empty profile):   {bare_ms:8.0f}   all: {[round(x) for x in col('bare')]}")
    compiled = med(col("bare_compiled"))
    print(f"  with the site's compiled stdlib:       {compiled:8.0f}   all: {[round(x) for x in col('bare_compiled')]}")
    print(f"cold visit (empty profile):              {cold:8.0f}   all: {[round(x) for x in col('cold')]}")
    print(f"repeat visit (snapshot restored: {all(col('repeat_restored'))}): {repeat:8.0f}   "
          f"all: {[round(x) for x in col('repeat')]}")
    print(f"offline visit (network off):             {offline:8.0f}   all: {[round(x) for x in col('offline')]}")
    restart = med(col("restart"))
    print(f"after a browser restart (restored: {all(col('restart_restored'))}): {restart:8.0f}   "
          f"all: {[round(x) for x in col('restart')]}")
    stages = [r["cold_stages"] for r in runs if r["cold_stages"]]
    if stages:
        # Where a cold visit's time goes (the worker's own marks, medians, ms from navigation start).
        at = {k: med([s[k] for s in stages if k in s]) for k in ("script", "runtime", "engine", "glue", "result")}
        print(f"cold visit, stages: worker script {at['script']:.0f}; runtime loading {at['runtime']:.0f}-"
              f"{at['engine']:.0f} ({at['engine'] - at['runtime']:.0f}); engine imported {at['glue']:.0f} "
              f"(+{at['glue'] - at['engine']:.0f}); first result shown {at['result']:.0f} "
              f"(+{at['result'] - at['glue']:.0f})")
    for label, key in (("repeat visit", "repeat_stages"), ("after a restart", "restart_stages")):
        stages = [r[key] for r in runs if r[key]]
        if stages:
            # A restore's stages: the runtime compiled and the snapshot read and checked in parallel.
            names = ("script", "runtime", "compiled", "bytes", "asm", "read", "checked", "engine", "glue", "result")
            at = {k: med([s[k] for s in stages if k in s]) for k in names if all(k in s for s in stages)}
            print(f"{label}, stages (ms from navigation start): " + "; ".join(f"{k} {v:.0f}" for k, v in at.items()))
    mb = 1e6
    print(f"bytes, cold visit to first result: {med(col('cold_bytes')) / mb:.2f} MB; then the offline cache: "
          f"{med(col('after_bytes')) / mb:.2f} MB; repeat: {med(col('repeat_bytes')) / mb:.3f} MB; "
          f"offline: {med(col('offline_bytes')) / mb:.3f} MB; after a restart: {med(col('restart_bytes')) / mb:.3f} MB")
    runtime = sorted({x for r in runs for x in r["rules_runtime"]})
    print(f"bytes, two rules pages (no widget): {med(col('rules_bytes')) / mb:.2f} MB; "
          f"runtime files requested: {runtime or 'none'}")
    for name, value, target, moonshot in (("cold / bare", cold / bare_ms, 0.70, None),
                                          ("repeat / bare", repeat / bare_ms, 0.40, 0.25),
                                          ("offline / bare", offline / bare_ms, 0.40, 0.25),
                                          ("restart / bare", restart / bare_ms, 0.30, 0.20)):
        verdict = "met" if value <= target else "MISSED"
        extra = f", moonshot <= {moonshot:.2f}: {'met' if value <= moonshot else 'missed'}" if moonshot else ""
        print(f"ratio {name:15} {value:6.3f}  (target <= {target:.2f}: {verdict}{extra})")
    print(f"ratio cold / bare with the site's stdlib {cold / compiled:6.3f}  (the page's own overhead; no target)")
    print(f"rules page downloads nothing of the runtime: {'met' if not runtime else 'MISSED'}")
    if bench_widget.AT_LAUNCH:
        print("each visit navigated as its browser started (--at-launch): the browser's own start-up is in each figure")
    elif SETTLED:
        print(f"each visit navigated once its browser had settled: waited {statistics.median(SETTLED):.1f} s "
              f"(median; max {max(SETTLED):.1f}) over {len(SETTLED)} launches")


if __name__ == "__main__":
    sys.exit(main())
