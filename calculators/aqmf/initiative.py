"""Initiative (AQMF 3.1-3.2, table AQMF 20.3, ruling AQMF R1)."""
from __future__ import annotations

from fractions import Fraction

from ..core import BarChart, Dist, Prob, Result, Table, calculator, chance, int_param, prob
from .dice import D10

# AQMF 20.3: full-game modifiers to the human roll, per unit destroyed in the previous turn.
MODIFIERS = (
    ("martian_tripods", "Martian Tripod units destroyed", +3),
    ("martian_machines", "Martian Machine units destroyed", +2),
    ("martian_zombies", "Martian Zombie units destroyed", +1),
    ("human_ironclads", "Human Ironclad machine units destroyed", -3),
    ("human_vehicles", "Human vehicle/tank or artillery units destroyed", -2),
    ("human_infantry", "Human infantry units destroyed", -1),
)


def roll_off(modifier: int) -> dict[str, Fraction]:
    """One roll-off: P(human higher), P(tie), P(Martian higher) for human D10 + modifier vs Martian D10."""
    out = {"human": Fraction(0), "tie": Fraction(0), "martian": Fraction(0)}
    for h in range(1, D10 + 1):
        for m in range(1, D10 + 1):
            diff = h + modifier - m
            key = "human" if diff > 0 else "martian" if diff < 0 else "tie"
            out[key] += Fraction(1, D10 * D10)
    return out


def winner(modifier: int) -> dict[str, Fraction]:
    """Ruling AQMF R1: a tie is rolled again until one side is higher."""
    r = roll_off(modifier)
    decided = r["human"] + r["martian"]
    return {"human": r["human"] / decided, "martian": r["martian"] / decided}


@calculator(
    id="aqmf-initiative",
    title="Initiative",
    game="aqmf",
    rules=("AQMF 3.1", "AQMF 3.2", "AQMF 20.3", "AQMF R1"),
    page="aqmf/turn.md",
    description="Who wins the initiative roll-off, with the full game's modifiers and the tie ruling.",
    params=[int_param(key, label, 0, 0, 5,
                      help=f"Previous turn ({mod:+d} each to the human roll). Full game only: 0 in the quick-start.")
            for key, label, mod in MODIFIERS],
)
def initiative_calc(v: dict) -> Result:
    """AQMF 3.1, 3.2 and table AQMF 20.3, ruling AQMF R1: the roll-off with the previous turn's modifiers."""
    modifier = sum(v[key] * mod for key, _label, mod in MODIFIERS)
    first = roll_off(modifier)
    final = winner(modifier)
    plain = winner(0)
    diff = Dist.of(_diff_weights(modifier))
    summary = (f"Human player wins the initiative: {chance(final['human'])}; the Martian: "
               f"{chance(final['martian'])} (human modifier {modifier:+d}).")
    tie = f"The first roll-off ties with {chance(first['tie'])}; ties are rolled again (ruling AQMF R1)."
    data = {"modifier": modifier, "first_roll": {k: prob(p) for k, p in first.items()},
            "p_human": prob(final["human"]), "p_martian": prob(final["martian"]),
            "margin": diff.to_json()}
    labels = [str(k) for k, _ in diff.items]
    charts = [BarChart("Human roll minus Martian roll (first roll-off)", labels,
                       [("Chance", [float(p) for _, p in diff.items])], x_label="margin"),
              BarChart("Who wins the initiative", ["human", "Martian"],
                       [("with these modifiers", [float(final["human"]), float(final["martian"])]),
                        ("no modifiers", [float(plain["human"]), float(plain["martian"])])], x_label="winner")]
    tables = [Table("First roll-off", ["Outcome", "Chance"],
                    [["human higher", Prob(first["human"])],
                     ["tie (roll again)", Prob(first["tie"])],
                     ["Martian higher", Prob(first["martian"])]]),
              Table("Modifiers used", ["Circumstance", "Count", "Each", "Total"],
                    [[label, v[key], f"{mod:+d}", f"{v[key] * mod:+d}"] for key, label, mod in MODIFIERS])]
    return Result(summary=summary, data=data, tables=tables, charts=charts,
                  rules=["AQMF 3.1", "AQMF 3.2", "AQMF R1"],
                  notes=[tie, "The winner chooses whether to be side A (moves first) or side B this turn (AQMF 3.1).",
                         "The modifiers belong to the full game; the quick-start scenarios play without them."])


def _diff_weights(modifier: int) -> dict[int, int]:
    out: dict[int, int] = {}
    for h in range(1, D10 + 1):
        for m in range(1, D10 + 1):
            out[h + modifier - m] = out.get(h + modifier - m, 0) + 1
    return out
