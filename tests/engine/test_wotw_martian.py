"""Martian orders among themselves: conservation of strength, the cap, order independence, and a
brute-force oracle for the resolution (WOTW 5.2-5.9, rulings WOTW R3, R8, R12).

The oracle knows nothing of the resolver: it tries every success assignment of the Martian moves
and keeps the self-consistent ones; the engine's answer must be the greatest of them.
"""
from __future__ import annotations

import itertools
import random

import pytest

from dataclasses import dataclass

import calculators
from calculators.diplomacy.api import Move, standard_map
from calculators.wotw.board import martian
from calculators.wotw.mergesplit import resolve_martian
from calculators.wotw.orders import parse_orders

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
    units = tuple(martian(p, rng.randint(1, 3)) for p in provs)
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
            parts = " - ".join(f"{_des(s)} {_name(d)}" for s, d in zip(sizes, dests, strict=True))
            orders.append(f"{_des(u.strength)} {_name(u.province)} - {parts}")
    blocked = frozenset(rng.sample(near, rng.randint(0, 2)))
    return units, orders, blocked


CASES = [random_case(random.Random(seed)) for seed in range(400)]


@dataclass(frozen=True)
class Mover:
    """A Martian piece moving (a whole unit, a split part, or a merge participant: ``group`` its destination)."""

    index: int
    origin: str
    size: int
    dest: str
    group: str | None


@dataclass
class Plan:
    """The checked orders as the oracle reads them: who moves, what stays, the merge hosts, the supports."""

    movers: list[Mover]
    stay: dict[str, int]
    merge_hosts: set[str]
    supports: list[tuple[str, int, str, str]]  # (origin, strength, target, dest)


def plan_of(turn) -> Plan:
    res = turn.check.resolution
    grouped = {j for g in res.groups for j in g}
    movers, stay, hosts, supports = [], {}, set(), []
    for j, o in enumerate(res.orders):
        p = o.unit.province
        if isinstance(o, Move):
            group = o.dest_province if j in grouped else None
            movers.append(Mover(j, p, o.unit.strength, o.dest_province, group))
            continue
        stay[p] = stay.get(p, 0) + o.unit.strength
        if j in grouped:
            hosts.add(p)
    for target, backers in (res.supports or {}).items():
        t = res.orders[target]
        for s in backers:
            supports.append((res.orders[s].unit.province, res.orders[s].unit.strength, t.unit.province,
                             t.dest_province if isinstance(t, Move) else None))
    return Plan(movers, stay, hosts, supports)


def final(turn) -> dict[str, int]:
    return {u.province: u.strength for u in turn.position.units}


def _turn(units, orders, blocked):
    return resolve_martian(units, parse_orders("\n".join(orders)), blocked)


@pytest.mark.parametrize("case", CASES[:200])
def test_strength_conserved_and_capped(case):
    """Merges and splits never create or lose a point (issue property); no unit above 3 (WOTW 4.4)."""
    units, orders, blocked = case
    out = final(_turn(units, orders, blocked))
    assert sum(out.values()) == sum(u.strength for u in units)
    assert all(1 <= s <= 3 for s in out.values()), out


@pytest.mark.parametrize("case", CASES[:100])
def test_order_of_listing_does_not_matter(case):
    units, orders, blocked = case
    a = final(_turn(units, orders, blocked))
    b = final(_turn(tuple(reversed(units)), list(reversed(orders)), blocked))
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
        sup = sum(s for _, s, target, dest in plan.supports if any(target == m.origin and dest == m.dest for m in ms))
        return sum(m.size for m in ms) + sup

    consistent = []
    for bits in itertools.product([False, True], repeat=len(keys)):
        ok = dict(zip(keys, bits, strict=True))
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
def test_engine_gives_the_greatest_consistent_outcome(case):
    units, orders, blocked = case
    turn = _turn(units, orders, blocked)
    plan = plan_of(turn)
    got = {m: turn.facts.succeeded(m.index) for m in plan.movers}
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


def _units_text(units) -> str:
    return ", ".join(u.label() for u in units)


@pytest.mark.parametrize("case", [c for c in CASES if not c[2]][:120])
def test_merge_split_checker_and_adjudicator_agree(case):
    """One Martian resolver (issue 17): ``wotw-merge-split`` and ``wotw-adjudicate`` with no Earth unit give
    the same units after the moves and find the same orders illegal."""
    units, orders, _ = case
    checker = calculators.run("wotw-merge-split", {"units": _units_text(units), "orders": "\n".join(orders),
                                                   "blocked": ""})
    season = calculators.run("wotw-adjudicate", {"season": "spring", "year": 1904, "orders": "", "landings": "",
                                                 "position": "Martian: " + _units_text(units),
                                                 "martian_orders": "\n".join(orders)})
    assert checker["ok"] and season["ok"], (checker, season)
    assert checker["data"]["final"] == season["data"]["martian"]
    illegal = {o["order"] for o in checker["data"]["orders"] if not o["legal"]}
    assert illegal == {o["order"].removeprefix("Martian: ") for o in season["data"]["orders"]
                       if o["result"] == "illegal"}


@pytest.mark.parametrize("written", ["Martian: 3A Mar - Bur", "martian 3A Mar - Bur", "Martians: 3A Mar - Bur",
                                     "1. Martian: 3A Mar - Bur", "- 3A Mar - Bur"])
@pytest.mark.parametrize("season", ["spring", "fall"])
def test_the_martian_box_reads_its_power_written_or_not(written, season):
    """The Martian box takes its orders with or without the power before them (as the Earth box and a position
    name it): the power written is read once, so the result is the bare order's (was a field error)."""
    params = {"season": season, "year": 1902, "position": "France: A Par\nMartian: 3A Mar", "orders": ""}
    bare = calculators.run("wotw-adjudicate", {**params, "martian_orders": "3A Mar - Bur"})
    got = calculators.run("wotw-adjudicate", {**params, "martian_orders": written})
    assert bare["ok"] and got["ok"], got
    assert got["data"]["position_after"] == bare["data"]["position_after"]
    assert "Martian: 3A Bur" in got["data"]["position_after"]
