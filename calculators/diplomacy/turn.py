"""A season in progress: the value every step of a season's pipeline takes and returns.

A step is a pure function ``Turn -> Turn`` (``dataclasses.replace`` on the way out).  The
variant record lists a season's steps top to bottom; ``run`` walks them once.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields

from .orders import Outcome, ParsedOrder
from .position import Position
from .readings import DEFAULT, Options
from .units import Phase


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
class Turn:
    """One season (or phase) being adjudicated.

    ``start`` is the position the season began with; ``position`` is the board as the steps have
    left it so far (the next phase's position once the last step has run).  ``orders`` are the
    written orders not yet taken by a step.  ``check`` and ``facts`` carry a movement phase from
    its legality check to its resolution and from its resolution to its explanations.  ``report``
    is a variant's own account of the season (War of the Worlds: the landing, the losses, the virus).
    ``options`` are the readings of the switchable rulings the season is played under (``readings``).
    """

    variant: object
    phase: Phase
    start: Position
    orders: tuple[ParsedOrder, ...]
    position: Position
    outcomes: tuple[Outcome, ...] = ()
    notes: tuple[str, ...] = ()
    moves: tuple[tuple[str, str, str, bool], ...] = ()  # (power, from, to, succeeded), for the map
    supports: tuple = ()  # (supporter location, target province, dest province or None, given)
    convoys: tuple = ()  # (fleet location, army province, dest province, held)
    built: tuple = ()
    removed: tuple = ()
    winner: str | None = None
    barriers: Mapping[str, Barrier] = field(default_factory=dict)
    decided: Mapping[int, Decision] = field(default_factory=dict)
    check: object = None
    facts: object = None
    report: object = None
    options: Options = DEFAULT

    # The names the calculators and tests know a phase result by.
    @property
    def after(self) -> Position:
        return self.position

    @property
    def dislodged(self) -> tuple:
        return self.position.dislodged

    def add(self, *outcomes: Outcome, notes: tuple[str, ...] = ()) -> Turn:
        return self.but(outcomes=self.outcomes + tuple(outcomes), notes=self.notes + tuple(notes))

    def but(self, **changes) -> Turn:
        return but(self, **changes)


Step = Callable[[Turn], Turn]
_FIELDS: dict[type, frozenset[str]] = {}


def but(value, **changes):
    """A copy of a frozen dataclass value with some fields changed: ``dataclasses.replace`` without its
    per-field checks, for values with no ``__post_init__`` that the steps copy several times a phase."""
    cls = type(value)
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


def run(turn: Turn, steps) -> Turn:
    """Walk the steps once, top to bottom."""
    for step in steps:
        turn = step(turn)
    return turn


PhaseResult = Turn
