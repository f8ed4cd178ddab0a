"""The best reply to the dice on the table as it stands (ruling COM R18, and the approximation the
simulation uses when best play is too big to work out exactly).

A player who rerolls last faces dice that will not change again, so their best play is a
programme over their own dice alone. Only where each of their values falls against the lowest
value the others show at each rank matters (``bestplay.Classes``), so the programme runs over
those classes. Looking through every reroll left (``depth=None``) this is exact best play for
the last player to reroll (the tests hold it to the brute force). The simulation looks one reroll
ahead (``depth=1``): every player playing best takes a reroll when, against the table as it
stands, that one reroll raises their chance, as if nobody after them were to reroll.
"""
from __future__ import annotations

from .bestplay import Classes
from .faces import lowest, size, sizes_lcm
from .policies import Dice


class Reply:
    """Remembers its answers, so a simulation that meets the same table twice decides once."""

    def __init__(self, pyramids: tuple[int, ...], rounds: int, objective: str = "sole", depth: int | None = None):
        self.pyramids = pyramids
        self.R = rounds
        self.kept_first = objective == "kept"
        self.depth = depth  # None: look ahead through every reroll left; 1: one reroll at a time
        self.programmes: dict = {}

    def pick(self, me: int, dice: Dice, rerolls: int, tops: tuple[tuple[int, ...], ...]) -> int | None:
        """Index in ``dice`` of the die to reroll next, or None to stop.

        ``dice``: the player's dice, (value, faces) highest first; ``tops``: every player's top
        values as they stand (the player's own entry is ignored).
        """
        others = tuple((j, t) for j, t in enumerate(tops) if j != me)
        faces = tuple(sorted(f for _, f in dice))
        # one programme per view of the table: a player's successive rerolls share it
        prog = self.programmes.get((me, others, faces))
        if prog is None:
            if len(self.programmes) > 4096:
                self.programmes.clear()
            thresholds = tuple(min(t[r] for _, t in others) for r in range(self.R))
            prog = self.programmes[(me, others, faces)] = _Programme(self, me, others, thresholds,
                                                                      Classes(thresholds, lowest(faces)), faces)
        classes = prog.classes
        state = tuple(sorted(((classes.rep(v), f) for v, f in dice), reverse=True))
        if self.depth is not None:
            rerolls = min(rerolls, self.depth)
        choice = prog.choose(state, rerolls)
        if choice is None:
            return None
        rep, f = choice
        # the lowest die of that class and faces (all of them are alike for the outcome)
        return max(j for j, (v, g) in enumerate(dice) if g == f and classes.rep(v) == rep)


class _Programme:
    def __init__(self, reply: Reply, me: int, others, thresholds, classes: Classes, faces: tuple[int, ...]):
        self.classes = classes
        self.R = reply.R
        self.thresholds = thresholds
        self.mine = reply.pyramids[me]
        # for each other player: the ranks where they show the lowest value, and their pyramids
        self.at_low = [(sum(1 << r for r in range(self.R) if t[r] == thresholds[r]), reply.pyramids[j])
                       for j, t in others]
        self.kept_first = reply.kept_first
        self.big = sizes_lcm(faces)
        self.width = (10 * self.big ** 10).bit_length() + 1
        self.counts = {f: tuple((classes.reps[c], n) for c, n in classes.counts(f)) for f in set(faces)}
        self.values: dict = {}
        self.terms: dict = {}
        self.choices: dict = {}

    def terminal(self, state) -> int:
        """(primary << width) + secondary for the player, denominator 1."""
        got = self.terms.get(state)
        if got is None:
            ge = le = 0
            for r in range(self.R):
                x, t = state[r][0], self.thresholds[r]
                if x >= t:
                    ge |= 1 << r
                if x <= t:
                    le |= 1 << r
            kept = self.mine - le.bit_count()
            sole = int(kept > 0 and all((mask & ge).bit_count() == p for mask, p in self.at_low))
            first, second = (kept, sole) if self.kept_first else (sole, kept)
            got = self.terms[state] = (first << self.width) + second
        return got

    def value(self, state, k: int) -> int:
        """Best value with k rerolls left, over big ** k."""
        key = (state, k)
        got = self.values.get(key)
        if got is None:
            got = self.best(state, k)[0]
            self.values[key] = got
        return got

    def best(self, state, k: int):
        value = self.terminal(state) * self.big ** k
        choice = None
        if k == 0:
            return value, choice
        seen = set()
        # Ruling COM R18: most faces first, then the lowest showing; strictly better only. Against
        # dice that will not change, a higher value never does worse, so of dice with the same faces
        # rerolling the lowest is at least as good as any other: only it is tried.
        for j in sorted(range(len(state)), key=lambda j: (-size(state[j][1]), state[j][0])):
            die = state[j]
            f = die[1]
            if f in seen:
                continue
            seen.add(f)
            rest = state[:j] + state[j + 1:]
            acc = 0
            for c, cnt in self.counts[f]:
                acc += cnt * self.value(tuple(sorted(rest + ((c, f),), reverse=True)), k - 1)
            acc *= self.big // size(f)
            if acc > value:
                value, choice = acc, die
        return value, choice

    def choose(self, state, k: int):
        key = (state, k)
        got = self.choices.get(key, False)
        if got is False:
            got = self.choices[key] = self.best(state, k)[1]
        return got
