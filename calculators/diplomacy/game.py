"""One phase from position and order text to results and the next position; a game record (DIP 2.1-2.5).

``adjudicate_phase`` is the single entry point the calculators and the tests use: the variant reads
the orders, and the phase's steps (``variant.plan(phase).steps``) run top to bottom.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from .position import Position
from .readings import DEFAULT, Options
from .turn import PhaseResult, Turn, run
from .units import Phase
from .variant import STANDARD, Variant, reader_for


def adjudicate_phase(position: Position, orders_text: str, variant: Variant = STANDARD,
                     options: Options = DEFAULT) -> PhaseResult:
    """Adjudicate the phase ``position.phase`` with the orders in ``orders_text``, under the readings
    ``options`` (the site's unless given; a variant's own options record for a variant's readings)."""
    parsed, unreadable = variant.read_orders(variant, position.phase, orders_text)
    return adjudicate_parsed(position, parsed, variant, unreadable, options)


def adjudicate_parsed(position: Position, parsed, variant: Variant = STANDARD, unreadable=(),
                      options: Options = DEFAULT) -> PhaseResult:
    """Adjudicate the phase ``position.phase`` with orders already read (``unreadable``: the results of the
    lines that could not be), under the readings ``options``."""
    turn = Turn(variant, position.phase, position, tuple(parsed), position, outcomes=tuple(unreadable),
                options=options)
    return run(turn, variant.plan(position.phase, options).steps)


@dataclass
class GameRecord:
    """The phases played so far: position text, order text and summary, in order (exportable as JSON)."""

    variant: str = "Standard"
    entries: list[dict] = field(default_factory=list)

    def add(self, position_text: str, phase: Phase, orders_text: str, summary: str) -> None:
        self.entries.append({"phase": phase.label(), "code": phase.code, "position": position_text,
                             "orders": orders_text, "summary": summary})

    def to_json(self) -> str:
        return json.dumps({"variant": self.variant, "phases": self.entries}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        doc = json.loads(text)
        return cls(doc.get("variant", "Standard"), list(doc.get("phases", [])))


__all__ = ["GameRecord", "PhaseResult", "adjudicate_parsed", "adjudicate_phase", "reader_for"]
