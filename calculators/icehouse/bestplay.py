"""Best play of the rerolls, exact by backward induction (COM 6.3, rulings COM R2, COM R5, COM R18).

Everyone rolls, then the players reroll in turn from the attacker, clockwise (COM 6.3); each sees
every die on the table (ruling COM R2) and takes rerolls one at a time (ruling COM R5). Ruling
COM R18 says how a player playing best chooses: their own chance of ending as sole occupier
first, their expected pyramids kept second (or the other way round), a reroll only when it is
strictly better than stopping, and among equally good rerolls the die with the most faces, then
the lowest showing. Players with a named policy (``policies.py``) follow it, and everyone knows
how everyone plays.

The game is solved backwards over the players who can reroll (the *movers*). A mover's values
depend on the dice around them (the *context*: final dice of the players before, first rolls of
the players after), so each mover's dynamic programme is run once per context and remembered.
Only the dice that will be compared matter to a finished player, so a context holds just the
top ``rounds`` values of every player but the movers still to come. The last mover playing best
needs even less: every other die is fixed, so their own dice matter only by where they fall
against the lowest value the others show at each rank (the *class* of a value); their programme
runs over classes instead of values. Values are packed integers (``lanes.py``).
"""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import comb, factorial, prod

from .combat import Tail, rank_losses
from .faces import high, low, lowest, size, sizes_lcm, sizes_prod, values as face_values
from .forces import Force
from .lanes import Layout, Packer
from .policies import POLICY, REACTS, Dice
from .rolls import first_rolls, initial_count

# Work units, measured on CPython (benchmarks/bench_icehouse.py calibrates them): one unit is
# about one child summed in a reroll average, roughly 0.1 microseconds.
UNIT_STOP = 12  # a stopped state: building the next context and looking its value up
UNIT_TERMINAL = 40  # resolving a final table into its lanes
UNIT_OPTION = 6  # one reroll option on top of its children
UNIT_CONTEXT = 60  # setting up one context's programme
UNIT_CLASS_CONTEXT = 1500  # setting up a class programme: the classes, their sizes, the moves spelt out
CLASS_SHARE = 0.4  # class programmes: contexts seldom have all 2 * rounds + 1 classes (measured)


@dataclass(frozen=True)
class Mover:
    player: int
    policy: str  # "best" or a named policy
    rerolls: int


def rounds_of(forces: tuple[Force, ...]) -> int:
    """COM 6.5-6.6 with one die per pyramid: as many comparisons as the fewest dice committed."""
    return min(len(f.dice) for f in forces)


def movers_of(forces: tuple[Force, ...]) -> list[Mover]:
    """The players whose rerolls can change anything, in reroll order (COM 6.3)."""
    if rounds_of(forces) == 0:
        return []  # someone rolls 0: one comparison that no reroll can change (COM 6.5)
    return [Mover(i, f.policy, f.rerolls) for i, f in enumerate(forces)
            if f.policy != "none" and f.rerolls > 0 and f.dice]


def reduced_count(faces: tuple[int, ...], rounds: int) -> int:
    """At most how many different top-``rounds`` value tuples a roll of these dice shows."""
    if not faces:
        return 1
    return min(initial_count(faces), comb(max(map(size, faces)) + rounds - 1, rounds))


def class_count(faces: tuple[int, ...], rounds: int) -> int:
    """At most how many class states the last mover's dice can be in (2 * rounds + 1 classes)."""
    out = 1
    groups: dict[int, int] = defaultdict(int)
    for f in faces:
        groups[f] += 1
    for f, k in groups.items():
        c = min(size(f), 2 * rounds + 1)
        out *= comb(c + k - 1, k)
    return out


def contexts(forces: tuple[Force, ...], shown: bool = False) -> list[int]:
    """For each mover, an upper bound on the contexts their programme meets.

    ``shown``: every first roll is already on the table (the reroll helper), so only the final
    dice of the movers before vary.
    """
    r = rounds_of(forces)
    movers = movers_of(forces)
    full = [initial_count(f.dice) for f in forces]
    red = [reduced_count(f.dice, r) for f in forces]
    out = []
    for s, mv in enumerate(movers):
        after = {m.player for m in movers[s + 1:]}
        if shown:
            out.append(prod(red[m.player] for m in movers[:s]))
        else:
            out.append(prod(full[j] if j in after else red[j] for j in range(len(forces)) if j != mv.player))
    return out


