"""The standard board against an independent copy (tests/data/diplomacy/standard_map_check.txt)."""
from __future__ import annotations

import pathlib

from calculators.diplomacy.map import Terrain, province_of, standard_map

CHECK = pathlib.Path(__file__).resolve().parents[1] / "data" / "diplomacy" / "standard_map_check.txt"


def _check():
    provinces, army, fleet, start = {}, set(), set(), {}
    for line in CHECK.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        kind, rest = line.split(" ", 1)
        if kind == "province":
            abbr, terrain, centre, name = rest.split(" ", 3)
            provinces[abbr] = (terrain, centre, name)
        elif kind == "army":
            army.add(frozenset(rest.split()))
        elif kind == "fleet":
            fleet.add(frozenset(rest.split()))
        elif kind == "start":
            power, units = rest.split(" ", 1)
            start[power] = sorted(tuple(u.split()) for u in units.split("; "))
    return provinces, army, fleet, start


def test_provinces_terrain_centres_names():
    m = standard_map()
    provinces, _, _, _ = _check()
    assert set(m.provinces) == set(provinces)
    for abbr, (terrain, centre, name) in provinces.items():
        p = m.provinces[abbr]
        assert p.terrain.value == terrain, abbr
        assert p.name == name
        assert p.centre == (centre != "-"), abbr
        assert p.home == (centre if centre not in ("-", "neutral") else None), abbr


def test_counts():
    m = standard_map()
    playable = [p for p in m.provinces.values() if p.terrain != Terrain.IMPASSABLE]
    assert len(playable) == 75  # DIP 14.1
    assert len(m.centres) == 34
    assert [p.abbr for p in m.provinces.values() if p.terrain == Terrain.IMPASSABLE] == ["swi"]
    assert sum(1 for p in playable if p.terrain == Terrain.SEA) == 19
    assert sum(1 for p in playable if p.terrain == Terrain.LAND) == 14
    assert {a: [c.value for c in p.coasts] for a, p in m.provinces.items() if p.coasts} == {
        "bul": ["ec", "sc"], "spa": ["nc", "sc"], "stp": ["nc", "sc"]}
    homes = {}
    for p in m.provinces.values():
        if p.home:
            homes[p.home] = homes.get(p.home, 0) + 1
    assert homes == {"Austria": 3, "England": 3, "France": 3, "Germany": 3, "Italy": 3, "Russia": 4, "Turkey": 3}


def test_adjacencies_match_copy():
    m = standard_map()
    _, army, fleet, _ = _check()
    got_army = {frozenset((a, b)) for a, bs in m.army_adj.items() for b in bs}
    got_fleet = {frozenset((a, b)) for a, bs in m.fleet_adj.items() for b in bs}
    assert got_army == army
    assert got_fleet == fleet


def test_adjacency_symmetric_and_terrain_consistent():
    m = standard_map()
    for a, bs in m.army_adj.items():
        for b in bs:
            assert a in m.army_adj[b]
            assert m.provinces[a].army_can_stand and m.provinces[b].army_can_stand
    for a, bs in m.fleet_adj.items():
        for b in bs:
            assert a in m.fleet_adj[b]
            assert m.valid_location("F", a) and m.valid_location("F", b)
    assert not m.army_adj["swi"] and "swi" not in {province_of(x) for x in m.fleet_adj}


def test_start_position():
    m = standard_map()
    _, _, _, start = _check()
    assert {p.name: sorted(p.start_units) for p in m.powers} == start
    for p in m.powers:
        assert {province_of(loc) for _, loc in p.start_units} == set(m.home_centres(p.name))


def test_lookup_names():
    m = standard_map()
    assert m.lookup("St Petersburg") == "stp"
    assert m.lookup("st.  petersburg") == "stp"
    assert m.lookup("ENGLISH CHANNEL") == "eng"
    assert m.lookup("Gulf of Lyon") == "lyo"
    assert m.lookup("Atlantis") is None
