"""Checking and resolving one season of Martian orders among themselves.

Legality (WOTW 4.1-4.4, 5.1-5.5, 6.1, rulings WOTW R2, R3, R8) and the outcome when no other
power interferes, or when named moves are blocked (WOTW 5.6-5.9, ruling WOTW R12).
A single power cannot dislodge itself, so the Martian-only outcome needs no strength battles
except stand-offs between its own moves; the greatest fixed point of "a move succeeds when
its destination is left empty" gives circular moves their success (DIP 6 style rotation).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .board import MAX_STRENGTH, martian_adjacent, show
from .orders import Convoy, Hold, Merge, Move, Order, Support
from .units import MartianUnit, designation


@dataclass(frozen=True)
class Verdict:
    """One order as checked: legal or not, why, and how it is read."""

    text: str
    origin: str
    legal: bool
    reason: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Mover:
    """A part of strength ``size`` going from ``origin`` to ``dest``; ``group`` names a merge."""

    origin: str
    size: int
    dest: str
    group: str | None  # the merge destination when this mover is part of a real merge
    text: str


@dataclass
class Plan:
    units: dict[str, MartianUnit]
    verdicts: list[Verdict] = field(default_factory=list)
    movers: list[Mover] = field(default_factory=list)
    stay: dict[str, int] = field(default_factory=dict)  # strength that never tries to leave
    merge_hosts: set[str] = field(default_factory=set)  # provinces where the unit there joins a merge (WOTW 5.4)
    supports: list[Support] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return all(v.legal for v in self.verdicts)


def check(units: tuple[MartianUnit, ...], orders: tuple[Order, ...]) -> Plan:
    """Check every order; illegal ones make their unit hold (DIP standard treatment, ruling WOTW R3)."""
    plan = Plan({u.province: u for u in units})
    ordered: dict[str, Order] = {}
    for o in orders:
        unit = plan.units.get(o.origin)
        if unit is None:
            plan.verdicts.append(Verdict(o.text, o.origin, False, f"there is no Martian unit in {show(o.origin)}.",
                                         ("WOTW 4.3",)))
            continue
        if unit.strength != o.strength:
            plan.verdicts.append(Verdict(o.text, o.origin, False,
                                         f"the unit in {show(o.origin)} is {unit.label}, not {designation(o.strength)}.",
                                         ("WOTW 4.3",)))
            continue
        if o.origin in ordered:
            plan.verdicts.append(Verdict(o.text, o.origin, False, f"{unit.label} already has an order.", ("WOTW 1.1",)))
            continue
        ordered[o.origin] = o

    merges: dict[str, list[Merge]] = {}
    plain_targets: set[str] = set()
    for origin, o in ordered.items():
        if isinstance(o, Move):
            plain_targets.update(p.dest for p in o.parts if p.dest != origin)
        elif isinstance(o, Merge):
            merges.setdefault(o.dest, []).append(o)

    for origin, unit in plan.units.items():
        if origin not in ordered:
            plan.stay[origin] = unit.strength
    for origin, o in ordered.items():
        unit = plan.units[origin]
        if isinstance(o, Hold):
            plan.stay[origin] = unit.strength
            plan.verdicts.append(Verdict(o.text, origin, True, "holds.", ("WOTW 1.1",)))
        elif isinstance(o, Convoy):
            plan.stay[origin] = unit.strength
            plan.verdicts.append(Verdict(o.text, origin, False, "a Martian unit never convoys; it holds.", ("WOTW 4.2",)))
        elif isinstance(o, Support):
            _check_support(plan, unit, o)
        elif isinstance(o, Move):
            _check_move(plan, unit, o)
        else:
            _check_merge(plan, unit, o, merges.get(o.dest, []), o.dest in plain_targets)
    position = {o.text: i for i, o in reversed(list(enumerate(orders)))}
    plan.verdicts.sort(key=lambda v: position.get(v.text, 0))
    return plan


def _hold(plan: Plan, unit: MartianUnit, text: str, reason: str, rules: tuple[str, ...]) -> None:
    plan.stay[unit.province] = unit.strength
    plan.verdicts.append(Verdict(text, unit.province, False, reason + " The unit holds.", rules))


def _check_support(plan: Plan, unit: MartianUnit, o: Support) -> None:
    where = o.dest or o.target
    if where == unit.province or not martian_adjacent(unit.province, where):
        _hold(plan, unit, o.text, f"{unit.label} cannot support into {show(where)}: it could not move there itself.",
              ("DIP 7.2", "WOTW R2"))
        return
    if o.dest is not None and o.target == o.dest:
        _hold(plan, unit, o.text, "a support names a unit's move to another province.", ("DIP 7.2",))
        return
    plan.stay[unit.province] = unit.strength
    plan.supports.append(o)
    what = f"the move {show(o.target)} - {show(o.dest)}" if o.dest else f"the unit in {show(o.target)} holding"
    plan.verdicts.append(Verdict(o.text, unit.province, True,
                                 f"supports {what} with its full strength of {unit.strength}.", ("WOTW 6.1",)))


def _check_move(plan: Plan, unit: MartianUnit, o: Move) -> None:
    here = unit.province
    parts = o.parts
    if len(parts) == 1 and parts[0].size is None:
        sizes = [unit.strength]
    else:
        sizes = [p.size if p.size is not None else 1 for p in parts]
    dests = [p.dest for p in parts]
    if len(set(dests)) != len(dests):
        _hold(plan, unit, o.text, "the order names a destination twice.", ("WOTW R3",))
        return
    if sum(sizes) != unit.strength:
        if unit.strength == 1 and len(parts) > 1:
            why = f"{unit.label} has strength 1, so it cannot split; it moves to one province."
        elif sum(sizes) > unit.strength:
            why = (f"its parts add up to {sum(sizes)}, but {unit.label} has strength {unit.strength}; "
                   f"the parts' strengths must add up to exactly {unit.strength} (an unmarked part is A).")
        else:
            why = (f"its parts add up to {sum(sizes)}, but {unit.label} has strength {unit.strength}; "
                   "to leave part behind, name its own province as a destination.")
        _hold(plan, unit, o.text, why, ("WOTW 5.2", "WOTW R3"))
        return
    for d in dests:
        if d == here and len(parts) == 1:
            _hold(plan, unit, o.text, "a unit cannot move to its own province.", ("DIP 5.3",))
            return
        if d != here and not martian_adjacent(here, d):
            _hold(plan, unit, o.text, f"{show(d)} is not next to {show(here)}.", ("DIP 5.3", "WOTW 4.1", "WOTW R2"))
            return
    rules: tuple[str, ...] = ("WOTW 4.1",)
    bits = []
    for size, d in zip(sizes, dests):
        if d == here:
            plan.stay[here] = plan.stay.get(here, 0) + size
            bits.append(f"{designation(size)} stays in {show(here)}")
        else:
            plan.movers.append(Mover(here, size, d, None, o.text))
            bits.append(f"{designation(size)} to {show(d)}")
    if len(parts) > 1:
        rules = ("WOTW 5.2", "WOTW R3")
        reason = "splits: " + ", ".join(bits) + "."
    else:
        reason = f"moves at strength {unit.strength} to {show(dests[0])}."
    plan.verdicts.append(Verdict(o.text, here, True, reason, rules))


def _check_merge(plan: Plan, unit: MartianUnit, o: Merge, group: list[Merge], contested: bool) -> None:
    here, dest = unit.province, o.dest
    if dest != here and not martian_adjacent(here, dest):
        _hold(plan, unit, o.text, f"{show(dest)} is not next to {show(here)}.", ("DIP 5.3", "WOTW 4.1", "WOTW R2"))
        return
    total = sum(m.strength for m in group)
    movers_in = [m for m in group if m.origin != dest]
    if contested or len(group) < 2 or not movers_in:
        # WOTW 5.5: without every participant's merge order the orders are plain moves.
        if dest == here:
            plan.stay[here] = unit.strength
            plan.verdicts.append(Verdict(o.text, here, True, "no other unit merges here, so it holds.", ("WOTW 5.5",)))
            return
        plan.movers.append(Mover(here, unit.strength, dest, None, o.text))
        why = ("another Martian unit is ordered there without a merge order" if contested
               else "no other unit gives a merge order for " + show(dest))
        plan.verdicts.append(Verdict(o.text, here, True,
                                     f"read as a move at strength {unit.strength} to {show(dest)}: {why}.", ("WOTW 5.5",)))
        return
    if total > MAX_STRENGTH:
        _hold(plan, unit, o.text, f"the merge in {show(dest)} would total {total}, above the maximum of 3.",
              ("WOTW 4.4", "WOTW R8"))
        return
    if dest == here:
        plan.stay[here] = unit.strength
        plan.merge_hosts.add(here)
        plan.verdicts.append(Verdict(o.text, here, True, f"stays in {show(dest)} for the merge there (total {total}).",
                                     ("WOTW 5.4",)))
        return
    plan.movers.append(Mover(here, unit.strength, dest, dest, o.text))
    plan.verdicts.append(Verdict(o.text, here, True, f"merges into {show(dest)} (combined strength {total}).",
                                 ("WOTW 5.3",)))


# -- the Martian-only outcome ---------------------------------------------------------------

@dataclass(frozen=True)
class Outcome:
    success: dict[Mover, bool]
    final: dict[str, int]  # province -> strength at the end of the moves
    attack: dict[str, list[tuple[str, int]]]  # destination -> [(who, strength)]


def _contenders(plan: Plan) -> dict[str, list[tuple[str, list[Mover], int]]]:
    """Per destination, each contender: a plain part, or a merge group as one attack (WOTW 5.3, R8)."""
    out: dict[str, list[tuple[str, list[Mover], int]]] = {}
    groups: dict[str, list[Mover]] = {}
    for m in plan.movers:
        if m.group is None:
            out.setdefault(m.dest, []).append((m.text, [m], m.size + _support(plan, [m])))
        else:
            groups.setdefault(m.dest, []).append(m)
    for dest, ms in groups.items():
        label = " + ".join(m.text for m in ms)
        out.setdefault(dest, []).append((label, ms, sum(m.size for m in ms) + _support(plan, ms)))
    return out


def _support(plan: Plan, movers: list[Mover]) -> int:
    """WOTW 6.1: each supporter adds its full strength; supporting any participant counts once."""
    total = 0
    for s in plan.supports:
        if any(s.target == m.origin and s.dest == m.dest for m in movers):
            total += plan.units[s.origin].strength
    return total


def resolve(plan: Plan, blocked: frozenset[str] = frozenset()) -> Outcome:
    """The Martian-only outcome; moves into ``blocked`` provinces fail as if another power stopped them."""
    contenders = _contenders(plan)
    ok: dict[Mover, bool] = {m: True for m in plan.movers}
    for dest, cs in contenders.items():
        for label, ms, strength in cs:
            beaten = any(other >= strength for lab2, _, other in cs if lab2 != label)  # WOTW 5.6, DIP 9
            swap = any(m2.origin == dest and m2.dest == m.origin for m in ms for m2 in plan.movers)
            if beaten or swap or dest in blocked:
                for m in ms:
                    ok[m] = False
    changed = True
    while changed:
        changed = False
        for dest, cs in contenders.items():
            for label, ms, _ in cs:
                if not ok[ms[0]]:
                    continue
                failed_here = sum(m.size for m in plan.movers if m.origin == dest and not ok[m])
                firm = plan.stay.get(dest, 0)
                if ms[0].group is None:
                    good = firm == 0 and failed_here == 0  # WOTW 5.8, DIP 10.3: no moving in on one's own unit
                else:
                    participants_here = plan.stay.get(dest, 0) if dest in plan.merge_hosts else 0
                    others_firm = firm - participants_here
                    total = sum(m.size for m in ms) + participants_here + failed_here
                    good = others_firm == 0 and total <= MAX_STRENGTH  # WOTW 5.9, ruling WOTW R12
                if not good:
                    for m in ms:
                        ok[m] = False
                    changed = True
    final: dict[str, int] = {}
    for prov, s in plan.stay.items():
        final[prov] = final.get(prov, 0) + s
    for m in plan.movers:
        where = m.dest if ok[m] else m.origin  # WOTW 5.7: failed parts merge where they started
        final[where] = final.get(where, 0) + m.size
    attack = {d: [(label, s) for label, _, s in cs] for d, cs in contenders.items()}
    return Outcome(ok, {k: v for k, v in sorted(final.items()) if v}, attack)

