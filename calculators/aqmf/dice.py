"""The D10 roll every AQMF test uses, and the two optional full-rulebook variants.

Quick-start reading (ruling AQMF R2): a roll succeeds when the die is at least the number
needed; a need of 1 or less always succeeds and a need above 10 never does (ruling AQMF R5, the
site's reading; its other readings give a lucky hit, or count Defense and Armor as at most 10,
before the weapon's Power is added). The options ``lucky`` (AQMF R3) and ``tough`` (AQMF R4)
change only to-hit and damage rolls.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .readings import AboveTen

D10 = 10  # every roll of the game is made with ten-sided dice (AQMF 1.1)
LUCKY = Fraction(1, D10 * D10)  # a 10, then another 10


@dataclass(frozen=True)
class RollOptions:
    lucky: bool = False  # AQMF R3: a need above 10 succeeds on a 10 followed by a 10
    tough: bool = False  # AQMF R4: a natural 1 always fails
    # AQMF R5's reading: above 10 only with ``lucky`` (the site's), always a 10 then a 10, or a need above 10
    # counts as 10
    above_ten: AboveTen = AboveTen.default()

    def rules(self) -> list[str]:
        """Rulings AQMF R2, R3, R4: the quick-start dice, the lucky strike and tough luck options."""
        out = ["AQMF R2"]
        if self.lucky:
            out.append("AQMF R3")
        if self.tough:
            out.append("AQMF R4")
        return out


QUICK_START = RollOptions()


def p_success(need: int, opts: RollOptions = QUICK_START) -> Fraction:
    """P(a D10 roll succeeds when it must reach ``need``) for to-hit and damage rolls (AQMF 4.3, R2-R5)."""
    if need > D10 and opts.above_ten is AboveTen.TEN_SUCCEEDS:
        need = D10  # a Defense counted as at most 10 (a damage roll's Armor is capped before Power: damage_need)
    if need > D10:
        return LUCKY if opts.lucky or opts.above_ten is AboveTen.LUCKY_HIT else Fraction(0)
    faces = D10 - max(need, 1) + 1
    if opts.tough and need <= 1:
        faces = D10 - 1  # the 1 fails even though the need is met
    return Fraction(faces, D10)


def damage_need(armor: int, power: int, opts: RollOptions = QUICK_START) -> int:
    """The number a damage roll needs: Armor (with dug in) minus the weapon's Power (ruling AQMF R13). Under AQMF
    R5's ten-succeeds reading the Armor counts as at most 10 first, so a 10 plus any Power always damages."""
    if opts.above_ten is AboveTen.TEN_SUCCEEDS:
        armor = min(armor, D10)
    return armor - power


def p_damage(armor: int, power: int, opts: RollOptions = QUICK_START) -> Fraction:
    """P(a damage roll succeeds) against ``armor`` with a weapon of ``power`` (AQMF 5.5, rulings AQMF R5, R13)."""
    return p_success(damage_need(armor, power, opts), opts)


def p_at_least(need: int) -> Fraction:
    """P(D10 >= need) with no options: morale, reinforcement and other plain tests."""
    return Fraction(min(D10, max(0, D10 - need + 1)), D10)


def p_at_most(limit: int) -> Fraction:
    """P(D10 <= limit): the tow-cable break-free test."""
    return Fraction(min(D10, max(0, limit)), D10)
