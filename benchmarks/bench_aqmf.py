"""All Quiet on the Martian Front odds: speed against the targets of issue 3 (CPython; run it in Pyodide too).

    python benchmarks/bench_aqmf.py

Targets: every single query under 5 ms; a 6-volley tripod query under 50 ms. Each figure is
the whole contract call, calculators.run(id, params), JSON-ready result included. "cold" is the
median of 5 runs each made with the engine's caches cleared (the figure judged against the
target); "warm" is the best of 5 runs with the caches kept.
"""
from __future__ import annotations

import os
import platform
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import calculators  # noqa: E402
from calculators.aqmf import damage, tripods  # noqa: E402

SINGLE = 0.005
VOLLEYS = 0.050

QUERIES = [
    ("attack: defaults (3 HMG stands at the tripod)", "aqmf-attack", {}, SINGLE),
    ("attack: focused heat ray at a stand in the open", "aqmf-attack",
     {"shooter": "boc-tripod", "target": "boc-infantry", "target_elements": 1}, SINGLE),
    ("attack: 9 HMG dice at the 6-stand company, soft + dug in", "aqmf-attack",
     {"target": "boc-infantry", "cover": "soft", "dug_in": True}, SINGLE),
    ("attack: 20 HMG stands (60 dice) at 20 stands, both options", "aqmf-attack",
     {"elements": 20, "target": "custom-human", "defense": 5, "armor": 4, "target_elements": 20, "cover": "soft",
      "lucky_strike": True, "tough_luck": True}, SINGLE),
    ("attack: 20 tripods sweep a 20-stand unit in turn", "aqmf-attack",
     {"shooter": "mw-tripod", "weapon": "heat-ray-sweep", "elements": 20, "range": 12, "target": "custom-human",
      "defense": 5, "armor": 4, "target_elements": 20}, SINGLE),
    ("attack: 20 HMG stands (60 dice) at the tripod", "aqmf-attack", {"elements": 20}, SINGLE),
    ("heat ray: defaults", "aqmf-heat-ray", {}, SINGLE),
    ("heat ray: 19 elements under the template", "aqmf-heat-ray",
     {"target": "custom-human", "defense": 5, "armor": 4, "others_open": 9, "others_dug_in": 9}, SINGLE),
    ("tripod damage: defaults", "aqmf-tripod-damage", {}, SINGLE),
    ("tripod damage: 30 points", "aqmf-tripod-damage", {"points": 30, "armor": 20}, SINGLE),
    ("explosion: defaults (6-stand company)", "aqmf-explosion", {}, SINGLE),
    ("explosion: a neighbouring tripod", "aqmf-explosion", {"target": "boc-tripod"}, SINGLE),
    ("morale: defaults", "aqmf-morale", {}, SINGLE),
    ("reinforcements: 20 turns, 6 units", "aqmf-reinforcements", {"turns": 20, "units": 6}, SINGLE),
    ("tow cables: defaults", "aqmf-tow-cable", {}, SINGLE),
    ("tow cables: 6 cables, 24 phases, 20 riders", "aqmf-tow-cable", {"cables": 6, "phases": 24, "riders": 20}, SINGLE),
    ("initiative: defaults", "aqmf-initiative", {}, SINGLE),
    ("initiative: every modifier", "aqmf-initiative",
     {k: 5 for k in ("martian_tripods", "martian_machines", "martian_zombies", "human_ironclads", "human_vehicles",
                     "human_infantry")}, SINGLE),
    ("volleys: 6 volleys, 3 HMG stands (defaults)", "aqmf-tripod-volleys", {}, VOLLEYS),
    ("volleys: 6 volleys, 6 Baldwins", "aqmf-tripod-volleys", {"shooter": "mw-tanks", "range": 25}, VOLLEYS),
    ("volleys: 6 volleys, 20 HMG stands (60 dice), both options", "aqmf-tripod-volleys",
     {"elements": 20, "lucky_strike": True, "tough_luck": True}, VOLLEYS),
    ("volleys: 6 volleys, 20 HMG stands, immobilized tripod", "aqmf-tripod-volleys",
     {"elements": 20, "immobilized": True}, VOLLEYS),
    ("volleys: 12 volleys, 20 HMG stands (the maximum)", "aqmf-tripod-volleys", {"elements": 20, "volleys": 12}, VOLLEYS),
]


def clear_caches():
    damage.transitions.cache_clear()
    damage.transition_weights.cache_clear()
    tripods.points_numerators.cache_clear()


def timed(calc, params):
    t = time.perf_counter()
    out = calculators.run(calc, params)
    dt = time.perf_counter() - t
    assert out["ok"], out
    return dt


def main():
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}")
    calculators.catalog()  # import every calculator once, outside the timings
    print(f"{'query':<64} {'cold':>9} {'warm':>9}   {'target':>7}   ratio")
    worst = 0.0
    slow = []
    for name, calc, params, target in QUERIES:
        colds = []
        for _ in range(5):
            clear_caches()
            # caches cleared; no gc.collect() here: a full collection just before a run slows its allocations
            colds.append(timed(calc, params))
        cold = statistics.median(colds)
        warm = min(timed(calc, params) for _ in range(5))
        ratio = cold / target
        worst = max(worst, ratio)
        flag = "ok" if cold <= target else "SLOW"
        if cold > target:
            slow.append(name)
        print(f"{name:<64} {cold * 1000:7.2f}ms {warm * 1000:7.2f}ms   {target * 1000:5.0f}ms   {ratio:5.2f} {flag}")
    print(f"worst cold ratio to target: {worst:.2f}" + (f"; over target: {', '.join(slow)}" if slow else "; all within"))


if __name__ == "__main__":
    main()
