"""A resolved movement phase: the questions asked of it once every answer is final.

The resolver (``resolver.Resolver``) answers each piece's question; ``Facts`` is what the rest of the engine
sees of it afterwards: the explanations (each order kind's ``explain``), the placing of the units after the
moves (``movement.place_units``) and a variant's steps (War of the Worlds' losses and landing).  The
standard order kinds' explanations read the resolver's tables through ``resolver``; a variant asks only
the questions here.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .orders import move, spec_of
from .orders.base import HOLD, MOVE, Kind, Status
from .orders.move import Move

if TYPE_CHECKING:
    from .readings import Options
    from .resolver import Piece, Resolver


class Facts:
    """The answers of one movement phase, and what led to them."""

    def __init__(self, resolver: Resolver):
        r = self.resolver = resolver
        # The tables a question names pieces by (read-only once resolved).
        self.orders: tuple[Piece, ...] = r.orders
        self.kind: list[Kind] = r.kind
        self.prov: list[str] = r.prov
        self.power: list[str] = r.power
        self.strength: list[int] = r.strength
        self.supports: list[list[int]] = r.supports
        self.paradox: set[int] = r.paradox  # moves that succeeded as circular movement (ruling DIP R3)
        self.options: Options = r.options
        self.resolve: Callable[[int], bool] = r.resolve  # each answer, final

    # -- the pieces ------------------------------------------------------------------------------
    def order(self, i: int) -> Piece:
        """Piece i's order (its ``unit`` is the piece: a split part has the part's strength)."""
        return self.orders[i]

    def source(self, i: int) -> Any:
        """The order piece i comes from, as checked (a whole split or merge; on the standard board the piece's own)."""
        sources = self.resolver.resolution.sources
        return sources[i] if sources else self.orders[i]

    def label(self, i: int) -> str:
        """How explanations name piece i's unit: ``A Par`` (a variant names its own: ``the Martian 2A Par``)."""
        namer = self.resolver.resolution.namer
        return namer(self.source(i).unit) if namer is not None else self.orders[i].unit.label()

    def siblings(self, i: int) -> tuple[int, ...]:
        """The pieces that come from the same unit as piece i (the parts of a split), in order."""
        origin = self.resolver.resolution.origin
        return self.pieces_of(origin[i]) if origin else (i,)

    def pieces_of(self, unit: int) -> tuple[int, ...]:
        """The pieces that come from the unit of that index (in ``position.units`` order)."""
        by_origin = self.resolver.by_origin
        return by_origin.get(unit, ()) if by_origin is not None else (unit,)

    def group_of(self, i: int) -> tuple[int, ...]:
        """The pieces acting with piece i as one (a merge), piece i alone otherwise."""
        return self.resolver.members[i]

    def standing(self, province: str) -> tuple[int, ...]:
        """Every piece standing in the province at the start."""
        return tuple(self.resolver.garrison.get(province, ()))

    def entering(self, province: str) -> tuple[int, ...]:
        """Every move into the province."""
        return tuple(self.resolver.into.get(province, ()))

    # -- the answers -------------------------------------------------------------------------------
    def succeeded(self, i: int) -> bool:
        return self.kind[i] != HOLD and self.resolve(i)

    def dislodged_by(self, i: int) -> int | None:
        """The move that dislodged piece i, if any (DIP 10.2); a power never dislodges its own piece."""
        if self.kind[i] == MOVE and self.resolve(i):
            return None
        for m in self.resolver.into.get(self.prov[i], ()):
            if self.power[m] != self.power[i] and self.resolve(m):
                return m
        return None

    def remaining(self, province: str) -> int:
        """The strength of the pieces still in their province after the moves (dislodged or not)."""
        return sum(self.strength[j] for j in self.resolver.staying(province, ()))

    def contested(self) -> frozenset[str]:
        """DIP 12.2 with ruling DIP R19: empty provinces where a move failed that still had strength to bounce."""
        r = self.resolver
        out = set()
        result = r.result  # every move is resolved by now
        for d, movers in r.into.items():
            if any(result[r.rep[m]] for m in movers):
                continue
            if d in r.garrison and r.staying(d, ()):
                continue
            if any(move.prevent_strength(r, m) > 0 for m in r.contenders[d]):
                out.add(d)
        return frozenset(out)

    def destination(self, i: int) -> str:
        """Where move i goes: its location (a coast named where the move reached one)."""
        o = self.orders[i]
        if type(o) is not Move:
            raise ValueError(f"piece {i} is not a move")
        return o.dest

    def by_convoy(self, i: int) -> bool:
        """Did move i travel by convoy (ruling DIP R4)?"""
        return move.by_convoy(self.resolver, i)

    # -- why ---------------------------------------------------------------------------------------
    def explain(self, i: int) -> tuple[Status, str, tuple[str, ...]]:
        """(status, reason, rules) for piece i, in its order kind's words."""
        return spec_of(self.orders[i]).explain(self, i)

    def move_facts(self, i: int) -> move.MoveFacts:
        """The deciding comparison for a move, for its explanation."""
        return move.move_facts(self.resolver, i)

    def defend_strength(self, i: int) -> int:
        """DATC 5.B.6: the strength of move i in a head-to-head battle."""
        return move.defend_strength(self.resolver, i)

    def is_decided(self, i: int) -> bool:
        return self.resolver.rep[i] in self.resolver.resolution.decided

    def why_decided(self, i: int) -> tuple[str, tuple[str, ...]]:
        """The reason for an answer fixed in advance, or for a move stopped by a barrier."""
        r = self.resolver
        decision = r.resolution.decided.get(r.rep[i])
        if decision is not None:
            return decision.reason, decision.rules
        barrier = r.resolution.barriers[r.dest[i]]
        return barrier.reason, barrier.rules
