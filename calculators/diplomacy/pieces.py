"""The pieces of a movement phase: the orders as the legality check leaves them (``Checked``: each written order's
check, one effective order per unit), what the resolver is given (``Resolution``), the flat tables it builds from
it, and the questions asked of them once answered (``Pieces``).

A piece is one order's unit in the resolution (a split unit's parts are several pieces).  Everything is in flat
lists indexed by piece, because the resolution is the inner loop of the site.  Three parts read the tables:
the resolver (``resolver.Resolver``, a ``Pieces``: it builds them and answers each piece's question by
guess-and-check), each order kind's rules and explanations (``orders.move``, ``orders.support``, ...), and after
the resolution the steps of a season (placing the units, a variant's losses).  None of them needs the others'
code: this module imports no order kind and no resolver.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple, Protocol

from .map import GameMap
from .orders.base import HOLD, MOVE, Kind, ParsedOrder
from .readings import DEFAULT, Options
from .units import Unit


class Piece(Protocol):
    """A typed order the resolver weighs (``orders``: hold, move, support, convoy): its unit is the piece."""

    KIND: ClassVar[Kind]

    @property
    def unit(self) -> Unit: ...


class Barrier(NamedTuple):
    """Every move by these powers into the province fails, whatever its strength (a variant's landing)."""

    powers: frozenset[str]
    reason: str
    rules: tuple[str, ...]


class Decision(NamedTuple):
    """An answer fixed before resolution, with the reason its order gives (a variant's second pass)."""

    value: bool
    reason: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Resolution:
    """Everything the resolver needs: the pieces' orders and how they hang together."""

    orders: tuple[Piece, ...]  # one per piece (a piece is ``order.unit``)
    supports: Mapping[int, tuple[int, ...]] | None = None  # piece -> pieces supporting it; None: by province
    groups: tuple[tuple[int, ...], ...] = ()  # pieces acting as one: moves into one province (and any member there)
    barriers: Mapping[str, Barrier] = field(default_factory=dict)  # province -> the powers whose moves into it fail
    decided: Mapping[int, Decision] = field(default_factory=dict)  # piece -> an answer fixed in advance, and why
    group_cap: int = 0  # a group may take in its own power's pieces left in the destination up to this total
    namer: Callable[[Unit], str] | None = None  # how explanations name a piece's unit (default: its label)
    origin: tuple[int, ...] = ()  # the unit each piece comes from (default: its own)
    sources: tuple[Any, ...] = ()  # the order each piece comes from, as checked (a split, a merge; default: its own)
    options: Options = DEFAULT  # the readings of the switchable rulings (DIP R2, R4, R14, R15, R16)


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


class Pieces:
    """The tables of one movement phase, piece by piece, and the questions asked of them.

    ``resolve(i)`` is piece i's answer (does the move succeed, is the support given, does the convoy hold);
    the resolver provides it, and after ``Resolver.run`` every answer is final.
    """

    gmap: GameMap
    resolution: Resolution
    options: Options
    n: int
    orders: tuple[Piece, ...]
    kind: list[Kind]
    prov: list[str]  # the province a piece stands in
    power: list[str]
    strength: list[int]
    dest: list[str]  # a move's destination province
    convoyed: list[bool]  # a move by convoy (DIP 8.1, ruling DIP R4)
    sdest: list[str]  # a support: the province it supports into (or the held province)
    garrison: dict[str, list[int]]  # province -> pieces standing in it at the start
    into: dict[str, list[int]]  # province -> every move into it
    supports: list[list[int]]  # piece -> the supports given to it
    fleets: list[tuple[int, ...]]  # a convoyed move -> the fleets convoying it
    rep: list[int]  # the move that speaks for a piece's group (a merge)
    members: list[tuple[int, ...]]  # the pieces acting as one with a piece
    movers: list[tuple[int, ...]]  # the moves among them
    own: list[int]  # a move's own strength (a group's: its moves' sum)
    contenders: Mapping[str, list[int] | tuple[int, ...]]  # province -> the rivals for it, one per group
    barred: list[bool]  # a move a barrier stops (a variant's landing)
    by_origin: dict[int, tuple[int, ...]] | None  # unit -> its pieces (None: one piece a unit)
    # The readings as flags (all false under the site's), and what they need.
    all_hold: bool
    rule_1982: bool
    cut_from_sea: bool
    literal_bounce: bool
    on_route: list[tuple[int, ...]] | None  # ruling DIP R14's 1971 rule: the fleets each route needs
    either: frozenset[int]  # ruling DIP R4's fall-back: moves by convoy that may go over land instead
    convoy_seas: frozenset[str]  # ruling DIP R2's 1982 rule: the seas holding a convoying fleet
    result: list[bool]
    paradox: set[int]  # moves that succeeded as circular movement (ruling DIP R3)
    held_in_paradox: set[int]  # moves failed by the all-hold rule (ruling DIP R2: all-hold)
    szykman: set[int]  # convoys the Szykman rule treated as disrupted (ruling DIP R2)
    kept: tuple[dict[int, int], dict[int, int], dict[int, int]] | None  # strengths kept once every answer is final

    def resolve(self, i: int) -> bool:
        """Piece i's answer (the resolver's)."""
        raise NotImplementedError

    # -- what every kind's rules read ----------------------------------------------------
    def support_sum(self, pieces: Iterable[int], exclude_power: str | None = None) -> int:
        """DIP 10.1: the strength of the support given to these pieces (DIP 14.7: none from ``exclude_power``)."""
        total = 0
        for p in pieces:
            for s in self.supports[p]:
                if self.power[s] != exclude_power and self.resolve(s):
                    total += self.strength[s]
        return total

    def staying(self, province: str, skip: Iterable[int]) -> list[int]:
        """Pieces in the province that do not leave it, leaving out ``skip`` (and moves that succeed)."""
        out = []
        for j in self.garrison.get(province, ()):
            if j in skip:
                continue
            if self.kind[j] == MOVE and self.resolve(j):
                continue
            out.append(j)
        return out

    # Once every answer is final (``Resolver.run``), the strengths the explanations ask for again are kept, in
    # plain dicts: a cache that held a bound method would make a reference cycle of every resolver.
    def once(self, which: int, strength: Callable[[Pieces, int], int], i: int) -> int:
        """``strength(self, i)``, kept once every answer is final (``which``: 0 attack, 1 defend, 2 prevent)."""
        kept = self.kept
        if kept is None:
            return strength(self, i)
        value = kept[which].get(i)
        if value is None:
            value = kept[which][i] = strength(self, i)
        return value

    # -- the pieces, once resolved ---------------------------------------------------------
    def order(self, i: int) -> Piece:
        """Piece i's order (its ``unit`` is the piece: a split part has the part's strength)."""
        return self.orders[i]

    def source(self, i: int) -> Any:
        """The order piece i comes from, as checked (a whole split or merge; on the standard board the piece's own)."""
        sources = self.resolution.sources
        return sources[i] if sources else self.orders[i]

    def label(self, i: int) -> str:
        """How explanations name piece i's unit: ``A Par`` (a variant names its own: ``the Martian 2A Par``)."""
        namer = self.resolution.namer
        return namer(self.source(i).unit) if namer is not None else self.orders[i].unit.label()

    def siblings(self, i: int) -> tuple[int, ...]:
        """The pieces that come from the same unit as piece i (the parts of a split), in order."""
        origin = self.resolution.origin
        return self.pieces_of(origin[i]) if origin else (i,)

    def pieces_of(self, unit: int) -> tuple[int, ...]:
        """The pieces that come from the unit of that index (in ``position.units`` order)."""
        by_origin = self.by_origin
        return by_origin.get(unit, ()) if by_origin is not None else (unit,)

    def group_of(self, i: int) -> tuple[int, ...]:
        """The pieces acting with piece i as one (a merge), piece i alone otherwise."""
        return self.members[i]

    def standing(self, province: str) -> tuple[int, ...]:
        """Every piece standing in the province at the start."""
        return tuple(self.garrison.get(province, ()))

    def entering(self, province: str) -> tuple[int, ...]:
        """Every move into the province."""
        return tuple(self.into.get(province, ()))

    def succeeded(self, i: int) -> bool:
        return self.kind[i] != HOLD and self.resolve(i)

    def dislodged_by(self, i: int) -> int | None:
        """The move that dislodged piece i, if any (DIP 10.2); a power never dislodges its own piece."""
        if self.kind[i] == MOVE and self.resolve(i):
            return None
        for m in self.into.get(self.prov[i], ()):
            if self.power[m] != self.power[i] and self.resolve(m):
                return m
        return None

    def remaining(self, province: str) -> int:
        """The strength of the pieces still in their province after the moves (dislodged or not)."""
        return sum(self.strength[j] for j in self.staying(province, ()))

    def is_decided(self, i: int) -> bool:
        return self.rep[i] in self.resolution.decided

    def why_decided(self, i: int) -> tuple[str, tuple[str, ...]]:
        """The reason for an answer fixed in advance, or for a move stopped by a barrier."""
        decision = self.resolution.decided.get(self.rep[i])
        if decision is not None:
            return decision.reason, decision.rules
        barrier = self.resolution.barriers[self.dest[i]]
        return barrier.reason, barrier.rules
