"""Calculator com-dice-advisor: which dice to commit to a Defend (COM 6.2, rulings COM R3, COM R9, COM R18)."""
from __future__ import annotations

from collections import Counter

from ..core import (InputError, Result, Table, calculator, choice_param, frac, int_param, key_values, percent,
                    text_param)
from ..core.compare import Figure
from ..core.dist import mean_text
from ..core.words import counted
from . import hidden
from .budget import BUDGET_US, Job, plan, run_all
from .defend import (APPROX_NOTE, POLICY_CHOICES, as_read, check_hidden, describe_method, pcell, pjson, play_of,
                     reading_notes, sim_params, skipped, tail_for)
from .faces import name, size
from .forces import MAX_DICE, MAX_PLAYERS, MAX_POOL, Force
from .parse import force_parts, parse_force
from .solver import exact_kind

MAX_OPTIONS = 40
RULES = ["COM 6.2", "COM 6.3", "COM 6.5", "COM 6.6", "COM 6.7", "COM R2", "COM R3", "COM R9", "COM R18"]


def choices(pool: tuple[int, ...], k: int) -> list[tuple[int, ...]]:
    """Every different way to pick k dice from the pool (dice with the same faces are alike), best dice first."""
    groups = sorted(Counter(pool).items(), reverse=True)
    out: list[tuple[int, ...]] = []

    def go(g: int, left: int, picked: tuple[int, ...]):
        if left == 0:
            out.append(picked)
            return
        if g == len(groups):
            return
        faces, have = groups[g]
        for take in range(min(have, left), -1, -1):
            go(g + 1, left - take, picked + (faces,) * take)
    go(0, k, ())
    return out


def count_choices(pool: tuple[int, ...], k: int) -> int:
    """How many ``choices`` there are, counted without listing them (a polynomial's coefficient)."""
    ways = [1] + [0] * k
    for have in Counter(pool).values():
        ways = [sum(ways[j - t] for t in range(min(have, j) + 1)) for j in range(k + 1)]
    return ways[k]


def advisor_figures(result: dict) -> dict[str, Figure]:
    """What the readings are compared by (``core.compare``): the dice to commit first, then that choice's figures."""
    best = result["data"]["options"][0]
    return {"The dice to commit": Figure(dice_text(best["commit"])),
            "The best choice, sole occupier": Figure(best["sole"]),
            "The best choice, pyramids lost (mean)": Figure(best["mean_lost"])}


def settled(options: list, tables: list, v: dict, seat: int, named: dict):
    """Ruling COM R2's hidden reading: each choice's best play worked out first (``hidden.equilibrium``, handed to
    the run); a choice whose players' best answers go round in a circle has no single answer and is left out."""
    hidden.check_total(tables, "com_r2")
    guard = hidden.Guard()  # the choices share one allowance of work, as they share the bound
    fields = list(named)
    keep, circling = [], []
    for choice, forces in zip(options, tables, strict=True):
        check_hidden(forces, {name: v[name] for name in [*fields[:seat - 1], "you", *fields[seat - 1:]]})
        finals = None
        if exact_kind(forces) == "best":
            try:
                finals = hidden.equilibrium(forces, v["objective"], tail_for(forces, play_of(v)), guard)
            except hidden.NoEquilibrium:
                circling.append(choice)
                continue
        keep.append((choice, forces, finals))
    if not keep:
        raise hidden.NoEquilibrium("com_r2", "With hidden rolls no choice of dice has a single best play: the "
                                             "players' best answers to each other go round in a circle.")
    return [c for c, _, _ in keep], [f for _, f, _ in keep], [e for _, _, e in keep], circling


def dice_text(faces) -> str:
    return ",".join(name(f) for f in faces) or "no dice"


