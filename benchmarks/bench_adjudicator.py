"""Benchmark of the Diplomacy adjudicator: median time per movement phase, and the whole DATC suite.

    .venv/bin/python benchmarks/bench_adjudicator.py [positions]

Random 22-unit positions (seeded) with mostly sensible orders; three figures per phase:
resolution alone (legal orders in, results out), legality plus resolution (parsed orders in),
and the whole phase from order text to reasons and the next position.  Targets: under 0.3 ms
median for legality plus resolution, 0.4 ms for the whole phase from text (issue 17); the DATC
suite well under a second.
"""
from __future__ import annotations

import pathlib
import random
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from calculators.diplomacy.api import (STANDARD, STANDARD_TYPES, Phase, PhaseKind, Position, Resolver,  # noqa: E402
                                       Season, Terrain, Turn, Unit, UnitType, adjudicate_phase, check_orders,
                                       province_of, reader_for, show, standard_map)

TARGET_MS = 0.3
TARGET_WHOLE_MS = 0.4
M = standard_map()
POWERS = [p.name for p in M.powers]


def position(rng: random.Random, n: int = 22) -> Position:
    provinces = [p for p in M.provinces if M.provinces[p].terrain is not Terrain.IMPASSABLE]
    rng.shuffle(provinces)
    units = []
    for p in provinces[:n]:
        info = M.provinces[p]
        kind = rng.choice("AF") if info.terrain is Terrain.COAST else ("F" if info.terrain is Terrain.SEA else "A")
        loc = f"{p}/{rng.choice(info.coasts).value}" if kind == "F" and info.coasts else p
        units.append(Unit(rng.choice(POWERS), STANDARD_TYPES[kind], loc))
    return Position(Phase(1905, Season.SPRING, PhaseKind.MOVEMENT), tuple(units),
                    {c: rng.choice(POWERS) for c in M.centres})


def orders(rng: random.Random, pos: Position) -> str:
    by_prov = pos.by_province
    goal, lines = {}, []
    for u in pos.units:
        options = sorted(M.army_adj[u.province]) if u.type is UnitType.ARMY else sorted(M.fleet_adj.get(u.location, ()))
        if rng.random() < 0.6 and options:
            goal[u] = rng.choice(options)
    for u in pos.units:
        if u in goal:
            lines.append(f"{u.power}: {u.label()} - {show(goal[u])}")
            continue
        near = [by_prov[p] for p in M.neighbours(u.province) if p in by_prov]
        if near and rng.random() < 0.7:
            t = rng.choice(near)
            if t in goal:
                lines.append(f"{u.power}: {u.label()} S {t.label()} - {show(province_of(goal[t]))}")
            else:
                lines.append(f"{u.power}: {u.label()} S {t.label()}")
        else:
            lines.append(f"{u.power}: {u.label()} H")
    return "\n".join(lines)


def median_ms(func, items, repeat: int = 3) -> float:
    times = []
    for item in items:
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            func(item)
            best = min(best, time.perf_counter() - t0)
        times.append(best)
    return statistics.median(times) * 1000


def main(n_positions: int = 2000) -> None:
    rng = random.Random(1901)
    reader = reader_for(STANDARD)
    samples = []

    def checked(pos, parsed):
        return check_orders(Turn(STANDARD, pos.phase, pos, tuple(parsed), pos)).check.resolution

    for _ in range(n_positions):
        pos = position(rng)
        text = orders(rng, pos)
        parsed, _ = reader.orders(text)
        samples.append((pos, text, parsed, checked(pos, parsed)))

    resolve = median_ms(lambda s: Resolver(M, s[3]).run(), samples)
    bind_resolve = median_ms(lambda s: Resolver(M, checked(s[0], s[2])).run(), samples)
    whole = median_ms(lambda s: adjudicate_phase(s[0], s[1]), samples, repeat=1)
    print(f"Random 22-unit movement phases: {n_positions} positions (seed 1901), median of the best of 3 runs")
    print(f"  resolution (legal orders in, results out) : {resolve:7.3f} ms   target {TARGET_MS} ms  "
          f"ratio {resolve / TARGET_MS:5.2f}")
    print(f"  legality check + resolution               : {bind_resolve:7.3f} ms   target {TARGET_MS} ms  "
          f"ratio {bind_resolve / TARGET_MS:5.2f}")
    print(f"  whole phase from text (parse, reasons)    : {whole:7.3f} ms   target {TARGET_WHOLE_MS} ms  "
          f"ratio {whole / TARGET_WHOLE_MS:5.2f}")

    from test_datc import CASES, split_orders  # the project's DATC data, read once
    from calculators.diplomacy.parser import parse_phase, read_position

    prepared = []
    for c in CASES:
        pos = read_position(reader, parse_phase(c["PHASE"]), "\n".join(c["UNITS"]))
        prepared.append((pos, split_orders(c["ORDERS"])[0], split_orders(c["RETREATS"])[0]))

    def suite():
        for pos, text, retreats in prepared:
            result = adjudicate_phase(pos, text)
            if retreats:
                adjudicate_phase(result.after, retreats)

    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        suite()
        best = min(best, time.perf_counter() - t0)
    print(f"DATC v3.0 chapter 6: {len(prepared)} records adjudicated from text in {best * 1000:.1f} ms "
          f"(best of 5; target well under 1000 ms, ratio {best:5.3f})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
