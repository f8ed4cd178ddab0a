"""Heat ray: focused against sweep on the same targets (aqmf-heat-ray)."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core import InputError, Result, Table, bool_param, calculator, choice_param, int_param, more, prob
from ..core.words import counted
from . import common as c
from .combat import MAX_ELEMENTS, Target, mixed_sweep, resolve_target
from .dice import p_damage, p_success
from .exact import IntDist
from .forces import PRESETS, choices
from .stats import DUG_IN_TRIPOD_RANGE, UNITS, WEAPONS

FOCUSED, SWEEP = WEAPONS["heat-ray-focused"], WEAPONS["heat-ray-sweep"]
TARGETS = ("boc-infantry", "boc-mg", "boc-riders", "mw-infantry", "mw-mg", "mw-riders", "custom-human",
           "custom-other")
MAX_OTHERS = 9


@calculator(
    id="aqmf-heat-ray",
    title="Heat ray: focused or sweep",
    game="aqmf",
    rules=("AQMF 6.1", "AQMF 6.2", "AQMF 6.4", "AQMF 13.3", "AQMF 14.2", "AQMF 19.3", "AQMF R2", "AQMF R3",
           "AQMF R4", "AQMF R10", "AQMF R12", "AQMF R13", "AQMF R19", "AQMF R30", "AQMF R33"),
    page="aqmf/shooting.md",
    description="One heat ray shot, focused (+3) or swept (+2) over several elements, side by side.",
    params=[
        c.range_param(10, help="Distance from the tripod to the element the beam aims at or the template ends on "
                               "(3\" minimum; a sweep reaches 15\" at most)."),
        choice_param("target", "Target unit", "boc-infantry", choices(TARGETS),
                     help="The unit whose elements the beam or template falls on."),
        *more(c.defense_param(), c.armor_param("Custom Armor", "Only for a custom target: its printed Armor.")),
        choice_param("end_cover", "Cover of the end element", "none", c.COVER_CHOICES,
                     help="Cover of the element the focused beam aims at, or the sweep template's end is on."),
        bool_param("end_dug_in", "End element dug in", False,
                   help="+2 Armor, unless the range above is 6\" or less: the tripod is then within 6\" of it."),
        int_param("others_open", "Other elements under the template", 2, 0, MAX_OTHERS,
                  help="Sweep only: further elements under the template that are not dug in."),
        *more(int_param("others_dug_in", "Other dug-in elements, more than 6\" away", 0, 0, MAX_OTHERS,
                        help="Sweep only: further dug-in elements under the template, each more than 6\" from the "
                             "tripod: they keep their +2 Armor."),
              int_param("others_dug_in_close", "Other dug-in elements within 6\"", 0, 0, MAX_OTHERS,
                        help="Sweep only: further dug-in elements under the template that are themselves within 6\" "
                             "of the tripod: they lose the +2 (AQMF 13.3, ruling AQMF R30)."),
              c.lucky_param(), c.tough_param()),
    ],
    rulings=("AQMF R5",),
)
def heat_ray_calc(v: dict) -> Result:
    """AQMF 6.1, 6.2, 6.4 with ruling AQMF R30: the focused shot and the sweep, from the 3\" minimum range."""
    rng = v["range"]
    end = _end_target(v)
    others = _check_others(v)
    opts = c.options(v)
    p_hit = p_success(end.hit_need(), opts)
    # Ruling AQMF R30: each element's own distance decides its dug-in bonus; the end element's is the range.
    end_close = rng <= DUG_IN_TRIPOD_RANGE
    plain = Target(end.label, end.kind, 1, end.defense, end.armor, "none", False, False)
    dug = Target(end.label, end.kind, 1, end.defense, end.armor, "none", True, False)

    def p_dmg(t: Target, power: int, close: bool):
        return p_damage(t.armor_against(True, close), power, opts)

    focused = mixed_sweep(p_hit, [p_dmg(end, FOCUSED.power, end_close)])
    total = 1 + others
    rules = ["AQMF 6.1", "AQMF 6.2", "AQMF 6.4", *opts.rules(), *c.measured_rules(rng)]
    notes = []
    if v["end_dug_in"] or v["others_dug_in"] or v["others_dug_in_close"]:
        rules += ["AQMF 13.3", "AQMF R30"]
        notes.append(_dug_in_note(v, end_close))
    data: dict[str, Any] = {
        "range": c.json_number(rng), "elements_under_template": total, "p_hit": prob(p_hit),
        "focused": focused.to_json(), "focused_expected": prob(focused.mean()),
        "focused_at_least": c.at_least_json(focused, total)}
    if rng > SWEEP.max_range:
        return _focused_only(rng, focused, data, rules, notes)
    dmgs = ([p_dmg(end, SWEEP.power, end_close)] + [p_dmg(plain, SWEEP.power, False)] * v["others_open"]
            + [p_dmg(dug, SWEEP.power, False)] * v["others_dug_in"]
            + [p_dmg(dug, SWEEP.power, True)] * v["others_dug_in_close"])
    sweep = mixed_sweep(p_hit, dmgs)
    data.update({"sweep_possible": True, "sweep_impossible": None, "sweep": sweep.to_json(),
                 "sweep_expected": prob(sweep.mean()), "sweep_at_least": c.at_least_json(sweep, total)})
    summary = (f"Focused beam destroys the end element: {c.pstr(focused.at_least(1))}. A sweep over "
               f"{counted(total, 'element')} destroys at least one: {c.pstr(sweep.at_least(1))}.")
    notes.insert(0, f"One heat ray shot at {c.inches(rng)}: on average the focused beam destroys "
                    f"{float(focused.mean()):.3f} elements, the sweep {float(sweep.mean()):.3f}.")
    charts = [c.bar("Focused beam: elements destroyed", focused, total, "elements destroyed"),
              c.bar("Sweep: elements destroyed", sweep, total, "elements destroyed"),
              c.compare("Focused vs sweep", ("focused", focused), ("sweep", sweep), total, "elements destroyed")]
    rows = []
    for k in range(total + 1):
        f, s = focused.as_dict().get(k, 0), sweep.as_dict().get(k, 0)
        rows.append([k, c.pcell(f), c.pcell(s)])
    tables = [Table("Elements destroyed", ["Destroyed", "Focused", "Sweep"], rows),
              Table("At least this many destroyed", ["Destroyed", "Focused", "Sweep"],
                    [[k, c.pcell(focused.at_least(k)), c.pcell(sweep.at_least(k))] for k in range(1, total + 1)])]
    return Result(summary=summary, data=data, rules=rules, tables=tables, charts=charts, notes=notes)


