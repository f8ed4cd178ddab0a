"""The board: provinces, coasts, terrain, adjacencies, supply centres and powers (DIP 14.1, 14.2, 14.8).

A *location* is where a unit can stand, written as a string: a province abbreviation
(``"par"``) or, for a fleet on a multi-coast province, province and coast (``"stp/nc"``).
Armies always stand on the bare province.  Strings (not objects) are used for locations
because the resolver compares and hashes them in its inner loop.

The standard map is data (``standard_map.json``, shipped in the wheel); ``GameMap`` is
built from any such document, so a variant with a changed board (destroyed centres, an
extra power) builds its own ``GameMap`` with ``GameMap.from_dict`` or ``GameMap.replace``
rather than editing this one.
"""
from __future__ import annotations

import json
import pathlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property, lru_cache
from types import MappingProxyType

from ..core.package_data import read_text


class Terrain(StrEnum):
    """DIP 14.1: every province is inland, coastal or water; Switzerland is impassable."""

    LAND = "land"
    COAST = "coast"
    SEA = "sea"
    IMPASSABLE = "impassable"


class Coast(StrEnum):
    """DIP 14.2: the separate coasts of Spain, St Petersburg and Bulgaria."""

    NORTH = "nc"
    SOUTH = "sc"
    EAST = "ec"

    @property
    def full(self) -> str:
        return {"nc": "north coast", "sc": "south coast", "ec": "east coast"}[self.value]


class Reach(StrEnum):
    """Where a kind of unit stands and moves (DIP 5.4, 5.5)."""

    LAND = "land"  # inland and coastal provinces, across land borders
    SEA = "sea"  # seas and coasts, along fleet borders, coast by coast
    ANY = "any"  # every passable province, across any border, naming no coast (a variant's kind)


@dataclass(frozen=True)
class Province:
    abbr: str  # lower case, three letters on the standard map
    name: str
    terrain: Terrain
    coasts: tuple[Coast, ...] = ()
    centre: bool = False
    home: str | None = None  # the power whose home centre this is

    @property
    def army_can_stand(self) -> bool:
        return self.terrain in (Terrain.LAND, Terrain.COAST)

    @property
    def fleet_can_stand(self) -> bool:
        return self.terrain in (Terrain.SEA, Terrain.COAST)

    @property
    def display(self) -> str:
        """Abbreviation as players write it: ``Par``, ``StP``."""
        return "StP" if self.abbr == "stp" else self.abbr.capitalize()


@dataclass(frozen=True)
class PowerInfo:
    """One power: its name, adjective, short code and starting units (DIP 14.8)."""

    name: str
    adjective: str
    abbr: str
    start_units: tuple[tuple[str, str], ...]  # ("A" | "F", location)


_PROVINCE: dict[str, str] = {}


def province_of(location: str) -> str:
    """The province a location lies in: ``"stp/nc"`` -> ``"stp"`` (remembered: a phase asks this often)."""
    prov = _PROVINCE.get(location)
    if prov is None:
        prov = _PROVINCE[location] = location.split("/", 1)[0]
    return prov


def coast_of(location: str) -> str | None:
    return location.split("/", 1)[1] if "/" in location else None


def show(location: str) -> str:
    """A location as players write it: ``StP/nc``, ``Par``."""
    prov, _, coast = location.partition("/")
    name = "StP" if prov == "stp" else prov.capitalize()
    return f"{name}/{coast}" if coast else name


