"""Choosing the method for a Defend and running it: exact where feasible, else seeded Monte Carlo.

``solve`` is a generator: it yields progress (0..1) while a Monte Carlo runs and returns an
``Outcome``; ``run_to_end`` drives it for callers that do not report progress.
"""
from __future__ import annotations

import math
import random
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from math import prod

from .combat import resolve
from .exact import IidChain, LumpedChain, TooBig, joint_enumeration, scan
from .forces import Force
from .policies import REACTS, settle
from .rolls import final_dist, initial_count

# Work budgets, measured so that an exact answer comes back in well under a second on CPython.
ENUM_BUDGET = 400_000  # first rolls x rerolls x faces, per player, for a lumped chain
SCAN_BUDGET = 150_000  # joint transitions the exact scan examines (well under 1 s on CPython) before giving up
JOINT_BUDGET = 60_000  # combinations of players' final dice for reacting policies
PROGRESS_EVERY = 2_000


@dataclass(frozen=True)
class Outcome:
    """Pyramids lost (joint, per player) and dice given up. ``weights`` are probabilities
    (exact) or counts out of ``trials`` (Monte Carlo)."""

    method: str  # "exact" | "monte-carlo"
    lost: dict
    given_mean: tuple
    trials: int = 0
    seed: int | None = None

    def prob(self, pred) -> Fraction:
        total = self.trials if self.method == "monte-carlo" else 1
        return Fraction(sum(w for k, w in self.lost.items() if pred(k)), total)


def reacts(force: Force, index: int) -> bool:
    return force.policy in REACTS and force.rerolls > 0 and index > 0


def effective(force: Force) -> tuple[str, int]:
    """The policy and the rerolls that can change anything (none when there are no dice)."""
    if force.policy == "none" or force.rerolls == 0 or not force.dice:
        return "none", 0
    return force.policy, force.rerolls


def exact_plan(forces: tuple[Force, ...]) -> str | None:
    """'scan', 'joint' or None (too big: use Monte Carlo)."""
    vmax = max((f for force in forces for f in force.dice), default=1)
    if any(reacts(f, i) for i, f in enumerate(forces)):
        cost = prod(initial_count(f.dice) * max(1, effective(f)[1]) for f in forces)
        return "joint" if cost <= JOINT_BUDGET else None
    for f in forces:
        policy, rr = effective(f)
        if rr and initial_count(f.dice) * (1 + rr * max(f.dice)) > ENUM_BUDGET:
            return None
    return "scan"


def dice_given(forces: tuple[Force, ...]) -> tuple[int, ...]:
    """COM 6.5-6.6: every comparison takes one die from each player who still has one."""
    counts = [len(f.dice) for f in forces]
    rounds = max(1, min(counts))
    return tuple(min(c, rounds) for c in counts)


def exact(forces: tuple[Force, ...], plan: str) -> Outcome:
    vmax = max((f for force in forces for f in force.dice), default=1)
    pyramids = tuple(f.pyramids for f in forces)
    given = tuple(Fraction(g) for g in dice_given(forces))
    if plan == "joint":
        memo: dict = {}

        def dist_for(i, ctx):
            key = (i, ctx if reacts(forces[i], i) else None)
            if key not in memo:
                policy, rr = effective(forces[i])
                memo[key] = final_dist(forces[i].dice, rr, policy, key[1])
            return memo[key]
        lost, giv = joint_enumeration(forces, dist_for)
        means = tuple(sum((Fraction(k[i]) * w for k, w in giv.items()), Fraction(0)) for i in range(len(forces)))
        return Outcome("exact", lost, means)
    chains, built = [], {}
    for f in forces:
        policy, rr = effective(f)
        key = (f.dice, rr, policy)
        if key not in built:  # players with the same dice and rerolls share one chain
            built[key] = IidChain(f.dice) if rr == 0 else LumpedChain(final_dist(f.dice, rr, policy), vmax)
        chains.append(built[key])
    lost = scan(chains, tuple(len(f.dice) for f in forces), pyramids, vmax, SCAN_BUDGET)
    return Outcome("exact", lost, given)


def monte_carlo(forces: tuple[Force, ...], trials: int, seed: int):
    """Seeded simulation of the Defend; yields progress, returns an Outcome of counts."""
    rng = random.Random(seed)
    rand = rng.random

    def roll(faces: int) -> int:
        return int(rand() * faces) + 1

    pyramids = tuple(f.pyramids for f in forces)
    plans = [effective(f) for f in forces]
    needs_context = any(reacts(f, i) for i, f in enumerate(forces))
    rounds = min(len(f.dice) for f in forces)
    n = len(forces)
    simple = rounds > 0 and all(len(f.dice) <= f.pyramids for f in forces)
    counts: dict = defaultdict(int)
    given_total = [0] * n
    for t in range(trials):
        finals = []
        for force, (policy, rr) in zip(forces, plans):
            if rr and policy == "below-average":
                finals.append(_below_average_roll(force.dice, rr, rand))
            elif rr:
                dice = tuple(sorted(((int(rand() * f) + 1, f) for f in force.dice), reverse=True))
                ctx = _context(finals, rounds) if finals and needs_context else None
                finals.append([v for v, _ in settle(dice, rr, policy, ctx, roll)])
            else:
                finals.append(sorted([int(rand() * f) + 1 for f in force.dice], reverse=True))
        if simple:
            # combat.resolve's one-die-per-pyramid path, inlined for the hot loop (tested against it)
            lost = [0] * n
            for r in range(rounds):
                column = [d[r] for d in finals]
                low = min(column)
                for i in range(n):
                    if column[i] == low:
                        lost[i] += 1
            counts[tuple(lost)] += 1
        else:
            lost, given = resolve(tuple(finals), pyramids)
            counts[lost] += 1
            for i, g in enumerate(given):
                given_total[i] += g
        if (t + 1) % PROGRESS_EVERY == 0:
            yield (t + 1) / trials
    if simple:
        given_total = [rounds * trials] * n
    means = tuple(Fraction(g, trials) for g in given_total)
    return Outcome("monte-carlo", dict(counts), means, trials=trials, seed=seed)


def _below_average_roll(faces: tuple[int, ...], rerolls: int, rand) -> list[int]:
    """The below-average policy inlined for the simulation's hot loop (same choices as
    ``policies.below_average``: largest shortfall first, then more faces; tested against it)."""
    values = [int(rand() * f) + 1 for f in faces]
    for _ in range(rerolls):
        best, key = -1, (0, 0)
        for i, f in enumerate(faces):
            short = f + 1 - 2 * values[i]
            if short > 0 and (short, f) > key:
                best, key = i, (short, f)
        if best < 0:
            break
        values[best] = int(rand() * faces[best]) + 1
    values.sort(reverse=True)
    return values


def _context(finals, rounds: int):
    """Rank by rank, the lowest value so far, over the ranks that will be compared (all dice are in view)."""
    depth = min(min(len(t) for t in finals), rounds)
    return tuple(min(t[r] for t in finals) for r in range(depth))


def solve(forces: tuple[Force, ...], method: str = "auto", trials: int = 20_000, seed: int = 1):
    """Generator: progress floats, then the Outcome (``return``)."""
    plan = exact_plan(forces) if method != "monte-carlo" else None
    if plan is not None:
        try:
            return exact(forces, plan)
        except TooBig:
            pass  # too many joint states after all: simulate instead
    outcome = yield from monte_carlo(forces, trials, seed)
    return outcome


def run_to_end(gen):
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def wilson(successes: int, n: int) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.959963984540054
    p = successes / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))
