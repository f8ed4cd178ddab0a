"""The standard board against other descriptions of it.

tests/data/diplomacy/standard_map_check.txt: provinces and starting units, from the first reference;
tests/data/diplomacy/standard_map_js_diplomacy.txt: every border, army and fleet, coast by coast, and
every province's terrain and centre, from an independent source (js-diplomacy, MIT licence).
"""
from __future__ import annotations

import pathlib

from calculators.diplomacy.map import Reach, Terrain, province_of, standard_map

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "diplomacy"
CHECK = DATA / "standard_map_check.txt"
SECOND = DATA / "standard_map_js_diplomacy.txt"


def _check():
    provinces, start = {}, {}
    for line in CHECK.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        kind, rest = line.split(" ", 1)
        if kind == "province":
            abbr, terrain, centre, name = rest.split(" ", 3)
            provinces[abbr] = (terrain, centre, name)
        elif kind == "start":
            power, units = rest.split(" ", 1)
            start[power] = sorted(tuple(u.split()) for u in units.split("; "))
    return provinces, start


# The source's names where they are not ours lower-cased; a coast is written Spa_NC there.
_NAMES = {"nat": "nao", "nrg": "nwg", "mid": "mao", "gol": "lyo", "tyn": "tys"}


def _location(name: str) -> str:
    low = name.lower().replace("_", "/")
    return _NAMES.get(low, low)


def _second_source():
    """The independent description: locations (who may stand there), crossings, and what it leaves out."""
    stand, centre, army, fleet, lacks = {}, set(), set(), set(), {"army": set(), "fleet": set()}
    for line in SECOND.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        words = line.split()
        if words[0] == "location":
            loc = _location(words[1])
            stand[loc] = words[2]
            if words[3] == "sc":
                centre.add(loc.split("/")[0])
        elif words[0] == "edge":
            a, b, who = _location(words[1]), _location(words[2]), words[3]
            # A crossing counts for a unit that may stand at both ends (the source marks Tri-Adr "AF").
            if "A" in who and "A" in stand[a] and "A" in stand[b]:
                army.add(frozenset((a, b)))
            if "F" in who and "F" in stand[a] and "F" in stand[b]:
                fleet.add(frozenset((a, b)))
        elif words[0] == "lacks":
            lacks[words[1]].add(frozenset((words[2], words[3])))
    return stand, centre, army, fleet, lacks


def test_provinces_terrain_centres_names():
    m = standard_map()
    provinces, _ = _check()
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


def test_every_border_matches_the_independent_source():
    """Army and fleet borders, coast by coast, against js-diplomacy's map (issue: Tus-Tys was missing).

    A border the source lists must be on our map; a border on our map must be in the source or in
    its written list of omissions (each with evidence).  A border missing from both our map and the
    first reference, as Tuscany - Tyrrhenian Sea was, is then caught by the first rule.
    """
    m = standard_map()
    _, _, army, fleet, lacks = _second_source()
    ours_army = {frozenset((a, b)) for a, bs in m.army_adj.items() for b in bs}
    ours_fleet = {frozenset((a, b)) for a, bs in m.fleet_adj.items() for b in bs}
    assert not (army - ours_army), f"army borders missing from our map: {sorted(map(sorted, army - ours_army))}"
    assert not (fleet - ours_fleet), f"fleet borders missing from our map: {sorted(map(sorted, fleet - ours_fleet))}"
    assert ours_army - army == lacks["army"], "every army border the source leaves out is listed with its evidence"
    assert ours_fleet - fleet == lacks["fleet"], "every fleet border the source leaves out is listed with its evidence"
    assert frozenset(("tus", "tys")) in ours_fleet


def test_terrain_and_centres_match_the_independent_source():
    m = standard_map()
    stand, centre, _, _, _ = _second_source()
    want = {}
    for abbr, p in m.provinces.items():
        if p.terrain is Terrain.IMPASSABLE:
            continue
        if p.coasts:
            want[abbr] = "A"
            want.update({f"{abbr}/{c.value}": "F" for c in p.coasts})
        else:
            want[abbr] = {Terrain.LAND: "A", Terrain.COAST: "AF", Terrain.SEA: "F"}[p.terrain]
    assert stand == want
    assert centre == set(m.centres)


def test_adjacency_symmetric_and_terrain_consistent():
    m = standard_map()
    for a, bs in m.army_adj.items():
        for b in bs:
            assert a in m.army_adj[b]
            assert m.provinces[a].army_can_stand and m.provinces[b].army_can_stand
    for a, bs in m.fleet_adj.items():
        for b in bs:
            assert a in m.fleet_adj[b]
            assert m.stands(Reach.SEA, a) and m.stands(Reach.SEA, b)
    assert not m.army_adj["swi"] and "swi" not in {province_of(x) for x in m.fleet_adj}


def test_start_position():
    m = standard_map()
    _, start = _check()
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
