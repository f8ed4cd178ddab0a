"""A movement phase as four steps: check the written orders, resolve, explain, place the units
(DIP 2.3, 4-11).  Each order kind does its own part through its module's record (``orders``).

DATC 4.E.1 (ruling DIP R1): an order that could not be valid whatever the other orders are is
*illegal* and ignored: the unit holds and may be supported in place.  A legal support or convoy
that matches no real order is *void*: the unit stays where it is.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from .map import GameMap, province_of, show
from .orders import (Hold, Illegal, Move, OrderKind, Outcome, ParsedOrder, Status, a_unit, find_unit, phase_words,
                     spec_of, strict_designation)
from .orders.base import HOLD
from .orders.convoy import Convoy
from .orders.convoy import matches as convoy_matches
from .orders.convoy import void_reason as convoy_void
from .orders.support import Support
from .orders.support import matches as support_matches
from .orders.support import void_reason as support_void
from .position import Dislodged, Position
from .readings import DEFAULT, ConvoyRetreat, Designation, Options
from .orders.move import by_convoy, contested
from .pieces import Checked, Piece, Pieces, Resolution, Written
from .resolver import Resolver
from .turn import Turn, Variant, but
from .units import PhaseKind, Unit


@dataclass(frozen=True, slots=True)
class Context:
    """What an order kind's check may consult."""

    board: GameMap
    position: Position
    units: Mapping[str, Unit]  # by province
    fleets_at_sea: frozenset[str]  # sea provinces with a unit that may convoy (DIP 8.1)
    variant: Variant
    options: Options = DEFAULT  # the readings of the switchable rulings (DIP R4, R8)


def context(turn: Turn, position: Position | None = None) -> Context:
    return context_for(turn.variant, position or turn.position, turn.options)


def context_for(variant: Variant, position: Position, options: Options = DEFAULT) -> Context:
    """What the order checks of a movement phase consult, for a variant's position."""
    gmap = variant.board
    units = {u.province: u for u in position.units}
    fleets = frozenset(p for p, u in units.items() if u.type.convoys and gmap.is_sea(p))
    return Context(gmap, position, units, fleets, variant, options)


def named_by_label(unit: Unit) -> str:
    """How the standard game names a unit in explanations: as players write it (``A Par``)."""
    return unit.label()


# -- the check ---------------------------------------------------------------------------------
def check_written(ctx: Context, p: ParsedOrder) -> Written:
    """DIP 2.3, 12.5: in a movement phase only movement orders; the order's kind checks the rest."""
    w = Written(p, None, None)
    try:
        spec = p.spec
        if PhaseKind.MOVEMENT not in spec.phases:
            raise Illegal(f"a {spec.name} order is given only in {phase_words(spec.phases)}", ("DIP 2.3", "DIP 12.5"))
        w.unit = unit = find_unit(ctx.units, p.location or "", p.power)
        ctx.variant.designation(unit, p)
        if ctx.options.designation is Designation.STRICT:
            strict_designation(ctx.units, unit, p)
        w.order = spec.check(ctx, unit, p)
    except Illegal as err:
        w.order, w.error, w.rules = None, err.message, err.rules
    return w


def _one_order_each(written: list[Written]) -> dict[str, Any]:
    """Ruling DIP R10: the same order twice counts once; two different orders for one unit: it holds."""
    candidates: dict[str, list[tuple[Written, Unit]]] = {}
    for w in written:
        if w.order is not None and w.unit is not None:
            candidates.setdefault(w.unit.province, []).append((w, w.unit))
    chosen = {}
    for prov, ws in candidates.items():
        if len(ws) == 1 or len({w.order for w, _ in ws}) == 1:
            chosen[prov] = ws[0][0].order
            for w, _ in ws[1:]:
                w.error, w.rules, w.order = "the same order was given twice; it counts once", ("DIP R10",), None
                w.repeated = True
            continue
        for w, unit in ws:
            w.error = f"{unit.label()} was given {len(ws)} different orders, so it holds"
            w.rules, w.order = ("DIP R10",), None
    return chosen


