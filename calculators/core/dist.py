"""Exact discrete distributions.

Probabilities are ``Fraction`` throughout: floats appear only when a result is
serialised, beside the fraction, never in arithmetic (house rule 3).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Callable, Hashable, Iterable, Mapping


@dataclass(frozen=True)
class Dist:
    """An immutable distribution over hashable outcomes; probabilities sum to exactly 1."""

    items: tuple[tuple[Hashable, Fraction], ...]

    @staticmethod
    def of(weights: Mapping[Hashable, int | Fraction]) -> Dist:
        total = sum(weights.values())
        if total <= 0:
            raise ValueError("a distribution needs positive total weight")
        merged = {k: Fraction(w) / total for k, w in weights.items() if w}
        return Dist(tuple(sorted(merged.items(), key=lambda kv: _sort_key(kv[0]))))

    @staticmethod
    def certain(outcome: Hashable) -> Dist:
        return Dist(((outcome, Fraction(1)),))

    @staticmethod
    def uniform(outcomes: Iterable[Hashable]) -> Dist:
        weights: dict = {}
        for o in outcomes:
            weights[o] = weights.get(o, 0) + 1
        return Dist.of(weights)

    @staticmethod
    def bernoulli(p: Fraction) -> Dist:
        """1 with probability p, else 0."""
        p = Fraction(p)
        return Dist.of({0: 1 - p, 1: p})

    @staticmethod
    def binomial(n: int, p: Fraction) -> Dist:
        p = Fraction(p)
        out = {0: Fraction(1)}
        for _ in range(n):
            nxt: dict[int, Fraction] = {}
            for k, w in out.items():
                nxt[k] = nxt.get(k, 0) + w * (1 - p)
                nxt[k + 1] = nxt.get(k + 1, 0) + w * p
            out = nxt
        return Dist.of(out)

    def as_dict(self) -> dict:
        return dict(self.items)

    def p(self, predicate: Callable[[Hashable], bool]) -> Fraction:
        return sum((w for o, w in self.items if predicate(o)), Fraction(0))

    def at_least(self, k) -> Fraction:
        return self.p(lambda o: o >= k)

    def mean(self) -> Fraction:
        return sum((Fraction(o) * w for o, w in self.items), Fraction(0))

    def __add__(self, other: Dist) -> Dist:
        out: dict = {}
        for a, wa in self.items:
            for b, wb in other.items:
                out[a + b] = out.get(a + b, 0) + wa * wb
        return Dist.of(out)

    def total(self) -> Fraction:
        return sum((w for _, w in self.items), Fraction(0))

    def to_json(self, label: Callable[[Hashable], str] | None = None) -> list[dict]:
        """Each outcome with its exact fraction ("n/d") and its float (the contract's form)."""
        return [
            {"outcome": label(o) if label else o, "p": frac(w), "float": float(w)}
            for o, w in self.items
        ]


def frac(x: Fraction | int) -> str:
    """A probability as "n/d" (whole numbers as "n/1"), the contract's exact form."""
    x = Fraction(x)
    return f"{x.numerator}/{x.denominator}"


def prob(x: Fraction | int) -> dict:
    """A single probability in the contract's form."""
    x = Fraction(x)
    return {"p": frac(x), "float": float(x)}


def percent(x: Fraction | float, digits: int = 1) -> str:
    return f"{float(x) * 100:.{digits}f}%"


def _sort_key(o):
    if isinstance(o, (int, Fraction)):
        return (0, o, "")
    return (1, 0, repr(o))
