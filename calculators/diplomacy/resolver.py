"""Movement resolution: the guess-and-check algorithm of DATC section 5 (DIP 9-11, 14.6, 14.7).

Input is one *legal, matched* order per unit (``legality.bind_movement`` makes them): a
hold, a move (by land or by convoy), a support that matches a real move or hold, or a convoy
that matches a real convoyed move.  Void supports and convoys arrive as holds.

Each move, support and convoy is a yes/no question: does the move succeed, is the support
given, is the convoying fleet still there?  ``_resolve`` answers one question, recursing into
the ones it depends on.  When the recursion meets a question already being answered it
returns the current guess and records the dependency; if both guesses give the same answer
it stands, otherwise the cycle is a paradox: a convoy in it means a convoy paradox, settled
by the Szykman rule (ruling DIP R2: the convoys in the cycle are treated as disrupted);
without one it is circular movement and every move in the cycle succeeds (DIP R3).

Units are numbered; everything is in flat lists, because this is the inner loop of the site.
"""
from __future__ import annotations

from dataclasses import dataclass

from .map import GameMap, convoy_routes_exist, province_of
from .orders import Convoy, Hold, Move, Support

HOLD, MOVE, SUPPORT, CONVOY = 0, 1, 2, 3
NO_GUESS = 1 << 30


@dataclass(frozen=True)
class MoveFacts:
    """Why a move came out as it did (for explanations)."""

    attack: int
    opposed_by: str  # "hold" | "head-to-head" | "prevent" | "path" | ""
    opposition: int
    opponents: tuple[int, ...]


