"""The tripod damage chart (AQMF 18.1-18.7, table AQMF 20.4) as exact transitions."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import gcd
from typing import TYPE_CHECKING

from .dice import D10

if TYPE_CHECKING:
    from typing_extensions import TypeIs

DESTROYED, EXPLODED = "destroyed", "exploded"

# Outcome categories in chart order; "badly damaged, destroyed" is an 8 that takes Armor to 0 or less.
CATEGORIES = ("damaged", "crippled", "weapons disabled", "badly damaged", "badly damaged, destroyed",
              "destroyed", "explodes")


def category(roll: int) -> str:
    """AQMF 20.4: the chart row for a modified roll (8 is split later by the Armor roll)."""
    if roll <= 5:
        return "damaged"
    if roll == 6:
        return "crippled"
    if roll == 7:
        return "weapons disabled"
    if roll == 8:
        return "badly damaged"
    if roll == 9:
        return "destroyed"
    return "explodes"


CHART_DEN = D10 * D10  # every chart outcome is a multiple of 1/100


@lru_cache(maxsize=8192)
def transition_weights(armor: int, points: int, bonus: int = 0) -> tuple[tuple[str, int | str, int], ...]:
    """Every (category, next state, weight over 100) after ``points`` damage points in one attack.

    AQMF 18.1: roll a D10 and add 1 for each point beyond the first (plus ``bonus``: +3 for a
    tow-cable fall, AQMF 16.3). The next state is the new Armor (an int, floored at 0, ruling
    AQMF R15), ``"destroyed"`` or ``"exploded"``. Counted face by face, in integers.
    """
    if points < 1:
        raise ValueError("the chart is rolled only for at least one damage point")
    out: dict[tuple[str, int | str], int] = {}
    for die in range(1, D10 + 1):
        roll = die + points - 1 + bonus
        cat = category(roll)
        if cat in ("damaged", "crippled", "weapons disabled"):
            key: tuple[str, int | str] = (cat, max(armor - 1, 0))
            out[key] = out.get(key, 0) + D10
        elif cat == "badly damaged":
            for loss in range(1, D10 + 1):  # AQMF 18.5: Armor falls by a D10
                left = armor - loss
                key = ("badly damaged, destroyed", DESTROYED) if left <= 0 else ("badly damaged", left)
                out[key] = out.get(key, 0) + 1
        else:
            key = (cat, DESTROYED if cat == "destroyed" else EXPLODED)
            out[key] = out.get(key, 0) + D10
    return tuple((c, st, w) for (c, st), w in out.items())


@lru_cache(maxsize=8192)
def transitions(armor: int, points: int, bonus: int = 0) -> tuple[tuple[str, int | str, Fraction], ...]:
    """``transition_weights`` as probabilities."""
    return tuple((c, st, Fraction(w, CHART_DEN)) for c, st, w in transition_weights(armor, points, bonus))


def is_down(state: object) -> TypeIs[str]:
    """The tripod is destroyed or has exploded (a state that is no longer a ``TripodState``)."""
    return state in (DESTROYED, EXPLODED)


def after_attack(points: dict, armor: int, bonus: int = 0) -> tuple[dict, dict]:
    """Chart outcome and next state for a distribution of damage points ``{k: p}`` in one attack.

    Returns ``(categories, states)``: ``{category: p}`` (with ``"no damage"`` for k = 0) and
    ``{state: p}`` where a state is the Armor left, ``"destroyed"`` or ``"exploded"``.
    """
    den = 1
    for p in points.values():
        d = Fraction(p).denominator
        den = den * d // gcd(den, d)
    top = max(points)
    weights = [int(Fraction(points.get(k, 0)) * den) for k in range(top + 1)]
    return after_attack_weights(weights, den, armor, bonus)


def after_attack_weights(weights, den: int, armor: int, bonus: int = 0) -> tuple[dict, dict]:
    """``after_attack`` for integer weights over ``den`` (P(k points) = weights[k] / den)."""
    # From 10 - bonus points on, every face gives 10+: merging them is exact and saves work.
    most = max(1, D10 - bonus)
    merged = list(weights[:most]) + [0] * max(0, most - len(weights))
    merged.append(sum(weights[most:]))
    cats: dict[str, int] = {}
    states: dict[object, int] = {}
    for k, w in enumerate(merged):
        if not w:
            continue
        if k == 0:
            cats["no damage"] = cats.get("no damage", 0) + w * CHART_DEN
            states[armor] = states.get(armor, 0) + w * CHART_DEN
            continue
        for cat, state, t in transition_weights(armor, k, bonus):
            cats[cat] = cats.get(cat, 0) + w * t
            states[state] = states.get(state, 0) + w * t
    total = den * CHART_DEN
    return ({c: Fraction(w, total) for c, w in cats.items() if w},
            {s: Fraction(w, total) for s, w in states.items() if w})


def p_down(states: dict) -> Fraction:
    return sum((p for s, p in states.items() if is_down(s)), Fraction(0))


def state_label(state) -> str:
    if state == DESTROYED:
        return "destroyed"
    if state == EXPLODED:
        return "exploded"
    return f"Armor {state}" if state > 0 else "Armor 0 or less"


def ordered_states(states: dict) -> list:
    """Armor values high to low, then destroyed, then exploded."""
    nums = sorted((s for s in states if not is_down(s)), reverse=True)
    return nums + [s for s in (DESTROYED, EXPLODED) if s in states]
