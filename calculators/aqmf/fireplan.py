"""A whole turn of fire at one target (aqmf-fire-plan): several units, in order, exactly.

    >>> import calculators
    >>> out = calculators.run("aqmf-fire-plan", {"attackers": '[{"unit": "mw-tanks", "range": 20}]'})
    >>> out["data"]["headline"]["event"]
    'tripod destroyed or exploded'
"""
from __future__ import annotations


from ..core import InputError, Param, calculator, choice_param, group_error, group_param, int_param, more
from ..core.params import GroupParam
from . import common as c
from .combat import (MAX_ELEMENTS, Shooter, Target, check_tripod_armor, resolve_shooter, resolve_target, unit_label,
                     within_size)
from .dice import RollOptions
from .forces import PRESETS, SHOOTERS, TARGETS, choices
from .plan import (ASSAULT, MAX_DIGITS, SHOOTING, SITE_MORALE, TOW, Attack, MoraleReadings, Plan, tripod_turn,
                   units_turn)
from .planview import present
from .readings import BlastAttacks
from .stats import DUG_IN_TRIPOD_RANGE, Weapon

MAX_ATTACKERS = 8
MAX_NEARBY = 6
TOW_UNITS = ("boc-riders", "mw-riders", "custom-human")  # Rough Riders carry tow cables (AQMF 19.1)
CABLES = Weapon("tow-cables", "Tow cables", 0, assault_only=True)
NEARBY_UNITS = tuple(t for t in TARGETS if t != "blip")
ATTACKS = [(SHOOTING, "Shooting"), (ASSAULT, "Assault"), (TOW, "Tow-cable assault (Rough Riders, at a tripod)")]

RULES = ("AQMF 2.1", "AQMF 4.2", "AQMF 5.2", "AQMF 5.4", "AQMF 5.5", "AQMF 5.6", "AQMF 5.8", "AQMF 6.2", "AQMF 7.2",
         "AQMF 9.2", "AQMF 9.3", "AQMF 12.6", "AQMF 13.3", "AQMF 14.2", "AQMF 16.1", "AQMF 17.1", "AQMF 18.1",
         "AQMF 18.3", "AQMF 18.4", "AQMF 18.5", "AQMF 18.7", "AQMF R2", "AQMF R3", "AQMF R4", "AQMF R5", "AQMF R6",
         "AQMF R8", "AQMF R9", "AQMF R11", "AQMF R13", "AQMF R14", "AQMF R15", "AQMF R16", "AQMF R17", "AQMF R18",
         "AQMF R19", "AQMF R29", "AQMF R30", "AQMF R31", "AQMF R32", "AQMF R33")


def attacker_fields() -> list[Param]:
    return [
        choice_param("unit", "Unit", "boc-mg", choices(SHOOTERS),
                     help="A unit from the scenarios' rosters, or a custom unit (then pick its weapon)."),
        c.weapon_param(),
        int_param("elements", "Elements attacking", None, 1, MAX_ELEMENTS, optional=True,
                  help="Elements in range with line of sight (or in contact). Empty: the whole unit."),
        choice_param("attack", "Attack", SHOOTING, ATTACKS,
                     help="Assaults come in the First Move Phase, before any shooting (AQMF 4.2): list them first."),
        c.range_param(12, help="Distance to the target; a tripod within 6\" takes away dug in (ignored in an "
                               "assault)."),
    ]


def target_fields(fold: bool = False) -> list[Param]:
    """The target's fields; ``fold``: those few players change under "More options" (the form's, not plan B's)."""
    folded = more if fold else (lambda *ps: ps)
    return [c.target_param("boc-tripod", TARGETS),
            *folded(c.target_elements_param(), c.defense_param(), c.armor_param()),
            c.cover_param(), c.dug_in_param(),
            *folded(c.immobilized_param(),
                    int_param("lost_earlier", "Elements lost earlier this turn", 0, 0, MAX_ELEMENTS,
                              help="A human unit's losses this turn before these attacks: they count in its morale "
                                   "test (when ruling AQMF R18 counts only the losses to shooting, give only those)."))]


def _attacker(unit, range_, attack=SHOOTING, elements=None, weapon="unit") -> dict:
    return {"unit": unit, "weapon": weapon, "elements": elements, "attack": attack, "range": range_}


ATTACKERS = group_param("attackers", "Attacking units, in order", attacker_fields(),
                        [_attacker("mw-tanks", 20), _attacker("mw-mg", 12)], 1, MAX_ATTACKERS, item_label="Attacker",
                        help="Each unit's attack is worked out in turn: against a tripod its damage points make one "
                             "chart roll, and the next unit faces the Armor that is left.")
COMPARE = group_param("compare", "Plan B: attacking units", attacker_fields(), [], 0, MAX_ATTACKERS,
                      item_label="Plan B attacker",
                      help="Optional: a second plan (another order, other units) to set beside the first.")
