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

# Each public name, by the module that defines it ("public=original" where the face renames it).
_FROM = {
    "adjustments": ("adjustment_step adjustments_due buildable check_win civil_disorder distances fall_ownership "
                    "update_ownership"),
    "game": "GameRecord adjudicate_phase",
    "map": "Coast GameMap Reach Terrain convoy_routes_exist load_map province_of show standard_map",
    "movement": ("MOVEMENT_STEPS Checked Context check_orders designation_note explain_moves place_units "
                 "movement_context=context resolve_moves"),
    "orders": ("Build BuildRule Convoy Disband Hold Illegal Kind Move OrderKind OrderSpec Outcome "
               "ParsedOrder Retreat Spent Status Support Waive describe find_unit phase_words register spec_of"),
    "orders.convoy": "on_minimal_route",
    "orders.move": "place_names=names",
    "options": ("build_options check_adjustment kind_options movement_choices movement_options present_options "
                "units_chosen verdict retreat_order_options=retreat_options"),
    "parser": "ParseError Reader Segment parse_phase read_position",
    "position": "Dislodged Position check_position format_position initial_position",
    "readings": "Options",
    "resolver": "MoveFacts Resolution Resolver resolve_orders",
    "sandbox": "MODES Click Mode check_typed click_rows standard_click typed_marks",
    "board_svg": "Mark",
    "retreats": "for_dislodged retreat_options retreat_step",
    "turn": "Barrier Decision PhaseResult Step Turn but run",
    "units": "START_PHASE STANDARD_TYPES Phase PhaseKind Season Unit UnitType",
    "variant": ("STANDARD SeasonPlan Variant any_letter draw_standard eighteen_centres next_phase "
                "read_standard reader_for unreadable"),
}

_WHERE: dict[str, tuple[str, str]] = {
    public: (module, original or public)
    for module, names in _FROM.items()
    for public, _, original in (name.partition("=") for name in names.split())
}
__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, original = _WHERE[name]
    value = getattr(importlib.import_module(f".{module}", __package__), original)
    globals()[name] = value  # asked once: later look-ups are plain module attributes
    return value


def __dir__() -> list[str]:
    return __all__
