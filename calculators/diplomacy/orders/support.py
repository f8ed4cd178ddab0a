"""The support order (DIP 4.3, 7.1, 7.2, 11.1, 14.7): ``A Mun S A Ber - Kie``, ``F Lon S F Nth``; its reading,
legality, what cuts it in the resolution (DATC 5.B.1), and the explanation of its result."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..map import Reach, coast_of, province_of, show
from ..units import PhaseKind, Unit
from .base import Illegal, Kind, OrderSpec, Status, find_unit
from .move import WORDS as MOVE_WORDS
from .move import Move, by_convoy, could_move, names, path
from .move import describe as describe_move

if TYPE_CHECKING:
    from ..pieces import Pieces

WORDS = frozenset({"s", "sup", "support", "supports"})
HOLD_WORDS = frozenset({"h", "hold", "holds", "stand", "stands"})


@dataclass(frozen=True, slots=True)
class Support:
    """DIP 4.3: support the unit in ``target`` to hold (``dest`` None) or to move into ``dest``."""

    KIND: ClassVar[Kind] = Kind.SUPPORT

    unit: Unit
    target: str  # province of the supported unit
    dest: str | None = None  # province
    dest_coast: str | None = None  # a coast written in the support must match the move (ruling DIP R9)


def read_target(reader, toks: list[str], k: int, ctx) -> dict:
    """The supported (or convoyed) unit, its power if written, and where it goes; its power and A/F/2A are not
    checked (ruling DIP R8)."""
    power, k = reader.owner(toks, k)
    ttype, target, _, k = reader.unit(toks, k, ctx)
    dest = None
    if k < len(toks) and toks[k] in MOVE_WORDS:
        k += 1
        if k < len(toks) and toks[k] == "to":
            k += 1
        dest, k = reader.place(toks, k, ctx)
    elif k < len(toks) and toks[k] in HOLD_WORDS:
        k += 1
    reader.end(toks, k, ctx)
    return {"target_type": ttype, "target": target, "dest": dest, "target_power": power}


def _rules(unit: Unit, *rules: str) -> tuple[str, ...]:
    return rules + (unit.type.moves_rule if unit.type.reach is Reach.ANY else ())


def check(context, unit: Unit, parsed) -> Support:
    """DIP 4.3, 7.2: a support the unit could give, for a move the supported unit could make."""
    gmap = context.board
    target = find_unit(context.units, parsed.target, None, "unit to support")
    if target.province == unit.province:
        raise Illegal("a unit cannot support itself", ("DIP 4.3",))
    if parsed.dest is None:
        if not gmap.can_reach_province(unit.type.reach, unit.location, target.province):
            raise Illegal(f"{unit.label()} could not move to {show(target.province)}, so cannot support there",
                          _rules(unit, "DIP 7.2"))
        return Support(unit, target.province, None)
    dest = province_of(parsed.dest)
    if dest == target.province:
        raise Illegal("a unit cannot be supported into its own province", ("DIP 4.3",))
    if dest == unit.province:
        raise Illegal(f"{unit.label()} cannot support a move into its own province", ("DIP 7.2", "DIP 10.3"))
    if not gmap.can_reach_province(unit.type.reach, unit.location, dest):
        raise Illegal(f"{unit.label()} could not move to {show(dest)}, so cannot support a move there",
                      _rules(unit, "DIP 7.2"))
    if not could_move(gmap, target, dest, context.fleets_at_sea - {unit.province}):
        raise Illegal(f"{target.label()} could not move to {show(dest)}", _rules(target, "DIP 4.3", "DIP 5.3"))
    coast = coast_of(parsed.dest) if gmap.provinces[dest].coasts else None
    return Support(unit, target.province, dest, coast)


def options(context, unit: Unit):
    """DIP 4.3, 7.2, ruling DIP R9: support to hold every unit the supporter could move to, and support for every
    move a unit could make into a province the supporter could move to (DATC 6.D.31: not through the supporter),
    a coast named for a fleet that can reach it (by a supporter that names coasts: one that stands in whole
    provinces, a variant's, names none)."""
    gmap, me = context.board, unit.label()
    mine = sorted({province_of(x) for x in gmap.reach(unit.type.reach, unit.location)} - {unit.province})
    fleets = context.fleets_at_sea - {unit.province}
    for target in sorted(context.units.values(), key=lambda u: u.province):
        if target.province == unit.province:
            continue
        them = target.label()
        if target.province in mine:
            yield f"{me} S {them}"
        for dest in mine:
            if dest == target.province or not could_move(gmap, target, dest, fleets):
                continue
            yield f"{me} S {them} - {show(dest)}"
            if target.type.reach is Reach.SEA and unit.type.reach is not Reach.ANY and gmap.provinces[dest].coasts:
                for loc in gmap.fleet_coasts_to(target.location, dest):
                    yield f"{me} S {them} - {show(loc)}"


def matches(order: Support, target_order) -> bool:
    """DIP 4.3, ruling DIP R9: does the supported unit do what the support names?"""
    moving = isinstance(target_order, Move)
    if order.dest is None:
        return not moving
    return (moving and target_order.dest_province == order.dest
            and (order.dest_coast is None or coast_of(target_order.dest) == order.dest_coast))


def void_reason(order: Support, target_order) -> str:
    """Why a legal support did nothing (ruling DIP R1)."""
    moving = isinstance(target_order, Move)
    if order.dest is None:
        if moving:
            return f"void: {describe_move(target_order)} moves, so it cannot be supported to hold"
        return f"void: nothing stays in {show(order.target)} to be supported"
    want = show(order.dest) + (f"/{order.dest_coast}" if order.dest_coast else "")
    if moving:
        return f"void: {target_order.unit.label()} moves to {show(target_order.dest)}, not {want}"
    if target_order is None:
        return f"void: the unit in {show(order.target)} does not move to {want}"
    return f"void: {target_order.unit.label()} did not move to {want}"


# -- the resolution (DATC 5.B.1) ---------------------------------------------------------------
def given(r: Pieces, i: int) -> bool:
    """DIP 11.1, WOTW 6.2: cut by an attack from anywhere but the province supported into (all of a strong
    unit's support at once); lost if dislodged.

    An attack from the province supported into never cuts, even by convoy (ruling DIP R15), a Martian
    unit's support included (ruling WOTW R15).
    """
    attackers = r.into.get(r.prov[i])
    if not attackers:
        return True
    into = r.sdest[i]
    me = r.power[i]
    for m in attackers:
        if r.prov[m] != into and r.power[m] != me and path(r, m):
            return False
    return not any(r.prov[m] == into and r.resolve(m) for m in attackers)


def given_read(r: Pieces, i: int) -> bool:
    """``given`` under other readings of rulings DIP R2 and R15 (``cutters``)."""
    attackers = r.into.get(r.prov[i])
    if not attackers:
        return True
    if next(cutting(r, i), None) is not None:
        return False
    into = r.sdest[i]
    return not any(r.prov[m] == into and r.resolve(m) for m in attackers)


def cutting(r: Pieces, i: int) -> Iterator[int]:
    """DIP 11.1: the attacks that cut support i, one at a time.  A convoyed attack from the province supported
    into cuts under ruling DIP R15's from-the-sea reading; a convoyed army never cuts a support given to a body
    of water holding a convoying fleet under ruling DIP R2's 1982 rule."""
    into, me = r.sdest[i], r.power[i]
    for m in r.into.get(r.prov[i], ()):
        if r.power[m] == me:
            continue
        if r.prov[m] == into and not (r.cut_from_sea and by_convoy(r, m)):
            continue
        if spared_1982(r, i, m):
            continue
        if path(r, m):
            yield m


def spared_1982(r: Pieces, i: int, m: int) -> bool:
    """Ruling DIP R2, the 1982 rule: the convoyed army m does not cut support i, given to a body of water
    holding a convoying fleet."""
    return r.rule_1982 and r.sdest[i] in r.convoy_seas and r.power[m] != r.power[i] and by_convoy(r, m)


# -- the result -----------------------------------------------------------------------------
def explain(r: Pieces, i: int) -> tuple[Status, str, tuple[str, ...]]:
    """DIP 11.1: given, cut, or lost with the unit's dislodgement."""
    o = r.orders[i]
    if type(o) is not Support:
        raise TypeError(f"piece {i} is not a support")
    if r.resolve(i):
        what = f"into {show(o.dest)}" if o.dest else f"to hold {show(o.target)}"
        spared = [m for m in r.entering(r.prov[i]) if spared_1982(r, i, m)]
        if spared:
            return (Status.SUCCEEDS, f"support given {what}: the army convoyed from {names(r, spared)} does not "
                    f"cut a support given to a sea holding a convoying fleet (the 1982 rule)",
                    ("DIP 4.3", "DIP 10.1", r.options.cite("DIP R2")))
        return Status.SUCCEEDS, f"support given {what}", ("DIP 4.3", "DIP 10.1")
    if r.is_decided(i):
        reason, rules = r.why_decided(i)
        return Status.FAILS, reason, rules
    into = r.sdest[i]
    cutters = list(cutting(r, i))
    if cutters:
        rules = ("DIP 11.1",)
        if any(r.prov[m] == into for m in cutters):  # ruling DIP R15: a convoyed attack from there cuts
            rules += (r.options.cite("DIP R15"),)
        return Status.FAILS, f"support cut by the attack from {names(r, cutters)}", rules
    return (Status.FAILS, f"support lost: the supporting unit was dislodged from {show(into)}",
            ("DIP 10.2", "DIP 11.1"))


def describe(order: Support) -> str:
    if order.dest is None:
        return f"{order.unit.label()} S {show(order.target)}"
    return f"{order.unit.label()} S {show(order.target)} - {show(order.dest)}"


SPEC = OrderSpec("support", Support, frozenset({PhaseKind.MOVEMENT}), describe, Kind.SUPPORT, verbs=WORDS,
                 read=read_target, check=check, explain=explain, options=options)
