"""The move order (DIP 4.1, 5.2-5.5, 8.1, 14.2): ``A Par - Bur``, ``A Lon - Bel via convoy``,
``F Mao - Spa/nc``; its reading, legality, its decision and strengths in the resolution (DATC 5.B, DIP 9-11),
and the explanation of its result."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from ..map import GameMap, Reach, Terrain, coast_of, convoy_routes_exist, province_of, show
from ..units import PhaseKind, Unit
from .base import MOVE, Illegal, Kind, OrderSpec, Status

if TYPE_CHECKING:
    from ..pieces import Pieces

WORDS = frozenset({"-", "to", "m", "move", "moves", "attack", "attacks"})
CONVOY_WORDS = frozenset({"c", "convoy", "convoys"})


@dataclass(frozen=True, slots=True)
class Move:
    KIND: ClassVar[Kind] = Kind.MOVE

    unit: Unit
    dest: str  # a location: province, or province/coast for a fleet into a multi-coast province
    via_convoy: bool = False  # DIP 8.1 and ruling DIP R4: the army travels by convoy
    dest_province: str = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        object.__setattr__(self, "dest_province", province_of(self.dest))


def read(reader, toks: list[str], k: int, ctx) -> dict:
    """The destination; a written convoy route (Lon - Nth - Bel) counts by its end (ruling DIP R7)."""
    if k < len(toks) and toks[k] in ("to", "-"):
        k += 1
    dest, k = reader.place(toks, k, ctx)
    via = False
    while k < len(toks) and toks[k] in ("-", "to"):
        dest, k = reader.place(toks, k + 1, ctx)
        via = True
    if k < len(toks) and toks[k] in ("via", "by"):
        if k + 1 >= len(toks) or toks[k + 1] not in CONVOY_WORDS:
            reader.fail(ctx, "write \u2018via convoy\u2019")
        via, k = True, k + 2
    reader.end(toks, k, ctx)
    return {"dest": dest, "via_convoy": via}


def destination(gmap: GameMap, unit: Unit, dest: str) -> str:
    """DIP 5.3-5.5, 14.1, 14.2 and ruling DIP R9: the location a move (or retreat) goes to, or Illegal."""
    prov = province_of(dest)
    info = gmap.provinces[prov]
    reach = unit.type.reach
    if prov == unit.province:
        raise Illegal(f"{unit.label()} cannot move to its own province", ("DIP 5.3",))
    if reach is Reach.ANY:
        if prov not in gmap.neighbours(unit.province):
            raise Illegal(f"{show(prov)} is not next to {show(unit.province)}", ("DIP 5.3",) + unit.type.moves_rule)
        return prov  # no coast is named (a variant's unit that goes anywhere)
    if reach is Reach.LAND:
        if not info.army_can_stand:
            raise Illegal(f"an army cannot move into {info.name} ({info.terrain.value})", ("DIP 5.4", "DIP 14.1"))
        return prov  # an army ignores a written coast (ruling DIP R9)
    if not info.fleet_can_stand:
        raise Illegal(f"a fleet cannot move inland to {info.name}", ("DIP 5.5",))
    reachable = gmap.fleet_coasts_to(unit.location, prov)
    if not reachable:
        raise Illegal(f"{show(unit.location)} is not adjacent to {show(prov)} for a fleet", ("DIP 5.3", "DIP 5.5"))
    if not info.coasts:
        return prov
    coast = coast_of(dest)
    if coast is not None:
        if dest not in reachable:
            raise Illegal(f"a fleet in {show(unit.location)} cannot reach {show(dest)}", ("DIP 14.2", "DIP R9"))
        return dest
    if len(reachable) > 1:
        raise Illegal(f"say which coast of {info.name}: {' or '.join(show(r) for r in reachable)}",
                      ("DIP 14.2", "DIP R9"))
    return reachable[0]


def by_convoy_possible(gmap: GameMap, src: str, dst: str, fleets) -> bool:
    """DIP 8.1, 8.2: coast to coast, with fleets standing on some sea route between (ruling DIP R1)."""
    if gmap.provinces[dst].terrain is not Terrain.COAST or gmap.provinces[src].terrain is not Terrain.COAST:
        return False
    return convoy_routes_exist(gmap, src, dst, fleets)


def could_move(gmap: GameMap, unit: Unit, dest: str, fleets) -> bool:
    """Could ``unit`` legally be ordered to province ``dest`` (DATC 6.D.31: not through its supporter)?"""
    if unit.type.reach is Reach.SEA:
        return bool(gmap.fleet_coasts_to(unit.location, dest))
    if dest in gmap.reach(unit.type.reach, unit.location):
        return True
    return unit.type.convoyed and by_convoy_possible(gmap, unit.province, dest, fleets)


def check(context, unit: Unit, parsed) -> Move:
    """DIP 5.2-5.5, 8.1 and rulings DIP R1, R4, R9: a move that can be carried out, or Illegal.  Where a failed
    convoy falls back to the land route (DIP R4: fallback-to-land, 1971), a move via convoy to a neighbouring
    province is legal whatever fleets stand at sea: it can always go over land."""
    gmap = context.board
    via = parsed.via_convoy
    if via and not unit.type.convoyed:
        if unit.type.reach is Reach.SEA:
            raise Illegal("only armies are convoyed", ("DIP 8.1",))
        raise Illegal(f"a {unit.type.word} is never convoyed", unit.type.convoy_rule)
    prov = province_of(parsed.dest)
    near = prov in gmap.reach(unit.type.reach, unit.location)
    if via and near and context.options.fallback_to_land:
        return Move(unit, prov, True)
    if unit.type.convoyed and prov != unit.province and gmap.provinces[prov].army_can_stand \
            and (via or not near):
        info = gmap.provinces[prov]
        if info.terrain is not Terrain.COAST or gmap.provinces[unit.province].terrain is not Terrain.COAST:
            raise Illegal(f"{show(unit.province)} is not adjacent to {show(prov)}, and no convoy can reach it",
                          ("DIP 5.3", "DIP 8.1"))
        if not convoy_routes_exist(gmap, unit.province, prov, context.fleets_at_sea):
            raise Illegal(f"{show(unit.province)} is not adjacent to {show(prov)}, and no fleets stand on a "
                          f"convoy route", ("DIP 5.3", "DIP 8.2"))
        return Move(unit, prov, via)
    return Move(unit, destination(gmap, unit, parsed.dest), via)


def options(context, unit: Unit):
    """DIP 5.3-5.5, 8.1, rulings DIP R4, R9: every place the unit can move to, a coast named where the move
    reaches one; an army on a coast also to every coast a convoy route with fleets on it reaches, by convoy
    (ruling DIP R4), and without the words where no land route leads there."""
    gmap, me = context.board, unit.label()
    near = gmap.reach(unit.type.reach, unit.location)
    for loc in sorted(near):
        yield f"{me} - {show(loc)}"
    if not unit.type.convoyed or gmap.provinces[unit.province].terrain is not Terrain.COAST:
        return
    for dest in sorted(p for p, info in gmap.provinces.items() if info.terrain is Terrain.COAST):
        if dest != unit.province and convoy_routes_exist(gmap, unit.province, dest, context.fleets_at_sea):
            yield f"{me} - {show(dest)} via convoy"
            if dest not in near:
                yield f"{me} - {show(dest)}"


# -- the resolution (DATC 5.B) ---------------------------------------------------------------------
class Opposed(Enum):
    """What decided a move, for its explanation (``MoveFacts.opposed_by``)."""

    NOTHING = ""  # it won, or lost to a rival for the province without a stronger one named
    HOLD = "hold"  # what stays in the destination held it out (DIP 9.2)
    HEAD_TO_HEAD = "head-to-head"  # the unit coming the other way beat it (DIP 9.3)
    PREVENT = "prevent"  # a rival for the destination was as strong (DIP 9.1)
    PATH = "path"  # no convoy route held (DIP 8.2)
    OWN = "own"  # it would dislodge its own power's unit (DIP 10.3)
    BARRIER = "barrier"  # a variant's barrier (a landing)
    DECIDED = "decided"  # a variant fixed the answer in advance
    PARADOX = "paradox"  # caught in a paradox under the all-hold reading (ruling DIP R2)


class MoveFacts(NamedTuple):
    """Why a move came out as it did (for explanations)."""

    attack: int
    opposed_by: Opposed
    opposition: int
    opponents: tuple[int, ...]


def path(r: Pieces, i: int) -> bool:
    """DIP 8.2: an army by convoy needs an unbroken chain of convoying fleets; any one will do (DIP R14).
    A move that may fall back to the land route always has one (DIP R4: fallback-to-land)."""
    if not r.convoyed[i]:
        return True
    return route(r, i)


def route(r: Pieces, i: int) -> bool:
    """DIP 8.2, ruling DIP R14: does a route of convoying fleets, none dislodged, join the army's provinces?
    Under the 1971 rule every fleet on a route of the convoying fleets must hold."""
    if r.on_route is not None:
        needed = r.on_route[i]
        held = [r.resolve(f) for f in needed]
        return bool(needed) and all(held)
    live = {r.prov[f] for f in r.fleets[i] if r.resolve(f)}
    return bool(live) and convoy_routes_exist(r.gmap, r.prov[i], r.dest[i], live)


def by_convoy(r: Pieces, i: int) -> bool:
    """Does move i travel by convoy (ruling DIP R4; with a fall-back, only while its convoy holds)?"""
    if r.convoyed[i]:
        return True
    return i in r.either and route(r, i)


def fell_back(r: Pieces, i: int) -> bool:
    """Ruling DIP R4 (fallback-to-land, 1971): move i was to go by convoy, and went over land instead."""
    return i in r.either and not route(r, i)


def head_to_head(r: Pieces, i: int, j: int) -> bool:
    """DIP 9.3, 14.6: piece j moves into the province of i (or of a piece moving with i), neither by convoy."""
    if r.kind[j] != MOVE or r.convoyed[i] or r.convoyed[j]:
        return False
    if r.either and (by_convoy(r, i) or by_convoy(r, j)):
        return False
    d = r.dest[j]
    members = r.members[i]
    if len(members) == 1:
        return r.prov[i] == d
    return any(r.prov[m] == d for m in members)


def attack_strength(r: Pieces, i: int) -> int:
    return r.once(0, _attack_strength, i)


def defend_strength(r: Pieces, j: int) -> int:
    return r.once(1, _defend_strength, j)


def prevent_strength(r: Pieces, m: int) -> int:
    return r.once(2, _prevent_strength, m)


def _attack_strength(r: Pieces, i: int) -> int:
    """DATC 5.B.4, DIP 10.1, 10.3, 14.7: the strength of a move against what stays in its destination;
    0 against the mover's own unit, and without the support of the defender's own power."""
    if r.convoyed[i] and not path(r, i):
        return 0
    d = r.dest[i]
    garrison = r.garrison.get(d)
    if garrison is None:
        return r.own[i] + r.support_sum(r.movers[i])
    if len(garrison) == 1 and len(r.members[i]) == 1:
        # One unit in the way, one unit attacking: the standard board's case (DATC 5.B.4).
        j = garrison[0]
        if r.kind[j] == MOVE and not head_to_head(r, i, j) and r.resolve(j):
            return r.own[i] + r.support_sum(r.movers[i])
        if r.power[j] == r.power[i]:
            return 0  # DIP 10.3: never dislodge your own unit
        return r.own[i] + r.support_sum(r.movers[i], r.power[j])  # DIP 14.7
    return _attack_on_many(r, i, garrison)


def _attack_on_many(r: Pieces, i: int, garrison: list[int]) -> int:
    """A variant's attack: several pieces in the way (a split unit), or several moving as one (a merge).

    DIP 10.3 with WOTW 5.8: a move into a province where its own power's unit remains bounces; WOTW 5.9 and
    ruling WOTW R12: a merge takes in its own pieces that failed to leave, within the strength cap."""
    movers, me = r.movers[i], r.power[i]
    victims = [j for j in garrison if j not in r.members[i]
               and (r.kind[j] != MOVE or head_to_head(r, i, j) or not r.resolve(j))]
    if not victims:
        return r.own[i] + r.support_sum(movers)
    if any(r.power[j] == me for j in victims):
        # DIP 10.3: never dislodge your own unit; a group may take in its own pieces that failed
        # to leave, within its cap (a variant's merge).
        if len(r.members[i]) > 1 and all(r.kind[j] == MOVE and not head_to_head(r, i, j) for j in victims) \
                and r.own[i] + sum(r.strength[j] for j in victims) <= r.resolution.group_cap:
            return r.own[i] + r.support_sum(movers)
        return 0
    # DIP 14.7: a power's support does not help dislodge its own unit.
    return r.own[i] + r.support_sum(movers, r.power[victims[0]])


def _defend_strength(r: Pieces, j: int) -> int:
    """DATC 5.B.6, DIP 9.3: the strength of a unit in a head-to-head battle (a merge as one, WOTW 5.3)."""
    return r.own[j] + r.support_sum(r.movers[j])


def _prevent_strength(r: Pieces, m: int) -> int:
    """DATC 5.B.7, DIP 9.1, WOTW 5.6: the strength with which a move keeps others out of its destination."""
    if r.convoyed[m] and not path(r, m):
        return 0
    # Ruling DIP R16: only a unit beaten head-to-head loses its hold on the other province; read
    # literally, any unit dislodged by the unit coming from there does.
    for j in r.garrison.get(r.dest[m], ()):
        if head_to_head(r, m, j) and r.resolve(j):
            return 0
        if r.literal_bounce and r.kind[j] == MOVE and r.dest[j] == r.prov[m] and r.resolve(j) \
                and not r.resolve(m):
            return 0
    return r.own[m] + r.support_sum(r.movers[m])


def against(r: Pieces, i: int, attack: int) -> tuple[Opposed, int, tuple[int, ...]]:
    """What stands in the way of move i in its destination: the binding opposition if any.

    A piece coming the other way meets the move head to head (DIP 9.3); whatever else stays
    in the province holds it together (a split unit's remainder, ruling WOTW R13).  Pieces of
    the mover's own power are not opposition: either the attack is 0 or its group takes them in.
    """
    d, members, me = r.dest[i], r.members[i], r.power[i]
    hold, staying, strongest = 0, [], 0
    facing: tuple[int, ...] = ()
    for j in r.garrison.get(d, ()):
        if j in members:
            continue
        if head_to_head(r, i, j):
            defend = defend_strength(r, j)
            if attack <= defend:
                return Opposed.HEAD_TO_HEAD, defend, (j,)
            facing, strongest = (j,), max(strongest, defend)
            continue
        if r.power[j] == me:
            continue
        if r.kind[j] == MOVE:
            if not r.resolve(j):
                hold += r.strength[j]
                staying.append(j)
        else:
            hold += r.strength[j] + r.support_sum((j,))
            staying.append(j)
    if hold and attack <= hold:
        return Opposed.HOLD, hold, tuple(staying)
    if hold >= strongest:
        return Opposed.NOTHING, hold, tuple(staying)
    return Opposed.NOTHING, strongest, facing


def succeeds(r: Pieces, i: int) -> bool:
    """DIP 9.1-9.3, 10.1: a move succeeds when it beats what holds its destination, the unit coming the other
    way, and every rival for the province; WOTW 3.4: a barrier stops it whatever its strength."""
    if r.barred[i]:
        return False  # a barrier: the move fails whatever its strength (a landing, WOTW 3.4)
    attack = attack_strength(r, i)
    if attack == 0 or against(r, i, attack)[0] is not Opposed.NOTHING:
        return False
    return not any(m != i and attack <= prevent_strength(r, m) for m in r.contenders[r.dest[i]])


def contested(r: Pieces) -> frozenset[str]:
    """DIP 12.2 with ruling DIP R19: empty provinces where a move failed that still had strength to bounce."""
    out = set()
    result = r.result  # every move is resolved by now
    for d, movers in r.into.items():
        if any(result[r.rep[m]] for m in movers):
            continue
        if d in r.garrison and r.staying(d, ()):
            continue
        if any(prevent_strength(r, m) > 0 for m in r.contenders[d]):
            out.add(d)
    return frozenset(out)


def moved_to(r: Pieces, i: int) -> str:
    """Where move i goes: its location (a coast named where the move reached one)."""
    o = r.orders[i]
    if type(o) is not Move:
        raise ValueError(f"piece {i} is not a move")
    return o.dest


def defender_power(r: Pieces, i: int) -> str | None:
    """The power whose pieces stay in move i's destination (DIP 14.7), if any."""
    for j in r.garrison.get(r.dest[i], ()):
        if j not in r.members[i] and (r.kind[j] != MOVE or head_to_head(r, i, j) or not r.resolve(j)):
            return r.power[j]
    return None


def move_facts(r: Pieces, i: int) -> MoveFacts:
    """The deciding comparison for a move, for its explanation."""
    if r.resolution.decided and r.rep[i] in r.resolution.decided and not r.resolve(i):
        return MoveFacts(0, Opposed.DECIDED, 0, ())
    if r.held_in_paradox and i in r.held_in_paradox:
        return MoveFacts(attack_strength(r, i), Opposed.PARADOX, 0, ())
    if r.barred[i]:
        return MoveFacts(attack_strength(r, i), Opposed.BARRIER, 0, ())
    attack = attack_strength(r, i)
    if attack == 0:
        return MoveFacts(0, Opposed.PATH if not path(r, i) else Opposed.OWN, 0, ())
    what, opp, who = against(r, i, attack)
    if what is not Opposed.NOTHING:
        return MoveFacts(attack, what, opp, who)
    contenders = r.contenders[r.dest[i]]
    if len(contenders) == 1:  # no rival for the province
        return MoveFacts(attack, Opposed.NOTHING, opp, who if opp > 0 else ())
    rivals = [m for m in contenders if m != r.rep[i]]
    best = max(prevent_strength(r, m) for m in rivals)
    if attack <= best:
        return MoveFacts(attack, Opposed.PREVENT, best, tuple(m for m in rivals if prevent_strength(r, m) == best))
    if opp >= best and opp > 0:
        return MoveFacts(attack, Opposed.NOTHING, opp, who)
    return MoveFacts(attack, Opposed.NOTHING, best,
                     tuple(m for m in rivals if prevent_strength(r, m) == best and best))


# -- the result -----------------------------------------------------------------------------
def names(r: Pieces, idx) -> str:
    """The provinces of these pieces, in a sentence: ``Par, Bur and Mar``."""
    places = list(dict.fromkeys(show(r.prov[m]) for m in idx))
    if len(places) <= 1:
        return "".join(places)
    return ", ".join(places[:-1]) + " and " + places[-1]


def _own_support_note(r: Pieces, i: int) -> tuple[str, tuple[str, ...]]:
    """DIP 14.7: supports from the defender's own power that were left out of an attack."""
    victim = defender_power(r, i)
    if victim is None or victim == r.power[i]:
        return "", ()
    left_out = [s for s in r.supports[i] if r.power[s] == victim and r.resolve(s)]
    if not left_out:
        return "", ()
    return (f" (the support from {names(r, left_out)} does not count against its own power's unit)",
            ("DIP 14.7",))


def _succeeded(r: Pieces, i: int, d: str, mf: MoveFacts) -> tuple[Status, str, tuple[str, ...]]:
    if not (mf.opponents and mf.opposition):
        return Status.SUCCEEDS, f"moved to {d} (strength {mf.attack}, unopposed)", ("DIP 5.2", "DIP 10.1")
    j = mf.opponents[0]
    if r.prov[j] != r.dest[i]:
        return (Status.SUCCEEDS, f"moved to {d}: strength {mf.attack} against {mf.opposition} from "
                f"{names(r, mf.opponents)}", ("DIP 9.1", "DIP 10.1"))
    what = "of the unit there" if r.kind[j] != MOVE else "of the unit there, which failed to leave"
    if head_to_head(r, i, j):
        what = "in the head-to-head battle"
    return Status.SUCCEEDS, f"moved to {d}: strength {mf.attack} against {mf.opposition} {what}", ("DIP 10.1",)


def szykman(r: Pieces) -> tuple[str, tuple[str, ...]]:
    """Ruling DIP R2: the words and rule for a convoy the Szykman rule disrupted (under the 1982 rule, as its
    backup for a paradox the rule leaves)."""
    cite = r.options.cite("DIP R2")
    return ("Szykman rule" if cite == "DIP R2" else "Szykman rule, as the 1982 rule's backup"), ("DIP 8.2", cite)


def _no_path(r: Pieces, i: int, d: str) -> tuple[Status, str, tuple[str, ...]]:
    fleets = r.fleets[i]
    if not fleets:
        return Status.FAILS, f"no convoy route: no chain of fleets ordered to convoy it reaches {d}", ("DIP 8.1",)
    lost = [f for f in fleets if not r.resolve(f)]
    if any(f in r.szykman or r.dislodged_by(f) is None for f in lost):
        rule, rules = szykman(r)
        return Status.FAILS, f"convoy paradox: the convoy is treated as disrupted and the army stays ({rule})", rules
    if not lost:
        # Every convoying fleet held, but they do not join up: a fleet on the chain gave no convoy order.
        one = len(fleets) == 1
        return (Status.FAILS, f"no convoy route: the fleet{'' if one else 's'} convoying it ({names(r, fleets)}) "
                f"do{'es' if one else ''} not reach from {show(r.prov[i])} to {d} without another fleet's "
                f"convoy order", ("DIP 8.1", "DIP 8.2"))
    many = len(lost) > 1
    cited = r.options.cite("DIP R14")
    held = {r.prov[f] for f in fleets if r.resolve(f)}
    if cited != "DIP R14" and held and convoy_routes_exist(r.gmap, r.prov[i], r.dest[i], held):
        # The 1971 rule decided it only where a route of fleets that held remains (DATC 4.A.1).
        return (Status.FAILS, f"convoy disrupted: the fleet{'s' if many else ''} in {names(r, lost)} "
                f"{'were' if many else 'was'} dislodged, and under the 1971 rule a broken route disrupts the convoy "
                "whatever other route remains", ("DIP 8.1", "DIP 8.2", cited))
    return (Status.FAILS, f"convoy disrupted: the fleet{'s' if many else ''} in {names(r, lost)} "
            f"{'were' if many else 'was'} dislodged", ("DIP 8.1", "DIP 8.2"))


def explain(r: Pieces, i: int) -> tuple[Status, str, tuple[str, ...]]:
    """Why the move succeeded or failed, with the rules it rests on (DIP 8.1, 9.1, 9.2, 9.3, 10.1, 10.3, 14.6,
    14.7); ruling DIP R4 when a failed convoy sent it over land."""
    status, reason, rules = _explain(r, i)
    if r.either and fell_back(r, i):
        reason += "; its convoy did not hold, so it went over land"
        rules += ("DIP 8.2", r.options.cite("DIP R4"))
    return status, reason, rules


def _explain(r: Pieces, i: int) -> tuple[Status, str, tuple[str, ...]]:
    o = r.orders[i]
    if type(o) is not Move:
        raise TypeError(f"piece {i} is not a move")
    d = show(o.dest)
    mf = move_facts(r, i)
    if r.resolve(i):
        return _succeeded(r, i, d, mf)
    why = mf.opposed_by
    if why is Opposed.PARADOX:
        return (Status.FAILS, "convoy paradox: every move caught in it fails (the All Hold rule)",
                ("DIP 8.2", r.options.cite("DIP R2")))
    if why is Opposed.BARRIER or why is Opposed.DECIDED:
        reason, rules = r.why_decided(i)
        return Status.FAILS, reason, rules
    if why is Opposed.PATH:
        return _no_path(r, i, d)
    if why is Opposed.OWN:
        return Status.FAILS, f"cannot dislodge its own power's unit in {d}", ("DIP 10.3", "DIP 14.7")
    note, extra = _own_support_note(r, i)
    if why is Opposed.HEAD_TO_HEAD:
        return (Status.FAILS, f"lost the head-to-head battle: strength {mf.attack} against {mf.opposition} from "
                f"{d}{note}", ("DIP 9.3", "DIP 14.6") + extra)
    if why is Opposed.HOLD:
        j = mf.opponents[0]
        moving = all(r.kind[x] == MOVE for x in mf.opponents)
        what = "which failed to move and stays" if moving else "holding"
        return (Status.FAILS, f"bounced: strength {mf.attack} against {mf.opposition} of {r.label(j)} {what}"
                f"{note}", ("DIP 9.2", "DIP 10.1") + extra)
    return (Status.FAILS, f"bounced: strength {mf.attack} against {mf.opposition} from "
            f"{names(r, mf.opponents)}", ("DIP 9.1", "DIP 10.1"))


def describe(order: Move) -> str:
    via = " via convoy" if order.via_convoy else ""
    return f"{order.unit.label()} - {show(order.dest)}{via}"


SPEC = OrderSpec("move", Move, frozenset({PhaseKind.MOVEMENT}), describe, MOVE, verbs=WORDS, read=read,
                 check=check, explain=explain, options=options)
