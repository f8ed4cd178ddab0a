"""Named reroll policies: which die (if any) a player rerolls next (COM 6.3, rulings COM R2 and COM R5).

A player's dice are a tuple of (value, faces) pairs, highest value first. A policy returns
the index of the die to reroll next, or None to stop. Rerolls are taken one at a time and a
die may be rerolled again (ruling COM R5).
"""
from __future__ import annotations

from .faces import high, low, size

Dice = tuple[tuple[int, int], ...]


def below_average(dice: Dice, context: tuple[int, ...] | None = None) -> int | None:
    """Reroll a die showing less than its average, (faces + 1) / 2 (4.5 for a d10 read 0 to 9, ruling
    COM R1); the one furthest below first."""
    best, best_key = None, None
    for i, (value, faces) in enumerate(dice):
        shortfall2 = low(faces) + high(faces) - 2 * value  # twice (average - value), kept whole
        if shortfall2 > 0:
            key = (shortfall2, size(faces), -i)
            if best_key is None or key > best_key:
                best, best_key = i, key
    return best


def answer_earlier(dice: Dice, context: tuple[int, ...] | None = None) -> int | None:
    """Look at the players before you: reroll a die that would lose or tie its comparison.

    ``context`` holds, rank by rank, the lowest final value among the players who rerolled
    before you, for the ranks that will be compared (the fewest dice anyone committed; ruling
    COM R2: every die is rolled in the open). A die at rank r that is not
    above that value, and could still roll higher, is rerolled, the lowest such die first. The
    first player, who has nobody before them, plays below-average.
    """
    if not context:
        return below_average(dice)
    pick = None
    for r, (value, faces) in enumerate(dice):
        if r < len(context) and value <= context[r] and value < high(faces):
            pick = r  # later ranks hold lower values, so the last found is the lowest
    return pick


def no_rerolls(dice: Dice, context: tuple[int, ...] | None = None) -> int | None:
    return None


POLICY = {"none": no_rerolls, "below-average": below_average, "answer-earlier": answer_earlier}
REACTS = {"answer-earlier"}  # policies that depend on other players' dice
# A policy's name where a table cell or a menu has room for a few words (issue 24: a paragraph in a phone's
# table cell, raw ids in a player's menu). What each does is the form's menu and docs/icehouse/defend.md.
NAMES = {
    "best": "Best play",
    "none": "No rerolls",
    "below-average": "Below average",
    "answer-earlier": "Answer earlier players",
}


def settle(dice: Dice, rerolls: int, policy: str, context, roll) -> Dice:
    """Apply a policy with ``roll(faces)`` as the random source (Monte Carlo). Ruling COM R5: one die
    at a time, the policy choosing again after each reroll, a die rerolled before may be again."""
    pick_fn = POLICY[policy]
    for _ in range(rerolls):
        i = pick_fn(dice, context)
        if i is None:
            break
        dice = rerolled(dice, i, roll(dice[i][1]))
    return dice


def rerolled(dice: Dice, i: int, value: int) -> Dice:
    """``dice`` once die i has been rerolled to ``value``, lined up highest first again."""
    return tuple(sorted(dice[:i] + dice[i + 1:] + ((value, dice[i][1]),), reverse=True))
