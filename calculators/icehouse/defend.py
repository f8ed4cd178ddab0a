"""Calculator com-defend: the odds of a Defend at one territory (COM 6.1, rulings COM R1-R5, COM R18)."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from ..core import (BarChart, InputError, Prob, Result, Table, bool_param, calculator, choice_param, frac, int_param,
                    key_values, more, percent, prob, text_param)
from ..core.compare import Figure
from ..core.dist import mean_text
from .budget import BUDGET_US, Job, plan, run_all
from .faces import read, size
from . import hidden
from .combat import Tail, check_whole_pool, tail_of
from .forces import MAX_PLAYERS, Force, Play
from .parse import force_parts, parse_force
from .policies import NAMES
from .readings import D10Zero, DiceInView, NoDice
from .solver import Summary, effective, wilson

RULES = ["COM 6.1", "COM 6.2", "COM 6.3", "COM 6.4", "COM 6.5", "COM 6.6", "COM 6.7",
         "COM R1", "COM R2", "COM R3", "COM R4", "COM R5", "COM R18"]
FORCE_HELP = ("Pyramids there and dice committed, e.g. S=2 M=1 L=0 dice=d6,d6,d8 (2d6 = two d6). One die per "
              "pyramid at most; fewer if the personal pool is short; none = rolls 0. Optional reroll=best, none, "
              "below-average or answer-earlier overrides the policy for this player; home=N gives the dice left in the "
              "personal pool (they count only when ruling COM R3 counts the whole personal pool). The attacker is "
              "required.")
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
        out.append(key_values(text_param(f"p{i}", label, "", max_length=120, placeholder=EXAMPLES.get(i, ""),
                                         help=FORCE_HELP if i == 1 else other), force_parts()))
    return out


def sim_params():
    return more(
        choice_param("objective", "Best play aims for", "sole", OBJECTIVE_CHOICES,
                     help="What a player playing best maximises first; the other breaks ties (ruling COM R18)."),
        choice_param("method", "Method", "auto", METHOD_CHOICES,
                     help=f"Exact fractions whenever the whole answer fits in about {BUDGET_US / 1e6:.1f} s of work."),
        int_param("trials", "Monte Carlo trials (at most)", 20_000, 1_000, 200_000,
                  help="Used only by Monte Carlo; fewer are run when the time budget needs it, and the result "
                       "says so."),
        int_param("seed", "Random seed", 1, 0, 2_147_483_647, help="The same seed gives the same Monte Carlo answer."),
    )


def literal(v: dict) -> bool:
    """Ruling COM R1's reading in force: True when every d10 is read 0 to 9."""
    return D10Zero.read(v["readings"]) is D10Zero.LITERAL


def as_read(force: Force | None, v: dict) -> Force | None:
    """The force with its dice as ruling COM R1's reading takes them (``faces.read``)."""
    return None if force is None else replace(force, dice=read(force.dice, literal(v)))


def play_of(v: dict) -> Play:
    """The readings of rulings COM R2 and COM R3 in force, as the engine takes them."""
    no_dice = NoDice.read(v["readings"])
    return Play(hidden=DiceInView.read(v["readings"]) is DiceInView.HIDDEN, whole_pool=no_dice is NoDice.WHOLE_POOL,
                skip_empty=no_dice is NoDice.SKIP_IF_EMPTY)


def tail_for(forces: tuple[Force, ...], play: Play) -> Tail | None:
    """Ruling COM R3's whole-pool tail for these forces (None where it changes nothing); a Defend whose tail
    would need the values of leftover dice is refused with the reason."""
    if not play.whole_pool:
        return None
    why = check_whole_pool(forces)
    if why:
        raise InputError("com_r3", "This Defend cannot be worked out when ruling COM R3 counts the whole personal "
                                   f"pool: {why}.")
    return tail_of(forces, True)


def check_hidden(forces: tuple[Force, ...], texts: dict[str, str]) -> None:
    """Ruling COM R2's hidden reading: nobody can answer dice they cannot see, and best play must fit.
    ``texts``: each player's field and line, in the forces' order (a reroll= key there is that field's fault)."""
    for f, (name, text) in zip(forces, texts.items(), strict=True):
        if effective(f)[0] == "answer-earlier":
            field = name if "answer-earlier" in text else "policy"
            raise InputError(field, "answer-earlier answers the dice of the players before you, which stay hidden "
                                    "under COM R2's hidden reading: choose another policy.")
    if any(effective(f)[0] == "best" for f in forces) and min(len(f.dice) for f in forces):
        hidden.check(forces)


def skipped(forces: tuple[Force, ...]) -> Summary:
    """Ruling COM R3's skip-if-empty reading, where a player has no dice: no Defend, nobody loses anything."""
    n = len(forces)
    zero, one = Fraction(0), Fraction(1)
    return Summary("exact", (zero,) * n, zero, one, tuple({m: one if m == 0 else zero for m in range(f.pyramids + 1)}
                                                         for f in forces), (zero,) * n, (zero,) * n)


