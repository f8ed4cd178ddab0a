"""Tow cables: placing them, breaking free and falling (AQMF 16.1-16.3, ruling AQMF R17)."""
from __future__ import annotations

from fractions import Fraction

from ..core.words import counted
from ..core import BarChart, Result, Table, bool_param, calculator, choice_param, int_param, more, prob
from . import common as c
from .combat import binomial
from .damage import CATEGORIES, CHART_DEN, D10, EXPLODED, after_attack, is_down, p_down, transition_weights
from .dice import RollOptions, p_at_most, p_success
from .readings import AboveTen, BreakFree
from .stats import COVER_BONUS, IMMOBILIZED_DEFENSE, UNITS

FALL_BONUS = 3  # AQMF 16.3
STAND_UP_PHASES = 2  # one full turn: the tripod's next two movement phases (ruling AQMF R17)
FREED = "freed"
R5_WORDS = {AboveTen.OPTION_ONLY: "it cannot succeed, so no cable can be placed",
            AboveTen.LUCKY_HIT: "it succeeds only on a 10 followed by another 10",
            AboveTen.TEN_SUCCEEDS: "it succeeds on a 10"}
TRIES_NOTE = {"every": "It rolls to break free in every movement phase it is standing (ruling AQMF R17).",
              "once-a-turn": "It rolls to break free only in the first movement phase of each turn and waits in the "
                             "second, as ruling AQMF R17's reading \"The tripod chooses when to roll\" allows.",
              "must-roll": "It rolls to break free in every movement phase it is standing, not only in the first of "
                           "each turn as planned: under ruling AQMF R17's reading \"It rolls in every movement "
                           "phase\" a held tripod may not wait."}
TRIES = [("every", "In every movement phase it is standing"),
         ("once-a-turn", "Only in the first movement phase of each turn")]
TRIPOD = UNITS["assault-tripod"]


def p_break(speed: int) -> Fraction:
    """AQMF 16.2-16.3: a D10 at most Speed breaks a cable; a 10 always falls (ruling AQMF R17)."""
    return p_at_most(min(speed, 9))


def break_free(cables: int, speed: int, armor: int, phases: int, once_a_turn: bool = False) -> tuple[list[dict], dict]:
    """Movement phase by phase: ``(per-phase events, final states)``.

    ``once_a_turn`` (a plan ruling AQMF R17's may-wait reading allows): the tripod rolls only in the
    first of its two movement phases each turn (phase 1 is the first of a turn) and waits in the second.

    A state is (cables left, Armor, phases still spent standing up), or ``"freed"``,
    ``"destroyed"``, ``"exploded"``. Events per phase: P(freed in it), P(destroyed in it).
    Integer weights: each phase multiplies the common denominator by 1000 (a D10 for the
    break-free roll, then the chart's weights over 100).
    """
    b = min(speed, 9)  # faces that break a cable (p_break * 10)
    step = D10 * CHART_DEN
    state: dict = {(cables, armor, 0): 1}
    total = 1
    events = []
    for phase in range(phases):
        nxt: dict = {}
        freed_now = down_now = 0
        waits = once_a_turn and phase % 2 == 1
        for s, w in state.items():
            if s == FREED or is_down(s) or (waits and not s[2]):
                nxt[s] = nxt.get(s, 0) + w * step
                continue
            left, arm, wait = s
            if wait:
                key: tuple[int, int, int] | str = (left, arm, wait - 1)
                nxt[key] = nxt.get(key, 0) + w * step
                continue
            brk = w * b * CHART_DEN
            key = FREED if left == 1 else (left - 1, arm, 0)
            nxt[key] = nxt.get(key, 0) + brk
            if left == 1:
                freed_now += brk
            fall = w * (D10 - b)
            for _cat, s2, t in transition_weights(arm, 1, FALL_BONUS):
                if is_down(s2):
                    nxt[s2] = nxt.get(s2, 0) + fall * t
                    down_now += fall * t
                else:
                    key = (left, s2, STAND_UP_PHASES)
                    nxt[key] = nxt.get(key, 0) + fall * t
        state = nxt
        total *= step
        events.append({"freed": Fraction(freed_now, total), "down": Fraction(down_now, total)})
    return events, {s: Fraction(w, total) for s, w in state.items() if w}


