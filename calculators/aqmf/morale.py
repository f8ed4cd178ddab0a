"""Morale tests and rallies (AQMF 9.1-9.5, ruling AQMF R18)."""
from __future__ import annotations

from fractions import Fraction

from ..core import BarChart, Dist, Prob, Result, Table, calculator, chance, int_param, prob
from ..core.words import counted
from .dice import p_at_least

PASS_AT = 5  # AQMF 9.3: D10 minus losses of 5 or more passes
MAX_ATTEMPTS = 6


def p_pass(losses: int) -> Fraction:
    """AQMF 9.3: P(D10 - losses >= 5)."""
    return p_at_least(PASS_AT + losses)


def p_fail(losses: int) -> Fraction:
    return 1 - p_pass(losses)


def rally_attempts(first_losses: int, attempts: int = MAX_ATTEMPTS) -> Dist:
    """Attempts until a routed unit rallies (AQMF 9.5): the first attempt counts ``first_losses``,
    later ones none (the unit is not shot again, ruling AQMF R18); ``attempts + 1`` means not yet."""
    weights: dict[int, Fraction] = {}
    still = Fraction(1)
    for n in range(1, attempts + 1):
        p = p_pass(first_losses if n == 1 else 0)
        weights[n] = still * p
        still *= 1 - p
    weights[attempts + 1] = still
    return Dist.of(weights)


@calculator(
    id="aqmf-morale",
    title="Morale test and rally",
    game="aqmf",
    rules=("AQMF 9.1", "AQMF 9.2", "AQMF 9.3", "AQMF 9.4", "AQMF 9.5", "AQMF R18"),
    page="aqmf/turn.md",
    description="Chance a human unit passes its morale test after L losses, routs, and rallies.",
    params=[
        int_param("losses", "Elements lost this turn", 1, 1, 10,
                  help="Elements the unit lost to enemy shooting or assault this turn (1 to 10; a table that counts "
                       "only the losses to shooting, ruling AQMF R18's other reading, gives only those)."),
        int_param("left", "Elements left", 2, 0, 20,
                  help="Elements still alive. A unit wiped out (0 left) does not test."),
        int_param("rally_losses", "Losses counted at the rally", 0, 0, 10, unit="elements",
                  help="Elements lost in the turn when the first rally is tried: the same losses if the unit's "
                       "side moves next this turn, else usually 0 (ruling AQMF R18)."),
    ],
)
def morale_calc(v: dict) -> Result:
    """AQMF 9.1-9.5 with ruling AQMF R18: the morale test, the rout and the rallies."""
    losses, left, rally = v["losses"], v["left"], v["rally_losses"]
    rules = ["AQMF 9.1", "AQMF 9.2", "AQMF 9.3", "AQMF 9.4", "AQMF 9.5", "AQMF R18"]
    if left == 0:
        return Result(summary="A unit that has been wiped out does not take a morale test (AQMF 9.2).",
                      data={"tests": False, "p_pass": None, "p_rout": None}, rules=rules,
                      notes=["Only units with surviving elements test."])
    passed, rout = p_pass(losses), p_fail(losses)
    attempts = rally_attempts(rally)
    first = p_pass(rally)
    need = PASS_AT + losses
    ref_rows = [[k, f"{PASS_AT + k}+" if PASS_AT + k <= 10 else "impossible", Prob(p_pass(k))] for k in range(0, 7)]
    att_rows = [[str(k) if k <= MAX_ATTEMPTS else f"not within {MAX_ATTEMPTS}", Prob(w)] for k, w in attempts.items]
    summary = (f"Passes its morale test: {chance(passed)}, needing {need}+ on a D10 after losing "
               f"{counted(losses, 'element')}; routs: {chance(rout)}." if need <= 10 else
               f"Routs for certain: after losing {counted(losses, 'element')} it would need {need}+ on a D10.")
    how = (f"After losing {counted(losses, 'element')} the unit needs {need}+ on a D10 "
           f"({'impossible' if need > 10 else 'D10 minus ' + str(losses) + ' of 5 or more'}). A routed unit "
           f"rallies at its first attempt: {chance(first)}.")
    data = {
        "tests": True, "losses": losses, "need": need,
        "p_pass": prob(passed), "p_rout": prob(rout),
        "p_rally_first": prob(first),
        "p_rout_then_rally_first": prob(rout * first),
        "rally_attempts": attempts.to_json(lambda k: k if k <= MAX_ATTEMPTS else "not yet"),
    }
    charts = [
        BarChart("Morale test", ["passes", "routs"], [("Chance", [float(passed), float(rout)])],
                 x_label="outcome"),
        BarChart("Rally attempts until the unit regroups", [str(k) if k <= MAX_ATTEMPTS else "later" for k, _ in
                                                            attempts.items],
                 [("Chance", [float(w) for _, w in attempts.items])], x_label="attempt"),
    ]
    tables = [Table("Pass chance by losses (AQMF 9.3)", ["Losses", "D10 needed", "Chance to pass"], ref_rows),
              Table("Rally attempt that succeeds", ["Attempt", "Chance"], att_rows)]
    notes = [how, "A routed unit can only move away from the enemy on its next activation (AQMF 9.4); a rallied "
             "unit still cannot act that turn (AQMF 9.5).",
             "Rally attempts after the first count no losses (the unit is assumed not to be shot again)."]
    return Result(summary=summary, data=data, rules=rules, tables=tables, charts=charts, notes=notes)
