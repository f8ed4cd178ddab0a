"""War of the Worlds benchmark: median time to adjudicate one movement season.

Prints figures only (not a test). Run: .venv/bin/python benchmarks/bench_wotw.py
Target (by analogy with the standard adjudicator's 0.3 ms for 22 units): a season with the 22
standard units plus six Martian units, splits and merges included, well under 1 ms.
"""
from __future__ import annotations

import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from calculators.diplomacy.map import standard_map  # noqa: E402
from calculators.diplomacy.parser import Reader  # noqa: E402
from calculators.diplomacy.position import initial_position  # noqa: E402
from calculators.wotw.martian import check, resolve  # noqa: E402
from calculators.wotw.orders import parse_orders  # noqa: E402
from calculators.wotw.season import adjudicate_season  # noqa: E402
from calculators.wotw.units import MartianUnit  # noqa: E402

MAP = standard_map()


def _n(p):
    return "StP" if p == "stp" else (p.upper() if MAP.is_sea(p) else p.capitalize())


def case(rng):
    pos = initial_position(MAP)
    taken = {u.province for u in pos.units}
    free = [p for p, i in MAP.provinces.items() if i.terrain.value in ("land", "coast") and p not in taken]
    martian = tuple(MartianUnit(p, rng.randint(1, 3)) for p in rng.sample(free, 6))
    lines = []
    for u in pos.units:
        adj = sorted(MAP.neighbours(u.province))
        lines.append(f"{u.power}: {u.type.value} {_n(u.province)} - {_n(rng.choice(adj))}")
    mlines = []
    for m in martian:
        adj = sorted(MAP.neighbours(m.province))
        if m.strength == 3 and rng.random() < 0.5:
            a, b = rng.sample(adj, 2)
            mlines.append(f"3A {_n(m.province)} - 2A {_n(a)} - {_n(b)}")
        else:
            mlines.append(f"{'A' if m.strength == 1 else str(m.strength) + 'A'} {_n(m.province)} - {_n(rng.choice(adj))}")
    parsed, errors = Reader(MAP).orders("\n".join(lines))
    return pos.units, martian, parsed, errors, parse_orders("\n".join(mlines))


def main(n=2000):
    rng = random.Random(1)
    cases = [case(rng) for _ in range(200)]
    times = []
    for i in range(n):
        earth, martian, parsed, errors, morders = cases[i % len(cases)]
        t = time.perf_counter()
        plan = check(martian, morders)
        adjudicate_season("spring", 1904, earth, plan, parsed, errors, {}, frozenset(), "bur")
        times.append(time.perf_counter() - t)
    med = statistics.median(times) * 1000
    print(f"wotw season (22 Earth + 6 Martian units, legality and resolution): median {med:.3f} ms over {n} runs; "
          f"target 1 ms: {med / 1.0:.2f}x of target")
    t = time.perf_counter()
    for earth, martian, parsed, errors, morders in cases:
        resolve(check(martian, morders))
    per = (time.perf_counter() - t) / len(cases) * 1000
    print(f"merge-split checker (6 Martian units): {per:.3f} ms per check")


if __name__ == "__main__":
    main()
