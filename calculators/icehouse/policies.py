"""Named reroll policies: which die (if any) a player rerolls next (COM 6.3, rulings COM R2 and COM R5).

A player's dice are a tuple of (value, faces) pairs, highest value first. A policy returns
the index of the die to reroll next, or None to stop. Rerolls are taken one at a time and a
die may be rerolled again (ruling COM R5).
"""
from __future__ import annotations

Dice = tuple[tuple[int, int], ...]


def below_average(dice: Dice, context: tuple[int, ...] | None = None) -> int | None:
    """Reroll a die showing less than its average, (faces + 1) / 2; the one furthest below first."""
    best, best_key = None, None
    for i, (value, faces) in enumerate(dice):
        shortfall2 = faces + 1 - 2 * value  # twice (average - value), kept whole
        if shortfall2 > 0:
            key = (shortfall2, faces, -i)
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
        if r < len(context) and value <= context[r] and value < faces:
            pick = r  # later ranks hold lower values, so the last found is the lowest
    return pick


def no_rerolls(dice: Dice, context: tuple[int, ...] | None = None) -> int | None:
    return None


POLICY = {"none": no_rerolls, "below-average": below_average, "answer-earlier": answer_earlier}
REACTS = {"answer-earlier"}  # policies that depend on other players' dice
DESCRIPTIONS = {
    "best": "best play: each reroll chosen to maximise your own chance (ruling COM R18)",
    "none": "no rerolls",
    "below-average": "reroll any die showing below its average, the one furthest below first",
    "answer-earlier": "reroll a die that would lose or tie against the players who rerolled before you",
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
