"""Waiving a build (DIP 13.3, ruling DIP R17): ``England: Waive``."""
from __future__ import annotations

from dataclasses import dataclass

from ..units import PhaseKind
from .base import Kind, OrderSpec

WORDS = frozenset({"waive", "waives", "waived"})


@dataclass(frozen=True, slots=True)
class Waive:
    power: str


def read(reader, toks: list[str], k: int, ctx) -> dict:
    if k < len(toks):
        reader.fail(ctx, "nothing may follow \u2018waive\u2019")
    return {}


def describe(order: Waive) -> str:
    return "Waive"


SPEC = OrderSpec("waive", Waive, frozenset({PhaseKind.ADJUSTMENTS}), describe, Kind.NONE, leading=WORDS,
                 read_leading=read)
