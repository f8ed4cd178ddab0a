"""The switchable rulings of Conquest of Mars (issue 19): each reading a table could play.

The rulings page (docs/icehouse/rulings.md) lists these readings from here, and the Defend
calculators offer the choice under "Rulings"; each ruling is declared once, as an enum of its readings
(``core.rulings.RulingEnum``), which the calculators read the readings in force by.
"""
from __future__ import annotations

from ..core.rulings import Reading, RulingEnum, rulings_of


class D10Zero(RulingEnum, ruling="COM R1", question="How is a d10 with a zero read?"):
    """COM R1: how a d10 with a zero is read."""

    ONE_TO_TEN = Reading(
        "one-to-ten", "Every d10 counts 1 to 10", default=True,
        summary="A tens die's 00 and an ordinary d10's 0 count as 10: every d10 is a die numbered 1 to 10.")
    LITERAL = Reading(
        "literal", "A d10 counts 0 to 9",
        summary="Read as printed with the placeholder zero dropped: a tens die (00 to 90) and a d10 printed "
                "0 to 9 count 0 to 9, one point weaker on average, and a 0 ties a player with no dice.")


class DiceInView(RulingEnum, ruling="COM R2", question="Can a player see the other players' dice before rerolling?"):
    """COM R2: whether a player sees the other players' dice before rerolling."""

    OPEN = Reading(
        "open", "Dice are rolled in the open", default=True,
        summary="Every die on the table is in view when your turn to reroll comes: best play and "
                "answer-earlier react to the others' dice.")
    HIDDEN = Reading(
        "hidden", "Dice stay hidden until step 3",
        summary="Each player sees only their own dice until every reroll is made: best play decides from "
                "your own dice alone, knowing how the others play, and answer-earlier cannot be played.")


class NoDice(RulingEnum, ruling="COM R3",
             question="Which dice does \"no dice remaining\" count, and when does the combat stop?"):
    """COM R3: which dice "no dice remaining" counts, and when the combat stops."""

    COMMITTED = Reading(
        "committed", "The dice committed to this Defend", default=True,
        summary="The combat stops when a player's committed dice run out; a player who committed none rolls "
                "0 in one comparison, and then it stops.")
    WHOLE_POOL = Reading(
        "whole-pool", "The whole personal pool",
        summary="Dice left in the personal pool count too: a player whose committed dice have run out but "
                "who has dice at home rolls 0, comparison after comparison, until their pyramids are gone "
                "or someone's pool is empty.")
    SKIP_IF_EMPTY = Reading(
        "skip-if-empty", "No Defend against an empty pool",
        summary="If a player has no dice to commit, the Defend does not take place: nobody loses a "
                "pyramid.")


RULINGS = rulings_of(D10Zero, DiceInView, NoDice)
