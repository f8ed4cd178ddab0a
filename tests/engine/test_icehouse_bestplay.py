"""Conquest of Mars best play (COM 6.3, rulings COM R2, COM R5, COM R18) against brute force.

The oracle below is written from the rules and ruling COM R18 alone: it enumerates every ordered
first roll and, player by player in reroll order, every reroll choice and every result, taking the
choice with the best (sole occupier, pyramids kept) for the player choosing, a reroll only when
strictly better than stopping, ties between rerolls to the die with the most faces and then the
lowest value. It keeps the whole joint distribution of pyramids lost. It shares no code with
calculators/icehouse except the Force type.
"""
from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from itertools import product

import pytest

import calculators
from calculators.core.progress import run_to_end
from calculators.icehouse.bestplay import BestPlay, contexts, estimate
from calculators.icehouse.budget import BUDGET_US, FLOOR_TRIALS, Job, plan
from calculators.icehouse.exact import scan, scan_bound
from calculators.icehouse.forces import Force
from calculators.icehouse.reply import Reply
from calculators.icehouse.simulate import simulate_best
from calculators.icehouse.solver import build_chains, exact, exact_kind, summarize


# -- the oracle ----------------------------------------------------------------------------------

def lost_of(finals: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """COM 6.5-6.6, one die per pyramid: rank by rank, every holder of the lowest value loses one."""
    rounds = min(len(f) for f in finals)
    if rounds == 0:
        return tuple(0 if f else 1 for f in finals)
    lost = [0] * len(finals)
    for r in range(rounds):
        low = min(f[r] for f in finals)
        for i, f in enumerate(finals):
            lost[i] += f[r] == low
    return tuple(lost)


def below_average_pick(dice, context):
    below = [j for j, (v, f) in enumerate(dice) if 2 * v < f + 1]
    return max(below, key=lambda j: (dice[j][1] + 1 - 2 * dice[j][0], dice[j][1], -j)) if below else None


def answer_earlier_pick(dice, context):
    if not context:
        return below_average_pick(dice, None)
    pick = None
    for r, (v, f) in enumerate(dice):
        if r < len(context) and v <= context[r] and v < f:
            pick = r
    return pick


SIMPLE = {"below-average": below_average_pick, "answer-earlier": answer_earlier_pick}


class Oracle:
    """Brute force over every roll and reroll. ``decide`` may replace a best player's choice."""

    def __init__(self, forces, objective="sole", decide=None):
        self.forces = forces
        self.n = len(forces)
        self.pyr = tuple(f.pyramids for f in forces)
        self.rounds = min(len(f.dice) for f in forces)
        self.rr = tuple(f.rerolls if f.policy != "none" and f.dice and self.rounds else 0 for f in forces)
        self.kept_first = objective == "kept"
        self.decide = decide
        self.value = lru_cache(maxsize=None)(self._value)
        self.choice = lru_cache(maxsize=None)(self._choice)

    def key(self, dist, i):
        sole = sum(p for lost, p in dist.items() if self._sole(lost, i))
        kept = sum(p * (self.pyr[i] - lost[i]) for lost, p in dist.items())
        return (kept, sole) if self.kept_first else (sole, kept)

    def _sole(self, lost, i):
        left = [p - m for p, m in zip(self.pyr, lost, strict=True)]
        return left[i] > 0 and all(x == 0 for j, x in enumerate(left) if j != i)

    def options(self, table, i):
        """(die index, outcomes) per distinct die, most faces first then lowest value."""
        dice = table[i]
        seen, out = set(), []
        for j in sorted(range(len(dice)), key=lambda j: (-dice[j][1], dice[j][0])):
            if dice[j] in seen:
                continue
            seen.add(dice[j])
            f = dice[j][1]
            kids = [table[:i] + (tuple(sorted(dice[:j] + dice[j + 1:] + ((v, f),), reverse=True)),) + table[i + 1:]
                    for v in range(1, f + 1)]
            out.append((j, kids))
        return out

    def reroll(self, kids, i, left, limit):
        acc: dict = {}
        for kid in kids:
            for k, p in self.value(kid, i, left - 1, limit).items():
                acc[k] = acc.get(k, 0) + p / len(kids)
        return acc

    def _choice(self, table, i, left):
        """The die index player i rerolls next (None: stop), playing best or by their policy."""
        policy = self.forces[i].policy
        if policy in SIMPLE:
            ctx = None
            if policy == "answer-earlier" and i > 0:
                ctx = tuple(min(table[k][r][0] for k in range(i)) for r in range(self.rounds))
            return SIMPLE[policy](table[i], ctx)
        if self.decide is not None:
            return self.decide(table, i, left)
        best, bk = None, self.key(self.value(table, i + 1, None, None), i)
        for j, kids in self.options(table, i):
            k = self.key(self.reroll(kids, i, left, None), i)
            if k > bk:
                best, bk = j, k
        return best

    def _value(self, table, i, left, limit):
        """Joint distribution of pyramids lost from here. ``limit``: (player, k) held to k rerolls."""
        if i == self.n:
            return {lost_of(tuple(tuple(v for v, _ in d) for d in table)): Fraction(1)}
        if left is None:
            left = self.rr[i] if limit is None or limit[0] != i else limit[1]
        j = self.choice(table, i, left) if left else None
        if j is None:
            return self.value(table, i + 1, None, limit)
        f = table[i][j][1]
        dice = table[i]
        kids = [table[:i] + (tuple(sorted(dice[:j] + dice[j + 1:] + ((v, f),), reverse=True)),) + table[i + 1:]
                for v in range(1, f + 1)]
        return self.reroll(kids, i, left, limit)

    def solve(self, limit=None):
        faces = [f for force in self.forces for f in force.dice]
        out: dict = {}
        total = 1
        for f in faces:
            total *= f
        for roll in product(*[range(1, f + 1) for f in faces]):
            it = iter(roll)
            table = tuple(tuple(sorted(((next(it), f) for f in force.dice), reverse=True)) for force in self.forces)
            for k, p in self.value(table, 0, None, limit).items():
                out[k] = out.get(k, 0) + p
        return {k: p / total for k, p in out.items()}


def F(s=0, m=0, large=0, dice=(), policy="best"):
    return Force(s, m, large, tuple(sorted(dice, reverse=True)), policy)


def check(forces, objective):
    """The engine's every lane against the oracle's joint distribution."""
    totals = run_to_end(BestPlay(forces, objective).run())
    oracle = Oracle(forces, objective)
    dist = oracle.solve()
    n = len(forces)
    for i in range(n):
        assert totals.sole(i) == sum(p for k, p in dist.items() if oracle._sole(k, i)), i
        assert totals.kept(i) == sum(p * (forces[i].pyramids - k[i]) for k, p in dist.items()), i
        for m in range(totals.layout.rounds + 1):
            assert totals.lost(i, m) == sum(p for k, p in dist.items() if k[i] == m), (i, m)
    assert totals.empty == sum(p for k, p in dist.items() if all(x == p_ for x, p_ in zip(k, oracle.pyr, strict=True)))
    for i, r in totals.layout.limits:  # what each reroll is worth: held to k, the others as before
        for k in range(r):
            held = oracle.solve((i, k))
            sole = sum(p for key, p in held.items() if oracle._sole(key, i))
            kept = sum(p * (forces[i].pyramids - key[i]) for key, p in held.items())
            assert totals.limited(i, k) == (sole, kept), (i, k)


LISTED = [
    (F(0, 1, dice=[4]), F(0, 1, dice=[4])),
    (F(1, 1, dice=[4, 4]), F(1, 1, dice=[4, 3])),
    (F(0, 0, 1, dice=[6]), F(1, 1, dice=[6, 4])),
    (F(2, dice=[6, 4], policy="none"), F(1, 1, dice=[6, 6])),
    (F(1, 1, dice=[6, 2]), F(0, 0, 1, dice=[4])),
    (F(0, 1, dice=[4]), F(0, 1, dice=[4]), F(0, 1, dice=[3])),
    (F(1, 1, dice=[4, 2]), F(2, dice=[4, 4], policy="none"), F(0, 1, dice=[4])),
    (F(0, 2, dice=[4, 4]), F(1, 1, dice=[4, 4], policy="below-average"), F(1, 1, dice=[3, 3])),
    (F(1, 1, dice=[4, 3], policy="answer-earlier"), F(0, 1, dice=[4]), F(1, 1, dice=[4, 2])),
    (F(3, dice=[4, 4]), F(0, 1, 1, dice=[4, 2])),
]


@pytest.mark.oracle  # inside Pyodide its first case only (tests/engine/conftest.py)
@pytest.mark.parametrize("forces", LISTED, ids=[str(i) for i in range(len(LISTED))])
@pytest.mark.parametrize("objective", ["sole", "kept"])
def test_best_play_matches_brute_force(forces, objective):
    check(forces, objective)


def _force(rng, faces, most, policies):
    """A random force: up to one pyramid of each size, at most ``most`` dice."""
    s, m, lg = rng.randint(0, 1), rng.randint(0, 1), rng.randint(0, 1)
    s = max(s, int(m + lg == 0))
    k = rng.randint(1, min(most, s + m + lg))
    return F(s, m, lg, dice=[rng.choice(faces) for _ in range(k)], policy=rng.choice(policies))


def _random_cases(count, seed):
    rng = random.Random(seed)
    cases = []
    while len(cases) < count:
        n = rng.choice([2, 2, 3])
        forces = tuple(_force(rng, [2, 3, 4, 6] if n == 2 else [2, 3, 4], 2, ["best", "best", "none", "below-average"])
                       for _ in range(n))
        if any(f.policy == "best" and f.rerolls for f in forces):
            cases.append(forces)
    return cases


@pytest.mark.parametrize("forces", _random_cases(24, 16))
def test_best_play_matches_brute_force_random(forces):
    """Random small Defends (d2 to d6, two and three players, mixed policies) against the oracle."""
    check(forces, "sole")


def test_issue_figures_by_brute_force():
    """The figures quoted in issue 16, each worked out by the oracle (and kept as known cases)."""
    a = (F(2, dice=[8, 6], policy="none"), F(1, 0, 1, dice=[12, 4]))
    b = (F(2, dice=[6, 6], policy="none"), F(1, 1, dice=[20, 4]))
    want = {(a, "best"): Fraction(110069, 165888), (a, "below-average"): Fraction(101237, 165888),
            (a, "answer-earlier"): Fraction(97901, 165888), (b, "best"): Fraction(2239, 3200),
            (b, "below-average"): Fraction(36131, 57600), (b, "answer-earlier"): Fraction(1159, 1800)}
    for (forces, policy), p in want.items():
        forces = (forces[0], Force(*[getattr(forces[1], k) for k in ("small", "medium", "large", "dice")], policy))
        oracle = Oracle(forces)
        assert sum(q for k, q in oracle.solve().items() if oracle._sole(k, 1)) == p, policy
        r = calculators.run("com-defend", {"p1": forces[0].label(), "p2": forces[1].label(), "policy": policy})
        assert r["data"]["players"][1]["sole"]["p"] == f"{p.numerator}/{p.denominator}"
    assert round(float(want[(a, "best")]), 2) == 0.66 and round(float(want[(b, "best")]), 2) == 0.70


def test_kept_first_changes_the_play():
    """Ruling COM R18's alternative order is offered because it plays differently."""
    forces = (F(2, dice=[6, 6], policy="none"), F(1, 1, dice=[20, 4]))
    sole_first = run_to_end(BestPlay(forces, "sole").run())
    kept_first = run_to_end(BestPlay(forces, "kept").run())
    assert sole_first.sole(1) > kept_first.sole(1) and kept_first.kept(1) > sole_first.kept(1)


def _property_cases(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.choice([2, 2, 3])
        forces = tuple(_force(rng, [4, 6, 8], 3, ["best", "none", "below-average", "answer-earlier"]) for _ in range(n))
        me = rng.randrange(n)
        if forces[me].rerolls and estimate(forces) < 400_000:
            out.append((forces, me))
    return out


@pytest.mark.parametrize("forces, me", _property_cases(30, 7))
def test_best_play_never_worse_than_a_simple_policy(forces, me):
    """Switching a player to best play never lowers their own chance, exactly. The players before
    them keep the strategies they play in the game (ruling COM R18: an earlier player playing best
    answers what they expect of the later ones, so a simple policy known to all can draw a
    different answer); here nobody playing best rerolls before them."""
    forces = tuple(Force(f.small, f.medium, f.large, f.dice, "none") if i < me and f.policy == "best" else f
                   for i, f in enumerate(forces))

    def mine(policy):
        fs = forces[:me] + (Force(forces[me].small, forces[me].medium, forces[me].large, forces[me].dice, policy),) \
            + forces[me + 1:]
        if exact_kind(fs) == "best":
            return run_to_end(BestPlay(fs).run()).sole(me)
        return summarize(exact(fs, exact_kind(fs)), fs).sole[me]
    best = mine("best")
    for policy in ("none", "below-average", "answer-earlier"):
        assert best >= mine(policy), policy


@pytest.mark.parametrize("forces", _random_cases(20, 31))
def test_best_play_never_worse_with_the_others_unchanged(forces):
    """The general case by brute force: every player playing best, each in turn switches alone to a
    simple policy while everyone else keeps the choices they make in the game; it never helps."""
    base = Oracle(forces)
    whole = base.solve()
    for me, f in enumerate(forces):
        if f.policy != "best" or not base.rr[me]:
            continue
        mine = sum(p for k, p in whole.items() if base._sole(k, me))
        for policy in ("none", "below-average", "answer-earlier"):
            fs = forces[:me] + (Force(f.small, f.medium, f.large, f.dice, policy),) + forces[me + 1:]
            other = Oracle(fs, decide=base.choice)
            assert mine >= sum(p for k, p in other.solve().items() if other._sole(k, me)), (me, policy)


def _helper_states(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        forces = tuple(_force(rng, [4, 6], 2, ["best"]) for _ in range(rng.choice([2, 2, 3])))
        table = tuple(tuple(sorted(((rng.randint(1, f), f) for f in force.dice), reverse=True)) for force in forces)
        turn = rng.randrange(len(forces))
        if forces[turn].rerolls:
            out.append((forces, table, turn, rng.randint(1, forces[turn].rerolls)))
    return out


@pytest.mark.parametrize("forces, table, turn, left", _helper_states(30, 3))
def test_reroll_helper_gives_best_plays_choice(forces, table, turn, left):
    """com-reroll's advice is the oracle's best-play choice in that very position."""
    params = {f"p{i + 1}": f"S={f.small} M={f.medium} L={f.large} dice=" + ",".join(f"d{fc}:{v}" for v, fc in d)
              for i, (f, d) in enumerate(zip(forces, table, strict=True))}
    r = calculators.run("com-reroll", {**params, "turn": turn + 1, "left": left})
    assert r["ok"] and r["data"]["method"] == "exact", r
    engine = tuple(Force(f.small, f.medium, f.large, f.dice, "none") if i < turn else
                   Force(f.small, f.medium, f.large, f.dice, "best", left=left) if i == turn else f
                   for i, f in enumerate(forces))
    j = Oracle(engine).choice(table, turn, left)
    advice = r["data"]["advice"]
    if j is None:
        assert advice["option"] == "stop"
    else:
        assert advice["option"] == "reroll"
        assert (advice["die"]["value"], advice["die"]["faces"]) == table[turn][j]


def test_reroll_helper_worked_example():
    """The Defend page's example, confirmed by the oracle: 5/16 either way, the d12 keeps more."""
    forces = (F(2, dice=[8, 6], policy="none"), F(1, 0, 1, dice=[12, 4], policy="best"))
    table = (((5, 8), (3, 6)), ((4, 12), (2, 4)))
    oracle = Oracle(forces)
    for j in (0, 1):
        kids = oracle.options(table, 1)[[o[0] for o in oracle.options(table, 1)].index(j)][1]
        dist = oracle.reroll(kids, 1, 2, None)
        assert sum(p for k, p in dist.items() if oracle._sole(k, 1)) == Fraction(5, 16)
    assert oracle.choice(table, 1, 2) == 0  # the d12
    r = calculators.run("com-reroll", {"p1": "S=2 dice=d8:5,d6:3", "p2": "S=1 L=1 dice=d12:4,d4:2",
                                       "turn": 2, "left": 2})
    assert r["data"]["advice"]["die"] == {"faces": 12, "value": 4}
    assert r["data"]["advice"]["sole"]["p"] == "5/16"


@pytest.mark.parametrize("forces", _random_cases(12, 99))
def test_last_players_reply_is_best_play(forces):
    """reply.Reply looking through every reroll left makes the oracle's choice for the last player."""
    rng = random.Random(len(forces))
    last = max(i for i, f in enumerate(forces) if f.policy != "none" and f.rerolls)
    fixed = tuple(Force(f.small, f.medium, f.large, f.dice, "none" if i != last else "best")
                  for i, f in enumerate(forces))
    oracle = Oracle(fixed)
    reply = Reply(tuple(f.pyramids for f in forces), min(len(f.dice) for f in forces))
    for _ in range(10):
        table = tuple(tuple(sorted(((rng.randint(1, fc), fc) for fc in f.dice), reverse=True)) for f in fixed)
        left = rng.randint(1, fixed[last].rerolls)
        tops = [tuple(v for v, _ in d) for d in table]
        j = reply.pick(last, table[last], left, tops)
        want = oracle.choice(table, last, left)
        assert (None if j is None else table[last][j]) == (None if want is None else table[last][want])


def test_simulation_plays_the_approximation_it_states():
    """simulate_best, against the exact value of the very policy it simulates (one reroll ahead)."""
    forces = (F(1, 1, dice=[6, 4]), F(0, 1, 1, dice=[6, 4]), F(1, 1, dice=[4, 4]))
    reply = Reply(tuple(f.pyramids for f in forces), 2, depth=1)

    def greedy(table, i, left):
        j = reply.pick(i, table[i], left, [tuple(v for v, _ in d) for d in table])
        return j
    oracle = Oracle(forces, decide=greedy)
    dist = oracle.solve()
    out = run_to_end(simulate_best(forces, 8_000, 5))
    for lost, p in dist.items():
        share = out.lost.get(lost, 0) / out.trials
        sigma = (float(p) * (1 - float(p)) / out.trials) ** 0.5
        assert abs(share - float(p)) <= 4 * sigma + 1e-9, lost


@pytest.mark.parametrize("forces", _random_cases(16, 5))
def test_context_bounds_hold(forces):
    """The estimate made before the work is an upper bound on the contexts each programme meets."""
    bp = BestPlay(forces)
    run_to_end(bp.run())
    for s, bound in enumerate(contexts(forces)):
        assert len(bp.stage_memo[s]) <= bound


def test_scan_bound_holds():
    """exact.scan_bound, worked out before the scan, never falls short of the scan's own count."""
    rng = random.Random(11)
    for _ in range(25):
        forces = []
        for _ in range(rng.choice([2, 3, 4])):
            s, m = rng.randint(1, 2), rng.randint(0, 1)
            forces.append(F(s, m, dice=[rng.choice([4, 6, 8, 12]) for _ in range(rng.randint(1, min(2, s + m)))],
                            policy=rng.choice(["none", "below-average"])))
        forces = tuple(forces)
        chains = build_chains(forces)
        vmax = max(f for force in forces for f in force.dice)
        n_dice = tuple(len(f.dice) for f in forces)
        pyr = tuple(f.pyramids for f in forces)
        scan(chains, n_dice, pyr, vmax, budget=scan_bound(chains, n_dice, pyr, vmax))  # raises if exceeded


@pytest.mark.parametrize("texts", [
    ["S=1 M=1 L=1 dice=3d12"] * 6,
    ["S=3 M=3 L=3 dice=9d100"] * 6,
    ["S=1 M=1 L=1 dice=3d20"] * 2,
    ["S=3 dice=3d12"] * 6,
])
def test_plans_fit_the_budget(texts):
    """Every part of an answer is planned within the one budget before any of it runs."""
    from calculators.icehouse.defend import jobs_for
    from calculators.icehouse.parse import parse_force
    forces = tuple(parse_force(t, "p", "best") for t in texts)
    jobs, _ = jobs_for(forces, "sole", compare=True)  # the largest answer: every policy compared
    plans = plan(jobs, "auto", 200_000)
    assert plans[0].method in ("exact", "monte-carlo")
    spent = sum(p.cost for p in plans if p.method != "skipped")
    assert spent <= BUDGET_US or (plans[0].trials == FLOOR_TRIALS and all(p.method == "skipped" for p in plans[1:]))


def test_advisor_shares_one_budget():
    jobs = [Job((F(1, 1, 1, dice=[12, 12, 12]),) * 2 + (F(1, 1, 1, dice=list(c)),))
            for c in [(20, 12, 10), (12, 10, 8), (8, 6, 4)]]
    plans = plan(jobs, "auto", 200_000)
    assert sum(p.cost for p in plans) <= BUDGET_US
