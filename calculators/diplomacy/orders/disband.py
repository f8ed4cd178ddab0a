"""The disband order (DIP 12.4, 13.4): ``A Mun D``, ``Remove A Par``: a dislodged unit in a retreat phase,
or one of the power's units in an adjustment phase."""
from __future__ import annotations

from dataclasses import dataclass

from ..units import PhaseKind, Unit
from .base import Kind, OrderSpec, read_nothing, read_unit

WORDS = frozenset({"d", "disband", "disbands", "remove", "removes"})


@dataclass(frozen=True, slots=True)
class Disband:
    unit: Unit


def describe(order: Disband) -> str:
    return f"{order.unit.label()} D"


SPEC = OrderSpec("disband", Disband, frozenset({PhaseKind.RETREATS, PhaseKind.ADJUSTMENTS}), describe, Kind.NONE,
                 verbs=WORDS, leading=WORDS, read=read_nothing, read_leading=read_unit)