def _pieces(effective: tuple[Any, ...]) -> tuple[list[Piece], list[int], list[Any]]:
    """Each effective order's pieces for the resolver, the unit each comes from, and their group keys."""
    orders: list[Piece] = []
    origin: list[int] = []
    keys: list[Any] = []
    for u, o in enumerate(effective):
        spec = spec_of(o)
        if spec.pieces is None:
            orders.append(o)
            origin.append(u)
            keys.append(None)
            continue
        for piece, key in spec.pieces(o):
            orders.append(piece)
            origin.append(u)
            keys.append(key)
    return orders, origin, keys


def _match(orders: list[Piece], origin: list[int], effective: tuple[Any, ...]
           ) -> tuple[dict[int, tuple[int, ...]], dict[int, str]]:
    """Supports and convoys meet the piece they name, or are void and hold (DIP 4.3, 4.4, ruling DIP R1)."""
    holding: dict[str, int] = {}
    moving: dict[tuple[str, str], int] = {}
    for j, o in enumerate(orders):
        p = o.unit.province
        if type(o) is Move:
            moving[(p, o.dest_province)] = j
        elif o.unit.strength:
            holding.setdefault(p, j)
    supports: dict[int, list[int]] = {}
    void: dict[int, str] = {}
    target_of = {o.unit.province: o for o in effective}
    for j, o in enumerate(orders):
        if type(o) is Support:
            k = holding.get(o.target) if o.dest is None else moving.get((o.target, o.dest))
            if k is not None and support_matches(o, orders[k]):
                supports.setdefault(k, []).append(j)
                continue
            void[origin[j]] = support_void(o, target_of.get(o.target))
        elif type(o) is Convoy:
            k = moving.get((o.army, o.dest))
            if k is not None and convoy_matches(o, orders[k]):
                continue
            void[origin[j]] = convoy_void(o, target_of.get(o.army))
        else:
            continue
        orders[j] = Hold(o.unit)
    return {k: tuple(v) for k, v in supports.items()}, void


@cache
def _settlers(kinds: tuple[Any, ...]) -> tuple[Callable[..., dict[str, Any]], ...]:
    """The order kinds that settle the phase's orders together (a convoy's route, a merge's partners)."""
    return tuple(k.value.settle for k in kinds if k.value.settle is not None)


def settle_alone(ctx: Context, order: Any) -> Illegal | None:
    """The cross-order stage for one order given alone: why it is refused there (ruling DIP R5), or None."""
    refused: list[Illegal] = []
    chosen = {order.unit.province: order}
    for settle in _settlers(ctx.variant.order_kinds):
        chosen = settle(ctx, chosen, lambda prov, message, rules: refused.append(Illegal(message, rules)))
    return refused[0] if refused else None


def check_orders(turn: Turn) -> Turn:
    """DIP 2.3, 4.1-4.4, 5.2-5.5, 7.2, 8.1, 8.2 with rulings DIP R1, R4, R5, R10: every written order checked,
    one effective order per unit, and the pieces the resolver will weigh."""
    ctx = context(turn)
    written = [check_written(ctx, p) for p in turn.orders]
    chosen = _one_order_each(written)

    def reject(prov: str, message: str, rules: tuple[str, ...]) -> None:
        for w in written:
            if w.unit is not None and w.unit.province == prov and w.order is not None:
                w.error, w.rules, w.order = message, rules, None

    for settle in _settlers(turn.variant.order_kinds):
        chosen = settle(ctx, chosen, reject)
    units = turn.position.units
    effective = tuple(chosen.get(u.province) or Hold(u) for u in units)
    orders, origin, keys = _pieces(effective)
    supports, void = _match(orders, origin, effective)
    groups: dict[Any, list[int]] = {}
    for j, key in enumerate(keys):
        if key is not None:
            groups.setdefault(key, []).append(j)
    namer = turn.variant.name_in_explanations
    resolution = Resolution(tuple(orders), supports, tuple(tuple(g) for g in groups.values()),
                            group_cap=turn.variant.group_cap, origin=tuple(origin),
                            namer=None if namer is named_by_label else namer,
                            sources=tuple(effective[u] for u in origin), options=turn.options)
    return turn.but(orders=(), check=Checked(tuple(written), effective, resolution, void))


