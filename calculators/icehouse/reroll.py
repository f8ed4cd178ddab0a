"""Calculator com-reroll: which die to reroll now, or stop (COM 6.3, rulings COM R2, COM R5, COM R18).

The dice on the table are given: the final dice of the players who have rerolled, the dice of the
player whose turn it is, and the first rolls of the players still to come. Each option (stop, or
reroll one die once and play on) is valued exactly as best play values it (``bestplay.py``), the
later players playing as their policy says; the advice is best play's own choice.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..core import InputError, Result, Table, calculator, choice_param, int_param, key_values, percent, text_param
from ..core.compare import SUMMARY, Figure
from ..core.dist import mean_text
from ..core.words import counted
from .bestplay import BestPlay, estimate, rounds_of
from .budget import BEST_US, BUDGET_US, Job, trial_cost
from . import hidden
from .combat import Tail
from .defend import (APPROX_NOTE, POLICY_CHOICES, check_hidden, literal, pcell, pjson, play_of, reading_notes,
                     sim_params, tail_for)
from .faces import name as die_name, size
from .forces import MAX_PLAYERS, Force
from .parse import force_parts, parse_showing
from .simulate import simulate_options
from .solver import Summary, summarize, with_tail

RULES = ["COM 6.3", "COM 6.4", "COM 6.5", "COM 6.6", "COM 6.7", "COM R2", "COM R3", "COM R5", "COM R18"]
# Shown as placeholders in empty fields, never played: the table has exactly the players given.
EXAMPLES = {1: "S=2 dice=d8:5,d6:3", 2: "S=1 L=1 dice=d12:4,d4:2"}
HELP = ("Pyramids there and each committed die as faces:value, e.g. S=1 L=1 dice=d12:7,d4:2. For the players "
        "who have rerolled, their final dice; for the players still to come, their first roll. Optional "
        "reroll=best, none, below-average or answer-earlier for a player still to come; home=N for the dice left "
        "in the personal pool (they count only when ruling COM R3 counts the whole personal pool).")


def reroll_figures(result: dict) -> dict[str, Figure]:
    """What the readings are compared by (``core.compare``): the advice, stop or which die, and the chance it gives;
    the summary when nothing else differs (with nothing to decide, whether a Defend takes place at all)."""
    advice = result["data"]["advice"]
    die = advice.get("die")
    out = {SUMMARY: Figure(result["summary"], "summary"),
           "The advice": Figure(f"reroll the d{die['faces']} showing {die['value']}" if die else "stop")}
    if "sole" in advice:
        out["Following it, sole occupier"] = Figure(advice["sole"])
    return out


@calculator(
    id="com-reroll",
    title="Which die do I reroll now?",
    game="icehouse",
    rules=RULES,
    page="icehouse/defend.md",
    description="With the dice on the table and your rerolls left: which die to reroll, or stop, and what it changes.",
    params=[
        *[key_values(text_param(f"p{i}", "Player 1 (attacker)" if i == 1 else f"Player {i}", "",
                                max_length=120, placeholder=EXAMPLES.get(i, ""),
                                help=HELP if i == 1 else "Next player clockwise; same form. Leave empty if absent."),
                     force_parts(showing=True))
          for i in range(1, MAX_PLAYERS + 1)],
        int_param("turn", "Player rerolling now", 2, 1, MAX_PLAYERS,
                  help="Rerolls go in turn from the attacker, clockwise (COM 6.3): the players before have finished."),
        int_param("left", "Rerolls left", 2, 0, 9,
                  help="How many rerolls that player still has (each medium grants one, each large two)."),
        choice_param("policy", "Later players' policy", "best", POLICY_CHOICES,
                     help="How the players after you spend their rerolls (a reroll= key on a player overrides it)."),
        *sim_params(),
    ],
    rulings=("COM R1", "COM R2", "COM R3"),
    figures=reroll_figures,
)
def reroll(v: dict):
    table, forces, turn = read_table(v)
    left = v["left"]
    me = forces[turn]
    if left > me.rerolls:
        raise InputError("left", f"Player {turn + 1} has {counted(me.rerolls, 'reroll')} in all (COM 6.3), not {left}.")
    if rounds_of(forces) == 0 or left == 0 or not table[turn]:
        return nothing_to_decide(v, table, forces, turn)
    play = play_of(v)
    tail = tail_for(forces, play)
    if play.hidden:
        texts = {f"p{i}": v[f"p{i}"] for i in range(1, MAX_PLAYERS + 1) if v[f"p{i}"].strip()}
        others = {name: text for n, (name, text) in enumerate(texts.items()) if n != turn}
        check_hidden(tuple(f for n, f in enumerate(forces) if n != turn), others)
        return present(v, table, forces, turn, hidden_options(forces, table[turn], turn, left, v["objective"], tail),
                       "exact", 0)
    engine = tuple(Force(f.small, f.medium, f.large, f.dice, "none") if i < turn else
                   (Force(f.small, f.medium, f.large, f.dice, "best", left=left) if i == turn else f)
                   for i, f in enumerate(forces))
    options = [None] + distinct_dice(table[turn])
    cost = estimate(engine, shown=True) * BEST_US
    if v["method"] != "monte-carlo" and cost <= BUDGET_US:
        values = exact_options(engine, table, turn, v["objective"], tail)
        method, trials = "exact", 0
    else:
        job = Job(engine, v["objective"])
        trials = max(100, min(v["trials"], int(BUDGET_US / (len(options) * trial_cost(job)))))
        outs = yield from simulate_options(engine, list(table), options, trials, v["seed"],
                                           v["objective"])
        values = [(option, simulated(summarize(with_tail(o, tail), engine, approx=True), turn, v["objective"]))
                  for option, o in zip(options, outs, strict=True)]
        method = "monte-carlo"
    return present(v, table, forces, turn, values, method, trials)


def read_table(v: dict):
    """The dice on the table, player by player, and whose turn it is (COM 6.1: two players or more)."""
    table, forces = [], []
    for i in range(1, MAX_PLAYERS + 1):
        got = parse_showing(v[f"p{i}"], f"p{i}", v["policy"], literal(v))
        if got is None:
            if i == 1:
                raise InputError("p1", "The attacker (player 1) is required.")
            continue
        forces.append(got[0])
        table.append(got[1])
    if len(forces) < 2:
        raise InputError("p2", "A Defend needs at least two players with pyramids at the territory (COM 6.1).")
    if v["turn"] > len(forces):
        raise InputError("turn", f"Player {v['turn']} is not in this Defend ({len(forces)} players).")
    return table, tuple(forces), v["turn"] - 1


def distinct_dice(dice) -> list[int]:
    """One index per different die (same faces and value), most faces first, then the lowest showing."""
    seen, out = set(), []
    for j in sorted(range(len(dice)), key=lambda j: (-size(dice[j][1]), dice[j][0])):
        if dice[j] not in seen:
            seen.add(dice[j])
            out.append(j)
    return out


def exact_options(engine: tuple[Force, ...], table, turn: int, objective: str, tail: Tail | None = None):
    """Each option's exact value, from the same programme best play runs (ruling COM R18)."""
    bp = BestPlay(engine, objective, tail)
    movers = {m.player for m in bp.movers}
    ctx = tuple(None if i == turn else (tuple(d) if i in movers else bp.top(d)) for i, d in enumerate(table))
    prog = bp.programme(0, ctx)
    left = engine[turn].rerolls
    idx = prog.find(table[turn])
    den = bp.den_after[1] * prog.big ** left
    packed: list[tuple[int | None, int]] = [(None, prog.levels[0][idx] * prog.big ** left)]
    for die, _f, sc, kids in prog.moves[idx]:
        packed.append((_index_of(table[turn], die, prog), sum(prog.levels[left - 1][c] for c in kids) * sc))
    lay, pack = bp.layout, bp.pack
    out = []
    for option, x in packed:
        sole = Fraction(pack.get(x, lay.sole(turn)), den)
        kept = Fraction(pack.get(x, lay.kept(turn)), den)
        out.append((option, Value(sole, engine[turn].pyramids - kept, (x >> pack.key_shift(turn)) & pack.pair_mask)))
    return out


