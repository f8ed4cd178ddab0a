"""A season in progress: the value every step of a season's pipeline takes and returns.

A step is a pure function ``Turn -> Turn`` (``dataclasses.replace`` on the way out).  The
variant record lists a season's steps top to bottom; ``run`` walks them once.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, TypeVar

from .orders import Outcome, ParsedOrder
from .position import Position
from .readings import DEFAULT, Options
from .units import Phase, Unit

if TYPE_CHECKING:
    from .facts import Facts
    from .movement import Checked
    from .variant import Variant


@dataclass(frozen=True)
class Barrier:
    """Every move by these powers into the province fails, whatever its strength (a variant's landing)."""

    powers: frozenset[str]
    reason: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Decision:
    """An answer fixed before resolution, with the reason its order gives (a variant's second pass)."""

    value: bool
    reason: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class SeasonReport:
    """A variant's own account of a season, for its result (War of the Worlds: the landing, the losses, the virus);
    the standard game keeps none.  A variant's report is a subclass."""


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
    winner: str | None = None
    barriers: Mapping[str, Barrier] = field(default_factory=dict)
    decided: Mapping[int, Decision] = field(default_factory=dict)
    check: Checked | None = None
    facts: Facts | None = None
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
    def resolved(self) -> Facts:
        """The movement phase's answers (``movement.resolve_moves`` has run)."""
        if self.facts is None:
            raise StepOrderError("a step reads the resolution before resolve_moves has run")
        return self.facts

    def add(self, *outcomes: Outcome, notes: tuple[str, ...] = ()) -> Turn:
        return self.but(outcomes=self.outcomes + tuple(outcomes), notes=self.notes + tuple(notes))

    def but(self, **changes) -> Turn:
        return but(self, **changes)


Step = Callable[[Turn], Turn]
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