COMPARE_TARGET = group_param("compare_target", "Plan B: its own target", target_fields(), [], 0, 1,
                             item_label="Plan B target",
                             help="Optional: plan B fires at this target instead (which target first?). "
                                  "Empty: the same target as plan A.")
NEARBY = group_param("nearby", "Units within 6\" of the tripod", [
    choice_param("unit", "Unit", "boc-infantry", choices(NEARBY_UNITS), help="A unit caught if the tripod explodes."),
    int_param("elements", "Elements", None, 1, MAX_ELEMENTS, optional=True,
              help="Elements within 6\" of the tripod. Empty: the whole unit."),
    c.defense_param(), c.armor_param("Custom Armor", "Only for a custom unit: its printed Armor."),
    c.cover_param(), c.dug_in_param(),
], [], 0, MAX_NEARBY, item_label="Unit nearby",
    help="Where you place your units: each suffers 3 attacks at Power +2 if the tripod explodes (AQMF 18.7).")


@calculator(
    id="aqmf-fire-plan",
    title="Fire plan: a turn of fire at one target",
    game="aqmf",
    rules=RULES,
    page="aqmf/fire-plan.md",
    description="Several units attack one target in order: the tripod's exact state, or the unit's losses and "
                "morale, after each attacker and after the turn; explosions; two plans side by side.",
    params=[ATTACKERS, *target_fields(fold=True),
            *more(NEARBY, COMPARE, COMPARE_TARGET, c.lucky_param(), c.tough_param())],
    rulings=("AQMF R5", "AQMF R14", "AQMF R18", "AQMF R31"),
)
def fire_plan_calc(v: dict):
    opts, morale = c.options(v), MoraleReadings.of(v["readings"])
    plan_a = make_plan("Plan A", ATTACKERS, v["attackers"], v, opts, "", morale)
    plan_b = None
    if v["compare"]:
        tv = v["compare_target"][0] if v["compare_target"] else v
        prefix = "compare_target.0." if v["compare_target"] else ""
        plan_b = make_plan("Plan B", COMPARE, v["compare"], tv, opts, prefix, morale)
    nearby = [_nearby(i, item) for i, item in enumerate(v["nearby"])]
    return present(plan_a, plan_b, nearby, opts, orphan_target=bool(v["compare_target"]) and not v["compare"],
                   blast_reading=BlastAttacks.read(v["readings"]))


def make_plan(name: str, group: GroupParam, items, tv: dict, opts: RollOptions, prefix: str,
              morale: MoraleReadings = SITE_MORALE) -> Plan:
    target = _target(tv, prefix)
    check_sides(group, items, target, prefix + "target")
    attacks = resolve_attacks(group, items, target)
    lost_before = tv["lost_earlier"] if target.kind == "human" else 0
    if target.kind == "tripod":
        turn = tripod_turn(attacks, target, opts)
    else:
        turn = units_turn(attacks, target, opts, lost_before, morale)
    if turn.cut is not None:  # a stated bound, not a hang or a 5,000-digit fraction (house rule 6)
        raise InputError(group.name, f"{group.label}: from {group.item_label} {turn.cut + 1} on, the exact chances "
                                     f"would run past {MAX_DIGITS:,} digits. Use fewer elements or attackers: any plan "
                                     "of 8 units rolling up to 60 dice each fits (a sweep over many elements grows "
                                     "faster).")
    return Plan(name, attacks, target, lost_before, turn, opts, morale)


def _target(tv: dict, prefix: str) -> Target:
    try:
        target = resolve_target(tv["target"], tv["target_elements"], tv["defense"], tv["armor"], tv["cover"],
                                tv["dug_in"], tv["immobilized"])
        check_tripod_armor(target)
    except InputError as err:
        raise _prefixed(err, prefix) from None
    preset = PRESETS[tv["target"]]
    if target.kind == "human" and preset.unit and tv["lost_earlier"] + target.elements > preset.elements:
        raise _prefixed(InputError("lost_earlier", f"{preset.label} has {preset.elements} elements: {target.elements} "
                                                   f"left and {tv['lost_earlier']} lost earlier this turn make "
                                                   f"{target.elements + tv['lost_earlier']}."), prefix)
    return target


def _prefixed(err: InputError, prefix: str) -> InputError:
    """An error on plan B's own target names its field inside that group ("compare_target.0.armor")."""
    if not prefix:
        return err
    label = COMPARE_TARGET.field(err.field).label if err.field else ""
    text = err.message if not label or err.message.startswith(label + ":") else f"{label}: {err.message}"
    return InputError(prefix + (err.field or "target"), f"{COMPARE_TARGET.item_label} 1, {text}")


