"""The convoy order (DIP 4.4, 8.1, 8.2): ``F Nth C A Lon - Bel``; rulings DIP R4 (intent) and R5
(a convoy must be needed by some route)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..map import GameMap, Reach, Terrain, show
from ..readings import ConvoyIntent
from ..units import PhaseKind, Unit
from .base import Illegal, Kind, OrderSpec, Status, find_unit
from .move import Move, szykman
from .support import read_target

if TYPE_CHECKING:
    from ..pieces import Pieces

WORDS = frozenset({"c", "convoy", "convoys"})


@dataclass(frozen=True, slots=True)
class Convoy:
    """DIP 4.4: a fleet convoys the army in province ``army`` to province ``dest``."""

    KIND: ClassVar[Kind] = Kind.CONVOY

    unit: Unit
    army: str
    dest: str


def read(reader, toks: list[str], k: int, ctx) -> dict:
    fields = read_target(reader, toks, k, ctx)
    if fields["dest"] is None:
        reader.fail(ctx, "a convoy needs the army's destination (F Nth C A Lon - Bel)")
    return fields


def check(context, unit: Unit, parsed) -> Convoy:
    """DIP 8.1: a fleet at sea convoys an army to a coastal province."""
    gmap = context.board
    if not unit.type.convoys:
        what = "only fleets convoy" if unit.type.reach is Reach.LAND else f"a {unit.type.word} never convoys"
        raise Illegal(what, unit.type.convoy_rule)
    if not gmap.is_sea(unit.province):
        raise Illegal(f"a fleet convoys only from a sea province, not {gmap.provinces[unit.province].name}",
                      ("DIP 8.1",))
    army = find_unit(context.units, parsed.target, None, "army to convoy")
    if not army.type.convoyed:
        raise Illegal(f"{army.label()} is a {army.type.word}; only armies are convoyed", army.type.convoy_rule)
    dest = parsed.dest.split("/", 1)[0]
    info = gmap.provinces[dest]
    if dest == army.province or info.terrain is not Terrain.COAST:
        raise Illegal(f"an army cannot be convoyed to {info.name}", ("DIP 8.1",))
    return Convoy(unit, army.province, dest)


def on_minimal_route(src: str, dst: str, fleet: str, fleets, sea_adj) -> bool:
    """Ruling DIP R5 (DATC 6.G.19): is ``fleet`` needed by some convoy route from src to dst?

    A route src, f1..fk, dst (each step adjacent) needs every fleet in it exactly when no
    two non-consecutive members are adjacent (a chordless path; src and dst themselves may
    be adjacent, as a convoy to a neighbouring province is allowed).
    """
    def extend(path: list[str]) -> bool:
        last = path[-1]
        if last != src and dst in sea_adj[last]:
            return fleet in path
        for f in fleets:
            if f in path or last not in sea_adj[f]:
                continue
            if any(p in sea_adj[f] for p in path[:-1]):
                continue  # a chord: f could be reached by skipping a fleet
            path.append(f)
            if extend(path):
                return True
            path.pop()
        return False

    return extend([src])


def settle(context, chosen: dict, reject) -> dict:
    """Rulings DIP R5 then R4: convoys no route needs are illegal; an army goes by convoy when it
    must, and to a province it could walk to as the reading of DIP R4 says (``wants_convoy``; DATC 6.G)."""
    gmap: GameMap = context.board
    ordered: dict[tuple[str, str], list[str]] = {}
    for prov, o in list(chosen.items()):
        if type(o) is Convoy:
            if not on_minimal_route(o.army, o.dest, prov, context.fleets_at_sea, gmap.sea_adjacency):
                reject(prov, f"{show(prov)} is not needed by any convoy route from {show(o.army)} to "
                       f"{show(o.dest)}", ("DIP 8.2", "DIP R5"))
                del chosen[prov]
                continue
            ordered.setdefault((o.army, o.dest), []).append(prov)
    intent = context.options.convoy_intent
    for prov, o in chosen.items():
        if type(o) is not Move or not o.unit.type.convoyed:
            continue
        d = o.dest_province
        if d not in gmap.reach(o.unit.type.reach, o.unit.location):
            if not o.via_convoy:
                # Without convoy orders along a route the move still stands and fails (DATC 6.D.8).
                chosen[prov] = Move(o.unit, o.dest, True)
            continue
        by_convoy = wants_convoy(intent, o, ordered.get((prov, d), ()), chosen)
        if by_convoy != o.via_convoy:
            chosen[prov] = Move(o.unit, o.dest, by_convoy)
    return chosen


def wants_convoy(intent: ConvoyIntent, move: Move, fleets, chosen: dict) -> bool:
    """Ruling DIP R4: does an army ordered to a province it could walk to travel by convoy?

    2023 (and with a fall-back to land): when its order says via convoy, or a fleet of its own power is
    ordered to convoy it there; DPTG: only when its order says via convoy; 1971: when any fleet is ordered
    to convoy it there and the unit in the destination, an army or a fleet, moves to the army's province
    ("via convoy" unread), as DATC 4.A.3 plays the 1971 rulebook's "two pieces may exchange places" (6.G.2, 6.G.7).
    """
    if intent is ConvoyIntent.VIA_CONVOY_ONLY:
        return move.via_convoy
    if intent is ConvoyIntent.OPPOSITE_MOVE_1971:
        there = chosen.get(move.dest_province)
        return bool(fleets) and type(there) is Move and there.dest_province == move.unit.province
    return move.via_convoy or any(chosen[f].unit.power == move.unit.power for f in fleets)


def options(context, unit: Unit):
    """DIP 8.1, ruling DIP R5: a fleet at sea convoys any army to any coast that a convoy route through it
    reaches, the fleet needed by the route."""
    gmap = context.board
    if not unit.type.convoys or not gmap.is_sea(unit.province):
        return
    coasts = sorted(p for p, info in gmap.provinces.items() if info.terrain is Terrain.COAST)
    for army in sorted(context.units.values(), key=lambda u: u.province):
        if not army.type.convoyed or gmap.provinces[army.province].terrain is not Terrain.COAST:
            continue
        for dest in coasts:
            if dest != army.province and on_minimal_route(army.province, dest, unit.province, context.fleets_at_sea,
                                                          gmap.sea_adjacency):
                yield f"{unit.label()} C {army.label()} - {show(dest)}"


def matches(order: Convoy, army_order) -> bool:
    """DIP 4.4: the army is ordered to the convoy's destination, by convoy."""
    return isinstance(army_order, Move) and army_order.via_convoy and army_order.dest_province == order.dest


