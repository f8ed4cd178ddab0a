"""Supply-centre ownership and the Winter adjustment phase (DIP 1.1, 13.1-13.5, 14.3, 14.5, 14.9)."""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .legality import Illegal
from .map import GameMap, coast_of, province_of, show
from .orders import Build, Disband, Outcome, Status, Waive
from .parser import ParsedOrder
from .position import Position
from .units import Unit, UnitType


def update_ownership(gmap: GameMap, units, owners) -> dict[str, str]:
    """DIP 14.3: after Fall, a centre belongs to the power with a unit in it; empty centres keep their owner."""
    out = dict(owners)
    for u in units:
        if gmap.provinces[u.province].centre:
            out[u.province] = u.power
    return out


def adjustments_due(position: Position) -> dict[str, int]:
    """DIP 13.1: centres minus units for every power (positive: builds, negative: disbands)."""
    powers = {u.power for u in position.units} | set(position.owners.values())
    due = {}
    for p in sorted(powers):
        n = position.centre_count(p) - len(position.units_of(p))
        if n:
            due[p] = n
    return due


def home_builder(gmap: GameMap, position: Position, prov: str) -> str | None:
    """DIP 13.5: the power that may build in ``prov`` (when it owns it and the centre is vacant):
    the power whose home centre it is.  The build-site hook: a variant passes its own rule."""
    info = gmap.provinces[prov]
    return info.home if info.centre else None


def buildable(gmap: GameMap, position: Position, power: str) -> tuple[str, ...]:
    """DIP 13.5, 14.9: vacant home centres the power still owns."""
    return tuple(c for c in gmap.home_centres(power)
                 if position.owners.get(c) == power and position.unit_in(c) is None)


def distances(gmap: GameMap, targets) -> dict[str, int]:
    """Steps from every province to the nearest target, moving over land and sea alike (ruling DIP R11)."""
    dist = {t: 0 for t in targets}
    queue = deque(targets)
    while queue:
        p = queue.popleft()
        for q in gmap.neighbours(p):
            if q not in dist:
                dist[q] = dist[p] + 1
                queue.append(q)
    return dist


def civil_disorder(gmap: GameMap, position: Position, power: str, count: int, keep_out=()) -> list[Unit]:
    """DIP 14.5 with ruling DIP R11: the units removed when a power orders too few disbands.

    Farthest from its nearest owned centre first; on a tie fleets before armies, then the
    province's English name in alphabetical order.
    """
    owned = [c for c, p in position.owners.items() if p == power]
    dist = distances(gmap, owned)
    far = 10 ** 6
    units = [u for u in position.units_of(power) if u not in keep_out]
    units.sort(key=lambda u: (-dist.get(u.province, far), 0 if u.type is UnitType.FLEET else 1,
                              gmap.provinces[u.province].name))
    return units[:count]


def _none_left(position: Position, power: str, due: dict, used: dict, what: str) -> str:
    """Why a power may not build (or remove) any more: the counts, or the ones already ordered."""
    n = due.get(power, 0) if what == "builds" else -due.get(power, 0)
    if n > 0:
        return f"{power} has used all its {n} {what if n > 1 else what[:-1]} already"
    units, centres = len(position.units_of(power)), position.centre_count(power)
    return (f"{power} has no {what}: {centres} supply centre{'s' if centres != 1 else ''} and "
            f"{units} unit{'s' if units != 1 else ''}")


@dataclass(frozen=True)
class AdjustmentResult:
    outcomes: tuple[Outcome, ...]
    units: tuple[Unit, ...]
    built: tuple[Unit, ...]
    removed: tuple[Unit, ...]


def _build_order(gmap: GameMap, position: Position, p: ParsedOrder, power: str, builder=home_builder) -> Build:
    loc = p.location
    prov = province_of(loc)
    info = gmap.provinces[prov]
    if builder(gmap, position, prov) != power:
        # A variant's build-site hook may explain its own rule (``why_not``); else the standard one.
        why_not = getattr(builder, "why_not", None)
        reason = why_not(gmap, position, prov, power) if why_not is not None else None
        if reason is not None:
            raise Illegal(*reason)
        raise Illegal(f"{info.name} is not one of {power}'s home centres", ("DIP 13.5", "DIP 14.9"))
    if position.owners.get(prov) != power:
        raise Illegal(f"{power} does not own {info.name} now", ("DIP 14.9",))
    if position.unit_in(prov) is not None:
        raise Illegal(f"{info.name} is occupied", ("DIP 14.9",))
    utype = p.unit_type
    if utype is None:
        # Ruling DIP R12: a build without A or F is an army inland, and must name A or F on a coast.
        if info.terrain.value == "land":
            utype = UnitType.ARMY
        else:
            raise Illegal(f"say whether to build an army or a fleet in {info.name}", ("DIP 13.5", "DIP R12"))
    if utype is UnitType.ARMY:
        return Build(power, utype, prov)
    if info.terrain.value != "coast":
        raise Illegal(f"a fleet cannot be built inland in {info.name}", ("DIP 13.5",))
    if info.coasts:
        coast = coast_of(loc)
        if coast is None or coast not in {c.value for c in info.coasts}:
            raise Illegal(f"say which coast of {info.name} to build the fleet on", ("DIP 14.2", "DIP R12"))
        return Build(power, utype, loc)
    return Build(power, utype, prov)


