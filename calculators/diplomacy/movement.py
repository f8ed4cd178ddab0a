"""A movement phase from written orders to results, reasons and the position after it (DIP 2.3, 5-11)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from .legality import bind_movement, void_reason
from .map import GameMap, show
from .orders import Convoy, Hold, Move, Outcome, Status, Support, describe
from .parser import ParsedOrder
from .position import Dislodged, Position
from .resolver import CONVOY, HOLD, MOVE, SUPPORT, Resolver, _sea_adjacency


@dataclass(frozen=True)
class MovementResult:
    outcomes: tuple[Outcome, ...]
    units: tuple  # units after the moves, dislodged ones removed
    dislodged: tuple[Dislodged, ...]
    contested: frozenset[str]
    moves: tuple[tuple[str, str, str, bool], ...]  # (power, from location, to location, succeeded) for the map
    supports: tuple = ()  # (supporter location, target province, dest province or None, given)
    convoys: tuple = ()  # (fleet location, army province, dest province, held)


def _names(res: Resolver, idx) -> str:
    places = [show(res.prov[m]) for m in idx]
    if len(places) <= 1:
        return "".join(places)
    return ", ".join(places[:-1]) + " and " + places[-1]


def _own_support_note(res: Resolver, i: int) -> tuple[str, tuple[str, ...]]:
    """DIP 14.7: supports from the defender's own power that were left out of an attack."""
    j = res.at.get(res.dest[i])
    if j is None or res.power[j] == res.power[i]:
        return "", ()
    left_out = [s for s in res.supports[i] if res.power[s] == res.power[j] and res.resolve(s)]
    if not left_out:
        return "", ()
    return (f" (the support from {_names(res, left_out)} does not count against its own power's unit)",
            ("DIP 14.7",))


def _a(unit) -> str:
    return "an army" if unit.type.value == "A" else "a fleet"


def designation_note(parsed: ParsedOrder, unit, target=None) -> tuple[str, tuple[str, ...]]:
    """Ruling DIP R8: say so when the written A/F or coast differs from the unit ordered or supported."""
    if unit is None or parsed.location is None:
        return "", ()
    facts = []
    if parsed.unit_type is not None and parsed.unit_type is not unit.type:
        facts.append(f"the unit in {show(unit.province)} is {_a(unit)}")
    if (target is not None and parsed.kind == "support" and parsed.target_type is not None
            and parsed.target_type is not target.type):  # a convoy's wrong target already says "is a fleet"
        facts.append(f"the unit in {show(target.province)} is {_a(target)}")
    written = parsed.location.partition("/")[2]
    actual = unit.location.partition("/")[2]
    if written and actual and written != actual:
        facts.append(f"the fleet is on {show(unit.location)}, not {show(parsed.location)}")
    if not facts:
        return "", ()
    return (f"; note: {' and '.join(facts)} (the letters and coasts written are not checked, ruling DIP R8)",
            ("DIP R8",))


