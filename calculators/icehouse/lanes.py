"""Packed values: many exact numerators in one Python integer (the best-play engine's hot data).

A value is a vector of non-negative whole numbers over a known denominator, packed as
"lanes" of ``width`` bits: lane j holds bits [j * width, (j + 1) * width). Adding two packed
integers adds every lane at once (no lane ever overflows, the width is chosen for the largest
total), and multiplying by a whole number scales every lane: so averaging a player's reroll
outcomes costs one big-integer sum, whatever the number of lanes.

Each player has two adjacent lanes holding their primary objective (upper lane) and their
secondary objective (lower lane), so ``(x >> shift) & mask`` is one integer that compares as the
pair (primary, secondary) does: a player's choice is one integer comparison.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Layout:
    """Where each quantity lives. ``rounds`` is the number of comparisons (every player's lost
    count is 0..rounds); ``limits`` lists (player, rerolls) for the "with only k rerolls" lanes."""

    players: int
    rounds: int
    kept_first: bool
    limits: tuple[tuple[int, int], ...] = ()
    given: bool = False  # lanes for each player's dice given up (the whole-pool tail, ruling COM R3)

    # lanes 0 .. 2n-1: objectives; then lost counts; then empty; then the limit lanes
    def sole(self, i: int) -> int:
        return 2 * i + (0 if self.kept_first else 1)

    def kept(self, i: int) -> int:
        return 2 * i + (1 if self.kept_first else 0)

    def lost(self, i: int, m: int) -> int:
        return 2 * self.players + i * (self.rounds + 1) + m

    @property
    def empty(self) -> int:
        return 2 * self.players + self.players * (self.rounds + 1)

    def limit(self, i: int, k: int) -> tuple[int, int]:
        """Lanes (sole, kept) of player i held to k of their rerolls."""
        base = self.empty + 1
        for j, r in self.limits:
            if j == i:
                return base + 2 * k, base + 2 * k + 1
            base += 2 * r
        raise KeyError(i)

    def given_lane(self, i: int) -> int:
        return self.empty + 1 + 2 * sum(r for _, r in self.limits) + i

    @property
    def count(self) -> int:
        return self.empty + 1 + 2 * sum(r for _, r in self.limits) + (self.players if self.given else 0)


class Packer:
    def __init__(self, layout: Layout, width: int):
        self.layout = layout
        self.width = width
        self.lane_mask = (1 << width) - 1
        self.pair_mask = (1 << (2 * width)) - 1

    def key_shift(self, i: int) -> int:
        """Shift that brings player i's (primary, secondary) pair to the bottom."""
        return 2 * i * self.width

    def unit(self, lane: int) -> int:
        return 1 << (lane * self.width)

    def get(self, x: int, lane: int) -> int:
        return (x >> (lane * self.width)) & self.lane_mask

    def unpack(self, x: int, denominator: int) -> list[Fraction]:
        return [Fraction(self.get(x, j), denominator) for j in range(self.layout.count)]