def hidden_options(forces: tuple[Force, ...], mine, turn: int, left: int, objective: str, tail: Tail | None):
    """Ruling COM R2's hidden reading: only your own dice are in view. Every other player's final dice are
    taken as their play distributes them (best play: the equilibrium of ``hidden.py``, you playing best
    throughout), and each option is valued against them exactly, you playing best afterwards."""
    eq_forces = tuple(Force(f.small, f.medium, f.large, f.dice, "best") if n == turn else f
                      for n, f in enumerate(forces))
    guard = hidden.Guard()
    finals = hidden.equilibrium(eq_forces, objective, tail, guard)
    answer = hidden.Answer(eq_forces, turn, {n: d for n, d in finals.items() if n != turn}, objective, tail,
                           guard=guard)
    pyramids = forces[turn].pyramids

    def value(key) -> Value:  # every option's key over the same denominator, so choose() compares them
        sole, kept = answer.chances(key, left)
        return Value(sole, pyramids - kept, key)
    out: list[tuple[int | None, Value]] = [(None, value(answer.stop_key(mine, left)))]
    out += [(j, value(answer.reroll_key(mine, j, left))) for j in distinct_dice(mine)]
    return out


@dataclass(frozen=True)
class Value:
    """One option's value to the player; ``key`` is what best play compares; ``out`` the simulation's
    summary (None when exact)."""

    sole: Fraction
    mean_lost: Fraction
    key: object
    out: Summary | None = None


