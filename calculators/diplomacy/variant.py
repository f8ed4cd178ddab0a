"""A variant is a value: the standard game and War of the Worlds are two records of one type (``turn.Variant``).

The record holds everything a variant may change, as godip's variants do: its board; its calendar
(the seasons in order, one ``Season`` enum for every game, each with the pipeline of steps that
adjudicates it, top to bottom); its unit kinds and order kinds; how it reads orders; its win rule;
where a power may build; how a unit is named in explanations; how its board is drawn; and how its
results are written (``results``): how it reads and writes a position's text, how it names a place,
its words for a season, and what its result adds to every variant's.  The standard game is ``STANDARD``:
the same record with no additions.  A variant builds its record from this one, adding steps around the
standard ones; it never re-orchestrates a season, and one presenter serves every variant.
"""
from __future__ import annotations

from ..core import InputError
from .adjustments import adjustment_step, adjustments_due, check_win, fall_ownership
from .map import show, standard_map
from .movement import MOVEMENT_STEPS, named_by_label
from .orders import OrderKind, Outcome, ParsedOrder, Status
from .orders.build import HOME_CENTRES
from .parser import ParseError, Reader, read_position
from .position import Position, check_position, format_position, initial_position
from .readings import Options
from .retreats import disband_stranded, retreat_step
from .turn import Extras, SeasonPlan, Turn, Variant
from .units import Phase, PhaseKind, Season, Unit, UnitType

def read_standard(variant: Variant, phase: Phase, text: str) -> tuple[tuple[ParsedOrder, ...], tuple[Outcome, ...]]:
    """DIP 4.1, ruling DIP R1: the orders in a text, and an illegal result for each line that is not one."""
    parsed, errors = reader_for(variant).orders(text)
    return tuple(parsed), tuple(unreadable(e) for e in errors)


def unreadable(err: ParseError, rules: tuple[str, ...] = ("DIP 4.1", "DIP R1")) -> Outcome:
    return Outcome("", err.text, None, Status.UNREADABLE, err.message + "; the order is ignored", rules, line=err.line)


def eighteen_centres(variant: Variant, position: Position) -> str | None:
    """DIP 1.1: the first power to own ``variant.win_centres`` (18) supply centres wins."""
    counts: dict[str, int] = {}
    for p in position.owners.values():
        counts[p] = counts.get(p, 0) + 1
    best = max(counts.items(), key=lambda kv: kv[1], default=(None, 0))
    return best[0] if best[1] >= variant.win_centres else None


def any_letter(unit: Unit, parsed: ParsedOrder) -> None:
    """Ruling DIP R8: the A/F written for the ordered unit is not checked (the result says so)."""


def read_standard_position(variant: Variant, phase: Phase, text: str, options: Options
                           ) -> tuple[Position, tuple[str, ...]]:
    """DIP 2.1-2.5, 14.8 and ruling DIP R21: the position a text gives, checked (every unit where it may stand,
    one unit a province, dislodged units only in a retreat phase); a field error on ``position`` otherwise."""
    try:
        position = read_position(reader_for(variant), phase, text)
    except ParseError as err:
        raise InputError("position", str(err)) from None
    problems = check_position(variant.board, position)
    if phase.kind is not PhaseKind.RETREATS and position.dislodged:
        problems.append("dislodged units are listed only in a retreat phase")
    if problems:
        raise InputError("position", "; ".join(problems[:3]) + ".")
    return position, ()


def write_standard(variant: Variant, position: Position) -> str:
    """The position in the text ``read_standard_position`` reads back."""
    return format_position(variant.board, position)


# The standard record's result hooks (``results``), imported when a result is written: a season's steps
# never need them, and a War of the Worlds virus check should not pay for them (issue 12).
def summarize_standard(turn: Turn) -> str:
    """The phase in a sentence (``results.standard_summary``)."""
    from .results import standard_summary

    return standard_summary(turn)


def standard_extras(turn: Turn) -> Extras:
    """The standard game's own part of the result (``results.standard_extras``)."""
    from .results import standard_extras as extras

    return extras(turn)


def draw_standard(variant: Variant, turn: Turn, title: str) -> str:
    """The board of a phase with its orders and their results, drawn by ``board_svg`` from typed values."""
    from .board_svg import render_board

    moving = turn.phase.kind is PhaseKind.MOVEMENT
    after = turn.position
    # The builds and disbands the phase leaves due (DIP 13.1), as the result's "Adjustments due" table gives them
    # (None: the board's own, those of the phase drawn when it is an adjustment phase).
    leads_to_winter = after.phase.kind is PhaseKind.ADJUSTMENTS and not turn.winner
    due = adjustments_due(after, variant.non_adjusting) if leads_to_winter else None
    # A movement phase's dislodged units, those disbanded at once with no place to go included (DIP 12.4).
    return render_board(variant.board, turn.start, title, outcomes=turn.outcomes,
                        dislodged=[d.unit for d in turn.position.dislodged] + list(turn.removed) if moving else [],
                        adjustments=due)


def next_phase(turn: Turn) -> Turn:
    """DIP 2.1-2.5, ruling DIP R20: the next phase of the calendar with something to do in it (retreats
    only after a dislodgement, Winter only when some power adjusts)."""
    variant, position = turn.variant, turn.position
    calendar = variant.calendar
    here = variant.place_in_calendar(turn.phase)
    year = turn.phase.year
    plan = calendar[here]
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


_READERS: dict[int, tuple[Variant, Reader]] = {}


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

STANDARD = Variant(
    name="Standard",
    board=standard_map(),
    calendar=(SeasonPlan(Season.SPRING, PhaseKind.MOVEMENT, MOVEMENT),
              SeasonPlan(Season.SPRING, PhaseKind.RETREATS, RETREATS, skippable=True),
              SeasonPlan(Season.FALL, PhaseKind.MOVEMENT, MOVEMENT),
              SeasonPlan(Season.FALL, PhaseKind.RETREATS, RETREATS, skippable=True),
              SeasonPlan(Season.WINTER, PhaseKind.ADJUSTMENTS, ADJUSTMENTS, skippable=True)),
    unit_types=(UnitType.ARMY, UnitType.FLEET),
    order_kinds=tuple(OrderKind),
    read_orders=read_standard,
    winner=eighteen_centres,
    win_centres=18,
    build_rule=HOME_CENTRES,
    designation=any_letter,
    name_in_explanations=named_by_label,
    group_cap=0,
    non_adjusting=frozenset(),
    start=initial_position,
    draw=draw_standard,
    show=show,
    read_position=read_standard_position,
    write_position=write_standard,
    summary=summarize_standard,
    extras=standard_extras,
)
"""The standard game: its board, its calendar of five phases, its orders and its win at 18 centres."""
