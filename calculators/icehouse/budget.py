"""One time budget for a whole answer: exact where it fits, a simulation with its interval otherwise.

Before anything runs, every part of an answer (the Defend asked about, the same Defend under the
other policies for comparison, each option the die-choice advisor weighs) gets an estimate of
what its exact answer costs and of what one simulated trial costs, in microseconds of CPython on
the machine the benchmarks run on (``benchmarks/bench_icehouse.py`` checks the figures). The
parts that fit are worked out exactly; the rest share what is left of the budget as simulation
trials. Estimates are upper bounds, made before the work starts, so no exact work is ever begun
and then abandoned. The one piece of work done while planning, the exact distribution of a
player's final dice under a named policy, is kept: the scan uses it, or else the simulation
draws from it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from math import comb, prod

from ..core.progress import scaled
from .bestplay import BestPlay, estimate, movers_of, rounds_of
from . import hidden
from .combat import Tail
from .exact import scan_bound
from .faces import size
from .forces import Force
from .rolls import initial_count
from .simulate import simulate_best
from .solver import (build_chains, effective, exact, exact_kind, monte_carlo, reacts, sampler, summarize,
                     summarize_best, value_range, with_tail)

BUDGET_US = 1_000_000  # the whole answer, CPython; the browser runs about twice as slow (targets 2 s and 4 s)
MIN_TRIALS = 100  # fewer trials than this are not worth showing: an optional part is left out instead
FLOOR_TRIALS = 20  # ... but many questions sharing the budget (the advisor's options) may get this few
# Microseconds per unit of each estimate (measured; see benchmarks/bench_icehouse.py --calibrate).
BEST_US = 0.13  # per bestplay.estimate unit
SCAN_US = 2.6  # per exact.scan_bound unit
ENUM_US = 0.9  # per first roll x (1 + rerolls x faces) while enumerating a policy's final dice
CHAIN_US = 0.6  # per final roll x face value while building a scan chain
HIDDEN_US = 0.1  # per hidden.work unit (a child of the reroll programme; measured 0.03 to 0.13, issue 26)
JOINT_US = 4.5  # per combination of final dice in the joint enumeration
PREPARE_SHARE = 0.1  # at most this share of the budget goes on final-dice distributions while planning


@dataclass(frozen=True)
class Job:
    forces: tuple[Force, ...]
    objective: str = "sole"
    optional: bool = False  # a comparison that may be left out when the budget is spent
    tail: Tail | None = None  # ruling COM R3's whole-pool reading (``combat.Tail``), where it changes anything
    hidden: bool = False  # ruling COM R2's hidden reading: best play sees only the player's own dice
    finals: dict | None = field(default=None, compare=False)  # its equilibrium, when already worked out

    @property
    def hidden_best(self) -> bool:
        """Best play with hidden rolls: the equilibrium of ``hidden.py``, not ``bestplay.py``."""
        return self.hidden and exact_kind(self.forces) == "best"


@dataclass
class Plan:
    method: str  # "exact" | "monte-carlo" | "skipped"
    cost: float  # estimated microseconds
    trials: int = 0
    chains: list | None = None
    samplers: dict = field(default_factory=dict)


def enumeration_cost(force: Force) -> float:
    policy, rr = effective(force)
    if rr == 0:
        return 0.0
    return initial_count(force.dice) * (1 + rr * max(size(d) for d in force.dice)) * ENUM_US


def exact_cost(job: Job, cache: dict) -> tuple[float | None, list | None]:
    """Estimated microseconds for the exact answer (None: not feasible), and the chains built for it."""
    forces = job.forces
    kind = exact_kind(forces)
    if job.hidden_best:
        return hidden.work(forces) * HIDDEN_US, None
    if kind == "best":
        return estimate(forces) * BEST_US, None
    if kind == "joint":
        r = max(1, rounds_of(forces))
        sizes = [min(initial_count(f.dice), comb(max(map(size, f.dice), default=1) + r - 1, r)) for f in forces]
        cost = prod(sizes) * JOINT_US
        reach = comb(max(max(map(size, f.dice), default=1) for f in forces) + r - 1, r)
        for i, f in enumerate(forces):
            contexts = min(prod(sizes[:i]), reach) if reacts(f, i) else 1
            cost += contexts * enumeration_cost(f)
        return cost, None
    prepare = sum(enumeration_cost(f) for f in forces)
    if prepare > BUDGET_US * PREPARE_SHARE:
        return None, None
    chains = build_chains(forces, cache)
    vmax, vmin = value_range(forces)
    cost = scan_bound(chains, tuple(len(f.dice) for f in forces), tuple(f.pyramids for f in forces), vmax,
                      vmin) * SCAN_US
    return cost, chains


def trial_cost(job: Job) -> float:
    """Estimated microseconds for one simulated trial."""
    forces = job.forces
    r = rounds_of(forces)
    cost = 4.0 + sum(0.35 * len(f.dice) for f in forces) + 0.3 * r * len(forces)
    best = {m.player for m in movers_of(forces) if m.policy == "best"}
    for i, f in enumerate(forces):
        policy, rr = effective(f)
        k = len(f.dice)
        if i in best:
            classes = min(2 * r + 1, max(map(size, f.dice)))
            decisions = min(rr, k) + 1
            cost += decisions * (6 + len(forces) + len(set(f.dice)) * classes * (0.5 + 0.1 * r))
        elif policy == "below-average":
            cost += 0.3 + 0.12 * k * (rr + 1)
        elif policy == "answer-earlier":
            cost += 2.0 + 0.15 * k * (rr + 1)
    return cost


def plan(jobs: list[Job], method: str, trials: int, budget: float = BUDGET_US) -> list[Plan]:
    """Exact for the jobs that fit, the questions asked first (keeping room for the others to be
    simulated), then the comparisons; the remaining time is shared out as trials, the first job
    weighing double. A comparison that cannot get ``MIN_TRIALS`` is left out."""
    cache: dict = {}
    per = [trial_cost(j) for j in jobs]
    need = [min(trials, MIN_TRIALS) * c for c in per]
    plans: list[Plan | None] = [None] * len(jobs)
    required = [i for i, j in enumerate(jobs) if not j.optional]
    optional = [i for i, j in enumerate(jobs) if j.optional]
    remaining = budget
    samplers: dict[int, dict] = {}
    if method != "monte-carlo":
        for group in (required, optional):
            for i in group:
                reserve = sum(need[j] for j in required if j != i and plans[j] is None)
                cost, chains = exact_cost(jobs[i], cache)
                # hidden best play's equilibrium is worked out exactly whatever the plan (hidden.MAX_WORK bounds
                # it), so the question asked is answered exactly; a comparison that does not fit is left out
                fits = cost is not None and cost <= remaining - reserve
                if jobs[i].hidden_best and not fits and jobs[i].optional:
                    plans[i] = Plan("skipped", 0.0)
                    continue
                if cost is not None and (fits or jobs[i].hidden_best):
                    plans[i] = Plan("exact", cost, chains=chains)
                    remaining -= cost
                elif chains is not None:  # the final-dice distributions are kept for the simulation
                    samplers[i] = _samplers(jobs[i].forces, chains)
    waiting = [i for i in range(len(jobs)) if plans[i] is None]
    floor = sum(need[i] for i in waiting if i in required)
    if floor >= remaining:  # the questions asked take everything: comparisons are left out, and
        waiting = [i for i in waiting if i in required]  # many questions share the time (the advisor)
        scale = max(0.0, remaining) / floor if floor else 1.0
        for i in waiting:
            need[i] = max(FLOOR_TRIALS, int(min(trials, MIN_TRIALS) * scale)) * per[i]
    floors = {i: need[i] if i in required else 0.0 for i in waiting}
    extra = _share(waiting, [trials * c - floors.get(i, 0.0) for i, c in enumerate(per)],
                   max(0.0, remaining - sum(floors.values())))
    for i in waiting:
        n = min(trials, int((floors[i] + extra[i]) / per[i]))
        if n < min(trials, MIN_TRIALS):
            if jobs[i].optional:
                continue
            n = max(n, min(trials, FLOOR_TRIALS))
        plans[i] = Plan("monte-carlo", n * per[i], trials=n, samplers=samplers.get(i, {}))
    return [p if p is not None else Plan("skipped", 0.0) for p in plans]


def _share(jobs: list[int], demand: list[float], time: float) -> dict[int, float]:
    """Split ``time`` between jobs, the first weighing double; what a job does not need goes to the rest."""
    weight = {i: (2.0 if i == 0 else 1.0) for i in jobs}
    out: dict[int, float] = {}
    left = list(jobs)
    while left:
        total = sum(weight[i] for i in left)
        sated = [i for i in left if demand[i] <= time * weight[i] / total]
        if not sated:
            for i in left:
                out[i] = time * weight[i] / total
            break
        for i in sated:
            out[i] = demand[i]
            time -= demand[i]
            left.remove(i)
    return out


def _samplers(forces: tuple[Force, ...], chains: list) -> dict:
    """Players whose final dice the chains already give exactly (own-dice policies with rerolls)."""
    out = {}
    for i, (f, chain) in enumerate(zip(forces, chains, strict=True)):
        if effective(f)[1] and hasattr(chain, "dist"):
            out[i] = sampler(chain.dist)
    return out


def run(job: Job, p: Plan, seed: int):
    """Generator: progress (0..1), then the job's ``Summary``."""
    forces = job.forces
    if job.hidden_best:
        # the equilibrium is worked out exactly either way (hidden.MAX_WORK bounds it); a simulation draws from it
        finals = job.finals if job.finals is not None else hidden.equilibrium(forces, job.objective, job.tail)
        if p.method == "exact":
            out = hidden.outcome(forces, finals)
        else:
            out = yield from monte_carlo(forces, p.trials, seed, {i: sampler(d) for i, d in finals.items()})
        return summarize(with_tail(out, job.tail), forces)
    if p.method == "exact":
        kind = exact_kind(forces)
        if kind == "best":
            totals = yield from BestPlay(forces, job.objective, job.tail).run()
            return summarize_best(totals, forces)
        return summarize(with_tail(exact(forces, kind, p.chains), job.tail), forces)
    if exact_kind(forces) == "best":
        out = yield from simulate_best(forces, p.trials, seed, job.objective, every=_every(job, p))
        return summarize(with_tail(out, job.tail), forces, approx=True)
    out = yield from monte_carlo(forces, p.trials, seed, p.samplers)
    return summarize(with_tail(out, job.tail), forces)


def _every(job: Job, p: Plan) -> int:
    """Trials between progress reports: about every 20 ms of estimated work."""
    return max(1, min(2_000, int(20_000 / max(trial_cost(job), 1e-9))))


def run_all(jobs: list[Job], plans: list[Plan], seed: int):
    """Generator: the whole answer's progress, then the summaries (None for a skipped job)."""
    costs = [max(p.cost, 1.0) if p.method != "skipped" else 0.0 for p in plans]
    total = sum(costs) or 1.0
    done = 0.0
    out: list[Any] = []
    for job, p, c in zip(jobs, plans, costs, strict=True):
        if p.method == "skipped":
            out.append(None)
            continue
        out.append((yield from scaled(run(job, p, seed), done / total, (done + c) / total)))
        done += c
        yield done / total
    return out