class Resolver:
    """Resolve one movement phase.  ``orders[i]`` is unit i's effective order.

    Each support is attached to the unit in the province it names; a variant that puts several
    pseudo-units in one province attaches them itself: ``supports[j]`` lists the supports given
    to unit j (a mapping of index to indices).
    """

    def __init__(self, gmap: GameMap, orders: list, supports: dict[int, list[int]] | None = None):
        self.gmap = gmap
        self.orders = orders
        n = len(orders)
        self.n = n
        self.kind = [HOLD] * n
        self.prov = [""] * n
        self.power = [""] * n
        self.strength = [1] * n
        self.dest = [""] * n  # move destination province
        self.convoyed = [False] * n
        self.supports = [[] for _ in range(n)]  # valid supports for this unit's move or hold
        self.fleets = [()] * n  # convoying fleets (by index) for a convoyed move
        self.sdest = [""] * n  # support: the province it supports into (or the held province)
        self.at: dict[str, int] = {}
        self.into: dict[str, list[int]] = {}
        for i, o in enumerate(orders):
            u = o.unit
            p = province_of(u.location)
            self.prov[i] = p
            self.power[i] = u.power
            self.strength[i] = u.strength
            self.at[p] = i
        for i, o in enumerate(orders):
            t = type(o)
            if t is Move:
                self.kind[i] = MOVE
                d = province_of(o.dest)
                self.dest[i] = d
                self.convoyed[i] = o.via_convoy
                self.into.setdefault(d, []).append(i)
            elif t is Support:
                self.kind[i] = SUPPORT
                if supports is None:
                    self.supports[self.at[o.target]].append(i)
                self.sdest[i] = o.dest if o.dest is not None else o.target
            elif t is Convoy:
                self.kind[i] = CONVOY
        if supports is not None:
            self.supports = [list(supports.get(i, ())) for i in range(n)]
        for i in range(n):
            if self.convoyed[i]:
                src, d = self.prov[i], self.dest[i]
                self.fleets[i] = tuple(j for j, o in enumerate(orders)
                                       if self.kind[j] == CONVOY and o.army == src and o.dest == d)
        self.done = [False] * n
        self.visited = [False] * n
        self.in_cycle = [False] * n
        self.result = [False] * n
        self.cycle: list[int] = []
        self.depth = [0] * n
        self.lowdep = [0] * n
        self.level = 0
        self.low = NO_GUESS
        self.szykman: set[int] = set()  # convoys failed by the Szykman rule
        self.paradox: set[int] = set()  # moves that succeeded as circular movement
        self._sea_adj = _sea_adjacency(gmap)

    # -- the guess algorithm (DATC 5.F) -----------------------------------------------
    # Each resolution that used a guess remembers the lowest recursion depth whose guess it
    # used (``low``).  An order is the ancestor of a cycle when every guess below it came
    # from itself or from deeper orders; only then are both of its guesses tried.  (DATC's
    # counter of recursion hits misses a guess read back from an order already in the cycle.)
    def resolve(self, i: int) -> bool:
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
        low = self.low
        if low == NO_GUESS:
            return self._settle(i, first, outer_low)
        if low >= d:
            # This order is the ancestor of the whole cycle: try the other guess.
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
        if not self.in_cycle[i]:
            self.cycle.append(i)
            self.in_cycle[i] = True
        self.lowdep[i] = low
        self.result[i] = first
        self.visited[i] = False
        self.level = d
        self.low = min(outer_low, low)
        return first

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

    def _adjudicate(self, i: int) -> bool:
        k = self.kind[i]
        if k == MOVE:
            return self._move(i)
        if k == SUPPORT:
            return self._support(i)
        if k == CONVOY:
            # DIP 8.1: a convoy holds while the fleet is not dislodged.
            for m in self.into.get(self.prov[i], ()):
                if self.resolve(m):
                    return False
            return True
        return True

    # -- DATC 5.B: the strengths ---------------------------------------------------
    def path(self, i: int) -> bool:
        """DIP 8.2: an army by convoy needs an unbroken chain of convoying fleets; any one will do (DIP R14)."""
        if not self.convoyed[i]:
            return True
        live = {self.prov[f] for f in self.fleets[i] if self.resolve(f)}
        if not live:
            return False
        return convoy_routes_exist(self.gmap, self.prov[i], self.dest[i], live, self._sea_adj)

    def head_to_head(self, i: int, j: int | None) -> bool:
        """DIP 9.3, 14.6: two units ordered into each other's provinces, neither by convoy."""
        return (j is not None and self.kind[j] == MOVE and self.dest[j] == self.prov[i]
                and not self.convoyed[i] and not self.convoyed[j])

    def _support_sum(self, supporters, exclude_power: str | None = None) -> int:
        total = 0
        for s in supporters:
            if exclude_power is not None and self.power[s] == exclude_power:
                continue
            if self.resolve(s):
                total += self.strength[s]
        return total

    def attack_strength(self, i: int) -> int:
        if not self.path(i):
            return 0
        j = self.at.get(self.dest[i])
        if j is None or (self.kind[j] == MOVE and not self.head_to_head(i, j) and self.resolve(j)):
            return self.strength[i] + self._support_sum(self.supports[i])
        if self.power[j] == self.power[i]:
            return 0  # DIP 10.3: never dislodge your own unit
        # DIP 14.7: a power's support does not help dislodge its own unit.
        return self.strength[i] + self._support_sum(self.supports[i], self.power[j])

    def hold_strength(self, province: str) -> int:
        j = self.at.get(province)
        if j is None:
            return 0
        if self.kind[j] == MOVE:
            return 0 if self.resolve(j) else self.strength[j]
        return self.strength[j] + self._support_sum(self.supports[j])

    def defend_strength(self, j: int) -> int:
        return self.strength[j] + self._support_sum(self.supports[j])

    def prevent_strength(self, m: int) -> int:
        if not self.path(m):
            return 0
        j = self.at.get(self.dest[m])
        # Ruling DIP R16: only a unit beaten head-to-head loses its hold on the other province.
        if self.head_to_head(m, j) and self.resolve(j):
            return 0
        return self.strength[m] + self._support_sum(self.supports[m])

    # -- DATC 5.B: the decisions ----------------------------------------------------
    def _move(self, i: int) -> bool:
        attack = self.attack_strength(i)
        if attack == 0:
            return False
        d = self.dest[i]
        j = self.at.get(d)
        if self.head_to_head(i, j):
            if attack <= self.defend_strength(j):
                return False
        elif attack <= self.hold_strength(d):
            return False
        for m in self.into[d]:
            if m != i and attack <= self.prevent_strength(m):
                return False
        return True

    def _support(self, i: int) -> bool:
        """DIP 11.1: cut by an attack from anywhere but the province supported into; lost if dislodged.

        An attack from the province supported into never cuts, even by convoy (ruling DIP R15).
        """
        p = self.prov[i]
        attackers = self.into.get(p)
        if not attackers:
            return True
        into = self.sdest[i]
        me = self.power[i]
        for m in attackers:
            if self.prov[m] != into and self.power[m] != me and self.path(m):
                return False
        for m in attackers:
            if self.prov[m] == into and self.resolve(m):
                return False
        return True

    # -- after resolution -------------------------------------------------------------
    def run(self) -> "Resolver":
        for i in range(self.n):
            if self.kind[i] != HOLD:
                self.resolve(i)
        return self

    def succeeded(self, i: int) -> bool:
        return self.kind[i] != HOLD and self.resolve(i)

    def label(self, i: int) -> str:
        """How explanations name unit i (``A Par``): the unit-label hook a variant overrides."""
        return self.orders[i].unit.label()

    def dislodged_by(self, i: int) -> int | None:
        """The unit that dislodged unit i, if any (DIP 10.2)."""
        if self.kind[i] == MOVE and self.resolve(i):
            return None
        for m in self.into.get(self.prov[i], ()):
            if self.resolve(m):
                return m
        return None

    def contested(self) -> frozenset[str]:
        """DIP 12.2 with ruling DIP R19: empty provinces where a move failed that still had strength to bounce."""
        out = set()
        for d, movers in self.into.items():
            if any(self.resolve(m) for m in movers):
                continue
            j = self.at.get(d)
            if j is not None and not (self.kind[j] == MOVE and self.resolve(j)):
                continue
            if any(self.prevent_strength(m) > 0 for m in movers):
                out.add(d)
        return frozenset(out)

    def move_facts(self, i: int) -> MoveFacts:
        """The deciding comparison for a move, for its explanation."""
        attack = self.attack_strength(i)
        if attack == 0:
            return MoveFacts(0, "path" if not self.path(i) else "own", 0, ())
        d = self.dest[i]
        j = self.at.get(d)
        if self.head_to_head(i, j):
            opp = self.defend_strength(j)
            if attack <= opp:
                return MoveFacts(attack, "head-to-head", opp, (j,))
        else:
            opp = self.hold_strength(d)
            if attack <= opp:
                return MoveFacts(attack, "hold", opp, (j,) if j is not None else ())
        rivals = [m for m in self.into[d] if m != i]
        best = max((self.prevent_strength(m) for m in rivals), default=0)
        if attack <= best:
            return MoveFacts(attack, "prevent", best,
                             tuple(m for m in rivals if self.prevent_strength(m) == best))
        held = self.defend_strength(j) if self.head_to_head(i, j) else self.hold_strength(d)
        if held >= best and held > 0:
            return MoveFacts(attack, "", held, (j,))
        return MoveFacts(attack, "", best, tuple(m for m in rivals if self.prevent_strength(m) == best and best))


_SEA_CACHE: dict[int, tuple[GameMap, dict[str, frozenset[str]]]] = {}


def _sea_adjacency(gmap: GameMap) -> dict[str, frozenset[str]]:
    """For each sea province, the provinces a convoy chain can step to from it."""
    cached = _SEA_CACHE.get(id(gmap))
    if cached is not None and cached[0] is gmap:
        return cached[1]
    adj = {p: frozenset(province_of(x) for x in gmap.fleet_adj.get(p, ()))
           for p in gmap.provinces if gmap.is_sea(p)}
    _SEA_CACHE[id(gmap)] = (gmap, adj)  # holding the map keeps its id from being reused
    return adj


def resolve_orders(gmap: GameMap, orders: list) -> Resolver:
    """Resolve a movement phase; ``orders`` is one effective order per unit."""
    return Resolver(gmap, orders).run()


__all__ = ["Resolver", "resolve_orders", "Hold", "Move", "Support", "Convoy", "MoveFacts"]
