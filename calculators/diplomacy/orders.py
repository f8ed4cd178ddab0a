"""Orders as data, and the outcome of each (DIP 4.1-4.4, 12, 13).

The parser turns text into these; nothing else reads order text.  ``Outcome`` carries the
player-facing reason and the rule IDs it rests on.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .map import province_of, show
from .units import Unit, UnitType


@dataclass(frozen=True)
class Hold:
    unit: Unit


@dataclass(frozen=True)
class Move:
    unit: Unit
    dest: str  # a location: province, or province/coast for a fleet into a multi-coast province
    via_convoy: bool = False  # DIP 8.1 and ruling DIP R4: the army travels by convoy

    @property
    def dest_province(self) -> str:
        return province_of(self.dest)


@dataclass(frozen=True)
class Support:
    """DIP 4.3: support the unit in ``target`` to hold (``dest`` None) or to move into ``dest``."""

    unit: Unit
    target: str  # province of the supported unit
    dest: str | None = None  # province
    dest_coast: str | None = None  # a coast written in the support must match the move (ruling DIP R9)


@dataclass(frozen=True)
class Convoy:
    """DIP 4.4: a fleet convoys the army in province ``army`` to province ``dest``."""

    unit: Unit
    army: str
    dest: str


@dataclass(frozen=True)
class Retreat:
    unit: Unit
    dest: str


@dataclass(frozen=True)
class Disband:
    unit: Unit


@dataclass(frozen=True)
class Build:
    power: str
    type: UnitType
    location: str


@dataclass(frozen=True)
class Waive:
    power: str


Order = Hold | Move | Support | Convoy | Retreat | Disband | Build | Waive


def describe(order) -> str:
    """The order in short notation: ``A Par - Bur``, ``F Nth C A Lon - Bel``."""
    if isinstance(order, Hold):
        return f"{order.unit.label()} H"
    if isinstance(order, Move):
        via = " via convoy" if order.via_convoy else ""
        return f"{order.unit.label()} - {show(order.dest)}{via}"
    if isinstance(order, Support):
        if order.dest is None:
            return f"{order.unit.label()} S {show(order.target)}"
        return f"{order.unit.label()} S {show(order.target)} - {show(order.dest)}"
    if isinstance(order, Convoy):
        return f"{order.unit.label()} C A {show(order.army)} - {show(order.dest)}"
    if isinstance(order, Retreat):
        return f"{order.unit.label()} R {show(order.dest)}"
    if isinstance(order, Disband):
        return f"{order.unit.label()} D"
    if isinstance(order, Build):
        return f"Build {order.type.value} {show(order.location)}"
    if isinstance(order, Waive):
        return "Waive"
    raise TypeError(order)


class Status(str, Enum):
    SUCCEEDS = "succeeds"
    FAILS = "fails"
    ILLEGAL = "illegal"  # ignored: the unit holds (ruling DIP R1)
    VOID = "void"  # legal but not matched (a support or convoy nobody used)


@dataclass(frozen=True)
class Outcome:
    """What happened to one written order (or to an unordered unit)."""

    power: str
    text: str  # as written by the player, or a generated description
    order: object | None  # the order carried out (None when the text could not be used)
    status: Status
    reason: str
    rules: tuple[str, ...] = ()
    dislodged: bool = False
    line: int = 0

    def row(self) -> list:
        return [self.power, self.text, self.status.value + (" (dislodged)" if self.dislodged else ""),
                self.reason, ", ".join(self.rules)]


@dataclass
class OrderError:
    """An order the parser or the legality check rejected: reported, then treated as the rules say."""

    line: int
    text: str
    message: str
    rules: tuple[str, ...] = field(default_factory=tuple)
