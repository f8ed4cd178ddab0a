"""Best play with the rolls hidden until step 3 (ruling COM R2's hidden reading, COM 6.3, COM R18).

Nobody sees another player's dice before the reveal, so a player's rerolls can depend on their own
dice only, and every player's final dice are independent of everyone else's. A player playing best
then chooses, for each state of their own dice, the reroll (or stop) that does best for them against
the others' final dice *as they are distributed*: a one-player dynamic programme. Each player's best
play depends on how the others play, so the players' plays are worked out in turn, each answering the
others' current play, until a whole round of answers changes nothing: an equilibrium in which nobody
can do better by changing their own play. Players on a named policy play it as ever (it looks only
at their own dice; ``answer-earlier`` cannot be played hidden and is refused before this).

Only the values the comparisons reach count (the top ``rounds`` of each player's dice), so the final
distributions are cut to them. The work is bounded before it starts (``work``); beyond ``MAX_WORK``
the Defend is refused with the figure, never left to run; a guard (``Guard``) counts the same work as it is
spent, rounds of answers past the planned ones included (issue 26).
"""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product
from math import lcm, prod
from operator import itemgetter

from ..core import InputError
from ..core.words import counted
from .bestplay import reduced_count, rounds_of
from .combat import Tail
from .faces import size, sizes_lcm, values as face_values
from .forces import Force
from .policies import Dice
from .rolls import final_dist, first_rolls, initial_count
from .solver import Outcome, effective

# Work units (issue 26): one unit is about one child state added up in a reroll's average, ~0.1 microseconds
# of CPython; benchmarks/bench_icehouse.py and bench_fuzz.py check the figures. A bound counts the depth of
# the rerolls, every round of answers and the table of moves, and the guard counts the same units as they
# are spent, so that no equilibrium runs past MAX_WORK whatever the dice.
MAX_WORK = 6_000_000  # units for a whole equilibrium (or the advisor's choices together): 0.3 to 0.8 s of CPython
UNIT_MOVE = 12  # building one move of the table (a sorted state looked up): units per child
UNIT_PAYOFF = 30  # one table of final dice resolved (or looked up) while pricing a player's top values
UNIT_FINALS = 3  # one child carried forward while a player's final dice are added up
PLANNED_ROUNDS = 2  # rounds of answers a bound plans for before starting: one answer and the check it settled
MAX_ROUNDS = 30  # rounds of answers before giving up on finding an equilibrium

Finals = dict[tuple[int, ...], Fraction]  # a player's top values (highest first) -> chance


def tops(dist: Finals, rounds: int) -> Finals:
    out: Finals = defaultdict(Fraction)
    for values, p in dist.items():
        out[values[:rounds]] += p
    return dict(out)


def named_finals(force: Force, rounds: int) -> Finals:
    policy, rr = effective(force)
    return tops(final_dist(force.dice, rr, policy), rounds)


def players_best(forces: tuple[Force, ...]) -> list[int]:
    return [i for i, f in enumerate(forces) if effective(f)[0] == "best"]


class TooMuchWork(InputError):
    """The equilibrium needs more work than ``MAX_WORK``: refused with the figure, never left to run."""


class Guard:
    """The work units an equilibrium may spend (``limit``) and has spent: every piece of work is charged
    before it is done, at its exact size, so ``spent`` never passes ``limit``; ``done`` counts the units
    as the loops perform them (a test holds ``done <= spent``)."""

    def __init__(self, limit: int = MAX_WORK, field: str = "com_r2"):
        self.limit, self.spent, self.done, self.field = limit, 0, 0, field
        self.charges: list[tuple[str, int]] = []  # what was charged, in order (a test compares it with the bound)

    def charge(self, units: int, what: str) -> None:
        if self.spent + units > self.limit:
            raise TooMuchWork(self.field, f"Best play with hidden rolls is worked out exactly, and {what} needs "
                                          f"{steps(self.spent + units)} steps (at most {self.limit:,}): commit fewer "
                                          "or smaller dice, give fewer rerolls, or play a named reroll policy.")
        self.spent += units
        self.charges.append((what, units))


def _moves_size(force: Force) -> int:
    """At most how many children a table of moves holds: every state, every die, every face."""
    return initial_count(force.dice) * sum(size(d) for d in force.dice)


def answer_units(forces: tuple[Force, ...], i: int) -> int:
    """An upper bound on one answer of player ``i``: the reroll programme over every state and every level of
    rerolls still to come (the depth), pricing each top value against every combination of the other players'
    final dice (at most every top they can show), and adding up the final dice."""
    r = rounds_of(forces)
    rr = effective(forces[i])[1]
    kids = _moves_size(forces[i])
    others = prod(reduced_count(f.dice, r) for j, f in enumerate(forces) if j != i)
    faces = max(size(d) for d in forces[i].dice)
    return rr * kids + reduced_count(forces[i].dice, r) * others * UNIT_PAYOFF + \
        (rr + 1) * initial_count(forces[i].dice) * faces * UNIT_FINALS


