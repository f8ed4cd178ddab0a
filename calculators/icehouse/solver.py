"""Working out a Defend: the exact methods, the simulation of the named policies, and one summary.

``exact_kind`` names the exact method a Defend needs: ``best`` (someone plays best:
``bestplay.py``), ``joint`` (someone answers earlier players: every combination of final dice)
or ``scan`` (everyone looks at their own dice only: ``exact.scan``). Which method actually runs,
and with how many trials a simulation runs, is the budget's decision (``budget.py``).
"""
from __future__ import annotations

import math
import random
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from .combat import rank_losses, resolve
from .exact import IidChain, LumpedChain, joint_enumeration, scan
from .forces import Force
from .policies import REACTS, settle
from .rolls import final_dist

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


@dataclass(frozen=True)
class Summary:
    """What a Defend's result shows, however it was worked out (COM 6.7).

    ``limited[i][k]`` (exact best play only): player i's chance of ending as sole occupier and
    their mean pyramids lost if they could use only k of their rerolls, everyone else playing as
    before. ``approx``: a simulation in which players playing best reply to the table as it
    stands (``reply.py``).
    """

    method: str
    sole: tuple[Fraction, ...]
    empty: Fraction
    disputed: Fraction
    lost: tuple[dict[int, Fraction], ...]
    mean_lost: tuple[Fraction, ...]
    given: tuple[Fraction, ...]
    trials: int = 0
    seed: int | None = None
    limited: dict = field(default_factory=dict)
    approx: bool = False


def summarize(out: Outcome, forces: tuple[Force, ...], approx: bool = False) -> Summary:
    pyr = [f.pyramids for f in forces]
    n = len(forces)

    def left(k):
        return [pyr[i] - k[i] for i in range(n)]

    sole = tuple(out.prob(lambda k, i=i: left(k)[i] > 0 and all(x == 0 for j, x in enumerate(left(k)) if j != i))
                 for i in range(n))
    lost = tuple({m: out.prob(lambda k, i=i, m=m: k[i] == m) for m in range(pyr[i] + 1)} for i in range(n))
    return Summary(out.method, sole, out.prob(lambda k: all(x == 0 for x in left(k))),
                   out.prob(lambda k: sum(1 for x in left(k) if x > 0) >= 2), lost,
                   tuple(sum((m * p for m, p in d.items()), Fraction(0)) for d in lost),
                   tuple(Fraction(g) for g in out.given_mean), out.trials, out.seed, approx=approx)


def summarize_best(totals, forces: tuple[Force, ...]) -> Summary:
    """From the best-play engine's lanes (``bestplay.Totals``)."""
    n = len(forces)
    R = totals.layout.rounds
    sole = tuple(totals.sole(i) for i in range(n))
    lost = tuple({m: totals.lost(i, m) for m in range(forces[i].pyramids + 1) if m <= R} for i in range(n))
    for i, d in enumerate(lost):
        for m in range(R + 1, forces[i].pyramids + 1):
            d[m] = Fraction(0)
    limited = {}
    for i, r in totals.layout.limits:
        rows = [totals.limited(i, k) for k in range(r)] + [(totals.sole(i), totals.kept(i))]
        limited[i] = [(s, forces[i].pyramids - kept) for s, kept in rows]
    return Summary("exact", sole, totals.empty, 1 - sum(sole) - totals.empty, lost,
                   tuple(forces[i].pyramids - totals.kept(i) for i in range(n)),
                   tuple(Fraction(g) for g in dice_given(forces)), limited=limited)


def reacts(force: Force, index: int) -> bool:
    return force.policy in REACTS and force.rerolls > 0 and index > 0


def effective(force: Force) -> tuple[str, int]:
    """The policy and the rerolls that can change anything (none when there are no dice)."""
    if force.policy == "none" or force.rerolls == 0 or not force.dice:
        return "none", 0
    return force.policy, force.rerolls