def adjudicate_adjustments(gmap: GameMap, position: Position, parsed: list[ParsedOrder],
                           builder=home_builder) -> AdjustmentResult:
    """DIP 2.5, 13.1-13.5: builds and disbands; first legal orders count (ruling DIP R13).

    ``builder(gmap, position, prov)`` names the power that may build in a province it owns
    (``home_builder``: its home centres); a build order without a power is that power's.
    """
    due = adjustments_due(position)
    outcomes: list[Outcome] = []
    used: dict[str, int] = {}
    built: list[Unit] = []
    removed: list[Unit] = []
    taken: set[str] = set()
    for p in parsed:
        try:
            power = p.power
            if p.kind == "waive":
                if power is None:
                    raise Illegal("say whose build is waived (England: Waive)", ("DIP 13.3",))
                if due.get(power, 0) - used.get(power, 0) <= 0:
                    raise Illegal(f"{power} has no build left to waive", ("DIP 13.3", "DIP R13"))
                used[power] = used.get(power, 0) + 1
                outcomes.append(Outcome(power, p.text, Waive(power), Status.SUCCEEDS, "build waived", ("DIP 13.3", "DIP R17"),
                                        line=p.line))
                continue
            if p.kind == "build":
                prov = province_of(p.location)
                if power is None:
                    power = builder(gmap, position, prov)
                    if power is None:
                        raise Illegal(f"{gmap.provinces[prov].name} is no power's home centre that it owns, so nobody "
                                      f"may build there", ("DIP 13.5", "DIP 14.9"))
                if due.get(power, 0) - used.get(power, 0) <= 0:
                    raise Illegal(_none_left(position, power, due, used, "builds"), ("DIP 13.1", "DIP R13"))
                if prov in taken:
                    raise Illegal(f"a unit is already being built in {show(prov)}", ("DIP 5.1", "DIP R13"))
                order = _build_order(gmap, position, p, power, builder)
                used[power] = used.get(power, 0) + 1
                taken.add(prov)
                unit = Unit(power, order.type, order.location)
                built.append(unit)
                outcomes.append(Outcome(power, p.text, order, Status.SUCCEEDS, f"built {unit.label()}",
                                        ("DIP 13.2", "DIP 13.5"), line=p.line))
                continue
            if p.kind in ("disband", "hold") and p.kind == "disband":
                prov = province_of(p.location)
                unit = position.unit_in(prov)
                if unit is None:
                    raise Illegal(f"there is no unit in {show(prov)}", ("DIP 13.4",))
                if power is not None and unit.power != power:
                    raise Illegal(f"the unit in {show(prov)} is {unit.power}'s", ("DIP 4.1",))
                power = unit.power
                if unit in removed:
                    raise Illegal(f"{unit.label()} is already removed", ("DIP R13",))
                if -due.get(power, 0) - used.get(power, 0) <= 0:
                    raise Illegal(_none_left(position, power, due, used, "removals"), ("DIP 13.4", "DIP R13"))
                used[power] = used.get(power, 0) + 1
                removed.append(unit)
                outcomes.append(Outcome(power, p.text, Disband(unit), Status.SUCCEEDS, f"removed {unit.label()}",
                                        ("DIP 13.4",), line=p.line))
                continue
            raise Illegal("only builds, removals and waives are ordered in the adjustment phase", ("DIP 2.5",))
        except Illegal as err:
            if p.kind in ("build", "disband", "waive"):
                # An adjustment order that cannot be carried out fails (rulings DIP R12, R13; DATC 6.I, 6.J).
                outcomes.append(Outcome(p.power or "", p.text, None, Status.FAILS, err.message, err.rules,
                                        line=p.line))
            else:
                outcomes.append(Outcome(p.power or "", p.text, None, Status.ILLEGAL, err.message,
                                        err.rules + ("DIP R1",), line=p.line))
    for power, n in due.items():
        left = abs(n) - used.get(power, 0)
        if left <= 0:
            continue
        if n > 0:
            outcomes.append(Outcome(power, f"{power}: {left} build(s) not ordered", None, Status.SUCCEEDS,
                                    "waived", ("DIP 13.3", "DIP R17")))
        else:
            for unit in civil_disorder(gmap, position, power, left, keep_out=removed):
                removed.append(unit)
                outcomes.append(Outcome(power, f"{unit.label()} (civil disorder)", Disband(unit), Status.SUCCEEDS,
                                        "removed: farthest from an owned supply centre", ("DIP 14.5", "DIP R11")))
    units = tuple(u for u in position.units if u not in removed) + tuple(built)
    return AdjustmentResult(tuple(outcomes), units, tuple(built), tuple(removed))
