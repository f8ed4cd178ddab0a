"""The switchable rulings of Conquest of Mars (issue 19): each reading a table could play.

The rulings page (docs/icehouse/rulings.md) lists these readings from here, and the Defend
calculators offer the choice under "Rulings"; the first reading of each is the site's.
"""
from __future__ import annotations

from ..core.rulings import Reading, Ruling

R1 = Ruling("COM R1", "How is a d10 with a zero read?", (
    Reading("one-to-ten", "Every d10 counts 1 to 10", default=True,
            summary="A tens die's 00 and an ordinary d10's 0 count as 10: every d10 is a die numbered 1 to 10."),
    Reading("literal", "A d10 counts 0 to 9",
            summary="Read as printed with the placeholder zero dropped: a tens die (00 to 90) and a d10 printed "
                    "0 to 9 count 0 to 9, one point weaker on average, and a 0 ties a player with no dice."),
))

R2 = Ruling("COM R2", "Can a player see the other players' dice before rerolling?", (
    Reading("open", "Dice are rolled in the open", default=True,
            summary="Every die on the table is in view when your turn to reroll comes: best play and "
                    "answer-earlier react to the others' dice."),
    Reading("hidden", "Dice stay hidden until step 3",
            summary="Each player sees only their own dice until every reroll is made: best play decides from "
                    "your own dice alone, knowing how the others play, and answer-earlier cannot be played."),
))

R3 = Ruling("COM R3", "Which dice does \"no dice remaining\" count, and when does the combat stop?", (
    Reading("committed", "The dice committed to this Defend", default=True,
            summary="The combat stops when a player's committed dice run out; a player who committed none rolls "
                    "0 in one comparison, and then it stops."),
    Reading("whole-pool", "The whole personal pool",
            summary="Dice left in the personal pool count too: a player whose committed dice have run out but "
                    "who has dice at home rolls 0, comparison after comparison, until their pyramids are gone "
                    "or someone's pool is empty."),
    Reading("skip-if-empty", "No Defend against an empty pool",
            summary="If a player has no dice to commit, the Defend does not take place: nobody loses a "
                    "pyramid."),
))

RULINGS = (R1, R2, R3)
