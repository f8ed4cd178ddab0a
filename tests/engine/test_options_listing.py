"""The board's fast listing of a movement phase's legal orders (issue 23: a new position's lists in at most 50 ms,
benchmarks/bench_board.py) against its oracle: each order kind listing its own orders (``kind_options``, the
listing as it was before, unchanged). The same lists in the same order, for the standard game and War of the
Worlds, on random positions crowded with fleets at sea (many convoy routes); and the clicks the listing gives
each order are the clicks the board reads back from the order's text (``sandbox.standard_click``)."""
from __future__ import annotations

import random

import pytest

from calculators.diplomacy.api import STANDARD, Position, Unit, reader_for, standard_map
from calculators.diplomacy.map import Terrain
from calculators.diplomacy.options import kind_options, movement_choices, movement_options
from calculators.diplomacy.sandbox import standard_click
from calculators.diplomacy.units import STANDARD_TYPES
from calculators.wotw.board import martian
from calculators.wotw.season import MartianState
from calculators.wotw.variant import WOTW
from tests.engine.test_diplomacy_properties import SPRING, random_position

M = standard_map()
SEAS = sorted(p for p, i in M.provinces.items() if i.terrain is Terrain.SEA)
COASTS = sorted(p for p, i in M.provinces.items() if i.terrain is Terrain.COAST and not i.coasts)
POWERS = ("England", "France", "Germany", "Italy", "Russia", "Turkey", "Austria")


def convoy_heavy(rng: random.Random) -> Position:
    """Fleets on most seas and armies on many coasts: every kind of convoy route, chords and all."""
    seas = rng.sample(SEAS, rng.randint(8, len(SEAS)))
    coasts = rng.sample(COASTS, rng.randint(6, 16))
    units = [Unit(rng.choice(POWERS), STANDARD_TYPES["F"], s) for s in seas]
    units += [Unit(rng.choice(POWERS), STANDARD_TYPES[rng.choice("AAF")], c) for c in coasts]
    return Position(SPRING, tuple(units), {})


def positions(n: int):
    for seed in range(n):
        rng = random.Random(2300 + seed)
        yield convoy_heavy(rng) if seed % 2 else random_position(rng, rng.randint(10, 34))


@pytest.mark.parametrize("position", list(positions(24)), ids=lambda p: str(len(p.units)))
def test_the_standard_lists_are_the_kinds_own(position):
    assert list(movement_options(STANDARD, position)) == list(kind_options(STANDARD, position))


@pytest.mark.parametrize("seed", range(10))
def test_the_war_of_the_worlds_lists_are_the_kinds_own(seed):
    rng = random.Random(2400 + seed)
    base = convoy_heavy(rng) if seed % 2 else random_position(rng, rng.randint(8, 20))
    free = [p for p in sorted(M.provinces) if base.unit_in(p) is None and M.provinces[p].terrain is not
            Terrain.IMPASSABLE]
    martians = tuple(martian(p, rng.randint(1, 3)) for p in rng.sample(free, 4))
    position = Position(base.phase, base.units + martians, base.owners, state=MartianState())
    assert list(movement_options(WOTW, position)) == list(kind_options(WOTW, position))


@pytest.mark.parametrize("position", list(positions(8)), ids=lambda p: str(len(p.units)))
def test_each_listed_click_is_the_orders_own(position):
    reader = reader_for(STANDARD)
    for power, _, orders, clicks in movement_choices(STANDARD, position):
        for text, given in zip(orders, clicks, strict=True):
            c = standard_click(reader.order(text, 0, power))
            assert given[:3] == (c.at, c.mode, c.path), text
            # Only a support naming a coast is kept off the board's menu: the same clicks as the one without.
            assert (len(given) > 3) == (" S " in text and "/" in text.split(" S ", 1)[1].split(" - ")[-1]), text


def test_a_fleet_in_the_middle_of_a_chain_is_needed_and_a_shortcut_is_not():
    """Worked by hand (ruling DIP R5): A Lon with fleets in Nth, Hel and Ska (Nth touches both). Hel is needed
    only for Lon - Kie (Lon, Nth, Hel, Kie): Nth itself touches Den and Hol, so a route through Hel to either has
    a shortcut. Ska is needed only for Lon - Swe (Nth touches Nwy and Den)."""
    units = (Unit("England", STANDARD_TYPES["A"], "lon"), Unit("England", STANDARD_TYPES["F"], "nth"),
             Unit("Germany", STANDARD_TYPES["F"], "hel"), Unit("Russia", STANDARD_TYPES["F"], "ska"))
    lists = {unit: orders for _, unit, orders in movement_options(STANDARD, Position(SPRING, units, {}))}
    hel = [o.split(" - ")[1] for o in lists["F Hel"] if " C A Lon" in o]
    ska = [o.split(" - ")[1] for o in lists["F Ska"] if " C A Lon" in o]
    assert hel == ["Kie"] and ska == ["Swe"]
    assert {o.split(" - ")[1] for o in lists["F Nth"] if " C A Lon" in o} == {
        "Bel", "Den", "Edi", "Hol", "Kie", "Nwy", "Swe", "Yor"}
