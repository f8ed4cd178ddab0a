"""The ``wotw-options`` calculator: every legal order of a War of the Worlds position (issue 14).

Spring and Fall list each Earth unit's standard orders (with supports for Martian moves) and each
Martian unit's holds, moves, supports, splits and merges, every kind listing its own.  Summer and
Winter list the Earth retreats, Winter's builds, removals and waives, and, with the virus active,
the Martian's removals.
"""
from __future__ import annotations

from ..core import Result, bool_param, calculator, choice_param, int_param, more, text_param
from ..diplomacy.api import (Illegal, OrderKind, ParsedOrder, Phase, PhaseKind, Position, Season, build_options,
                             check_adjustment, check_typed, click_rows, movement_choices, present_options, reader_for,
                             typed_marks, units_chosen)
from ..diplomacy.api import retreat_order_options
from ..diplomacy.api import verdict as standard_verdict
from .adjudicate import read_season_position
from .readings import WotwOptions
from .board import MARTIAN, board, designation, show
from .board_svg import render_position
from .orders import MartianOrderKind, parse_after_moves, parse_order
from .preview import WOTW_MODES, earth_segments, martian_marks, martian_segments, wotw_click
from .removal import POINTS_PER_SEASON
from .removal import check as check_removal
from .state import state
from .variant import SEASON_CHOICES, WOTW

RULES = ("WOTW 4.1", "WOTW 4.2", "WOTW 5.1", "WOTW 5.2", "WOTW 5.3", "WOTW 6.1", "WOTW 9.2", "WOTW R2", "WOTW R3",
         "DIP 4.1", "DIP 4.3", "DIP 12.1", "DIP 13.5")


def _budget(position: Position) -> int:
    return min(POINTS_PER_SEASON, sum(u.strength for u in position.units if u.power == MARTIAN))


def removal_options(position: Position):
    """WOTW 9.2: with the virus active, a removal of 1 or 2 points from any Martian unit that has them."""
    if not state(position).virus:
        return
    budget = _budget(position)
    for u in position.units:
        if u.power == MARTIAN:
            yield MARTIAN, u.label(), [f"remove {designation(n)} {show(u.province)}"
                                       for n in range(1, min(u.strength, budget) + 1)]


def legal_orders(position: Position) -> list[tuple[str, str, list[str]]]:
    """(power, unit, orders) for every unit (or, for builds, every power) with orders to give this season."""
    return [row[:3] for row in legal_choices(position)]


def legal_choices(position: Position) -> list[tuple]:
    """``legal_orders`` with the clicks the listing knows (the standard kinds' in Spring and Fall; None: read back
    from the order's text)."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return list(movement_choices(WOTW, position))
    out = list(retreat_order_options(WOTW, position))
    if kind is PhaseKind.ADJUSTMENTS:
        out += list(build_options(WOTW, position))
    return [(*row, None) for row in out + list(removal_options(position))]


def verdict(position: Position, parsed):
    """The order ``parsed`` makes this season, given alone, or ``Illegal``: the checks of the season's steps."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return standard_verdict(WOTW, position, parsed)
    kind = parsed.kind
    if kind is MartianOrderKind.REMOVAL:
        if not state(position).virus:
            raise Illegal("the Martian removes strength points only once the virus is active", ("WOTW 9.2",))
        strength = {u.province: u.strength for u in position.units if u.power == MARTIAN}
        return check_removal(strength, _budget(position), parsed.province, parsed.strength or 1)
    if kind is OrderKind.RETREAT or kind is OrderKind.MOVE or (
            kind is OrderKind.DISBAND and parsed.location
            and any(d.unit.province == parsed.province for d in position.dislodged)):
        return standard_verdict(WOTW, position.but(phase=Phase(position.phase.year, position.phase.season,
                                                                PhaseKind.RETREATS)), parsed)
    if kind is PhaseKind.ADJUSTMENTS:
        return check_adjustment(WOTW, position, parsed)
    raise Illegal("in Summer only the dislodged Earth units retreat or disband (ruling WOTW R5)", ("DIP 2.4",))


