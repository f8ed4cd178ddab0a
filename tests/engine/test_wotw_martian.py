"""Martian orders among themselves: conservation of strength, the cap, order independence, and a
brute-force oracle for the fixed-point resolution (WOTW 5.2-5.9, rulings WOTW R3, R8, R12)."""
from __future__ import annotations

import itertools
import random

import pytest

from calculators.diplomacy.map import standard_map
from calculators.wotw.martian import check, resolve
from calculators.wotw.orders import parse_orders
from calculators.wotw.units import MartianUnit

MAP = standard_map()
PLACES = sorted(p for p, info in MAP.provinces.items() if info.terrain.value != "impassable")


def _name(p: str) -> str:
    return p.upper() if MAP.is_sea(p) else p.capitalize()


def _des(s: int) -> str:
    return "A" if s == 1 else f"{s}A"


def random_case(rng: random.Random):
    """A few Martian units close together, and a random order for each (some illegal on purpose)."""
    centre = rng.choice(PLACES)
    near = sorted({centre} | set(MAP.neighbours(centre)))
    for p in list(near):
        near.extend(sorted(MAP.neighbours(p)))
    near = sorted(set(near))
    n = rng.randint(1, min(6, len(near)))
    provs = rng.sample(near, n)
    units = tuple(MartianUnit(p, rng.randint(1, 3)) for p in provs)
    orders = []
    for u in units:
        adj = sorted(MAP.neighbours(u.province))
        kind = rng.random()
        if kind < 0.15:
            orders.append(f"{_des(u.strength)} {_name(u.province)} H")
        elif kind < 0.45:
            dest = rng.choice(adj + [rng.choice(provs)])
            orders.append(f"{_des(u.strength)} {_name(u.province)} merge {_name(dest)}")
        elif kind < 0.75 or u.strength == 1:
            orders.append(f"{_des(u.strength)} {_name(u.province)} - {_name(rng.choice(adj))}")
        else:
            k = rng.randint(2, min(u.strength, 3))
            dests = rng.sample(adj + [u.province], min(k, len(adj) + 1))
            sizes = [1] * len(dests)
            sizes[0] += u.strength - sum(sizes)
            parts = " - ".join(f"{_des(s)} {_name(d)}" for s, d in zip(sizes, dests))
            orders.append(f"{_des(u.strength)} {_name(u.province)} - {parts}")
    blocked = frozenset(rng.sample(near, rng.randint(0, 2)))
    return units, orders, blocked


CASES = [random_case(random.Random(seed)) for seed in range(400)]


@pytest.mark.parametrize("case", CASES[:200])
def test_strength_conserved_and_capped(case):
    """Merges and splits never create or lose a point (issue property); no unit above 3 (WOTW 4.4)."""
    units, orders, blocked = case
    out = resolve(check(units, parse_orders("\n".join(orders))), blocked)
    assert sum(out.final.values()) == sum(u.strength for u in units)
    assert all(1 <= s <= 3 for s in out.final.values()), out.final


@pytest.mark.parametrize("case", CASES[:100])
def test_order_of_listing_does_not_matter(case):
    units, orders, blocked = case
    a = resolve(check(units, parse_orders("\n".join(orders))), blocked).final
    b = resolve(check(tuple(reversed(units)), parse_orders("\n".join(reversed(orders)))), blocked).final
    assert a == b


def _oracle(plan, blocked):
    """Every success assignment that is self-consistent; the answer is the greatest one."""
    movers = plan.movers
    groups = {}
    for m in movers:
        key = ("merge", m.dest) if m.group is not None else ("move", m)
        groups.setdefault(key, []).append(m)
    keys = list(groups)

    def strength(key):
        ms = groups[key]
        sup = sum(plan.units[s.origin].strength for s in plan.supports
                  if any(s.target == m.origin and s.dest == m.dest for m in ms))
        return sum(m.size for m in ms) + sup

    consistent = []
    for bits in itertools.product([False, True], repeat=len(keys)):
        ok = dict(zip(keys, bits))
        good = True
        for key in keys:
            ms = groups[key]
            dest = ms[0].dest
            rivals = [k for k in keys if k != key and groups[k][0].dest == dest]
            should = dest not in blocked and all(strength(k) < strength(key) for k in rivals)
            should = should and not any(o.origin == dest and o.dest == m.origin for m in ms for o in movers)
            left_failed = sum(o.size for k in keys for o in groups[k] if o.origin == dest and not ok[k])
            firm = plan.stay.get(dest, 0)
            if key[0] == "move":
                should = should and firm == 0 and left_failed == 0
            else:
                host = firm if dest in plan.merge_hosts else 0
                should = should and firm - host == 0 and sum(m.size for m in ms) + host + left_failed <= 3
            if should != ok[key]:
                good = False
                break
        if good:
            consistent.append({m: ok[k] for k in keys for m in groups[k]})
    return consistent


@pytest.mark.parametrize("case", [c for c in CASES if len(c[0]) <= 5][:150])
def test_fixed_point_is_the_greatest_consistent_outcome(case):
    units, orders, blocked = case
    plan = check(units, parse_orders("\n".join(orders)))
    got = resolve(plan, blocked).success
    consistent = _oracle(plan, blocked)
    assert got in consistent
    for other in consistent:
        assert all(got[m] or not other[m] for m in got), "a consistent outcome with more successes exists"


def test_cases_are_varied():
    """The random cases exercise splits, merges and blocked moves, so the properties mean something."""
    texts = " ".join(" ".join(o) for _, o, _ in CASES)
    assert texts.count("merge") > 50
    assert sum(1 for _, o, _ in CASES for x in o if x.count(" - ") >= 2) > 30
    assert sum(1 for _, _, b in CASES if b) > 100
