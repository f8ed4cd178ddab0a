"""How many do I need? The smallest number of elements, or of volleys, reaching a chance (aqmf-how-many)."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..core.words import counted
from ..core import BarChart, InputError, Result, Table, calculator, choice_param, int_param, more, prob
from . import common as c
from .combat import check_tripod_armor, resolve_shooter, resolve_target
from .forces import PRESETS, SHOOTERS, TARGETS
from .plan import MAX_DIGITS, SHOOTING, Attack, MoraleReadings, tripod_turn, units_turn
from .readings import MoraleLosses, MoraleTests
from .stats import DUG_IN_TRIPOD_RANGE, UNITS

MAX_COUNT = 30
EVENTS = [("destroyed", "Destroyed: the tripod, or every element of the unit"),
          ("broken", "Routed or wiped out (a human unit)"),
          ("hurt", "Hurt: a damage result on the tripod, an element lost, or the blip revealed")]
SHORT = {"destroyed": "Destroyed", "broken": "Routed or wiped out", "hurt": "Hurt"}
WORDS = {"destroyed": {"tripod": "tripod destroyed", "human": "unit wiped out", "other": "unit wiped out"},
         "broken": {"human": "unit routed or wiped out"},
         "hurt": {"tripod": "tripod damaged", "human": "an element lost", "other": "an element lost",
                  "blip": "blip revealed"}}


@calculator(
    id="aqmf-how-many",
    title="How many do I need?",
    game="aqmf",
    rules=("AQMF 5.4", "AQMF 5.5", "AQMF 5.8", "AQMF 6.2", "AQMF 7.2", "AQMF 9.2", "AQMF 9.3", "AQMF 12.6",
           "AQMF 13.3", "AQMF 14.2", "AQMF 17.1", "AQMF 18.1", "AQMF 18.5", "AQMF R2", "AQMF R3", "AQMF R4",
           "AQMF R5", "AQMF R6", "AQMF R8", "AQMF R11", "AQMF R13", "AQMF R15", "AQMF R16", "AQMF R19", "AQMF R29",
           "AQMF R18", "AQMF R30", "AQMF R31", "AQMF R33"),
    page="aqmf/fire-plan.md",
    description="The smallest number of elements, or of volleys, of one kind of unit that reaches a chance "
                "(50 %, 90 %), with the whole chance curve.",
    params=[
        c.shooter_param("boc-mg", SHOOTERS), c.weapon_param(), c.attack_param(), c.range_param(12),
        choice_param("count", "Count", "volleys",
                     [("volleys", "Volleys: attacks one after another in one turn"),
                      ("elements", "Elements: all firing in one attack")],
                     help="Volleys: each is one attack (its own chart roll); against a human unit all come in one "
                          "turn, with its morale tests (ruling AQMF R31). Elements: how many elements must fire "
                          "together."),
        *more(c.elements_param()),
        choice_param("event", "Aim", "destroyed", EVENTS, help="What you want to happen."),
        int_param("goal", "Target chance", 50, 1, 99, unit="%", help="The chance you want to reach, 1 to 99 %."),
        *more(int_param("most", "Largest number to try", 20, 1, MAX_COUNT,
                        help="The curve runs from 1 to this number.")),
        c.target_param("boc-tripod", TARGETS),
        *more(c.target_elements_param(), c.defense_param(), c.armor_param(), c.cover_param(), c.dug_in_param(),
              c.immobilized_param(), c.lucky_param(), c.tough_param()),
    ],
    rulings=("AQMF R5", "AQMF R18", "AQMF R31"),
)
def how_many_calc(v: dict) -> Result:
    target = resolve_target(v["target"], v["target_elements"], v["defense"], v["armor"], v["cover"], v["dug_in"],
                            v["immobilized"])
    check_tripod_armor(target)
    event = WORDS[v["event"]].get(target.kind)
    if event is None:
        offered = " or ".join(f"'{SHORT[k]}'" for k, _ in EVENTS if target.kind in WORDS[k])
        raise InputError("event", f"Against {target.label} the aim can be {offered}.")
    shooter = resolve_shooter(v["shooter"], v["weapon"], v["elements"], v["attack"], v["range"])
    within_six = v["attack"] != SHOOTING or v["range"] <= DUG_IN_TRIPOD_RANGE
    opts, morale = c.options(v), MoraleReadings.of(v["readings"])
    notes = []
    if v["count"] == "volleys":
        attack = Attack(shooter.label, shooter, v["attack"], within_six)
        curve = _curve([attack] * v["most"], target, opts, v["event"], morale)
        what = f"volleys of {shooter.label} ({counted(shooter.dice, 'die')} each)"
    else:
        if v["elements"] is not None:
            notes.append("Shooting elements is not used when counting elements: the count is the elements.")
        curve = []
        for n in range(1, v["most"] + 1):
            point = _curve([Attack(shooter.label, _with(shooter, v["shooter"], n), v["attack"], within_six)], target,
                           opts, v["event"], morale)
            if not point:
                break
            curve.append(point[0])
        what = f"elements of {_kind_name(v['shooter'])} ({shooter.weapon.name}, {shooter.weapon.dice} "
        what += f"{'die' if shooter.weapon.dice == 1 else 'dice'} each) in one attack"
        preset = PRESETS[v["shooter"]]
        if preset.unit and v["most"] > preset.elements:
            notes.append(f"The scenario's unit has {preset.elements}; the curve goes on to show how many would be "
                         "needed.")
    if len(curve) < v["most"]:
        if not curve:
            raise InputError("elements", f"One attack of this size already needs fractions of more than "
                                         f"{MAX_DIGITS:,} digits: use fewer elements.")
        notes.append(f"The curve stops at {len(curve)}: beyond it the exact fractions would run past "
                     f"{MAX_DIGITS:,} digits.")
    return _report(curve, v, what, event, target, shooter, notes)


def _curve(attacks: list[Attack], target, opts, aim: str, morale: MoraleReadings) -> list[Fraction]:
    """P(aim) after 1, 2, ... attacks (for a human unit: had the Combat Phase ended there, with the morale
    tests of rulings AQMF R18 and R31); it stops where the exact fractions would pass plan.MAX_DIGITS."""
    if target.kind == "tripod":
        return [a["down"] if aim == "destroyed" else a["hurt"] for a in tripod_turn(attacks, target, opts).after]
    key = {"destroyed": "wiped", "broken": "broken", "hurt": "hurt"}[aim]
    return [a[key] for a in units_turn(attacks, target, opts, morale=morale).after]


def _with(shooter, preset_key: str, n: int):
    return replace(shooter, elements=n, label=f"{n} {_kind_name(preset_key)} element{'s' if n > 1 else ''}")


def _kind_name(preset_key: str) -> str:
    preset = PRESETS[preset_key]
    return UNITS[preset.unit].name if preset.unit else preset.label.lower()


def _report(curve, v, what, event, target, shooter, notes) -> Result:
    goal = Fraction(v["goal"], 100)
    answer = next((i + 1 for i, p in enumerate(curve) if p >= goal), None)
    noun = "volleys" if v["count"] == "volleys" else "elements"
    one = noun[:-1]
    if answer is not None:
        summary = (f"{counted(answer, one)} to reach {v['goal']}% ({event}): {c.pstr(curve[answer - 1])}")
        summary += (f"; {answer - 1} give{'s' if answer == 2 else ''} {c.pstr(curve[answer - 2])}." if answer > 1
                    else ".")
    elif curve[-1] == 0:
        summary = (f"Never {event}: these attacks cannot do it (a roll needing more than 10 cannot "
                   "succeed, ruling AQMF R5).")
    else:
        summary = (f"Not {v['goal']}% within {counted(v['most'], one)} ({event}): {v['most']} "
                   f"give{'s' if v['most'] == 1 else ''} {c.pstr(curve[-1])}.")
    notes.insert(0, f"{what[0].upper()}{what[1:]} at {target.label}.")
    data = {"count": v["count"], "event": event, "goal": prob(goal), "answer": answer,
            "p_at_answer": prob(curve[answer - 1]) if answer else None,
            "curve": [{"n": i + 1, **prob(p)} for i, p in enumerate(curve)],
            "shooter": {"label": shooter.label, "weapon": shooter.weapon.name, "dice_per_element": shooter.weapon.dice},
            "target": {"label": target.label, "kind": target.kind}}
    chart = BarChart(f"Chance ({event}) against the number of {noun} (goal {v['goal']}%)",
                     [str(i + 1) for i in range(len(curve))], [(event, [float(p) for p in curve])],
                     x_label=noun)
    table = Table(f"Chance ({event}) by the number of {noun}", [noun.capitalize(), "Chance", f"{v['goal']}% reached"],
                  [[i + 1, c.pcell(p), "yes" if p >= goal else "no"] for i, p in enumerate(curve)])
    rules = ["AQMF 5.4", "AQMF 5.5", "AQMF R2", *c.options(v).rules()]
    rules += ["AQMF 18.1", "AQMF R16"] if target.kind == "tripod" else []
    rules += ["AQMF 9.2", "AQMF 9.3", "AQMF R18", "AQMF R31"] if v["event"] == "broken" else []
    if v["count"] == "volleys" and target.kind != "tripod":
        after_each = MoraleTests.read(v["readings"]) is MoraleTests.AFTER_EACH_ATTACK
        shooting_only = MoraleLosses.read(v["readings"]) is MoraleLosses.SHOOTING_ONLY
        losses = "the elements lost to shooting that turn" if shooting_only else "every element lost that turn"
        when = ("after every volley that destroys an element" if after_each else
                "once at the end of the Combat Phase (an assault also at its own end)")
        notes.append(f"Volleys at a unit all come in one turn: their losses add up, and a human unit tests {when} "
                     f"with {losses} (rulings AQMF R18, AQMF R31).")
    return Result(summary=summary, data=data, rules=list(dict.fromkeys(rules)), tables=[table], charts=[chart],
                  notes=notes)
