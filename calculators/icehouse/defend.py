"""Calculator com-defend: the odds of a Defend at one territory (COM 6.1, rulings COM R1-R5)."""
from __future__ import annotations

from fractions import Fraction

from ..core import BarChart, InputError, Result, Table, calculator, choice_param, int_param, percent, prob, text_param
from .forces import MAX_PLAYERS, POLICIES, Force
from .parse import parse_force
from .policies import DESCRIPTIONS
from .solver import Outcome, effective, solve, wilson

RULES = ["COM 6.1", "COM 6.2", "COM 6.3", "COM 6.4", "COM 6.5", "COM 6.6", "COM 6.7",
         "COM R1", "COM R2", "COM R3", "COM R4", "COM R5"]
FORCE_HELP = ("Pyramids there and dice committed, e.g. S=2 M=1 L=0 dice=d6,d6,d8 (2d6 = two d6). One die per "
              "pyramid at most; fewer if the personal pool is short; none = rolls 0. Optional reroll=none, "
              "below-average or answer-earlier overrides the policy for this player. The attacker is required.")
POLICY_CHOICES = [("none", "None: no rerolls"),
                  ("below-average", "Below average: reroll dice showing under their average"),
                  ("answer-earlier", "Answer earlier players: reroll dice that lose to those who rerolled before")]
METHOD_CHOICES = [("auto", "Exact when feasible, else Monte Carlo"), ("monte-carlo", "Monte Carlo")]
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
        choice_param("method", "Method", "auto", METHOD_CHOICES,
                     help="Exact fractions are used whenever the state space is small enough."),
        int_param("trials", "Monte Carlo trials", 20_000, 1_000, 200_000, help="Used only when the method is Monte Carlo."),
        int_param("seed", "Random seed", 1, 0, 2_147_483_647, help="The same seed gives the same Monte Carlo answer."),
    ]


def read_forces(v: dict, policy: str, first: str = "p1") -> tuple[Force, ...]:
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


def stats(out: Outcome, forces: tuple[Force, ...]) -> dict:
    """The derived odds: sole occupier, empty, disputed (COM 6.7), per-player losses."""
    pyr = [f.pyramids for f in forces]
    n = len(forces)

    def left(k):
        return [pyr[i] - k[i] for i in range(n)]

    res = {
        "sole": [out.prob(lambda k, i=i: left(k)[i] > 0 and all(x == 0 for j, x in enumerate(left(k)) if j != i))
                 for i in range(n)],
        "empty": out.prob(lambda k: all(x == 0 for x in left(k))),
        "disputed": out.prob(lambda k: sum(1 for x in left(k) if x > 0) >= 2),
        "lost": [{m: out.prob(lambda k, i=i, m=m: k[i] == m) for m in range(pyr[i] + 1)} for i in range(n)],
    }
    res["mean_lost"] = [sum((m * p for m, p in d.items()), Fraction(0)) for d in res["lost"]]
    return res


def pjson(out: Outcome, p: Fraction) -> dict:
    if out.method == "exact":
        return prob(p)
    count = p * out.trials
    lo, hi = wilson(int(count), out.trials)
    return {"p": f"{int(count)}/{out.trials}", "float": float(p), "ci95": [round(lo, 6), round(hi, 6)]}


def shown(out: Outcome, p: Fraction) -> str:
    if out.method == "exact":
        return f"{percent(p, 2)} ({p.numerator}/{p.denominator})" if p.denominator <= 10**6 else percent(p, 2)
    lo, hi = wilson(int(p * out.trials), out.trials)
    return f"{percent(p, 2)} (95%: {percent(lo, 1)}-{percent(hi, 1)})"


def describe_method(out: Outcome) -> str:
    if out.method == "exact":
        return "exact (every roll and reroll enumerated as fractions)"
    return f"Monte Carlo, {out.trials:,} trials, seed {out.seed}, 95% intervals"