@calculator(
    id="wotw-options",
    title="Legal orders (War of the Worlds)",
    game="wotw",
    rules=RULES,
    page="wotw/adjudicator.md",
    rulings=("WOTW R4",),
    description="Every legal order of every unit, Earth and Martian, for a War of the Worlds position and season: "
                "moves, supports, convoys, splits, merges, retreats, builds and the virus removals.",
    params=[
        choice_param("season", "Season", "spring", list(SEASON_CHOICES),
                     help="The season whose orders are listed (ruling WOTW R5)."),
        int_param("year", "Year", 1904, 1901, 2100, help="Game year of the season."),
        text_param("position", "Position", "France: A Par, A Mar, F Bre\nGermany: A Mun\nMartian: 3A Bur, A Pic",
                   max_length=4000, multiline=True,
                   help="As for the adjudicator: one line per power, Centres lines, a Martian line, a Destroyed "
                        "line; 'Virus: active' once the virus is active."),
        text_param("unit", "Unit or power", "", max_length=40,
                   help="Optional: one unit (3A Bur, or just Bur) or one power; empty: every unit."),
        *more(bool_param("virus", "Virus active", False, help="Summer and Winter: the virus is active (WOTW 9.2)."),
              text_param("landings", "Landing schedule", "", max_length=300,
                         help="Optional: the six landing sites, as for the adjudicator; the season's site is drawn "
                              "on the map (WOTW 3.1, 3.3).")),
        text_param("orders", "Earth orders", "", max_length=4000, multiline=True,
                   help="Optional: Earth orders to check, as for the adjudicator; the map shows them as typed, with "
                        "a cross on each the adjudicator's checks refuse."),
        text_param("martian_orders", "Martian orders", "", max_length=2000, multiline=True,
                   help="Optional: Martian orders to check, as for the adjudicator (3A Bur - 2A Pic - Par, "
                        "A Pic merge Bur; in Summer and Winter the removals)."),
        *more(bool_param("lists", "List every legal order", True, help="Untick to check and draw only your orders.")),
    ],
)
def options_calc(v: dict) -> Result:
    """WOTW 4.1, 4.2, 5.1-5.3, 6.1, 9.2 with rulings WOTW R2, R3: every legal order of the position."""
    season = Season(v["season"])
    phase = Phase(v["year"], season, next(p.kind for p in WOTW.calendar if p.season is season))
    params = dict(v, virus=v["virus"] and phase.kind is not PhaseKind.MOVEMENT)
    position, notes = read_season_position(params, phase, WotwOptions.from_readings(v["readings"]))
    lists = units_chosen(legal_choices(position), v["unit"]) if v["lists"] else None
    rows, typed, chart = preview(position, v["orders"], v["martian_orders"], lists)
    out = present_options(position, RULES, rows, typed, chart, WOTW_MODES)
    out.notes = list(notes) + out.notes
    return out


def _read_option(power: str, text: str, kind: PhaseKind) -> ParsedOrder | None:
    if power != MARTIAN:
        return reader_for(WOTW).order(text, 0, power)
    if kind is PhaseKind.MOVEMENT:
        return parse_order(text)
    return parse_after_moves(text)


def preview(position: Position, earth_text: str, martian_text: str, lists):
    """The board data of a season: the legal orders with their clicks (Martian orders go in the Martian box,
    without the power's name), the typed orders of both boxes checked, and the map."""
    kind = position.phase.kind
    rows = None
    if lists is not None:
        names = {k: p.name for k, p in board().provinces.items()}
        rows = click_rows(lists, lambda power, text: _read_option(power, text, kind), wotw_click,
                          lambda power: ("martian_orders", True) if power == MARTIAN else ("orders", False),
                          position, names)
    typed = check_typed(WOTW, position, [("orders", earth_segments(earth_text), False),
                                         ("martian_orders", martian_segments(martian_text, kind), True)])
    title = (f"War of the Worlds, {position.phase.season.display} {position.phase.year}: the position"
             + (", and the orders as typed" if typed else ""))
    svg = render_position(position, title, typed_marks(typed, martian_marks))
    return rows, typed, {"type": "svg", "title": title, "svg": svg}
