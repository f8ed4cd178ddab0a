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

Pieces are numbered; everything is in flat lists, because this is the inner loop of the site.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from .map import GameMap, convoy_routes_exist
from .orders.base import Kind
from .orders.convoy import Convoy, on_minimal_route
from .orders.hold import Hold
from .orders.move import Move
from .orders.support import Support
from .readings import DEFAULT, ConvoyedCut, DislodgedBounce, MultiRoute, Options, Paradox

NO_GUESS = 1 << 30


HOLD, MOVE, SUPPORT, CONVOY = Kind.HOLD, Kind.MOVE, Kind.SUPPORT, Kind.CONVOY


@dataclass(frozen=True)
class Resolution:
    """Everything the resolver needs: the pieces' orders and how they hang together."""

    orders: tuple  # Hold | Move | Support | Convoy, one per piece (a piece is ``order.unit``)
    supports: Mapping[int, tuple[int, ...]] | None = None  # piece -> pieces supporting it; None: by province
    groups: tuple[tuple[int, ...], ...] = ()  # pieces acting as one: moves into one province (and any member there)
    barriers: Mapping = field(default_factory=dict)  # province -> Barrier (powers whose moves into it fail, and why)
    decided: Mapping = field(default_factory=dict)  # piece -> Decision (an answer fixed in advance, and why)
    group_cap: int = 0  # a group may take in its own power's pieces left in the destination up to this total
    namer: Callable | None = None  # how explanations name a piece's unit, from its source order's unit (default: label)
    origin: tuple[int, ...] = ()  # the unit each piece comes from (default: its own)
    sources: tuple = ()  # the order each piece comes from, as checked (a split, a merge; default: the piece's own)
    options: Options = DEFAULT  # the readings of the switchable rulings (DIP R2, R4, R14, R15, R16)


class MoveFacts(NamedTuple):
    """Why a move came out as it did (for explanations)."""

    attack: int
    opposed_by: str  # "hold" | "head-to-head" | "prevent" | "path" | "own" | "barrier" | "decided" | "paradox" | ""
    opposition: int
    opponents: tuple[int, ...]