# -- the resolution -------------------------------------------------------------------------------
def resolve_moves(turn: Turn) -> Turn:
    """DATC 5: the guess-and-check resolution of every piece, with the season's barriers and decisions."""
    resolution = turn.checked.resolution
    if turn.barriers or turn.decided:
        resolution = but(resolution, barriers=dict(turn.barriers), decided=dict(turn.decided))
    return turn.but(facts=Resolver(turn.variant.board, resolution).run())


# -- the explanations -------------------------------------------------------------------------------
def designation_note(parsed: ParsedOrder, unit: Unit | None, target: Unit | None = None
                     ) -> tuple[str, tuple[str, ...]]:
    """Ruling DIP R8: say so when the written A/F or coast differs from the unit ordered or supported."""
    if unit is None or parsed.location is None:
        return "", ()
    if (parsed.unit_type is None or parsed.unit_type.value == unit.type.value) and parsed.target_type is None \
            and "/" not in parsed.location:
        return "", ()  # nothing written that could differ
    facts = []
    if parsed.unit_type is not None and parsed.unit_type.value != unit.type.value:
        facts.append(f"the unit in {show(unit.province)} is {a_unit(unit)}")
    if (target is not None and parsed.kind is OrderKind.SUPPORT and parsed.target_type is not None
            and parsed.target_type.value != target.type.value):  # a convoy's wrong target already says "is a fleet"
        facts.append(f"the unit in {show(target.province)} is {a_unit(target)}")
    written = parsed.location.partition("/")[2]
    actual = unit.location.partition("/")[2]
    if written and actual and written != actual:
        facts.append(f"the fleet is on {show(unit.location)}, not {show(parsed.location)}")
    if not facts:
        return "", ()
    return (f"; note: {' and '.join(facts)} (the letters and coasts written are not checked, ruling DIP R8)",
            ("DIP R8",))


def _unit_result(facts: Pieces, checked: Checked, u: int, text: str, line: int, written: Any = None) -> Outcome:
    """What became of unit u's order: its kind explains it; a void support or convoy says why."""
    pieces = facts.pieces_of(u)
    first = pieces[0]
    effective = checked.effective[u]
    unit = effective.unit
    if u in checked.void:
        own = "DIP 4.3" if isinstance(written, Support) else "DIP 4.4"
        rules = (own, "DIP R1") + (("DIP R9",) if isinstance(written, Support) and written.dest_coast else ())
        status, reason = Status.VOID, checked.void[u]
    else:
        status, reason, rules = spec_of(effective).explain(facts, first)
    dis = facts.dislodged_by(first) if len(pieces) == 1 else None
    if dis is not None:
        reason += f"; dislodged by {facts.label(dis)}"
        rules = rules + ("DIP 10.2",)
        if status is Status.SUCCEEDS and facts.kind[first] == HOLD:
            status = Status.FAILS
    return Outcome(unit.power, text, written if written is not None else effective, status, reason, rules,
                   dis is not None, line)


