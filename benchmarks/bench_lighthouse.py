"""Lighthouse mobile over every page type of the built site (issue 25's targets).

Lighthouse 12.2.3 (npm, pinned in tools/lighthouse/; the 13.x line needs Node 22), its default
mobile preset: a phone's screen, simulated slow 4G and a 4x slower CPU. The site is built for a free
port on 127.0.0.1 and served gzipped, as a static host serves it (benchmarks/site_server.py), to
Debian's Chromium with the flags the browser tests use, a new profile for every run (a first visit).

Per page: performance, accessibility, best practices and SEO scores; total blocking time (TBT),
cumulative layout shift (CLS), largest contentful paint (LCP) and DOM size, each the median of
``--runs`` runs, against the targets: performance >= 90, TBT <= 200 ms, CLS <= 0.05, the other three
scores 100. Any audit that costs accessibility, best practices or SEO a point is named, and
``--detail`` adds each page's long tasks and the scripts that ran longest.

Simulated throttling multiplies what this machine's CPU did: on a busy or slow host every page's TBT
grows. Lighthouse's benchmarkIndex (its measure of the host's speed; about 1,000+ on a desktop
machine, a few hundred on a loaded one) is printed per page: compare figures only at a like index, and
run under the bench lock (``flock /work/locks/bench.lock``) so that no other benchmark or test suite
shares the two cores.

    .venv/bin/python benchmarks/bench_lighthouse.py [--runs 3] [--pages home,diplomacy/rules/] [--detail]

Exit code 0 whatever the figures (a benchmark, not a test); 1 if Lighthouse failed on a page. The full
reports are kept in benchmarks/out/lighthouse/ (not committed).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_widget import ARGS, serve_built_site  # noqa: E402

LIGHTHOUSE = ROOT / "tools" / "lighthouse" / "node_modules" / "lighthouse" / "cli" / "index.js"
OUT = ROOT / "benchmarks" / "out" / "lighthouse"
# Every page type of the site: (label, path). Each calculator page is a kind of its own (its own
# calculators, fields and results); the two adjudicators carry the board.
PAGES = (
    ("home", ""),
    ("game overview", "diplomacy/"),
    ("rules", "diplomacy/rules/"),
    ("rules (longest)", "aqmf/rules/"),
    ("rulings", "diplomacy/rulings/"),
    ("glossary", "glossary/"),
    ("calculator list", "calculators/"),
    ("stats tables", "aqmf/tables/"),
    ("calc: virus", "wotw/virus/"),
    ("calc: merge-split", "wotw/merge-split/"),
    ("calc: landings", "wotw/landings/"),
    ("calc: shooting", "aqmf/shooting/"),
    ("calc: tripods", "aqmf/tripods/"),
    ("calc: fire plan", "aqmf/fire-plan/"),
    ("calc: aqmf turn", "aqmf/turn/"),
    ("calc: clans checks", "clans/checks/"),
    ("calc: defend", "icehouse/defend/"),
    ("calc: com turn", "icehouse/turn/"),
    ("adjudicator: dip", "diplomacy/adjudicator/"),
    ("adjudicator: wotw", "wotw/adjudicator/"),
    # A calculator's own page (issue 24): its form first, the rules page's text not around it.
    ("calc page: board", "calculators/dip-adjudicate/"),
    ("calc page: defend", "calculators/com-defend/"),
    ("calc page: fire plan", "calculators/aqmf-fire-plan/"),
)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = (("tbt", "total-blocking-time"), ("cls", "cumulative-layout-shift"),
           ("lcp", "largest-contentful-paint"), ("dom", "dom-size"))
TARGETS = {"performance": 90, "accessibility": 100, "best-practices": 100, "seo": 100}
TBT_MAX, CLS_MAX = 200, 0.05


def lighthouse(url: str, chromium: str, out: Path) -> dict:
    """One Lighthouse run (mobile preset, simulated throttling) in a new profile: its report (lhr)."""
    flags = " ".join(a if a != "--headless" else "--headless=new" for a in ARGS)
    cmd = ["node", str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
           f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={flags}", "--max-wait-for-load=60000"]
    env = dict(os.environ, CHROME_PATH=chromium)
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0 or not out.exists():
        raise RuntimeError(f"lighthouse failed on {url}:\n{proc.stderr[-2000:]}")
    return json.loads(out.read_text())


def figures(lhr: dict) -> dict:
    audits = lhr["audits"]
    row = {c: round(100 * (lhr["categories"][c]["score"] or 0)) for c in CATEGORIES}
    for key, audit in METRICS:
        row[key] = audits[audit].get("numericValue")
    row["index"] = lhr["environment"]["benchmarkIndex"]
    # What costs a point outside performance: the failing audits that carry weight.
    lost = []
    for c in CATEGORIES[1:]:
        for ref in lhr["categories"][c]["auditRefs"]:
            score = audits[ref["id"]].get("score")
            if ref.get("weight") and score is not None and score < 1:
                lost.append(f"{c}: {ref['id']} ({audits[ref['id']]['title']})")
    row["lost"] = lost
    row["warnings"] = lhr.get("runWarnings", [])
    return row


def detail(lhr: dict) -> list[str]:
    """The page's long tasks (as observed, unthrottled) and the scripts that ran longest (simulated)."""
    audits, lines = lhr["audits"], []
    tasks = (audits.get("long-tasks", {}).get("details") or {}).get("items", [])
    for t in tasks[:8]:
        lines.append(f"    long task {t['duration']:7.0f} ms at {t.get('startTime', 0):7.0f}  {t['url']}")
    boot = (audits.get("bootup-time", {}).get("details") or {}).get("items", [])
    for b in boot[:6]:
        lines.append(f"    script {b['total']:7.0f} ms (evaluate {b['scripting']:6.0f}, "
                     f"parse {b['scriptParseCompile']:5.0f})  {b['url']}")
    work = (audits.get("mainthread-work-breakdown", {}).get("details") or {}).get("items", [])
    lines.append("    main thread: " + "; ".join(f"{w['groupLabel']} {w['duration']:.0f}" for w in work[:5]))
    return lines