def exact_kind(forces: tuple[Force, ...]) -> str:
    """'best', 'joint' or 'scan': the exact method these forces need (COM 6.3's policies)."""
    if min(len(f.dice) for f in forces) == 0:
        return "scan"  # someone rolls 0: one comparison, no reroll changes it
    if any(effective(f)[0] == "best" for f in forces):
        return "best"
    if any(reacts(f, i) for i, f in enumerate(forces)):
        return "joint"
    return "scan"


def dice_given(forces: tuple[Force, ...]) -> tuple[int, ...]:
    """COM 6.5-6.6: every comparison takes one die from each player who still has one."""
    counts = [len(f.dice) for f in forces]
    rounds = max(1, min(counts))
    return tuple(min(c, rounds) for c in counts)


def build_chains(forces: tuple[Force, ...], cache: dict | None = None) -> list:
    """Each player's chain for the scan (players with the same dice and policy share one)."""
    vmax = max((f for force in forces for f in force.dice), default=1)
    cache = {} if cache is None else cache
    chains = []
    no_rounds = min(len(f.dice) for f in forces) == 0  # one comparison against 0: rerolls change nothing
    for f in forces:
        policy, rr = ("none", 0) if no_rounds else effective(f)
        key = (f.dice, rr, policy, vmax)
        if key not in cache:
            cache[key] = IidChain(f.dice) if rr == 0 else LumpedChain(final_dist(f.dice, rr, policy), vmax)
        chains.append(cache[key])
    return chains


def exact(forces: tuple[Force, ...], kind: str, chains: list | None = None) -> Outcome:
    """The exact joint distribution for the named policies ('scan' or 'joint')."""
    vmax = max((f for force in forces for f in force.dice), default=1)
    pyramids = tuple(f.pyramids for f in forces)
    given = tuple(Fraction(g) for g in dice_given(forces))
    if kind == "joint":
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
    chains = chains if chains is not None else build_chains(forces)
    lost = scan(chains, tuple(len(f.dice) for f in forces), pyramids, vmax)
    return Outcome("exact", lost, given)


def monte_carlo(forces: tuple[Force, ...], trials: int, seed: int, samplers: dict | None = None):
    """Seeded simulation of the Defend under named policies; yields progress, returns an Outcome of counts.

    ``samplers`` (player -> function of ``rand``) draw a player's final values straight from their
    exact distribution, already worked out while planning (``budget.py``).
    """
    rng = random.Random(seed)
    rand = rng.random

    def roll(faces: int) -> int:
        return int(rand() * faces) + 1

    pyramids = tuple(f.pyramids for f in forces)
    rounds = min(len(f.dice) for f in forces)
    plans = [effective(f) if rounds else ("none", 0) for f in forces]  # against a 0, rerolls change nothing
    samplers = samplers or {}
    needs_context = any(reacts(f, i) for i, f in enumerate(forces))
    n = len(forces)
    simple = rounds > 0 and all(len(f.dice) <= f.pyramids for f in forces)
    counts: dict = defaultdict(int)
    given_total = [0] * n
    for t in range(trials):
        finals = []
        for i, (force, (policy, rr)) in enumerate(zip(forces, plans, strict=True)):
            if i in samplers:
                finals.append(samplers[i](rand))
            elif rr and policy == "below-average":
                finals.append(_below_average_roll(force.dice, rr, rand))
            elif rr:
                dice = tuple(sorted(((int(rand() * f) + 1, f) for f in force.dice), reverse=True))
                ctx = _context(finals, rounds) if finals and needs_context else None
                finals.append([v for v, _ in settle(dice, rr, policy, ctx, roll)])
            else:
                finals.append(sorted([int(rand() * f) + 1 for f in force.dice], reverse=True))
        if simple:  # combat.resolve's one-die-per-pyramid path, without its checks in the hot loop
            counts[tuple(rank_losses(finals, rounds))] += 1
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


def sampler(dist: dict[tuple[int, ...], Fraction]):
    """A draw from an exact distribution of final values (one uniform number per draw)."""
    from bisect import bisect_right
    values = sorted(dist)
    cumulative, acc = [], Fraction(0)
    for v in values:
        acc += dist[v]
        cumulative.append(float(acc))
    last = len(values) - 1

    def draw(rand):
        return list(values[min(bisect_right(cumulative, rand()), last)])
    return draw


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
