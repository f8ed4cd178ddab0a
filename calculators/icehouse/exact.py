"""Exact Defend odds by memoised state transitions (COM 6.5, COM 6.6).

The values are scanned from the highest face down. At value v each player's chain says how
many of their dice show exactly v; a comparison is settled as soon as every player has placed
the die of that rank, and the players whose die of that rank sits at v are the lowest, so they
all lose (ties for lowest all lose). Two kinds of chain:

* ``IidChain``: no rerolls, dice numbered from 1. Given that a die shows at most v it is uniform on
  1..v whatever its faces, so only the count of unplaced dice matters.
* ``LumpedChain``: any final distribution from a policy that looks only at the player's own
  dice. Its prefix tree is lumped into classes with the same future, which keeps it small.

Players whose policy reacts to others are handled by ``joint_enumeration``.
"""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product
from math import comb, lcm

from .combat import resolve

FROZEN = "done"


class IidChain:
    """No rerolls: state = dice not yet placed."""

    def __init__(self, faces: tuple[int, ...]):
        self.faces = faces
        self.n = len(faces)
        self.start = self.n
        self._memo: dict = {}

    def placed(self, state) -> int:
        return self.n - state

    def den(self, v: int) -> int:
        """A common denominator for every transition at value v: v ** (dice that can show v)."""
        return v ** sum(1 for f in self.faces if f >= v) if v >= 1 else 1

    def step_int(self, v: int, state):
        """``step`` with whole-number weights over ``den(v)`` (the scan's hot loop avoids Fractions)."""
        key = ("int", v, state)
        if v < 1:  # below every face (a scan down to a literal d10's 0): every die is placed
            return [(state, 0, 1)]
        if key not in self._memo:
            top = sum(1 for f in self.faces if f >= v)
            e = state - (self.n - top)
            if e <= 0:
                out = [(state, 0, v ** top)]
            else:
                out = [(state - x, x, comb(e, x) * (v - 1) ** (e - x) * v ** (top - e)) for x in range(e + 1)]
                out = [t for t in out if t[2]]
            self._memo[key] = out
        return self._memo[key]

    def step(self, v: int, state):
        key = (v, state)
        if key not in self._memo:
            waiting = sum(1 for f in self.faces if f < v)
            e = state - waiting
            if e <= 0:
                out = [(state, 0, Fraction(1))]
            else:
                p = Fraction(1, v)
                out = [(state - x, x, comb(e, x) * p ** x * (1 - p) ** (e - x)) for x in range(e + 1)]
                out = [t for t in out if t[2]]
            self._memo[key] = out
        return self._memo[key]


