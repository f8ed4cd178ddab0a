"""The options lists (issue 14): every listed order passes the legality check, and every order the check
accepts for a unit is listed; the oracle is brute force over candidate orders written every way."""
from __future__ import annotations

import random

import pytest

from calculators.diplomacy.api import (STANDARD, Dislodged, Phase, PhaseKind, Position, Season, Unit, UnitType,
                                       reader_for, show, standard_map)
from calculators.diplomacy.map import Terrain
from calculators.diplomacy.options import legal_orders, verdict
from calculators.diplomacy.orders import Illegal, Support
from tests.engine.test_diplomacy_properties import random_position

M = standard_map()
READER = reader_for(STANDARD)
LOCATIONS = sorted({p for p in M.provinces} | {f"{p}/{c.value}" for p, i in M.provinces.items() for c in i.coasts})


def typed(position: Position, text: str):
    """The order a text makes, or None when the legality check refuses it."""
    parsed, errors = READER.orders(text)
    if errors or len(parsed) != 1:
        return None
    try:
        return verdict(STANDARD, position, parsed[0])
    except Illegal:
        return None


def listed(position: Position) -> dict[tuple[str, str], set]:
    out = {}
    for power, unit, orders in legal_orders(STANDARD, position):
        found = set()
        for text in orders:
            order = typed(position, f"{power}: {text}")
            assert order is not None, f"listed but refused: {power}: {text}"
            found.add(order)
        out[(power, unit)] = found
    return out


def _movement_candidates(position: Position, u: Unit):
    me = u.label()
    yield f"{me} H"
    for loc in LOCATIONS:
        yield f"{me} - {show(loc)}"
        yield f"{me} - {show(loc)} via convoy"
    for t in position.units:
        yield f"{me} S {t.label()}"
        for loc in LOCATIONS:
            yield f"{me} S {t.label()} - {show(loc)}"
            yield f"{me} C {t.label()} - {show(loc)}"


def _reachable_coast(position: Position, order) -> bool:
    """A support naming a coast the supported unit cannot reach is accepted by the check (it is void, ruling DIP
    R9) but never listed: the lists name a coast only where the supported fleet can go.  Those the oracle leaves
    out; every other accepted order must be listed."""
    if not isinstance(order, Support) or order.dest_coast is None:
        return True
    target = position.unit_in(order.target)
    return target.type is UnitType.FLEET and f"{order.dest}/{order.dest_coast}" in M.fleet_coasts_to(
        target.location, order.dest)


@pytest.mark.oracle  # inside Pyodide its first case only (tests/engine/conftest.py)
@pytest.mark.parametrize("seed", range(12))
def test_movement_options_are_exactly_the_legal_orders(seed):
    rng = random.Random(seed)
    position = random_position(rng, rng.randint(6, 16))
    lists = listed(position)
    for u in position.units:
        accepted = {o for text in _movement_candidates(position, u)
                    if (o := typed(position, f"{u.power}: {text}")) is not None and _reachable_coast(position, o)}
        assert accepted == lists[(u.power, u.label())], u.label()


def test_the_opening_lists():
    from calculators.diplomacy.api import initial_position

    lists = {unit: orders for _, unit, orders in legal_orders(STANDARD, initial_position(M))}
    assert lists["F Lon"][:4] == ["F Lon H", "F Lon - Eng", "F Lon - Nth", "F Lon - Wal"]
    assert "A Par S A Mar - Bur" in lists["A Par"]
    assert "F Bre S A Par - Pic" in lists["F Bre"]
    assert "F StP/sc - Bot" in lists["F StP/sc"]
    assert not any(" C " in o for o in lists["F Lon"])  # no fleet at sea yet


@pytest.mark.parametrize("seed", range(8))
def test_retreat_options_are_exactly_the_legal_retreats(seed):
    rng = random.Random(100 + seed)
    base = random_position(rng, rng.randint(8, 16))
    victims = rng.sample(base.units, 2)
    dislodged = tuple(Dislodged(u, rng.choice([None, *sorted(M.neighbours(u.province))])) for u in victims)
    rest = tuple(u for u in base.units if u not in victims)
    contested = frozenset(rng.sample(sorted(p for p in M.provinces if base.unit_in(p) is None), 3))
    position = Position(Phase(1905, Season.SPRING, PhaseKind.RETREATS), rest, base.owners, dislodged, contested)
    lists = listed(position)
    for d in dislodged:
        me = d.unit.label()
        cands = [f"{me} R {show(loc)}" for loc in LOCATIONS] + [f"{me} - {show(loc)}" for loc in LOCATIONS] + \
            [f"{me} D"]
        accepted = {o for t in cands if (o := typed(position, f"{d.unit.power}: {t}")) is not None}
        assert accepted == lists[(d.unit.power, me)]


@pytest.mark.parametrize("seed", range(8))
def test_adjustment_options_are_exactly_the_legal_builds_and_removals(seed):
    rng = random.Random(200 + seed)
    base = random_position(rng, rng.randint(6, 18))
    position = Position(Phase(1905, Season.WINTER, PhaseKind.ADJUSTMENTS), base.units, base.owners)
    lists = {power: found for (power, _), found in listed(position).items()}
    powers = {u.power for u in position.units} | set(position.owners.values())
    for power in sorted(powers):
        cands = [f"Build {k} {show(loc)}" for k in "AF" for loc in LOCATIONS] + ["Waive"] + \
            [f"{u.label()} D" for u in position.units] + [f"Remove {u.label()}" for u in position.units]
        accepted = {o for t in cands if (o := typed(position, f"{power}: {t}")) is not None}
        assert accepted == lists.get(power, set()), power


def test_terrain_is_what_the_lists_assume():
    assert M.provinces["swi"].terrain is Terrain.IMPASSABLE
