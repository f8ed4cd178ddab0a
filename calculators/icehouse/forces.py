"""Typed values for a Defend: one player's force at a territory (COM 6.1)."""
from __future__ import annotations

from dataclasses import dataclass

MAX_FACES = 100
MIN_FACES = 2
NEST_SIZE = 3  # three nests per player: at most three pyramids of each size (COM 2.4)
MAX_DICE = 9  # committed to one Defend: one die per pyramid, so no more than the 3 + 3 + 3 a player owns
MAX_POOL = 30  # a whole personal pool (the rules set no limit; this bounds the work, and is stated)
MAX_PLAYERS = 6
POLICIES = ("best", "none", "below-average", "answer-earlier")


@dataclass(frozen=True)
class Play:
    """How a Defend is played where the rules can be read more than one way (issue 19): ``hidden``,
    ruling COM R2's hidden rolls; ``whole_pool`` and ``skip_empty``, ruling COM R3's other readings."""

    hidden: bool = False
    whole_pool: bool = False
    skip_empty: bool = False


OPEN = Play()


@dataclass(frozen=True)
class Force:
    """One player's pyramids at the territory and the dice committed to the Defend.

    ``dice`` holds each committed die's kind, highest first: its number of faces, or
    ``faces.ZERO_D10`` for a d10 read 0 to 9 (ruling COM R1).
    """

    small: int
    medium: int
    large: int
    dice: tuple[int, ...]
    policy: str = "none"
    left: int | None = None  # rerolls still to take, when asking mid-Defend (otherwise all of them)
    home: int = 0  # dice left in the personal pool, not committed (they count only under COM R3's whole-pool)

    @property
    def pyramids(self) -> int:
        return self.small + self.medium + self.large

    @property
    def rerolls(self) -> int:
        """COM 6.3: each medium grants one reroll, each large two."""
        return self.medium + 2 * self.large if self.left is None else self.left

    def label(self) -> str:
        from .faces import name
        sizes = f"S={self.small} M={self.medium} L={self.large}"
        dice = ",".join(name(f) for f in self.dice) or "none"
        return f"{sizes} dice={dice}"

    def brief(self) -> str:
        """The force as a result's table shows it: "1 S + 1 M · d8 d6" (the form's text, label(), was the
        widest cell of a phone's table)."""
        from .faces import name
        sizes = " + ".join(f"{n} {k}" for n, k in ((self.small, "S"), (self.medium, "M"), (self.large, "L")) if n)
        dice = " ".join(name(f) for f in self.dice) or "no dice"
        return f"{sizes or 'no pyramids'} · {dice}"