class LumpedChain:
    """A final-values distribution as a chain over the values, prefixes with equal futures merged."""

    def __init__(self, dist: dict[tuple[int, ...], Fraction], vmax: int, vmin: int = 1):
        """``vmax`` .. ``vmin``: the values the scan runs over (``vmin`` 0 when a d10 is read 0 to 9,
        ruling COM R1)."""
        self.dist = dist  # kept: a simulation can draw from it when the scan is too big
        self.n = len(next(iter(dist)))
        # Whole-number weights over a common denominator: the sums below are the hot loop.
        denom = lcm(*(p.denominator for p in dist.values()))
        weights = {values: p.numerator * (denom // p.denominator) for values, p in dist.items()}
        # weight of each prefix node at each level; level v holds the values >= v
        nodes: dict[int, dict[tuple, int]] = defaultdict(lambda: defaultdict(int))
        edges: dict[int, dict[tuple, dict[tuple, int]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(int)))
        for values, w in weights.items():
            c = 0
            parent: tuple[int, ...] = ()
            nodes[vmax + 1][parent] += w
            for v in range(vmax, vmin - 1, -1):
                while c < len(values) and values[c] >= v:
                    c += 1
                child = values[:c]
                nodes[v][child] += w
                edges[v][parent][child] += w
                parent = child
        # Classes bottom-up. Level L holds the nodes with every value >= L placed; a node's class is
        # its placed count plus the set of (child class, dice at L-1, probability) it moves to.
        cls: dict[int, dict[tuple, int]] = {vmin: {}}
        self.count: dict[tuple[int, int], int] = {}
        ends: dict[int, int] = {}
        for prefix in nodes[vmin]:
            cid = ends.setdefault(len(prefix), len(ends))
            cls[vmin][prefix] = cid
            self.count[(vmin, cid)] = len(prefix)
        self.trans: dict[int, dict[int, list]] = {}
        for level in range(vmin + 1, vmax + 2):
            sigs: dict[tuple, int] = {}
            cls[level] = {}
            table: dict[int, list] = {}
            for parent, children in edges[level - 1].items():
                total = nodes[level][parent]
                moves = tuple(sorted((cls[level - 1][child], len(child) - len(parent), Fraction(w, total))
                                     for child, w in children.items()))
                sig = (len(parent), moves)
                found = sigs.get(sig)
                if found is None:
                    found = sigs[sig] = len(sigs)
                    table[found] = [((level - 1, m[0]), m[1], m[2]) for m in moves]
                    self.count[(level, found)] = len(parent)
                cls[level][parent] = found
            self.trans[level] = table
        self.start = (vmax + 1, cls[vmax + 1][()])
        self.size = sum(len(t) for t in self.trans.values())
        # whole-number form: one denominator per level
        self._den: dict[int, int] = {}
        self.trans_int: dict[int, dict[int, list]] = {}
        for level, table in self.trans.items():
            d = lcm(*(m[2].denominator for moves in table.values() for m in moves)) if table else 1
            self._den[level - 1] = d
            self.trans_int[level] = {c: [(m[0], m[1], m[2].numerator * (d // m[2].denominator)) for m in moves]
                                     for c, moves in table.items()}

    def placed(self, state) -> int:
        return self.count[state]

    def step(self, v: int, state):
        level, cid = state
        assert level == v + 1
        return self.trans[level][cid]

    def den(self, v: int) -> int:
        return self._den.get(v, 1)

    def step_int(self, v: int, state):
        return self.trans_int[state[0]][state[1]]


class TooBig(Exception):
    """The exact scan went over its work budget (a guard: the budget planner estimates first)."""


def _level_options(chain, v: int, rounds: int) -> dict[int, int]:
    """Chain states at value v grouped by dice placed (capped at ``rounds``): total options each."""
    per: dict[int, int] = defaultdict(int)
    if isinstance(chain, IidChain):
        for state in range(chain.n + 1):
            per[min(chain.n - state, rounds)] += len(chain.step_int(v, state))
    else:
        for cid, moves in chain.trans_int.get(v + 1, {}).items():
            per[min(chain.count[(v + 1, cid)], rounds)] += len(moves)
    per[rounds] += 1  # frozen: the player's compared dice are all placed
    return per


def _loss_vectors(settled: int, pyramids: tuple[int, ...]) -> int:
    """How many pyramids-lost vectors ``settled`` comparisons can leave (each costs someone one)."""
    ways = {0: 1}  # total lost so far -> vectors
    for p in pyramids:
        nxt: dict[int, int] = defaultdict(int)
        for t, w in ways.items():
            for x in range(min(settled, p) + 1):
                nxt[t + x] += w
        ways = nxt
    return sum(w for t, w in ways.items() if t >= settled)


def scan_bound(chains, n_dice: tuple[int, ...], pyramids: tuple[int, ...], vmax: int, vmin: int = 1) -> int:
    """An upper bound on the joint transitions ``scan`` examines, worked out before it runs.

    At each value, every combination of the players' chain states times every pyramids-lost
    vector the settled comparisons allow (the scan's states are a subset), times the options.
    """
    if min(n_dice) == 0:
        return 1
    rounds = min(n_dice)
    losses = {s: _loss_vectors(s, pyramids) for s in range(rounds)}
    total = 0
    for v in range(vmax, vmin - 1, -1):
        dist = {rounds: 1}  # fewest dice placed by anyone -> sum of option products
        for chain in chains:
            nxt: dict[int, int] = defaultdict(int)
            for low, w in dist.items():
                for placed, opts in _level_options(chain, v, rounds).items():
                    nxt[min(low, placed)] += w * opts
            dist = nxt
        total += sum(w * losses[s] for s, w in dist.items() if s < rounds)
    return total


def scan(chains, n_dice: tuple[int, ...], pyramids: tuple[int, ...], vmax: int,
         budget: int | None = None, vmin: int = 1) -> dict[tuple[int, ...], Fraction]:
    """Joint distribution of pyramids lost, all players' chains scanned together (COM 6.5).

    ``budget`` caps the joint transitions examined (raises TooBig), so no input can hang. The values
    run from ``vmax`` down to ``vmin`` (0 when a d10 is read 0 to 9, ruling COM R1).
    """
    work = 0
    n = len(chains)
    if min(n_dice) == 0:
        # COM 6.5: a player with no dice counts as rolling 0, below every face; one comparison only.
        lowest = [1 if k == 0 else 0 for k in n_dice]
        return {tuple(lowest): Fraction(1)}
    rounds = min(n_dice)
    # Whole-number weights over a running denominator: Fraction arithmetic here would dominate.
    states = {(tuple(c.start for c in chains), (0,) * n, (0,) * n): 1}
    denom = 1
    done: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
    for v in range(vmax, vmin - 1, -1):
        dens = [c.den(v) for c in chains]
        frozen = [[(FROZEN, 0, d)] for d in dens]
        for d in dens:
            denom *= d
        nxt: dict = defaultdict(int)
        ended: dict = defaultdict(int)
        for (ss, placed, lost), p in states.items():
            options = [chains[i].step_int(v, ss[i]) if ss[i] != FROZEN else frozen[i] for i in range(n)]
            low = min(placed)
            size = 1
            for o in options:
                size *= len(o)
            work += size
            if budget is not None and work > budget:
                raise TooBig(work)
            for combo in product(*options):
                q = p
                new_placed = list(placed)
                for i, (_s, x, w) in enumerate(combo):
                    q *= w
                    new_placed[i] += x
                hi = min(min(new_placed), rounds)
                new_lost = list(lost)
                for r in range(low + 1, hi + 1):
                    for i in range(n):
                        if placed[i] < r:
                            new_lost[i] += 1
                if hi >= rounds:
                    ended[tuple(new_lost)] += q
                    continue
                new_ss = tuple(FROZEN if new_placed[i] >= rounds else combo[i][0] for i in range(n))
                nxt[(new_ss, tuple(min(x, rounds) for x in new_placed), tuple(new_lost))] += q
        for k, w in ended.items():
            done[k] += Fraction(w, denom)
        states = nxt
    assert not states, "every die is placed by v = vmin"
    assert sum(done.values()) == 1
    assert all(all(x <= k for x, k in zip(lost, pyramids, strict=True)) for lost in done)
    return dict(done)


def joint_enumeration(forces, dist_for) -> tuple[dict[tuple[int, ...], Fraction], dict[tuple[int, ...], Fraction]]:
    """Every combination of players' final dice, in reroll order, for policies that react.

    ``dist_for(i, context)`` gives player i's final-values distribution when the players before
    them have the rank-by-rank lowest values ``context``. Returns (lost, given) distributions.
    """
    rounds = min(len(f.dice) for f in forces) if forces else 0
    states: dict[tuple, Fraction] = {(): Fraction(1)}
    for i in range(len(forces)):
        nxt: dict[tuple, Fraction] = defaultdict(Fraction)
        cache: dict = {}
        for finals, p in states.items():
            ctx = context_of(finals) if finals else None  # finals are already cut to the compared ranks
            if ctx not in cache:
                cache[ctx] = dist_for(i, ctx)
            for values, q in cache[ctx].items():
                nxt[finals + (values[:max(rounds, 1)] if rounds else values,)] += p * q
        states = nxt
    pyr = tuple(f.pyramids for f in forces)
    lost: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
    given: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
    for finals, p in states.items():
        lo, g = resolve(finals, pyr)
        lost[lo] += p
        given[g] += p
    return dict(lost), dict(given)


def context_of(finals: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Rank by rank, the lowest value among these players (what the next player must beat)."""
    depth = min(len(t) for t in finals)
    return tuple(min(t[r] for t in finals) for r in range(depth))