def estimate(forces: tuple[Force, ...], shown: bool = False) -> int:
    """Work units the exact best play of these forces needs, worked out before any of it is done:
    the contexts each mover's programme meets (``contexts``) times the programme's size."""
    r = rounds_of(forces)
    movers = movers_of(forces)
    if not movers:
        return 0
    full = [initial_count(f.dice) for f in forces]
    work = 0 if shown else sum(full)  # enumerating first rolls
    for s, (mv, count) in enumerate(zip(movers, contexts(forces, shown), strict=True)):
        f = forces[mv.player]
        k = len(f.dice)
        mean_faces = sum(map(size, f.dice)) / k
        if s == len(movers) - 1 and mv.policy == "best":
            states = class_count(f.dice, r)
            # spelling out the class moves (one child per face) costs about as much as a level of rerolls
            levels = (mv.rerolls + 1) * len(set(f.dice)) * (mean_faces + UNIT_OPTION)
            per = UNIT_CLASS_CONTEXT + CLASS_SHARE * states * (UNIT_TERMINAL + levels)
            if len(movers) > 1:
                per += full[mv.player] * 4  # mapping the first rolls the previous mover looks up
        else:
            per = UNIT_CONTEXT + full[mv.player] * (UNIT_STOP + mv.rerolls * k * (mean_faces + UNIT_OPTION))
            if s == len(movers) - 1:
                per += full[mv.player] * UNIT_TERMINAL
        work += int(count * per)
    return work