class Resolver:
    """Resolve one movement phase; the public questions are ``succeeded``, ``dislodged_by``,
    ``remaining``, ``entering``, ``contested``, ``move_facts`` and the strengths."""

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
        self.fleets = [()] * n  # convoying fleets (by index) for a convoyed move
        for i in range(n):
            if self.convoyed[i]:
                src, d = self.prov[i], self.dest[i]
                self.fleets[i] = tuple(j for j, o in enumerate(orders)
                                       if self.kind[j] == CONVOY and o.army == src and o.dest == d)
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

    def _read(self, orders) -> None:
        """The flat tables: each piece's kind, province, power, strength, destination."""
        n = len(orders)
        self.kind = [HOLD] * n
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
            t = type(o)
            if t is Move:
                self.kind[i] = MOVE
                d = self.dest[i] = o.dest_province
                self.convoyed[i] = o.via_convoy
                m = into.get(d)
                if m is None:
                    into[d] = [i]
                else:
                    m.append(i)
            elif t is Support:
                self.kind[i] = SUPPORT
                self.sdest[i] = o.dest if o.dest is not None else o.target
            elif t is Convoy:
                self.kind[i] = CONVOY

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
            self.on_route = [()] * self.n
            for i in range(self.n):
                fleets = self.fleets[i]
                seas = {self.prov[f] for f in fleets}
                self.on_route[i] = tuple(f for f in fleets if on_minimal_route(self.prov[i], self.dest[i], self.prov[f],
                                                                               seas, sea_adj))
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

    def _attach(self, supports) -> None:
        """Each support counts for the piece it names (by province on the standard board)."""
        if supports is not None:
            self.supports = [list(supports.get(i, ())) for i in range(self.n)]
            return
        self.supports = [[] for _ in range(self.n)]
        at = {p: g[0] for p, g in self.garrison.items()}
        for i, o in enumerate(self.orders):
            if self.kind[i] == SUPPORT:
                self.supports[at[o.target]].append(i)

    def _join(self, groups) -> None:
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
        self.contenders = self.into if not groups else {
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
            if self.kind[c] == CONVOY:
                o = self.orders[c]
                moves += [m for m in self.into.get(o.dest, ()) if self.prov[m] == o.army]
        for j in moves:
            self.result[j] = False
            self.done[j] = True
            self.held_in_paradox.add(j)

    def _adjudicate(self, i: int) -> bool:
        k = self.kind[i]
        if k == MOVE:
            return self._move(i)
        if k == SUPPORT:
            return self._support(i) if self.plain_support else self._support_read(i)
        if k == CONVOY:
            # DIP 8.1: a convoy holds while the fleet is not dislodged.
            return not any(self.resolve(m) for m in self.into.get(self.prov[i], ()))
        return True

    # -- DATC 5.B: the strengths ---------------------------------------------------
    def path(self, i: int) -> bool:
        """DIP 8.2: an army by convoy needs an unbroken chain of convoying fleets; any one will do (DIP R14).
        A move that may fall back to the land route always has one (DIP R4: fallback-to-land)."""
        if not self.convoyed[i]:
            return True
        return self.route(i)

    def route(self, i: int) -> bool:
        """DIP 8.2, ruling DIP R14: does a route of convoying fleets, none dislodged, join the army's provinces?
        Under the 1971 rule every fleet on a route of the convoying fleets must hold."""
        if self.on_route is not None:
            needed = self.on_route[i]
            held = [self.resolve(f) for f in needed]
            return bool(needed) and all(held)
        live = {self.prov[f] for f in self.fleets[i] if self.resolve(f)}
        return bool(live) and convoy_routes_exist(self.gmap, self.prov[i], self.dest[i], live)

    def by_convoy(self, i: int) -> bool:
        """Does move i travel by convoy (ruling DIP R4; with a fall-back, only while its convoy holds)?"""
        if self.convoyed[i]:
            return True
        return i in self.either and self.route(i)

    def fell_back(self, i: int) -> bool:
        """Ruling DIP R4 (fallback-to-land, 1971): move i was to go by convoy, and went over land instead."""
        return i in self.either and not self.route(i)

    def head_to_head(self, i: int, j: int) -> bool:
        """DIP 9.3, 14.6: piece j moves into the province of i (or of a piece moving with i), neither by convoy."""
        if self.kind[j] != MOVE or self.convoyed[i] or self.convoyed[j]:
            return False
        if self.either and (self.by_convoy(i) or self.by_convoy(j)):
            return False
        d = self.dest[j]
        members = self.members[i]
        if len(members) == 1:
            return self.prov[i] == d
        return any(self.prov[m] == d for m in members)

    def _support_sum(self, pieces, exclude_power: str | None = None) -> int:
        total = 0
        for p in pieces:
            for s in self.supports[p]:
                if self.power[s] != exclude_power and self.resolve(s):
                    total += self.strength[s]
        return total

    def _staying(self, province: str, skip) -> list[int]:
        """Pieces in the province that do not leave it, leaving out ``skip`` (and moves that succeed)."""
        out = []
        for j in self.garrison.get(province, ()):
            if j in skip:
                continue
            if self.kind[j] == MOVE and self.resolve(j):
                continue
            out.append(j)
        return out

    # Once every answer is final (``run``), the strengths the explanations ask for again are kept, in
    # plain dicts: a cache that held a bound method would make a reference cycle of every resolver.
    def _once(self, which: int, strength, i: int) -> int:
        kept = self.kept
        if kept is None:
            return strength(i)
        value = kept[which].get(i)
        if value is None:
            value = kept[which][i] = strength(i)
        return value

    def attack_strength(self, i: int) -> int:
        return self._once(0, self._attack_strength, i)

    def defend_strength(self, j: int) -> int:
        return self._once(1, self._defend_strength, j)

    def prevent_strength(self, m: int) -> int:
        return self._once(2, self._prevent_strength, m)

    def _attack_strength(self, i: int) -> int:
        """DATC 5.B.4, DIP 10.1, 10.3, 14.7: the strength of a move against what stays in its destination;
        0 against the mover's own unit, and without the support of the defender's own power."""
        if self.convoyed[i] and not self.path(i):
            return 0
        d = self.dest[i]
        garrison = self.garrison.get(d)
        if garrison is None:
            return self.own[i] + self._support_sum(self.movers[i])
        if len(garrison) == 1 and len(self.members[i]) == 1:
            # One unit in the way, one unit attacking: the standard board's case (DATC 5.B.4).
            j = garrison[0]
            if self.kind[j] == MOVE and not self.head_to_head(i, j) and self.resolve(j):
                return self.own[i] + self._support_sum(self.movers[i])
            if self.power[j] == self.power[i]:
                return 0  # DIP 10.3: never dislodge your own unit
            return self.own[i] + self._support_sum(self.movers[i], self.power[j])  # DIP 14.7
        return self._attack_on_many(i, garrison)

    def _attack_on_many(self, i: int, garrison: list[int]) -> int:
        """A variant's attack: several pieces in the way (a split unit), or several moving as one (a merge).

        DIP 10.3 with WOTW 5.8: a move into a province where its own power's unit remains bounces; WOTW 5.9 and
        ruling WOTW R12: a merge takes in its own pieces that failed to leave, within the strength cap."""
        movers, me = self.movers[i], self.power[i]
        victims = [j for j in garrison if j not in self.members[i]
                   and (self.kind[j] != MOVE or self.head_to_head(i, j) or not self.resolve(j))]
        if not victims:
            return self.own[i] + self._support_sum(movers)
        if any(self.power[j] == me for j in victims):
            # DIP 10.3: never dislodge your own unit; a group may take in its own pieces that failed
            # to leave, within its cap (a variant's merge).
            if len(self.members[i]) > 1 and all(self.kind[j] == MOVE and not self.head_to_head(i, j) for j in victims) \
                    and self.own[i] + sum(self.strength[j] for j in victims) <= self.resolution.group_cap:
                return self.own[i] + self._support_sum(movers)
            return 0
        # DIP 14.7: a power's support does not help dislodge its own unit.
        return self.own[i] + self._support_sum(movers, self.power[victims[0]])

    def hold_strength(self, province: str, skip=()) -> int:
        """DATC 5.B.5, DIP 6.2, 9.2: what stays in a province holds it with its strength and its hold supports;
        a split unit's remainder holds together (ruling WOTW R13), each Martian unit at its strength (ruling
        WOTW R7)."""
        total = 0
        for j in self._staying(province, skip):
            total += self.strength[j] if self.kind[j] == MOVE else self.strength[j] + self._support_sum((j,))
        return total

    def _defend_strength(self, j: int) -> int:
        """DATC 5.B.6, DIP 9.3: the strength of a unit in a head-to-head battle (a merge as one, WOTW 5.3)."""
        return self.own[j] + self._support_sum(self.movers[j])

    def _prevent_strength(self, m: int) -> int:
        """DATC 5.B.7, DIP 9.1, WOTW 5.6: the strength with which a move keeps others out of its destination."""
        if self.convoyed[m] and not self.path(m):
            return 0
        # Ruling DIP R16: only a unit beaten head-to-head loses its hold on the other province; read
        # literally, any unit dislodged by the unit coming from there does.
        for j in self.garrison.get(self.dest[m], ()):
            if self.head_to_head(m, j) and self.resolve(j):
                return 0
            if self.literal_bounce and self.kind[j] == MOVE and self.dest[j] == self.prov[m] and self.resolve(j) \
                    and not self.resolve(m):
                return 0
        return self.own[m] + self._support_sum(self.movers[m])

    # -- DATC 5.B: the decisions ----------------------------------------------------
    def _against(self, i: int, attack: int) -> tuple[str, int, tuple[int, ...]]:
        """What stands in the way of move i in its destination: the binding opposition if any.

        A piece coming the other way meets the move head to head (DIP 9.3); whatever else stays
        in the province holds it together (a split unit's remainder, ruling WOTW R13).  Pieces of
        the mover's own power are not opposition: either the attack is 0 or its group takes them in.
        """
        d, members, me = self.dest[i], self.members[i], self.power[i]
        hold, staying, facing, strongest = 0, [], (), 0
        for j in self.garrison.get(d, ()):
            if j in members:
                continue
            if self.head_to_head(i, j):
                defend = self.defend_strength(j)
                if attack <= defend:
                    return "head-to-head", defend, (j,)
                facing, strongest = (j,), max(strongest, defend)
                continue
            if self.power[j] == me:
                continue
            if self.kind[j] == MOVE:
                if not self.resolve(j):
                    hold += self.strength[j]
                    staying.append(j)
            else:
                hold += self.strength[j] + self._support_sum((j,))
                staying.append(j)
        if hold and attack <= hold:
            return "hold", hold, tuple(staying)
        if hold >= strongest:
            return "", hold, tuple(staying)
        return "", strongest, facing

    def _move(self, i: int) -> bool:
        """DIP 9.1-9.3, 10.1: a move succeeds when it beats what holds its destination, the unit coming the other
        way, and every rival for the province; WOTW 3.4: a barrier stops it whatever its strength."""
        if self.barred[i]:
            return False  # a barrier: the move fails whatever its strength (a landing, WOTW 3.4)
        attack = self.attack_strength(i)
        if attack == 0 or self._against(i, attack)[0]:
            return False
        return not any(m != i and attack <= self.prevent_strength(m) for m in self.contenders[self.dest[i]])

    def _support(self, i: int) -> bool:
        """DIP 11.1, WOTW 6.2: cut by an attack from anywhere but the province supported into (all of a strong
        unit's support at once); lost if dislodged.

        An attack from the province supported into never cuts, even by convoy (ruling DIP R15), a Martian
        unit's support included (ruling WOTW R15).
        """
        attackers = self.into.get(self.prov[i])
        if not attackers:
            return True
        into = self.sdest[i]
        me = self.power[i]
        for m in attackers:
            if self.prov[m] != into and self.power[m] != me and self.path(m):
                return False
        return not any(self.prov[m] == into and self.resolve(m) for m in attackers)

    def _support_read(self, i: int) -> bool:
        """``_support`` under other readings (``cutters``)."""
        attackers = self.into.get(self.prov[i])
        if not attackers:
            return True
        if next(self._cutters(i), None) is not None:
            return False
        into = self.sdest[i]
        return not any(self.prov[m] == into and self.resolve(m) for m in attackers)

    def _cutters(self, i: int):
        """DIP 11.1: the attacks that cut support i, one at a time.  A convoyed attack from the province supported
        into cuts under ruling DIP R15's from-the-sea reading; a convoyed army never cuts a support given to a body
        of water holding a convoying fleet under ruling DIP R2's 1982 rule."""
        into, me = self.sdest[i], self.power[i]
        for m in self.into.get(self.prov[i], ()):
            if self.power[m] == me:
                continue
            if self.prov[m] == into and not (self.cut_from_sea and self.by_convoy(m)):
                continue
            if self.spared_1982(i, m):
                continue
            if self.path(m):
                yield m

    def cutters(self, i: int) -> list[int]:
        """Every attack that cut support i (for its explanation)."""
        return list(self._cutters(i))

    def spared_1982(self, i: int, m: int) -> bool:
        """Ruling DIP R2, the 1982 rule: the convoyed army m does not cut support i, given to a body of water
        holding a convoying fleet."""
        return self.rule_1982 and self.sdest[i] in self.convoy_seas and self.power[m] != self.power[i] \
            and self.by_convoy(m)

    # -- after resolution: the public questions ----------------------------------------
    def order(self, i: int):
        """Piece i's order (its ``unit`` is the piece: a split part has the part's strength)."""
        return self.orders[i]

    def source(self, i: int):
        """The order piece i comes from, as checked (a whole split or merge; on the standard board the piece's own)."""
        return self.resolution.sources[i] if self.resolution.sources else self.orders[i]

    def explain(self, i: int) -> tuple:
        """(status, reason, rules) for piece i, in its order kind's words."""
        from .orders import spec_of

        return spec_of(self.orders[i]).explain(self, i)

    def label(self, i: int) -> str:
        """How explanations name piece i's unit: ``A Par`` (a variant names its own: ``the Martian 2A Par``)."""
        namer = self.resolution.namer
        return namer(self.source(i).unit) if namer is not None else self.orders[i].unit.label()

    def siblings(self, i: int) -> tuple[int, ...]:
        """The pieces that come from the same unit as piece i (the parts of a split), in order."""
        origin = self.resolution.origin
        return self.by_origin[origin[i]] if origin else (i,)

    def pieces_of(self, unit: int) -> tuple[int, ...]:
        """The pieces that come from the unit of that index (in ``position.units`` order)."""
        return self.by_origin.get(unit, ()) if self.by_origin is not None else (unit,)

    def is_decided(self, i: int) -> bool:
        return self.rep[i] in self.resolution.decided

    def why_decided(self, i: int) -> tuple[str, tuple[str, ...]]:
        """The reason for an answer fixed in advance, or for a move stopped by a barrier."""
        decision = self.resolution.decided.get(self.rep[i])
        if decision is not None:
            return decision.reason, decision.rules
        barrier = self.resolution.barriers[self.dest[i]]
        return barrier.reason, barrier.rules

    def defender_power(self, i: int) -> str | None:
        """The power whose pieces stay in move i's destination (DIP 14.7), if any."""
        for j in self.garrison.get(self.dest[i], ()):
            if j not in self.members[i] and (self.kind[j] != MOVE or self.head_to_head(i, j) or not self.resolve(j)):
                return self.power[j]
        return None

    def run(self) -> Resolver:
        for i in range(self.n):
            if self.kind[i] != HOLD:
                self.resolve(i)
        self.kept = ({}, {}, {})  # every answer is final now: attack, defend and prevent strengths can be kept
        return self

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

    def group_of(self, i: int) -> tuple[int, ...]:
        """The pieces acting with piece i as one (a merge), piece i alone otherwise."""
        return self.members[i]

    def standing(self, province: str) -> tuple[int, ...]:
        """Every piece standing in the province at the start."""
        return tuple(self.garrison.get(province, ()))

    def entering(self, province: str) -> tuple[int, ...]:
        """Every move into the province."""
        return tuple(self.into.get(province, ()))

    def remaining(self, province: str) -> int:
        """The strength of the pieces still in their province after the moves (dislodged or not)."""
        return sum(self.strength[j] for j in self._staying(province, ()))

    def contested(self) -> frozenset[str]:
        """DIP 12.2 with ruling DIP R19: empty provinces where a move failed that still had strength to bounce."""
        out = set()
        result = self.result  # every move is resolved by now
        for d, movers in self.into.items():
            if any(result[self.rep[m]] for m in movers):
                continue
            if d in self.garrison and self._staying(d, ()):
                continue
            if any(self.prevent_strength(m) > 0 for m in self.contenders[d]):
                out.add(d)
        return frozenset(out)

    def move_facts(self, i: int) -> MoveFacts:
        """The deciding comparison for a move, for its explanation."""
        if self.resolution.decided and self.is_decided(i) and not self.resolve(i):
            return MoveFacts(0, "decided", 0, ())
        if self.held_in_paradox and i in self.held_in_paradox:
            return MoveFacts(self.attack_strength(i), "paradox", 0, ())
        if self.barred[i]:
            return MoveFacts(self.attack_strength(i), "barrier", 0, ())
        attack = self.attack_strength(i)
        if attack == 0:
            return MoveFacts(0, "path" if not self.path(i) else "own", 0, ())
        what, opp, who = self._against(i, attack)
        if what:
            return MoveFacts(attack, what, opp, who)
        contenders = self.contenders[self.dest[i]]
        if len(contenders) == 1:  # no rival for the province
            return MoveFacts(attack, "", opp, who if opp > 0 else ())
        rivals = [m for m in contenders if m != self.rep[i]]
        best = max(self.prevent_strength(m) for m in rivals)
        if attack <= best:
            return MoveFacts(attack, "prevent", best, tuple(m for m in rivals if self.prevent_strength(m) == best))
        if opp >= best and opp > 0:
            return MoveFacts(attack, "", opp, who)
        return MoveFacts(attack, "", best, tuple(m for m in rivals if self.prevent_strength(m) == best and best))


def resolve_orders(gmap: GameMap, orders, **structure) -> Resolver:
    """Resolve a movement phase; ``orders`` is one effective order per piece (see ``Resolution``)."""
    return Resolver(gmap, Resolution(tuple(orders), **structure)).run()


__all__ = ["Resolver", "Resolution", "MoveFacts", "Kind", "resolve_orders", "Hold", "Move", "Support", "Convoy"]
