"""The Martian merge (WOTW 5.3-5.5, 5.9, rulings WOTW R8, R12): ``2A Par merge Bur, A Pic merge Bur``.

Every participant gives the merge order (WOTW 5.5); the participants moving in make one attack at
their summed strength, with every support given to any of them (ruling WOTW R8); one already in
the destination holds there and joins (WOTW 5.4).  Without a partner, or when another Martian unit
is ordered there without the merge word, the order is a plain move (WOTW 5.5).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..diplomacy.api import (Hold, Illegal, Kind, Move, OrderSpec, PhaseKind, Pieces, Status, Unit, explain, move_facts,
                             show)
from .board import MARTIAN, MAX_STRENGTH, board, martian_adjacent
from .split import Split


@dataclass(frozen=True, slots=True)
class Merge:
    unit: Unit
    dest: str
    reading: str = "merge"  # "merge"; or, without partners (WOTW 5.5), "move" (a plain move) or "stay" (a hold)
    total: int = 0  # the strength the merged unit would have (WOTW 5.3)
    why: str = ""  # why it is read as a plain move

    @property
    def dest_province(self) -> str:
        return self.dest


def check(context, unit: Unit, parsed) -> Merge:
    """WOTW 4.1, 5.3, ruling WOTW R2: a merge into the unit's own province or one next to it."""
    dest = parsed.dest
    if dest != unit.province and not martian_adjacent(unit.province, dest):
        raise Illegal(f"{show(dest)} is not next to {show(unit.province)}", ("DIP 5.3", "WOTW 4.1", "WOTW R2"))
    return Merge(unit, dest)


def options(context, unit: Unit):
    """WOTW 5.3, 5.4, ruling WOTW R2: a merge into the unit's own province or any province next to it."""
    if unit.power != MARTIAN:
        return
    me = unit.label()
    for dest in [unit.province, *sorted(board().neighbours(unit.province))]:
        yield f"{me} merge {show(dest)}"


def _plain_targets(chosen: dict) -> set[str]:
    """Where the Martian's own plain moves and split parts go."""
    out = set()
    for prov, o in chosen.items():
        if o.unit.power != MARTIAN:
            continue
        if isinstance(o, Move):
            out.add(o.dest_province)
        elif isinstance(o, Split):
            out.update(d for _, d in o.parts if d != prov)
    return out


def settle(context, chosen: dict, reject) -> dict:
    """WOTW 4.4, 5.5, ruling WOTW R8: which merge orders form a merge, which are plain moves, which are illegal."""
    groups: dict[str, list[str]] = {}
    for prov, o in chosen.items():
        if isinstance(o, Merge):
            groups.setdefault(o.dest, []).append(prov)
    plain = _plain_targets(chosen)
    for dest, provs in groups.items():
        total = sum(chosen[p].unit.strength for p in provs)
        movers_in = [p for p in provs if p != dest]
        if dest in plain or len(provs) < 2 or not movers_in:
            why = ("another Martian unit is ordered there without a merge order" if dest in plain
                   else f"no other unit gives a merge order for {show(dest)}")
            for p in provs:
                chosen[p] = replace(chosen[p], reading="stay" if p == dest else "move", why=why)
        elif total > MAX_STRENGTH:
            for p in provs:
                reject(p, f"the merge in {show(dest)} would total {total}, above the maximum of {MAX_STRENGTH}",
                       ("WOTW 4.4", "WOTW R8"))
                del chosen[p]
        else:
            for p in provs:
                chosen[p] = replace(chosen[p], total=total)
    return chosen


def pieces(order: Merge):
    """WOTW 5.3, 5.4, ruling WOTW R8: one move into the destination, joined with the other participants'
    (a participant already there holds and joins)."""
    if order.reading == "stay":
        return ((Hold(order.unit), None),)
    if order.reading == "move":
        return ((Move(order.unit, order.dest), None),)
    key = ("merge", order.dest)
    if order.unit.province == order.dest:
        return ((Hold(order.unit), key),)
    return ((Move(order.unit, order.dest), key),)


def explain_merge(facts: Pieces, i: int) -> tuple[Status, str, tuple[str, ...]]:
    """The merge's one result, for every participant; read as a plain move, the move's (WOTW 5.5)."""
    o = facts.source(i)
    if o.reading == "stay":
        return Status.SUCCEEDS, f"no other unit merges here, so it holds ({o.why})", ("WOTW 5.5",)
    if o.reading == "move":
        status, reason, rules = explain(facts, i)
        return status, f"read as a move at strength {o.unit.strength} to {show(o.dest)} ({o.why}): {reason}", \
            ("WOTW 5.5",) + rules
    if o.unit.province == o.dest:
        return Status.SUCCEEDS, f"stays in {show(o.dest)} for the merge there (total {o.total})", ("WOTW 5.4",)
    if facts.succeeded(i):
        attack = move_facts(facts, i).attack
        support = attack - o.total
        strength = f"strength {attack}: combined {o.total} + {support} support" if support > 0 else \
            f"combined strength {o.total}"
        return Status.SUCCEEDS, f"merges into {show(o.dest)} ({strength})", ("WOTW 5.3", "WOTW 6.1", "WOTW R8")
    return (Status.FAILS, f"the merge into {show(o.dest)} (combined strength {o.total}) fails: {explain(facts, i)[1]}",
            ("WOTW 5.3", "WOTW 5.9", "WOTW R12"))


def describe(order: Merge) -> str:
    return f"{order.unit.label()} merge {show(order.dest)}"


SPEC = OrderSpec("merge", Merge, frozenset({PhaseKind.MOVEMENT}), describe, Kind.MOVE, check=check, settle=settle,
                 pieces=pieces, explain=explain_merge, options=options)
