"""Calculator com-defend: the odds of a Defend at one territory (COM 6.1, rulings COM R1-R5, COM R18)."""
from __future__ import annotations

from fractions import Fraction

from ..core import (BarChart, InputError, Prob, Result, Table, calculator, choice_param, frac, int_param, percent, prob,
                    text_param)
from .budget import BUDGET_US, Job, plan, run_all
from .forces import MAX_PLAYERS, Force
from .parse import parse_force
from .policies import DESCRIPTIONS
from .solver import Summary, effective, wilson

RULES = ["COM 6.1", "COM 6.2", "COM 6.3", "COM 6.4", "COM 6.5", "COM 6.6", "COM 6.7",
         "COM R1", "COM R2", "COM R3", "COM R4", "COM R5", "COM R18"]
FORCE_HELP = ("Pyramids there and dice committed, e.g. S=2 M=1 L=0 dice=d6,d6,d8 (2d6 = two d6). One die per "
              "pyramid at most; fewer if the personal pool is short; none = rolls 0. Optional reroll=best, none, "
              "below-average or answer-earlier overrides the policy for this player. The attacker is required.")
POLICY_CHOICES = [("best", "Best play: each player maximises their own chance (ruling COM R18)"),
                  ("none", "None: no rerolls"),
                  ("below-average", "Below average: reroll dice showing under their average"),
                  ("answer-earlier", "Answer earlier players: reroll dice that lose to those who rerolled before")]
OBJECTIVE_CHOICES = [("sole", "Sole occupier first, then pyramids kept"),
                     ("kept", "Pyramids kept first, then sole occupier")]
METHOD_CHOICES = [("auto", "Exact when it fits the time budget, else Monte Carlo"), ("monte-carlo", "Monte Carlo")]
# Shown as placeholders in empty fields, never played: a Defend has exactly the players given.
EXAMPLES = {1: "S=1 M=1 dice=d8,d6", 2: "S=2 dice=d6,d6"}


def player_params():
    out = []
    for i in range(1, MAX_PLAYERS + 1):
        label = "Player 1 (attacker)" if i == 1 else f"Player {i}"
        other = "Next player clockwise; same form as player 1. Leave empty if absent."
        out.append(text_param(f"p{i}", label, "", max_length=120, placeholder=EXAMPLES.get(i, ""),
                              help=FORCE_HELP if i == 1 else other))
    return out


def sim_params():
    return [
        choice_param("objective", "Best play aims for", "sole", OBJECTIVE_CHOICES,
                     help="What a player playing best maximises first; the other breaks ties (ruling COM R18)."),
        choice_param("method", "Method", "auto", METHOD_CHOICES,
                     help=f"Exact fractions whenever the whole answer fits in about {BUDGET_US / 1e6:.1f} s of work."),
        int_param("trials", "Monte Carlo trials (at most)", 20_000, 1_000, 200_000,
                  help="Used only by Monte Carlo; fewer are run when the time budget needs it, and the result "
                       "says so."),
        int_param("seed", "Random seed", 1, 0, 2_147_483_647, help="The same seed gives the same Monte Carlo answer."),
    ]


def read_forces(v: dict, policy: str, first: str = "p1") -> tuple[Force, ...]:
    """The players in seat order, the attacker first; COM 6.1: a Defend needs two or more of them."""
    forces = []
    for i in range(1, MAX_PLAYERS + 1):
        f = parse_force(v[f"p{i}"], f"p{i}", policy)
        if f is not None:
            forces.append(f)
        elif i == 1:
            raise InputError("p1", "The attacker (player 1) is required.")
    if len(forces) < 2:
        raise InputError("p2", "A Defend needs at least two players with pyramids at the territory (COM 6.1).",
                         fields=tuple(f"p{i}" for i in range(2, MAX_PLAYERS + 1)))
    return tuple(forces)


def pjson(out: Summary | None, p: Fraction) -> dict:
    """A chance in the data: exact (``out`` None or exact), or a Monte Carlo estimate, successes over
    trials, with its 95% Wilson interval."""
    if out is None or out.method == "exact":
        return prob(p)
    hits = int(p * out.trials)
    lo, hi = wilson(hits, out.trials)
    return {"p": f"{hits}/{out.trials}", "float": float(p), "ci95": [round(lo, 6), round(hi, 6)]}


