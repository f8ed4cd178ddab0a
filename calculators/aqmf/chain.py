"""A distribution over game states as integer weights over one denominator.

A turn of fire is a chain of random steps (one per attacking unit, then the morale tests),
each moving every state to a few next states. Every AQMF chance is a multiple of a power of
1/10, so each step's weights are integers over a step denominator; keeping one running
denominator avoids a gcd per addition (what Fraction arithmetic would cost), and Fractions
are made only for the output.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from math import lcm
from typing import Any, Generic, TypeVar

S = TypeVar("S", bound=Hashable)
K = TypeVar("K", bound=Hashable)
# A move: the next states of one state, as (state, integer weight) pairs whose weights sum to den.
Move = tuple[tuple[tuple[S | None, int], ...], int]
STAY: Move[Any] = ((None, 1),), 1  # the state stays as it is (None stands for "the same state")


class Chain(Generic[S]):
    """P(state) = weights[state] / den; the weights sum to den exactly."""

    def __init__(self, start: S):
        self.weights: dict[S, int] = {start: 1}
        self.den = 1

    def step(self, move: Callable[[S], Move[S]]) -> None:
        """Replace every state by its next states; ``move(state)`` returns ``(pairs, den)``."""
        moves = [(s, w, *move(s)) for s, w in self.weights.items()]
        den = lcm(*(d for *_, d in moves)) if moves else 1
        out: dict[S, int] = {}
        for s, w, pairs, d in moves:
            scale = w * (den // d)
            for s2, t in pairs:
                key = s if s2 is None else s2
                out[key] = out.get(key, 0) + scale * t
        self.weights = {s: w for s, w in out.items() if w}
        self.den *= den

    def digits(self) -> int:
        """Decimal digits of the running denominator (an upper bound for any output fraction's)."""
        return int(self.den.bit_length() * 0.30103) + 1

    def copy(self) -> Chain[S]:
        out: Chain[S] = Chain.__new__(Chain)
        out.weights, out.den = dict(self.weights), self.den
        return out

    def p(self, predicate: Callable[[S], bool]) -> Fraction:
        return Fraction(sum(w for s, w in self.weights.items() if predicate(s)), self.den)

    def expect(self, value: Callable[[S], Fraction | int]) -> Fraction:
        """Sum over states of P(state) * value(state); the values (counts, morale chances in tenths) are
        added as integers over their common denominator, so only one Fraction is made."""
        terms = [(w, Fraction(v)) for s, w in self.weights.items() if (v := value(s))]
        den = lcm(*(v.denominator for _, v in terms)) if terms else 1
        return Fraction(sum(w * v.numerator * (den // v.denominator) for w, v in terms), self.den * den)

    def marginal(self, key: Callable[[S], K]) -> dict[K, Fraction]:
        out: dict[K, int] = {}
        for s, w in self.weights.items():
            k = key(s)
            out[k] = out.get(k, 0) + w
        return {k: Fraction(w, self.den) for k, w in out.items()}

    def items(self) -> Iterable[tuple[S, Fraction]]:
        return ((s, Fraction(w, self.den)) for s, w in self.weights.items())
