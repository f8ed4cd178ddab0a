"""Calculator com-dice-advisor: which dice to commit to a Defend (COM 6.2, rulings COM R3, COM R9)."""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from ..core import InputError, Result, Table, calculator, choice_param, int_param, percent, text_param
from .defend import POLICY_CHOICES, describe_method, pjson, scaled, shown, sim_params, stats
from .forces import MAX_PLAYERS, Force
from .parse import parse_force
from .solver import solve

MAX_POOL = 12
MAX_OPTIONS = 40
MAX_WORK = 200_000  # Monte Carlo trials summed over every option
RULES = ["COM 6.2", "COM 6.5", "COM 6.6", "COM 6.7", "COM R3", "COM R9"]


@calculator(
    id="com-dice-advisor",
    title="Die-choice advisor",
    game="icehouse",
    rules=RULES,
    page="icehouse/defend.md",
    description="Rank the ways to choose your dice for a Defend by chance of winning the territory and dice kept.",
    params=[
        text_param("you", "You", "S=1 M=1 pool=d4,d6,d8,d12", max_length=120,
                   help="Your pyramids there and your whole personal pool, e.g. S=1 M=1 L=0 pool=d4,d6,d8,d12. "
                        "You commit one die per pyramid (all of them if the pool is short)."),
        int_param("seat", "Your seat", 2, 1, MAX_PLAYERS,
                  help="1 if you are the attacker; otherwise your place clockwise from the attacker (2 = next)."),
        *[text_param(f"o{i}", f"Opponent {i}", "S=2 dice=d6,d6" if i == 1 else "", max_length=120,
                     help="Opponents in clockwise order from the attacker, skipping you: S=2 M=0 L=0 dice=d6,d6. "
                          "Leave empty if absent.")
          for i in range(1, MAX_PLAYERS)],
        choice_param("policy", "Reroll policy", "below-average", POLICY_CHOICES,
                     help="How everyone spends rerolls (a reroll= key on a player overrides it)."),
        *sim_params(),
    ],
)
def advise(v: dict):
    me = parse_force(v["you"], "you", v["policy"], dice_key="pool")
    if me is None:
        raise InputError("you", "Give your pyramids and pool, e.g. S=1 M=1 pool=d6,d8.")
    if len(me.dice) > MAX_POOL:
        raise InputError("you", f"at most {MAX_POOL} dice in the pool (got {len(me.dice)}).")
    others = [f for f in (parse_force(v[f"o{i}"], f"o{i}", v["policy"]) for i in range(1, MAX_PLAYERS)) if f]
    if not others:
        raise InputError("o1", "Give at least one opponent with pyramids at the territory (COM 6.1).")
    seat = v["seat"]
    if seat > len(others) + 1:
        raise InputError("seat", f"Seat {seat} but only {len(others) + 1} players are in the Defend.")
    k = min(me.pyramids, len(me.dice))  # ruling COM R9: a full commitment while the pool lasts
    options = sorted(set(combinations(me.dice, k)), reverse=True)
    if len(options) > MAX_OPTIONS:
        raise InputError("you", f"{len(options)} different ways to choose {k} dice from this pool; at most "
                                f"{MAX_OPTIONS} can be compared. Leave out dice you would never commit.")
    trials = min(v["trials"], max(1_000, MAX_WORK // len(options)))
    results = []
    for n, choice in enumerate(options):
        mine = Force(me.small, me.medium, me.large, tuple(choice), me.policy)
        forces = tuple(others[:seat - 1]) + (mine,) + tuple(others[seat - 1:])
        out = yield from scaled(solve(forces, v["method"], trials, v["seed"]), n / len(options), (n + 1) / len(options))
        st = stats(out, forces)
        i = seat - 1
        kept = list(me.dice)
        for f in choice:
            kept.remove(f)
        results.append({"choice": list(choice), "kept": kept, "out": out, "sole": st["sole"][i],
                        "mean_lost": st["mean_lost"][i], "given": out.given_mean[i]})
        yield (n + 1) / len(options)
    results.sort(key=lambda r: (-r["sole"], r["mean_lost"], -sum(r["kept"]), [-f for f in r["kept"]]))
    rows, ranked = [], []
    for rank, r in enumerate(results, 1):
        commit = ",".join(f"d{f}" for f in r["choice"]) or "none"
        keep = ",".join(f"d{f}" for f in r["kept"]) or "none"
        rows.append([rank, commit, keep, shown(r["out"], r["sole"]), f"{float(r['mean_lost']):.3f}",
                     f"{float(r['given']):.2f}"])
        ranked.append({"rank": rank, "commit": r["choice"], "keep": r["kept"], "method": r["out"].method,
                       "sole": pjson(r["out"], r["sole"]),
                       "mean_lost": {"value": _fr(r["mean_lost"]), "float": float(r["mean_lost"])},
                       "dice_given_up": {"value": _fr(r["given"]), "float": float(r["given"])}})
    best = results[0]
    methods = sorted({r["out"].method for r in results})
    summary = (f"Commit {','.join(f'd{f}' for f in best['choice']) or 'no dice'}: sole occupier with "
               f"{percent(best['sole'], 1)}, {float(best['mean_lost']):.2f} pyramids lost on average, keeping "
               f"{','.join(f'd{f}' for f in best['kept']) or 'nothing'} in your pool. "
               f"{len(results)} choice(s) compared; method: {describe_method(best['out'])}.")
    data = {"method": methods[0] if len(methods) == 1 else "mixed", "seat": seat, "commit_count": k,
            "options": ranked}
    if "monte-carlo" in methods:
        data["trials"] = trials
        data["seed"] = v["seed"]
    table = Table("Ways to commit, best first", ["Rank", "Commit", "Keep in pool", "Sole occupier",
                                                 "Pyramids lost (mean)", "Dice to common pool"], rows)
    notes = ["Ranked by chance of ending as sole occupier, then fewest pyramids lost, then the most faces kept "
             "back in your pool for later Defends."]
    return Result(summary=summary, data=data, rules=RULES, tables=[table], notes=notes)


def _fr(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"
