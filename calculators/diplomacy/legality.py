"""Which written movement orders can be carried out, and which support and convoy orders match.

DATC 4.E.1 (ruling DIP R1): an order that could not be valid whatever the other orders are is
*illegal* and ignored: the unit holds and may be supported in place.  A legal support or
convoy that matches no real order is *void*: the unit stays where it is.  Every rejection
comes with a message naming the order and the reason, and the rule it rests on.
"""
from __future__ import annotations

from dataclasses import dataclass

from .map import GameMap, coast_of, convoy_routes_exist, province_of, show
from .orders import Convoy, Hold, Move, Support, describe
from .parser import ParsedOrder
from .units import Unit, UnitType


class Illegal(Exception):
    def __init__(self, message: str, rules: tuple[str, ...]):
        super().__init__(message)
        self.message = message
        self.rules = rules


@dataclass
class Written:
    """One written order after the board check: the order, or why it cannot be used."""

    parsed: ParsedOrder
    unit: Unit | None
    order: object | None
    error: str = ""
    rules: tuple[str, ...] = ()


def find_unit(units_by_province, parsed: ParsedOrder, what: str = "unit") -> Unit:
    """The unit an order addresses.  Its A/F letter and coast are not checked (ruling DIP R8)."""
    prov = province_of(parsed.location)
    unit = units_by_province.get(prov)
    if unit is None:
        raise Illegal(f"there is no {what} in {show(prov)}", ("DIP 4.1",))
    if parsed.power is not None and unit.power != parsed.power:
        raise Illegal(f"the unit in {show(prov)} is {unit.power}'s, not {parsed.power}'s", ("DIP 4.1",))
    return unit


def move_destination(gmap: GameMap, unit: Unit, dest: str) -> str:
    """DIP 5.3-5.5, 14.2 and ruling DIP R9: the location a move goes to, or Illegal."""
    prov = province_of(dest)
    info = gmap.provinces[prov]
    if prov == unit.province:
        raise Illegal(f"{unit.label()} cannot move to its own province", ("DIP 5.3",))
    if unit.type is UnitType.ARMY:
        if not info.army_can_stand:
            raise Illegal(f"an army cannot move into {info.name} ({info.terrain.value})", ("DIP 5.4", "DIP 14.1"))
        return prov  # an army ignores a written coast (ruling DIP R9)
    if not info.fleet_can_stand:
        raise Illegal(f"a fleet cannot move inland to {info.name}", ("DIP 5.5",))
    reachable = gmap.fleet_coasts_to(unit.location, prov)
    if not reachable:
        raise Illegal(f"{show(unit.location)} is not adjacent to {info.name} for a fleet", ("DIP 5.3", "DIP 5.5"))
    if info.coasts:
        coast = coast_of(dest)
        if coast is not None:
            if dest not in reachable:
                raise Illegal(f"a fleet in {show(unit.location)} cannot reach {show(dest)}", ("DIP 14.2", "DIP R9"))
            return dest
        if len(reachable) > 1:
            raise Illegal(f"say which coast of {info.name}: {' or '.join(show(r) for r in reachable)}",
                          ("DIP 14.2", "DIP R9"))
        return reachable[0]
    return prov


def on_minimal_route(src: str, dst: str, fleet: str, fleets: set[str], sea_adj) -> bool:
    """Ruling DIP R5 (DATC 6.G.19): is ``fleet`` needed by some convoy route from src to dst?

    A route src, f1..fk, dst (each step adjacent) needs every fleet in it exactly when no
    two non-consecutive members are adjacent (a chordless path; src and dst themselves may
    be adjacent, as a convoy to a neighbouring province is allowed).
    """
    def touches(p: str, f: str) -> bool:  # is place p (a province or a fleet's sea) next to fleet f?
        return p in sea_adj[f]

    def extend(path: list[str]) -> bool:
        last = path[-1]
        if last != src and touches(dst, last):
            return fleet in path
        for f in fleets:
            if f in path or not touches(last, f):
                continue
            if any(touches(p, f) for p in path[:-1]):
                continue  # a chord: f could be reached by skipping a fleet
            path.append(f)
            if extend(path):
                return True
            path.pop()
        return False

    return extend([src])


