"""A season in progress, and the variant record it is played by.

A step is a pure function ``Turn -> Turn`` (``dataclasses.replace`` on the way out).  The
variant record (``Variant``) lists a season's steps top to bottom; ``run`` walks them once.  The
record's type is here, with the season it plays (each names the other); its values are in ``variant``
(the standard game's) and in each variant's package.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from enum import Enum
from types import MappingProxyType
from typing import Any, NamedTuple, TypeVar

from ..core.result import Table
from .map import GameMap
from .orders import BuildRule, Outcome, ParsedOrder
from .pieces import Barrier, Checked, Decision, Pieces
from .position import Position
from .readings import DEFAULT, Options
from .units import Phase, PhaseKind, Season, Unit, UnitType


class SeasonReport:
    """A variant's own account of a season, for its result (War of the Worlds: the landing, the losses, the virus);
    the standard game keeps none.  A variant's report is a subclass (a frozen dataclass)."""

    __slots__ = ()


class StepOrderError(RuntimeError):
    """A step ran before the step whose value it reads (a variant record lists its steps out of order)."""


@dataclass(frozen=True)
class Turn:
    """One season (or phase) being adjudicated.

    ``start`` is the position the season began with; ``position`` is the board as the steps have
    left it so far (the next phase's position once the last step has run).  ``orders`` are the
    written orders not yet taken by a step.  ``check`` and ``facts`` carry a movement phase from
    its legality check to its resolution and from its resolution to its explanations.  ``report``
    is a variant's own account of the season (War of the Worlds: the landing, the losses, the virus).
    ``options`` are the readings of the switchable rulings the season is played under (``readings``).
    """

    variant: Variant
    phase: Phase
    start: Position
    orders: tuple[ParsedOrder, ...]
    position: Position
    outcomes: tuple[Outcome, ...] = ()
    notes: tuple[str, ...] = ()
    moves: tuple[tuple[str, str, str, bool], ...] = ()  # (power, from, to, succeeded), for the map
    supports: tuple[tuple[str, str, str | None, bool], ...] = ()  # (supporter, target, dest or None, given)
    convoys: tuple[tuple[str, str, str, bool], ...] = ()  # (fleet location, army province, dest province, held)
    built: tuple[Unit, ...] = ()
    removed: tuple[Unit, ...] = ()
    eliminated: tuple[Unit, ...] = ()  # start units a variant's own rule took off the board (WOTW 3.3's landing)
    winner: str | None = None
    barriers: Mapping[str, Barrier] = field(default_factory=dict)
    decided: Mapping[int, Decision] = field(default_factory=dict)
    check: Checked | None = None
    facts: Pieces | None = None
    report: SeasonReport | None = None
    options: Options = DEFAULT

    # The names the calculators and tests know a phase result by.
    @property
    def after(self) -> Position:
        return self.position

    @property
    def dislodged(self) -> tuple:
        return self.position.dislodged

    @property
    def checked(self) -> Checked:
        """The movement phase's legality check (``movement.check_orders`` has run)."""
        if self.check is None:
            raise StepOrderError("a step reads the orders' check before check_orders has run")
        return self.check

    @property
    def resolved(self) -> Pieces:
        """The movement phase's answers (``movement.resolve_moves`` has run)."""
        if self.facts is None:
            raise StepOrderError("a step reads the resolution before resolve_moves has run")
        return self.facts

    def add(self, *outcomes: Outcome, notes: tuple[str, ...] = ()) -> Turn:
        return self.but(outcomes=self.outcomes + tuple(outcomes), notes=self.notes + tuple(notes))

    def but(self, **changes) -> Turn:
        return but(self, **changes)


Step = Callable[[Turn], Turn]


@dataclass(frozen=True)
class SeasonPlan:
    """One phase of the calendar: its season, the kind of orders given, and the steps that adjudicate it.
    ``skippable``: played only when there is something to do (ruling DIP R20)."""

    season: Season
    kind: PhaseKind
    steps: tuple[Step, ...]
    skippable: bool = False