def explain(res: Resolver, i: int) -> tuple[Status, str, tuple[str, ...]]:
    """A reason a player understands for unit i's order, with the rules it rests on."""
    k = res.kind[i]
    o = res.orders[i]
    if k == MOVE:
        d = show(o.dest)
        facts = res.move_facts(i)
        ok = res.resolve(i)
        if ok:
            if facts.opponents and facts.opposition:
                j = facts.opponents[0]
                if res.prov[j] == res.dest[i]:
                    what = "of the unit there" if res.kind[j] != MOVE else "of the unit there, which failed to leave"
                    if res.head_to_head(i, j):
                        what = "in the head-to-head battle"
                    return (Status.SUCCEEDS, f"moved to {d}: strength {facts.attack} against {facts.opposition} {what}",
                            ("DIP 10.1",))
                return (Status.SUCCEEDS, f"moved to {d}: strength {facts.attack} against {facts.opposition} from "
                        f"{_names(res, facts.opponents)}", ("DIP 9.1", "DIP 10.1"))
            return Status.SUCCEEDS, f"moved to {d} (strength {facts.attack}, unopposed)", ("DIP 5.2", "DIP 10.1")
        if facts.opposed_by == "path":
            if not res.fleets[i]:
                return (Status.FAILS, f"no convoy route: no chain of fleets ordered to convoy it reaches {d}",
                        ("DIP 8.1",))
            lost = [res.prov[f] for f in res.fleets[i] if not res.resolve(f)]
            if lost and any(res.dislodged_by(f) is None for f in res.fleets[i] if not res.resolve(f)):
                return (Status.FAILS, "convoy paradox: the convoy is treated as disrupted and the army stays "
                        "(Szykman rule)", ("DIP 8.2", "DIP R2"))
            if not lost:
                # Every convoying fleet held, but they do not join up: a fleet on the chain gave no convoy order.
                fleets = _names(res, res.fleets[i])
                return (Status.FAILS, f"no convoy route: the fleet{'s' if len(res.fleets[i]) > 1 else ''} convoying it "
                        f"({fleets}) do{'es' if len(res.fleets[i]) == 1 else ''} not reach from {show(res.prov[i])} "
                        f"to {d} without another fleet's convoy order", ("DIP 8.1", "DIP 8.2"))
            places = [show(p) for p in lost]
            where = places[0] if len(places) == 1 else ", ".join(places[:-1]) + " and " + places[-1]
            return (Status.FAILS, f"convoy disrupted: the fleet{'s' if len(lost) > 1 else ''} in {where} "
                    f"{'were' if len(lost) > 1 else 'was'} dislodged", ("DIP 8.1", "DIP 8.2"))
        if facts.opposed_by == "own":
            return Status.FAILS, f"cannot dislodge its own power's unit in {d}", ("DIP 10.3", "DIP 14.7")
        note, extra = _own_support_note(res, i)
        if facts.opposed_by == "head-to-head":
            return (Status.FAILS, f"lost the head-to-head battle: strength {facts.attack} against "
                    f"{facts.opposition} from {d}{note}", ("DIP 9.3", "DIP 14.6") + extra)
        if facts.opposed_by == "hold":
            j = facts.opponents[0]
            what = "which failed to move and stays" if res.kind[j] == MOVE else "holding"
            return (Status.FAILS, f"bounced: strength {facts.attack} against {facts.opposition} of "
                    f"{res.label(j)} {what}{note}", ("DIP 9.2", "DIP 10.1") + extra)
        return (Status.FAILS, f"bounced: strength {facts.attack} against {facts.opposition} from "
                f"{_names(res, facts.opponents)}", ("DIP 9.1", "DIP 10.1"))
    if k == SUPPORT:
        into = res.sdest[i]
        if res.resolve(i):
            what = f"into {show(o.dest)}" if o.dest else f"to hold {show(o.target)}"
            return Status.SUCCEEDS, f"support given {what}", ("DIP 4.3", "DIP 10.1")
        attackers = res.into.get(res.prov[i], [])
        cutters = [m for m in attackers if res.prov[m] != into and res.power[m] != res.power[i] and res.path(m)]
        if cutters:
            return (Status.FAILS, f"support cut by the attack from {_names(res, cutters)}", ("DIP 11.1",))
        return Status.FAILS, f"support lost: the supporting unit was dislodged from {show(into)}", ("DIP 10.2", "DIP 11.1")
    if k == CONVOY:
        army = show(o.army)
        if res.resolve(i):
            return Status.SUCCEEDS, f"convoy held for the army from {army} to {show(o.dest)}", ("DIP 4.4", "DIP 8.1")
        if res.dislodged_by(i) is None:
            return (Status.FAILS, "convoy paradox: this convoy is treated as disrupted (Szykman rule)",
                    ("DIP 8.2", "DIP R2"))
        return Status.FAILS, "the fleet was dislodged, so the convoy is disrupted", ("DIP 8.1", "DIP 10.2")
    strength = res.hold_strength(res.prov[i])
    if strength > res.strength[i]:
        return Status.SUCCEEDS, f"holds with strength {strength}", ("DIP 6.1", "DIP 6.2")
    return Status.SUCCEEDS, "holds", ("DIP 6.1",)


def position_after(res: Resolver, units, dislodged_by=None) -> tuple[list, list[Dislodged], list]:
    """DIP 10.2, ruling DIP R6: the position after the moves, shared by every variant.

    ``units[i]`` is the resolver's unit i (a variant may resolve further pseudo-units after
    them, which it places itself).  Returns the units standing after the moves, the dislodged
    ones with the province their attacker came from, and ``(power, from, to, succeeded)`` for
    every move.  ``dislodged_by`` is ``res.dislodged_by(i)`` for each unit if already known.
    """
    after: list = []
    dislodged: list[Dislodged] = []
    moves: list = []
    orders = res.orders
    for i, u in enumerate(units):
        o = orders[i]
        if isinstance(o, Move):
            ok = res.resolve(i)
            moves.append((u.power, u.location, o.dest, ok))
            if ok:
                after.append(u.at(o.dest))
                continue
        dis = dislodged_by[i] if dislodged_by is not None else res.dislodged_by(i)
        if dis is not None:
            # Ruling DIP R6: after an attack by convoy the retreat to its origin is open.
            origin = None if res.convoyed[dis] else res.prov[dis]
            dislodged.append(Dislodged(u, origin))
        else:
            after.append(u)
    return after, dislodged, moves