def _end_target(v: dict) -> Target:
    """The element the focused beam aims at or the sweep's template ends on (AQMF 6.4: 3\" away at least)."""
    rng = v["range"]
    if rng < FOCUSED.min_range:
        raise InputError("range", f"{c.inches(rng)} is inside the heat ray's 3\" minimum range (AQMF 6.4, "
                                 "ruling AQMF R33).")
    try:
        return resolve_target(v["target"], 1, v["defense"], v["armor"], v["end_cover"], v["end_dug_in"], False)
    except InputError as err:  # name this form's own field
        field = {"dug_in": "end_dug_in", "cover": "end_cover"}.get(err.field or "", err.field)
        raise InputError(field, err.message) from None


def _focused_only(rng: Fraction, focused: IntDist, data: dict, rules: list[str], notes: list[str]) -> Result:
    """Beyond 15\" only the focused beam fires (AQMF 6.2)."""
    why = f"At {c.inches(rng)} only the focused beam can fire: a sweep's template must lie within 15\" (AQMF 6.2)."
    # Same keys at every range: the sweep's are present and empty, with the reason stated.
    data.update({"sweep_possible": False, "sweep_impossible": why, "sweep": None, "sweep_expected": None,
                 "sweep_at_least": None})
    notes.insert(0, why)
    summary = f"Destroys the end element: {c.pstr(focused.at_least(1))} (focused; no sweep beyond 15\")."
    charts = [c.bar("Focused beam: elements destroyed", focused, 1, "elements destroyed")]
    tables = [Table("Focused beam", ["Destroyed", "Chance"], c.dist_rows(focused, 1))]
    return Result(summary=summary, data=data, rules=rules, tables=tables, charts=charts, notes=notes)


def _check_others(v: dict) -> int:
    """The elements under the template besides the end one, checked against the unit's size."""
    preset = PRESETS[v["target"]]
    others = v["others_open"] + v["others_dug_in"] + v["others_dug_in_close"]
    dug = v["others_dug_in"] + v["others_dug_in_close"]
    if dug and preset.unit and not UNITS[preset.unit].can_dig_in:
        field = "others_dug_in" if v["others_dug_in"] else "others_dug_in_close"
        raise InputError(field, f"{UNITS[preset.unit].name} cannot dig in (ruling AQMF R20).")
    limit = preset.elements if preset.unit else MAX_ELEMENTS
    if 1 + others > limit:
        raise InputError("others_open", f"{preset.label} has {limit} elements: at most {limit - 1} besides the end "
                                        f"one can be under the template (got {others}).")
    return others


def _dug_in_note(v: dict, end_close: bool) -> str:
    """Ruling AQMF R30 stated for this shot: which dug-in elements keep the +2, by their own distance."""
    parts = []
    if v["end_dug_in"]:
        parts.append("the end element, " + ("at 6\" or less, loses its +2 Armor" if end_close
                                            else f"at {c.inches(v['range'])}, keeps its +2 Armor"))
    if v["others_dug_in"]:
        parts.append(f"{v['others_dug_in']} other{'s' if v['others_dug_in'] > 1 else ''} more than 6\" away "
                     "keep{} the +2".format("" if v["others_dug_in"] > 1 else "s"))
    if v["others_dug_in_close"]:
        n = v["others_dug_in_close"]
        parts.append(f"{n} other{'s' if n > 1 else ''} within 6\" of the tripod lose{'' if n > 1 else 's'} it")
    return ("Dug in is judged element by element, by each one's own distance to the tripod (AQMF 13.3, ruling "
            "AQMF R30): " + "; ".join(parts) + ".")
