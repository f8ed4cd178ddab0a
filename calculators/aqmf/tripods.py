"""Tripod damage: one chart roll (aqmf-tripod-damage) and a chain of volleys (aqmf-tripod-volleys)."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb, gcd

from ..core.words import counted
from ..core import BarChart, Result, Table, calculator, int_param, more, prob
from . import common as c
from .combat import resolve_shooter, resolve_target
from .damage import (CATEGORIES, CHART_DEN, DESTROYED, EXPLODED, after_attack, category, is_down, ordered_states,
                     p_down, state_label, transition_weights)
from .dice import D10, RollOptions, p_damage, p_success
from .forces import SHOOTERS
from .stats import UNITS

MAX_POINTS = 30
MAX_VOLLEYS = 12
EXPLODE_POINTS = 10  # D10 + 9 is already 10+ on the lowest face
TRIPOD_ARMOR = UNITS["assault-tripod"].armor


@calculator(
    id="aqmf-tripod-damage",
    title="Tripod damage chart",
    game="aqmf",
    rules=("AQMF 18.1", "AQMF 18.2", "AQMF 18.3", "AQMF 18.4", "AQMF 18.5", "AQMF 18.6", "AQMF 18.7",
           "AQMF 20.4", "AQMF R15", "AQMF R16"),
    page="aqmf/tripods.md",
    description="From one attack's damage points: the chart result, the Armor left and the chance it is destroyed.",
    params=[
        int_param("points", "Damage points in the attack", 1, 1, MAX_POINTS,
                  help="Damage points the tripod took from one unit's attack; each point past the first adds +1."),
        int_param("armor", "Tripod's Armor now", TRIPOD_ARMOR, 1, 20,
                  help="Its current Armor (10 for an undamaged Assault Tripod)." + c.ARMOR_ZERO),
    ],
)
def tripod_damage_calc(v: dict) -> Result:
    """AQMF 18.1-18.7 and chart AQMF 20.4: one attack's damage points on the chart, each point past the first +1."""
    k, armor = v["points"], v["armor"]
    cats, states = after_attack({k: Fraction(1)}, armor)
    down = p_down(states)
    rows = []
    for die in range(1, D10 + 1):
        roll = die + k - 1
        rows.append([die, roll, category(roll)])
    summary = (f"Tripod destroyed or exploded: {c.pstr(down)}, exploded {c.pstr(states.get(EXPLODED, 0))}; "
               f"{counted(k, 'damage point')}: a D10 {'+ ' + str(k - 1) if k > 1 else 'unmodified'}.")
    order = [x for x in CATEGORIES]
    data = {"points": k, "armor": armor, "modifier": k - 1,
            "chart": {x: prob(cats.get(x, 0)) for x in order},
            "armor_after": [{"outcome": state_label(s), **prob(states[s])} for s in ordered_states(states)],
            "p_destroyed": prob(down), "p_exploded": prob(states.get(EXPLODED, 0))}
    states_order = ordered_states(states)
    charts = [BarChart("Chart result", order, [("Chance", [float(cats.get(x, 0)) for x in order])],
                       x_label="result"),
              BarChart("Tripod after the roll", [state_label(s) for s in states_order],
                       [("Chance", [float(states[s]) for s in states_order])], x_label="state")]
    tables = [Table("Chart roll", ["D10", "Modified roll", "Result"], rows),
              Table("Result", ["Result", "Chance"],
                    [[x, c.pcell(cats.get(x, 0))] for x in order]),
              Table("Tripod after the roll", ["State", "Chance"],
                    [[state_label(s), c.pcell(states[s])] for s in states_order])]
    return Result(summary=summary, data=data, tables=tables, charts=charts,
                  rules=["AQMF 18.1", "AQMF 20.4", "AQMF R15", "AQMF R16"],
                  notes=["An 8 lowers Armor by a second D10 and destroys the tripod at 0 or less (AQMF 18.5). "
                         "Results 1-7 lower Armor by 1 and never destroy it, even at 0 (ruling AQMF R15)."])


@lru_cache(maxsize=512)
def points_numerators(dice: int, q_num: int, den: int) -> tuple[tuple[int, int], ...]:
    """Binomial(dice, q_num/den) damage points as integer weights over den**dice, with every
    k of 10 or more merged into 10.

    The chart roll is D10 + k - 1, so any k >= 10 gives 10+ (explodes) on every die face:
    merging them is exact, and only the k below 10 need computing (the rest is the remainder).
    """
    miss = den - q_num
    out = []
    done = 0
    for k in range(min(dice, EXPLODE_POINTS - 1) + 1):
        w = comb(dice, k) * q_num ** k * miss ** (dice - k)
        done += w
        if w:
            out.append((k, w))
    rest = den ** dice - done
    if rest:
        out.append((EXPLODE_POINTS, rest))
    return tuple(out)


def _transition_numerators(armor: int, points: int) -> tuple[tuple[object, int], ...]:
    """The chart's transitions as integer weights over 100."""
    return tuple((st, w) for _c, st, w in transition_weights(armor, points))