def explain_moves(turn: Turn) -> Turn:
    """A reason a player understands for every written order, and for every unit left without one."""
    facts, checked = turn.resolved, turn.checked
    units = turn.position.units
    index = {u.province: i for i, u in enumerate(units)}
    outcomes, ordered = [], set()
    lenient = turn.options.designation is Designation.LENIENT
    for w in checked.written:
        target = None
        if w.parsed.target is not None:
            j = index.get(province_of(w.parsed.target))
            target = units[j] if j is not None else None
        note, note_rules = designation_note(w.parsed, w.unit, target) if lenient else ("", ())
        i = index.get(w.unit.province) if w.unit is not None else None
        if w.order is None or i is None:
            holds = i is not None and not w.repeated
            dislodged = i is not None and facts.dislodged_by(_first_piece(facts, i)) is not None
            outcomes.append(Outcome(w.unit.power if w.unit is not None else (w.parsed.power or ""), w.parsed.text,
                                    None, Status.ILLEGAL, w.error + note + ("; the unit holds" if holds else ""),
                                    w.rules + ("DIP R1",) + note_rules, dislodged, w.parsed.line))
            if holds:
                ordered.add(i)
            continue
        ordered.add(i)
        out = _unit_result(facts, checked, i, w.parsed.text, w.parsed.line, w.order)
        if note:
            out = out._replace(reason=out.reason + note, rules=out.rules + note_rules)
        outcomes.append(out)
    for i, u in enumerate(units):
        if i not in ordered:
            outcomes.append(_unit_result(facts, checked, i, f"{u.label()} (no order: holds)", 0))
    return turn.add(*outcomes)


def _first_piece(facts: Pieces, u: int) -> int:
    return facts.pieces_of(u)[0]


# -- the position after the moves -----------------------------------------------------------------
def _map_marks(facts: Pieces) -> tuple[tuple, tuple, tuple]:
    moves, supports, convoys = [], [], []
    for i, o in enumerate(facts.orders):
        if type(o) is Move:
            moves.append((o.unit.power, o.unit.location, o.dest, facts.resolve(i)))
        elif type(o) is Support:
            supports.append((o.unit.location, o.target, o.dest, facts.resolve(i)))
        elif type(o) is Convoy:
            convoys.append((o.unit.location, o.army, o.dest, facts.resolve(i)))
    return tuple(moves), tuple(supports), tuple(convoys)


def place_units(turn: Turn) -> Turn:
    """DIP 10.2, ruling DIP R6: the units after the moves, the dislodged ones with the province their
    attacker came from (none after an attack by convoy, unless the reading closes it), and the provinces left
    empty by a stand-off.

    A piece of a unit that does not retreat (a variant's kind: the Martian's, WOTW 7.1) is simply gone when
    dislodged; pieces of
    one power ending in one province make one unit of their summed strength (a variant's merge).
    """
    facts = turn.resolved
    placed: dict[str, Unit] = {}
    dislodged: list[Dislodged] = []
    convoy_open = turn.options.convoy_retreat is ConvoyRetreat.OPEN
    for u, unit in enumerate(turn.position.units):
        for j in facts.pieces_of(u):
            o = facts.orders[j]
            if type(o) is Move and facts.resolve(j):
                _place(placed, unit, o.dest, o.unit.strength)
                continue
            by = facts.dislodged_by(j)
            if by is None:
                _place(placed, unit, unit.location, o.unit.strength)
            elif unit.type.retreats:
                dislodged.append(Dislodged(unit, None if convoy_open and by_convoy(facts, by) else facts.prov[by]))
    moves, supports, convoys = _map_marks(facts)
    position = turn.position.but(units=tuple(placed.values()), dislodged=tuple(dislodged),
                       contested=contested(facts))
    return turn.but(position=position, moves=moves, supports=supports, convoys=convoys)


def _place(placed: dict[str, Unit], unit: Unit, location: str, strength: int) -> None:
    """A piece ends at ``location``: a unit there of the same power takes it in (a variant's merge)."""
    prov = province_of(location)
    there = placed.get(prov)
    if there is not None:
        placed[prov] = there.with_strength(there.strength + strength)
    elif location == unit.location and strength == unit.strength:
        placed[prov] = unit
    else:
        placed[prov] = Unit(unit.power, unit.type, location, strength)


MOVEMENT_STEPS = (check_orders, resolve_moves, explain_moves, place_units)
