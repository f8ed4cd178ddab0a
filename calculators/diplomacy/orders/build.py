"""The build order (DIP 13.2, 13.5, 14.9, rulings DIP R12, R13): ``Build A Par``, ``Build F StP/sc``."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..map import GameMap, Terrain, coast_of, province_of, show
from ..units import PhaseKind, UnitType
from .base import Illegal, Kind, OrderSpec, read_nothing, read_unit

WORDS = frozenset({"b", "build", "builds"})


@dataclass(frozen=True, slots=True)
class Build:
    power: str
    type: UnitType
    location: str


def home_builder(gmap: GameMap, position, prov: str) -> str | None:
    """DIP 13.5: the power that may build in ``prov`` (when it owns it and the centre is vacant):
    the power whose home centre it is."""
    info = gmap.provinces[prov]
    return info.home if info.centre else None


def standard_refusal(gmap: GameMap, position, prov: str, power: str) -> Illegal | None:
    """The standard game has no words of its own for a refused build site: the build check's apply."""
    return None


@dataclass(frozen=True)
class BuildRule:
    """Where a power may build: ``builder(board, position, province)`` names the power that may build in a
    centre it owns; ``refusal(board, position, province, power)`` explains a refusal in the variant's terms
    (None: the standard words)."""

    builder: Callable[[GameMap, object, str], str | None]
    refusal: Callable[[GameMap, object, str, str], Illegal | None] = standard_refusal


HOME_CENTRES = BuildRule(home_builder)


def _unit_type(info, parsed) -> UnitType:
    """Ruling DIP R12: a build without A or F is an army inland, and must name A or F on a coast."""
    if parsed.unit_type is not None:
        return parsed.unit_type
    if info.terrain is Terrain.LAND:
        return UnitType.ARMY
    raise Illegal(f"say whether to build an army or a fleet in {info.name}", ("DIP 13.5", "DIP R12"))


def check(context, power: str, parsed) -> Build:
    """DIP 13.5, 14.9, ruling DIP R12: a build in a vacant centre the power owns and may build in."""
    gmap, position, rule = context.board, context.position, context.build_rule
    prov = province_of(parsed.location)
    info = gmap.provinces[prov]
    if rule.builder(gmap, position, prov) != power:
        refusal = rule.refusal(gmap, position, prov, power)
        raise refusal or Illegal(f"{info.name} is not one of {power}'s home centres", ("DIP 13.5", "DIP 14.9"))
    if position.owners.get(prov) != power:
        raise Illegal(f"{power} does not own {info.name} now", ("DIP 14.9",))
    if position.unit_in(prov) is not None:
        raise Illegal(f"{info.name} is occupied", ("DIP 14.9",))
    utype = _unit_type(info, parsed)
    if utype is UnitType.ARMY:
        return Build(power, utype, prov)
    if info.terrain is not Terrain.COAST:
        raise Illegal(f"a fleet cannot be built inland in {info.name}", ("DIP 13.5",))
    if not info.coasts:
        return Build(power, utype, prov)
    if coast_of(parsed.location) not in {c.value for c in info.coasts}:
        raise Illegal(f"say which coast of {info.name} to build the fleet on", ("DIP 14.2", "DIP R12"))
    return Build(power, utype, parsed.location)


def describe(order: Build) -> str:
    return f"Build {order.type.value} {show(order.location)}"


SPEC = OrderSpec("build", Build, frozenset({PhaseKind.ADJUSTMENTS}), describe, Kind.NONE, verbs=WORDS,
                 leading=WORDS, read=read_nothing, read_leading=read_unit, check=check)
