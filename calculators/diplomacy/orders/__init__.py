"""Order kinds, one module each (as godip's ``orders/``): reading, legality, resolution kind,
explanation and description live together in the kind's module.

``OrderKind`` is the registry: each member's value is its module's ``SPEC``.  Adding a kind is one
module and one line here; a variant with kinds of its own (War of the Worlds' split, merge and
removal) lists them in its own enum, and its variant record names both.
"""
from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any

from . import build, convoy, disband, hold, move, retreat, support, waive
from .base import (Illegal, Kind, OrderSpec, Outcome, ParsedOrder, Spent, Status, a_unit, find_unit, phase_words,
                   strict_designation)
from .build import Build, BuildRule
from .convoy import Convoy
from .disband import Disband
from .hold import Hold
from .move import Move
from .retreat import Retreat
from .support import Support
from .waive import Waive

if TYPE_CHECKING:
    from ..pieces import Pieces


class OrderKind(Enum):
    """The standard game's order kinds (DIP 4): the registry of their modules."""

    HOLD = hold.SPEC
    MOVE = move.SPEC
    SUPPORT = support.SPEC
    CONVOY = convoy.SPEC
    RETREAT = retreat.SPEC
    DISBAND = disband.SPEC
    BUILD = build.SPEC
    WAIVE = waive.SPEC


_BY_TYPE: dict[type, OrderSpec[Any]] = {}


def spec_of(order: object) -> OrderSpec[Any]:
    """The kind of a typed order (its module's record), from any registered kind enum."""
    return _BY_TYPE[type(order)]


def register(kinds: type[Enum]) -> None:
    """Make a kind enum's typed orders known to ``spec_of`` and ``describe`` (done for each variant's kinds)."""
    for k in kinds:
        _BY_TYPE[k.value.value] = k.value


register(OrderKind)


def explain(r: Pieces, i: int) -> tuple[Status, str, tuple[str, ...]]:
    """Piece i's result: (status, reason, rules), in its order kind's words."""
    return _BY_TYPE[type(r.orders[i])].explain(r, i)


def describe(order) -> str:
    """The order in short notation: ``A Par - Bur``, ``F Nth C A Lon - Bel``."""
    return spec_of(order).describe(order)


__all__ = ["Build", "BuildRule", "Convoy", "Disband", "Hold", "Illegal", "Kind", "Move", "OrderKind", "OrderSpec",
           "Outcome", "ParsedOrder", "Retreat", "Spent", "Status", "Support", "Waive", "a_unit", "describe",
           "explain",
           "find_unit", "phase_words", "register", "spec_of", "strict_designation"]
