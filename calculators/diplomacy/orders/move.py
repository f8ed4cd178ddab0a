"""The move order (DIP 4.1, 5.2-5.5, 8.1, 14.2): ``A Par - Bur``, ``A Lon - Bel via convoy``,
``F Mao - Spa/nc``; its reading, legality, and the explanation of its result (DIP 9-11)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..map import GameMap, Reach, coast_of, convoy_routes_exist, province_of, show
from ..units import PhaseKind, Unit
from .base import Illegal, Kind, OrderSpec, Status

WORDS = frozenset({"-", "to", "m", "move", "moves", "attack", "attacks"})
CONVOY_WORDS = frozenset({"c", "convoy", "convoys"})


@dataclass(frozen=True, slots=True)
class Move:
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
        raise Illegal(f"{show(unit.location)} is not adjacent to {info.name} for a fleet", ("DIP 5.3", "DIP 5.5"))
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
    if gmap.provinces[dst].terrain.value != "coast" or gmap.provinces[src].terrain.value != "coast":
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
        if info.terrain.value != "coast" or gmap.provinces[unit.province].terrain.value != "coast":
            raise Illegal(f"{show(unit.province)} is not adjacent to {info.name}, and no convoy can reach it",
                          ("DIP 5.3", "DIP 8.1"))
        if not convoy_routes_exist(gmap, unit.province, prov, context.fleets_at_sea):
            raise Illegal(f"{show(unit.province)} is not adjacent to {info.name}, and no fleets stand on a "
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
    if not unit.type.convoyed or gmap.provinces[unit.province].terrain.value != "coast":
        return
    for dest in sorted(p for p, info in gmap.provinces.items() if info.terrain.value == "coast"):
        if dest != unit.province and convoy_routes_exist(gmap, unit.province, dest, context.fleets_at_sea):
            yield f"{me} - {show(dest)} via convoy"
            if dest not in near:
                yield f"{me} - {show(dest)}"


# -- the result -----------------------------------------------------------------------------
def names(facts, idx) -> str:
    places = list(dict.fromkeys(show(facts.prov[m]) for m in idx))
    if len(places) <= 1:
        return "".join(places)
    return ", ".join(places[:-1]) + " and " + places[-1]


def _own_support_note(facts, i: int) -> tuple[str, tuple[str, ...]]:
    """DIP 14.7: supports from the defender's own power that were left out of an attack."""
    victim = facts.defender_power(i)
    if victim is None or victim == facts.power[i]:
        return "", ()
    left_out = [s for s in facts.supports[i] if facts.power[s] == victim and facts.resolve(s)]
    if not left_out:
        return "", ()
    return (f" (the support from {names(facts, left_out)} does not count against its own power's unit)",
            ("DIP 14.7",))


def _succeeded(facts, i: int, d: str, mf) -> tuple[Status, str, tuple[str, ...]]:
    if not (mf.opponents and mf.opposition):
        return Status.SUCCEEDS, f"moved to {d} (strength {mf.attack}, unopposed)", ("DIP 5.2", "DIP 10.1")
    j = mf.opponents[0]
    if facts.prov[j] != facts.dest[i]:
        return (Status.SUCCEEDS, f"moved to {d}: strength {mf.attack} against {mf.opposition} from "
                f"{names(facts, mf.opponents)}", ("DIP 9.1", "DIP 10.1"))
    what = "of the unit there" if facts.kind[j] != Kind.MOVE else "of the unit there, which failed to leave"
    if facts.head_to_head(i, j):
        what = "in the head-to-head battle"
    return Status.SUCCEEDS, f"moved to {d}: strength {mf.attack} against {mf.opposition} {what}", ("DIP 10.1",)


def szykman(facts) -> tuple[str, tuple[str, ...]]:
    """Ruling DIP R2: the words and rule for a convoy the Szykman rule disrupted (under the 1982 rule, as its
    backup for a paradox the rule leaves)."""
    cite = facts.options.cite("DIP R2")
    return ("Szykman rule" if cite == "DIP R2" else "Szykman rule, as the 1982 rule's backup"), ("DIP 8.2", cite)


