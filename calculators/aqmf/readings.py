"""The switchable rulings of All Quiet on the Martian Front (issue 19): each reading a table could play.

The rulings page (docs/aqmf/rulings.md) lists these readings from here, and the calculators that
depend on them offer the choice under "Rulings"; the first reading of each is the site's.
"""
from __future__ import annotations

from ..core.rulings import Reading, Ruling

R5 = Ruling("AQMF R5", "A roll that needs more than 10 (Armor or Defense above 10)", (
    Reading("option-only", "Only the lucky strike option reaches it", default=True,
            summary="A to-hit or damage roll that needs more than 10 fails, unless the lucky strike option "
                    "(AQMF R3) is on; then a 10 followed by another 10 succeeds (1 in 100)."),
    Reading("lucky-hit", "Always by a lucky hit",
            summary="The stats section's \"lucky hit\" read as a rule of the quick-start: a roll that needs more "
                    "than 10 succeeds on a 10 followed by another 10 (1 in 100), with or without the option."),
    Reading("ten-succeeds", "A 10 always succeeds",
            summary="Defense and Armor count as at most 10, before the weapon's Power is added to the damage roll: "
                    "Armor 14 against a Tank Gun (+1) is damaged on 9+, and a to-hit roll against a Defense above "
                    "10 succeeds on a 10 (1 in 10)."),
))

R14 = Ruling("AQMF R14", "How an exploding tripod's 3 attacks are worked out", (
    Reading("roll-to-hit", "Each attack rolls to hit, then to damage", default=True,
            summary="Each of the 3 attacks rolls to hit the unit's Defense (with cover and immobilized), then to "
                    "damage its Armor at Power +2; dug-in troops keep their +2 Armor."),
    Reading("automatic-hits", "The attacks hit automatically",
            summary="No to-hit rolls: each of the 3 attacks rolls only to damage, at Power +2; cover does not "
                    "help, and dug-in troops keep their +2 Armor."),
    Reading("dug-in-ignored", "Dug in does not count",
            summary="As the site's reading, but the blast is fire from a tripod within 6\": dug-in troops lose "
                    "their +2 Armor against it."),
))

R17 = Ruling("AQMF R17", "May a held tripod choose not to roll to break free?", (
    Reading("may-wait", "The tripod chooses when to roll", default=True,
            summary="In any of its movement phases a held tripod may roll to break a cable, or wait; the "
                    "calculator follows the plan given (every movement phase, or once a turn)."),
    Reading("must-roll", "It rolls in every movement phase",
            summary="The source's \"must roll\": a held tripod that is standing rolls to break a cable in every "
                    "one of its movement phases, and cannot wait: a plan to roll only once a turn is played as "
                    "rolling in every phase."),
))

R18 = Ruling("AQMF R18", "Which losses come off a morale test", (
    Reading("all-losses", "Losses to shooting and in assaults", default=True,
            summary="Every element the unit lost that turn comes off the test, whether it was shot or lost in an "
                    "assault."),
    Reading("shooting-only", "Only losses to shooting (AQMF 9.3's words)",
            summary="Only the elements lost to shooting that turn come off a test, as AQMF 9.3 words it: elements "
                    "lost in an assault are not deducted, not even at the test that ends the assault."),
))

R31 = Ruling("AQMF R31", "When a unit that is shot at tests its morale", (
    Reading("end-of-combat-phase", "Once, at the end of the Combat Phase", default=True,
            summary="Each assault with a loss ends with a test; the shooting brings one test at the end of the "
                    "Combat Phase, if the unit lost an element to it (AQMF 9.2)."),
    Reading("after-each-attack", "After each attack",
            summary="Step 5 of the shooting (AQMF 5.6) read as a test after every shooting attack that destroys an "
                    "element, as after an assault; no test waits for the end of the Combat Phase."),
))

RULINGS = (R5, R14, R17, R18, R31)
