"""The shooting and assault calculator (aqmf-attack)."""
from __future__ import annotations

from fractions import Fraction

from ..core import BarChart, Result, Table, calculator, more, prob
from . import common as c
from .combat import attack_odds, p_rout, resolve_shooter, resolve_target
from .dice import damage_need
from .damage import CATEGORIES, after_attack_weights, ordered_states, p_down, state_label
from .forces import SHOOTERS, TARGETS
from .stats import COVER_BONUS, DUG_IN_TRIPOD_RANGE, IMMOBILIZED_DEFENSE

RULES = ("AQMF 5.4", "AQMF 5.5", "AQMF 5.8", "AQMF 6.2", "AQMF 6.4", "AQMF 7.2", "AQMF 9.2", "AQMF 9.3", "AQMF 12.6",
         "AQMF 13.3", "AQMF 14.2", "AQMF 17.1", "AQMF 18.1", "AQMF 19.1", "AQMF 19.2", "AQMF 19.3", "AQMF R2",
         "AQMF R3", "AQMF R4", "AQMF R5", "AQMF R6", "AQMF R7", "AQMF R8", "AQMF R9", "AQMF R10", "AQMF R11",
         "AQMF R12", "AQMF R13", "AQMF R16", "AQMF R19", "AQMF R20", "AQMF R27", "AQMF R28", "AQMF R29", "AQMF R30",
         "AQMF R33")


def resolve(v: dict):
    shooter = resolve_shooter(v["shooter"], v["weapon"], v["elements"], v["attack"], v["range"])
    target = resolve_target(v["target"], v["target_elements"], v["defense"], v["armor"], v["cover"],
                            v["dug_in"], v["immobilized"])
    within_six = v["attack"] == "assault" or v["range"] <= DUG_IN_TRIPOD_RANGE
    return shooter, target, within_six


def tripod_outcome(damage, armor: int) -> tuple[dict, dict]:
    return after_attack_weights(damage.weights, damage.den, armor)


@calculator(
    id="aqmf-attack",
    title="Shooting and assault odds",
    game="aqmf",
    rules=RULES,
    page="aqmf/shooting.md",
    description="Exact hits, elements destroyed (or tripod damage) and the morale follow-up of one unit's attack.",
    params=[
        c.shooter_param("boc-mg", SHOOTERS), c.weapon_param(), *more(c.elements_param()), c.attack_param(),
        c.range_param(), c.target_param("boc-tripod", TARGETS), *more(c.target_elements_param(), c.defense_param(),
                                                                     c.armor_param()),
        c.cover_param(), c.dug_in_param(), *more(c.immobilized_param(), c.lucky_param(), c.tough_param()),
    ],
    rulings=("AQMF R5",),
)
def attack_calc(v: dict) -> Result:
    """AQMF 7.2 and rulings AQMF R6, R8, R9, R11, R29: one unit's shooting or assault, with the presets' own rulings."""
    shooter, target, within_six = resolve(v)
    rules = ["AQMF 7.2"] if v["attack"] == "assault" else []
    if shooter.weapon.key == "tank-gun":
        rules.append("AQMF R8")
    if v["shooter"] in ("boc-riders", "mw-riders"):
        rules.append("AQMF R6")
    if v["shooter"] == "boc-infantry":
        rules.append("AQMF R9")
    if v["attack"] == "assault" and shooter.weapon.key in ("machine-gun", "reaper-tentacles"):
        rules.append("AQMF R11")
    if v["attack"] == "assault" and target.cover != "none":
        rules.append("AQMF R29")
    if v["attack"] != "assault":
        rules += c.measured_rules(v["range"])
    out = report(shooter, target, within_six, c.options(v), rules)
    if v["attack"] == "assault" and target.cover != "none":
        out.notes.append(f"Cover counts in an assault as in shooting: +{COVER_BONUS[target.cover]} Defense "
                         "(ruling AQMF R29).")
    return out