def volley_chain(dice: int, p_hit: Fraction, power: int, armor: int, volleys: int,
                 opts: RollOptions) -> tuple[list[Fraction], dict]:
    """AQMF 18.1 over several attacks: P(down) after each volley, and the final state distribution.

    Each die hits with ``p_hit`` and then damages if it reaches the tripod's *current* Armor
    minus Power, so the per-die chance is recomputed after every volley (Armor falls).
    Exact: weights are integers over one common denominator (the least common denominator of
    every per-die chance that can occur), turned into Fractions only for the output.
    """
    q_of = {a: p_hit * p_damage(a, power, opts) for a in range(armor + 1)}
    den = 1
    for q in q_of.values():
        den = den * q.denominator // gcd(den, q.denominator)
    step = den ** dice * CHART_DEN
    weights: dict = {armor: 1}
    total = 1
    down_by = []
    for _ in range(volleys):
        nxt: dict = {}
        for s, w in weights.items():
            if is_down(s):
                nxt[s] = nxt.get(s, 0) + w * step
                continue
            for k, pk in points_numerators(dice, int(q_of[s] * den), den):
                if k == 0:
                    nxt[s] = nxt.get(s, 0) + w * pk * CHART_DEN
                    continue
                wk = w * pk
                for s2, t in _transition_numerators(s, k):
                    nxt[s2] = nxt.get(s2, 0) + wk * t
        weights = nxt
        total *= step
        down_by.append(Fraction(weights.get(DESTROYED, 0) + weights.get(EXPLODED, 0), total))
    final = {s: Fraction(w, total) for s, w in weights.items() if w}
    return down_by, final


@calculator(
    id="aqmf-tripod-volleys",
    title="Volleys against a tripod",
    game="aqmf",
    rules=("AQMF 5.4", "AQMF 5.5", "AQMF 18.1", "AQMF 18.5", "AQMF 14.2", "AQMF 17.1", "AQMF 19.3", "AQMF R2",
           "AQMF R3", "AQMF R4", "AQMF R5", "AQMF R6", "AQMF R8", "AQMF R11", "AQMF R13", "AQMF R15", "AQMF R16",
           "AQMF R27", "AQMF R33"),
    page="aqmf/tripods.md",
    description="The chance a tripod is destroyed within so many volleys, its Armor falling after each damage result.",
    params=[
        c.shooter_param("boc-mg", [s for s in SHOOTERS if "tripod" not in s] + ["custom-tripod"]),
        c.weapon_param(), *more(c.elements_param()), c.attack_param(), c.range_param(),
        int_param("volleys", "Volleys", 6, 1, MAX_VOLLEYS, help="Attacks by the unit, one after another (1 to 12)."),
        int_param("armor", "Tripod's Armor at the start", TRIPOD_ARMOR, 1, 20,
                  help="10 for an undamaged Assault Tripod." + c.ARMOR_ZERO),
        c.cover_param("Cover the tripod is inside (adds to its Defense)."),
        *more(c.immobilized_param(), c.lucky_param(), c.tough_param()),
    ],
    rulings=("AQMF R5",),
)
def volleys_calc(v: dict) -> Result:
    shooter = resolve_shooter(v["shooter"], v["weapon"], v["elements"], v["attack"], v["range"])
    target = resolve_target("boc-tripod", 1, None, v["armor"], v["cover"], False, v["immobilized"])
    opts = c.options(v)
    p_hit = p_success(target.hit_need(), opts)
    by, final = volley_chain(shooter.dice, p_hit, shooter.weapon.power, v["armor"], v["volleys"], opts)
    order = ordered_states(final)
    n = v["volleys"]
    summary = (f"Tripod destroyed or exploded within {counted(n, 'volley')}: {c.pstr(by[-1])}; exploded "
               f"{c.pstr(final.get(EXPLODED, 0))}.")
    who = (f"{shooter.label} ({counted(shooter.dice, 'die')} of {shooter.weapon.name} per volley) against a "
           f"tripod at Armor {v['armor']}.")
    data = {"dice": shooter.dice, "p_hit": prob(p_hit), "power": shooter.weapon.power,
            "destroyed_within": [dict(volleys=i + 1, **prob(p)) for i, p in enumerate(by)],
            "p_destroyed": prob(by[-1]), "p_exploded": prob(final.get(EXPLODED, 0)),
            "final": [{"outcome": state_label(s), **prob(final[s])} for s in order]}
    charts = [BarChart("Destroyed within N volleys", [str(i + 1) for i in range(n)],
                       [("destroyed or exploded", [float(p) for p in by])], x_label="volleys"),
              BarChart(f"Tripod after {counted(n, 'volley')}", [state_label(s) for s in order],
                       [("Chance", [float(final[s]) for s in order])], x_label="state")]
    if v["cover"] != "none" or v["immobilized"]:
        plain = resolve_target("boc-tripod", 1, None, v["armor"], "none", False, False)
        base, _ = volley_chain(shooter.dice, p_success(plain.hit_need(), opts), shooter.weapon.power, v["armor"], n,
                               opts)
        charts.append(BarChart("Destroyed within N volleys: as set vs no cover, not immobilized",
                               [str(i + 1) for i in range(n)],
                               [("as set", [float(p) for p in by]), ("plain", [float(p) for p in base])],
                               x_label="volleys"))
    tables = [Table("Destroyed within N volleys", ["Volleys", "Chance"],
                    [[i + 1, c.pcell(p)] for i, p in enumerate(by)]),
              Table(f"Tripod after {counted(n, 'volley')}", ["State", "Chance"],
                    [[state_label(s), c.pcell(final[s])] for s in order])]
    rules = ["AQMF 5.4", "AQMF 5.5", "AQMF 18.1", "AQMF 18.5", "AQMF R13", "AQMF R15", "AQMF R16", "AQMF R27",
             *opts.rules()]
    return Result(summary=summary, data=data, tables=tables, charts=charts, rules=rules,
                  notes=[who, "Every volley is one attack: its damage points make one chart roll (ruling AQMF R16). "
                         "Crippled and weapons-disabled results change only Armor here."])
