"""Movement resolution: the guess-and-check algorithm of DATC section 5 (DIP 9-11, 14.6, 14.7).

Input (``Resolution``) is one *legal, matched* order per piece: a hold, a move (by land or by
convoy), a support attached to the piece it supports, or a convoy that matches a real convoyed
move.  Void supports and convoys arrive as holds.  On the standard board a piece is a unit; a
variant may put several pieces in one province (the parts of a split unit: whatever of them does
not leave holds the province together) and may join several moves into one attack (a merge),
with ``groups``; ``barriers`` make every move of some powers into a province fail (a landing);
``decided`` fixes some answers before resolution (a variant's second pass).

Each move, support and convoy is a yes/no question: does the move succeed, is the support
given, is the convoying fleet still there?  ``Resolver.resolve`` answers one question, recursing
into the ones it depends on.  When the recursion meets a question already being answered it
returns the current guess and records the dependency; if both guesses give the same answer it
stands, otherwise the cycle is a paradox: a convoy in it means a convoy paradox, settled by the
Szykman rule (ruling DIP R2: the convoys in the cycle are treated as disrupted); without one it
is circular movement and every move in the cycle succeeds (ruling DIP R3).

The readings of the switchable rulings come in ``Resolution.options`` (``readings.Options``): the
paradox rule (DIP R2), the fall-back of a failed convoy to the land route (DIP R4), when a route is
disrupted (DIP R14), whose convoyed attack cuts a support (DIP R15) and when a dislodged unit still
bounces (DIP R16).  Under the site's readings none of them costs a lookup in the inner loop.

Pieces are numbered; everything is in flat lists, because this is the inner loop of the site.  This module
builds the tables and runs the algorithm; each order kind's decision and strengths are in its module
(``orders.move``: the move, its strengths and its path; ``orders.support``: what cuts a support;
``orders.convoy``: a convoy holds; ``orders.hold``: a hold's strength), written against the tables
(``pieces.Pieces``), which also answer the questions asked once every answer is final.
"""
from __future__ import annotations

from collections.abc import Mapping

from .map import GameMap
from .orders import convoy, move, support
from .orders.base import CONVOY, HOLD, MOVE, Kind
from .orders.convoy import Convoy, on_minimal_route
from .orders.hold import Hold
from .orders.move import Move, MoveFacts
from .orders.support import Support
from .pieces import Barrier, Decision, Piece, Pieces, Resolution
from .readings import ConvoyedCut, DislodgedBounce, MultiRoute, Options, Paradox

NO_GUESS = 1 << 30


