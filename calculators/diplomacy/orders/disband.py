"""The disband order (DIP 12.4, 13.4): ``A Mun D``, ``Remove A Par``: a dislodged unit in a retreat phase,
or one of the power's units in an adjustment phase."""
from __future__ import annotations

from dataclasses import dataclass

from ..units import PhaseKind, Unit
from .base import Kind, OrderSpec

WORDS = frozenset({"d", "disband", "disbands", "remove", "removes"})


@dataclass(frozen=True, slots=True)
class Disband:
    unit: Unit


def read(reader, toks: list[str], k: int, ctx) -> dict:
    reader.end(toks, k, ctx)
    return {}


def read_leading(reader, toks: list[str], k: int, ctx) -> dict:
    """``Remove A Par``: the unit follows the word."""
    utype, loc, _, k = reader.unit(toks, k, ctx)
    reader.end(toks, k, ctx)
    return {"unit_type": utype, "location": loc}


def describe(order: Disband) -> str:
    return f"{order.unit.label()} D"


SPEC = OrderSpec("disband", Disband, frozenset({PhaseKind.RETREATS, PhaseKind.ADJUSTMENTS}), describe, Kind.NONE,
                 verbs=WORDS, leading=WORDS, read=read, read_leading=read_leading)
