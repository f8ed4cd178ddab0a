"""The Defend comparison, one roll at a time (COM 6.5 and COM 6.6, rulings COM R3 and COM R4).

This direct version serves the Monte Carlo and the joint enumeration; the exact solver in
``exact.py`` reaches the same answers by another route, and the tests hold them to each other.
"""
from __future__ import annotations


def resolve(rolls: tuple[tuple[int, ...], ...], pyramids: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Pyramids lost and dice given up to the common pool by each player.

    ``rolls``: each player's final dice values (any order); ``pyramids``: each player's pyramids there.
    COM 6.5: everyone's highest remaining die is compared, every holder of the lowest loses a
    pyramid (a player with no dice counts as 0), the compared dice go to the common pool.
    COM 6.6 with ruling COM R3: stop once a player has no committed dice left.
    Ruling COM R4: a player whose last pyramid there is lost leaves the Defend at once.
    """
    n = len(rolls)
    dice = [sorted(r, reverse=True) for r in rolls]
    counts = [len(d) for d in dice]
    if all(0 < c <= p for c, p in zip(counts, pyramids)):
        # One die per pyramid: nobody can run out of pyramids before dice (COM R4 never bites),
        # and every player gives up one die to each of the min(counts) comparisons.
        rounds = min(counts)
        lost = [0] * n
        for r in range(rounds):
            column = [d[r] for d in dice]
            low = min(column)
            for i in range(n):
                if column[i] == low:
                    lost[i] += 1
        return tuple(lost), (rounds,) * n

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