def bind_movement(gmap: GameMap, units: tuple[Unit, ...], parsed: list[ParsedOrder], sea_adj) -> tuple[list, list[Written]]:
    """Effective orders, one per unit in ``units`` order, and every written order's check.

    Implements DIP 4.1-4.4, 5.2-5.5, 7.2, 8.1, 8.2 with rulings DIP R1 (illegal orders are
    ignored), DIP R4 (convoy intent), DIP R5 (convoy legality), DIP R10 (a unit ordered twice holds).
    """
    by_prov = {u.province: u for u in units}
    written: list[Written] = []
    fleets_at_sea = {u.province for u in units if u.type is UnitType.FLEET and gmap.is_sea(u.province)}
    candidates: dict[str, list[Written]] = {}
    for p in parsed:
        w = Written(p, None, None)
        written.append(w)
        try:
            if p.kind in ("retreat", "build", "disband", "waive"):
                where = {"retreat": "the retreat phase", "disband": "a retreat or an adjustment phase"}
                raise Illegal(f"a {p.kind} order is given only in {where.get(p.kind, 'the adjustment phase')}",
                              ("DIP 2.3", "DIP 12.5"))
            unit = find_unit(by_prov, p)
            w.unit = unit
            w.order = _legal_order(gmap, unit, p, by_prov, fleets_at_sea, sea_adj)
        except Illegal as err:
            w.error, w.rules = err.message, err.rules
            continue
        candidates.setdefault(unit.province, []).append(w)
    chosen: dict[str, object] = {}
    for prov, ws in candidates.items():
        distinct = {w.order for w in ws}
        if len(distinct) == 1:
            chosen[prov] = ws[0].order
            for w in ws[1:]:
                w.error, w.rules, w.order = "the same order was given twice; it counts once", ("DIP R10",), None
        else:
            for w in ws:
                w.error = f"{ws[0].unit.label()} was given {len(ws)} different orders, so it holds"
                w.rules = ("DIP R10",)
                w.order = None
    # Second stage: convoy legality, then which armies travel by convoy (DIP R5, R4).
    convoy_orders: dict[tuple[str, str], list[str]] = {}
    for prov, o in list(chosen.items()):
        if isinstance(o, Convoy):
            if not on_minimal_route(o.army, o.dest, prov, fleets_at_sea, sea_adj):
                _reject(written, prov, f"{show(prov)} is not needed by any convoy route from "
                        f"{show(o.army)} to {show(o.dest)}", ("DIP 8.2", "DIP R5"))
                del chosen[prov]
                continue
            convoy_orders.setdefault((o.army, o.dest), []).append(prov)
    for prov, o in list(chosen.items()):
        if isinstance(o, Move) and o.unit.type is UnitType.ARMY:
            d = o.dest_province
            ordered = convoy_orders.get((prov, d), [])
            own = any(chosen[f].unit.power == o.unit.power for f in ordered)
            needs = o.via_convoy or d not in gmap.army_adj.get(prov, ())
            if needs or own:
                # Without convoy orders along a route the move still stands and fails (DATC 6.D.8).
                if not o.via_convoy:
                    chosen[prov] = Move(o.unit, o.dest, True)
    effective = []
    for u in units:
        o = chosen.get(u.province)
        if o is None:
            o = Hold(u)
        effective.append(o)
    return _match(effective), written


def _reject(written: list[Written], prov: str, message: str, rules) -> None:
    for w in written:
        if w.unit is not None and w.unit.province == prov and w.order is not None:
            w.error, w.rules, w.order = message, rules, None


def _legal_order(gmap: GameMap, unit: Unit, p: ParsedOrder, by_prov, fleets_at_sea, sea_adj):
    if p.kind == "hold":
        return Hold(unit)
    if p.kind == "move":
        if unit.type is UnitType.FLEET and p.via_convoy:
            raise Illegal("only armies are convoyed", ("DIP 8.1",))
        dest = move_destination_or_convoy(gmap, unit, p.dest, p.via_convoy, fleets_at_sea, sea_adj)
        return Move(unit, dest, p.via_convoy)
    if p.kind == "support":
        target = find_unit(by_prov, ParsedOrder(p.line, p.text, None, "hold", location=p.target), "unit to support")
        if target.province == unit.province:
            raise Illegal("a unit cannot support itself", ("DIP 4.3",))
        if p.dest is None:
            if not gmap.can_reach_province(unit.type.value, unit.location, target.province):
                raise Illegal(f"{unit.label()} could not move to {show(target.province)}, so cannot support there",
                              ("DIP 7.2",))
            return Support(unit, target.province, None)
        dest = province_of(p.dest)
        if dest == target.province:
            raise Illegal("a unit cannot be supported into its own province", ("DIP 4.3",))
        if dest == unit.province:
            raise Illegal(f"{unit.label()} cannot support a move into its own province", ("DIP 7.2", "DIP 10.3"))
        if not gmap.can_reach_province(unit.type.value, unit.location, dest):
            raise Illegal(f"{unit.label()} could not move to {show(dest)}, so cannot support a move there", ("DIP 7.2",))
        if not _could_move(gmap, target, dest, fleets_at_sea - {unit.province}, sea_adj):
            raise Illegal(f"{target.label()} could not move to {show(dest)}", ("DIP 4.3", "DIP 5.3"))
        coast = coast_of(p.dest) if gmap.provinces[dest].coasts else None
        return Support(unit, target.province, dest, coast)
    if p.kind == "convoy":
        if unit.type is not UnitType.FLEET:
            raise Illegal("only fleets convoy", ("DIP 8.1",))
        if not gmap.is_sea(unit.province):
            raise Illegal(f"a fleet convoys only from a sea province, not {gmap.provinces[unit.province].name}",
                          ("DIP 8.1",))
        army = find_unit(by_prov, ParsedOrder(p.line, p.text, None, "hold", location=p.target), "army to convoy")
        if army.type is not UnitType.ARMY:
            raise Illegal(f"{army.label()} is a fleet; only armies are convoyed", ("DIP 8.1",))
        dest = province_of(p.dest)
        info = gmap.provinces[dest]
        if dest == army.province or info.terrain.value != "coast":
            raise Illegal(f"an army cannot be convoyed to {info.name}", ("DIP 8.1",))
        return Convoy(unit, army.province, dest)
    raise Illegal(f"unknown order kind {p.kind}", ("DIP 4.1",))


