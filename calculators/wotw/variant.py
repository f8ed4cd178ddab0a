"""War of the Worlds as a value of the variant record: the standard game's record with the Martian added.

Its calendar has four seasons (ruling WOTW R5): Spring and Fall are movement seasons, Summer plays
Spring's retreats and the virus removals (and is not played when it has nothing to decide, ruling WOTW R17:
Spring disbands the units with nowhere to retreat to), Winter plays Fall's retreats, the adjustments and the
removals.  Each season is the standard steps with the variant's steps around them (``season``): the
landing before the resolution (WOTW 3.4, 3.6); the Martian losses, the landing, the destroyed
centres, the owners and the win after Fall's retreats, the virus and its removals after it
(WOTW 3.3, 7, 8, 9, rulings WOTW R4, R6, R10, R14).  Under other readings of those rulings the
seasons are made of other steps, or the same in another order (``calendar_for``).
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ..diplomacy.api import (STANDARD, Illegal, Options, OrderKind, ParsedOrder, PhaseKind, Position, Season,
                             SeasonPlan, Turn, Unit, UnitType, Variant, adjustment_step, check_orders, explain_moves,
                             for_dislodged, place_units, resolve_moves, retreat_step)
from .adjust import BUILD_RULE
from .board import MARTIAN, MARTIAN_UNIT, MAX_STRENGTH, called, designation, show
from .orders import MartianOrderKind, read_orders
from .position import read_wotw_position, write_wotw_position
from .result import extras, place, summary
from .readings import DislodgedMartian, Landing, RemovalsStart, SeasonOrder, WotwOptions
from .season import (announce_landing, apply_losses, centre_owners, centre_owners_now,
                     cite_pushed_retreats, cylinder_gives_no_order, destroy_centres, disband_stranded, fall_check,
                     game_end, land_before_moves, land_cylinder, martian_losses, next_season, push_out, virus_check,
                     virus_removals)
from .state import report_of


def martian_designation(unit: Unit, parsed: ParsedOrder) -> None:
    """WOTW 4.3, 5.1: only the Martian orders its units, and names the strength it has."""
    if unit.power == MARTIAN and parsed.power != MARTIAN:
        raise Illegal(f"the unit in {show(unit.province)} is the Martian's; Earth orders cannot move it",
                      ("WOTW 5.1",))
    if unit.power == MARTIAN and parsed.strength is not None and parsed.strength != unit.strength:
        raise Illegal(f"the unit in {show(unit.province)} is {unit.label()}, not {designation(parsed.strength)}",
                      ("WOTW 4.3",))


def draw(variant: Variant, turn: Turn, title: str) -> str:
    """The board drawing hook: the position after the season, its moves, and the season's cylinder."""
    from . import board_svg

    return board_svg.render(turn.position, report_of(turn).landing, turn.moves, title)


def _retreat_orders(position: Position, parsed: ParsedOrder) -> bool:
    """The orders a Summer's retreat step takes: every Earth order, and a Martian order that is not a removal (a
    Martian unit retreats only under ruling WOTW R4's attacker-moves-in reading; otherwise it has none to give)."""
    return parsed.power != MARTIAN or parsed.kind is not MartianOrderKind.REMOVAL


def _winter_retreats(position: Position, parsed: ParsedOrder) -> bool:
    return _retreat_orders(position, parsed) and for_dislodged(position, parsed)


MOVE_CORE = (check_orders, resolve_moves, martian_losses, explain_moves, place_units, apply_losses)
"""The moves of a season, the Earth's and the Martian's together: what ``wotw-merge-split`` runs too."""


@lru_cache(maxsize=64)
def calendar_for(options: WotwOptions) -> tuple[SeasonPlan, ...]:
    """The four seasons' steps under these readings (rulings WOTW R4, R6, R10, R14; R1 is read by the virus check).

    The site's readings: the landing after the moves (R6) and the attacker of a reduced Martian unit staying where it
    started (R4); in Summer and Winter the removals before the season's own virus check (R10); in Fall the owners,
    the virus and the end of the game after the Fall retreats (R14)."""
    pushed = options.dislodged_martian is DislodgedMartian.ATTACKER_MOVES_IN
    core = (check_orders, resolve_moves, explain_moves, place_units, push_out) if pushed else MOVE_CORE
    before = options.landing is Landing.BEFORE_MOVES
    start = (announce_landing, land_before_moves) if before else (announce_landing, cylinder_gives_no_order)
    landing = () if before else (land_cylinder,)
    order = options.season_order
    owners = (centre_owners_now,) if order is SeasonOrder.BEFORE_FALL_RETREATS else (centre_owners,)
    if order is SeasonOrder.VIRUS_BEFORE_LANDING:
        spring = start + core + (virus_check,) + landing + (destroy_centres, disband_stranded, game_end, next_season)
        fall = start + core + owners + (virus_check,) + landing + (destroy_centres, game_end, next_season)
    else:
        spring = start + core + landing + (destroy_centres, virus_check, disband_stranded, game_end, next_season)
        fall = start + core + landing + (destroy_centres,) + owners + (virus_check, game_end, next_season)
    # Winter plays the Fall owners and check only when Fall left them to its retreats.
    after_fall = () if order is SeasonOrder.BEFORE_FALL_RETREATS else (centre_owners, fall_check)
    if options.removals_start is RemovalsStart.SAME_SEASON:
        summer = (destroy_centres, virus_check, virus_removals, game_end, next_season)
        winter = after_fall + (destroy_centres, virus_check, virus_removals, adjustment_step, game_end, next_season)
    else:
        summer = (virus_removals, destroy_centres, virus_check, game_end, next_season)
        winter = after_fall + (virus_removals, adjustment_step, destroy_centres, virus_check, game_end, next_season)
    cited = (cite_pushed_retreats,) if pushed else ()
    return (SeasonPlan(Season.SPRING, PhaseKind.MOVEMENT, spring),
            SeasonPlan(Season.SUMMER, PhaseKind.RETREATS, (retreat_step(_retreat_orders),) + cited + summer,
                       skippable=True),
            SeasonPlan(Season.FALL, PhaseKind.MOVEMENT, fall),
            SeasonPlan(Season.WINTER, PhaseKind.ADJUSTMENTS, (retreat_step(_winter_retreats),) + cited + winter))


def _calendar(options: Options) -> tuple[SeasonPlan, ...]:
    """The variant record's ``pipeline``: the calendar under the readings in ``options`` (any options record)."""
    return calendar_for(WotwOptions.of(options))


SEASON_CHOICES = (("spring", "Spring (moves)"), ("summer", "Summer (retreats, virus removals)"),
                  ("fall", "Fall (moves)"), ("winter", "Winter (retreats, adjustments, virus removals)"))
"""The four seasons as a form offers them (ruling WOTW R5)."""

WOTW = replace(
    STANDARD,
    name="War of the Worlds",
    calendar=calendar_for(WotwOptions()),
    pipeline=_calendar,
    unit_types=(UnitType.ARMY, UnitType.FLEET, MARTIAN_UNIT),
    order_kinds=tuple(OrderKind) + tuple(MartianOrderKind),
    read_orders=read_orders,
    build_rule=BUILD_RULE,
    designation=martian_designation,
    name_in_explanations=called,
    group_cap=MAX_STRENGTH,
    non_adjusting=frozenset({MARTIAN}),
    draw=draw,
    show=place,
    read_position=read_wotw_position,
    write_position=write_wotw_position,
    summary=summary,
    extras=extras,
)
