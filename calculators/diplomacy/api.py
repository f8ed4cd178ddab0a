"""The standard package's face: everything a variant (or a test) may use, and nothing else.

A variant imports from here only.  It gets the board, the values (units, phases, positions), the
order kinds and their records, the movement resolver's public questions, the steps of the standard
seasons and the variant record itself.  The resolver's tables and the modules' helpers stay inside.

A name is imported from its module when it is first asked for (PEP 562), so that a calculator
pays only for the part of the engine it uses: importing every module of the standard package
for a War of the Worlds virus check cost the browser's first visit about 40 ms (issue 12).
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names of ``_FROM`` below (tests/engine/test_api.py: the same), each as itself: re-exported
    from .adjustments import (adjustment_step as adjustment_step, adjustments_due as adjustments_due,
                              buildable as buildable, check_win as check_win, civil_disorder as civil_disorder,
                              distances as distances, fall_ownership as fall_ownership,
                              update_ownership as update_ownership)
    from .board_svg import (Mark as Mark, render_board as render_board, standard_geometry as standard_geometry,
                            svg_number as svg_number)
    from .game import (GameRecord as GameRecord, adjudicate_parsed as adjudicate_parsed,
                       adjudicate_phase as adjudicate_phase)
    from .map import (Coast as Coast, GameMap as GameMap, Reach as Reach, Terrain as Terrain,
                      convoy_routes_exist as convoy_routes_exist, load_map as load_map, province_of as province_of,
                      show as show, standard_map as standard_map)
    from .movement import (Context as Context, MOVEMENT_STEPS as MOVEMENT_STEPS, check_orders as check_orders,
                           designation_note as designation_note, explain_moves as explain_moves,
                           place_units as place_units, resolve_moves as resolve_moves)
    from .options import (build_options as build_options, check_adjustment as check_adjustment,
                          kind_options as kind_options, movement_choices as movement_choices,
                          movement_options as movement_options, present_options as present_options,
                          retreat_order_options as retreat_order_options, units_chosen as units_chosen,
                          verdict as verdict)
    from .orders import (Build as Build, BuildRule as BuildRule, Convoy as Convoy, Disband as Disband, Hold as Hold,
                         Illegal as Illegal, Kind as Kind, Move as Move, OrderKind as OrderKind,
                         OrderSpec as OrderSpec, Outcome as Outcome, ParsedOrder as ParsedOrder, Retreat as Retreat,
                         Spent as Spent, Status as Status, Support as Support, Waive as Waive, describe as describe,
                         explain as explain, find_unit as find_unit, phase_words as phase_words, register as register,
                         spec_of as spec_of)
    from .orders.convoy import on_minimal_route as on_minimal_route
    from .orders.move import (MoveFacts as MoveFacts, Opposed as Opposed, by_convoy as by_convoy,
                              defend_strength as defend_strength, move_facts as move_facts, moved_to as moved_to)
    from .parser import (ParseError as ParseError, Reader as Reader, Segment as Segment, parse_phase as parse_phase,
                         read_position as read_position)
    from .pieces import (Barrier as Barrier, Checked as Checked, Decision as Decision, Pieces as Pieces,
                         Resolution as Resolution)
    from .position import (Dislodged as Dislodged, Position as Position, VariantState as VariantState,
                           check_position as check_position, format_position as format_position,
                           initial_position as initial_position)
    from .readings import Options as Options
    from .resolver import Resolver as Resolver, resolve_orders as resolve_orders
    from .results import present as present, retreats_table as retreats_table
    from .retreats import (for_dislodged as for_dislodged, retreat_options as retreat_options,
                           retreat_step as retreat_step)
    from .sandbox import (Click as Click, MODES as MODES, Mode as Mode, check_typed as check_typed,
                          click_rows as click_rows, standard_click as standard_click, typed_marks as typed_marks)
    from .turn import (Extras as Extras, PhaseResult as PhaseResult, SeasonPlan as SeasonPlan,
                       SeasonReport as SeasonReport, Step as Step, StepOrderError as StepOrderError, Turn as Turn,
                       Variant as Variant, but as but, run as run)
    from .units import (Phase as Phase, PhaseKind as PhaseKind, STANDARD_TYPES as STANDARD_TYPES,
                        START_PHASE as START_PHASE, Season as Season, Unit as Unit, UnitType as UnitType)
    from .variant import (STANDARD as STANDARD, any_letter as any_letter, draw_standard as draw_standard,
                          eighteen_centres as eighteen_centres, next_phase as next_phase,
                          read_standard as read_standard, reader_for as reader_for, unreadable as unreadable)

# Each public name, by the module that defines it ("public=original" where the face renames it).
_FROM = {
    "adjustments": ("adjustment_step adjustments_due buildable check_win civil_disorder distances fall_ownership "
                    "update_ownership"),
    "game": "GameRecord adjudicate_parsed adjudicate_phase",
    "map": "Coast GameMap Reach Terrain convoy_routes_exist load_map province_of show standard_map",
    "movement": "MOVEMENT_STEPS Context check_orders designation_note explain_moves place_units resolve_moves",
    "orders": ("Build BuildRule Convoy Disband Hold Illegal Kind Move OrderKind OrderSpec Outcome "
               "ParsedOrder Retreat Spent Status Support Waive describe explain find_unit phase_words register "
               "spec_of"),
    "orders.convoy": "on_minimal_route",
    "options": ("build_options check_adjustment kind_options movement_choices movement_options present_options "
                "units_chosen verdict retreat_order_options"),
    "parser": "ParseError Reader Segment parse_phase read_position",
    "position": "Dislodged Position VariantState check_position format_position initial_position",
    "readings": "Options",
    "orders.move": "MoveFacts Opposed by_convoy defend_strength move_facts moved_to",
    "pieces": "Barrier Checked Decision Pieces Resolution",
    "resolver": "Resolver resolve_orders",
    "results": "present retreats_table",
    "sandbox": "MODES Click Mode check_typed click_rows standard_click typed_marks",
    "board_svg": "Mark render_board standard_geometry svg_number",
    "retreats": "for_dislodged retreat_options retreat_step",
    "turn": "Extras PhaseResult SeasonPlan SeasonReport Step StepOrderError Turn Variant but run",
    "units": "START_PHASE STANDARD_TYPES Phase PhaseKind Season Unit UnitType",
    "variant": "STANDARD any_letter draw_standard eighteen_centres next_phase read_standard reader_for unreadable",
}

_WHERE: dict[str, tuple[str, str]] = {
    public: (module, original or public)
    for module, names in _FROM.items()
    for public, _, original in (name.partition("=") for name in names.split())
}
__all__ = sorted(_WHERE)


if not TYPE_CHECKING:  # at run time each name is imported when first asked for; the type checker reads the imports
    def __getattr__(name: str) -> object:
        if name not in _WHERE:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        module, original = _WHERE[name]
        value = getattr(importlib.import_module(f".{module}", __package__), original)
        globals()[name] = value  # asked once: later look-ups are plain module attributes
        return value


def __dir__() -> list[str]:
    return __all__
