"""The Martian's virus removals (WOTW 9.2-9.4, rulings WOTW R5, R9, R10): ``remove A Par, 2A Mun``.

Once the virus is active the Martian removes two strength points in each Summer and Winter; the
points it does not order removed (or orders wrongly) are taken by default, one at a time, from the
unit whose province comes first by its full English name.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..diplomacy.api import Illegal, Kind, OrderSpec, PhaseKind, Season, Spent, Unit
from .board import designation, name, show
from .endgame import next_removal_season
from .readings import DEFAULT, RemovalsStart

POINTS_PER_SEASON = 2  # WOTW 9.2
MAX_SEASONS = 60  # 34 units of 3 points at 2 a season need at most 51


@dataclass(frozen=True, slots=True)
class Removal:
    unit: Unit  # the Martian unit as it stood before the removal
    points: int
    by_default: bool = False  # WOTW 9.3: chosen by the Game Master, not ordered

    @property
    def province(self) -> str:
        return self.unit.province


def check(strength: dict[str, int], budget: int, prov: str, points: int) -> int:
    """WOTW 9.2: a removal from a Martian unit that has the points, within the season's two points."""
    if strength.get(prov, 0) == 0:
        raise Illegal(f"there is no Martian unit in {show(prov)}", ("WOTW 9.2",))
    if strength[prov] < points:
        raise Illegal(f"the Martian unit in {show(prov)} is {designation(strength[prov])}, so {points} points cannot "
                      f"be removed from it", ("WOTW 9.2",))
    if points > budget:  # legal alone: the season's earlier removals used the points (it fails, not illegal)
        # The removal named: "only 0 are left to remove" did not say which one was too many (a new player listed
        # three).
        left = "none remains" if budget == 0 else f"only {budget} remain{'s' if budget == 1 else ''}"
        raise Spent(f"{designation(points)} {show(prov)} is more than the season allows: the virus removes "
                    f"{POINTS_PER_SEASON} strength points a season, and {left} for it", ("WOTW 9.2",))
    return points


def defaults(strength: dict[str, int], short: int) -> list[tuple[str, int]]:
    """WOTW 9.3, ruling WOTW R9: points taken one at a time, provinces by their full English name."""
    out = []
    for prov in sorted(strength, key=name):
        if short == 0:
            break
        take = min(short, strength[prov])
        if take:
            strength[prov] -= take
            short -= take
            out.append((prov, take))
    return out


def describe(order: Removal) -> str:
    return f"{designation(order.points)} {show(order.province)}" + (" (default)" if order.by_default else "")


SPEC = OrderSpec("removal", Removal, frozenset({PhaseKind.RETREATS, PhaseKind.ADJUSTMENTS}), describe, Kind.NONE)


@dataclass(frozen=True)
class RemovalSeason:
    year: int
    season: Season
    due: int
    removals: tuple[Removal, ...]
    after: tuple[Unit, ...]


def apply(units: tuple[Unit, ...], ordered: tuple[tuple[str, int], ...]
          ) -> tuple[tuple[Removal, ...], tuple[Unit, ...]]:
    """WOTW 9.2-9.3, ruling WOTW R9: one season's removals, the ordered first (Illegal if one cannot be made)."""
    by_prov = {u.province: u for u in units}
    strength = {u.province: u.strength for u in units}
    budget = min(POINTS_PER_SEASON, sum(strength.values()))
    removals = []
    for prov, points in ordered:
        budget -= check(strength, budget, prov, points)
        strength[prov] -= points
        removals.append(Removal(by_prov[prov], points))
    removals += [Removal(by_prov[prov], points, True) for prov, points in defaults(strength, budget)]
    return tuple(removals), tuple(u.with_strength(strength[u.province]) for u in units if strength[u.province] > 0)


def plan(units: tuple[Unit, ...], year: int, season: Season, first=(),
         start: RemovalsStart = DEFAULT.removals_start) -> tuple[RemovalSeason, ...]:
    """Every removal season until no Martian point is left, the units standing still (ruling WOTW R10)."""
    out: list[RemovalSeason] = []
    y, s = next_removal_season(year, season, start)
    ordered = first
    while units and len(out) < MAX_SEASONS:
        due = min(POINTS_PER_SEASON, sum(u.strength for u in units))
        removals, units = apply(units, ordered)
        out.append(RemovalSeason(y, s, due, removals, units))
        ordered = ()
        y, s = next_removal_season(y, s)
    return tuple(out)
