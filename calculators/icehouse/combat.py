"""The Defend comparison, one roll at a time (COM 6.5 and COM 6.6, rulings COM R3 and COM R4).

This direct version serves the Monte Carlo and the joint enumeration; the exact solver in
``exact.py`` reaches the same answers by another route, and the tests hold them to each other.
"""
from __future__ import annotations

from collections.abc import Sequence


def rank_losses(tops: Sequence[Sequence[int]], rounds: int) -> list[int]:
    """COM 6.5-6.6 with one die per pyramid: rank by rank, every player showing the lowest value loses a
    pyramid (ties for lowest all lose). ``tops``: each player's values, highest first, ``rounds`` or more.

    The hot loops (the simulations, best play's final tables) call this one comparison, so it stays small.
    """
    lost = [0] * len(tops)
    for r in range(rounds):
        column = [t[r] for t in tops]
        low = min(column)
        for i, x in enumerate(column):
            if x == low:
                lost[i] += 1
    return lost


def resolve(rolls: tuple[tuple[int, ...], ...], pyramids: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Pyramids lost and dice given up to the common pool by each player.

    ``rolls``: each player's final dice values (any order); ``pyramids``: each player's pyramids there.
    COM 6.4: each player's dice are lined up from the highest value to the lowest.
    COM 6.5: everyone's highest remaining die is compared, every holder of the lowest loses a
    pyramid (a player with no dice counts as 0), the compared dice go to the common pool.
    COM 6.6 with ruling COM R3: stop once a player has no committed dice left.
    Ruling COM R4: a player whose last pyramid there is lost leaves the Defend at once.
    """
    n = len(rolls)
    dice = [sorted(r, reverse=True) for r in rolls]
    counts = [len(d) for d in dice]
    if all(0 < c <= p for c, p in zip(counts, pyramids, strict=True)):
        # One die per pyramid: nobody can run out of pyramids before dice (COM R4 never bites),
        # and every player gives up one die to each of the min(counts) comparisons.
        rounds = min(counts)
        return tuple(rank_losses(dice, rounds)), (rounds,) * n

    left = list(pyramids)
    lost = [0] * n
    given = [0] * n
    active = [i for i in range(n) if left[i] > 0]
    rnd = 0
    while len(active) >= 2:
        tops = {i: (dice[i][rnd] if rnd < len(dice[i]) else 0) for i in active}
        low = min(tops.values())
        for i in active:
            if rnd < len(dice[i]):
                given[i] += 1
            if tops[i] == low:
                lost[i] += 1
                left[i] -= 1
        rnd += 1
        if any(len(dice[i]) <= rnd for i in active):
            break
        active = [i for i in active if left[i] > 0]
    return tuple(lost), tuple(given)