def simulated(out: Summary, turn: int, objective: str) -> Value:
    sole, lost = out.sole[turn], out.mean_lost[turn]
    return Value(sole, lost, (-lost, sole) if objective == "kept" else (sole, -lost), out)


def _index_of(dice, die, prog) -> int:
    """The die a programme's option stands for (a class programme names a class: its lowest die)."""
    if prog.classes is None:
        return dice.index(die)
    c, f = die
    return max(j for j, (v, g) in enumerate(dice) if g == f and prog.classes.index(v) == c)


def choose(values) -> int:
    """Best play's choice among the options: strictly better than stopping and than earlier options."""
    best = 0
    for n in range(1, len(values)):
        if values[n][1].key > values[best][1].key:
            best = n
    return best


def against_stop(change: float, stop_lost, lost) -> str:
    """An option's "Change against stopping" cell: both things best play weighs (ruling COM R18), the chance of
    ending as sole occupier and the pyramids lost, so that a reroll that only saves pyramids does not read as
    no change at all.

    The chance's change is in percentage points ("points" alone read as a game's score to a new player), the
    pyramids to 2 places as every other mean.

    >>> against_stop(0.3125, 2, 1.056)
    '+31.25 percentage points; 0.94 fewer pyramids lost'
    >>> against_stop(0.0, 1, 0.25)
    'same chance; 0.75 fewer pyramids lost'
    >>> against_stop(-0.05, 1, 1)
    '-5.00 percentage points; same pyramids lost'
    """
    lost_by = float(stop_lost) - float(lost)
    chance = f"{change * 100:+.2f} percentage points" if abs(change) >= 0.00005 else "same chance"
    if abs(lost_by) < 0.005:
        return chance + "; same pyramids lost"
    return f"{chance}; {abs(lost_by):.2f} {'fewer' if lost_by > 0 else 'more'} pyramids lost"


