"""How close the simulation's approximation of best play comes to best play (CPython only: slow).

The Defend page and the simulation's note state the figures: on 60 random small Defends (two and
three players, d3 to d8) worked out both ways by the brute force of
tests/engine/test_icehouse_bestplay.py, each player's chance of ending as sole occupier differs
by under a point on average, and by at most 10 points.
"""
from __future__ import annotations

import importlib.util
import pathlib
import random

from calculators.icehouse.reply import Reply

_spec = importlib.util.spec_from_file_location(
    "icehouse_oracle", pathlib.Path(__file__).resolve().parents[1] / "engine" / "test_icehouse_bestplay.py")
oracle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(oracle)


def test_the_stated_gap_between_the_approximation_and_best_play():
    rng = random.Random(42)
    gaps = []
    for _ in range(60):
        n = rng.choice([2, 2, 3])
        forces = tuple(oracle._force(rng, [4, 6, 8] if n == 2 else [3, 4, 6], 2, ["best"]) for _ in range(n))
        movers = [i for i, f in enumerate(forces) if f.rerolls]
        if not movers:
            continue
        reply = Reply(tuple(f.pyramids for f in forces), min(len(f.dice) for f in forces), depth=1)

        def greedy(table, i, left, reply=reply):
            return reply.pick(i, table[i], left, [tuple(v for v, _ in d) for d in table])
        best, approx = oracle.Oracle(forces), oracle.Oracle(forces, decide=greedy)
        exact_dist, approx_dist = best.solve(), approx.solve()
        for i in movers:
            mine = sum(p for k, p in exact_dist.items() if best._sole(k, i))
            theirs = sum(p for k, p in approx_dist.items() if best._sole(k, i))
            gaps.append(abs(float(mine - theirs)))
    assert len(gaps) > 100
    assert sum(gaps) / len(gaps) < 0.01
    assert max(gaps) <= 0.10
