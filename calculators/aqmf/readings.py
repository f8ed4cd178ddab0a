"""The switchable rulings of All Quiet on the Martian Front (issue 19): each reading a table could play.

The rulings page (docs/aqmf/rulings.md) lists these readings from here, and the calculators that
depend on them offer the choice under "Rulings"; each ruling is declared once, as an enum of its readings
(``core.rulings.RulingEnum``), which the calculators read the readings in force by.
"""
from __future__ import annotations

from ..core.rulings import Reading, RulingEnum, rulings_of


class AboveTen(RulingEnum, ruling="AQMF R5", question="A roll that needs more than 10 (Armor or Defense above 10)"):
    """AQMF R5: a to-hit or damage roll that needs more than 10."""

    OPTION_ONLY = Reading(
        "option-only", "Only the lucky strike option reaches it", default=True,
        summary="A to-hit or damage roll that needs more than 10 fails, unless the lucky strike option "
                "(AQMF R3) is on; then a 10 followed by another 10 succeeds (1 in 100).")
    LUCKY_HIT = Reading(
        "lucky-hit", "Always by a lucky hit",
        summary="The stats section's \"lucky hit\" read as a rule of the quick-start: a roll that needs more "
                "than 10 succeeds on a 10 followed by another 10 (1 in 100), with or without the option.")
    TEN_SUCCEEDS = Reading(
        "ten-succeeds", "A 10 always succeeds",
        summary="Defense and Armor count as at most 10, before the weapon's Power is added to the damage roll: "
                "Armor 14 against a Tank Gun (+1) is damaged on 9+, and a to-hit roll against a Defense above "
                "10 succeeds on a 10 (1 in 10).")


class BlastAttacks(RulingEnum, ruling="AQMF R14", question="How an exploding tripod's 3 attacks are worked out"):
    """AQMF R14: how an exploding tripod's 3 attacks are worked out."""

    ROLL_TO_HIT = Reading(
        "roll-to-hit", "Each attack rolls to hit, then to damage", default=True,
        summary="Each of the 3 attacks rolls to hit the unit's Defense (with cover and immobilized), then to "
                "damage its Armor at Power +2; dug-in troops keep their +2 Armor.")
    AUTOMATIC_HITS = Reading(
        "automatic-hits", "The attacks hit automatically",
        summary="No to-hit rolls: each of the 3 attacks rolls only to damage, at Power +2; cover does not "
                "help, and dug-in troops keep their +2 Armor.")
    DUG_IN_IGNORED = Reading(
        "dug-in-ignored", "Dug in does not count",
        summary="As the site's reading, but the blast is fire from a tripod within 6\": dug-in troops lose "
                "their +2 Armor against it.")


class BreakFree(RulingEnum, ruling="AQMF R17", question="May a held tripod choose not to roll to break free?"):
    """AQMF R17: whether a held tripod may wait to roll to break free."""

    MAY_WAIT = Reading(
        "may-wait", "The tripod chooses when to roll", default=True,
        summary="In any of its movement phases a held tripod may roll to break a cable, or wait; the "
                "calculator follows the plan given (every movement phase, or once a turn).")
    MUST_ROLL = Reading(
        "must-roll", "It rolls in every movement phase",
        summary="The source's \"must roll\": a held tripod that is standing rolls to break a cable in every "
                "one of its movement phases, and cannot wait: a plan to roll only once a turn is played as "
                "rolling in every phase.")


class MoraleLosses(RulingEnum, ruling="AQMF R18", question="Which losses come off a morale test"):
    """AQMF R18: which losses come off a morale test."""

    ALL_LOSSES = Reading(
        "all-losses", "Losses to shooting and in assaults", default=True,
        summary="Every element the unit lost that turn comes off the test, whether it was shot or lost in an "
                "assault.")
    SHOOTING_ONLY = Reading(
        "shooting-only", "Only losses to shooting (AQMF 9.3's words)",
        summary="Only the elements lost to shooting that turn come off a test, as AQMF 9.3 words it: elements "
                "lost in an assault are not deducted, not even at the test that ends the assault.")


class MoraleTests(RulingEnum, ruling="AQMF R31", question="When a unit that is shot at tests its morale"):
    """AQMF R31: when a unit that is shot at tests its morale."""

    END_OF_COMBAT_PHASE = Reading(
        "end-of-combat-phase", "Once, at the end of the Combat Phase", default=True,
        summary="Each assault with a loss ends with a test; the shooting brings one test at the end of the "
                "Combat Phase, if the unit lost an element to it (AQMF 9.2).")
    AFTER_EACH_ATTACK = Reading(
        "after-each-attack", "After each attack",
        summary="Step 5 of the shooting (AQMF 5.6) read as a test after every shooting attack that destroys an "
                "element, as after an assault; no test waits for the end of the Combat Phase.")


RULINGS = rulings_of(AboveTen, BlastAttacks, BreakFree, MoraleLosses, MoraleTests)