def present(v, table, forces, turn, values, method, trials) -> Result:
    best = choose(values)
    me_dice = table[turn]

    def name(option):
        if option is None:
            return "Stop"
        value, faces = me_dice[option]
        return f"Reroll the {die_name(faces)} showing {value}"

    stop_sole, stop_lost = values[0][1].sole, values[0][1].mean_lost
    rows, data_opts = [], []
    for n in [best] + [n for n in range(len(values)) if n != best]:
        option, val = values[n]
        change = float(val.sole - stop_sole)
        rows.append([name(option) + (" (advice)" if n == best else ""), pcell(val.out, val.sole),
                     mean_text(val.mean_lost),
                     "-" if option is None else against_stop(change, stop_lost, val.mean_lost)])
        entry = {"option": "stop" if option is None else "reroll", "sole": pjson(val.out, val.sole),
                 "mean_lost": float(val.mean_lost), "change_vs_stop": change}
        if option is not None:
            entry["die"] = {"faces": size(me_dice[option][1]), "value": me_dice[option][0]}
        data_opts.append(entry)
    option, val = values[best]
    stop = values[0][1]
    if option is None:
        others = [values[n][1].sole for n in range(1, len(values))]
        summary = (f"Stop: no reroll does better; you end as sole occupier with {percent(val.sole, 1)} and lose "
                   f"{float(val.mean_lost):.2f} pyramids on average"
                   + (f" (the best reroll for that chance would give {percent(max(others), 1)})." if others else "."))
    else:
        summary = advice(name(option), stop_sole, val.sole, stop.mean_lost, val.mean_lost)
    data = {"method": method, "player": turn + 1, "left": v["left"], "objective": v["objective"],
            "advice": data_opts[0], "options": data_opts}
    notes = ["Each option is valued with you playing best afterwards and the later players playing as their "
             "policy says, everyone seeing every die (rulings COM R2, COM R5, COM R18)."]
    if play_of(v).hidden:
        notes = ["With hidden rolls (ruling COM R2) you see only your own dice: the values given for the other "
                 "players are not used. Each option is valued exactly against the other players' final dice as "
                 "their play distributes them (best play: each player's best answer to the others'), you playing "
                 "best afterwards (rulings COM R5, COM R18)."]
    notes += reading_notes(forces, v)[:1] if play_of(v).whole_pool else []
    if method == "monte-carlo":
        data["trials"], data["seed"] = trials, v["seed"]
        notes.append(f"Too big to work out exactly within the time budget: each option is simulated {trials:,} "
                     f"times with the same seed (95% intervals shown).")
        notes.append(APPROX_NOTE)
    table_out = Table(f"Player {turn + 1}'s options, advice first",
                      ["Option", "Sole occupier", "Pyramids lost (mean)", "Change against stopping"], rows)
    return Result(summary=summary, data=data, rules=RULES, tables=[table_out], notes=notes)


def nothing_to_decide(v, table, forces, turn) -> Result:
    skip = play_of(v).skip_empty and any(not f.dice for f in forces)
    why = ("no rerolls left" if v["left"] == 0 else
           "no dice to reroll" if not table[turn] else
           "someone has no dice, so no Defend takes place (ruling COM R3)" if skip else
           "someone has no dice, so one comparison against 0 decides")
    return Result(summary=f"Nothing to decide: {why}. Stop.",
                  data={"method": "exact", "player": turn + 1, "left": v["left"], "objective": v["objective"],
                        "advice": {"option": "stop"}, "options": [{"option": "stop"}]},
                  rules=RULES, notes=["The Defend odds calculator gives the chances from here."])


def advice(option: str, stop_sole, sole, stop_lost, lost) -> str:
    """The headline of a reroll worth making, worded by what it changes: the chance of ending as sole
    occupier, the pyramids lost on average, or both (issue 24: never "from 0.0% to 0.0% (+0.0 points)")."""
    if sole == stop_sole:
        return (f"{option}: {float(lost):.2f} pyramids lost on average instead of {float(stop_lost):.2f} if you "
                f"stop; the chance of ending as sole occupier stays {percent(sole, 1)}.")
    text = f"{option}: sole occupier {percent(sole, 1)} instead of {percent(stop_sole, 1)} if you stop"
    return text + (f"; {float(lost):.2f} pyramids lost on average instead of {float(stop_lost):.2f}."
                   if lost != stop_lost else "; the same pyramids lost on average.")
