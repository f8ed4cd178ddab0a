"""The standard board as the Martian sees it, the Martian's unit kind, and the variant's numbers
(WOTW 2.2, 3.5, 4.1, 4.3, 4.4, ruling WOTW R2).

Built on the standard map through ``calculators.diplomacy.api``; nothing of it is copied here.
Every number of the variant is defined once, here.
"""
from __future__ import annotations

import re

from ..core import InputError
from ..diplomacy.api import GameMap, Reach, Terrain, Unit, UnitType, standard_map

MARTIAN = "Martian"
MAX_STRENGTH = 3  # WOTW 4.4: no Martian unit is ever stronger than 3
CYLINDER_STRENGTH = 3  # WOTW 3.1: each cylinder holds a triple-strength unit
TOTAL_CENTRES = len(standard_map().centres)  # WOTW 2.2: the Martian wins when all 34 are destroyed
EARTH_POWERS = standard_map().power_names  # the seven standard powers


def board() -> GameMap:
    return standard_map()


def show(province: str) -> str:
    """A province as the variant's reports write it: seas in capitals (NAO, BLA), land as Con, StP."""
    prov = board().provinces[province]
    if prov.terrain == Terrain.SEA:
        return prov.abbr.upper()
    return prov.display


def name(province: str) -> str:
    return board().provinces[province].name


def designation(strength: int) -> str:
    """WOTW 4.3: A, 2A or 3A."""
    return "A" if strength == 1 else f"{strength}A"


def _written(unit: Unit) -> str:
    """WOTW 4.3: a Martian unit is written by its strength before the province: 3A NAO, A Bur."""
    return f"{designation(unit.strength)} {show(unit.province)}"


MARTIAN_UNIT = UnitType("A", "Martian unit", Reach.ANY, convoyed=False, convoys=False, retreats=False,
                        moves_rule=("WOTW 4.1", "WOTW R2"), convoy_rule=("WOTW 4.2",), written=_written)


def martian(province: str, strength: int) -> Unit:
    """A Martian unit: moves freely on land and sea, naming no coast (WOTW 4.1, ruling WOTW R2)."""
    return Unit(MARTIAN, MARTIAN_UNIT, province, strength)


def called(unit: Unit) -> str:
    """How explanations name a unit: the Martian one by its whole strength (WOTW 4.3): the Martian 2A Ber."""
    return f"the Martian {_written(unit)}" if unit.power == MARTIAN else unit.label()


def martian_adjacent(src: str, dst: str) -> bool:
    """WOTW 4.1 with ruling WOTW R2: any province an army or a fleet could reach, from any coast."""
    return dst in board().neighbours(src)


def can_land(province: str) -> bool:
    """WOTW 3.5: land provinces only (inland or coastal), never Switzerland."""
    return board().provinces[province].terrain in (Terrain.LAND, Terrain.COAST)


def is_centre(province: str) -> bool:
    return board().provinces[province].centre


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
        import difflib  # only for a misspelling: ~19 ms of the browser's first start-up otherwise (issue 12)

        near = difflib.get_close_matches(cleaned.lower(), list(board().aliases), n=1, cutoff=0.8)
        hint = ""
        if near:
            found = board().aliases[near[0]]
            hint = f" (did you mean {name(found)}, {show(found)}?)"
        raise InputError(field, f"{context}: unknown province {text.strip()!r}{hint}.")
    return abbr
