"""Benchmark of dip-replay: a whole game played again, through the contract (``calculators.run``).

    .venv/bin/python benchmarks/bench_replay.py [runs]

Games: the long sample (tests/data/replay/long.json, written by the diplomacy package: 54 phases, 1901 to
1916); the largest game accepted (its phases repeated up to MAX_PHASES: where one copy ends and the next
begins the phases differ, so the search for a reading runs there too); and the same phases in reverse order,
where every phase differs from the "recording" (the worst case for the search, bounded by MAX_SEARCHED).
Each under the site's readings and under DIP R4 fallback-to-land (a reading other than the site's makes the
contract work the game out twice, to say how the site's readings would differ).  Target: every figure under
the engine's budget of 2 s on CPython (issue 29).  Prints the median of ``runs``.
"""
from __future__ import annotations

import json
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import calculators  # noqa: E402
from calculators.diplomacy.gamefile.record import MAX_PHASES  # noqa: E402

BUDGET_S = 2.0


def games() -> dict[str, str]:
    text = (ROOT / "tests" / "data" / "replay" / "long.json").read_text(encoding="utf-8")
    doc = json.loads(text)
    played = doc["phases"][:-1]
    largest = dict(doc, phases=(played * (MAX_PHASES // len(played) + 1))[:MAX_PHASES])
    reverse = dict(doc, phases=list(reversed(largest["phases"])))
    return {f"long sample ({len(doc['phases'])} phases)": text,
            f"largest ({MAX_PHASES} phases)": json.dumps(largest),
            f"largest, every phase differs ({MAX_PHASES} phases)": json.dumps(reverse)}


def timed(params: dict, runs: int) -> tuple[float, dict]:
    times, result = [], {}
    for _ in range(runs):
        start = time.perf_counter()
        result = calculators.run("dip-replay", params)
        times.append(time.perf_counter() - start)
    assert result["ok"], result
    return statistics.median(times), result


def main(runs: int = 5) -> int:
    calculators.run("dip-replay", {"game": "A Par - Bur"})  # imports
    worst = 0.0
    for name, text in games().items():
        for readings in ({}, {"dip_r4": "fallback-to-land"}):
            median, result = timed({"game": text, **readings}, runs)
            worst = max(worst, median)
            c = result["data"]["counts"]
            label = "site's readings" if not readings else "dip_r4=fallback-to-land"
            print(f"{name:<44} {label:<24} {median * 1000:7.0f} ms median of {runs}  "
                  f"({len(text) // 1000} kB, {c['played']} phases, {c['orders']} orders, {c['differ']} differ)")
    print(f"slowest {worst * 1000:.0f} ms; budget {BUDGET_S * 1000:.0f} ms; ratio {worst / BUDGET_S:.2f}")
    return 0 if worst < BUDGET_S else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 5))
