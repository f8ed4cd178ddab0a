"""A movement phase after the legality check (``movement.check_orders``): each written order's check, one
effective order per unit, and the pieces for the resolver; what the season carries to the resolution and
explanations (``Turn.check``)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .orders import ParsedOrder
from .pieces import Resolution
from .units import Unit


@dataclass(slots=True)
class Written:
    """One written order after the board check: the order, or why it cannot be used.  ``repeated``: it was the
    same order again (ruling DIP R10): it counts once, so the unit's own order stands and it does not hold."""

    parsed: ParsedOrder
    unit: Unit | None
    order: Any | None
    error: str = ""
    rules: tuple[str, ...] = ()
    repeated: bool = False


@dataclass(frozen=True, slots=True)
class Checked:
    """The movement phase after the legality check: every written order's check, one effective order
    per unit (``position.units`` order), the pieces for the resolver and the void supports and convoys."""

    written: tuple[Written, ...]
    effective: tuple[Any, ...]
    resolution: Resolution
    void: Mapping[int, str]  # unit index -> why its support or convoy did nothing
