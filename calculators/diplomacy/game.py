"""One phase from position and order text to results and the next position; a game record (DIP 2.1-2.5).

``adjudicate_phase`` is the single entry point the calculator and the tests use.  It reads
the orders (``parser``), runs the right phase (``movement``, ``retreats``, ``adjustments``),
updates supply-centre ownership after Fall (DIP 14.3), checks the win (DIP 1.1) and
returns the position of the next phase.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from .adjustments import adjudicate_adjustments, adjustments_due, update_ownership
from .movement import adjudicate_movement
from .orders import Outcome, Status
from .parser import ParseError, Reader
from .position import Dislodged, Position
from .retreats import adjudicate_retreats
from .units import Phase, PhaseKind, Season
from .variant import STANDARD, Variant


@dataclass(frozen=True)
class PhaseResult:
    phase: Phase
    outcomes: tuple[Outcome, ...]
    after: Position  # the position at the start of the next phase
    moves: tuple = ()
    dislodged: tuple[Dislodged, ...] = ()
    winner: str | None = None
    built: tuple = ()
    removed: tuple = ()
    supports: tuple = ()
    convoys: tuple = ()


_READERS: dict[int, tuple] = {}


def reader_for(variant: Variant) -> Reader:
    hit = _READERS.get(id(variant.map))
    if hit is None or hit[0] is not variant.map:
        hit = (variant.map, Reader(variant.map))
        _READERS[id(variant.map)] = hit
    return hit[1]


def _parse_errors(errors: list[ParseError]) -> list[Outcome]:
    return [Outcome("", e.text, None, Status.ILLEGAL, e.message + "; the order is ignored", ("DIP 4.1", "DIP R1"),
                    line=e.line) for e in errors]


def _after_season(variant: Variant, phase: Phase, units, position: Position, winner_box: list) -> Position:
    owners = dict(position.owners)
    if phase.season is Season.FALL:
        owners = update_ownership(variant.map, units, owners)
        counts: dict[str, int] = {}
        for p in owners.values():
            counts[p] = counts.get(p, 0) + 1
        best = max(counts.items(), key=lambda kv: kv[1], default=(None, 0))
        if best[1] >= variant.win_centres:
            winner_box.append(best[0])
    probe = Position(phase, tuple(units), owners)
    nxt = variant.phase_after(variant, phase, False, bool(adjustments_due(probe)))
    return Position(nxt, tuple(units), owners)


def adjudicate_phase(position: Position, orders_text: str, variant: Variant = STANDARD) -> PhaseResult:
    """Adjudicate the phase ``position.phase`` with the orders in ``orders_text``."""
    reader = reader_for(variant)
    parsed, errors = reader.orders(orders_text)
    if variant.before_resolution is not None:
        position, parsed = variant.before_resolution(variant, position, parsed)
    gmap = variant.map
    phase = position.phase
    winner: list = []
    if phase.kind is PhaseKind.MOVEMENT:
        r = adjudicate_movement(gmap, position, parsed, variant.make_resolver, variant.bind)
        if r.dislodged:
            nxt = variant.phase_after(variant, phase, True, False)
            after = Position(nxt, r.units, position.owners, r.dislodged, r.contested)
        else:
            after = _after_season(variant, phase, r.units, position, winner)
        result = PhaseResult(phase, tuple(_parse_errors(errors)) + r.outcomes, after, r.moves, r.dislodged,
                             winner[0] if winner else None, supports=r.supports, convoys=r.convoys)
    elif phase.kind is PhaseKind.RETREATS:
        r = adjudicate_retreats(gmap, position, parsed)
        after = _after_season(variant, phase, r.units, position, winner)
        result = PhaseResult(phase, tuple(_parse_errors(errors)) + r.outcomes, after, r.moves, (),
                             winner[0] if winner else None)
    else:
        r = adjudicate_adjustments(gmap, position, parsed, variant.builder)
        nxt = variant.phase_after(variant, phase, False, False)
        after = Position(nxt, r.units, position.owners)
        result = PhaseResult(phase, tuple(_parse_errors(errors)) + r.outcomes, after, built=r.built,
                             removed=r.removed)
    if variant.after_resolution is not None:
        result = variant.after_resolution(variant, position, result)
    return result


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
    def from_json(cls, text: str) -> "GameRecord":
        doc = json.loads(text)
        return cls(doc.get("variant", "Standard"), list(doc.get("phases", [])))
