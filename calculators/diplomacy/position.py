"""A position: the phase, the units, supply-centre owners, and (in a retreat phase) the dislodged units."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from types import MappingProxyType

from .map import GameMap, Reach, show
from .units import START_PHASE, STANDARD_TYPES, Phase, Unit


def _unit_order(u: Unit) -> tuple[str, str]:
    return (u.power, u.location)


@dataclass(frozen=True)
class Dislodged:
    """A dislodged unit waiting to retreat (DIP 10.2, 12.1-12.4).

    ``attacker_from`` is the province the dislodging unit came from; it is None when that
    unit came by convoy, since then the retreat there is allowed (ruling DIP R6).
    """

    unit: Unit
    attacker_from: str | None = None


class VariantState:
    """A variant's own part of a position (War of the Worlds: the destroyed centres, the virus, the landings); the
    standard game has none.  A variant's state is a subclass (a frozen dataclass)."""

    __slots__ = ()


@dataclass(frozen=True)
class Position:
    """The board at the start of a phase.  ``state`` is a variant's own part of it (``VariantState``)."""

    phase: Phase
    units: tuple[Unit, ...]
    owners: Mapping[str, str] = field(default_factory=dict)  # centre -> power
    dislodged: tuple[Dislodged, ...] = ()
    contested: frozenset[str] = frozenset()  # provinces left empty by a stand-off (DIP 12.2)
    state: VariantState | None = None

    def __post_init__(self):
        object.__setattr__(self, "units", tuple(sorted(self.units, key=_unit_order)))
        if not isinstance(self.owners, MappingProxyType):  # a copied position keeps its (sorted, read-only) owners
            object.__setattr__(self, "owners", MappingProxyType(dict(sorted(self.owners.items()))))

    @cached_property
    def by_province(self) -> Mapping[str, Unit]:
        return MappingProxyType({u.province: u for u in self.units})

    def unit_in(self, province: str) -> Unit | None:
        return self.by_province.get(province)

    def units_of(self, power: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.power == power)

    def centre_count(self, power: str) -> int:
        return sum(1 for p in self.owners.values() if p == power)

    def powers(self) -> tuple[str, ...]:
        return tuple(sorted({u.power for u in self.units} | set(self.owners.values())
                            | {d.unit.power for d in self.dislodged}))

    def replace(self, **changes) -> Position:
        return replace(self, **changes)

    def but(self, **changes) -> Position:
        """A copy with some fields changed, as ``replace`` would make it, without its per-field checks: the
        season's steps copy the position several times.  Units are kept sorted, owners read-only."""
        unknown = changes.keys() - _FIELDS
        if unknown:
            raise TypeError(f"Position has no field {sorted(unknown)[0]!r}")
        mine = self.__dict__
        new = object.__new__(Position)
        values = new.__dict__
        for name in _FIELDS:  # not the cached ``by_province``: it belongs to the old units
            values[name] = mine[name]
        if "units" in changes:
            changes["units"] = tuple(sorted(changes["units"], key=_unit_order))
        owners = changes.get("owners")
        if owners is not None and not isinstance(owners, MappingProxyType):
            changes["owners"] = MappingProxyType(dict(sorted(owners.items())))
        values.update(changes)
        return new


_FIELDS = frozenset(f.name for f in fields(Position))


def initial_position(gmap: GameMap) -> Position:
    """DIP 14.8: the 1901 starting units, each power owning its home centres."""
    units = [Unit(p.name, STANDARD_TYPES[t], loc) for p in gmap.powers for t, loc in p.start_units]
    owners = {c: p.name for p in gmap.powers for c in gmap.home_centres(p.name)}
    return Position(START_PHASE, tuple(units), owners)


def _why_not_there(gmap: GameMap, u: Unit) -> str:
    """Why a unit cannot stand at its location (ruling DIP R21), in a player's words."""
    info = gmap.provinces[u.province]
    coasts = [f"{info.display}/{c.value}" for c in info.coasts]
    if u.type.reach is Reach.SEA and coasts:
        if u.location == u.province:
            return f"say which coast of {info.name} the fleet is on: {' or '.join(coasts)}"
        return f"{info.name} has no such coast (write {' or '.join(coasts)})"
    article = "an" if u.type.word[0] in "aeiou" else "a"
    return f"{article} {u.type.word} cannot stand in {info.name} ({info.terrain.value})"


def check_position(gmap: GameMap, position: Position) -> list[str]:
    """Problems with a position (wrong terrain, two units in a province); empty when sound."""
    problems = []
    seen: dict[str, Unit] = {}
    for u in position.units:
        if not gmap.stands(u.type.reach, u.location):
            problems.append(f"{u.power} {u.label()}: {_why_not_there(gmap, u)}")
        if u.province in seen:
            problems.append(f"{u.label()} and {seen[u.province].label()} are both in "
                            f"{gmap.provinces[u.province].name}")
        seen[u.province] = u
    for c in position.owners:
        if c not in gmap.provinces or not gmap.provinces[c].centre:
            problems.append(f"{c} is not a supply centre")
    for d in position.dislodged:
        if d.unit.province not in seen:
            problems.append(f"dislodged {d.unit.label()}: no unit stands in {gmap.provinces[d.unit.province].name} "
                            f"(list the unit that dislodged it there)")
    return problems


def format_position(gmap: GameMap, position: Position) -> str:
    """The position in the text form the parser reads back (units, centres, dislodged, contested)."""
    lines = []
    powers = [p.name for p in gmap.powers] + sorted(set(position.powers()) - {p.name for p in gmap.powers})
    for power in powers:
        units = position.units_of(power)
        if units:
            lines.append(f"{power}: " + ", ".join(u.label() for u in units))
    for power in powers:
        owned = [show(c) for c, p in position.owners.items() if p == power]
        if owned:
            lines.append(f"Centres {power}: " + ", ".join(owned))
    for power in powers:
        items = [d.unit.label() + (f" from {show(d.attacker_from)}" if d.attacker_from else "")
                 for d in position.dislodged if d.unit.power == power]
        if items:
            lines.append(f"Dislodged {power}: " + ", ".join(items))
    if position.contested:
        lines.append("Contested: " + ", ".join(show(c) for c in sorted(position.contested)))
    return "\n".join(lines)
