"""A variant record: everything a variant may change, in one value (the extension points).

The standard game is ``STANDARD``.  A variant (War of the Worlds, say) builds its own
``Variant`` rather than editing this package:

- ``map``: its ``GameMap`` (``GameMap.from_dict`` / ``GameMap.replace``: extra powers,
  destroyed centres, new home centres);
- ``win_centres``: centres needed to win (DIP 1.1: 18);
- ``unit strength``: ``Unit.strength`` is counted by the resolver for a unit's own attack
  and hold and for each support it gives, so units of strength 1-3 need no new resolver;
- ``resolver_class``: a ``resolver.Resolver`` subclass to change a decision (for example
  ``attack_strength`` or ``_support``) while keeping the guess-and-check core;
- ``bind``: the legality check turning parsed orders into effective orders
  (``legality.bind_movement`` by default) for different move legality;
- ``phase_after``: the phase sequence (Summer and Winter adjustment seasons, no retreats);
- ``before_resolution(variant, position, parsed) -> (position, parsed)`` and
  ``after_resolution(variant, position, result) -> result``: hooks run around every phase
  (cylinder landings before, destroyed centres or the virus after).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .adjustments import home_builder
from .legality import bind_movement
from .map import GameMap, standard_map
from .position import Position, initial_position
from .resolver import Resolver
from .units import Phase, PhaseKind, Season


def standard_phase_after(variant: "Variant", phase: Phase, dislodged: bool, adjustments: bool) -> Phase:
    """DIP 2.1-2.5, ruling DIP R20: retreats only after a dislodgement, Winter only when some power adjusts."""
    if phase.kind is PhaseKind.MOVEMENT and dislodged:
        return Phase(phase.year, phase.season, PhaseKind.RETREATS)
    if phase.season is Season.SPRING:
        return Phase(phase.year, Season.FALL, PhaseKind.MOVEMENT)
    if phase.season is Season.FALL and adjustments:
        return Phase(phase.year, Season.WINTER, PhaseKind.ADJUSTMENTS)
    return Phase(phase.year + 1, Season.SPRING, PhaseKind.MOVEMENT)


@dataclass(frozen=True)
class Variant:
    name: str
    map: GameMap
    win_centres: int = 18
    make_resolver: Callable[[GameMap, list], Resolver] = Resolver
    bind: Callable = bind_movement
    phase_after: Callable = standard_phase_after
    start: Callable[[GameMap], Position] = initial_position
    builder: Callable = home_builder
    before_resolution: Callable | None = None
    after_resolution: Callable | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)

    def initial_position(self) -> Position:
        return self.start(self.map)


STANDARD = Variant("Standard", standard_map())