def work(forces: tuple[Force, ...], built: set | None = None) -> int:
    """An upper bound, made before anything runs, on the work of an equilibrium that settles at once: every best
    player's table of moves (unless in ``built``, the tables already counted: the advisor's choices share their
    opponents'), then ``PLANNED_ROUNDS`` rounds of answers (``answer_units``); the rounds past those are charged to
    the guard as they come. 0 where nobody plays best or someone rolls no dice (no rerolls matter)."""
    best = players_best(forces)
    if not best or rounds_of(forces) == 0:
        return 0
    built = set() if built is None else built
    total = 0
    for i in best:
        key = (forces[i].dice, rounds_of(forces))
        if key not in built:
            built.add(key)
            total += _moves_size(forces[i]) * UNIT_MOVE
        total += PLANNED_ROUNDS * answer_units(forces, i)
    return total


def steps(w: int) -> str:
    return f"about {w:,}" if w < 10**9 else "more than 1,000,000,000"


def check(forces: tuple[Force, ...], field: str = "com_r2") -> None:
    w = work(forces)
    if w > MAX_WORK:
        raise TooMuchWork(field, f"Best play with hidden rolls is worked out exactly, and this Defend needs "
                                 f"{steps(w)} steps (at most {MAX_WORK:,}), the depth of the rerolls counted: commit "
                                 "fewer or smaller dice, give fewer rerolls, or play a named reroll policy.")


def check_total(defends: list[tuple[Force, ...]], field: str) -> None:
    """Several Defends answered together (the advisor's choices) share one bound: their work, summed."""
    built: set = set()
    total = sum(work(forces, built) for forces in defends)
    if total > MAX_WORK:
        raise TooMuchWork(field, f"Best play with hidden rolls is worked out exactly, and these {len(defends)} "
                                 f"choices need {steps(total)} steps between them (at most {MAX_WORK:,}), the depth "
                                 "of the rerolls counted: leave out dice you would never commit, or play a named "
                                 "reroll policy.")


