"""What a die can show (COM 1.2, ruling COM R1).

A die is held as a whole number, its *kind*: its number of faces N for a die numbered 1 to N, or
``ZERO_D10`` for a d10 read 0 to 9 (ruling COM R1's literal reading: the placeholder zero dropped,
00 and 0 count as 0). Everything that rolls, counts faces or asks what a die can show goes
through these functions, so the two readings share one engine.

    >>> list(values(6)), list(values(ZERO_D10)), size(ZERO_D10), name(ZERO_D10)
    ([1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 10, 'd10 (0-9)')
"""
from __future__ import annotations

from math import lcm, prod

# Above every real die (at most 100 faces), so that it can never be taken for one.
ZERO_D10 = 1010


def size(die: int) -> int:
    """How many faces the die has."""
    return 10 if die == ZERO_D10 else die


def low(die: int) -> int:
    """Its lowest face: 1, or 0 for a d10 read literally (ruling COM R1)."""
    return 0 if die == ZERO_D10 else 1


def high(die: int) -> int:
    """Its highest face."""
    return 9 if die == ZERO_D10 else die


def values(die: int) -> range:
    """Every value it can show, each with chance 1 / size."""
    return range(low(die), high(die) + 1)


def roll(die: int, rand) -> int:
    """One roll from a uniform number in [0, 1)."""
    return int(rand() * size(die)) + low(die)


def name(die: int) -> str:
    return "d10 (0-9)" if die == ZERO_D10 else f"d{die}"


def sizes_lcm(dice) -> int:
    """A common multiple of the dice's face counts: the denominator step of one reroll of any of them."""
    return lcm(*(size(d) for d in dice)) if dice else 1


def sizes_prod(dice) -> int:
    """How many ordered rolls the dice have."""
    return prod(size(d) for d in dice)


def read(dice: tuple[int, ...], literal: bool) -> tuple[int, ...]:
    """Dice given by their faces as ruling COM R1's reading takes them: under the literal reading every
    d10 is read 0 to 9. Highest first."""
    return tuple(sorted((ZERO_D10 if literal and d == 10 else d for d in dice), reverse=True))


def lowest(dice) -> int:
    """The lowest value any of these dice can show (1, or 0 with a literal d10)."""
    return min((low(d) for d in dice), default=1)
