"""Earth adjustments in War of the Worlds: centres that still count, and where a power may build
(WOTW 8.1, WOTW 8.2, ruling WOTW R11)."""
from __future__ import annotations

from ..diplomacy.api import BuildRule, GameMap, Illegal
from .board import board


def centre_counts(owners: dict[str, str], destroyed) -> dict[str, int]:
    """WOTW 8.1: a destroyed centre counts for nobody."""
    out: dict[str, int] = {}
    for c, p in owners.items():
        if c not in destroyed:
            out[p] = out.get(p, 0) + 1
    return out


def builder_of(gmap: GameMap, owners: dict[str, str], destroyed, prov: str) -> str | None:
    """WOTW 8.1, 8.2: the power that may build in ``prov`` when it owns it: nobody in a destroyed
    centre, the home power in a home centre, the controller in a neutral centre (a centre that is
    no power's home); so never another power's home centre it has captured."""
    info = gmap.provinces[prov]
    if not info.centre or prov in destroyed:
        return None
    return info.home if info.home is not None else owners.get(prov)


def _destroyed(position) -> frozenset[str]:
    return position.state.destroyed if position.state is not None else frozenset()


def _builder(gmap: GameMap, position, prov: str) -> str | None:
    return builder_of(gmap, position.owners, _destroyed(position), prov)


def _refusal(gmap: GameMap, position, prov: str, power: str) -> Illegal | None:
    """The variant's words for a refused build site (WOTW 8.1, 8.2)."""
    info = gmap.provinces[prov]
    if info.centre and prov in _destroyed(position):
        return Illegal(f"{info.name} has been destroyed by the Martians: nobody builds there (WOTW 8.1, 8.2)",
                       ("WOTW 8.1", "WOTW 8.2"))
    if info.centre and info.home is not None and info.home != power:
        return Illegal(f"{info.name} is {info.home}'s home centre: {power} builds only in its own home centres and "
                       f"in neutral centres it controls (WOTW 8.2)", ("WOTW 8.2",))
    return None


BUILD_RULE = BuildRule(_builder, _refusal)  # WOTW 8.2: home centres and controlled neutral ones, never destroyed


def build_sites(power: str, owners: dict[str, str], destroyed, occupied) -> tuple[str, ...]:
    """WOTW 8.2: vacant, not destroyed, owned by the power, and either its home centre or a neutral one
    (a centre that is no power's home); never another power's home centre it has captured."""
    gmap = board()
    return tuple(c for c in sorted(gmap.provinces) if c not in occupied and owners.get(c) == power
                 and builder_of(gmap, owners, destroyed, c) == power)


def adjustments(owners: dict[str, str], destroyed, units_by_power: dict[str, int], occupied) -> dict[str, dict]:
    """Per Earth power: centres, units, builds (+) or disbands (-) due, and where it may build."""
    counts = centre_counts(owners, destroyed)
    out = {}
    for p in sorted(set(counts) | set(units_by_power)):
        due = counts.get(p, 0) - units_by_power.get(p, 0)
        sites = build_sites(p, owners, destroyed, occupied) if due > 0 else ()
        out[p] = {"centres": counts.get(p, 0), "units": units_by_power.get(p, 0), "due": due,
                  "sites": list(sites), "builds": min(due, len(sites)) if due > 0 else 0}
    return out
