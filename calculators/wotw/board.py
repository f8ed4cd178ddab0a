"""The standard board as the Martian sees it (WOTW 3.5, WOTW 4.1, ruling WOTW R2).

Built on the standard map of ``calculators.diplomacy.map``; nothing of it is copied here.
"""
from __future__ import annotations

import difflib
import re

from ..core import InputError
from ..diplomacy.map import GameMap, Terrain, standard_map

MAX_STRENGTH = 3  # WOTW 4.4


def board() -> GameMap:
    return standard_map()


def martian_adjacent(src: str, dst: str) -> bool:
    """WOTW 4.1 with ruling WOTW R2: any province an army or a fleet could reach, from any coast."""
    return dst in board().neighbours(src)


def can_land(province: str) -> bool:
    """WOTW 3.5: land provinces only (inland or coastal), never Switzerland."""
    return board().provinces[province].terrain in (Terrain.LAND, Terrain.COAST)


def is_centre(province: str) -> bool:
    return board().provinces[province].centre


def show(province: str) -> str:
    """A province as the variant's reports write it: seas in capitals (NAO, BLA), land as Con, StP."""
    prov = board().provinces[province]
    if prov.terrain == Terrain.SEA:
        return prov.abbr.upper()
    return prov.display


def name(province: str) -> str:
    return board().provinces[province].name


# WOTW 4.1: a Martian names no coast; one written out of habit ("Bul(ec)", "Spa nc") is dropped.
_COAST_TAIL = re.compile(r"\s+(?:nc|sc|ec|wc|(?:north|south|east|west)\s+coast)$", re.I)


def lookup(text: str, field: str, context: str) -> str:
    """A province from an abbreviation or full name, or a field-level error naming ``context``."""
    cleaned = " ".join(text.replace("(", " ").replace(")", " ").split())
    if "/" in cleaned:
        cleaned = cleaned.split("/", 1)[0].strip()
    abbr = board().lookup(cleaned) if cleaned else None
    if abbr is None and cleaned:
        abbr = board().lookup(_COAST_TAIL.sub("", cleaned))
    if abbr is None:
        near = difflib.get_close_matches(cleaned.lower(), list(board().aliases), n=1, cutoff=0.8)
        hint = ""
        if near:
            found = board().aliases[near[0]]
            hint = f" (did you mean {name(found)}, {show(found)}?)"
        raise InputError(field, f"{context}: unknown province {text.strip()!r}{hint}.")
    return abbr
