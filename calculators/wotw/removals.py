"""Virus removals: two strength points each Summer and Winter once active (WOTW 9.2-9.4, rulings WOTW R5, R9, R10)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..core import InputError
from .board import lookup, name, show
from .units import MartianUnit, designation

POINTS_PER_SEASON = 2  # WOTW 9.2
ADJUSTMENT_SEASONS = ("summer", "winter")  # ruling WOTW R5
ORDER = ("spring", "summer", "fall", "winter")
MAX_SEASONS = 60  # 34 units of 3 points at 2 a season need at most 51


@dataclass(frozen=True)
class Removal:
    province: str
    points: int
    by_default: bool  # WOTW 9.3: chosen by the Game Master, not ordered


@dataclass(frozen=True)
class RemovalSeason:
    year: int
    season: str
    due: int
    removals: tuple[Removal, ...]
    after: tuple[MartianUnit, ...]


def next_adjustment(year: int, season: str) -> tuple[int, str]:
    """Ruling WOTW R10: the first Summer or Winter after the season at whose end the virus struck."""
    i = ORDER.index(season)
    while True:
        i += 1
        if i == len(ORDER):
            i, year = 0, year + 1
        if ORDER[i] in ADJUSTMENT_SEASONS:
            return year, ORDER[i]


def parse_removals(text: str, field: str = "removals") -> tuple[tuple[str, int], ...]:
    """``A Par, 2A Mun``: points the Martian orders removed, per province."""
    out = []
    for item in [t for t in re.split(r"[,;\n]", text) if t.strip()][:10]:
        m = re.match(r"^\s*(?:remove\s+|disband\s+)?([123]?)\s*a\s+(.+?)\s*$", item, re.I)
        if not m:
            raise InputError(field, f"{item.strip()!r}: write a removal as A, 2A or 3A and a province, e.g. A Par.")
        out.append((lookup(m.group(2), field, item.strip()), int(m.group(1) or 1)))
    return tuple(out)


def apply_season(units: tuple[MartianUnit, ...], ordered: tuple[tuple[str, int], ...],
                 due: int = POINTS_PER_SEASON, field: str = "removals") -> tuple[tuple[Removal, ...], tuple[MartianUnit, ...]]:
    """WOTW 9.2-9.3, ruling WOTW R9: the ordered removals first, then points alphabetically by full name."""
    strength = {u.province: u.strength for u in units}
    removals: list[Removal] = []
    if sum(p for _, p in ordered) > due:
        raise InputError(field, f"The Martian removes {due} strength points a season, not {sum(p for _, p in ordered)} (WOTW 9.2).")
    for prov, points in ordered:
        if strength.get(prov, 0) < points:
            raise InputError(field, f"There is no Martian unit of strength {points} or more in {show(prov)}.")
        strength[prov] -= points
        removals.append(Removal(prov, points, False))
    short = min(due - sum(p for _, p in ordered), sum(strength.values()))
    for prov in sorted(strength, key=name):
        if short == 0:
            break
        take = min(short, strength[prov])
        if take:
            strength[prov] -= take
            short -= take
            removals.append(Removal(prov, take, True))
    after = tuple(MartianUnit(p, s) for p, s in strength.items() if s > 0)
    return tuple(removals), after


def schedule(units: tuple[MartianUnit, ...], year: int, season: str,
             first_orders: tuple[tuple[str, int], ...] = ()) -> tuple[RemovalSeason, ...]:
    """Every removal season until no Martian point is left, the units standing still (ruling WOTW R10)."""
    out = []
    y, s = next_adjustment(year, season)
    ordered = first_orders
    while units and len(out) < MAX_SEASONS:
        due = min(POINTS_PER_SEASON, sum(u.strength for u in units))
        removals, units = apply_season(units, ordered)
        out.append(RemovalSeason(y, s, due, removals, units))
        ordered = ()
        y, s = next_adjustment(y, s)
    return tuple(out)


def describe(r: Removal) -> str:
    return f"{designation(r.points)} {show(r.province)}" + (" (default)" if r.by_default else "")