@dataclass(frozen=True)
class Space:
    """Every sorted roll of one player's dice, with the reroll moves between them."""

    states: tuple[Dice, ...]
    index: dict
    ways: tuple[int, ...]
    total: int
    lcm: int
    moves: tuple  # per state: ((die, faces, lcm // faces, children), ...) in tie-break order

    @classmethod
    def of(cls, faces: tuple[int, ...]) -> Space:
        start, total = first_rolls(faces)
        states = tuple(sorted(start))
        index = {d: i for i, d in enumerate(states)}
        big = sizes_lcm(faces)
        moves = []
        for d in states:
            opts, seen = [], set()
            # Ruling COM R18: among equally good rerolls, most faces first, then the lowest showing.
            for j in sorted(range(len(d)), key=lambda j: (-size(d[j][1]), d[j][0])):
                if d[j] in seen:
                    continue
                seen.add(d[j])
                v, f = d[j]
                rest = d[:j] + d[j + 1:]
                kids = tuple(index[tuple(sorted(rest + ((w, f),), reverse=True))] for w in face_values(f))
                opts.append((d[j], f, big // size(f), kids))
            moves.append(tuple(opts))
        return cls(states, index, tuple(start[d] for d in states), total, big, tuple(moves))


class Classes:
    """The last mover's view when every other die is fixed: values grouped by how they compare,
    rank by rank, with the lowest value the others show (ruling COM R18's last mover)."""

    def __init__(self, thresholds: tuple[int, ...], floor: int = 1):
        """``floor``: the lowest value a die can show (0 with a d10 read 0 to 9, ruling COM R1)."""
        us = sorted(set(thresholds), reverse=True)
        spans: list[tuple[int, int | None]] = [(us[0] + 1, None)]
        for a, b in zip(us, us[1:] + [min(floor, us[-1]) - 1], strict=True):
            spans.append((a, a))
            if a - 1 >= b + 1:
                spans.append((b + 1, a - 1))
        self.spans = spans  # highest first; a class is shown by its lowest value
        self.reps = [lo for lo, _ in spans]
        self._asc = sorted(self.reps)

    def rep(self, v: int) -> int:
        return self._asc[bisect_right(self._asc, v) - 1]

    def index(self, v: int) -> int:
        """The class of value v: 0 for the highest."""
        return len(self._asc) - bisect_right(self._asc, v)

    def counts(self, faces: int) -> tuple[tuple[int, int], ...]:
        """(class, how many faces of this die fall in it) for the classes the die can reach."""
        out = []
        for c, (lo, hi) in enumerate(self.spans):
            top = high(faces) if hi is None else min(hi, high(faces))
            bottom = max(lo, low(faces))
            if top >= bottom:
                out.append((c, top - bottom + 1))
        return tuple(out)


class ClassSpace:
    """The last mover's class states and reroll moves, which depend only on which classes each die
    can reach: shared by every context with the same shape, weighted per context by class sizes."""

    def __init__(self, faces: tuple[int, ...], reach: dict[int, tuple[int, ...]]):
        groups = sorted(Counter(faces).items())
        parts = [[tuple((c, f) for c in combo) for combo in combinations_with_replacement(reach[f], k)]
                 for f, k in groups]
        self.states = tuple(sorted(tuple(sorted(sum(p, ()))) for p in product(*parts)))
        self.index = {st: n for n, st in enumerate(self.states)}
        self.big = sizes_lcm(faces)
        self.moves = []
        for st in self.states:
            opts, seen = [], set()
            # Ruling COM R18: most faces first, then the lowest showing (the highest class index).
            # The last mover's values only rise with their dice (nobody answers them), so of dice
            # with the same faces rerolling the lowest is at least as good as any other: only it is kept.
            for j in sorted(range(len(st)), key=lambda j: (-size(st[j][1]), -st[j][0])):
                f = st[j][1]
                if f in seen:
                    continue
                seen.add(f)
                rest = st[:j] + st[j + 1:]
                kids = tuple((self.index[tuple(sorted(rest + ((c, f),)))], c) for c in reach[f])
                opts.append((st[j], f, self.big // size(f), kids))
            self.moves.append(tuple(opts))
        # first rolls: for each faces group, orderings times each class's size to the power of its dice
        self.first = []
        for st in self.states:
            coef, powers = 1, []
            for f, k in groups:
                mine = Counter(c for c, g in st if g == f)
                coef *= factorial(k)
                for c, m in mine.items():
                    coef //= factorial(m)
                    powers.append((f, c, m))
            self.first.append((coef, tuple(powers)))

    def expand(self, sizes: dict[int, dict[int, int]]) -> list:
        """The moves with one child per face (a class holding c faces appears c times)."""
        return [tuple((die, f, sc, tuple(k for k, c in kids for _ in range(sizes[f][c]))) for die, f, sc, kids in opts)
                for opts in self.moves]

    def weights(self, sizes: dict[int, dict[int, int]]) -> list[int]:
        """Whole-number first-roll weights over prod(faces)."""
        return [coef * prod(sizes[f][c] ** m for f, c, m in powers) for coef, powers in self.first]


@dataclass
class Programme:
    """One mover's values in one context: ``levels[k][state]`` with k rerolls left (over the later
    denominators times ``big ** k``); ``find`` maps the mover's dice to their state."""

    find: Callable[[Dice], int]
    levels: list
    moves: tuple | list
    big: int
    classes: Classes | None = None
    index: dict | None = None  # class state -> position (the class programme only)
    first: list | None = None  # first-roll weights of the class states (the class programme only)


@dataclass
class Totals:
    """The exact answer: every lane as a probability or an expectation."""

    layout: Layout
    lanes: list[Fraction]
    work: int

    def sole(self, i: int) -> Fraction:
        return self.lanes[self.layout.sole(i)]

    def kept(self, i: int) -> Fraction:
        return self.lanes[self.layout.kept(i)]

    def lost(self, i: int, m: int) -> Fraction:
        return self.lanes[self.layout.lost(i, m)]

    @property
    def empty(self) -> Fraction:
        return self.lanes[self.layout.empty]

    def limited(self, i: int, k: int) -> tuple[Fraction, Fraction]:
        a, b = self.layout.limit(i, k)
        return self.lanes[a], self.lanes[b]

    def given(self, i: int) -> Fraction:
        """The dice player i gives up beyond the committed dice's comparisons (the whole-pool tail)."""
        return self.lanes[self.layout.given_lane(i)] if self.layout.given else Fraction(0)


class BestPlay:
    """One Defend solved exactly. ``run()`` is a generator: progress, then ``Totals``."""

    def __init__(self, forces: tuple[Force, ...], objective: str = "sole", tail: Tail | None = None):
        self.forces = forces
        self.tail = tail  # ruling COM R3's whole-pool reading: the combat's end after the committed dice
        self.n = len(forces)
        self.pyramids = tuple(f.pyramids for f in forces)
        self.R = rounds_of(forces)
        assert self.R > 0, "no dice for someone: nothing to reroll"
        assert all(len(f.dice) <= f.pyramids for f in forces), "one die per pyramid (COM 6.2)"
        self.movers = movers_of(forces)
        self.mover_at = {m.player: s for s, m in enumerate(self.movers)}
        limits = tuple((m.player, m.rerolls) for m in self.movers if m.policy == "best")
        rounds = max(self.pyramids) if tail else self.R  # the tail can take every pyramid
        self.layout = Layout(self.n, rounds, objective == "kept", limits, given=tail is not None)
        self._spaces: dict[int, Space] = {}
        # The denominator of every stage's values: each later mover's lcm to the power of their rerolls.
        self.den_after = [1] * (len(self.movers) + 1)
        for s in range(len(self.movers) - 1, -1, -1):
            m = self.movers[s]
            self.den_after[s] = self.den_after[s + 1] * sizes_lcm(forces[m.player].dice) ** m.rerolls
        top = max(max(self.pyramids), 1) * self.den_after[0] * prod(sizes_prod(f.dice) for f in forces)
        self.pack = Packer(self.layout, top.bit_length() + 1)
        lay, unit = self.layout, self.pack.unit
        self._all_kept = sum(p * unit(lay.kept(i)) for i, p in enumerate(self.pyramids))
        self._lost_units = [[unit(lay.lost(i, m)) - m * unit(lay.kept(i)) for m in range(lay.rounds + 1)]
                            for i in range(self.n)]
        self._given_units = [unit(lay.given_lane(i)) for i in range(self.n)] if tail else []
        self._sole_units = [unit(lay.sole(i)) for i in range(self.n)]
        self._empty_unit = unit(lay.empty)
        self.terminal_memo: dict = {}
        self.stage_memo: list[dict] = [{} for _ in self.movers]
        self.class_spaces: dict = {}

    def space(self, player: int) -> Space:
        got = self._spaces.get(player)
        if got is None:
            got = self._spaces[player] = Space.of(self.forces[player].dice)
        return got

    # -- the end of the rerolls -----------------------------------------------------------------
    def terminal(self, table: tuple[tuple[int, ...], ...]) -> int:
        """COM 6.5-6.6: resolve the final top values of every player into lanes (denominator 1)."""
        x = self.terminal_memo.get(table)
        if x is not None:
            return x
        n = self.n
        lost: Sequence[int] = rank_losses(table, self.R)
        x = self._all_kept
        if self.tail is not None:
            lost, extra = self.tail(tuple(lost))
            x += sum(g * u for g, u in zip(extra, self._given_units, strict=True))
        alive = []
        for i in range(n):
            x += self._lost_units[i][lost[i]]  # also takes the lost pyramids off the kept lane
            if lost[i] < self.pyramids[i]:
                alive.append(i)
        if len(alive) == 1:
            x += self._sole_units[alive[0]]
        elif not alive:
            x += self._empty_unit
        self.terminal_memo[table] = x
        return x

    def top(self, dice: Dice) -> tuple[int, ...]:
        return tuple(v for v, _ in dice[:self.R])

    # -- one mover's programme ------------------------------------------------------------------
    def after_stop(self, s: int, table: tuple) -> int:
        """The value once mover s has stopped with ``table`` (their entry already reduced)."""
        if s == len(self.movers) - 1:
            return self.terminal(table)
        nxt = self.movers[s + 1].player
        dice = table[nxt]
        ctx = table[:nxt] + (None,) + table[nxt + 1:]
        return self.stage(s + 1, ctx, dice)

    def stage(self, s: int, ctx: tuple, dice: Dice) -> int:
        """Mover s's value (all their rerolls to come) with these first-rolled dice in this context."""
        memo = self.stage_memo[s]
        got = memo.get(ctx)
        if got is None:
            prog = self.programme(s, ctx)
            got = memo[ctx] = (prog.find, self.with_limits(prog.levels, prog.big, self.movers[s]))
        find, values = got
        return values[find(dice)]

    def programme(self, s: int, ctx: tuple) -> Programme:
        """Mover s's dynamic programme in one context: by classes for the last mover playing best."""
        mv = self.movers[s]
        if s == len(self.movers) - 1 and mv.policy == "best":
            return self.class_programme(mv, ctx)
        return self.full_programme(s, mv, ctx)

    def full_programme(self, s: int, mv: Mover, ctx: tuple) -> Programme:
        space = self.space(mv.player)
        i = mv.player
        stop = [self.after_stop(s, ctx[:i] + (self.top(d),) + ctx[i + 1:]) for d in space.states]
        pick = None
        if mv.policy != "best":
            fn = POLICY[mv.policy]
            context = self.policy_context(mv, ctx)
            pick = [fn(d, context) for d in space.states]
        levels = self.levels(space.moves, stop, space.lcm, mv, pick, space.states)
        return Programme(space.index.__getitem__, levels, space.moves, space.lcm)

    def policy_context(self, mv: Mover, ctx: tuple):
        """What answer-earlier sees: rank by rank the lowest final value of the players before."""
        if mv.policy not in REACTS or mv.player == 0:
            return None
        before = [ctx[j] for j in range(mv.player)]
        return tuple(min(t[r] for t in before) for r in range(self.R))

    def levels(self, moves, stop: list[int], big: int, mv: Mover, pick, states) -> list[list[int]]:
        """Values with 0, 1, ... rerolls left; level k is over (later denominators) * big ** k."""
        shift, mask = self.pack.key_shift(mv.player), self.pack.pair_mask
        out = [stop]
        prev = stop
        for k in range(1, mv.rerolls + 1):
            scale = big ** k
            cur = []
            for idx, opts in enumerate(moves):
                best = stop[idx] * scale
                if pick is not None:  # a named policy: its choice, no comparing
                    j = pick[idx]
                    if j is not None:
                        die = states[idx][j]
                        for d, _f, sc, kids in opts:
                            if d == die:
                                best = sum(map(prev.__getitem__, kids)) * sc
                                break
                    cur.append(best)
                    continue
                bk = (best >> shift) & mask
                for _d, _f, sc, kids in opts:
                    val = sum(map(prev.__getitem__, kids)) * sc
                    vk = (val >> shift) & mask
                    if vk > bk:
                        best, bk = val, vk
                cur.append(best)
            out.append(cur)
            prev = cur
        return out

    def with_limits(self, levels: list[list[int]], big: int, mv: Mover) -> list[int]:
        """Add the "held to k rerolls" lanes of a best-play mover to their values."""
        if mv.policy != "best":
            return levels[-1]
        lay, pack = self.layout, self.pack
        r = mv.rerolls
        sole, kept = lay.sole(mv.player), lay.kept(mv.player)
        out = list(levels[-1])
        for k in range(r):
            a, b = lay.limit(mv.player, k)
            ua, ub = pack.unit(a), pack.unit(b)
            scale = big ** (r - k)
            for idx, x in enumerate(levels[k]):
                out[idx] += (pack.get(x, sole) * ua + pack.get(x, kept) * ub) * scale
        return out

    # -- the last mover, by classes ---------------------------------------------------------------
    def class_programme(self, mv: Mover, ctx: tuple) -> Programme:
        i, faces = mv.player, self.forces[mv.player].dice
        others = [ctx[j] for j in range(self.n) if j != i]
        classes = Classes(tuple(min(t[r] for t in others) for r in range(self.R)), lowest(faces))
        sizes = {f: dict(classes.counts(f)) for f in set(faces)}
        key = (faces, tuple(sorted((f, tuple(c)) for f, c in sizes.items())))
        space = self.class_spaces.get(key)
        if space is None:
            space = self.class_spaces[key] = ClassSpace(faces, {f: tuple(c) for f, c in sizes.items()})
        moves = space.expand(sizes)
        reps, R = classes.reps, self.R
        stop = [self.terminal(ctx[:i] + (tuple(reps[c] for c, _ in st[:R]),) + ctx[i + 1:]) for st in space.states]
        levels = self.levels(moves, stop, space.big, mv, None, None)
        index = space.index

        def find(dice: Dice) -> int:
            return index[tuple(sorted((classes.index(v), f) for v, f in dice))]
        return Programme(find, levels, moves, space.big, classes, index, space.weights(sizes))

    # -- the whole Defend ---------------------------------------------------------------------------
    def entries(self, j: int):
        """Player j's first rolls as context entries: full dice for a mover, top values otherwise."""
        start, _total = first_rolls(self.forces[j].dice)
        if j in self.mover_at:
            return list(start.items())
        red: dict = defaultdict(int)
        for d, w in start.items():
            red[self.top(d)] += w
        return list(red.items())

    def run(self):
        """Generator: yields progress (0..1), returns ``Totals``."""
        first = self.movers[0].player
        others = [self.entries(j) if j != first else [(None, 1)] for j in range(self.n)]
        contexts = prod(len(o) for o in others)
        every = max(1, contexts // 50)
        total = 0
        single = len(self.movers) == 1 and self.movers[0].policy == "best"
        mine = None if single else self.entries(first)
        for done, combo in enumerate(product(*others), 1):
            ctx = tuple(e for e, _ in combo)
            w = prod(x for _, x in combo)
            if mine is None:  # a single mover playing its best: its class programme
                prog = self.class_programme(self.movers[0], ctx)
                values = self.with_limits(prog.levels, prog.big, self.movers[0])
                acc = sum(v * w for v, w in zip(values, prog.first or (), strict=True))
            else:
                acc = sum(self.stage(0, ctx, d) * c for d, c in mine)
            total += w * acc
            if done % every == 0:
                yield done / contexts
        den = self.den_after[0] * prod(first_rolls(f.dice)[1] for f in self.forces)
        lanes = self.pack.unpack(total, den)
        return Totals(self.layout, lanes, estimate(self.forces))
