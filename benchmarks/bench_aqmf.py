"""All Quiet on the Martian Front odds: speed against the targets of issue 3 (CPython; run it in Pyodide too).

    python benchmarks/bench_aqmf.py

Targets: every single query under 5 ms; a 6-volley tripod query under 50 ms (issue 3); any fire
plan of up to 8 attacking units under 100 ms (issue 18), and "how many do I need?" too. Each figure is
the whole contract call, calculators.run(id, params), JSON-ready result included. "cold" is the
median of 5 runs each made with the engine's caches cleared (the figure judged against the
target); "warm" is the best of 5 runs with the caches kept; "cpu" is the cold runs' median CPU
time (time.process_time), which is what "cold" shows on an idle machine: on a shared, loaded
one the wall clock also counts the time other processes held the cores.
"""
from __future__ import annotations

import os
import platform
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import calculators  # noqa: E402
from calculators.aqmf import combat, damage, plan, tripods  # noqa: E402

SINGLE = 0.005
VOLLEYS = 0.050
PLAN = 0.100

HMG20 = {"shooter": "custom-human", "weapon": "machine-gun", "elements": 20}  # 60 dice: a custom unit (issue 15)


def _a(unit, range_=12, **kw):
    return {"unit": unit, "range": range_, **kw}


MG60 = _a("custom-human", 12, weapon="machine-gun", elements=20)
MIXED = [_a("boc-riders", attack="tow-cables"), _a("mw-tanks", 20), _a("boc-mg"), _a("mw-mg"), _a("boc-infantry"),
         _a("mw-infantry"), _a("mw-riders", 10), _a("custom-human", 25, weapon="tank-gun", elements=20)]

QUERIES = [
    ("attack: defaults (3 HMG stands at the tripod)", "aqmf-attack", {}, SINGLE),
    ("attack: focused heat ray at a stand in the open", "aqmf-attack",
     {"shooter": "boc-tripod", "target": "boc-infantry", "target_elements": 1}, SINGLE),
    ("attack: 9 HMG dice at the 6-stand company, soft + dug in", "aqmf-attack",
     {"target": "boc-infantry", "cover": "soft", "dug_in": True}, SINGLE),
    ("attack: 20 HMG stands (60 dice) at 20 stands, both options", "aqmf-attack",
     {**HMG20, "target": "custom-human", "defense": 5, "armor": 4, "target_elements": 20, "cover": "soft",
      "lucky_strike": True, "tough_luck": True}, SINGLE),
    ("attack: 20 tripods sweep a 20-stand unit in turn", "aqmf-attack",
     {"shooter": "custom-tripod", "weapon": "heat-ray-sweep", "elements": 20, "range": 12, "target": "custom-human",
      "defense": 5, "armor": 4, "target_elements": 20}, SINGLE),
    ("attack: 20 HMG stands (60 dice) at the tripod", "aqmf-attack", HMG20, SINGLE),
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
     {**HMG20, "lucky_strike": True, "tough_luck": True}, VOLLEYS),
    ("volleys: 6 volleys, 20 HMG stands, immobilized tripod", "aqmf-tripod-volleys",
     {**HMG20, "immobilized": True}, VOLLEYS),
    ("volleys: 12 volleys, 20 HMG stands (the maximum)", "aqmf-tripod-volleys", {**HMG20, "volleys": 12}, VOLLEYS),
    ("fire plan: defaults (2 units at the tripod)", "aqmf-fire-plan", {}, PLAN),
    ("fire plan: 8 units (tow cables first) at the tripod, 6 units nearby", "aqmf-fire-plan",
     {"attackers": MIXED, "nearby": [{"unit": "boc-infantry"}] * 6}, PLAN),
    ("fire plan: 8 x 60 HMG dice at an Armor 20 tripod, both options", "aqmf-fire-plan",
     {"attackers": [MG60] * 8, "target": "custom-tripod", "defense": 9, "armor": 20, "lucky_strike": True,
      "tough_luck": True}, PLAN),
    ("fire plan: 8 x 60 HMG dice at a Defense 5 tripod in soft cover, Armor 20", "aqmf-fire-plan",
     {"attackers": [MG60] * 8, "target": "custom-tripod", "defense": 5, "armor": 20, "cover": "soft",
      "lucky_strike": True}, PLAN),
    ("fire plan: 8 x 60 HMG dice at an immobilized Armor 10 tripod", "aqmf-fire-plan",
     {"attackers": [MG60] * 8, "immobilized": True}, PLAN),
    ("fire plan: 8 units at 20 dug-in stands, sweeps and an assault", "aqmf-fire-plan",
     # Martians only: a human unit attacks only an enemy unit (AQMF 5.2), so no machine guns here.
     {"attackers": [_a("custom-tripod", attack="assault", weapon="reaper-tentacles", elements=20)]
      + [_a("custom-tripod", 12, weapon="heat-ray-sweep", elements=20)] * 7,
      "target": "custom-human", "defense": 5, "armor": 4, "target_elements": 20, "dug_in": True,
      "lucky_strike": True, "tough_luck": True}, PLAN),
    ("fire plan: 8 units at the tripod, compared with 8 others", "aqmf-fire-plan",
     {"attackers": MIXED, "compare": MIXED[:1] + MIXED[:0:-1]}, 2 * PLAN),
    ("how many: 30 volleys of 60 dice at an Armor 15 tripod, lucky strikes", "aqmf-how-many",
     {**HMG20, "target": "custom-tripod", "defense": 9, "armor": 15, "most": 30, "lucky_strike": True}, PLAN),
    ("how many: 30 volleys of 60 dice at an Armor 10 tripod in soft cover", "aqmf-how-many",
     {**HMG20, "cover": "soft", "most": 30}, PLAN),
    ("how many: 30 elements of sweeps at 20 stands, routed", "aqmf-how-many",
     {"shooter": "custom-tripod", "weapon": "heat-ray-sweep", "count": "elements", "event": "broken", "most": 30,
      "target": "custom-human", "defense": 5, "armor": 4, "target_elements": 20}, PLAN),
]