def report(shooter, target, within_six: bool, opts, extra_rules: list[str]) -> Result:
    """The result for one attack: shared by the attack and explosion calculators (AQMF 12.6: a blip is only
    revealed; AQMF 18.1 with ruling AQMF R16: a tripod takes one chart roll for the attack; ruling AQMF R19)."""
    odds = attack_odds(shooter, target, within_six, opts)
    hit_need = target.hit_need()
    arm = target.armor_against(shooter.strips_dug_in, within_six)
    dmg_need = damage_need(arm, shooter.weapon.power, opts)
    rules, notes = _rules_and_notes(shooter, target, within_six, 1 if shooter.weapon.auto_hit else hit_need, dmg_need)
    rules = ["AQMF 5.4", "AQMF 5.5", *opts.rules(), *extra_rules, *rules]
    data = {
        "shooter": {"label": shooter.label, "weapon": shooter.weapon.name, "elements": shooter.elements,
                    "dice": shooter.dice, "power": shooter.weapon.power},
        "target": {"label": target.label, "kind": target.kind, "elements": target.elements,
                   "hit_need": hit_need, "damage_need": dmg_need},
        "p_hit": prob(odds.p_hit), "p_damage": prob(odds.p_damage),
        "hits": odds.hits.to_json(), "expected_hits": prob(odds.hits.mean()),
        "damage": odds.damage.to_json(), "expected_damage": prob(odds.damage.mean()),
    }
    out = Result(summary="", data=data, rules=rules, notes=notes,
                 charts=[c.bar("Hits", odds.hits, shooter.dice, "hits")],
                 tables=[Table("Numbers needed", ["Roll", "Needs", "Chance per die"],
                               [[_hit_label(target) if not shooter.weapon.auto_hit else "to hit",
                                 "no roll: every attack hits" if shooter.weapon.auto_hit else _need(hit_need),
                                 c.pcell(odds.p_hit)],
                                [_damage_label(target, arm, shooter.weapon.power), _need(dmg_need),
                                 c.pcell(odds.p_damage)]])])
    if target.kind == "tripod":
        _tripod_part(out, odds, shooter, target, within_six, opts)
    else:
        _units_part(out, odds, shooter, target, within_six, opts)
    if shooter.weapon.sweep and target.elements > 1:
        out.notes.append("Sweep: every element of the target is taken to be under the template; the heat-ray "
                         "calculator handles a template over a mix of elements (ruling AQMF R19).")
        out.rules.append("AQMF R19")
    out.rules = _dedupe(out.rules)
    return out


def _hit_label(target) -> str:
    """AQMF 5.4: the Defense a hit needs, naming only the modifiers that apply (cover, AQMF 14.2; immobilized,
    AQMF 17.1): "to hit (Defense 5)", "to hit (Defense 5, hard cover +3, immobilized -4 = 4)"."""
    mods = []
    if target.cover != "none":
        mods.append(f"{target.cover} cover +{COVER_BONUS[target.cover]}")
    if target.immobilized:
        mods.append(f"immobilized {IMMOBILIZED_DEFENSE}")
    total = f" = {target.hit_need()}" if mods else ""
    return f"to hit (Defense {', '.join([str(target.defense), *mods])}{total})"


def _damage_label(target, arm: int, power: int) -> str:
    """AQMF 5.5: the Armor a damage roll is against, dug in (AQMF 13.3) named only where it counts."""
    armor = f"Armor {target.armor}, dug in +{arm - target.armor} = {arm}," if arm != target.armor else f"Armor {arm}"
    return f"to damage ({armor} minus Power {power})"