def median_row(rows: list[dict]) -> dict:
    med = statistics.median
    out = {k: med([r[k] for r in rows]) for k in (*CATEGORIES, *(m for m, _ in METRICS), "index")}
    out["lost"] = sorted({x for r in rows for x in r["lost"]})
    out["warnings"] = sorted({x for r in rows for x in r["warnings"]})
    return out


def verdict(row: dict) -> list[str]:
    missed = [f"{c} {row[c]:.0f}" for c, t in TARGETS.items() if row[c] < t]
    if row["tbt"] > TBT_MAX:
        missed.append(f"TBT {row['tbt']:.0f}")
    if row["cls"] > CLS_MAX:
        missed.append(f"CLS {row['cls']:.3f}")
    return missed


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=1, help="runs per page (the median of each figure is shown)")
    ap.add_argument("--pages", default="", help="comma-separated labels or paths (default: every page type)")
    ap.add_argument("--detail", action="store_true", help="also each page's long tasks and slowest scripts")
    args = ap.parse_args()
    if not LIGHTHOUSE.exists():
        raise SystemExit("Lighthouse is missing: `make bench` installs it (tools/lighthouse/).")
    wanted = [p.strip() for p in args.pages.split(",") if p.strip()]
    pages = [(label, path) for label, path in PAGES
             if not wanted or label in wanted or path in wanted or (path == "" and "home" in wanted)]
    if not pages:
        raise SystemExit(f"no such page: {args.pages}")
    base, server, site, chromium = serve_built_site()
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    results, failed = [], 0
    started = time.monotonic()
    try:
        for label, path in pages:
            rows, lhrs = [], []
            for n in range(args.runs):
                try:
                    name = (path or "home").strip("/").replace("/", "-")
                    lhr = lighthouse(base + path, chromium, OUT / f"{name}-{n}.json")
                except (RuntimeError, subprocess.TimeoutExpired) as e:
                    print(f"{label}: {e}", file=sys.stderr)
                    failed += 1
                    continue
                row = figures(lhr)
                missing = [key for key, _ in METRICS if row[key] is None]
                if missing:  # Lighthouse could not compute a metric (a trace it could not read): a failed run
                    why = "; ".join(str(lhr["audits"][a].get("errorMessage") or "") for k, a in METRICS if k in missing)
                    print(f"{label}: run {n + 1}: no {', '.join(missing)} ({why})", file=sys.stderr)
                    failed += 1
                    continue
                rows.append(row)
                lhrs.append(lhr)
            if rows:
                row = median_row(rows)
                results.append((label, path, row))
                print_row(label, path, row, len(rows))
                if args.detail:
                    # The run nearest the median TBT.
                    best = min(range(len(rows)), key=lambda i: abs(rows[i]["tbt"] - row["tbt"]))
                    print("\n".join(detail(lhrs[best])), flush=True)
    finally:
        server.shutdown()
        shutil.rmtree(site, ignore_errors=True)
    summary(results, args.runs, time.monotonic() - started)
    return 1 if failed else 0


HEADER = (f"{'page':20} {'path':24} {'perf':>4} {'a11y':>4} {'bp':>4} {'seo':>4} {'TBT ms':>7} {'CLS':>6} "
          f"{'LCP s':>6} {'DOM':>6} {'index':>6}  verdict")


def print_row(label: str, path: str, row: dict, runs: int) -> None:
    if not getattr(print_row, "headed", False):
        print(HEADER)
        print_row.headed = True
    missed = verdict(row)
    print(f"{label:20} {('/' + path):24} {row['performance']:4.0f} {row['accessibility']:4.0f} "
          f"{row['best-practices']:4.0f} {row['seo']:4.0f} {row['tbt']:7.0f} {row['cls']:6.3f} "
          f"{row['lcp'] / 1000:6.1f} {row['dom']:6.0f} {row['index']:6.0f}  "
          f"{'met' if not missed else 'MISSED: ' + ', '.join(missed)}", flush=True)
    for x in row["lost"]:
        print(f"    lost: {x}")
    for x in row["warnings"]:
        print(f"    warning: {x}")


def summary(results: list, runs: int, seconds: float) -> None:
    if not results:
        return
    met = [label for label, _, row in results if not verdict(row)]
    index = statistics.median([row["index"] for _, _, row in results])
    print(f"pages: {len(results)}, {runs} run(s) each (medians); benchmarkIndex median {index:.0f}; "
          f"{seconds:.0f} s in all")
    print(f"targets (performance >= 90, TBT <= {TBT_MAX} ms, CLS <= {CLS_MAX}, a11y/bp/SEO 100) met on "
          f"{len(met)} of {len(results)} pages")


if __name__ == "__main__":
    sys.exit(main())