class Moves:
    """Every state a player's dice can be in (each first roll: a reroll keeps the dice, changes a value) and, for
    each, the rerolls best play weighs, in ruling COM R18's order (most faces first, then the lowest showing;
    one per different die): (die index, share of the common step, the states each face leads to, a getter of
    those states' values). Built once per set of dice and shared by every answer of the equilibrium."""

    def __init__(self, dice: tuple[int, ...], rounds: int, guard: Guard):
        guard.charge(initial_count(dice) * sum(size(d) for d in dice) * UNIT_MOVE, "the table of rerolls")
        start, self.total = first_rolls(dice)
        self.states = list(start)
        self.start = [start[s] for s in self.states]
        index = {s: k for k, s in enumerate(self.states)}
        self.index = index
        self.step = sizes_lcm(dice)
        self.tops = [tuple(v for v, _ in s[:rounds]) for s in self.states]
        self.options: list[list[tuple]] = []
        for s in self.states:
            opts, seen = [], set()
            for j in sorted(range(len(s)), key=lambda j: (-size(s[j][1]), s[j][0])):
                if s[j] in seen:
                    continue
                seen.add(s[j])
                faces = s[j][1]
                rest = s[:j] + s[j + 1:]
                kids = tuple(index[tuple(sorted(rest + ((v, faces),), reverse=True))] for v in face_values(faces))
                guard.done += len(kids) * UNIT_MOVE
                opts.append((j, self.step // size(faces), kids, itemgetter(*kids)))  # a die has 2+ faces
            self.options.append(opts)

    def option(self, dice: Dice, j: int) -> tuple:
        """The reroll of die ``j`` of ``dice`` (any of the same faces and value stands for it)."""
        return next(o for o in self.options[self.index[dice]] if dice[o[0]] == dice[j])


_MOVES: dict = {}  # (dice, rounds) -> Moves: the last few tables built, shared by the answers using them
KEEP_MOVES = 8


def moves_for(dice: tuple[int, ...], rounds: int, guard: Guard) -> Moves:
    key = (dice, rounds)
    got = _MOVES.get(key)
    if got is None:
        got = Moves(dice, rounds, guard)
        while len(_MOVES) >= KEEP_MOVES:
            _MOVES.pop(next(iter(_MOVES)))
        _MOVES[key] = got
    return got


class Answer:
    """One player's best play against the others' final dice (independent, each a ``Finals``)."""

    def __init__(self, forces: tuple[Force, ...], me: int, others: dict[int, Finals], objective: str,
                 tail: Tail | None, memo: dict | None = None, guard: Guard | None = None,
                 moves: Moves | None = None):
        self.forces, self.me, self.tail = forces, me, tail
        self.guard = Guard() if guard is None else guard
        self.left_memo = {} if memo is None else memo  # table -> pyramids left: shared by every answer
        self.rounds = rounds_of(forces)
        self.pyramids = tuple(f.pyramids for f in forces)
        self.kept_first = objective == "kept"
        order = sorted(others)
        # Whole-number weights over one denominator: the inner loop adds integers, not Fractions.
        dens = {j: lcm(*(p.denominator for p in others[j].values())) for j in order}
        self.den = prod(dens.values())
        self.combos = []
        for vals in product(*(others[j] for j in order)):
            pairs = list(zip(order, vals, strict=True))
            self.combos.append((dict(pairs), prod(int(others[j][v] * dens[j]) for j, v in pairs)))
        # each combination as the table around the player's own values: (players before, players after, weight)
        self.rows = [(tuple(c[j] for j in order if j < me), tuple(c[j] for j in order if j > me), w)
                     for c, w in self.combos]
        self.payoffs: dict = {}
        self.rerolls = effective(forces[me])[1]
        if not others:  # ``outcome`` only resolves tables: no programme
            return
        self.moves = moves if moves is not None else moves_for(forces[me].dice, self.rounds, self.guard)
        self.step = self.moves.step  # a reroll of any of the player's dice splits a weight this many ways
        tops_count = len(set(self.moves.tops))
        kids = sum(len(o[2]) for opts in self.moves.options for o in opts)
        faces = max(size(d) for d in forces[me].dice)
        self.guard.charge(self.rerolls * kids + tops_count * len(self.combos) * UNIT_PAYOFF
                          + (self.rerolls + 1) * len(self.moves.states) * faces * UNIT_FINALS,
                          f"one answer of player {me + 1} ({counted(self.rerolls, 'reroll')} deep)")
        # Keys (primary, secondary) are packed as primary * big + secondary: sums and comparisons stay exact,
        # since a secondary never reaches big at any depth.
        self.big = self.den * (self.pyramids[me] + 1) * self.step ** self.rerolls + 1
        self.levels: list[list[int]] = []
        self.picks: list[list] = []
        self._solve(self.rerolls)

    def lost(self, table: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
        """COM 6.5-6.6: the comparisons of the top values, then ruling COM R3's whole-pool tail if any."""
        n = len(table)
        lost = [0] * n
        for r in range(self.rounds):
            column = [t[r] for t in table]
            low = min(column)
            for i in range(n):
                if column[i] == low:
                    lost[i] += 1
        return self.tail(tuple(lost))[0] if self.tail else tuple(lost)

    def payoff(self, mine: tuple[int, ...]) -> tuple[int, int]:
        """(primary, secondary) for the objective, as whole numbers over ``den``: the chance of ending as sole
        occupier and the pyramids kept (ruling COM R18)."""
        got = self.payoffs.get(mine)
        if got is not None:
            return got
        sole = kept = 0
        me, n = self.me, len(self.forces)
        memo = self.left_memo
        for before, after, w in self.rows:
            table = before + (mine,) + after
            left = memo.get(table)
            if left is None:
                lost = self.lost(table)
                left = memo[table] = tuple(self.pyramids[i] - lost[i] for i in range(n))
            kept += w * left[me]
            if left[me] > 0 and not any(left[:me]) and not any(left[me + 1:]):
                sole += w
        self.guard.done += len(self.rows) * UNIT_PAYOFF
        got = self.payoffs[mine] = (kept, sole) if self.kept_first else (sole, kept)
        return got

    def _solve(self, upto: int) -> None:
        """Ruling COM R18 by backward induction over the table of moves, level by level (``left`` rerolls to
        come): stop, or the first reroll (in the table's order) strictly better than stopping and than every
        earlier one. Level ``left`` holds packed keys over ``den * step ** left``."""
        m, big = self.moves, self.big
        if not self.levels:
            self.levels.append([a * big + b for a, b in map(self.payoff, m.tops)])
            self.picks.append([None] * len(m.states))
        stop = self.levels[0]
        for left in range(len(self.levels), upto + 1):
            prev, scale = self.levels[-1], self.step ** left
            level, picks = [], []
            done = 0
            for k, opts in enumerate(m.options):
                best, pick = stop[k] * scale, None
                for opt in opts:
                    x = opt[1] * sum(opt[3](prev))
                    done += len(opt[2])
                    if x > best:
                        best, pick = x, opt
                level.append(best)
                picks.append(pick)
            self.guard.done += done
            self.levels.append(level)
            self.picks.append(picks)

    def _key(self, x: int) -> tuple[int, int]:
        return divmod(x, self.big)

    def stop_key(self, dice: Dice, left: int) -> tuple[int, int]:
        """The key of stopping now, over the same denominator as a reroll's with ``left`` rerolls to come."""
        a, b = self.payoff(tuple(v for v, _ in dice[:self.rounds]))
        scale = self.step ** left
        return a * scale, b * scale

    def reroll_key(self, dice: Dice, j: int, left: int) -> tuple[int, int]:
        """The key of rerolling die j now and playing on best (over ``den * step ** left``)."""
        self._solve(left - 1)
        _, share, kids, _ = self.moves.option(dice, j)
        prev = self.levels[left - 1]
        return self._key(share * sum(prev[c] for c in kids))

    def chances(self, key: tuple[int, int], left: int) -> tuple[Fraction, Fraction]:
        """A key as (chance of sole occupier, pyramids kept on average)."""
        den = self.den * self.step ** left
        x, y = Fraction(key[0], den), Fraction(key[1], den)
        return (y, x) if self.kept_first else (x, y)

    def finals(self) -> Finals:
        """The player's final top values under this best play, from every first roll (weights over one
        denominator, ``total * step ** rerolls``)."""
        m, top = self.moves, self.rerolls
        layer = dict(enumerate(m.start))
        out: dict = defaultdict(int)
        done = 0
        for taken in range(top + 1):
            picks = self.picks[top - taken]
            scale = self.step ** (top - taken)
            nxt: dict = defaultdict(int)
            for k, w in layer.items():
                opt = picks[k]
                if opt is None:
                    out[m.tops[k]] += w * scale
                    continue
                share = w * opt[1]
                for c in opt[2]:
                    nxt[c] += share
                done += len(opt[2])
            layer = nxt
        self.guard.done += done * UNIT_FINALS
        den = m.total * self.step ** top
        return {t: Fraction(w, den) for t, w in out.items()}


class NoEquilibrium(InputError):
    """The players' best answers go round in a circle: no single best play to show."""


def equilibrium(forces: tuple[Force, ...], objective: str, tail: Tail | None,
                guard: Guard | None = None) -> dict[int, Finals]:
    """Every player's final top values when the best players each answer the others' play (see the module).

    The bound (``check``) comes first; ``guard`` (one per answer; the advisor's choices share one) is charged
    for every table of moves and every answer, so a search that has not settled when the work runs out is
    refused with the reason instead of running on."""
    check(forces)
    guard = Guard() if guard is None else guard
    rounds = rounds_of(forces)
    best = players_best(forces)
    # the best players start from no rerolls; the others play their named policy throughout
    finals = {i: tops(final_dist(f.dice, 0, "none"), rounds) if i in best else named_finals(f, rounds)
              for i, f in enumerate(forces)}
    memo: dict = {}
    moves = {i: moves_for(forces[i].dice, rounds, guard) for i in best}
    for n in range(MAX_ROUNDS):
        changed = False
        for i in best:
            others = {j: d for j, d in finals.items() if j != i}
            try:
                mine = Answer(forces, i, others, objective, tail, memo, guard, moves[i]).finals()
            except TooMuchWork as err:
                if n < PLANNED_ROUNDS:
                    raise
                raise TooMuchWork(guard.field, f"With hidden rolls the players' best answers to each other had not "
                                               f"settled after {counted(n, 'round')} of answers when the work allowed "
                                               f"({guard.limit:,} steps) ran out, so there is no best play to show. "
                                               "Choose a named reroll policy for some players, commit fewer dice, "
                                               "or the open reading.") from err
            if mine != finals[i]:
                finals[i], changed = mine, True
        if not changed:
            return finals
    raise NoEquilibrium("com_r2", "With hidden rolls the players' best answers to each other go round in a circle "
                                  f"(followed for {MAX_ROUNDS} rounds of answers): answering in turn never settles on "
                                  "one play, so there is no single best play to show. Choose a named reroll policy "
                                  "for some players, or the open reading.")


def outcome(forces: tuple[Force, ...], finals: dict[int, Finals]) -> Outcome:
    """The exact joint distribution of pyramids lost: the players' final dice are independent."""
    answer = Answer(forces, 0, {}, "sole", None)
    lost: dict = defaultdict(Fraction)
    order = range(len(forces))
    for combo in product(*(finals[i].items() for i in order)):
        lost[answer.lost(tuple(v for v, _ in combo))] += prod(p for _, p in combo)
    rounds = rounds_of(forces)
    given = tuple(Fraction(min(len(f.dice), rounds)) for f in forces)
    return Outcome("exact", dict(lost), given)
