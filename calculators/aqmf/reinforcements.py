"""Reinforcement arrival (AQMF 11.1-11.4, table AQMF 20.2, ruling AQMF R21)."""
from __future__ import annotations

from fractions import Fraction

from ..core import BarChart, Dist, Result, Table, calculator, int_param, prob
from . import common as c
from .dice import D10

FIRST_TEST_TURN = 2  # AQMF 11.1: from the second turn onwards
NO_SHOW = Fraction(5, D10)  # 1-5
# 6-8: arrives, but may not attack this turn (the rest of the table)
ARRIVE_ATTACK = Fraction(2, D10)  # 9-10


def arrival_turn(turns: int) -> Dist:
    """The turn one unit arrives in (``0`` = never arrives within ``turns`` turns)."""
    weights: dict[int, Fraction] = {}
    waiting = Fraction(1)
    for t in range(FIRST_TEST_TURN, turns + 1):
        weights[t] = waiting * (1 - NO_SHOW)
        waiting *= NO_SHOW
    weights[0] = waiting
    return Dist.of(weights)


@calculator(
    id="aqmf-reinforcements",
    title="Reinforcements",
    game="aqmf",
    rules=("AQMF 11.1", "AQMF 11.2", "AQMF 11.3", "AQMF 11.4", "AQMF 20.2", "AQMF R21"),
    page="aqmf/turn.md",
    description="When reinforcements arrive, whether they can attack, and the chance they never come.",
    params=[
        int_param("turns", "Turns in the game", 6, 1, 20,
                  help="The scenario's length (The Boys of Company C lasts 6 turns)."),
        int_param("units", "Reinforcement units", 1, 1, 6,
                  help="Units held back; each tests separately (1 to 6)."),
    ],
)
def reinforcements_calc(v: dict) -> Result:
    """AQMF 11.1-11.4 with table AQMF 20.2 and ruling AQMF R21: the turn each unit arrives, and whether it attacks."""
    turns, units = v["turns"], v["units"]
    one = arrival_turn(turns)
    never = one.as_dict().get(0, Fraction(0))
    rows = []
    by_turn = []
    for t in range(1, turns + 1):
        arrived = one.p(lambda x: 0 < x <= t)  # noqa: B023 (called here, in this turn of the loop)
        p_here = one.as_dict().get(t, Fraction(0))
        attack = p_here * ARRIVE_ATTACK / (1 - NO_SHOW) if t >= FIRST_TEST_TURN else Fraction(0)
        rows.append([t, c.pcell(p_here), c.pcell(attack), c.pcell(arrived)])
        by_turn.append({"turn": t, "arrives": prob(p_here), "arrives_able_to_attack": prob(attack),
                        "arrived_by": prob(arrived)})
    count = Dist.certain(0)
    for _ in range(units):
        count = count + Dist.bernoulli(1 - never)
    labels = [str(t) for t in range(FIRST_TEST_TURN, turns + 1)] + ["never"]
    d = one.as_dict()
    charts = [BarChart("Arrival turn of one unit", labels,
                       [("Chance", [float(d.get(t, 0)) for t in range(FIRST_TEST_TURN, turns + 1)]
                         + [float(never)])],
                       x_label="turn")]
    data = {"turns": turns, "units": units, "arrival": one.to_json(lambda t: t if t else "never"),
            "by_turn": by_turn, "p_never": prob(never),
            "p_able_to_attack_on_arrival": prob(ARRIVE_ATTACK / (1 - NO_SHOW)),
            "units_arrived": count.to_json()}
    tables = [Table("One unit, turn by turn", ["Turn", "Arrives this turn", "...able to attack", "Arrived by now"],
                    rows)]
    if units > 1:
        charts.append(c.bar(f"Units arrived by the end of turn {turns}", count, units, "units"))
        tables.append(Table(f"Units arrived by the end of turn {turns}", ["Units", "Chance"],
                            c.dist_rows(count, units)))
    summary = (f"Arrives during the game: {c.pstr(1 - never)}; never: {c.pstr(never)}. On arrival it can attack "
               f"that turn: {c.pstr(ARRIVE_ATTACK / (1 - NO_SHOW))}.")
    how = (f"In a {turns}-turn game a reinforcement unit tests from turn 2; when it arrives, it can attack that turn "
           f"on a 9 or 10 out of the 6-10 that bring it on.")
    if turns < FIRST_TEST_TURN:
        summary = "A one-turn game has no reinforcement test: they never arrive (AQMF 11.1)."
    return Result(summary=summary, data=data, tables=tables, charts=charts,
                  rules=["AQMF 11.1", "AQMF 11.3", "AQMF 11.4", "AQMF 20.2", "AQMF R21"],
                  notes=[how, "Reinforcements that never arrive do not count as casualties (AQMF 11.4)."])