def pcell(out: Summary | None, p: Fraction) -> Prob:
    """The same chance in a table: percentage, "1 in N", and the exact fraction or the estimate's interval."""
    ci95 = pjson(out, p).get("ci95")
    return Prob(p, ci95=None if ci95 is None else (ci95[0], ci95[1]))


def describe_method(out: Summary) -> str:
    if out.method == "exact":
        return "exact (every roll and reroll enumerated as fractions)"
    how = f"Monte Carlo, {out.trials:,} trials, seed {out.seed}, 95% intervals"
    return how + (", best play approximated" if out.approx else "")


APPROX_NOTE = ("Best play is too big to work out exactly here, so the simulation approximates it: each player playing "
               "best takes one reroll at a time when it raises their own chance against the dice on the table as they "
               "stand, as if nobody after them were to reroll (ruling COM R18). On small Defends worked both ways the "
               "chances it gives differ from best play's by under a point on average, by up to 10 points at worst.")
COMPARED = ("best", "below-average", "answer-earlier", "none")


def uniform(forces: tuple[Force, ...], policy: str) -> tuple[Force, ...]:
    return tuple(Force(f.small, f.medium, f.large, f.dice, policy) for f in forces)


def jobs_for(forces: tuple[Force, ...], objective: str) -> tuple[list[Job], dict[str, int]]:
    """The Defend asked about, then the same dice with everyone on each policy (for comparison)."""
    jobs = [Job(forces, objective)]
    where: dict[str, int] = {}
    if not any(effective(f)[1] for f in forces):
        return jobs, where  # nobody can reroll: every policy plays the same
    for policy in ("none",) + tuple(p for p in COMPARED if p != "none"):
        same = uniform(forces, policy)
        if same == forces:
            where[policy] = 0
        else:
            where[policy] = len(jobs)
            jobs.append(Job(same, objective, optional=True))
    return jobs, where


@calculator(
    id="com-defend",
    title="Defend odds",
    game="icehouse",
    rules=RULES,
    page="icehouse/defend.md",
    description="Two to six players at one territory: pyramids each loses, who ends as sole occupier, and what "
                "rerolls are worth.",
    params=[
        *player_params(),
        choice_param("policy", "Reroll policy", "best", POLICY_CHOICES,
                     help="How every player spends the rerolls their mediums (1 each) and larges (2 each) grant."),
        *sim_params(),
    ],
)
def defend(v: dict):
    forces = read_forces(v, v["policy"])
    jobs, where = jobs_for(forces, v["objective"])
    plans = plan(jobs, v["method"], v["trials"])
    outs = yield from run_all(jobs, plans, v["seed"])
    return present(forces, v, outs, where, plans[0].trials)


def present(forces: tuple[Force, ...], v: dict, outs: list, where: dict[str, int], trials_run: int) -> Result:
    out: Summary = outs[0]
    base = outs[where["none"]] if "none" in where else None
    n = len(forces)
    players = [player_entry(i, f, out, base) for i, f in enumerate(forces)]
    rows = [[f"{i + 1}{' (attacker)' if i == 0 else ''}", f.label(), f.rerolls, DESCRIPTIONS[effective(f)[0]],
             pcell(out, out.sole[i]), f"{float(out.mean_lost[i]):.3f}", f"{float(out.given[i]):.3f}"]
            for i, f in enumerate(forces)]
    data = {"method": out.method, "objective": v["objective"], "players": players,
            "empty": pjson(out, out.empty), "disputed": pjson(out, out.disputed)}
    if out.method == "monte-carlo":
        data["trials"] = out.trials
        data["seed"] = out.seed
        data["approximate_play"] = out.approx
    tables = [Table("Each player", ["Player", "Force", "Rerolls", "Policy", "Sole occupier",
                                    "Pyramids lost (mean)", "Dice to common pool"], rows),
              Table("How the territory ends", ["Outcome", "Chance"],
                    [[f"Player {i + 1} sole occupier", pcell(out, out.sole[i])] for i in range(n)]
                    + [["Still disputed", pcell(out, out.disputed)], ["Empty", pcell(out, out.empty)]])]
    if where:
        compared, table = policy_table(outs, where, n)
        data["policies"] = compared
        tables.append(table)
    worth = reroll_worth(forces, out)
    if worth:
        data["reroll_worth"] = worth[0]
        tables.append(worth[1])
    top = max(f.pyramids for f in forces)
    chart = BarChart("Pyramids lost", [str(m) for m in range(top + 1)],
                     [(f"Player {i + 1}", [float(out.lost[i].get(m, 0)) for m in range(top + 1)]) for i in range(n)],
                     x_label="pyramids lost")
    best = max(range(n), key=lambda i: out.sole[i])
    summary = (f"Player {best + 1} ends as sole occupier with {percent(out.sole[best], 1)}; the territory stays "
               f"disputed with {percent(out.disputed, 1)} and is left empty with {percent(out.empty, 1)}. "
               f"Method: {describe_method(out)}.")
    return Result(summary=summary, data=data, rules=RULES, tables=tables, charts=[chart],
                  notes=notes_for(out, outs, where, v["trials"], trials_run))