def read_forces(v: dict, policy: str, first: str = "p1") -> tuple[Force, ...]:
    """The players in seat order, the attacker first; COM 6.1: a Defend needs two or more of them."""
    forces = []
    for i in range(1, MAX_PLAYERS + 1):
        f = as_read(parse_force(v[f"p{i}"], f"p{i}", policy), v)
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


def jobs_for(forces: tuple[Force, ...], objective: str, tail: Tail | None = None,
             hidden_rolls: bool = False, compare: bool = False) -> tuple[list[Job], dict[str, int]]:
    """The Defend asked about; the same dice with nobody rerolling (what rerolls gain); with ``compare``, the same
    dice with everyone on each policy in turn. With hidden rolls (ruling COM R2) answer-earlier cannot be played,
    and best play is compared only where it fits."""
    jobs = [Job(forces, objective, tail=tail, hidden=hidden_rolls)]
    where: dict[str, int] = {}
    # Nobody rerolls in the Defend asked: nothing to gain from rerolls; nor, when nobody has a reroll to take,
    # anything to compare (every policy plays the same).
    if not any(effective(f)[1] if not compare else f.rerolls and f.dice for f in forces):
        return jobs, where
    for policy in ("none",) + (tuple(p for p in COMPARED if p != "none") if compare else ()):
        same = uniform(forces, policy)
        if hidden_rolls and (policy == "answer-earlier" or policy == "best" and hidden.work(same) > hidden.MAX_WORK):
            continue
        if same == forces:
            where[policy] = 0
        else:
            where[policy] = len(jobs)
            jobs.append(Job(same, objective, optional=True, tail=tail, hidden=hidden_rolls))
    return jobs, where


def defend_figures(result: dict) -> dict[str, Figure]:
    """What the readings are compared by (``core.compare``), in the game's terms: each player's chance of ending
    as sole occupier and pyramids lost, then how the territory ends."""
    data = result["data"]
    out = {}
    for p in data["players"]:
        out[f"Player {p['player']}: sole occupier"] = Figure(p["sole"])
        out[f"Player {p['player']}: pyramids lost (mean)"] = Figure(p["mean_lost"])
    out["The territory stays disputed"] = Figure(data["disputed"])
    out["The territory is left empty"] = Figure(data["empty"])
    return out


@calculator(
    id="com-defend",
    title="Defend odds",
    game="icehouse",
    rules=RULES,
    page="icehouse/defend.md",
    description="Two to six players at one territory: the pyramids each player loses, who ends as sole occupier, "
                "and what rerolls are worth.",
    params=[
        *player_params(),
        choice_param("policy", "Reroll policy", "best", POLICY_CHOICES,
                     help="How every player spends the rerolls their mediums (1 each) and larges (2 each) grant."),
        bool_param("compare", "Compare the reroll policies", False,
                   help="Also work out the same dice with every player on each policy in turn (best, below average, "
                        "answer earlier, none): up to four Defends more, so the answer takes longer."),
        *sim_params(),
    ],
    rulings=("COM R1", "COM R2", "COM R3"),
    figures=defend_figures,
)
def defend(v: dict):
    forces = read_forces(v, v["policy"])
    play = play_of(v)
    if play.skip_empty and any(not f.dice for f in forces):
        return present(forces, v, [skipped(forces)], {}, 0)
    if play.hidden:
        check_hidden(forces, {f"p{i}": v[f"p{i}"] for i in range(1, MAX_PLAYERS + 1) if v[f"p{i}"].strip()})
    jobs, where = jobs_for(forces, v["objective"], tail_for(forces, play), play.hidden, v["compare"])
    plans = plan(jobs, v["method"], v["trials"])
    outs = yield from run_all(jobs, plans, v["seed"])
    return present(forces, v, outs, where, plans[0].trials)


def present(forces: tuple[Force, ...], v: dict, outs: list, where: dict[str, int], trials_run: int) -> Result:
    out: Summary = outs[0]
    base = outs[where["none"]] if "none" in where else None
    n = len(forces)
    players = [player_entry(i, f, out, base) for i, f in enumerate(forces)]
    who = [f"{i + 1}{' (attacker)' if i == 0 else ''}" for i in range(n)]
    rows = [[who[i], pcell(out, out.sole[i]), mean_text(out.mean_lost[i]), mean_text(out.given[i])]
            for i in range(n)]
    played = [[who[i], f.brief(), f.rerolls, NAMES[effective(f)[0]]] for i, f in enumerate(forces)]
    data = {"method": out.method, "objective": v["objective"], "players": players,
            "empty": pjson(out, out.empty), "disputed": pjson(out, out.disputed)}
    if out.method == "monte-carlo":
        data["trials"] = out.trials
        data["seed"] = out.seed
        data["approximate_play"] = out.approx
    # Two tables of four columns, what happens and what was played: one of seven ran off a phone's screen
    # (issue 24: "Sole occupier" was cut at its edge).
    heads = ["Player", "Sole occupier", "Pyramids lost (mean)", "Dice to the pool (mean)"]
    tables = [Table("Each player", heads, rows),
              Table("Each player's force and play", ["Player", "Force", "Rerolls", "Policy"], played),
              Table("How the territory ends", ["Outcome", "Chance"],
                    [[f"Player {i + 1} sole occupier", pcell(out, out.sole[i])] for i in range(n)]
                    + [["Still disputed", pcell(out, out.disputed)], ["Empty", pcell(out, out.empty)]])]
    if v["compare"] and where:
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
    summary = headline(out) + (f" (Monte Carlo estimate, {out.trials:,} trials)." if out.method != "exact" else ".")
    notes = notes_for(out, outs, where, v["trials"], trials_run, v["compare"])
    return Result(summary=summary, data=data, rules=RULES, tables=tables, charts=[chart],
                  notes=[f"Method: {describe_method(out)}.", *notes, *reading_notes(forces, v, out.approx)])


