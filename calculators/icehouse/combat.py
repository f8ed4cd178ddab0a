"""The Defend comparison, one roll at a time (COM 6.5 and COM 6.6, rulings COM R3 and COM R4).

This direct version serves the Monte Carlo and the joint enumeration; the exact solver in
``exact.py`` reaches the same answers by another route, and the tests hold them to each other.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .faces import ZERO_D10


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


@dataclass(frozen=True)
class Tail:
    """Ruling COM R3's whole-pool reading: what follows the comparisons of the committed dice.

    The comparisons of ranks 1 to ``played`` (the fewest dice anyone committed, at least 1) are worked
    out as ever; then, while every player who took part still has dice in their whole personal pool
    (committed or at ``home``), the combat goes on: a player whose committed dice are spent rolls 0
    and loses a pyramid each round, a player with committed dice left gives one up, until those at 0
    are out of pyramids (ruling COM R4), fewer than two players are left, or someone's pool is empty.
    ``__call__`` maps the pyramids lost after ``played`` rounds to the pyramids lost in the end and
    the dice each player gave up beyond those rounds. A Defend in which players still holding
    committed dice would compare them among themselves afterwards is refused earlier
    (``check_whole_pool``), so the tail never needs their values.
    """

    pyramids: tuple[int, ...]
    committed: tuple[int, ...]
    home: tuple[int, ...]

    @property
    def played(self) -> int:
        return max(1, min(self.committed))

    def __call__(self, lost: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        n = len(lost)
        losses = list(lost)
        extra = [0] * n
        left = [p - m for p, m in zip(self.pyramids, losses, strict=True)]
        spare = [max(c - self.played, 0) for c in self.committed]
        took_part: Sequence[int] = range(n)
        while not any(spare[i] == 0 and self.home[i] == 0 for i in took_part):
            took_part = [i for i in range(n) if left[i] > 0]
            if len(took_part) < 2:
                break
            zeros = [i for i in took_part if spare[i] == 0]
            if not zeros:
                raise ValueError("players with committed dice left compare them: refused by check_whole_pool")
            for i in took_part:
                if spare[i]:
                    spare[i] -= 1
                    extra[i] += 1
                else:
                    losses[i] += 1
                    left[i] -= 1
        return tuple(losses), tuple(extra)


def finish(lost: tuple[int, ...], given: tuple[int, ...], tail: Tail | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Pyramids lost and dice given, with the whole-pool tail (ruling COM R3) where there is one."""
    if tail is None:
        return lost, given
    lost, extra = tail(lost)
    return lost, tuple(g + e for g, e in zip(given, extra, strict=True))


def tail_of(forces, whole_pool: bool) -> Tail | None:
    """The whole-pool tail of these forces, or None where it changes nothing (committed reading, or no
    player has dice at home)."""
    if not whole_pool or not any(f.home for f in forces):
        return None
    return Tail(tuple(f.pyramids for f in forces), tuple(len(f.dice) for f in forces),
                tuple(f.home for f in forces))


def check_whole_pool(forces) -> str | None:
    """Why the whole-pool tail (ruling COM R3) cannot be worked out for these forces, or None when it can.

    The tail needs no die's value: it holds where at most one player committed more dice than the
    fewest anyone committed (so nobody compares leftover dice with anyone but players rolling 0), and
    that player's leftover dice cannot show 0 (a d10 read 0 to 9 would tie the players at 0, ruling COM R1).
    """
    tail = tail_of(forces, True)
    if tail is None:
        return None
    spare = [i for i, c in enumerate(tail.committed) if c > tail.played]
    if len(spare) > 1:
        return (f"players {spare[0] + 1} and {spare[1] + 1} would go on comparing the dice they committed beyond "
                "the fewest anyone committed; when ruling COM R3 counts the whole personal pool, the calculators take "
                "Defends in "
                "which at most one player committed more dice than the fewest")
    if spare and ZERO_D10 in forces[spare[0]].dice:
        return (f"player {spare[0] + 1}'s leftover d10 read 0 to 9 could tie the players rolling 0; when ruling COM R3 "
                "counts the whole personal pool, the calculators take such a d10 only where every player committed "
                "as many dice")
    return None