@calculator(
    id="aqmf-tow-cable",
    title="Tow cables",
    game="aqmf",
    rules=("AQMF 14.2", "AQMF 16.1", "AQMF 16.2", "AQMF 16.3", "AQMF 17.1", "AQMF 18.1", "AQMF R2", "AQMF R15",
           "AQMF R5", "AQMF R17", "AQMF R29"),
    page="aqmf/tripods.md",
    description="Cables placed by an assault, the tripod's break-free and fall chances, and phases to get free.",
    params=[
        int_param("riders", "Elements in contact", 3, 0, 20,
                  help="Tow-cable elements in base contact, each rolling to hit to place one cable."),
        bool_param("already_held", "Tripod already held", False,
                   help="The tripod is already immobilized by cables (-4 Defense to the new rolls)."),
        c.cover_param("Cover the tripod is wholly inside: it adds to the Defense the cable rolls need, as in any "
                      "assault (ruling AQMF R29)."),
        int_param("cables", "Cables to break", 1, 1, 6, help="Cables on the tripod now (1 to 6)."),
        *more(int_param("speed", "Tripod Speed", TRIPOD.speed, 1, 12, unit="inches",
                        help="8 for an Assault Tripod. It breaks a cable on a D10 at most its Speed."),
              int_param("armor", "Tripod's Armor", TRIPOD.armor, 1, 20,
                        help="Its current Armor, for the fall." + c.ARMOR_ZERO),
              int_param("phases", "Movement phases to follow", 12, 1, 24,
                        help="The tripod has two movement phases a turn: 12 phases are 6 turns."),
              choice_param("tries", "The tripod rolls to break free", "every", TRIES,
                           help="In every movement phase it can, or only in the first of each turn (phase 1 is the "
                                "first of a turn). Only the site's reading of ruling AQMF R17 lets it wait: under the "
                                "other, it rolls in every phase whatever the plan.")),
    ],
    rulings=("AQMF R5", "AQMF R17"),
)
def tow_cable_calc(v: dict) -> Result:
    """AQMF 16.1-16.3, 17.1 with rulings AQMF R5, R17, R29: the cables placed, held and broken, and the fall."""
    speed, armor, cables, phases = v["speed"], v["armor"], v["cables"], v["phases"]
    # Ruling AQMF R17: under must-roll a plan to wait cannot be played; the tripod rolls in every phase (and says so).
    must = v["tries"] != "every" and BreakFree.read(v["readings"]) is BreakFree.MUST_ROLL
    tries = "every" if must else v["tries"]
    defense = TRIPOD.as_target()[0] + COVER_BONUS[v["cover"]] + (IMMOBILIZED_DEFENSE if v["already_held"] else 0)
    # The cable rolls use the quick-start dice, with AQMF R5's reading for a Defense above 10.
    p_hit = p_success(defense, RollOptions(above_ten=AboveTen.read(v["readings"])))
    placed = binomial(v["riders"], p_hit)
    pb = p_break(speed)
    fall_cats, fall_states = after_attack({1: Fraction(1)}, armor, FALL_BONUS)
    events, final = break_free(cables, speed, armor, phases, once_a_turn=tries == "once-a-turn")
    freed = final.get(FREED, Fraction(0))
    down = p_down(final)
    held = 1 - freed - down
    freed_dist = [e["freed"] for e in events]
    order = list(CATEGORIES)
    summary = (f"At least one cable placed: {c.pstr(placed.at_least(1))}. Free of {counted(cables, 'cable')} within "
               f"{counted(phases, 'movement phase')}: {c.pstr(freed)}; destroyed in a fall: {c.pstr(down)}.")
    placers = "The element" if v["riders"] == 1 else f"Each of the {counted(v['riders'], 'element')}"
    how = (f"{placers} places a cable with {c.fcell(p_hit)}. The tripod breaks "
           f"a cable on 1-{min(speed, 9)} ({c.fcell(pb)}) and falls otherwise; a fall destroys it with "
           f"{c.pstr(p_down(fall_states))}." + (" It rolls in every phase: it may not wait (ruling AQMF R17)."
                                                if must else ""))
    data = {"p_place": prob(p_hit), "cables_placed": placed.to_json(), "p_break": prob(pb), "p_fall": prob(1 - pb),
            "fall_chart": {k: prob(fall_cats.get(k, 0)) for k in order},
            "p_fall_destroys": prob(p_down(fall_states)),
            "freed_in_phase": [dict(phase=i + 1, **prob(p)) for i, p in enumerate(freed_dist)],
            "p_freed": prob(freed), "p_destroyed": prob(down), "p_still_held": prob(held),
            "p_exploded": prob(final.get(EXPLODED, Fraction(0)))}
    charts = [c.bar("Cables placed", placed, v["riders"], "cables"),
              BarChart("Fall: damage chart result (+3)", order, [("Chance", [float(fall_cats.get(k, 0))
                                                                                  for k in order])], x_label="result"),
              BarChart("Movement phase in which the last cable breaks",
                       [str(i + 1) for i in range(phases)] + ["later or never"],
                       [("Chance", [float(p) for p in freed_dist] + [float(1 - freed)])], x_label="phase")]
    tables = [Table("Cables placed", ["Cables", "Chance"], c.dist_rows(placed, v["riders"])),
              Table("Fall (D10 + 3 on the damage chart)", ["Result", "Chance"],
                    [[k, c.pcell(fall_cats.get(k, 0))] for k in order]),
              Table("Breaking free, phase by phase", ["Phase", "Freed in this phase", "Destroyed in a fall"],
                    [[i + 1, c.pcell(e["freed"]), c.pcell(e["down"])] for i, e in enumerate(events)]),
              Table(f"After {counted(phases, 'movement phase')}", ["Outcome", "Chance"],
                    [["free of every cable", c.pcell(freed)],
                     ["destroyed in a fall", c.pcell(down)],
                     ["still held", c.pcell(held)]])]
    cover_rules, notes = _cover(v, defense)
    rules = ["AQMF 16.1", "AQMF 16.2", "AQMF 16.3", "AQMF 17.1", "AQMF R2", "AQMF R17", *cover_rules]
    return Result(summary=summary, data=data, tables=tables, charts=charts, rules=rules,
                  notes=[how, *notes, "While held, the tripod is immobilized: -4 Defense (AQMF 17.1).",
                                 "After a fall it spends its next two movement phases (one full turn) standing up "
                                 "and keeps its cables (ruling AQMF R17).",
                                 TRIES_NOTE["must-roll" if must else tries],
                                 "The cable rolls use the quick-start dice (ruling AQMF R2): the lucky strike and "
                                 "tough luck options are not applied here."])


def _cover(v: dict, defense: int) -> tuple[list[str], list[str]]:
    """Ruling AQMF R29: cover adds to the Defense the cable rolls need; ruling AQMF R5 for a roll above 10."""
    if v["cover"] == "none":
        return [], []
    rules = ["AQMF 14.2", "AQMF R29"]
    notes = [f"The tripod is in {v['cover']} cover: +{COVER_BONUS[v['cover']]} to the Defense the cable rolls "
             f"need (Defense {defense}), as in any assault (ruling AQMF R29)."]
    if defense > 10:
        rules.append("AQMF R5")
        notes.append(f"A roll needing more than 10: {R5_WORDS[AboveTen.read(v['readings'])]} (ruling AQMF R5).")
    return rules, notes
