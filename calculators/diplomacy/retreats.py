"""The retreat phase as a step (DIP 2.4, 10.2, 12.1-12.5, 14.4)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .map import GameMap, province_of, show
from .orders import (Disband, Illegal, OrderKind, Outcome, ParsedOrder, Retreat, Status, phase_words,
                     strict_designation)
from .orders import retreat as retreat_kind
from .position import Dislodged, Position
from .readings import DEFAULT, Designation
from .turn import Turn
from .units import PhaseKind

retreat_options = retreat_kind.options


@dataclass(frozen=True)
class Context:
    board: GameMap
    position: Position
    designation: Designation = DEFAULT.designation  # ruling DIP R8


def check_retreat(ctx: Context, d: Dislodged | None, p: ParsedOrder):
    """DIP 2.4, 12.5: a dislodged unit retreats or disbands; nothing else is ordered in a retreat phase."""
    spec = p.spec
    if not spec.phases & {PhaseKind.RETREATS, PhaseKind.MOVEMENT}:
        raise Illegal(f"a {spec.name} order is given only in {phase_words(spec.phases)}", ("DIP 2.5",))
    if d is None:
        raise Illegal(f"no dislodged unit in {show(p.province or '')}: only dislodged units move in a retreat phase",
                      ("DIP 2.4",))
    if p.power is not None and d.unit.power != p.power:
        raise Illegal(f"the dislodged unit in {show(d.unit.province)} is {d.unit.power}'s", ("DIP 4.1",))
    if ctx.designation is Designation.STRICT:
        strict_designation({}, d.unit, p)
    if p.kind is OrderKind.RETREAT or p.kind is OrderKind.MOVE:
        return retreat_kind.check(ctx, d, p)
    if p.kind is OrderKind.DISBAND:
        return Disband(d.unit)
    raise Illegal(f"a {spec.name} order cannot be given in a retreat phase", ("DIP 12.5",))


def _choose(ctx: Context, parsed) -> tuple[list[Outcome], dict[str, tuple]]:
    """Each written order checked; ruling DIP R10: two different orders for one unit and neither counts."""
    by_prov = {d.unit.province: d for d in ctx.position.dislodged}
    outcomes: list[Outcome] = []
    chosen: dict[str, tuple] = {}  # province -> (order, outcome index)
    conflicted: set[str] = set()
    for p in parsed:
        d = by_prov.get(p.province) if p.province else None
        try:
            order = check_retreat(ctx, d, p)
            assert d is not None  # check_retreat refuses an order for no dislodged unit
            prov = d.unit.province
            if prov in chosen and chosen[prov][0] == order:
                raise Illegal("the same order was given twice; it counts once", ("DIP R10",))
            if prov in chosen or prov in conflicted:
                if prov in chosen:
                    _, k = chosen.pop(prov)
                    outcomes[k] = outcomes[k]._replace(order=None, status=Status.ILLEGAL, rules=("DIP R10", "DIP R1"),
                                          reason=f"{d.unit.label()} was given two different orders; neither counts")
                conflicted.add(prov)
                raise Illegal(f"{d.unit.label()} was given two different orders; neither counts", ("DIP R10",))
        except Illegal as err:
            power = d.unit.power if d is not None else (p.power or "")
            outcomes.append(Outcome(power, p.text, None, Status.ILLEGAL, err.message, err.rules + ("DIP R1",),
                                    line=p.line))
            continue
        chosen[prov] = (order, len(outcomes))
        outcomes.append(Outcome(d.unit.power, p.text, order, Status.SUCCEEDS, "", (), line=p.line))
    return outcomes, chosen


def _carry_out(ctx: Context, outcomes: list[Outcome], chosen: dict) -> tuple[list, list]:
    """DIP 12.1, 14.4: retreats to different places succeed; two or more to one place are all disbanded."""
    targets: dict[str, int] = {}
    for order, _ in chosen.values():
        if isinstance(order, Retreat):
            targets[province_of(order.dest)] = targets.get(province_of(order.dest), 0) + 1
    units, moves = list(ctx.position.units), []
    for order, k in chosen.values():
        o = outcomes[k]
        if not isinstance(order, Retreat):
            outcomes[k] = o._replace(reason="disbanded", rules=("DIP 10.2",))
            continue
        t = province_of(order.dest)
        ok = targets[t] == 1
        moves.append((order.unit.power, order.unit.location, order.dest, ok))
        if ok:
            outcomes[k] = o._replace(reason=f"retreated to {show(order.dest)}", rules=("DIP 10.2", "DIP 12.1"))
            units.append(order.unit.at(order.dest))
        else:
            outcomes[k] = o._replace(status=Status.FAILS, rules=("DIP 14.4",),
                                  reason=f"{targets[t]} units retreated to {show(t)}, so all of them are disbanded")
    return units, moves


def retreat_step(claims: Callable[[Position, ParsedOrder], bool] | None = None):
    """The retreat phase (DIP 2.4): carry out retreats; units without a valid retreat disband (DIP 12.4,
    14.4, 14.5).  ``claims`` picks the orders it takes (all of them by default; a variant that plays
    retreats and adjustments in one season takes only those for the dislodged units)."""

    def retreats(turn: Turn) -> Turn:
        position = turn.position
        mine = tuple(p for p in turn.orders if claims is None or claims(position, p))
        rest = tuple(p for p in turn.orders if p not in mine)
        ctx = Context(turn.variant.board, position, turn.options.designation)
        outcomes, chosen = _choose(ctx, mine)
        units, moves = _carry_out(ctx, outcomes, chosen)
        for d in position.dislodged:
            if d.unit.province not in chosen:
                why = "no valid retreat was ordered" if retreat_options(ctx.board, position, d) else \
                    "no retreat was possible"
                outcomes.append(Outcome(d.unit.power, f"{d.unit.label()} (no order)", Disband(d.unit), Status.SUCCEEDS,
                                        f"disbanded: {why}", ("DIP 12.4", "DIP 14.5")))
        after = position.but(units=tuple(units), dislodged=(), contested=frozenset())
        return turn.add(*outcomes).but(orders=rest, position=after, moves=turn.moves + tuple(moves))

    return retreats


def for_dislodged(position: Position, p: ParsedOrder) -> bool:
    """An order a retreat step takes in a season that also has adjustments: one for a dislodged unit."""
    dislodged = {d.unit.province for d in position.dislodged}
    return p.kind is OrderKind.RETREAT or (p.location is not None and province_of(p.location) in dislodged)


def disband_stranded(turn: Turn) -> Turn:
    """DIP 12.4, ruling DIP R20: after a movement phase whose retreat phase is played only when needed, dislodged
    units none of which has a place to retreat to are disbanded at once (each reported as a default, ``turn.removed``
    keeps them for the map), and no retreat phase is played; when any of them can retreat, the retreat phase is
    played as usual."""
    position, variant = turn.position, turn.variant
    if not position.dislodged:
        return turn
    calendar = variant.calendar
    after = calendar[(variant.place_in_calendar(turn.phase) + 1) % len(calendar)]
    if not (after.skippable and after.kind is PhaseKind.RETREATS):
        return turn
    if any(retreat_options(variant.board, position, d) for d in position.dislodged):
        return turn
    why = "disbanded: dislodged, with no place to retreat to, so no retreat phase is played"
    outcomes = [Outcome(d.unit.power, f"{d.unit.label()} (dislodged)", Disband(d.unit), Status.SUCCEEDS, why,
                        ("DIP 12.4", "DIP R20"), dislodged=True) for d in position.dislodged]
    return turn.add(*outcomes).but(position=position.but(dislodged=()),
                                   removed=turn.removed + tuple(d.unit for d in position.dislodged))
