"""Summer and Winter: the Earth retreats, the Winter adjustments and the Martian's virus removals
(WOTW 7.1, 8.1, 8.2, 9.2-9.4, rulings WOTW R5, R9, R11).

The standard retreat and adjustment phases of ``calculators.diplomacy`` do the Earth side. For the
Winter builds the variant passes its build-site rule to the standard adjustment phase (its
``builder`` hook, ``adjust.builder``): nobody builds in a destroyed centre (WOTW 8.1), and a neutral
centre is a build site of the power that controls it (WOTW 8.2).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..diplomacy.adjustments import adjudicate_adjustments, update_ownership
from ..diplomacy.orders import Outcome
from ..diplomacy.parser import ParsedOrder
from ..diplomacy.position import Dislodged, Position
from ..diplomacy.retreats import adjudicate_retreats
from ..diplomacy.units import Phase, PhaseKind, Season, Unit, UnitType
from .adjust import builder
from .board import board
from .removals import Removal, apply_season
from .resolver import MARTIAN
from .units import MartianUnit


@dataclass(frozen=True)
class AfterResult:
    outcomes: tuple[Outcome, ...]
    earth: tuple[Unit, ...]
    martian: tuple[MartianUnit, ...]
    owners: dict[str, str]
    removals: tuple[Removal, ...]


def adjudicate_after(season: str, year: int, earth: tuple[Unit, ...], dislodged: tuple[Dislodged, ...],
                     contested: frozenset[str], martian: tuple[MartianUnit, ...], owners: dict[str, str],
                     destroyed: frozenset[str], parsed: list[ParsedOrder], removals_ordered, virus_active: bool,
                     ) -> AfterResult:
    gmap = board()
    pseudo = tuple(Unit(MARTIAN, UnitType.ARMY, m.province, m.strength) for m in martian)
    phase = Phase(year, Season.SPRING if season == "summer" else Season.FALL, PhaseKind.RETREATS)
    retreat_orders = [p for p in parsed if p.kind not in ("build", "waive") and
                      not (p.kind == "disband" and not any(d.unit.province == p.location.split("/")[0] for d in dislodged))]
    adjust_orders = [p for p in parsed if p not in retreat_orders]
    outcomes: list[Outcome] = []
    units = tuple(earth)
    if dislodged or retreat_orders:
        # Martian units stand in the way of retreats like any unit (they never retreat themselves, WOTW 7.1).
        pos = Position(phase, units + pseudo, dict(owners), tuple(dislodged), frozenset(contested))
        r = adjudicate_retreats(gmap, pos, retreat_orders)
        outcomes.extend(r.outcomes)
        units = tuple(u for u in r.units if u.power != MARTIAN)
    owners = dict(owners)
    if season == "winter":
        owners = {c: p for c, p in update_ownership(gmap, units, owners).items() if c not in destroyed}
        pos = Position(Phase(year, Season.WINTER, PhaseKind.ADJUSTMENTS), units, owners)
        a = adjudicate_adjustments(gmap, pos, adjust_orders, builder(destroyed))
        outcomes.extend(a.outcomes)
        units = a.units
    elif adjust_orders:
        from ..diplomacy.orders import Status
        for p in adjust_orders:
            outcomes.append(Outcome(p.power or "", p.text, None, Status.ILLEGAL,
                                    "builds and removals for centres are made only in Winter", ("DIP 2.5", "WOTW R5")))
    removed: tuple[Removal, ...] = ()
    if virus_active and martian:
        removed, martian = apply_season(martian, removals_ordered, field="martian_orders")
    martian = tuple(sorted(martian, key=lambda m: m.province))
    return AfterResult(tuple(outcomes), units, martian, owners, removed)