@dataclass(frozen=True)
class GameMap:
    """An immutable board.  Build with ``from_dict`` (a JSON document) or ``standard_map()``."""

    name: str
    provinces: Mapping[str, Province]
    army_adj: Mapping[str, frozenset[str]]  # province -> provinces an army can move to
    fleet_adj: Mapping[str, frozenset[str]]  # location -> locations a fleet can move to
    powers: tuple[PowerInfo, ...]
    aliases: Mapping[str, str] = field(default_factory=dict)  # lower-case name -> abbr

    # -- construction ------------------------------------------------------
    @classmethod
    def from_dict(cls, doc: dict) -> GameMap:
        provinces = {}
        for p in doc["provinces"]:
            provinces[p["abbr"]] = Province(p["abbr"], p["name"], Terrain(p["terrain"]),
                                            tuple(Coast(c) for c in p.get("coasts", ())),
                                            bool(p.get("centre")), p.get("home"))
        army: dict[str, set[str]] = {a: set() for a in provinces}
        for a, b in doc["army_borders"]:
            army[a].add(b)
            army[b].add(a)
        fleet: dict[str, set[str]] = {}
        for a, b in doc["fleet_borders"]:
            fleet.setdefault(a, set()).add(b)
            fleet.setdefault(b, set()).add(a)
        powers = tuple(PowerInfo(p["name"], p["adjective"], p["abbr"], tuple((u[0], u[1]) for u in p["units"]))
                       for p in doc["powers"])
        aliases: dict[str, str] = {}
        for abbr, prov in provinces.items():
            aliases[abbr] = abbr
            aliases[prov.name.lower()] = abbr
        for abbr, names in doc.get("aliases", {}).items():
            for n in names:
                aliases.setdefault(n.lower(), abbr)
        return cls(doc.get("name", "map"), MappingProxyType(provinces),
                   MappingProxyType({k: frozenset(v) for k, v in army.items()}),
                   MappingProxyType({k: frozenset(v) for k, v in fleet.items()}),
                   powers, MappingProxyType(aliases))

    def replace(self, **changes) -> GameMap:
        """A copy with some fields changed (a variant's board)."""
        return replace(self, **changes)

    # -- queries -----------------------------------------------------------
    @property
    def power_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.powers)

    def power(self, name: str) -> PowerInfo:
        for p in self.powers:
            if p.name == name:
                return p
        raise KeyError(name)

    @property
    def centres(self) -> tuple[str, ...]:
        return tuple(a for a, p in self.provinces.items() if p.centre)

    def home_centres(self, power: str) -> tuple[str, ...]:
        return tuple(a for a, p in self.provinces.items() if p.centre and p.home == power)

    def locations(self, reach: Reach) -> tuple[str, ...]:
        """Every place a unit of that reach can stand (DIP 5.4, 5.5, 14.2)."""
        out = []
        for a, p in self.provinces.items():
            if reach is Reach.LAND and p.army_can_stand:
                out.append(a)
            elif reach is Reach.SEA and p.fleet_can_stand:
                out.extend([f"{a}/{c.value}" for c in p.coasts] or [a])
            elif reach is Reach.ANY and p.terrain is not Terrain.IMPASSABLE:
                out.append(a)
        return tuple(out)

    def stands(self, reach: Reach, location: str) -> bool:
        """Can a unit of that reach stand at this location (a coast named exactly where it must be)?"""
        prov = self.provinces.get(province_of(location))
        if prov is None:
            return False
        if reach is Reach.LAND:
            return prov.army_can_stand and "/" not in location
        if reach is Reach.ANY:
            return prov.terrain is not Terrain.IMPASSABLE and "/" not in location
        if not prov.fleet_can_stand:
            return False
        if prov.coasts:
            return coast_of(location) in {c.value for c in prov.coasts}
        return "/" not in location

    def reach(self, reach: Reach, location: str) -> frozenset[str]:
        """DIP 5.3-5.5: the locations a unit of that reach at ``location`` can move to in one step."""
        if reach is Reach.LAND:
            return self.army_adj.get(province_of(location), frozenset())
        if reach is Reach.SEA:
            return self.fleet_adj.get(location, frozenset())
        return self.neighbours(province_of(location))

    def fleet_coasts_to(self, src: str, dst_province: str) -> tuple[str, ...]:
        """Locations in dst_province a fleet at src can reach (several only for a multi-coast province)."""
        return self._coasts_to.get(src, {}).get(dst_province, ())

    @cached_property
    def _coasts_to(self) -> Mapping[str, Mapping[str, tuple[str, ...]]]:
        out: dict[str, dict[str, list[str]]] = {}
        for src, dsts in self.fleet_adj.items():
            for d in dsts:
                out.setdefault(src, {}).setdefault(province_of(d), []).append(d)
        return {s: {p: tuple(sorted(ls)) for p, ls in m.items()} for s, m in out.items()}

    def can_reach_province(self, reach: Reach, src: str, dst_province: str) -> bool:
        """Could a unit of that reach move into the province (any coast)?  Used for supports (DIP 7.2)."""
        if reach is Reach.SEA:
            return bool(self.fleet_coasts_to(src, dst_province))
        return dst_province in self.reach(reach, src)

    def neighbours(self, province: str) -> frozenset[str]:
        """Provinces sharing a border with this one, for either unit type."""
        return self._neighbours.get(province, frozenset())

    @cached_property
    def _neighbours(self) -> Mapping[str, frozenset[str]]:
        out: dict[str, set[str]] = {}
        for province, prov in self.provinces.items():
            near = set(self.army_adj.get(province, ()))
            for loc in ([f"{province}/{c.value}" for c in prov.coasts] or [province]):
                near.update(province_of(x) for x in self.fleet_adj.get(loc, ()))
            out[province] = near
        return MappingProxyType({k: frozenset(v) for k, v in out.items()})

    @cached_property
    def sea_adjacency(self) -> Mapping[str, frozenset[str]]:
        """For each sea province, the provinces a convoy chain can step to from it (DIP 8.2)."""
        return MappingProxyType({p: frozenset(province_of(x) for x in self.fleet_adj.get(p, ()))
                                 for p in self.provinces if self.is_sea(p)})

    def is_sea(self, province: str) -> bool:
        return self.provinces[province].terrain == Terrain.SEA

    def lookup(self, name: str) -> str | None:
        """A province abbreviation from an abbreviation, full name or known alias (any case)."""
        return self.aliases.get(" ".join(name.lower().split()))


@lru_cache(maxsize=1)
def standard_map() -> GameMap:
    """DIP 14.1, 14.2, 14.8: the standard board, its 34 centres and the 1901 position."""
    return GameMap.from_dict(json.loads(read_text(__name__, "standard_map.json")))


def load_map(doc: dict | str | pathlib.Path) -> GameMap:
    """A board from a dict or a JSON file in the same form as ``standard_map.json``."""
    if isinstance(doc, dict):
        return GameMap.from_dict(doc)
    return GameMap.from_dict(json.loads(pathlib.Path(doc).read_text(encoding="utf-8")))


def convoy_routes_exist(gmap: GameMap, src: str, dst: str, fleets) -> bool:
    """Is there a chain of the given sea provinces from src to dst (DIP 8.2)?"""
    sea_adj = gmap.sea_adjacency
    frontier = [s for s in fleets if src in sea_adj[s]]
    seen = set(frontier)
    while frontier:
        s = frontier.pop()
        if dst in sea_adj[s]:
            return True
        for t in sea_adj[s]:
            if t in fleets and t not in seen:
                seen.add(t)
                frontier.append(t)
    return False
