"""War of the Worlds as a value of the variant record: the standard game's record with the Martian added.

Its calendar has four seasons (ruling WOTW R5): Spring and Fall are movement seasons, Summer plays
Spring's retreats and the virus removals, Winter plays Fall's retreats, the adjustments and the
removals.  Each season is the standard steps with the variant's steps around them (``season``): the
landing before the resolution (WOTW 3.4, 3.6); the Martian losses, the landing, the destroyed
centres, the owners and the win after Fall's retreats, the virus and its removals after it
(WOTW 3.3, 7, 8, 9, rulings WOTW R4, R6, R10, R14).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..diplomacy.api import (STANDARD, Illegal, OrderKind, ParsedOrder, PhaseKind, Season, SeasonPlan, Turn, Unit,
                             UnitType, adjustment_step, check_orders, explain_moves, for_dislodged, place_units,
                             resolve_moves, retreat_step)
from .adjust import BUILD_RULE
from .board import MARTIAN, MARTIAN_UNIT, MAX_STRENGTH, called, designation, show
from .orders import MartianOrderKind, read_orders
from .season import (announce_landing, apply_losses, centre_owners, cylinder_gives_no_order, destroy_centres,
                     fall_check, game_end, land_cylinder, martian_losses, next_season, state, virus_check,
                     virus_removals)


def martian_designation(unit: Unit, parsed: ParsedOrder) -> None:
    """WOTW 4.3, 5.1: only the Martian orders its units, and names the strength it has."""
    if unit.power == MARTIAN and parsed.power != MARTIAN:
        raise Illegal(f"the unit in {show(unit.province)} is the Martian's; Earth orders cannot move it",
                      ("WOTW 5.1",))
    if unit.power == MARTIAN and parsed.strength is not None and parsed.strength != unit.strength:
        raise Illegal(f"the unit in {show(unit.province)} is {unit.label()}, not {designation(parsed.strength)}",
                      ("WOTW 4.3",))


@dataclass(frozen=True)
class BoardView:
    """What the board drawing shows after a season: the units, owners, destroyed centres, landing and moves."""

    earth: tuple[Unit, ...]
    martian: tuple[Unit, ...]
    owners: Mapping[str, str]
    destroyed: frozenset[str]
    landing: str | None
    moves: tuple
    dislodged: tuple


def view(turn: Turn) -> BoardView:
    position = turn.position
    report = turn.report
    return BoardView(tuple(u for u in position.units if u.power != MARTIAN),
                     tuple(u for u in position.units if u.power == MARTIAN), dict(position.owners),
                     state(position).destroyed, report.landing if report is not None else None, turn.moves,
                     position.dislodged)


def draw(variant, turn: Turn, title: str) -> str:
    """The board drawing hook: ``board_svg.render`` with the season's typed view."""
    from . import board_svg

    return board_svg.render(view(turn), title)


def _earth_orders(position, parsed: ParsedOrder) -> bool:
    return parsed.power != MARTIAN


def _earth_retreats(position, parsed: ParsedOrder) -> bool:
    return parsed.power != MARTIAN and for_dislodged(position, parsed)


MOVE_CORE = (check_orders, resolve_moves, martian_losses, explain_moves, place_units, apply_losses)
"""The moves of a season, the Earth's and the Martian's together: what ``wotw-merge-split`` runs too."""

SPRING = (announce_landing, cylinder_gives_no_order) + MOVE_CORE + (land_cylinder, destroy_centres, virus_check,
                                                                     game_end, next_season)
FALL = (announce_landing, cylinder_gives_no_order) + MOVE_CORE + (land_cylinder, destroy_centres, centre_owners,
                                                                   virus_check, game_end, next_season)
SUMMER = (retreat_step(_earth_orders), virus_removals, destroy_centres, virus_check, game_end, next_season)
WINTER = (retreat_step(_earth_retreats), centre_owners, fall_check, virus_removals, adjustment_step, destroy_centres,
          virus_check, game_end, next_season)

SEASON_CHOICES = (("spring", "Spring (moves)"), ("summer", "Summer (retreats, virus removals)"),
                  ("fall", "Fall (moves)"), ("winter", "Winter (retreats, adjustments, virus removals)"))
"""The four seasons as a form offers them (ruling WOTW R5)."""

WOTW = replace(
    STANDARD,
    name="War of the Worlds",
    calendar=(SeasonPlan(Season.SPRING, PhaseKind.MOVEMENT, SPRING),
              SeasonPlan(Season.SUMMER, PhaseKind.RETREATS, SUMMER),
              SeasonPlan(Season.FALL, PhaseKind.MOVEMENT, FALL),
              SeasonPlan(Season.WINTER, PhaseKind.ADJUSTMENTS, WINTER)),
    unit_types=(UnitType.ARMY, UnitType.FLEET, MARTIAN_UNIT),
    order_kinds=tuple(OrderKind) + tuple(MartianOrderKind),
    read_orders=read_orders,
    build_rule=BUILD_RULE,
    designation=martian_designation,
    name_in_explanations=called,
    group_cap=MAX_STRENGTH,
    non_adjusting=frozenset({MARTIAN}),
    draw=draw,
)
