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
            summary="Defense and Armor count as at most 10 for the roll: a roll that needs more than 10 succeeds "
                    "on a 10 (1 in 10)."),
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
                    "one of its movement phases, and cannot wait."),
))

RULINGS = (R5, R14, R17)
