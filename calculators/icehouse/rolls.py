"""Exact distributions of one player's final dice after their rerolls (COM 6.3).

Weights are whole numbers over a common denominator while enumerating (fast), and become
Fractions only at the end.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, factorial, lcm, prod

from .policies import POLICY, Dice


def initial_count(faces: tuple[int, ...]) -> int:
    """How many distinct sorted first rolls a pool has (the enumeration's size)."""
    return prod(comb(f + n - 1, n) for f, n in Counter(faces).items())


def first_rolls(faces: tuple[int, ...]) -> tuple[dict[Dice, int], int]:
    """Every sorted first roll with its number of orderings, and the total (prod of faces)."""
    out: dict[Dice, int] = {(): 1}
    for f, n in sorted(Counter(faces).items()):
        part = {}
        for values in combinations_with_replacement(range(1, f + 1), n):
            ways = factorial(n)
            for c in Counter(values).values():
                ways //= factorial(c)
            part[tuple((v, f) for v in values)] = ways
        out = {a + b: wa * wb for a, wa in out.items() for b, wb in part.items()}
    return {tuple(sorted(k, reverse=True)): w for k, w in out.items()}, prod(faces)


def final_dist(faces: tuple[int, ...], rerolls: int, policy: str,
               context: tuple[int, ...] | None = None) -> dict[tuple[int, ...], Fraction]:
    """Distribution of the final values (highest first) after the policy spends its rerolls, one
    die at a time, any die (again) each time (ruling COM R5)."""
    start, total = first_rolls(faces)
    pick = POLICY[policy]
    step = lcm(*faces) if faces else 1
    finals: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
    layer, denom = start, total
    for _ in range(rerolls + 1):
        nxt: dict[Dice, int] = defaultdict(int)
        done: dict[tuple[int, ...], int] = defaultdict(int)
        last = _ == rerolls
        for dice, w in layer.items():
            i = None if last else pick(dice, context)
            if i is None:
                done[tuple(v for v, _f in dice)] += w
                continue
            f = dice[i][1]
            share = w * (step // f)
            rest = dice[:i] + dice[i + 1:]
            for value in range(1, f + 1):
                nxt[tuple(sorted(rest + ((value, f),), reverse=True))] += share
        for k, w in done.items():
            finals[k] += Fraction(w, denom)
        layer, denom = nxt, denom * step
        if not layer:
            break
    return dict(finals)
