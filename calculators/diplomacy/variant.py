"""A variant is a value: the standard game and War of the Worlds are two records of one type.

The record holds everything a variant may change, as godip's variants do: its board; its calendar
(the seasons in order, one ``Season`` enum for every game, each with the pipeline of steps that
adjudicates it, top to bottom); its unit kinds and order kinds; how it reads orders; its win rule;
where a power may build; how a unit is named in explanations; and how its board is drawn.  The
standard game is ``STANDARD``: the same record with no additions.  A variant builds its record from
this one, adding steps around the standard ones; it never re-orchestrates a season.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .adjustments import adjustment_step, adjustments_due, check_win, fall_ownership
from .map import GameMap, standard_map
from .movement import MOVEMENT_STEPS, named_by_label
from .orders import BuildRule, OrderKind, Outcome, ParsedOrder, Status
from .orders.build import HOME_CENTRES
from .parser import ParseError, Reader
from .position import Position, initial_position
from .readings import Options
from .retreats import disband_stranded, retreat_step
from .turn import Step, Turn
from .units import Phase, PhaseKind, Season, Unit, UnitType


@dataclass(frozen=True)
class SeasonPlan:
    """One phase of the calendar: its season, the kind of orders given, and the steps that adjudicate it.
    ``skippable``: played only when there is something to do (ruling DIP R20)."""

    season: Season
    kind: PhaseKind
    steps: tuple[Step, ...]
    skippable: bool = False


def read_standard(variant: Variant, phase: Phase, text: str) -> tuple[tuple[ParsedOrder, ...], tuple[Outcome, ...]]:
    """DIP 4.1, ruling DIP R1: the orders in a text, and an illegal result for each line that is not one."""
    parsed, errors = reader_for(variant).orders(text)
    return tuple(parsed), tuple(unreadable(e) for e in errors)


def unreadable(err: ParseError, rules: tuple[str, ...] = ("DIP 4.1", "DIP R1")) -> Outcome:
    return Outcome("", err.text, None, Status.ILLEGAL, err.message + "; the order is ignored", rules, line=err.line)


def eighteen_centres(variant: Variant, position: Position) -> str | None:
    """DIP 1.1: the first power to own ``variant.win_centres`` (18) supply centres wins."""
    counts: dict[str, int] = {}
    for p in position.owners.values():
        counts[p] = counts.get(p, 0) + 1
    best = max(counts.items(), key=lambda kv: kv[1], default=(None, 0))
    return best[0] if best[1] >= variant.win_centres else None


def any_letter(unit: Unit, parsed: ParsedOrder) -> None:
    """Ruling DIP R8: the A/F written for the ordered unit is not checked (the result says so)."""


def draw_standard(variant: Variant, turn: Turn, title: str) -> str:
    """The board of a phase with its orders and their results, drawn by ``board_svg`` from typed values."""
    from .board_svg import render_board

    moving = turn.phase.kind is PhaseKind.MOVEMENT
    # A movement phase's dislodged units, those disbanded at once with no place to go included (DIP 12.4).
    return render_board(variant.board, turn.start, title, outcomes=turn.outcomes,
                        dislodged=[d.unit for d in turn.position.dislodged] + list(turn.removed) if moving else [])


@dataclass(frozen=True)
class Variant:
    name: str
    board: GameMap
    calendar: tuple[SeasonPlan, ...]
    unit_types: tuple[UnitType, ...] = (UnitType.ARMY, UnitType.FLEET)
    order_kinds: tuple = tuple(OrderKind)
    read_orders: Callable[[Variant, Phase, str], tuple] = read_standard
    winner: Callable[[Variant, Position], str | None] = eighteen_centres
    win_centres: int = 18
    build_rule: BuildRule = HOME_CENTRES
    designation: Callable[[Unit, ParsedOrder], None] = any_letter
    name_in_explanations: Callable[[Unit], str] = named_by_label
    group_cap: int = 0  # how strong a merged unit may be (the standard game merges nothing)
    non_adjusting: frozenset[str] = frozenset()  # powers that neither build nor disband for centres
    start: Callable[[GameMap], Position] = initial_position
    draw: Callable[[Variant, Turn, str], str] = draw_standard
    notes: tuple[str, ...] = ()
    # The calendar under other readings (a variant whose steps depend on them): options -> calendar.
    pipeline: Callable[[Options], tuple[SeasonPlan, ...]] | None = None

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


def next_phase(turn: Turn) -> Turn:
    """DIP 2.1-2.5, ruling DIP R20: the next phase of the calendar with something to do in it (retreats
    only after a dislodgement, Winter only when some power adjusts)."""
    variant, position = turn.variant, turn.position
    calendar = variant.calendar
    here = variant.place_in_calendar(turn.phase)
    year = turn.phase.year
    for step in range(1, len(calendar) + 1):
        plan = calendar[(here + step) % len(calendar)]
        if here + step >= len(calendar):
            year = turn.phase.year + 1
        if plan.skippable and plan.kind is PhaseKind.RETREATS and not position.dislodged:
            continue
        if plan.skippable and plan.kind is PhaseKind.ADJUSTMENTS and not adjustments_due(position):
            continue
        break
    return turn.but(position=position.but(phase=Phase(year, plan.season, plan.kind)))


_READERS: dict[int, tuple] = {}


def reader_for(variant: Variant) -> Reader:
    """One order reader per variant (its board's names, its order kinds)."""
    hit = _READERS.get(id(variant))
    if hit is None or hit[0] is not variant:
        hit = (variant, Reader(variant.board, variant.order_kinds))
        _READERS[id(variant)] = hit
    return hit[1]


MOVEMENT = MOVEMENT_STEPS + (disband_stranded, fall_ownership, check_win, next_phase)
RETREATS = (retreat_step(), fall_ownership, check_win, next_phase)
ADJUSTMENTS = (adjustment_step, next_phase)

STANDARD = Variant("Standard", standard_map(), (
    SeasonPlan(Season.SPRING, PhaseKind.MOVEMENT, MOVEMENT),
    SeasonPlan(Season.SPRING, PhaseKind.RETREATS, RETREATS, skippable=True),
    SeasonPlan(Season.FALL, PhaseKind.MOVEMENT, MOVEMENT),
    SeasonPlan(Season.FALL, PhaseKind.RETREATS, RETREATS, skippable=True),
    SeasonPlan(Season.WINTER, PhaseKind.ADJUSTMENTS, ADJUSTMENTS, skippable=True),
))