def _rules_and_notes(shooter, target, within_six: bool, hit_need: int, dmg_need: int) -> tuple[list, list]:
    """AQMF 6.2, 13.3, 14.2, 17.1 and rulings AQMF R5, R27, R28, R30: what this attack's numbers depend on."""
    rules = ["AQMF 6.2"] if shooter.weapon.sweep else []
    notes = []
    if target.dug_in and shooter.tripod:
        notes.append(("Dug in gives no Armor here: the shooter is a tripod within 6\"" if within_six else
                      "Dug in counts: the tripod is more than 6\" away") + ". Every element of the target is taken "
                     "at the range given; an element that is itself within 6\" of the tripod loses its +2 (AQMF 13.3, "
                     "ruling AQMF R30): for a sweep over elements at different distances use the heat-ray calculator.")
        rules += ["AQMF 13.3", "AQMF R30"]
    elif target.dug_in:
        rules.append("AQMF 13.3")
    if hit_need > 10 or dmg_need > 10:
        rules.append("AQMF R5")
    if target.cover != "none":
        rules.append("AQMF 14.2")
    if target.kind == "tripod" or shooter.tripod:
        rules.append("AQMF R27")  # Massive changes no roll
    if target.kind == "blip" and target.dug_in:
        rules.append("AQMF R28")
    if target.immobilized:
        rules.append("AQMF 17.1")
    return rules, notes


def _dice_words(shooter) -> str:
    if shooter.weapon.sweep:
        return f"{shooter.dice} {'sweep' if shooter.dice == 1 else 'sweeps'}"
    return f"{shooter.dice} {'die' if shooter.dice == 1 else 'dice'}"


def _tripod_part(out: Result, odds, shooter, target, within_six: bool, opts) -> None:
    out.rules += ["AQMF 18.1", "AQMF R16"]
    cats, states = tripod_outcome(odds.damage, target.armor)
    down = p_down(states)
    upto = max(k for k, _ in odds.damage.items)
    out.data.update({
        "chart": {k: prob(p) for k, p in cats.items()},
        "armor_after": [{"outcome": state_label(s), **prob(states[s])} for s in ordered_states(states)],
        "p_destroyed": prob(down),
        "p_exploded": prob(states.get("exploded", Fraction(0))),
        "damage_at_least": c.at_least_json(odds.damage, upto),
    })
    out.summary = (f"Tripod destroyed or exploded: {c.pstr(down)}; at least one damage point: "
                   f"{c.pstr(odds.damage.at_least(1))}.")
    out.notes.insert(0, f"{shooter.label} ({_dice_words(shooter)}, {shooter.weapon.name}) against the tripod: each die "
                        f"hits with {c.fcell(odds.p_hit)} and damages with {c.fcell(odds.p_damage)}.")
    out.charts.append(c.bar("Damage points", odds.damage, upto, "damage points"))
    order = ["no damage", *CATEGORIES]
    out.charts.append(BarChart("Damage chart result", order, [("Chance", [float(cats.get(k, 0)) for k in order])],
                               x_label="result"))
    out.tables.append(Table("Damage points", ["Points", "Chance"], c.dist_rows(odds.damage, upto, most=c.TABLE_ROWS)))
    if upto:
        out.tables.append(Table("At least this many damage points", ["Outcome", "Chance"],
                                c.at_least_rows(odds.damage, min(upto, c.TABLE_ROWS), "damage point")))
    out.tables.append(Table("Tripod after the attack", ["Outcome", "Chance"],
                            [[state_label(s), c.pcell(states[s])]
                             for s in ordered_states(states)]))
    if target.cover != "none" or target.immobilized:
        plain = type(target)(target.label, target.kind, 1, target.defense, target.armor, "none", False, False)
        base = attack_odds(shooter, plain, within_six, opts).damage
        _, base_states = tripod_outcome(base, target.armor)
        top = max(upto, max(k for k, _ in base.items))
        out.data["open_ground"] = {"damage": base.to_json(), "p_destroyed": prob(p_down(base_states))}
        out.charts.append(c.compare("Damage points: as set vs no cover, not immobilized",
                                    ("as set", odds.damage), ("no cover, not immobilized", base), top,
                                    "damage points"))
        out.notes.append(f"With no cover and not immobilized, the tripod would be destroyed or explode with "
                         f"{c.pstr(p_down(base_states))}.")


