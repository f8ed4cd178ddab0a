"""The hold order (DIP 4.2, 6.1, 6.2): ``A Mun H``; a unit given no order holds too (DIP 14.5)."""
from __future__ import annotations

from dataclasses import dataclass

from ..units import PhaseKind, Unit
from .base import Kind, OrderSpec, Status, read_nothing

WORDS = frozenset({"h", "hold", "holds", "stand", "stands"})


@dataclass(frozen=True, slots=True)
class Hold:
    unit: Unit


def check(context, unit: Unit, parsed) -> Hold:
    """DIP 4.2: any unit may hold."""
    return Hold(unit)


def options(context, unit: Unit):
    """DIP 4.2: every unit may hold."""
    yield f"{unit.label()} H"


def explain(facts, i: int) -> tuple[Status, str, tuple[str, ...]]:
    """DIP 6.1, 6.2: a holding unit, with the support it got."""
    strength = facts.hold_strength(facts.prov[i])
    if strength > facts.strength[i]:
        return Status.SUCCEEDS, f"holds with strength {strength}", ("DIP 6.1", "DIP 6.2")
    return Status.SUCCEEDS, "holds", ("DIP 6.1",)


def describe(order: Hold) -> str:
    return f"{order.unit.label()} H"


SPEC = OrderSpec("hold", Hold, frozenset({PhaseKind.MOVEMENT}), describe, Kind.HOLD, verbs=WORDS, read=read_nothing,
                 check=check, options=options, explain=explain)