def headline(out: Summary) -> str:
    """The likeliest sole occupier first, named as such (COM 6.6); when that is not the attacker, the attacker's
    own chance beside it: a headline that only named "Player 2" read as if the answer had changed subject."""
    top = max(out.sole)
    if top == 0:
        # No one can end alone there: "Likeliest sole occupiers: player 1 and player 2, 0.0% each" read as nonsense.
        return f"No player can end as sole occupier; disputed: {percent(out.disputed, 1)}; left empty: " \
               f"{percent(out.empty, 1)}"
    leaders = [i for i, p in enumerate(out.sole) if p == top]
    named = [f"player {i + 1}{' (the attacker)' if i == 0 else ''}" for i in leaders]
    if len(leaders) == 1:
        lead = f"Likeliest sole occupier: {named[0]}, {percent(top, 1)}"
    else:
        lead = f"Likeliest sole occupiers: {', '.join(named[:-1])} and {named[-1]}, {percent(top, 1)} each"
    if 0 not in leaders:
        lead += f" (the attacker, player 1: {percent(out.sole[0], 1)})"
    return f"{lead}; disputed: {percent(out.disputed, 1)}; left empty: {percent(out.empty, 1)}"


def player_entry(i: int, f: Force, out: Summary, base: Summary | None) -> dict:
    dist = [dict(outcome=m, **pjson(out, p)) for m, p in out.lost[i].items() if p]
    entry = {
        "player": i + 1, "force": f.label(), "pyramids": f.pyramids, "dice": [size(d) for d in f.dice],
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
    compared: list[dict[str, Any]] = []
    rows: list[list[Any]] = []
    for policy in COMPARED:
        o = outs[where[policy]] if policy in where else None
        if o is None:
            rows.append([NAMES[policy], "left out: no time left in the budget"] + ["-"] * n)
            continue
        compared.append({"policy": policy, "method": o.method, "sole": [pjson(o, o.sole[i]) for i in range(n)],
                         "mean_lost": [float(o.mean_lost[i]) for i in range(n)]})
        how = "exact" if o.method == "exact" else f"Monte Carlo, {o.trials:,} trials"
        rows.append([NAMES[policy], how] + [pcell(o, o.sole[i]) for i in range(n)])
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
            rows.append([i + 1, k, pcell(out, sole),
                         "-" if gain is None else f"{float(gain) * 100:+.2f} percentage points", mean_text(lost)])
        data.append({"player": i + 1, "steps": entry})
    return data, Table("What each reroll is worth (best play; the others play as before)",
                       ["Player", "Rerolls used at most", "Sole occupier", "Gain from this reroll",
                        "Pyramids lost (mean)"], rows)


def reading_notes(forces: tuple[Force, ...], v: dict, approx: bool = False) -> list[str]:
    """What the readings of COM R2 and COM R3 in force did to this Defend (``approx``: best play simulated)."""
    play, notes = play_of(v), []
    if play.skip_empty and any(not f.dice for f in forces):
        empty = ", ".join(str(i + 1) for i, f in enumerate(forces) if not f.dice)
        notes.append(f"No Defend takes place: player {empty} has no dice to commit (ruling COM R3).")
    if play.whole_pool:
        if tail_of(forces, True) is None:
            notes.append("Nobody has dice left at home (home=), so counting the whole personal pool plays as "
                         "counting the committed dice here (ruling COM R3).")
        else:
            notes.append("A player whose committed dice are spent but who has dice at home rolls 0 in each further "
                         "comparison, until their pyramids are gone or a player's whole pool is empty "
                         "(ruling COM R3).")
            if approx:
                notes.append("The simulated best play chooses its rerolls by the committed dice's comparisons; the "
                             "comparisons at 0 that follow are counted in the figures but not foreseen by it.")
    if play.hidden:
        notes.append("Rolls stay hidden until step 3: each player decides on their rerolls from their own dice "
                     "alone (ruling COM R2).")
    return notes


def notes_for(out: Summary, outs: list, where: dict, asked: int, trials_run: int, compare: bool = True) -> list[str]:
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
    if where and not compare:
        notes.append("The same dice with every player on each reroll policy in turn: tick Compare the reroll policies.")
    return notes
