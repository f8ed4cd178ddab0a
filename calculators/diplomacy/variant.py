"""A variant record: everything a variant may change, in one value (the extension points).

The standard game is ``STANDARD``.  A variant (War of the Worlds, say) builds its own
``Variant`` rather than editing this package, or, if it runs its own season, calls the same
pieces with its own rules:

- ``map``: its ``GameMap`` (``GameMap.from_dict`` / ``GameMap.replace``: extra powers,
  destroyed centres, new home centres);
- ``win_centres``: centres needed to win (DIP 1.1: 18);
- unit strength: ``Unit.strength`` is counted by the resolver for a unit's own attack
  and hold and for each support it gives, so units of strength 1-3 need no new resolver;
- ``make_resolver(gmap, effective_orders) -> Resolver``: the resolver factory
  (``adjudicate_movement(make_resolver=...)``); ``Resolver`` itself by default, or a subclass
  changing a decision (``attack_strength``, ``_move``, ``_support`` ...) while keeping the
  guess-and-check core, or a function building one.  ``Resolver(gmap, orders, supports)``
  takes the supports attached by the caller (``supports[j]``: the indices supporting unit j)
  instead of matching each to the unit in the province it names, so a variant may resolve
  several pseudo-units in one province (WotW's split and merged Martian units);
- ``Resolver.label(i)``: the unit-label hook, how the explanations (``movement.explain``)
  name unit i; ``A Par`` by default (WotW: ``the Martian 2A Par``);
- ``bind``: the legality check turning parsed orders into effective orders
  (``legality.bind_movement`` by default) for different move legality;
- ``movement.position_after(res, units)``: the units after the moves, the dislodged ones
  (with their attacker's origin, ruling DIP R6) and the moves for the map, shared by any
  variant that resolves its own season (WotW places its Martian units after it);
- ``builder(gmap, position, prov) -> power | None``: the build-site hook
  (``adjudicate_adjustments(builder=...)``): the power that may build in a province it
  owns; ``adjustments.home_builder`` (home centres, DIP 13.5) by default (WotW 8.2: also
  controlled neutral centres, never destroyed ones: ``wotw.adjust.builder``); it may carry
  ``why_not(gmap, position, prov, power) -> (message, rules) | None`` to explain a refused build
  in the variant's own terms;
- ``phase_after``: the phase sequence (Summer and Winter adjustment seasons, no retreats);
- ``start``: the initial position;
- ``before_resolution(variant, position, parsed) -> (position, parsed)`` and
  ``after_resolution(variant, position, result) -> result``: hooks run around every phase
  (cylinder landings before, destroyed centres or the virus after).

Order syntax has no hook: a variant with orders of its own (WotW's splits and merges) reads
them with its own parser into its own values.
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
