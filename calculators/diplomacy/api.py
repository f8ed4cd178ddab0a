"""The standard package's face: everything a variant (or a test) may use, and nothing else.

A variant imports from here only.  It gets the board, the values (units, phases, positions), the
order kinds and their records, the movement resolver's public questions, the steps of the standard
seasons and the variant record itself.  The resolver's tables and the modules' helpers stay inside.
"""
from __future__ import annotations

from .adjustments import (adjustment_step, adjustments_due, buildable, check_win, civil_disorder, distances,
                          fall_ownership, update_ownership)
from .game import GameRecord, adjudicate_phase
from .map import Coast, GameMap, Reach, Terrain, convoy_routes_exist, load_map, province_of, show, standard_map
from .movement import MOVEMENT_STEPS, Checked, Context, check_orders, designation_note, explain_moves, place_units
from .movement import context as movement_context
from .movement import resolve_moves
from .orders import (Build, BuildRule, Convoy, Disband, Hold, Illegal, Kind, Move, OrderKind, OrderSpec, Outcome,
                     ParsedOrder, Retreat, Status, Support, Waive, describe, find_unit, phase_words, register, spec_of)
from .orders.convoy import on_minimal_route
from .orders.move import names as place_names
from .options import build_options, check_adjustment, movement_options, present_options, units_chosen, verdict
from .options import retreat_options as retreat_order_options
from .parser import ParseError, Reader, Segment, parse_phase, read_position
from .position import Dislodged, Position, check_position, format_position, initial_position
from .readings import Options
from .resolver import MoveFacts, Resolution, Resolver, resolve_orders
from .sandbox import MODES, Click, Mode, check_typed, click_rows, standard_click, typed_marks
from .board_svg import Mark
from .retreats import for_dislodged, retreat_options, retreat_step
from .turn import Barrier, Decision, PhaseResult, Step, Turn, but, run
from .units import START_PHASE, STANDARD_TYPES, Phase, PhaseKind, Season, Unit, UnitType
from .variant import (STANDARD, SeasonPlan, Variant, any_letter, draw_standard, eighteen_centres, next_phase,
                      read_standard, reader_for, unreadable)

__all__ = [
    "Barrier", "Build", "BuildRule", "Checked", "Click", "MODES", "Mark", "Mode", "Segment",
    "check_typed", "click_rows", "standard_click", "typed_marks",
    "Coast", "Context", "Convoy", "Decision", "Disband", "Dislodged",
    "GameMap", "GameRecord", "Hold", "Illegal", "Kind", "MOVEMENT_STEPS", "Move", "MoveFacts", "Options", "OrderKind",
    "OrderSpec", "Outcome", "ParseError", "ParsedOrder", "Phase", "PhaseKind", "PhaseResult", "Position", "Reach",
    "Reader", "Resolution", "Resolver", "Retreat", "STANDARD", "STANDARD_TYPES", "START_PHASE", "Season",
    "SeasonPlan", "Status", "Step", "Support", "Terrain", "Turn", "Unit", "UnitType", "Variant", "Waive",
    "adjudicate_phase", "adjustment_step", "build_options", "but", "check_adjustment", "movement_options",
    "present_options", "retreat_order_options", "units_chosen", "verdict", "adjustments_due", "any_letter",
    "buildable", "check_orders",
    "check_position", "check_win", "civil_disorder", "convoy_routes_exist", "describe", "designation_note",
    "distances", "draw_standard", "eighteen_centres", "explain_moves", "fall_ownership", "find_unit",
    "for_dislodged", "format_position", "initial_position", "load_map", "movement_context", "next_phase",
    "on_minimal_route", "parse_phase", "phase_words", "place_names", "place_units", "province_of", "read_position",
    "read_standard", "reader_for", "register", "resolve_moves", "resolve_orders", "retreat_options", "retreat_step",
    "run", "show", "spec_of", "standard_map", "unreadable", "update_ownership",
]