def _units_part(out: Result, odds, shooter, target, within_six: bool, opts) -> None:
    n = target.elements
    dest = odds.destroyed
    out.data.update({"destroyed": dest.to_json(), "expected_destroyed": prob(dest.mean()),
                     "at_least": c.at_least_json(dest, n)})
    # A blip loses nothing: any damage only reveals it (AQMF 12.6), so say "revealed" throughout.
    blip = target.kind == "blip"
    what = "Blip revealed" if blip else "Elements destroyed"
    out.charts.append(c.bar(what, dest, n, "blip revealed" if blip else "elements destroyed"))
    out.tables.append(Table(what, ["Revealed" if blip else "Destroyed", "Chance"], c.dist_rows(dest, n)))
    if not blip:
        out.tables.append(Table("At least this many destroyed", ["Outcome", "Chance"],
                                c.at_least_rows(dest, n, "destroyed", "destroyed")))
    out.notes.insert(0, f"{shooter.label} ({_dice_words(shooter)}, {shooter.weapon.name}) against {target.label}: "
                        f"each {'sweep' if shooter.weapon.sweep else 'die'} hits with {c.fcell(odds.p_hit)}, each hit "
                        f"{'damages' if blip else 'destroys'} with {c.fcell(odds.p_damage)}.")
    if blip:
        out.data["p_revealed"] = prob(dest.at_least(1))
        out.summary = (f"Blip revealed: {c.pstr(dest.at_least(1))}; any damage reveals it, and shooting a blip "
                       "destroys nothing (AQMF 12.6).")
        out.rules.append("AQMF 12.6")
    else:
        out.summary = (f"At least one element destroyed: {c.pstr(dest.at_least(1))}; "
                       f"{float(dest.mean()):.2f} destroyed on average.")
    if target.kind == "human":
        _morale_part(out, dest, n)
    if target.cover != "none" or (target.dug_in and not (shooter.strips_dug_in and within_six)) or target.immobilized:
        plain = type(target)(target.label, target.kind, n, target.defense, target.armor, "none", False, False)
        base = attack_odds(shooter, plain, within_six, opts).destroyed
        out.data["open_ground"] = {"destroyed": base.to_json(), "p_at_least_one": prob(base.at_least(1))}
        out.charts.append(c.compare(f"{what}: as set vs in the open, not dug in",
                                    ("as set", dest), ("open, not dug in", base), n,
                                    "blip revealed" if blip else "elements destroyed"))
        out.notes.append(f"In the open and not dug in, {'revealed' if blip else 'at least one destroyed'} would be "
                         f"{c.pstr(base.at_least(1))}.")


def _morale_part(out: Result, dest, n: int) -> None:
    rout = p_rout(dest, n)
    wiped = dest.p(lambda k: k >= n)
    tests = dest.p(lambda k: 0 < k < n)
    none = dest.p(lambda k: k == 0)
    out.data["morale"] = {"p_tests": prob(tests), "p_routs": prob(rout), "p_wiped_out": prob(wiped)}
    out.summary += f" Routs: {c.pstr(rout)}; wiped out (no test): {c.pstr(wiped)}."
    out.rules += ["AQMF 9.2", "AQMF 9.3"]
    out.notes.append("The morale follow-up counts only this attack's losses; for several attacks in one turn, use "
                     "the fire plan, which tests once with the turn's total (AQMF 9.2, 9.3).")
    out.tables.append(Table("Morale follow-up (AQMF 9.2-9.3)", ["Outcome", "Chance"],
                            [["no loss (no test)", c.pcell(none)],
                             ["tests and passes", c.pcell(tests - rout)],
                             ["tests and routs", c.pcell(rout)],
                             ["wiped out (no test)", c.pcell(wiped)]]))


def _need(n: int) -> str:
    if n <= 1:
        return "any roll"
    if n > 10:
        return f"{n} (more than 10)"
    return f"{n}+"


def _dedupe(items):
    return list(dict.fromkeys(items))