@calculator(
    id="com-defend",
    title="Defend odds",
    game="icehouse",
    rules=RULES,
    page="icehouse/defend.md",
    description="Two to six players at one territory: pyramids each loses, who ends as sole occupier, and what rerolls are worth.",
    params=[
        *player_params(),
        choice_param("policy", "Reroll policy", "below-average", POLICY_CHOICES,
                     help="How every player spends the rerolls their mediums (1 each) and larges (2 each) grant."),
        *sim_params(),
    ],
)
def defend(v: dict):
    forces = read_forces(v, v["policy"])
    with_rerolls = any(effective(f)[1] for f in forces)
    share = 0.5 if with_rerolls else 1.0
    out = yield from scaled(solve(forces, v["method"], v["trials"], v["seed"]), 0.0, share)
    st = stats(out, forces)
    base = None
    if with_rerolls:
        plain = tuple(Force(f.small, f.medium, f.large, f.dice, "none") for f in forces)
        base_out = yield from scaled(solve(plain, v["method"], v["trials"], v["seed"]), share, 1.0)
        base = (base_out, stats(base_out, plain))

    n = len(forces)
    players = []
    rows = []
    for i, f in enumerate(forces):
        dist = [dict(outcome=m, **pjson(out, p)) for m, p in st["lost"][i].items() if p or out.method == "exact"]
        dist = [d for d in dist if d["float"] > 0]
        entry = {
            "player": i + 1, "force": f.label(), "pyramids": f.pyramids, "dice": list(f.dice),
            "rerolls": f.rerolls, "policy": effective(f)[0], "lost": dist,
            "sole": pjson(out, st["sole"][i]),
            "mean_lost": {"value": _fr(st["mean_lost"][i]), "float": float(st["mean_lost"][i])},
            "dice_given_up": {"value": _fr(out.given_mean[i]), "float": float(out.given_mean[i])},
        }
        if base is not None:
            b_out, b_st = base
            entry["without_rerolls"] = {"sole": pjson(b_out, b_st["sole"][i]),
                                        "mean_lost": float(b_st["mean_lost"][i])}
            entry["rerolls_gain_sole"] = float(st["sole"][i] - b_st["sole"][i])
        players.append(entry)
        rows.append([f"{i + 1}{' (attacker)' if i == 0 else ''}", f.label(), f.rerolls, DESCRIPTIONS[effective(f)[0]],
                     shown(out, st["sole"][i]), f"{float(st['mean_lost'][i]):.3f}",
                     f"{float(out.given_mean[i]):.3f}"])
    data = {
        "method": out.method,
        "players": players,
        "empty": pjson(out, st["empty"]),
        "disputed": pjson(out, st["disputed"]),
    }
    if out.method == "monte-carlo":
        data["trials"] = out.trials
        data["seed"] = out.seed
    tables = [Table("Each player", ["Player", "Force", "Rerolls", "Policy", "Sole occupier",
                                    "Pyramids lost (mean)", "Dice to common pool"], rows),
              Table("How the territory ends", ["Outcome", "Chance"],
                    [[f"Player {i + 1} sole occupier", shown(out, st["sole"][i])] for i in range(n)]
                    + [["Still disputed", shown(out, st["disputed"])], ["Empty", shown(out, st["empty"])]])]
    if base is not None:
        b_out, b_st = base
        tables.append(Table("What the rerolls are worth (same dice, nobody rerolling)",
                            ["Player", "Sole occupier with rerolls", "Without", "Change", "Pyramids lost with", "Without"],
                            [[i + 1, shown(out, st["sole"][i]), shown(b_out, b_st["sole"][i]),
                              f"{float(st['sole'][i] - b_st['sole'][i]) * 100:+.2f} points",
                              f"{float(st['mean_lost'][i]):.3f}", f"{float(b_st['mean_lost'][i]):.3f}"]
                             for i in range(n)]))
    top = max(f.pyramids for f in forces)
    chart = BarChart("Pyramids lost", [str(m) for m in range(top + 1)],
                     [(f"Player {i + 1}", [float(st["lost"][i].get(m, 0)) for m in range(top + 1)]) for i in range(n)],
                     x_label="pyramids lost")
    best = max(range(n), key=lambda i: st["sole"][i])
    summary = (f"Player {best + 1} ends as sole occupier with {percent(st['sole'][best], 1)}; the territory stays "
               f"disputed with {percent(st['disputed'], 1)} and is left empty with {percent(st['empty'], 1)}. "
               f"Method: {describe_method(out)}.")
    notes = [f"Dice go to the common pool one per comparison from each player who still has one; "
             f"a player who commits no dice counts as rolling 0 (COM 6.5)."]
    if out.method == "monte-carlo":
        notes.append("Too many states for an exact answer with these dice: the figures are a seeded Monte Carlo "
                     "estimate with 95% Wilson intervals.")
    return Result(summary=summary, data=data, rules=RULES, tables=tables, charts=[chart], notes=notes)


def scaled(gen, lo: float, hi: float):
    """Pass a sub-computation's progress on, mapped into [lo, hi] of the whole; return its value."""
    while True:
        try:
            step = next(gen)
        except StopIteration as stop:
            return stop.value
        yield lo + (hi - lo) * step


def _fr(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"
