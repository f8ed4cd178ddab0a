"""Conquest of Mars Defend: speed against the targets of issue 4 (CPython; run it in Pyodide too).

    python benchmarks/bench_icehouse.py

Targets: exact two players with three d20 each, no rerolls and the simplest reroll policy
(below-average), under 0.5 s; 100,000 Monte Carlo trials under 2 s.
"""
from __future__ import annotations

import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import calculators  # noqa: E402
from calculators.icehouse.forces import Force  # noqa: E402
from calculators.icehouse.solver import exact, exact_plan, monte_carlo, run_to_end  # noqa: E402


def best_of(fn, repeat=3):
    """Best wall-clock and best CPU time of a few runs (CPU time is fairer on a busy machine)."""
    walls, cpus = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - t)
        cpus.append(time.process_time() - c)
    return min(walls), min(cpus)


def line(name, seconds, target):
    wall, cpu = seconds
    print(f"{name:<62} wall {wall:7.3f} s  cpu {cpu:7.3f} s   target {target:4.1f} s   ratio {wall / target:5.2f}"
          f" (cpu {cpu / target:4.2f})   {'ok' if min(wall, cpu) <= target else 'SLOW'}")


def main():
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}")
    d20 = (20, 20, 20)
    plain = (Force(3, 0, 0, d20, "none"), Force(3, 0, 0, d20, "none"))
    # A nest at the territory: one small, one medium, one large = 3 rerolls each.
    nest = (Force(1, 1, 1, d20, "below-average"), Force(1, 1, 1, d20, "below-average"))
    for forces in (plain, nest):
        assert exact_plan(forces) == "scan"
    line("exact, 3d20 vs 3d20, no rerolls", best_of(lambda: exact(plain, "scan")), 0.5)
    line("exact, 3d20 vs 3d20, below-average, 3 rerolls each", best_of(lambda: exact(nest, "scan")), 0.5)
    line("Monte Carlo 100,000 trials, 3d20 vs 3d20, no rerolls",
         best_of(lambda: run_to_end(monte_carlo(plain, 100_000, 1)), 1), 2.0)
    line("Monte Carlo 100,000 trials, 3d20 vs 3d20, below-average",
         best_of(lambda: run_to_end(monte_carlo(nest, 100_000, 1)), 1), 2.0)
    params = {"p1": "S=1 M=1 L=1 dice=3d20", "p2": "S=1 M=1 L=1 dice=3d20", "policy": "below-average"}
    line("com-defend end to end (with rerolls and the no-reroll baseline)",
         best_of(lambda: calculators.run("com-defend", params)), 1.0)


if __name__ == "__main__":
    main()
