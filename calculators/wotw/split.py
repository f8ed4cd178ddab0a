"""The Martian split (WOTW 5.2, 5.7, rulings WOTW R3, R13): ``3A Con - 2A Bul - BLA``.

A split is a set of moves out of one province; each part is a piece of its own strength in the
resolution, and whatever stays (a part ordered to stay, and every part whose move fails) holds
the province together.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from ..diplomacy.api import (Hold, Illegal, Kind, Move, OrderSpec, PhaseKind, Pieces, Status, Unit, explain,
                             moved_to)
from .board import MARTIAN, board, designation, martian_adjacent, show


@dataclass(frozen=True, slots=True)
class Split:
    unit: Unit
    parts: tuple[tuple[int, str], ...]  # (strength, province); the unit's own province: the part that stays


def _sizes(unit: Unit, parts) -> list[int]:
    """Ruling WOTW R3: an unmarked part is A; the parts must add up to the unit exactly."""
    sizes = [size if size is not None else 1 for size, _ in parts]
    if sum(sizes) == unit.strength:
        return sizes
    if unit.strength == 1:
        why = f"{unit.label()} has strength 1, so it cannot split; it moves to one province"
    elif sum(sizes) > unit.strength:
        why = (f"its parts add up to {sum(sizes)}, but {unit.label()} has strength {unit.strength}; the parts' "
               f"strengths must add up to exactly {unit.strength} (an unmarked part is A)")
    else:
        why = (f"its parts add up to {sum(sizes)}, but {unit.label()} has strength {unit.strength}; to leave part "
               "behind, name its own province as a destination")
    raise Illegal(why, ("WOTW 5.2", "WOTW R3"))


def check(context, unit: Unit, parsed) -> Split | Move:
    """WOTW 5.2, rulings WOTW R2, R3: parts adding up to the unit, to different places next to it."""
    here, dests = unit.province, [d for _, d in parsed.parts]
    if len(set(dests)) != len(dests):
        raise Illegal("the order names a destination twice", ("WOTW R3",))
    sizes = _sizes(unit, parsed.parts)
    for d in dests:
        if d == here and len(dests) == 1:
            raise Illegal(f"{unit.label()} cannot move to its own province", ("DIP 5.3",))
        if d != here and not martian_adjacent(here, d):
            raise Illegal(f"{show(d)} is not next to {show(here)}", ("DIP 5.3", "WOTW 4.1", "WOTW R2"))
    if len(dests) == 1:
        return Move(unit, dests[0])  # the whole unit, written with its size: a plain move
    return Split(unit, tuple(zip(sizes, dests, strict=True)))


def options(context, unit: Unit):
    """WOTW 5.2, rulings WOTW R2, R3: every way to split a 2A or 3A into parts of A and 2A going to different
    places next to it, a part that stays naming the unit's own province."""
    if unit.power != MARTIAN or unit.strength < 2:
        return
    here = unit.province
    places = [here, *sorted(board().neighbours(here))]
    me = unit.label()
    for sizes in _SHAPES[unit.strength]:
        for dests in permutations(places, len(sizes)):
            if len(sizes) > 1 and sizes[0] == sizes[1] and dests[0] > dests[1]:
                continue  # parts of one size in any order are one split
            if len(sizes) == 3 and dests[1] > dests[2]:
                continue
            yield f"{me} - " + " - ".join(f"{designation(s)} {show(d)}" for s, d in zip(sizes, dests, strict=True))


_SHAPES: dict[int, tuple[tuple[int, ...], ...]] = {2: ((1, 1),), 3: ((2, 1), (1, 1, 1))}


def pieces(order: Split):
    """A move for each part that leaves, and what stays holding the province (ruling WOTW R13)."""
    here = order.unit.province
    out: list[tuple[Move | Hold, None]] = [(Move(order.unit.with_strength(s), d), None) for s, d in order.parts
                                           if d != here]
    stay = sum(s for s, d in order.parts if d == here)
    if stay:
        out.append((Hold(order.unit.with_strength(stay)), None))
    return tuple(out)


def part_result(facts: Pieces, j: int) -> str:
    """One part: ``2A to Bul succeeds`` or ``A to BLA fails (strength 1 against 2 from Rum)``."""
    o, dest = facts.order(j), moved_to(facts, j)
    if facts.succeeded(j):
        return f"{designation(o.unit.strength)} to {show(dest)} succeeds"
    return f"{designation(o.unit.strength)} to {show(dest)} fails ({explain(facts, j)[1]})"


def explain_split(facts: Pieces, i: int) -> tuple[Status, str, tuple[str, ...]]:
    """Every part's result; parts that fail stay and merge again where they started (WOTW 5.7)."""
    bits, rules = [], ["WOTW 5.2", "WOTW R3"]
    parts = [j for j in facts.siblings(i) if isinstance(facts.order(j), Move)]
    for j in facts.siblings(i):
        o = facts.order(j)
        bits.append(part_result(facts, j) if j in parts else
                    f"{designation(o.unit.strength)} stays in {show(o.unit.province)}")
    failed = [j for j in parts if not facts.succeeded(j)]
    if failed:
        here = facts.order(i).unit.province
        bits.append(f"what is left in {show(here)} stays together as one unit (WOTW 5.7)")
        rules.append("WOTW 5.7")
    return (Status.FAILS if failed else Status.SUCCEEDS), "splits: " + "; ".join(bits), tuple(rules)


def describe(order: Split) -> str:
    return order.unit.label() + "".join(f" - {designation(s)} {show(d)}" for s, d in order.parts)


SPEC = OrderSpec("split", Split, frozenset({PhaseKind.MOVEMENT}), describe, Kind.MOVE, check=check, pieces=pieces,
                 explain=explain_split, options=options)
