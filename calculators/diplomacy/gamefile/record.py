"""A game as recorded elsewhere, read into the engine's values: its phases, each with the position it began
with, the orders given and what the recording says became of them (rulings DIP R30, R32, R33)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from ..position import Position
from ..units import Phase

# The bounds of a game file (issue 29): its text and its phases.  A game of 1901 to about 1935 fits;
# the replay of the largest answers within the engine's budget (benchmarks/bench_replay.py).
MAX_CHARS = 1_000_000
MAX_PHASES = 160
MAX_ORDERS = 120  # orders of one phase (the standard board holds 34 units)
MAX_DEPTH = 12  # how deeply a game file's JSON may nest (the package's nests 6 deep)


class Source(StrEnum):
    """Where a game comes from."""

    PACKAGE = "diplomacy package"  # the saved-game JSON of the ``diplomacy`` Python package
    BOARD = "board file"  # this site's own game file (the board's Export game)
    PASTED = "pasted orders"  # order lists, one order a line, phases under headings


class GameFileError(ValueError):
    """A game file the site cannot read: the message says where (the phase, the field) and why."""


@dataclass(frozen=True)
class RecordedOrder:
    """One order as recorded: its power, its text as written there, and the recorded results (the package's
    or a judge's words: ``bounce``, ``cut``, ``dislodged``; empty: it succeeded; None: nothing recorded)."""

    power: str | None
    text: str
    results: tuple[str, ...] | None = None
    line: int = 0  # the line of a pasted list


@dataclass(frozen=True)
class RecordedPhase:
    """One phase of a recording.

    ``position``: the board the phase began with, as recorded (None for a pasted list, which records
    none: the site's own result of the phase before is used, ruling DIP R33).  ``unit_results``: what the
    recording says became of each unit, by the unit as the recording names it (``A PAR``), ordered or not.
    ``retreats``: the places the recording lets each dislodged unit retreat to (by the unit's location).
    ``played``: the recording holds the phase's results (its last phase may be the one being played).
    ``summary``, ``params``: a board file's phase as the site's own calculator recorded it.
    """

    name: str
    phase: Phase | None  # None: the recording's end of game ("COMPLETED")
    position: Position | None
    orders: tuple[RecordedOrder, ...] = ()
    unit_results: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    retreats: Mapping[str, frozenset[str]] = field(default_factory=lambda: MappingProxyType({}))  # by unit location
    played: bool = True
    summary: str | None = None
    params: Mapping[str, object] | None = None
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ReadLine:
    """One line of a pasted order list as read (ruling DIP R30): its notation, the power it is given for
    (written, or the owner of the unit: ruling DIP R31), the order in the site's notation, or why it was
    not read; ``recorded``: a judge's result written after it."""

    line: int
    text: str
    notation: str | None
    power: str | None
    read_as: str | None
    error: str | None = None
    recorded: str | None = None
    phase: str | None = None  # the phase heading it stands under

    def to_json(self) -> dict:
        return {"line": self.line, "text": self.text, "notation": self.notation, "power": self.power,
                "read_as": self.read_as, "error": self.error, "recorded_result": self.recorded, "phase": self.phase}


@dataclass(frozen=True)
class ImportedGame:
    """A whole game as read: where it came from, its phases in order, and what a writer needs to give it back."""

    source: Source
    phases: tuple[RecordedPhase, ...]
    calculator: str = "dip-adjudicate"  # the site's calculator that plays its phases
    game_id: str | None = None
    document: object = None  # the source's JSON document (the package's), for writing it back
    text: str = ""  # the source's text as given
    lines: tuple[ReadLine, ...] = ()  # a pasted list: every line as read
    notes: tuple[str, ...] = ()

    @property
    def played(self) -> tuple[RecordedPhase, ...]:
        return tuple(p for p in self.phases if p.played)
