"""The retreat order (DIP 10.2, 12.1-12.5, 14.4): ``A Mun R Boh`` (or ``A Mun - Boh`` in a retreat phase)."""
from __future__ import annotations

from dataclasses import dataclass

from ..map import GameMap, Reach, province_of, show
from ..units import PhaseKind, Unit
from .base import Illegal, Kind, OrderSpec
from .move import destination
from .move import read as read_destination

WORDS = frozenset({"r", "retreat", "retreats"})


@dataclass(frozen=True, slots=True)
class Retreat:
    unit: Unit
    dest: str


def options(gmap: GameMap, position, d) -> tuple[str, ...]:
    """DIP 12.1-12.3: where a dislodged unit may go (empty, reachable, not the attacker's origin, no stand-off)."""
    occupied = {u.province for u in position.units}
    u = d.unit
    cands = sorted(gmap.reach(u.type.reach, u.location))
    return tuple(c for c in cands if province_of(c) not in occupied and province_of(c) != d.attacker_from
                 and province_of(c) not in position.contested)


def read(reader, toks: list[str], k: int, ctx) -> dict:
    return read_destination(reader, toks, k, ctx)


def check(context, d, parsed) -> Retreat:
    """DIP 12.1, 12.2, 12.3, 12.5: a retreat to an empty adjacent place, by no convoy, not where the attacker came from,
    not left empty by a stand-off."""
    gmap, position, u = context.board, context.position, d.unit
    target = destination(gmap, u, parsed.dest)  # adjacency, terrain, coasts as for a move (DIP 12.1)
    prov = province_of(target)
    if u.type.reach is Reach.LAND and prov not in gmap.army_adj.get(u.province, ()):
        raise Illegal(f"{u.label()} can retreat only to an adjacent province, never by convoy",
                      ("DIP 12.1", "DIP 12.5"))
    if prov == d.attacker_from:
        raise Illegal(f"{show(prov)} is where the attacker came from", ("DIP 12.3",))
    if prov in position.contested:
        raise Illegal(f"{show(prov)} was left empty by a stand-off", ("DIP 12.2",))
    if position.unit_in(prov) is not None:
        raise Illegal(f"{show(prov)} is occupied", ("DIP 12.1",))
    return Retreat(u, target)


def describe(order: Retreat) -> str:
    return f"{order.unit.label()} R {show(order.dest)}"


SPEC = OrderSpec("retreat", Retreat, frozenset({PhaseKind.RETREATS}), describe, Kind.NONE, verbs=WORDS, read=read,
                 check=check)