class Resolver(Pieces):
    """One movement phase: its tables built from a ``Resolution``, and the guess-and-check that answers every
    piece's question by its kind's rule (``decide``: the move's, the support's, the convoy's).  ``run`` answers
    them all; the questions asked after it are the tables' (``pieces.Pieces``)."""

    def __init__(self, gmap: GameMap, resolution: Resolution):
        self.gmap = gmap
        self.resolution = resolution
        orders = self.orders = resolution.orders
        n = self.n = len(orders)
        self._read(orders)
        self.by_origin: dict[int, tuple[int, ...]] | None = None
        if resolution.origin:
            by: dict[int, list[int]] = {}
            for i, u in enumerate(resolution.origin):
                by.setdefault(u, []).append(i)
            self.by_origin = {u: tuple(js) for u, js in by.items()}
        self._attach(resolution.supports)
        self._join(resolution.groups)
        self.fleets: list[tuple[int, ...]] = [()] * n  # convoying fleets (by index) for a convoyed move
        for i in range(n):
            if self.convoyed[i]:
                src, d = self.prov[i], self.dest[i]
                self.fleets[i] = tuple(j for j, o in enumerate(orders)
                                       if type(o) is Convoy and o.army == src and o.dest == d)
        self._read_options(resolution.options)
        barriers = resolution.barriers
        self.barred = [False] * n
        for i in range(n):
            if barriers and self.kind[i] == MOVE and self.dest[i] in barriers:
                self.barred[i] = self.power[i] in barriers[self.dest[i]].powers
        self.done = [False] * n
        self.visited = [False] * n
        self.in_cycle = [False] * n
        self.result = [False] * n
        for i, decision in resolution.decided.items():
            self.done[i], self.result[i] = True, decision.value
        self.cycle: list[int] = []
        self.depth = [0] * n
        self.lowdep = [0] * n
        self.level = 0
        self.low = NO_GUESS
        self.paradox: set[int] = set()  # moves that succeeded as circular movement
        self.held_in_paradox: set[int] = set()  # moves failed by the all-hold rule (ruling DIP R2: all-hold)
        self.szykman: set[int] = set()  # convoys the Szykman rule treated as disrupted (ruling DIP R2)
        self.kept: tuple[dict[int, int], dict[int, int], dict[int, int]] | None = None
        # Each kind's decision (DATC 5.B): the move's, the support's under the readings in force, the convoy's.
        self.decide = (_holds, move.succeeds, support.given if self.plain_support else support.given_read,
                       convoy.holds)

    def _read(self, orders: tuple[Piece, ...]) -> None:
        """The flat tables: each piece's kind, province, power, strength, destination."""
        n = len(orders)
        self.kind: list[Kind] = [HOLD] * n
        self.prov = [""] * n
        self.power = [""] * n
        self.strength = [1] * n
        self.dest = [""] * n  # move destination province
        self.convoyed = [False] * n
        self.sdest = [""] * n  # support: the province it supports into (or the held province)
        self.garrison: dict[str, list[int]] = {}  # province -> pieces standing in it at the start
        self.into: dict[str, list[int]] = {}  # province -> every move into it
        garrison, into = self.garrison, self.into
        for i, o in enumerate(orders):
            u = o.unit
            p = self.prov[i] = u.province
            self.power[i] = u.power
            self.strength[i] = u.strength
            g = garrison.get(p)
            if g is None:
                garrison[p] = [i]
            else:
                g.append(i)
            self.kind[i] = o.KIND
            if type(o) is Move:
                d = self.dest[i] = o.dest_province
                self.convoyed[i] = o.via_convoy
                m = into.get(d)
                if m is None:
                    into[d] = [i]
                else:
                    m.append(i)
            elif type(o) is Support:
                self.sdest[i] = o.dest if o.dest is not None else o.target

    def _read_options(self, options: Options) -> None:
        """The readings, as flags the decisions test (all false under the site's readings)."""
        self.options = options
        self.all_hold = options.paradox is Paradox.ALL_HOLD
        self.rule_1982 = options.paradox is Paradox.RULE_1982
        self.cut_from_sea = options.convoyed_cut is ConvoyedCut.FROM_THE_SEA
        self.literal_bounce = options.dislodged_bounce is DislodgedBounce.LITERAL
        self.plain_support = not (self.rule_1982 or self.cut_from_sea)
        # DIP R14 under the 1971 rule: the fleets on some route of a convoyed move's fleets, each needed.
        self.on_route: list[tuple[int, ...]] | None = None
        if options.multi_route is MultiRoute.RULE_1971:
            sea_adj = self.gmap.sea_adjacency
            on_route: list[tuple[int, ...]] = [()] * self.n
            for i in range(self.n):
                fleets = self.fleets[i]
                seas = {self.prov[f] for f in fleets}
                on_route[i] = tuple(f for f in fleets if on_minimal_route(self.prov[i], self.dest[i], self.prov[f],
                                                                          seas, sea_adj))
            self.on_route = on_route
        # DIP R4 with a fall-back: a convoyed move to a neighbouring province goes over land when its convoy
        # fails.  It counts as a land move (``convoyed`` false) except where ``by_convoy`` says otherwise.
        self.either: frozenset[int] = frozenset()
        if options.fallback_to_land:
            either = set()
            for i in range(self.n):
                if self.convoyed[i]:
                    unit = self.orders[i].unit
                    if self.dest[i] in self.gmap.reach(unit.type.reach, unit.location):
                        either.add(i)
                        self.convoyed[i] = False
            self.either = frozenset(either)
        self.convoy_seas = frozenset(self.prov[j] for j in range(self.n) if self.kind[j] == CONVOY) \
            if self.rule_1982 else frozenset()

    def _attach(self, supports: Mapping[int, tuple[int, ...]] | None) -> None:
        """Each support counts for the piece it names (by province on the standard board)."""
        if supports is not None:
            self.supports = [list(supports.get(i, ())) for i in range(self.n)]
            return
        self.supports = [[] for _ in range(self.n)]
        at = {p: g[0] for p, g in self.garrison.items()}
        for i, o in enumerate(self.orders):
            if type(o) is Support:
                self.supports[at[o.target]].append(i)

    def _join(self, groups: tuple[tuple[int, ...], ...]) -> None:
        """A group's first move speaks for it: its members share one answer and one attack."""
        n = self.n
        self.rep = list(range(n))
        self.members: list[tuple[int, ...]] = [(i,) for i in range(n)]
        self.movers = [m if self.kind[m[0]] == MOVE else () for m in self.members]
        for g in groups:
            movers = tuple(m for m in g if self.kind[m] == MOVE)
            for m in g:
                self.members[m] = tuple(g)
                self.movers[m] = movers
                self.rep[m] = movers[0]
        self.own = [s if k == MOVE else 0 for s, k in zip(self.strength, self.kind, strict=True)]
        for g in groups:
            total = sum(self.strength[m] for m in g if self.kind[m] == MOVE)
            for m in g:
                self.own[m] = total
        # Rivals into a province, one per group.
        self.contenders: Mapping[str, list[int] | tuple[int, ...]] = self.into if not groups else {
            d: tuple(dict.fromkeys(self.rep[m] for m in ms)) for d, ms in self.into.items()}

    # -- the guess algorithm (DATC 5.F) -----------------------------------------------
    # Each resolution that used a guess remembers the lowest recursion depth whose guess it
    # used (``low``).  An order is the ancestor of a cycle when every guess below it came
    # from itself or from deeper orders; only then are both of its guesses tried.  (DATC's
    # counter of recursion hits misses a guess read back from an order already in the cycle.)
    def resolve(self, i: int) -> bool:
        i = self.rep[i]
        if self.done[i]:
            return self.result[i]
        if self.visited[i]:
            if not self.in_cycle[i]:
                self.cycle.append(i)
                self.in_cycle[i] = True
            if self.depth[i] < self.low:
                self.low = self.depth[i]
            return self.result[i]
        if self.in_cycle[i]:
            if self.lowdep[i] < self.low:
                self.low = self.lowdep[i]
            return self.result[i]
        d = self.level
        self.level = d + 1
        self.visited[i] = True
        self.depth[i] = d
        old_len = len(self.cycle)
        outer_low = self.low
        self.low = NO_GUESS
        self.result[i] = False
        first = self._adjudicate(i)
        if self.done[i]:
            # A paradox below fixed this order's answer (ruling DIP R2: all-hold fails the convoyed army).
            return self._settle(i, self.result[i], outer_low)
        low = self.low
        if low == NO_GUESS:
            return self._settle(i, first, outer_low)
        if low >= d:
            return self._try_other_guess(i, d, first, old_len, outer_low)
        if not self.in_cycle[i]:
            self.cycle.append(i)
            self.in_cycle[i] = True
        self.lowdep[i] = low
        self.result[i] = first
        self.visited[i] = False
        self.level = d
        self.low = min(outer_low, low)
        return first

    def _try_other_guess(self, i: int, d: int, first: bool, old_len: int, outer_low: int) -> bool:
        """This order is the ancestor of the whole cycle: try the other guess (DATC 5.F)."""
        self._drop_cycle(old_len)
        self.low = NO_GUESS
        self.result[i] = True
        second = self._adjudicate(i)
        if first == second:
            self._drop_cycle(old_len)
            return self._settle(i, first, outer_low)
        members = self.cycle[old_len:]
        self._backup_rule(members if i in members else members + [i])
        self._drop_cycle(old_len)
        self.visited[i] = False
        self.level = d
        self.low = outer_low
        return self.resolve(i)

    def _settle(self, i: int, value: bool, outer_low: int) -> bool:
        self.result[i] = value
        self.done[i] = True
        self.visited[i] = False
        self.level -= 1
        self.low = outer_low
        return value

    def _drop_cycle(self, old_len: int) -> None:
        for j in self.cycle[old_len:]:
            self.in_cycle[j] = False
        del self.cycle[old_len:]

    def _backup_rule(self, cycle: list[int]) -> None:
        """No single answer: a paradox.  DATC 5.B.9: circular movement (DIP R3) or Szykman (DIP R2)."""
        kinds = {self.kind[j] for j in cycle}
        if kinds == {MOVE}:
            for j in cycle:
                self.result[j] = True
                self.done[j] = True
            self.paradox.update(cycle)
        elif CONVOY in kinds and self.all_hold:
            self._all_hold(cycle)
        elif CONVOY in kinds:
            for j in cycle:
                if self.kind[j] == CONVOY:
                    self.result[j] = False
                    self.done[j] = True
                    self.szykman.add(j)
        else:
            # Not reachable on the standard map; a variant's paradox: everything in it fails.
            for j in cycle:
                self.result[j] = False
                self.done[j] = True

    def _all_hold(self, cycle: list[int]) -> None:
        """Ruling DIP R2, all-hold: every move in the paradox fails, and so does each army convoyed by a fleet
        in it; everything else is then resolved with those answers."""
        moves = [j for j in cycle if self.kind[j] == MOVE]
        for c in cycle:
            o = self.orders[c]
            if type(o) is Convoy:
                moves += [m for m in self.into.get(o.dest, ()) if self.prov[m] == o.army]
        for j in moves:
            self.result[j] = False
            self.done[j] = True
            self.held_in_paradox.add(j)

    def _adjudicate(self, i: int) -> bool:
        """The piece's question, answered by its kind's rule."""
        return self.decide[self.kind[i]](self, i)


    def run(self) -> Resolver:
        """Answer every piece's question; the phase's pieces, each answer final."""
        for i in range(self.n):
            if self.kind[i] != HOLD:
                self.resolve(i)
        self.kept = ({}, {}, {})  # every answer is final now: attack, defend and prevent strengths can be kept
        return self


def _holds(r: Pieces, i: int) -> bool:
    """DIP 6.1: a hold is not a question."""
    return True


def resolve_orders(gmap: GameMap, orders, **structure) -> Resolver:
    """Resolve a movement phase; ``orders`` is one effective order per piece (see ``Resolution``)."""
    return Resolver(gmap, Resolution(tuple(orders), **structure)).run()


__all__ = ["Barrier", "Decision", "Resolver", "Resolution", "MoveFacts", "Kind", "Piece", "resolve_orders", "Hold",
           "Move", "Support", "Convoy"]
