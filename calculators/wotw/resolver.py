"""The standard resolver with the Martian decisions changed (WOTW 3.4, 5.3-5.9, 6.1, 6.2, 7.3).

``calculators.diplomacy.resolver.Resolver`` keeps its guess-and-check core; this subclass
changes only the strengths and decisions the variant changes:

- a **split** unit is several pseudo-units moving out of one province, plus a *remainder*
  pseudo-unit that stands for whatever is left there: the part ordered to stay and every part
  whose move fails (WOTW 5.7); the remainder holds the province at that combined strength
  (ruling WOTW R13);
- a **merge** is one attack: its *lead* pseudo-unit carries the combined strength and every
  support given to any participant; the other participants (*followers*) succeed or fail with
  it and do not stand off their own merge (WOTW 5.3, ruling WOTW R8);
- a merge into a participant's own province (WOTW 5.4) or onto a Martian unit whose move out
  failed (WOTW 5.9, ruling WOTW R12) is not an attack on one's own unit;
- an Earth move into the landing province fails whatever its strength (WOTW 3.4);
- moves that dislodged a multi-strength Martian unit are made to fail (``stuck``) and that
  unit's support stays cut (``cut``) on the second pass (ruling WOTW R4);
- the standard explanations name a Martian unit by its whole strength in its province
  (``the Martian 2A Par``, WOTW 4.3) through the unit-label hook ``label``.

Martian units support with their full strength and one attack cuts all their support: the
base resolver already counts ``Unit.strength`` for supports and cuts on any attack
(WOTW 6.1, 6.2).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..diplomacy.resolver import MOVE, Resolver
from .board import show
from .units import designation

MARTIAN = "Martian"
MAX_STRENGTH = 3


@dataclass(frozen=True)
class Structure:
    """How the pseudo-units hang together; built by ``season`` from the checked Martian orders."""

    leads: dict[int, tuple[int, ...]] = field(default_factory=dict)  # merge lead -> every participant mover
    hosts: dict[int, int] = field(default_factory=dict)  # merge lead -> the participant already in its destination
    remainders: dict[int, tuple[int, ...]] = field(default_factory=dict)  # remainder -> the parts leaving its province
    own: dict[int, int] = field(default_factory=dict)  # merge lead -> its own strength (it carries the total)
    landing: str | None = None
    stuck: frozenset[int] = frozenset()
    cut: frozenset[int] = frozenset()


class MartianResolver(Resolver):
    def __init__(self, gmap, orders: list, structure: Structure, supports: dict[int, list[int]]):
        # Supports are attached by ``season``, which knows which part or merge a support is for.
        super().__init__(gmap, orders, supports)
        st = self.st = structure
        self.follower_of: dict[int, int] = {}
        for lead, members in st.leads.items():
            for m in members:
                if m != lead:
                    self.follower_of[m] = lead
        for f, lead in self.follower_of.items():
            self.into[self.dest[f]].remove(f)
        for r in st.remainders:
            self.at[self.prov[r]] = r

    def label(self, i: int) -> str:
        """WOTW 4.3: a Martian unit is named by the strength in its province (every pseudo-unit there)."""
        if self.power[i] != MARTIAN:
            return super().label(i)
        total = sum(self.st.own.get(k, self.strength[k]) for k in range(self.n)
                    if self.power[k] == MARTIAN and self.prov[k] == self.prov[i])
        return f"the Martian {designation(total)} {show(self.prov[i])}"

    # -- followers share their lead's fate ------------------------------------------------
    def resolve(self, i: int) -> bool:
        lead = self.follower_of.get(i)
        if lead is not None:
            return self.resolve(lead)
        return super().resolve(i)

    # -- the remainder of a split -----------------------------------------------------------
    def remainder_strength(self, r: int, without: int | None = None) -> int:
        """The strength left in a split unit's province: the part staying and every failed part (WOTW 5.7)."""
        total = self.strength[r]
        for p in self.st.remainders[r]:
            if p != without and not self.resolve(p):
                total += self.strength[p]
        return total

    def _failed_only(self, j: int) -> int | None:
        """Strength of a Martian unit in the way that tried to leave and failed, else None (ruling WOTW R12)."""
        if j in self.st.remainders:
            if self.strength[j]:
                return None
            return self.remainder_strength(j)
        if self.kind[j] == MOVE and not self.resolve(j):
            return self.st.own.get(j, self.strength[j])
        return None

    def hold_strength(self, province: str) -> int:
        j = self.at.get(province)
        if j is None:
            return 0
        if j in self.st.remainders:
            rest = self.remainder_strength(j)
            if rest == 0:
                return 0
            return rest + (self._support_sum(self.supports[j]) if self.strength[j] else 0)
        if j in self.st.leads:
            return 0 if self.resolve(j) else self.st.own[j]
        return super().hold_strength(province)

    def attack_strength(self, i: int) -> int:
        d = self.dest[i]
        j = self.at.get(d)
        if j is not None and self.power[j] == MARTIAN:
            mine = self.strength[i] + self._support_sum(self.supports[i])
            if i in self.st.leads:
                if self.st.hosts.get(i) == j:
                    return mine  # WOTW 5.4: the merge arrives where a participant stands
                if j in self.st.remainders and self.remainder_strength(j) == 0:
                    return mine
                if self.kind[j] == MOVE and j not in self.st.remainders and self.resolve(j):
                    return mine
                left = self._failed_only(j)
                if left is not None and left + self.strength[i] <= MAX_STRENGTH:
                    return mine  # ruling WOTW R12: the merge takes in the unit that failed to leave
                return 0  # WOTW 5.9, DIP 10.3
            if j in self.st.remainders:
                rest = self.remainder_strength(j)
                if rest == 0:
                    return mine
                if self.power[i] == MARTIAN:
                    return 0  # WOTW 5.8: a Martian move into its own unit's province bounces
                return self.strength[i] + self._support_sum(self.supports[i], MARTIAN)
        return super().attack_strength(i)

    # -- decisions ------------------------------------------------------------------------------
    def _move(self, i: int) -> bool:
        if i in self.st.stuck:
            return False  # ruling WOTW R4
        d = self.dest[i]
        if self.st.landing == d and self.power[i] != MARTIAN:
            return False  # WOTW 3.4
        j = self.at.get(d)
        special = (j is not None and (j in self.st.remainders or j in self.follower_of
                                      or (i in self.st.leads and self.power[j] == MARTIAN)))
        if i in self.st.leads and j is not None and self.power[j] != MARTIAN and self._opposes_merge(i, j):
            special = True
        if not special:
            return super()._move(i)
        attack = self.attack_strength(i)
        if attack == 0:
            return False
        if j in self.st.remainders:
            # Ruling WOTW R13: a part coming the other way meets this move head to head,
            # and whatever is left in the province defends it as well.
            facing = [p for p in self.st.remainders[j] if self.dest[p] == self.prov[i]]
            for p in facing:
                if attack <= self.defend_strength(p):
                    return False
            rest = self.remainder_strength(j, facing[0] if facing else None)
            if rest and self.power[i] != MARTIAN:
                hold = rest + (self._support_sum(self.supports[j]) if self.strength[j] else 0)
                if attack <= hold:
                    return False
        elif j in self.follower_of:
            lead = self.follower_of[j]
            if self.dest[j] == self.prov[i]:
                if attack <= self.defend_strength(lead):
                    return False  # head to head with the whole merge (WOTW 5.3)
            elif self.power[i] != MARTIAN and attack <= self.hold_strength(d):
                return False
        elif i in self.st.leads and self.power[j] != MARTIAN:
            if attack <= self.defend_strength(j):
                return False  # the unit in the way is heading into one of the merging units' provinces
        for m in self.into.get(d, ()):
            if m != i and attack <= self.prevent_strength(m):
                return False
        return True

    def _opposes_merge(self, lead: int, j: int) -> bool:
        """Is unit j, in the merge's destination, moving into one of the merging units' provinces?"""
        if self.kind[j] != MOVE:
            return False
        return any(self.prov[m] == self.dest[j] for m in self.st.leads[lead])

    def defend_strength(self, j: int) -> int:
        lead = self.follower_of.get(j, j)
        return self.strength[lead] + self._support_sum(self.supports[lead])

    def _support(self, i: int) -> bool:
        if i in self.st.cut:
            return False  # ruling WOTW R4: a dislodged Martian supporter's support stays cut
        return super()._support(i)

    def dislodged_by(self, i: int) -> int | None:
        """The unit that dislodged pseudo-unit i; a Martian move never dislodges a Martian unit (DIP 10.3)."""
        if i in self.st.remainders and self.remainder_strength(i) == 0:
            return None
        mover = self.follower_of.get(i, i)
        if i not in self.st.remainders and self.kind[mover] == MOVE and self.resolve(mover):
            return None
        for m in self.into.get(self.prov[i], ()):
            if self.power[m] == MARTIAN and self.power[i] == MARTIAN:
                continue
            if self.resolve(m):
                return m
        return None

    def contested(self) -> frozenset[str]:
        """DIP 12.2, counting a split unit's province as empty when every part left it."""
        out = set(super().contested())
        for r in self.st.remainders:
            d = self.prov[r]
            movers = self.into.get(d, ())
            if (self.remainder_strength(r) == 0 and movers and not any(self.resolve(m) for m in movers)
                    and any(self.prevent_strength(m) > 0 for m in movers)):
                out.add(d)
        return frozenset(out)
