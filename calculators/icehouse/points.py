"""Calculator com-action-points: what a roll of the Points Die affords (COM 3.1, COM 3.2, ruling COM R10)."""
from __future__ import annotations

from fractions import Fraction

from ..core import BarChart, Dist, Result, Table, calculator, int_param, percent, prob

POINTS_DIE = 6
COST = {"discover": 1, "small": 1, "medium": 2, "large": 3, "defend": 1}  # COM 3.2
RULES = ["COM 3.1", "COM 3.2", "COM 3.3", "COM 5.1", "COM R10", "COM R11"]


def points_dist() -> Dist:
    """COM 3.1 step 4: the Points Die is a d6, so 1 to 6 action points, each 1/6."""
    return Dist.uniform(range(1, POINTS_DIE + 1))


def p_afford(cost: int) -> Fraction:
    return points_dist().at_least(cost) if cost > 0 else Fraction(1)


@calculator(
    id="com-action-points",
    title="Action points",
    game="icehouse",
    rules=RULES,
    page="icehouse/turn.md",
    description="The Points Die's action points and the chance a turn can afford a plan of discovers, deployments and defends.",
    params=[
        int_param("small", "Small pyramids to deploy", 0, 0, 3, help="1 action point each (a player owns 3)."),
        int_param("medium", "Medium pyramids to deploy", 0, 0, 3, help="2 action points each."),
        int_param("large", "Large pyramids to deploy", 1, 0, 3, help="3 action points each."),
        int_param("discover", "Extra discovers", 0, 0, 6, help="1 action point each (the free discover of step 2 is not counted)."),
        int_param("defend", "Defends", 1, 0, 6, help="1 action point each."),
    ],
)
def action_points(v: dict) -> Result:
    cost = sum(COST[k] * v[k] for k in COST)
    p = p_afford(cost)
    dist = points_dist()
    parts = [f"{v[k]} {k}" for k in ("small", "medium", "large", "discover", "defend") if v[k]]
    plan = ", ".join(parts) or "nothing"
    if cost > POINTS_DIE:
        summary = f"{plan} costs {cost} action points: more than the Points Die can ever give (6), so no single turn affords it."
    else:
        summary = f"{plan} costs {cost} action point{'s' if cost != 1 else ''}: a turn affords it with {percent(p, 1)} ({p.numerator}/{p.denominator})."
    k_rows = [[k, f"{percent(p_afford(k), 1)} ({p_afford(k).numerator}/{p_afford(k).denominator})"] for k in range(1, 7)]
    roll_rows = []
    for roll in range(1, 7):
        roll_rows.append([roll, roll, roll // 2, roll // 3, "yes" if roll >= cost else "no"])
    data = {
        "cost": cost,
        "costs": dict(COST),
        "afford": prob(p),
        "points": dist.to_json(),
        "at_least_small": [dict(k=k, **prob(p_afford(k))) for k in range(1, 7)],
        "large_and_defend": prob(p_afford(COST["large"] + COST["defend"])),
    }
    tables = [
        Table("Action point costs (COM 3.2)", ["Action", "Points"],
              [["Discover a territory", 1], ["Deploy a small pyramid", 1], ["Deploy a medium pyramid", 2],
               ["Deploy a large pyramid", 3], ["Defend at a territory", 1]]),
        Table("What each roll affords", ["Roll", "One-point actions", "Mediums", "Larges", "Your plan"], roll_rows),
        Table("At least k small deployments (or k one-point actions)", ["k", "Chance"], k_rows),
    ]
    chart = BarChart("Action points from the Points Die", [str(x) for x in range(1, 7)],
                     [("chance", [float(w) for _, w in dist.items])], x_label="action points")
    notes = [f"A large pyramid and a Defend in one turn cost 4: {percent(p_afford(4), 1)} (1/2) (ruling COM R11).",
             "Unused points are lost at the end of the turn (COM 3.2)."]
    return Result(summary=summary, data=data, rules=RULES, tables=tables, charts=[chart], notes=notes)
