"""The War of the Worlds rulings a player can switch (issue 19), each declared once as an enum of its readings,
and the record of the readings a season is played under (``WotwOptions``).

The enums are the one source of each ruling's readings (the ruling boxes of docs/wotw/rulings.md, the
calculators' "Rulings" group, the engine; ``RULINGS`` is them as data).  ``WotwOptions`` is the standard
game's options with a field for each ruling here (``FIELDS``); this module imports no engine (the standard
game's readings only, through its face), since ``core.rulings.all_rulings`` reads every game's readings to build
any calculator's form.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from ..core.rulings import Reading, RulingEnum, ruling_fields
from ..diplomacy.api import Options


class FirstCheck(RulingEnum, ruling="WOTW R1", question="Does the end of Fall 1903 count for the virus check?"):
    """WOTW R1: the end of which season is the first virus check."""

    FALL_1903 = Reading(
        "fall-1903", "Yes: the first check ends Fall 1903", default=True,
        summary="The sixth cylinder has landed by the end of Fall 1903, so that season's end is the first "
                "virus check.")
    WINTER_1903 = Reading(
        "winter-1903", "No: the first check ends Winter 1903",
        summary="The first check is at the end of the first season strictly after Fall 1903.")
    SPRING_1904 = Reading(
        "spring-1904", "No: the first check ends Spring 1904",
        summary="The first check is at the end of the first movement season after Fall 1903.")


class DislodgedMartian(RulingEnum, ruling="WOTW R4",
                       question="What happens to the attacker when a multi-strength Martian unit is dislodged?"):
    """WOTW R4: what the attacker of a dislodged multi-strength Martian unit does."""

    ATTACKER_STAYS = Reading(
        "attacker-stays", "The attacker stays where it started", default=True,
        summary="The Martian unit loses a point and remains; the attacker's move fails as after a bounce.")
    ATTACKER_MOVES_IN = Reading(
        "attacker-moves-in", "The attacker moves in, the Martian unit is pushed out",
        summary="The attacker moves in as usual; the Martian unit loses a point and must retreat like a "
                "standard unit (in Summer or Winter, or it is disbanded), although the source says Martian "
                "units never retreat.")


class Landing(RulingEnum, ruling="WOTW R6", question="When does a cylinder land: before or after the season's moves?"):
    """WOTW R6: does a cylinder land before or after the season's moves?"""

    AFTER_MOVES = Reading(
        "after-moves", "After the moves", default=True,
        summary="A unit that moves out of the site escapes; whatever stands there after the moves is "
                "eliminated.")
    BEFORE_MOVES = Reading(
        "before-moves", "Before the moves",
        summary="Every unit that starts the season in the site is eliminated whatever its orders; the new "
                "3A holds the site during the moves.")


class RemovalsStart(RulingEnum, ruling="WOTW R10",
                    question="When do the virus removals start, and does the virus end?"):
    """WOTW R10: the first virus removals, after the season at whose end the virus struck or in it."""

    NEXT_SEASON = Reading(
        "next-season", "In the next Summer or Winter", default=True,
        summary="The first removals come in the first adjustment season after the season at whose end the "
                "virus became active.")
    SAME_SEASON = Reading(
        "same-season", "In the season it strikes, if Summer or Winter",
        summary="A virus that strikes at the end of a Summer or Winter removes its first two points in that "
                "same season.")


class SeasonOrder(RulingEnum, ruling="WOTW R14", question="In what order do things happen at the end of a season?"):
    """WOTW R14: the order of the steps at the end of a season."""

    AFTER_FALL_RETREATS = Reading(
        "after-fall-retreats", "Centres counted after the Fall retreats", default=True,
        summary="Moves, landing, destroyed centres; after Fall's retreats the owners, the virus check and "
                "the end of the game (DIP 14.3).")
    BEFORE_FALL_RETREATS = Reading(
        "before-fall-retreats", "Centres counted at the end of Fall's moves",
        summary="Fall's owners, virus check and end of the game come right after the moves and the landing, "
                "before the Fall retreats (the site's reading until the ruling was corrected).")
    VIRUS_BEFORE_LANDING = Reading(
        "virus-before-landing", "Virus checked before the landing",
        summary="A movement season's virus check comes right after the moves, before the cylinder lands and "
                "before that season's centres are destroyed.")


@dataclass(frozen=True, slots=True)
class WotwOptions(Options):
    """The readings a season is played under: the standard game's (WOTW 1.1 keeps its rules) and the variant's,
    the site's by default."""

    first_check: FirstCheck = FirstCheck.default()
    dislodged_martian: DislodgedMartian = DislodgedMartian.default()
    landing: Landing = Landing.default()
    removals_start: RemovalsStart = RemovalsStart.default()
    season_order: SeasonOrder = SeasonOrder.default()

    @classmethod
    def of(cls, options: Options | None) -> WotwOptions:
        """These options as the variant's record (the site's readings for the variant's rulings if not given)."""
        if isinstance(options, WotwOptions):
            return options
        if options is None or options == _STANDARD:
            return DEFAULT
        return cls(**{f.name: getattr(options, f.name) for f in fields(Options)})


_STANDARD = Options()
DEFAULT = WotwOptions()
# The variant's own rulings: each one's field of ``WotwOptions`` and its enum, by ruling id; the rulings as data.
FIELDS = ruling_fields(WotwOptions, base=Options)
RULINGS = tuple(kind.ruling() for _, kind in FIELDS.values())
