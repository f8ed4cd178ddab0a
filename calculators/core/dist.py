"""Exact discrete distributions.

Probabilities are ``Fraction`` throughout: floats appear only when a result is
serialised, beside the fraction, never in arithmetic (house rule 3).
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)  # an outcome: a number for the arithmetic (mean, at_least, +), else any value


@dataclass(frozen=True)
class Dist(Generic[K]):
    """An immutable distribution over hashable outcomes; probabilities sum to exactly 1."""

    items: tuple[tuple[K, Fraction], ...]

    @staticmethod
    def of(weights: Mapping[K, int | Fraction]) -> Dist[K]:
        total = sum(weights.values())
        if total <= 0:
            raise ValueError("a distribution needs positive total weight")
        merged = {k: Fraction(w) / total for k, w in weights.items() if w}
        return Dist(tuple(sorted(merged.items(), key=lambda kv: _sort_key(kv[0]))))

    @staticmethod
    def certain(outcome: K) -> Dist[K]:
        return Dist(((outcome, Fraction(1)),))

    @staticmethod
    def uniform(outcomes: Iterable[K]) -> Dist[K]:
        weights: dict[K, int] = {}
        for o in outcomes:
            weights[o] = weights.get(o, 0) + 1
        return Dist.of(weights)

    @staticmethod
    def bernoulli(p: Fraction | int) -> Dist[int]:
        """1 with probability p, else 0."""
        p = Fraction(p)
        return Dist.of({0: 1 - p, 1: p})

    @staticmethod
    def binomial(n: int, p: Fraction | int) -> Dist[int]:
        p = Fraction(p)
        out: dict[int, Fraction] = {0: Fraction(1)}
        for _ in range(n):
            nxt: dict[int, Fraction] = {}
            for k, w in out.items():
                nxt[k] = nxt.get(k, 0) + w * (1 - p)
                nxt[k + 1] = nxt.get(k + 1, 0) + w * p
            out = nxt
        return Dist.of(out)

    def as_dict(self) -> dict[K, Fraction]:
        return dict(self.items)

    def p(self, predicate: Callable[[K], bool]) -> Fraction:
        return sum((w for o, w in self.items if predicate(o)), Fraction(0))

    def at_least(self: Dist[int], k: int) -> Fraction:
        return self.p(lambda o: o >= k)

    def mean(self: Dist[int]) -> Fraction:
        return sum((Fraction(o) * w for o, w in self.items), Fraction(0))

    def __add__(self: Dist[int], other: Dist[int]) -> Dist[int]:
        out: dict[int, Fraction] = {}
        for a, wa in self.items:
            for b, wb in other.items:
                out[a + b] = out.get(a + b, 0) + wa * wb
        return Dist.of(out)

    def total(self) -> Fraction:
        return sum((w for _, w in self.items), Fraction(0))

    def to_json(self, label: Callable[[K], str] | None = None) -> list[dict]:
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
    """A probability as a percentage; a chance that is not 0 never reads "0.0%", nor one below 1 "100.0%"."""
    shown = f"{float(x) * 100:.{digits}f}"
    step = f"{10 ** -digits:.{digits}f}" if digits > 0 else "1"
    if x > 0 and float(shown) == 0:
        return f"< {step}%"
    if x < 1 and float(shown) == 100:
        return f"> {100 - float(step):.{digits}f}%"
    return f"{shown}%"


def exact_percent(x: Fraction | int, digits: int) -> str:
    """An exact chance as a percentage: whole where it is whole ("20%", "0%", "100%"), else ``percent(x, digits)``.

    >>> exact_percent(Fraction(1, 5), 2), exact_percent(Fraction(1, 6), 2), exact_percent(Fraction(1), 2)
    ('20%', '16.67%', '100%')
    """
    whole = Fraction(x) * 100
    return f"{whole.numerator}%" if whole.denominator == 1 else percent(x, digits)


def chance(x: Fraction | int) -> str:
    """A chance for a headline, in plain words: "60% (3 in 5)", "9.1% (1 in 10.9)", "90.3%", "< 0.1%".

    The percentage is whole where it is exact ("50%"), else to 0.1 (0.01 below 1%); beside it the fraction
    when it is short enough to picture ("3 in 5", at most 20 below the line), else "1 in N" for a chance
    below one half (a likelier one reads best as its percentage alone).

    >>> chance(Fraction(3, 5)), chance(Fraction(9139, 100000)), chance(Fraction(112833, 125000))
    ('60% (3 in 5)', '9.1% (1 in 10.9)', '90.3%')
    """
    x = Fraction(x)
    pct = exact_percent(x, 1 if x >= Fraction(1, 100) else 2)
    words = odds(x)
    return f"{pct} ({words})" if words else pct


def mean_text(x: Fraction | float) -> str:
    """An average for a table cell: to 2 places, a whole one without them ("2", not "2.000").

    >>> mean_text(Fraction(271, 216)), mean_text(Fraction(2)), mean_text(0.5)
    ('1.25', '2', '0.50')
    """
    whole = Fraction(x).denominator == 1 if isinstance(x, (int, Fraction)) else float(x).is_integer()
    return f"{int(x)}" if whole else f"{float(x):.2f}"


def odds(x: Fraction | int) -> str | None:
    """The odds beside a headline's percentage: the fraction itself when it is short enough to picture (at most
    20 below the line), "1 in N" for a chance below one half, else none (a likelier chance reads best as its
    percentage alone: "1 in 1.46" read oddly beside "3 in 5"). A table's cells use "1 in N" alone, the same way
    down a column (present.tables).

    >>> odds(Fraction(3, 5)), odds(Fraction(9139, 100000)), odds(Fraction(28435, 41472)), odds(1)
    ('3 in 5', '1 in 10.9', None, None)
    """
    x = Fraction(x)
    if x <= 0 or x >= 1:
        return None
    if x.denominator <= 20:
        return f"{x.numerator} in {x.denominator}"
    return one_in(x) if x < Fraction(1, 2) else None


def one_in(x: Fraction | float) -> str:
    """A probability as odds a player can picture: "1 in 6", "1 in 8.1", "1 in 12,400" (three figures)."""
    x = Fraction(x)
    if x <= 0:
        return "never"
    if x >= 1:
        return "always"
    n = 1 / x
    if n.denominator == 1:
        return f"1 in {n.numerator:,}"
    value = float(n)
    rounded = float(f"{value:.3g}")
    if rounded <= 1:
        return "almost always"
    return f"1 in {rounded:,.0f}" if rounded >= 100 else f"1 in {rounded:g}"


def _sort_key(o):
    if isinstance(o, (int, Fraction)):
        return (0, o, "")
    return (1, 0, repr(o))