def _no_path(facts, i: int, d: str) -> tuple[Status, str, tuple[str, ...]]:
    fleets = facts.fleets[i]
    if not fleets:
        return Status.FAILS, f"no convoy route: no chain of fleets ordered to convoy it reaches {d}", ("DIP 8.1",)
    lost = [f for f in fleets if not facts.resolve(f)]
    if any(f in facts.szykman or facts.dislodged_by(f) is None for f in lost):
        rule, rules = szykman(facts)
        return Status.FAILS, f"convoy paradox: the convoy is treated as disrupted and the army stays ({rule})", rules
    if not lost:
        # Every convoying fleet held, but they do not join up: a fleet on the chain gave no convoy order.
        one = len(fleets) == 1
        return (Status.FAILS, f"no convoy route: the fleet{'' if one else 's'} convoying it ({names(facts, fleets)}) "
                f"do{'es' if one else ''} not reach from {show(facts.prov[i])} to {d} without another fleet's "
                f"convoy order", ("DIP 8.1", "DIP 8.2"))
    many = len(lost) > 1
    route = facts.options.cite("DIP R14")
    held = {facts.prov[f] for f in fleets if facts.resolve(f)}
    if route != "DIP R14" and held and convoy_routes_exist(facts.gmap, facts.prov[i], facts.dest[i], held):
        # The 1971 rule decided it only where a route of fleets that held remains (DATC 4.A.1).
        return (Status.FAILS, f"convoy disrupted: the fleet{'s' if many else ''} in {names(facts, lost)} "
                f"{'were' if many else 'was'} dislodged, and under the 1971 rule a broken route disrupts the convoy "
                "whatever other route remains", ("DIP 8.1", "DIP 8.2", route))
    return (Status.FAILS, f"convoy disrupted: the fleet{'s' if many else ''} in {names(facts, lost)} "
            f"{'were' if many else 'was'} dislodged", ("DIP 8.1", "DIP 8.2"))


def explain(facts, i: int) -> tuple[Status, str, tuple[str, ...]]:
    """Why the move succeeded or failed, with the rules it rests on (DIP 8.1, 9.1, 9.2, 9.3, 10.1, 10.3, 14.6,
    14.7); ruling DIP R4 when a failed convoy sent it over land."""
    status, reason, rules = _explain(facts, i)
    if facts.either and facts.fell_back(i):
        reason += "; its convoy did not hold, so it went over land"
        rules += ("DIP 8.2", facts.options.cite("DIP R4"))
    return status, reason, rules


def _explain(facts, i: int) -> tuple[Status, str, tuple[str, ...]]:
    d = show(facts.orders[i].dest)
    mf = facts.move_facts(i)
    if facts.resolve(i):
        return _succeeded(facts, i, d, mf)
    if mf.opposed_by == "paradox":
        return (Status.FAILS, "convoy paradox: every move caught in it fails (the All Hold rule)",
                ("DIP 8.2", facts.options.cite("DIP R2")))
    if mf.opposed_by in ("barrier", "decided"):
        reason, rules = facts.why_decided(i)
        return Status.FAILS, reason, rules
    if mf.opposed_by == "path":
        return _no_path(facts, i, d)
    if mf.opposed_by == "own":
        return Status.FAILS, f"cannot dislodge its own power's unit in {d}", ("DIP 10.3", "DIP 14.7")
    note, extra = _own_support_note(facts, i)
    if mf.opposed_by == "head-to-head":
        return (Status.FAILS, f"lost the head-to-head battle: strength {mf.attack} against {mf.opposition} from "
                f"{d}{note}", ("DIP 9.3", "DIP 14.6") + extra)
    if mf.opposed_by == "hold":
        j = mf.opponents[0]
        moving = all(facts.kind[x] == Kind.MOVE for x in mf.opponents)
        what = "which failed to move and stays" if moving else "holding"
        return (Status.FAILS, f"bounced: strength {mf.attack} against {mf.opposition} of {facts.label(j)} {what}"
                f"{note}", ("DIP 9.2", "DIP 10.1") + extra)
    return (Status.FAILS, f"bounced: strength {mf.attack} against {mf.opposition} from "
            f"{names(facts, mf.opponents)}", ("DIP 9.1", "DIP 10.1"))


def describe(order: Move) -> str:
    via = " via convoy" if order.via_convoy else ""
    return f"{order.unit.label()} - {show(order.dest)}{via}"


SPEC = OrderSpec("move", Move, frozenset({PhaseKind.MOVEMENT}), describe, Kind.MOVE, verbs=WORDS, read=read,
                 check=check, explain=explain, options=options)
