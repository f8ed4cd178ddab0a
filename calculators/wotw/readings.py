"""The War of the Worlds rulings a player can switch (issue 19): their readings as data, and the enums the
engine reads them by.

``RULINGS`` is the one source of each ruling's readings (the ruling boxes of docs/wotw/rulings.md, the
calculators' "Rulings" group, the engine).  The engine's record of them is ``season.WotwOptions``, the
standard game's options with a field for each ruling here (``FIELDS``); this module imports no engine,
since ``core.rulings.all_rulings`` reads every game's readings to build any calculator's form.
"""
from __future__ import annotations

from enum import Enum

from ..core.rulings import Reading, Ruling


class FirstCheck(Enum):
    """WOTW R1: the end of which season is the first virus check."""

    FALL_1903 = "fall-1903"
    WINTER_1903 = "winter-1903"
    SPRING_1904 = "spring-1904"


class DislodgedMartian(Enum):
    """WOTW R4: what the attacker of a dislodged multi-strength Martian unit does."""

    ATTACKER_STAYS = "attacker-stays"
    ATTACKER_MOVES_IN = "attacker-moves-in"


class Landing(Enum):
    """WOTW R6: does a cylinder land before or after the season's moves?"""

    AFTER_MOVES = "after-moves"
    BEFORE_MOVES = "before-moves"


class RemovalsStart(Enum):
    """WOTW R10: the first virus removals, after the season at whose end the virus struck or in it."""

    NEXT_SEASON = "next-season"
    SAME_SEASON = "same-season"


class SeasonOrder(Enum):
    """WOTW R14: the order of the steps at the end of a season."""

    AFTER_FALL_RETREATS = "after-fall-retreats"
    BEFORE_FALL_RETREATS = "before-fall-retreats"
    VIRUS_BEFORE_LANDING = "virus-before-landing"


RULINGS = (
    Ruling("WOTW R1", "Does the end of Fall 1903 count for the virus check?", (
        Reading("fall-1903", "Yes: the first check ends Fall 1903", default=True,
                summary="The sixth cylinder has landed by the end of Fall 1903, so that season's end is the first "
                        "virus check."),
        Reading("winter-1903", "No: the first check ends Winter 1903",
                summary="The first check is at the end of the first season strictly after Fall 1903."),
        Reading("spring-1904", "No: the first check ends Spring 1904",
                summary="The first check is at the end of the first movement season after Fall 1903."),
    )),
    Ruling("WOTW R4", "What happens to the attacker when a multi-strength Martian unit is dislodged?", (
        Reading("attacker-stays", "The attacker stays where it started", default=True,
                summary="The Martian unit loses a point and remains; the attacker's move fails as after a bounce."),
        Reading("attacker-moves-in", "The attacker moves in, the Martian unit is pushed out",
                summary="The attacker moves in as usual; the Martian unit loses a point and must retreat like a "
                        "standard unit (in Summer or Winter, or it is disbanded), although the source says Martian "
                        "units never retreat."),
    )),
    Ruling("WOTW R6", "When does a cylinder land: before or after the season's moves?", (
        Reading("after-moves", "After the moves", default=True,
                summary="A unit that moves out of the site escapes; whatever stands there after the moves is "
                        "eliminated."),
        Reading("before-moves", "Before the moves",
                summary="Every unit that starts the season in the site is eliminated whatever its orders; the new "
                        "3A holds the site during the moves."),
    )),
    Ruling("WOTW R10", "When do the virus removals start, and does the virus end?", (
        Reading("next-season", "In the next Summer or Winter", default=True,
                summary="The first removals come in the first adjustment season after the season at whose end the "
                        "virus became active."),
        Reading("same-season", "In the season it strikes, if Summer or Winter",
                summary="A virus that strikes at the end of a Summer or Winter removes its first two points in that "
                        "same season."),
    )),
    Ruling("WOTW R14", "In what order do things happen at the end of a season?", (
        Reading("after-fall-retreats", "Centres counted after the Fall retreats", default=True,
                summary="Moves, landing, destroyed centres; after Fall's retreats the owners, the virus check and "
                        "the end of the game (DIP 14.3)."),
        Reading("before-fall-retreats", "Centres counted at the end of Fall's moves",
                summary="Fall's owners, virus check and end of the game come right after the moves and the landing, "
                        "before the Fall retreats (the site's reading until the ruling was corrected)."),
        Reading("virus-before-landing", "Virus checked before the landing",
                summary="A movement season's virus check comes right after the moves, before the cylinder lands and "
                        "before that season's centres are destroyed."),
    )),
)

FIELDS: dict[str, tuple[str, type[Enum]]] = {
    "WOTW R1": ("first_check", FirstCheck),
    "WOTW R4": ("dislodged_martian", DislodgedMartian),
    "WOTW R6": ("landing", Landing),
    "WOTW R10": ("removals_start", RemovalsStart),
    "WOTW R14": ("season_order", SeasonOrder),
}