@calculator(
    id="com-dice-advisor",
    title="Die-choice advisor",
    game="icehouse",
    rules=RULES,
    page="icehouse/defend.md",
    description="Rank the ways to choose your dice for a Defend by chance of winning the territory and dice kept.",
    params=[
        key_values(text_param("you", "You", "S=1 M=1 pool=d4,d6,d8,d12", max_length=200,
                              help=f"Your pyramids there and your whole personal pool (up to {MAX_POOL} dice), e.g. "
                                   "S=1 M=1 L=0 pool=d4,d6,d8,d12. You commit one die per pyramid (all of them if the "
                                   f"pool is short), so at most {MAX_DICE} dice go into one Defend."),
                   force_parts("pool")),
        int_param("seat", "Your seat", 2, 1, MAX_PLAYERS,
                  help="1 if you are the attacker; otherwise your place clockwise from the attacker (2 = next)."),
        *[key_values(text_param(f"o{i}", f"Opponent {i}", "S=2 dice=d6,d6" if i == 1 else "", max_length=120,
                                help="Opponents in clockwise order from the attacker, skipping you: S=2 M=0 L=0 "
                                     "dice=d6,d6 (home=N: dice they leave in their pool, which count only when ruling "
                                     "COM R3 counts the whole personal pool). Leave empty if absent."), force_parts())
          for i in range(1, MAX_PLAYERS)],
        choice_param("policy", "Reroll policy", "best", POLICY_CHOICES,
                     help="How everyone spends rerolls (a reroll= key on a player overrides it)."),
        *sim_params(),
    ],
    rulings=("COM R1", "COM R2", "COM R3"),
    figures=advisor_figures,
)
def advise(v: dict):
    """Every way to commit dice from the pool, each worked out as a Defend and ranked.

    COM 6.1: a Defend needs an opponent at the territory. COM 6.2 with ruling COM R9: a player
    commits one die per pyramid while the pool lasts, so only which dice is a choice. Rulings COM R2
    and COM R3: each choice is played under the readings in force (the dice not chosen stay at home).
    """
    me = as_read(parse_force(v["you"], "you", v["policy"], dice_key="pool"), v)
    if me is None:
        raise InputError("you", "Give your pyramids and pool, e.g. S=1 M=1 pool=d6,d8.")
    given = {f"o{i}": as_read(parse_force(v[f"o{i}"], f"o{i}", v["policy"]), v) for i in range(1, MAX_PLAYERS)}
    named = {name: f for name, f in given.items() if f is not None}
    others = list(named.values())
    if not others:
        raise InputError("o1", "Give at least one opponent with pyramids at the territory (COM 6.1).")
    seat = v["seat"]
    if seat > len(others) + 1:
        raise InputError("seat", f"Seat {seat} but only {len(others) + 1} players are in the Defend.")
    k = min(me.pyramids, len(me.dice))  # ruling COM R9: a full commitment while the pool lasts
    count = count_choices(me.dice, k)
    if count > MAX_OPTIONS:
        raise InputError("you", f"{count} different ways to choose {k} dice from this pool; at most "
                                f"{MAX_OPTIONS} can be compared. Leave out dice you would never commit.")
    options = choices(me.dice, k)
    play = play_of(v)
    tables = []
    for choice in options:
        mine = Force(me.small, me.medium, me.large, choice, me.policy, home=len(me.dice) - k)
        tables.append(tuple(others[:seat - 1]) + (mine,) + tuple(others[seat - 1:]))
    circling: list = []
    finals: list = [None] * len(tables)
    if play.skip_empty and any(not f.dice for f in tables[0]):  # ruling COM R3: no Defend against an empty pool
        plans, outs = [], [skipped(forces) for forces in tables]
    else:
        if play.hidden:
            options, tables, finals, circling = settled(options, tables, v, seat, named)
        jobs = [Job(forces, v["objective"], tail=tail_for(forces, play), hidden=play.hidden, finals=f)
                for forces, f in zip(tables, finals, strict=True)]
        plans = plan(jobs, v["method"], v["trials"])
        outs = yield from run_all(jobs, plans, v["seed"])  # one seed for every option: common random numbers
    results = []
    for choice, out in zip(options, outs, strict=True):
        kept = list(me.dice)
        for f in choice:
            kept.remove(f)
        results.append({"choice": list(choice), "kept": kept, "out": out, "sole": out.sole[seat - 1],
                        "mean_lost": out.mean_lost[seat - 1], "given": out.given[seat - 1]})
    results.sort(key=lambda r: (-r["sole"], r["mean_lost"], -sum(map(size, r["kept"])),
                                [-size(f) for f in r["kept"]]))
    notes = reading_notes(tables[0], v)
    if circling:
        notes.append("Left out with hidden rolls (ruling COM R2): commit " + "; ".join(map(dice_text, circling))
                     + ". There the players' best answers to each other go round in a circle and never settle on "
                       "one play, so there is no single best play to rank.")
    return present(results, seat, k, v, plans, notes)


def present(results: list[dict], seat: int, k: int, v: dict, plans, more_notes: list[str]) -> Result:
    rows, ranked = [], []
    for rank, r in enumerate(results, 1):
        commit = ",".join(map(name, r["choice"])) or "none"
        keep = ",".join(map(name, r["kept"])) or "none"
        rows.append([rank, commit, keep, pcell(r["out"], r["sole"]), mean_text(r["mean_lost"]),
                     mean_text(r["given"])])
        entry = {"rank": rank, "commit": [size(f) for f in r["choice"]], "keep": [size(f) for f in r["kept"]],
                 "method": r["out"].method,
                 "sole": pjson(r["out"], r["sole"]),
                 "mean_lost": {"value": frac(r["mean_lost"]), "float": float(r["mean_lost"])},
                 "dice_given_up": {"value": frac(r["given"]), "float": float(r["given"])}}
        if r["out"].method == "monte-carlo":
            entry["trials"] = r["out"].trials
        ranked.append(entry)
    best = results[0]
    methods = sorted({r["out"].method for r in results})
    summary = (f"Commit {','.join(map(name, best['choice'])) or 'no dice'}: sole occupier with "
               f"{percent(best['sole'], 1)}, {float(best['mean_lost']):.2f} pyramids lost on average, keeping "
               f"{','.join(map(name, best['kept'])) or 'nothing'} in your pool"
               + (" (Monte Carlo estimate)." if "monte-carlo" in methods else "."))
    data = {"method": methods[0] if len(methods) == 1 else "mixed", "seat": seat, "commit_count": k,
            "objective": v["objective"], "options": ranked}
    if "monte-carlo" in methods:
        data["seed"] = v["seed"]
        data["trials"] = max((p.trials for p in plans), default=0)
    table = Table("Ways to commit, best first", ["Rank", "Commit", "Keep in pool", "Sole occupier",
                                                 "Pyramids lost (mean)", "Dice to the pool (mean)"], rows)
    notes = [f"{counted(len(results), 'choice')} compared; method: {describe_method(best['out'])}.",
             "Ranked by chance of ending as sole occupier, then fewest pyramids lost, then the most faces kept "
             "back in your pool for later Defends."]
    if "monte-carlo" in methods:
        notes.append(f"Options too big to work out exactly within the time budget (about {BUDGET_US / 1e6:.1f} s "
                     "for the whole advice) are simulated with one seed, so every option meets the same luck; "
                     "each shows its trials and 95% interval.")
        if any(r["out"].approx for r in results):
            notes.append(APPROX_NOTE)
    return Result(summary=summary, data=data, rules=RULES, tables=[table], notes=notes + more_notes)
