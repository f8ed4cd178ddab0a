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
the Defend is refused with the figure, never left to run.
"""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product
from math import lcm, prod

from ..core import InputError
from .bestplay import rounds_of
from .combat import Tail
from .faces import size, sizes_lcm, values as face_values
from .forces import Force
from .policies import Dice
from .rolls import final_dist, first_rolls, initial_count
from .solver import Outcome, effective

MAX_WORK = 150_000  # own-dice outcomes x opponents' combinations a round: about 1.3 s of CPython at most
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


def work(forces: tuple[Force, ...]) -> int:
    """An upper bound on one round of answers: each best player's own-dice outcomes times the others'."""
    r = rounds_of(forces)
    reach = [min(initial_count(f.dice), max(size(d) for d in f.dice) ** r) for f in forces]
    return sum(reach[i] * prod(reach[:i] + reach[i + 1:]) for i in players_best(forces))


def steps(w: int) -> str:
    return f"about {w:,}" if w < 10**9 else "more than 1,000,000,000"


def check(forces: tuple[Force, ...], field: str = "com_r2") -> None:
    w = work(forces)
    if w > MAX_WORK:
        raise InputError(field, f"Best play with hidden rolls is worked out exactly, and this Defend needs "
                                f"{steps(w)} steps a round (at most {MAX_WORK:,}): commit fewer or smaller dice, or "
                                f"play a named reroll policy.")


def check_total(defends: list[tuple[Force, ...]], field: str) -> None:
    """Several Defends answered together (the advisor's choices) share one bound: their work, summed."""
    total = sum(work(forces) for forces in defends if rounds_of(forces))
    if total > MAX_WORK:
        raise InputError(field, f"Best play with hidden rolls is worked out exactly, and these {len(defends)} choices "
                                f"need {steps(total)} steps a round between them (at most {MAX_WORK:,}): leave out "
                                "dice you would never commit, or play a named reroll policy.")


class Answer:
    """One player's best play against the others' final dice (independent, each a ``Finals``)."""

    def __init__(self, forces: tuple[Force, ...], me: int, others: dict[int, Finals], objective: str,
                 tail: Tail | None, memo: dict | None = None):
        self.forces, self.me, self.tail = forces, me, tail
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
        self.step = sizes_lcm(forces[me].dice)  # a reroll of any of the player's dice splits a weight this many ways
        self.payoffs: dict = {}
        self.values: dict = {}

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
        for others, w in self.combos:
            table = tuple(mine if i == me else others[i] for i in range(n))
            left = memo.get(table)
            if left is None:
                lost = self.lost(table)
                left = memo[table] = tuple(self.pyramids[i] - lost[i] for i in range(n))
            kept += w * left[me]
            if left[me] > 0 and not any(left[i] for i in range(n) if i != me):
                sole += w
        got = self.payoffs[mine] = (kept, sole) if self.kept_first else (sole, kept)
        return got

    def value(self, dice: Dice, left: int) -> tuple[tuple[int, int], int | None]:
        """The best key with ``left`` rerolls to come (whole numbers over ``den * step ** left``), and the die to
        reroll now (None: stop). Ruling COM R18: reroll only when strictly better; among equal rerolls the die
        with most faces, then the lowest showing."""
        memo = self.values.get((dice, left))
        if memo is not None:
            return memo
        best, pick = self.stop_key(dice, left), None
        if left:
            seen = set()
            for j in sorted(range(len(dice)), key=lambda j: (-size(dice[j][1]), dice[j][0])):
                if dice[j] in seen:
                    continue
                seen.add(dice[j])
                key = self.reroll_key(dice, j, left)
                if key > best:
                    best, pick = key, j
        self.values[(dice, left)] = best, pick
        return best, pick

    def stop_key(self, dice: Dice, left: int) -> tuple[int, int]:
        """The key of stopping now, over the same denominator as a reroll's with ``left`` rerolls to come."""
        a, b = self.payoff(tuple(v for v, _ in dice[:self.rounds]))
        scale = self.step ** left
        return a * scale, b * scale

    def reroll_key(self, dice: Dice, j: int, left: int) -> tuple[int, int]:
        """The key of rerolling die j now and playing on best (over ``den * step ** left``)."""
        faces = dice[j][1]
        rest = dice[:j] + dice[j + 1:]
        share = self.step // size(faces)
        a = b = 0
        for v in face_values(faces):
            (x, y), _ = self.value(tuple(sorted(rest + ((v, faces),), reverse=True)), left - 1)
            a += x
            b += y
        return a * share, b * share

    def chances(self, key: tuple[int, int], left: int) -> tuple[Fraction, Fraction]:
        """A key as (chance of sole occupier, pyramids kept on average)."""
        den = self.den * self.step ** left
        x, y = Fraction(key[0], den), Fraction(key[1], den)
        return (y, x) if self.kept_first else (x, y)

    def finals(self) -> Finals:
        """The player's final top values under this best play, from every first roll."""
        force = self.forces[self.me]
        start, total = first_rolls(force.dice)
        layer = {dice: Fraction(w, total) for dice, w in start.items()}
        out: Finals = defaultdict(Fraction)
        for left in range(effective(force)[1], -1, -1):
            nxt: dict = defaultdict(Fraction)
            for dice, p in layer.items():
                _, j = self.value(dice, left)
                if j is None:
                    out[tuple(v for v, _ in dice[:self.rounds])] += p
                    continue
                faces = dice[j][1]
                rest = dice[:j] + dice[j + 1:]
                for v in face_values(faces):
                    nxt[tuple(sorted(rest + ((v, faces),), reverse=True))] += p / size(faces)
            layer = nxt
        return dict(out)


class NoEquilibrium(InputError):
    """The players' best answers go round in a circle: no single best play to show."""


def equilibrium(forces: tuple[Force, ...], objective: str, tail: Tail | None) -> dict[int, Finals]:
    """Every player's final top values when the best players each answer the others' play (see the module)."""
    check(forces)
    rounds = rounds_of(forces)
    best = players_best(forces)
    # the best players start from no rerolls; the others play their named policy throughout
    finals = {i: tops(final_dist(f.dice, 0, "none"), rounds) if i in best else named_finals(f, rounds)
              for i, f in enumerate(forces)}
    memo: dict = {}
    for _ in range(MAX_ROUNDS):
        changed = False
        for i in best:
            mine = Answer(forces, i, {j: d for j, d in finals.items() if j != i}, objective, tail, memo).finals()
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
