"""War of the Worlds options lists (issue 14): Earth and Martian, exactly the orders the season's checks accept;
the oracle is brute force over candidate orders."""
from __future__ import annotations

import random
from itertools import permutations

import pytest

from calculators.core import InputError
from calculators.diplomacy.api import Illegal, Phase, PhaseKind, Position, Season, Unit, show, standard_map
from calculators.wotw.board import MARTIAN, designation, martian
from calculators.wotw.options import legal_orders, verdict
from calculators.wotw.season import MartianState
from calculators.wotw.variant import WOTW
from tests.engine.test_diplomacy_options import _movement_candidates, _reachable_coast
from tests.engine.test_diplomacy_properties import random_position

M = standard_map()
PROVINCES = sorted(M.provinces)


def typed(position: Position, text: str):
    try:
        parsed, errors = WOTW.read_orders(WOTW, position.phase, text)
    except InputError:
        return None
    if errors or len(parsed) != 1:
        return None
    try:
        order = verdict(position, parsed[0])
    except Illegal:
        return None
    parts = getattr(order, "parts", None)
    return (type(order).__name__, order.unit, tuple(sorted(parts))) if parts else order


def _position(seed: int, phase: Phase) -> Position:
    rng = random.Random(seed)
    base = random_position(rng, rng.randint(6, 12))
    free = [p for p in PROVINCES if base.unit_in(p) is None and M.provinces[p].terrain.value != "impassable"]
    martians = tuple(martian(p, rng.randint(1, 3)) for p in rng.sample(free, 3))
    return Position(phase, base.units + martians, base.owners, state=MartianState())


def _near(prov: str) -> list[str]:
    """Provinces within two steps: the split oracle's candidates (more than the neighbours it may use)."""
    one = M.neighbours(prov)
    return sorted({prov} | one | {q for p in one for q in M.neighbours(p)})


def _martian_candidates(position: Position, u: Unit):
    me = u.label()
    yield from _movement_candidates(position, u)  # the standard forms (a Martian's coasts and convoys refused)
    for p in PROVINCES:
        yield f"{me} merge {show(p)}"
    near = _near(u.province)
    shapes = {2: [(1, 1)], 3: [(2, 1), (1, 1, 1), (1, 2)]}.get(u.strength, [])
    for sizes in shapes:
        for dests in permutations(near, len(sizes)):
            yield f"{me} - " + " - ".join(f"{designation(s)} {show(d)}" for s, d in zip(sizes, dests, strict=True))


@pytest.mark.oracle  # inside Pyodide its first case only (tests/engine/conftest.py)
@pytest.mark.parametrize("seed", range(5))
def test_movement_options_are_exactly_the_legal_orders(seed):
    position = _position(seed, Phase(1904, Season.SPRING, PhaseKind.MOVEMENT))
    lists = {}
    for power, unit, orders in legal_orders(position):
        found = set()
        for text in orders:
            order = typed(position, f"{power}: {text}")
            assert order is not None, f"listed but refused: {power}: {text}"
            found.add(order)
        lists[(power, unit)] = found
    for u in position.units:
        cands = _martian_candidates(position, u) if u.power == MARTIAN else _movement_candidates(position, u)
        accepted = {o for t in cands if (o := typed(position, f"{u.power}: {t}")) is not None
                    and (u.power == MARTIAN or _reachable_coast(position, o))}
        assert accepted == lists[(u.power, u.label())], u.label()


def test_removals_with_the_virus():
    position = Position(Phase(1904, Season.SUMMER, PhaseKind.RETREATS), (martian("par", 3), martian("bur", 1)), {},
                        state=MartianState(virus=True))
    lists = {unit: orders for _, unit, orders in legal_orders(position)}
    assert lists == {"3A Par": ["remove A Par", "remove 2A Par"], "A Bur": ["remove A Bur"]}
    assert typed(position, "Martian: remove 3A Par") is None  # more than the season's two points
