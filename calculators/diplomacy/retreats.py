"""The retreat phase (DIP 2.4, 10.2, 12.1-12.5, 14.4)."""
from __future__ import annotations

from dataclasses import dataclass

from .legality import Illegal, move_destination
from .map import GameMap, province_of, show
from .orders import Disband, Outcome, Retreat, Status
from .parser import ParsedOrder
from .position import Dislodged, Position


@dataclass(frozen=True)
class RetreatResult:
    outcomes: tuple[Outcome, ...]
    units: tuple  # units after the retreats
    moves: tuple[tuple[str, str, str, bool], ...]


def retreat_options(gmap: GameMap, position: Position, d: Dislodged) -> tuple[str, ...]:
    """DIP 12.1-12.3: where a dislodged unit may go (empty, reachable, not the attacker's origin, no stand-off)."""
    occupied = {u.province for u in position.units}
    u = d.unit
    if u.type.value == "A":
        cands = sorted(gmap.army_adj.get(u.province, ()))
    else:
        cands = sorted(gmap.fleet_adj.get(u.location, ()))
    return tuple(c for c in cands if province_of(c) not in occupied and province_of(c) != d.attacker_from
                 and province_of(c) not in position.contested)


def _check(gmap: GameMap, position: Position, d: Dislodged, dest: str) -> str:
    u = d.unit
    target = move_destination(gmap, u, dest)  # adjacency, terrain, coasts as for a move (DIP 12.1)
    prov = province_of(target)
    if u.type.value == "A" and prov not in gmap.army_adj.get(u.province, ()):
        raise Illegal(f"{u.label()} can retreat only to an adjacent province, never by convoy", ("DIP 12.1", "DIP 12.5"))
    if prov == d.attacker_from:
        raise Illegal(f"{show(prov)} is where the attacker came from", ("DIP 12.3",))
    if prov in position.contested:
        raise Illegal(f"{show(prov)} was left empty by a stand-off", ("DIP 12.2",))
    if position.unit_in(prov) is not None:
        raise Illegal(f"{show(prov)} is occupied", ("DIP 12.1",))
    return target


def adjudicate_retreats(gmap: GameMap, position: Position, parsed: list[ParsedOrder]) -> RetreatResult:
    """DIP 2.4: carry out retreats; units without a valid retreat disband (DIP 12.4, 14.4, 14.5)."""
    by_prov = {d.unit.province: d for d in position.dislodged}
    outcomes: list[Outcome] = []
    chosen: dict[str, tuple] = {}  # province -> (order, outcome index)
    conflicted: set[str] = set()
    for p in parsed:
        d = None
        try:
            if p.kind in ("build", "waive"):
                raise Illegal("builds are made only in the Winter adjustment phase", ("DIP 2.5",))
            prov = province_of(p.location)
            d = by_prov.get(prov)
            if d is None:
                raise Illegal(f"no dislodged unit in {show(prov)}: only dislodged units move in a retreat phase",
                              ("DIP 2.4",))
            if p.power is not None and d.unit.power != p.power:
                raise Illegal(f"the dislodged unit in {show(prov)} is {d.unit.power}'s", ("DIP 4.1",))
            if p.kind in ("retreat", "move"):
                order = Retreat(d.unit, _check(gmap, position, d, p.dest))
            elif p.kind == "disband":
                order = Disband(d.unit)
            else:
                raise Illegal(f"a {p.kind} order cannot be given in a retreat phase", ("DIP 12.5",))
            if prov in chosen and chosen[prov][0] == order:
                raise Illegal("the same order was given twice; it counts once", ("DIP R10",))
            if prov in chosen or prov in conflicted:
                # Ruling DIP R10: two different orders for one unit: neither counts.
                if prov in chosen:
                    _, k = chosen.pop(prov)
                    first = outcomes[k]
                    outcomes[k] = Outcome(first.power, first.text, None, Status.ILLEGAL,
                                          f"{d.unit.label()} was given two different orders; neither counts",
                                          ("DIP R10", "DIP R1"), line=first.line)
                conflicted.add(prov)
                raise Illegal(f"{d.unit.label()} was given two different orders; neither counts", ("DIP R10",))
        except Illegal as err:
            power = d.unit.power if d is not None else (p.power or "")
            outcomes.append(Outcome(power, p.text, None, Status.ILLEGAL, err.message, err.rules + ("DIP R1",),
                                    line=p.line))
            continue
        chosen[prov] = (order, len(outcomes))
        outcomes.append(Outcome(d.unit.power, p.text, order, Status.SUCCEEDS, "", (), line=p.line))
    targets: dict[str, int] = {}
    for order, _ in chosen.values():
        if isinstance(order, Retreat):
            targets[province_of(order.dest)] = targets.get(province_of(order.dest), 0) + 1
    units = list(position.units)
    moves = []
    for prov, (order, k) in chosen.items():
        o = outcomes[k]
        if isinstance(order, Retreat):
            t = province_of(order.dest)
            if targets[t] > 1:
                outcomes[k] = Outcome(o.power, o.text, order, Status.FAILS,
                                      f"{targets[t]} units retreated to {show(t)}, so all of them are disbanded",
                                      ("DIP 14.4",), line=o.line)
                moves.append((order.unit.power, order.unit.location, order.dest, False))
            else:
                outcomes[k] = Outcome(o.power, o.text, order, Status.SUCCEEDS, f"retreated to {show(order.dest)}",
                                      ("DIP 10.2", "DIP 12.1"), line=o.line)
                units.append(order.unit.at(order.dest))
                moves.append((order.unit.power, order.unit.location, order.dest, True))
        else:
            outcomes[k] = Outcome(o.power, o.text, order, Status.SUCCEEDS, "disbanded", ("DIP 10.2",), line=o.line)
    for d in position.dislodged:
        if d.unit.province not in chosen:
            options = retreat_options(gmap, position, d)
            why = "no retreat was possible" if not options else "no valid retreat was ordered"
            outcomes.append(Outcome(d.unit.power, f"{d.unit.label()} (no order)", Disband(d.unit), Status.SUCCEEDS,
                                    f"disbanded: {why}", ("DIP 12.4", "DIP 14.5")))
    return RetreatResult(tuple(outcomes), tuple(units), tuple(moves))