def move_destination_or_convoy(gmap: GameMap, unit: Unit, dest: str, via: bool, fleets_at_sea, sea_adj) -> str:
    prov = province_of(dest)
    if unit.type is UnitType.ARMY and prov != unit.province and gmap.provinces[prov].army_can_stand:
        if via or prov not in gmap.army_adj.get(unit.province, ()):
            info = gmap.provinces[prov]
            if info.terrain.value != "coast" or gmap.provinces[unit.province].terrain.value != "coast":
                raise Illegal(f"{show(unit.province)} is not adjacent to {info.name}, and no convoy can reach it",
                              ("DIP 5.3", "DIP 8.1"))
            if not convoy_routes_exist(gmap, unit.province, prov, fleets_at_sea, sea_adj):
                raise Illegal(f"{show(unit.province)} is not adjacent to {info.name}, and no fleets stand on a "
                              f"convoy route", ("DIP 5.3", "DIP 8.2"))
            return prov
    return move_destination(gmap, unit, dest)


def _could_move(gmap: GameMap, unit: Unit, dest: str, fleets_at_sea, sea_adj) -> bool:
    """Could ``unit`` legally be ordered to ``dest`` (DATC 6.D.31: not through its supporter)?"""
    if unit.type is UnitType.FLEET:
        return bool(gmap.fleet_coasts_to(unit.location, dest))
    if dest in gmap.army_adj.get(unit.province, ()):
        return True
    if gmap.provinces[dest].terrain.value != "coast" or gmap.provinces[unit.province].terrain.value != "coast":
        return False
    return convoy_routes_exist(gmap, unit.province, dest, fleets_at_sea, sea_adj)


def _match(effective: list) -> list:
    """Void supports and convoys that match no real order become holds (DIP 4.3, 4.4)."""
    at = {o.unit.province: o for o in effective}
    out = []
    for o in effective:
        if isinstance(o, Support):
            t = at[o.target]
            if o.dest is None:
                ok = not isinstance(t, Move)
            else:
                ok = (isinstance(t, Move) and t.dest_province == o.dest
                      and (o.dest_coast is None or coast_of(t.dest) == o.dest_coast))
            out.append(o if ok else Hold(o.unit))
        elif isinstance(o, Convoy):
            t = at.get(o.army)
            ok = isinstance(t, Move) and t.via_convoy and t.dest_province == o.dest
            out.append(o if ok else Hold(o.unit))
        else:
            out.append(o)
    return out


def void_reason(order, effective_by_prov) -> str:
    """Why a legal support or convoy did nothing."""
    if isinstance(order, Support):
        t = effective_by_prov[order.target]
        if order.dest is None:
            return f"void: {describe(t)} moves, so it cannot be supported to hold"
        want = show(order.dest) + (f"/{order.dest_coast}" if order.dest_coast else "")
        if isinstance(t, Move):
            return f"void: {t.unit.label()} moves to {show(t.dest)}, not {want}"
        return f"void: {t.unit.label()} did not move to {want}"
    if isinstance(order, Convoy):
        t = effective_by_prov.get(order.army)
        if isinstance(t, Move) and not t.via_convoy:
            return f"void: {t.unit.label()} moves to {show(t.dest)} over land"
        if isinstance(t, Move):
            return f"void: {t.unit.label()} moves to {show(t.dest)}, not {show(order.dest)}"
        return f"void: the army in {show(order.army)} was not ordered to {show(order.dest)}"
    return ""
