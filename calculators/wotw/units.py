"""Reading Martian units: a province and a strength of 1, 2 or 3 (WOTW 4.3, WOTW 4.4)."""
from __future__ import annotations

import re

from ..core import InputError
from ..core.numbers import number
from ..diplomacy.api import Unit
from .board import MAX_STRENGTH, designation, lookup, martian, show

MAX_UNITS = 34  # an input bound (more Martian units than centres never arise in play), not the centre count
_UNIT = re.compile(r"^\s*(\d*)\s*a\s+(.+?)\s*$", re.I)


def strength_of(written: str, field: str, context: str) -> int:
    """WOTW 4.3, 4.4: the strength written before the A (none: 1), which must be 1 to 3."""
    strength = number(written) if written else 1
    if strength is None or not 1 <= strength <= MAX_STRENGTH:
        raise InputError(field, f"{context[:40]}: a Martian unit's strength is 1 to 3, written A, 2A or 3A "
                                f"(got {written[:6]}A) (WOTW 4.3, 4.4).")
    return strength


def split_size(token: str, field: str = "orders", context: str = "") -> tuple[int | None, str]:
    """``"2A Bul"`` -> (2, "Bul"); ``"BLA"`` -> (None, "BLA"); ``"A Vie"`` -> (1, "Vie")."""
    m = _UNIT.match(token)
    if m:
        return strength_of(m.group(1), field, context or token.strip()), m.group(2)
    return None, token.strip()


def parse_units(text: str, field: str = "units") -> tuple[Unit, ...]:
    """A list like ``3A Con, 2A Bul, A Vie`` (commas, semicolons or new lines)."""
    items = [t for t in re.split(r"[,;\n]", text) if t.strip()]
    if len(items) > MAX_UNITS:
        raise InputError(field, f"At most {MAX_UNITS} Martian units (got {len(items)}).")
    units: dict[str, Unit] = {}
    for item in items:
        m = _UNIT.match(item)
        if not m:
            raise InputError(field, f"{item.strip()!r}: write a Martian unit as A, 2A or 3A and a province, "
                                    "e.g. 3A Con.")
        strength = strength_of(m.group(1), field, repr(item.strip()))
        prov = lookup(m.group(2), field, item.strip())
        if prov == "swi":
            raise InputError(field, f"{item.strip()!r}: no unit can stand in Switzerland.")
        if prov in units:
            raise InputError(field, f"{item.strip()!r}: there is already a Martian unit in {show(prov)}; "
                                    "two units never share a province.")
        units[prov] = martian(prov, strength)
    return tuple(units.values())


__all__ = ["MAX_UNITS", "designation", "parse_units", "split_size", "strength_of"]
