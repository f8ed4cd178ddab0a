"""Calculator com-action-points: what a roll of the Points Die affords (COM 3.1, COM 3.2, ruling COM R10)."""
from __future__ import annotations

from fractions import Fraction

from ..core import BarChart, Dist, Prob, Result, Table, calculator, frac, int_param, percent, prob
from ..core.dist import chance
from ..core.words import counted

POINTS_DIE = 6
COST = {"discover": 1, "small": 1, "medium": 2, "large": 3, "defend": 1}  # COM 3.2
RULES = ["COM 3.1", "COM 3.2", "COM 3.3", "COM 5.1", "COM R10", "COM R11"]
PLAN_ORDER = ("small", "medium", "large", "discover", "defend")


def points_dist() -> Dist:
    """COM 3.1 step 4 with ruling COM R10: the Points Die is a d6, so 1 to 6 action points, each 1/6."""
    return Dist.uniform(range(1, POINTS_DIE + 1))


def plan_cost(counts: dict[str, int]) -> int:
    """COM 3.2: each action's price in action points (COM 5.1 for deploying), summed over the plan.

    COM 3.3: a turn buys its actions in any order and mix, so a plan is just its total; ruling
    COM R11: a pyramid deployed this turn may take part in a Defend at once, so deploying and
    defending in one turn add up like any other actions.
    """
    return sum(COST[k] * counts[k] for k in COST)


def p_afford(cost: int) -> Fraction:
    """The chance the Points Die gives at least ``cost`` points (COM 3.3: points left over are lost)."""
    return points_dist().at_least(cost) if cost > 0 else Fraction(1)


@calculator(
    id="com-action-points",
    title="Action points",
    game="icehouse",
    rules=RULES,
    page="icehouse/turn.md",
    description="The Points Die's action points and the chance a turn can afford a plan of discovers, deployments "
                "and defends.",
    params=[
        int_param("small", "Small pyramids to deploy", 0, 0, 3, help="1 action point each (a player owns 3)."),
        int_param("medium", "Medium pyramids to deploy", 0, 0, 3, help="2 action points each."),
        int_param("large", "Large pyramids to deploy", 1, 0, 3, help="3 action points each."),
        int_param("discover", "Extra discovers", 0, 0, 6,
                  help="1 action point each (the free discover of step 2 is not counted)."),
        int_param("defend", "Defends", 1, 0, 6, help="1 action point each."),
    ],
)
def action_points(v: dict) -> Result:
    cost = plan_cost(v)
    p = p_afford(cost)
    dist = points_dist()
    plan = ", ".join(f"{v[k]} {k}" for k in PLAN_ORDER if v[k]) or "nothing"
    if cost > POINTS_DIE:
        summary = (f"{plan} costs {cost} action points: more than the Points Die can ever give ({POINTS_DIE}), so no "
                   "single turn affords it.")
    else:
        # The chance in plain words ("50% (1 in 2)"): its exact fraction is the data's, shown on request.
        summary = f"{plan} costs {counted(cost, 'action point')}: a turn affords it {chance(p)} of the time."
    points = range(1, POINTS_DIE + 1)
    roll_rows = [[roll, roll, roll // COST["medium"], roll // COST["large"], "yes" if roll >= cost else "no"]
                 for roll in points]
    data = {
        "cost": cost,
        "costs": dict(COST),
        "afford": prob(p),
        "points": dist.to_json(),
        "at_least_small": [dict(k=k, **prob(p_afford(k))) for k in points],
        "large_and_defend": prob(p_afford(COST["large"] + COST["defend"])),
    }
    tables = [
        Table("Action point costs (COM 3.2)", ["Action", "Points"],
              [["Discover a territory", COST["discover"]], ["Deploy a small pyramid", COST["small"]],
               ["Deploy a medium pyramid", COST["medium"]], ["Deploy a large pyramid", COST["large"]],
               ["Defend at a territory", COST["defend"]]]),
        Table("What each roll affords", ["Roll", "One-point actions", "Mediums", "Larges", "Your plan"], roll_rows),
        Table("At least this many small deployments (or one-point actions)", ["Deployments", "Chance"],
              [[k, Prob(p_afford(k))] for k in points]),
    ]
    chart = BarChart("Action points from the Points Die", [str(x) for x in points],
                     [("chance", [float(w) for _, w in dist.items])], x_label="action points")
    both = p_afford(COST["large"] + COST["defend"])
    notes = [f"A large pyramid and a Defend in one turn cost 4: {percent(both, 1)} ({frac(both)}) (ruling COM R11).",
             "Unused points are lost at the end of the turn (COM 3.3)."]
    return Result(summary=summary, data=data, rules=RULES, tables=tables, charts=[chart], notes=notes)