class Extras(NamedTuple):
    """What a variant's result adds to every variant's (``variant.extras``): its data, tables, charts, notes and
    rules.  Its data never names a key of the common data (``COMMON``)."""

    data: Mapping[str, Any] = MappingProxyType({})
    tables: tuple[Table, ...] = ()
    charts: tuple[dict[str, Any], ...] = ()
    notes: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Variant:
    """A variant: everything it may change, as fields (``variant.STANDARD`` is the standard game's record, and a
    variant's is ``replace(STANDARD, ...)`` with what it changes)."""

    name: str
    board: GameMap
    calendar: tuple[SeasonPlan, ...]  # the seasons in order, each with the steps that adjudicate it
    unit_types: tuple[UnitType, ...]
    order_kinds: tuple[Enum, ...]  # its order-kind enums' members (``orders.OrderKind`` and a variant's own)
    read_orders: Callable[[Variant, Phase, str], tuple[tuple[ParsedOrder, ...], tuple[Outcome, ...]]]
    winner: Callable[[Variant, Position], str | None]  # its win rule
    win_centres: int
    build_rule: BuildRule  # where a power may build
    designation: Callable[[Unit, ParsedOrder], None]  # how the unit an order names is checked
    name_in_explanations: Callable[[Unit], str]
    group_cap: int  # how strong a merged unit may be (the standard game merges nothing)
    non_adjusting: frozenset[str]  # powers that neither build nor disband for centres
    start: Callable[[GameMap], Position]  # the starting position
    draw: Callable[[Variant, Turn, str], str] | None  # the board of a phase, as SVG (None: no board drawn)
    notes: tuple[str, ...] = ()
    # The calendar under other readings (a variant whose steps depend on them): options -> calendar.
    pipeline: Callable[[Options], tuple[SeasonPlan, ...]] | None = None
    # How its results are written (``results.present``): a place, a position's text read and written back,
    # its words for a season, and what its result adds to every variant's.
    show: Callable[[str], str]
    read_position: Callable[[Variant, Phase, str, Options], tuple[Position, tuple[str, ...]]]
    write_position: Callable[[Variant, Position], str]
    summary: Callable[[Turn], str]
    extras: Callable[[Turn], Extras]

    @property
    def map(self) -> GameMap:
        return self.board

    def initial_position(self) -> Position:
        return self.start(self.board)

    def plan(self, phase: Phase, options: Options | None = None) -> SeasonPlan:
        """The phase's steps, under the readings ``options`` (the same seasons in the same order whatever
        the readings; only a variant with a ``pipeline`` changes its steps with them)."""
        calendar = self.calendar if options is None or self.pipeline is None else self.pipeline(options)
        return calendar[self.place_in_calendar(phase)]

    def place_in_calendar(self, phase: Phase) -> int:
        for i, p in enumerate(self.calendar):
            if p.season is phase.season and p.kind is phase.kind:
                return i
        raise KeyError(f"{self.name} has no {phase.label()}")


_FIELDS: dict[type, frozenset[str]] = {}
V = TypeVar("V")


def but(value: V, **changes: Any) -> V:
    """A copy of a frozen dataclass value with some fields changed: ``dataclasses.replace`` without its
    per-field checks, for values with no ``__post_init__`` that the steps copy several times a phase."""
    cls: type[Any] = type(value)
    names = _FIELDS.get(cls)
    if names is None:
        if "__post_init__" in vars(cls):
            raise TypeError(f"{cls.__name__} keeps its fields in order: copy it with its own method")
        names = _FIELDS[cls] = frozenset(f.name for f in fields(cls))
    unknown = changes.keys() - names
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    new = object.__new__(cls)
    new.__dict__.update(value.__dict__)
    new.__dict__.update(changes)
    return new


def run(turn: Turn, steps: Iterable[Step]) -> Turn:
    """Walk the steps once, top to bottom."""
    for step in steps:
        turn = step(turn)
    return turn


PhaseResult = Turn
