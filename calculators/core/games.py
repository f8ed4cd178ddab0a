"""The games the site covers: one table, and everything about a game that other modules need, read from it.

Each game has its engine package (``calculators/<package>/``) and its docs folder (``docs/<package>/``), the
title readers know it by, the prefix of its calculators' ids (``dip-adjudicate``), the prefix of its rule IDs
(``DIP 5.2``, ruling ``DIP R4``), and the glossaries its pages read (``includes/glossary-<stem>.md``, later
ones overriding earlier ones: a variant's own words replace the standard game's).  Adding a game is one line
here (docs/maintainers/add-a-game.md).

    >>> [g.package for g in GAMES][:2], game_of_calculator("com-defend").title
    (['diplomacy', 'wotw'], 'Conquest of Mars')
    >>> bool(RULE_ID.fullmatch("WOTW R4")), bool(RULE_ID.fullmatch("XYZ 1.1"))
    (True, False)
"""
from __future__ import annotations

import re
from typing import NamedTuple


class Game(NamedTuple):
    package: str  # calculators/<package>/ and docs/<package>/
    title: str
    prefix: str  # every calculator id of the game starts "<prefix>-"
    rules: str  # its rule IDs: "<rules> 5.2", its rulings "<rules> R4"
    glossaries: tuple[str, ...]  # includes/glossary-<stem>.md, in order; "general" first


GAMES = (
    Game("diplomacy", "Diplomacy", "dip", "DIP", ("general", "diplomacy")),
    Game("wotw", "War of the Worlds", "wotw", "WOTW", ("general", "diplomacy", "wotw")),
    Game("clans", "Game of the Clans II", "clans", "CLAN", ("general", "diplomacy", "clans")),
    Game("aqmf", "All Quiet on the Martian Front", "aqmf", "AQMF", ("general", "aqmf")),
    Game("icehouse", "Conquest of Mars", "com", "COM", ("general", "icehouse")),
)

BY_PACKAGE = {g.package: g for g in GAMES}
BY_PREFIX = {g.prefix: g for g in GAMES}

# A rule ID: a game's prefix, then a rule's number (5.2, 14.3, 2.1a) or a ruling's (R4).
NUMBER = r"R?\d+(?:\.\d+)*[a-z]?"
RULE_PREFIXES = "|".join(g.rules for g in GAMES)
RULE_ID_PATTERN = rf"(?:{RULE_PREFIXES}) {NUMBER}"
RULE_ID = re.compile(RULE_ID_PATTERN)


def game_of_calculator(calc_id: str) -> Game:
    """The game a calculator id names by its prefix (``KeyError`` for none)."""
    return BY_PREFIX[calc_id.split("-")[0]]