def adjudicate_movement(gmap: GameMap, position: Position, parsed: list[ParsedOrder],
                        make_resolver=Resolver, bind=bind_movement) -> MovementResult:
    """DIP 2.3: resolve every order of a movement phase and build the position after it.

    ``make_resolver(gmap, effective_orders)`` returns the resolver (a ``Resolver`` subclass, or a
    function that builds one, attaching supports itself if it likes); ``bind`` is the legality
    check (``legality.bind_movement``).
    """
    units = position.units
    effective, written = bind(gmap, units, parsed, _sea_adjacency(gmap))
    res = make_resolver(gmap, effective).run()
    index = {u.province: i for i, u in enumerate(units)}
    by_prov = {o.unit.province: o for o in effective}
    explained = [explain(res, i) for i in range(len(units))]
    dislodged_by = [res.dislodged_by(i) for i in range(len(units))]
    outcomes: list[Outcome] = []
    ordered: set[str] = set()

    def unit_outcome(i: int, text: str, line: int, written_order=None) -> Outcome:
        status, reason, rules = explained[i]
        o = effective[i]
        if written_order is not None and type(written_order) in (Support, Convoy) and isinstance(o, Hold):
            # Ruling DIP R1: a support or convoy that matches no order is void; cite the order's own rule.
            own = "DIP 4.3" if isinstance(written_order, Support) else "DIP 4.4"
            status, reason, rules = Status.VOID, void_reason(written_order, by_prov), (own, "DIP R1")
            if isinstance(written_order, Support) and written_order.dest_coast:
                rules += ("DIP R9",)  # the coast named in the support must be the move's
        dis = dislodged_by[i]
        if dis is not None:
            reason += f"; dislodged by {res.label(dis)}"
            rules = rules + ("DIP 10.2",)
            if status is Status.SUCCEEDS and res.kind[i] == HOLD:
                status = Status.FAILS
        return Outcome(units[i].power, text, written_order if written_order is not None else o, status, reason,
                       rules, dis is not None, line)

    for w in written:
        text = w.parsed.text
        target = None
        if w.parsed.target is not None:
            j = index.get(w.parsed.target.partition("/")[0])
            target = units[j] if j is not None else None
        note, note_rules = designation_note(w.parsed, w.unit, target)
        if w.order is None:
            i = index.get(w.unit.province) if w.unit is not None else None
            reason = w.error + note + ("; the unit holds" if i is not None and "twice" not in w.error else "")
            power = w.unit.power if w.unit is not None else (w.parsed.power or "")
            outcomes.append(Outcome(power, text, None, Status.ILLEGAL, reason, w.rules + ("DIP R1",) + note_rules,
                                    i is not None and dislodged_by[i] is not None, w.parsed.line))
            if i is not None and "twice" not in w.error:
                ordered.add(w.unit.province)
            continue
        i = index[w.unit.province]
        ordered.add(w.unit.province)
        out = unit_outcome(i, text, w.parsed.line, w.order)
        if note:
            out = replace(out, reason=out.reason + note, rules=out.rules + note_rules)
        outcomes.append(out)
    for i, u in enumerate(units):
        if u.province not in ordered:
            outcomes.append(unit_outcome(i, f"{u.label()} (no order: holds)", 0))
    after, dislodged, moves = position_after(res, units, dislodged_by)
    supports = tuple((o.unit.location, o.target, o.dest, res.resolve(i)) for i, o in enumerate(effective)
                     if isinstance(o, Support))
    convoys = tuple((o.unit.location, o.army, o.dest, res.resolve(i)) for i, o in enumerate(effective)
                    if isinstance(o, Convoy))
    return MovementResult(tuple(outcomes), tuple(after), tuple(dislodged), res.contested(), tuple(moves),
                          supports, convoys)


__all__ = ["adjudicate_movement", "MovementResult", "position_after", "explain", "describe", "Convoy", "Hold"]
