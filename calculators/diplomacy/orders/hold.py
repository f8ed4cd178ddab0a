"""The hold order (DIP 4.2, 6.1, 6.2): ``A Mun H``; a unit given no order holds too (DIP 14.5)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..units import PhaseKind, Unit
from .base import MOVE, Kind, OrderSpec, Status, read_nothing

if TYPE_CHECKING:
    from ..pieces import Pieces

WORDS = frozenset({"h", "hold", "holds", "stand", "stands"})


@dataclass(frozen=True, slots=True)
class Hold:
    KIND: ClassVar[Kind] = Kind.HOLD

    unit: Unit


def check(context, unit: Unit, parsed) -> Hold:
    """DIP 4.2: any unit may hold."""
    return Hold(unit)


def options(context, unit: Unit):
    """DIP 4.2: every unit may hold."""
    yield f"{unit.label()} H"


def hold_strength(r: Pieces, province: str, skip=()) -> int:
    """DATC 5.B.5, DIP 6.2, 9.2: what stays in a province holds it with its strength and its hold supports;
    a split unit's remainder holds together (ruling WOTW R13), each Martian unit at its strength (ruling
    WOTW R7)."""
    total = 0
    for j in r.staying(province, skip):
        total += r.strength[j] if r.kind[j] == MOVE else r.strength[j] + r.support_sum((j,))
    return total


def explain(r: Pieces, i: int) -> tuple[Status, str, tuple[str, ...]]:
    """DIP 6.1, 6.2: a holding unit, with the support it got."""
    strength = hold_strength(r, r.prov[i])
    if strength > r.strength[i]:
        return Status.SUCCEEDS, f"holds with strength {strength}", ("DIP 6.1", "DIP 6.2")
    return Status.SUCCEEDS, "holds", ("DIP 6.1",)


def describe(order: Hold) -> str:
    return f"{order.unit.label()} H"


SPEC = OrderSpec("hold", Hold, frozenset({PhaseKind.MOVEMENT}), describe, Kind.HOLD, verbs=WORDS, read=read_nothing,
                 check=check, options=options, explain=explain)
