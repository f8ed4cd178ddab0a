"""Exact distributions over 0..n kept as integer weights over one denominator.

Every AQMF probability is a multiple of 1/10 or 1/100, so a whole volley's distribution fits
integer weights over a power of ten. Adding and comparing integers avoids a gcd per step,
which is what keeps a 60-die query within a few milliseconds; Fractions are made only for
the output, once per outcome.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import comb
from collections.abc import Callable

from ..core import Dist


@dataclass(frozen=True)
class IntDist:
    """P(k) = weights[k] / den for k = 0..len(weights) - 1; the weights sum to den."""

    weights: tuple[int, ...]
    den: int

    @staticmethod
    def binomial(n: int, p: Fraction) -> IntDist:
        p = Fraction(p)
        a, d = p.numerator, p.denominator
        b = d - a
        # Powers built incrementally: comb * a^k * b^(n-k), no Fraction anywhere.
        apow = [1] * (n + 1)
        bpow = [1] * (n + 1)
        for i in range(1, n + 1):
            apow[i] = apow[i - 1] * a
            bpow[i] = bpow[i - 1] * b
        return IntDist(tuple(comb(n, k) * apow[k] * bpow[n - k] for k in range(n + 1)), d ** n)

    def __add__(self, other: IntDist) -> IntDist:
        """The sum of two independent counts (integer convolution)."""
        out = [0] * (len(self.weights) + len(other.weights) - 1)
        for i, a in enumerate(self.weights):
            if a:
                for j, b in enumerate(other.weights):
                    out[i + j] += a * b
        return IntDist(tuple(out), self.den * other.den)

    def cap(self, most: int) -> IntDist:
        """min(k, most): everything above ``most`` lands on it."""
        if len(self.weights) <= most + 1:
            return self
        return IntDist(self.weights[:most] + (sum(self.weights[most:]),), self.den)

    # -- the Dist-like reading side -------------------------------------------
    @property
    def items(self) -> tuple[tuple[int, Fraction], ...]:
        return self.dist.items

    @cached_property
    def dist(self) -> Dist:
        return Dist(tuple((k, Fraction(w, self.den)) for k, w in enumerate(self.weights) if w))

    @cached_property
    def _tails(self) -> tuple[int, ...]:
        out = [0] * (len(self.weights) + 1)
        for k in range(len(self.weights) - 1, -1, -1):
            out[k] = out[k + 1] + self.weights[k]
        return tuple(out)

    def at_least(self, k: int) -> Fraction:
        k = max(k, 0)
        return Fraction(self._tails[k] if k < len(self._tails) else 0, self.den)

    def p(self, predicate: Callable[[int], bool]) -> Fraction:
        return Fraction(sum(w for k, w in enumerate(self.weights) if predicate(k)), self.den)

    def weighted(self, fn: Callable[[int], Fraction | int]) -> Fraction:
        """Sum over k of P(k) * fn(k)."""
        return sum((w * Fraction(fn(k)) for k, w in enumerate(self.weights) if w), Fraction(0)) / self.den

    def mean(self) -> Fraction:
        return Fraction(sum(k * w for k, w in enumerate(self.weights)), self.den)

    def as_dict(self) -> dict:
        return self.dist.as_dict()

    def to_json(self, label=None) -> list[dict]:
        return self.dist.to_json(label)

    def total(self) -> Fraction:
        return Fraction(sum(self.weights), self.den)