def resolve_attacks(group: GroupParam, items, target: Target) -> list[Attack]:
    """Each item as an Attack; assaults before shooting (AQMF 4.2, ruling AQMF R31); tow cables launched in the
    First Move Phase (AQMF 2.1)."""
    attacks: list[Attack] = []
    shot = None
    for i, item in enumerate(items):
        try:
            attack = resolve_attack(item, target, i + 1)
        except InputError as err:
            raise group_error(group, i, _item_field(item, err.field), err.message) from None
        if attack.kind != SHOOTING and shot is not None:
            raise group_error(group, i, "attack",
                              f"an assault cannot follow the shooting of {group.item_label} {shot}: assaults "
                              "are launched in the First Move Phase, before the Combat Phase's shooting (AQMF 2.1, "
                              "4.2). List the assaults first.")
        if attack.kind == SHOOTING and shot is None:
            shot = i + 1
        attacks.append(attack)
    return attacks


# Each side's targets (AQMF 5.2: a unit shoots or assaults an enemy unit); a custom unit with no morale may be either.
MARTIAN_TARGETS, HUMAN_TARGETS = ("tripod",), ("human", "blip")


def _same_side(item: dict, target: Target) -> bool:
    """AQMF 5.2: a human unit never attacks a human unit or blip, a tripod never a tripod."""
    martian = PRESETS[item["unit"]].kind == "tripod"
    return target.kind in (MARTIAN_TARGETS if martian else HUMAN_TARGETS)


def check_sides(group: GroupParam, items, target: Target, target_field: str) -> None:
    """AQMF 5.2 for the whole plan at once: one sentence naming every attacker on the target's own side, attached
    to the target and to each such attacker's Unit (the page shows it at whichever the player changed)."""
    # A tow-cable assault at a unit has its own, narrower error (AQMF 16.1: tripods only), given with the attack.
    bad = [i for i, item in enumerate(items) if item["attack"] != TOW and _same_side(item, target)]
    if not bad:
        return
    side = "Martian" if target.kind in MARTIAN_TARGETS else "human"
    who = [f"{group.item_label} {i + 1} ({PRESETS[items[i]['unit']].label})" for i in bad]
    names = who[0] if len(who) == 1 else ", ".join(who[:-1]) + " and " + who[-1]
    one = len(bad) == 1
    fix = "pick a Martian target" if side == "human" else "pick a human target"
    message = (f"{names} cannot attack {target.label}: {'it is' if one else 'they are'} {side} like the target, and "
               f"a unit shoots or assaults only an enemy unit (AQMF 5.2). Change {'its' if one else 'their'} unit, "
               f"or {fix}.")
    fields = (target_field, *(f"{group.name}.{i}.unit" for i in bad))
    # Several attackers, all on the target's side: the target is the one change that mends them all.
    raise InputError(target_field if len(bad) > 1 and len(bad) == len(items) else fields[1], message, fields)


def resolve_attack(item: dict, target: Target, number: int) -> Attack:
    kind = item["attack"]
    if kind == TOW:
        shooter = _tow_shooter(item, target)
    else:
        shooter = resolve_shooter(item["unit"], item["weapon"], item["elements"], kind, item["range"])
    # AQMF 5.2 (an enemy target) was checked for the whole plan first (check_sides); a tow-cable assault's
    # target is a tripod (_tow_shooter), never its human unit's own side.
    within_six = kind != SHOOTING or item["range"] <= DUG_IN_TRIPOD_RANGE
    return Attack(f"{number}. {shooter.label}", shooter, kind, within_six)


def _tow_shooter(item: dict, target: Target) -> Shooter:
    preset = PRESETS[item["unit"]]
    if item["unit"] not in TOW_UNITS:
        raise InputError("attack", f"{preset.label} have no tow cables: Rough Riders (or a custom human unit) "
                                   "make a tow-cable assault (AQMF 16.1).")
    if target.kind != "tripod":
        raise InputError("attack", "Tow cables are used only against a tripod (AQMF 16.1).")
    if item["weapon"] != "unit":
        raise InputError("weapon", "A tow-cable assault uses the cables, not a weapon: leave the weapon as the "
                                   "unit's own.")
    n = within_size(preset, item["elements"], "elements", "can assault")
    return Shooter(unit_label(preset, n, "in contact"), CABLES, n, False)


def _nearby(i: int, item: dict) -> Target:
    try:
        return resolve_target(item["unit"], item["elements"], item["defense"], item["armor"], item["cover"],
                              item["dug_in"], False)
    except InputError as err:
        field = {"target_elements": "elements", "target": "unit"}.get(err.field or "", err.field)
        raise group_error(NEARBY, i, _item_field(item, field), err.message) from None


def _item_field(item: dict, field: str | None) -> str:
    """The field of a group's item an error names, or the item's unit if it names none of them."""
    return field if field is not None and field in item else "unit"