def clear_caches():
    damage.transitions.cache_clear()
    damage.transition_weights.cache_clear()
    tripods.points_numerators.cache_clear()
    plan._damage_move.cache_clear()
    plan._fire_move.cache_clear()
    combat.sweep_sequence.cache_clear()


def timed(calc, params):
    t, c = time.perf_counter(), time.process_time()
    out = calculators.run(calc, params)
    dt, dc = time.perf_counter() - t, time.process_time() - c
    assert out["ok"], out
    return dt, dc


def main():
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}")
    calculators.catalog()  # import every calculator once, outside the timings
    print(f"{'query':<72} {'cold':>9} {'cpu':>9} {'warm':>9}   {'target':>7}   ratio")
    worst = worst_cpu = 0.0
    slow = []
    for name, calc, params, target in QUERIES:
        colds = []
        for _ in range(5):
            clear_caches()
            # caches cleared; no gc.collect() here: a full collection just before a run slows its allocations
            colds.append(timed(calc, params))
        cold = statistics.median(t for t, _ in colds)
        cpu = statistics.median(c for _, c in colds)
        warm = min(timed(calc, params)[0] for _ in range(5))
        ratio = cold / target
        worst, worst_cpu = max(worst, ratio), max(worst_cpu, cpu / target)
        flag = "ok" if cold <= target else "SLOW"
        if cold > target:
            slow.append(name)
        print(f"{name:<72} {cold * 1000:7.2f}ms {cpu * 1000:7.2f}ms {warm * 1000:7.2f}ms   {target * 1000:5.0f}ms"
              f"   {ratio:5.2f} {flag}")
    print(f"worst cold ratio to target: {worst:.2f} (cpu: {worst_cpu:.2f})"
          + (f"; over target: {', '.join(slow)}" if slow else "; all within"))
    print(f"load average while measuring: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
