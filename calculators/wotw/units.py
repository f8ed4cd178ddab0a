"""Martian units: a province and a strength of 1, 2 or 3 (WOTW 4.3, WOTW 4.4)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..core import InputError
from .board import MAX_STRENGTH, lookup, show

MAX_UNITS = 34
_UNIT = re.compile(r"^\s*([123]?)\s*a\s+(.+?)\s*$", re.I)


@dataclass(frozen=True)
class MartianUnit:
    province: str
    strength: int

    @property
    def label(self) -> str:
        """WOTW 4.3: A, 2A or 3A before the province."""
        return f"{designation(self.strength)} {show(self.province)}"


def designation(strength: int) -> str:
    return "A" if strength == 1 else f"{strength}A"


def split_size(token: str) -> tuple[int | None, str]:
    """``"2A Bul"`` -> (2, "Bul"); ``"BLA"`` -> (None, "BLA"); ``"A Vie"`` -> (1, "Vie")."""
    m = _UNIT.match(token)
    if m:
        return int(m.group(1) or 1), m.group(2)
    return None, token.strip()


def parse_units(text: str, field: str = "units") -> tuple[MartianUnit, ...]:
    """A list like ``3A Con, 2A Bul, A Vie`` (commas, semicolons or new lines)."""
    items = [t for t in re.split(r"[,;\n]", text) if t.strip()]
    if len(items) > MAX_UNITS:
        raise InputError(field, f"At most {MAX_UNITS} Martian units (got {len(items)}).")
    units: dict[str, MartianUnit] = {}
    for item in items:
        m = _UNIT.match(item)
        if not m:
            raise InputError(field, f"{item.strip()!r}: write a Martian unit as A, 2A or 3A and a province, e.g. 3A Con.")
        strength = int(m.group(1) or 1)
        if strength > MAX_STRENGTH:
            raise InputError(field, f"{item.strip()!r}: a Martian unit is never stronger than 3 (WOTW 4.4).")
        prov = lookup(m.group(2), field, item.strip())
        if prov == "swi":
            raise InputError(field, f"{item.strip()!r}: no unit can stand in Switzerland.")
        if prov in units:
            raise InputError(field, f"{item.strip()!r}: there is already a Martian unit in {show(prov)}; "
                                    "two units never share a province.")
        units[prov] = MartianUnit(prov, strength)
    return tuple(units.values())