def void_reason(order: Convoy, army_order) -> str:
    if isinstance(army_order, Move) and not army_order.via_convoy:
        return f"void: {army_order.unit.label()} moves to {show(army_order.dest)} over land"
    if isinstance(army_order, Move):
        return f"void: {army_order.unit.label()} moves to {show(army_order.dest)}, not {show(order.dest)}"
    return f"void: the army in {show(order.army)} was not ordered to {show(order.dest)}"


def holds(r: Pieces, i: int) -> bool:
    """DIP 8.1: a convoy holds while the fleet is not dislodged."""
    return not any(r.resolve(m) for m in r.into.get(r.prov[i], ()))


def explain(r: Pieces, i: int) -> tuple[Status, str, tuple[str, ...]]:
    """DIP 8.1: the convoy holds unless the fleet is dislodged; ruling DIP R2 in a paradox."""
    o = r.orders[i]
    if type(o) is not Convoy:
        raise TypeError(f"piece {i} is not a convoy")
    if r.resolve(i):
        return (Status.SUCCEEDS, f"convoy held for the army from {show(o.army)} to {show(o.dest)}",
                ("DIP 4.4", "DIP 8.1"))
    if i in r.szykman or r.dislodged_by(i) is None:
        # The Szykman rule settled it, even where the fleet is then dislodged (DATC 6.F.14): say so.
        rule, rules = szykman(r)
        return Status.FAILS, f"convoy paradox: this convoy is treated as disrupted ({rule})", rules
    return Status.FAILS, "the fleet was dislodged, so the convoy is disrupted", ("DIP 8.1", "DIP 10.2")


def describe(order: Convoy) -> str:
    return f"{order.unit.label()} C A {show(order.army)} - {show(order.dest)}"


SPEC = OrderSpec("convoy", Convoy, frozenset({PhaseKind.MOVEMENT}), describe, Kind.CONVOY, verbs=WORDS, read=read,
                 check=check, settle=settle, explain=explain, options=options)