def player_entry(i: int, f: Force, out: Summary, base: Summary | None) -> dict:
    dist = [dict(outcome=m, **pjson(out, p)) for m, p in out.lost[i].items() if p]
    entry = {
        "player": i + 1, "force": f.label(), "pyramids": f.pyramids, "dice": list(f.dice),
        "rerolls": f.rerolls, "policy": effective(f)[0], "lost": dist,
        "sole": pjson(out, out.sole[i]),
        "mean_lost": {"value": frac(out.mean_lost[i]), "float": float(out.mean_lost[i])},
        "dice_given_up": {"value": frac(out.given[i]), "float": float(out.given[i])},
    }
    if base is not None:
        entry["without_rerolls"] = {"sole": pjson(base, base.sole[i]), "mean_lost": float(base.mean_lost[i])}
        entry["rerolls_gain_sole"] = float(out.sole[i] - base.sole[i])
    return entry


def policy_table(outs: list, where: dict[str, int], n: int) -> tuple[list, Table]:
    """Everyone on one policy, each policy in turn: the simple policies kept for comparison."""
    compared, rows = [], []
    for policy in COMPARED:
        o = outs[where[policy]] if policy in where else None
        if o is None:
            rows.append([DESCRIPTIONS[policy], "left out: no time left in the budget"] + ["-"] * n)
            continue
        compared.append({"policy": policy, "method": o.method, "sole": [pjson(o, o.sole[i]) for i in range(n)],
                         "mean_lost": [float(o.mean_lost[i]) for i in range(n)]})
        how = "exact" if o.method == "exact" else f"Monte Carlo, {o.trials:,} trials"
        rows.append([DESCRIPTIONS[policy], how] + [pcell(o, o.sole[i]) for i in range(n)])
    return compared, Table("Reroll policies compared (every player on the same policy)",
                           ["Policy", "Method"] + [f"Player {i + 1} sole occupier" for i in range(n)], rows)


def reroll_worth(forces: tuple[Force, ...], out: Summary):
    """Exact best play: each player's chance with only the first k of their rerolls, the others as before."""
    if not out.limited:
        return None
    data, rows = [], []
    for i, steps in sorted(out.limited.items()):
        entry = []
        for k, (sole, lost) in enumerate(steps):
            gain = sole - steps[k - 1][0] if k else None
            entry.append({"rerolls": k, "sole": prob(sole), "mean_lost": float(lost),
                          "gain": None if gain is None else float(gain)})
            rows.append([i + 1, k, pcell(out, sole), "-" if gain is None else f"{float(gain) * 100:+.2f} points",
                         f"{float(lost):.3f}"])
        data.append({"player": i + 1, "steps": entry})
    return data, Table("What each reroll is worth (best play; the others play as before)",
                       ["Player", "Rerolls used at most", "Sole occupier", "Gain from this reroll",
                        "Pyramids lost (mean)"], rows)


def notes_for(out: Summary, outs: list, where: dict, asked: int, trials_run: int) -> list[str]:
    notes = ["Dice go to the common pool one per comparison from each player who still has one; "
             "a player who commits no dice counts as rolling 0 (COM 6.5)."]
    if out.method == "monte-carlo":
        notes.append("Too many states for an exact answer within the time budget: the figures are a seeded Monte "
                     "Carlo estimate with 95% Wilson intervals.")
        if out.approx:
            notes.append(APPROX_NOTE)
        if trials_run < asked:
            notes.append(f"{asked:,} trials were asked for; {trials_run:,} were run so that the answer comes back "
                         f"within the time budget (about {BUDGET_US / 1e6:.1f} s of work).")
    if any(outs[j] is None for j in where.values()):
        notes.append("Some policy comparisons were left out: the time budget was spent on the Defend asked about.")
    return notes
