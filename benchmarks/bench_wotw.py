"""War of the Worlds benchmark: median time to adjudicate one movement season.

Prints figures only (not a test). Run: .venv/bin/python benchmarks/bench_wotw.py
Target (by analogy with the standard adjudicator's 0.3 ms for 22 units): a season with the 22
standard units plus six Martian units, splits and merges included, well under 1 ms; and, after the
redesign of issue 17, no slower than before it (0.445 ms median on this machine, legality, resolution,
landing and losses from orders already read).
"""
from __future__ import annotations

import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from calculators.diplomacy.api import (Phase, PhaseKind, Position, Season, Turn, initial_position,  # noqa: E402
                                       reader_for, run, standard_map)
from calculators.wotw.board import martian  # noqa: E402
from calculators.wotw.mergesplit import resolve_martian  # noqa: E402
from calculators.wotw.orders import parse_orders  # noqa: E402
from calculators.wotw.season import MartianState  # noqa: E402
from calculators.wotw.variant import WOTW  # noqa: E402

MAP = standard_map()
BEFORE_MS = 0.445  # the season before the redesign, measured on this machine (issue 17: no slower)
SPRING = Phase(1903, Season.SPRING, PhaseKind.MOVEMENT)  # a landing season (WOTW 3.1)
SCHEDULE = ("mar", "gal", "pic", "fin", "bur", "edi")  # lands in Burgundy in Spring 1903


def _n(p):
    return "StP" if p == "stp" else (p.upper() if MAP.is_sea(p) else p.capitalize())


def case(rng):
    pos = initial_position(MAP)
    taken = {u.province for u in pos.units}
    free = [p for p, i in MAP.provinces.items() if i.terrain.value in ("land", "coast") and p not in taken]
    martians = tuple(martian(p, rng.randint(1, 3)) for p in rng.sample(free, 6))
    lines = []
    for u in pos.units:
        adj = sorted(MAP.neighbours(u.province))
        lines.append(f"{u.power}: {u.type.value} {_n(u.province)} - {_n(rng.choice(adj))}")
    mlines = []
    for m in martians:
        adj = sorted(MAP.neighbours(m.province))
        if m.strength == 3 and rng.random() < 0.5:
            a, b = rng.sample(adj, 2)
            mlines.append(f"3A {_n(m.province)} - 2A {_n(a)} - {_n(b)}")
        else:
            size = "A" if m.strength == 1 else f"{m.strength}A"
            mlines.append(f"{size} {_n(m.province)} - {_n(rng.choice(adj))}")
    parsed, errors = reader_for(WOTW).orders("\n".join(lines))
    position = Position(SPRING, pos.units + martians, pos.owners, state=MartianState(schedule=SCHEDULE))
    return position, tuple(parsed) + parse_orders("\n".join(mlines)), martians


def main(n=2000):
    rng = random.Random(1)
    cases = [case(rng) for _ in range(200)]
    steps = WOTW.plan(SPRING).steps
    times = []
    for i in range(n):
        position, orders, _ = cases[i % len(cases)]
        t = time.perf_counter()
        run(Turn(WOTW, SPRING, position, orders, position), steps)
        times.append(time.perf_counter() - t)
    med = statistics.median(times) * 1000
    print(f"wotw season (22 Earth + 6 Martian units, legality, resolution, landing, losses): median {med:.3f} ms "
          f"over {n} runs; target 1 ms: {med / 1.0:.2f}x of target; before the redesign {BEFORE_MS} ms: "
          f"{med / BEFORE_MS:.2f}x")
    t = time.perf_counter()
    for _, orders, martians in cases:
        resolve_martian(martians, tuple(o for o in orders if o.power == "Martian"))
    per = (time.perf_counter() - t) / len(cases) * 1000
    print(f"merge-split checker (6 Martian units): {per:.3f} ms per check")


if __name__ == "__main__":
    main()
