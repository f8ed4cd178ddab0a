"""One War of the Worlds movement season: Earth and Martian orders, landing, destruction (WOTW 1-8).

The Earth side goes through the standard legality check and explanations of
``calculators.diplomacy``; the Martian side through ``martian.check``; both meet in
``resolver.MartianResolver``.  After the moves come the Martian losses (WOTW 7.2, 7.3,
ruling WOTW R4), the landing (WOTW 3.3, ruling WOTW R6) and the destroyed centres (WOTW 8.1).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..diplomacy.adjustments import update_ownership
from ..diplomacy.legality import bind_movement
from ..diplomacy.map import province_of
from ..diplomacy.movement import explain, position_after
from ..diplomacy.orders import Hold, Move, Status, Support
from ..diplomacy.parser import ParsedOrder
from ..diplomacy.position import Dislodged
from ..diplomacy.resolver import MOVE, _sea_adjacency
from ..diplomacy.units import Unit, UnitType
from .board import board, martian_adjacent, show
from .landings import LANDING_SEASONS
from .martian import Plan
from .resolver import MARTIAN, MartianResolver, Structure
from .units import MartianUnit, designation


@dataclass(frozen=True)
class Line:
    """One order's result, for the table: who, what was written, what happened, why, which rules."""

    power: str
    text: str
    status: str
    reason: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class SeasonResult:
    lines: tuple[Line, ...]
    earth: tuple[Unit, ...]
    martian: tuple[MartianUnit, ...]
    dislodged: tuple[Dislodged, ...]
    destroyed_now: tuple[str, ...]
    destroyed: frozenset[str]
    owners: dict[str, str]
    landing: str | None
    eliminated_by_landing: tuple[str, ...]
    martian_losses: tuple[str, ...]
    contested: frozenset[str]
    moves: tuple[tuple[str, str, str, bool], ...] = field(default_factory=tuple)
    reductions: tuple[tuple[str, int, int], ...] = ()  # (province, strength before, after) for dislodged Martians
    landed_on: int = 0  # Martian strength the cylinder eliminated


def landing_site(sites: tuple[str, ...], season: str, year: int) -> str | None:
    """WOTW 3.1: the site for this movement season, if it is one of the six."""
    for (s, y), site in zip(LANDING_SEASONS, sites):
        if s.lower() == season and y == year:
            return site
    return None


def _martian_unit(prov: str, strength: int) -> Unit:
    return Unit(MARTIAN, UnitType.ARMY, prov, strength)


def adjudicate_season(season: str, year: int, earth: tuple[Unit, ...], plan: Plan, parsed: list[ParsedOrder],
                      parse_errors: list, owners: dict[str, str], destroyed: frozenset[str],
                      landing: str | None) -> SeasonResult:
    gmap = board()
    martian_at = plan.units
    lines: list[Line] = []
    for err in parse_errors:
        lines.append(Line("", err.text, "illegal", err.message, getattr(err, "rules", ("DIP 4.1",))))

    # -- the Earth orders: standard legality, except where they meet Martian units ----------
    all_units = tuple(earth) + tuple(_martian_unit(p, u.strength) for p, u in martian_at.items())
    to_bind, to_martian = [], []
    for p in parsed:
        loc = province_of(p.location) if p.location else None
        if loc in martian_at and p.kind not in ("build", "waive"):
            lines.append(Line(p.power or "", p.text, "illegal",
                              f"the unit in {show(loc)} is the Martian's; Earth orders cannot move it", ("WOTW 5.1",)))
        elif p.kind in ("support", "convoy") and p.target and province_of(p.target) in martian_at:
            to_martian.append(p)
        else:
            to_bind.append(p)
    effective_all, written = bind_movement(gmap, all_units, to_bind, _sea_adjacency(gmap))
    n_earth = len(earth)
    effective = list(effective_all[:n_earth])
    earth_index = {u.province: i for i, u in enumerate(earth)}
    extra_supports: dict[int, Support] = {}
    extra_lines: dict[int, tuple[str, str, tuple[str, ...]]] = {}
    for p in to_martian:
        unit = earth[earth_index[province_of(p.location)]] if province_of(p.location) in earth_index else None
        target = province_of(p.target)
        why = None
        if unit is None:
            why, rules = f"there is no unit in {show(province_of(p.location))}", ("DIP 4.1",)
        elif p.power is not None and unit.power != p.power:
            why, rules = f"the unit in {show(unit.province)} is {unit.power}'s", ("DIP 4.1",)
        elif p.kind == "convoy":
            why, rules = "a Martian unit is never convoyed", ("WOTW 4.2",)
        else:
            into = province_of(p.dest) if p.dest else target
            if not gmap.can_reach_province(unit.type.value, unit.location, into) or into == unit.province:
                why, rules = f"{unit.label()} could not move to {show(into)}, so cannot support there", ("DIP 7.2",)
            elif p.dest and (into == target or not martian_adjacent(target, into)):
                why, rules = f"the Martian unit in {show(target)} could not move to {show(into)}", ("DIP 4.3", "WOTW R2")
        if why is not None:
            lines.append(Line(unit.power if unit else (p.power or ""), p.text, "illegal", why + "; the unit holds",
                              rules + ("DIP R1",)))
            continue
        i = earth_index[unit.province]
        if not isinstance(effective[i], Hold) or i in extra_supports:
            lines.append(Line(unit.power, p.text, "illegal", f"{unit.label()} already has an order", ("DIP R10",)))
            continue
        extra_supports[i] = Support(unit, target, province_of(p.dest) if p.dest else None)
        extra_lines[i] = (p.text, unit.power, ())

    # -- pseudo-units: Earth first (so the standard explanations index them), then the Martian --
    orders: list = []
    owner_of: list[str] = []  # the Martian province each Martian pseudo-unit belongs to ("" for Earth)
    for i, o in enumerate(effective):
        orders.append(extra_supports.get(i, o))
        owner_of.append("")
    leads: dict[int, tuple[int, ...]] = {}
    hosts: dict[int, int] = {}
    remainders: dict[int, tuple[int, ...]] = {}
    own: dict[int, int] = {}
    mover_index: dict[tuple[str, str], int] = {}
    groups: dict[str, list[int]] = {}
    martian_support: dict[int, object] = {}
    supports_by_origin = {s.origin: s for s in plan.supports}
    for prov in sorted(martian_at):
        u = martian_at[prov]
        movers = [m for m in plan.movers if m.origin == prov]
        stay = plan.stay.get(prov, 0)
        if not movers:
            base = _martian_unit(prov, u.strength)
            s = supports_by_origin.get(prov)
            martian_support[len(orders)] = s
            orders.append(Support(base, s.target, s.dest) if s is not None else Hold(base))
            owner_of.append(prov)
            continue
        split = len(movers) > 1 or movers[0].size != u.strength
        parts = []
        for m in movers:
            mover_index[(prov, m.dest)] = len(orders)
            if m.group is not None:
                groups.setdefault(m.dest, []).append(len(orders))
            parts.append(len(orders))
            orders.append(Move(_martian_unit(prov, m.size), m.dest))
            owner_of.append(prov)
        if split:
            remainders[len(orders)] = tuple(parts)
            orders.append(Hold(_martian_unit(prov, stay)))
            owner_of.append(prov)
    at_index = {}
    for i, o in enumerate(orders):
        at_index.setdefault(province_of(o.unit.location), []).append(i)
    for dest, members in groups.items():
        lead = min(members, key=lambda i: province_of(orders[i].unit.location))
        total = sum(orders[i].unit.strength for i in members)
        own[lead] = orders[lead].unit.strength
        lu = orders[lead].unit
        orders[lead] = Move(Unit(MARTIAN, UnitType.ARMY, lu.location, total), dest)
        leads[lead] = tuple(members)
        if dest in plan.merge_hosts:
            hosts[lead] = next(i for i in at_index[dest] if owner_of[i] == dest)

    # -- which pseudo-unit each support is for; unmatched supports become holds (DIP 4.3) ----
    def holder(prov: str) -> int | None:
        idx = at_index.get(prov, [])
        rem = [i for i in idx if i in remainders]
        if rem:
            return rem[0] if orders[rem[0]].unit.strength else None
        fixed = [i for i in idx if not isinstance(orders[i], Move)]
        return fixed[0] if fixed else None

    lead_of = {m: lead for lead, ms in leads.items() for m in ms}
    supports: dict[int, list[int]] = {}
    void: set[int] = set()
    for i, o in enumerate(orders):
        if not isinstance(o, Support):
            continue
        target_martian = o.target in martian_at
        if not target_martian and i >= n_earth:
            # A Martian support for an Earth unit: match it against the Earth order (DIP 4.3).
            j = earth_index.get(o.target)
            t = effective[j] if j is not None else None
            ok = t is not None and ((o.dest is None and not isinstance(t, Move))
                                    or (isinstance(t, Move) and t.dest_province == o.dest))
            if ok:
                supports.setdefault(j, []).append(i)
            else:
                void.add(i)
            continue
        if not target_martian:
            j = earth_index[o.target]
            supports.setdefault(j, []).append(i)
            continue
        if o.dest is None:
            j = holder(o.target)
        else:
            j = mover_index.get((o.target, o.dest))
            j = lead_of.get(j, j) if j is not None else None
        if j is None:
            void.add(i)
        else:
            supports.setdefault(j, []).append(i)
    for i in void:
        orders[i] = Hold(orders[i].unit)

    # -- resolve, then again while an attacker meets a unit that "remains where it is" (R4) --
    stuck: set[int] = set()
    cut: set[int] = set()
    reduced: dict[str, int] = {}
    res = None
    for _ in range(len(orders) + 1):
        st = Structure(leads, hosts, remainders, own, landing, frozenset(stuck), frozenset(cut))
        res = MartianResolver(gmap, orders, st, supports).run()
        grew = False
        for prov in martian_at:
            left = _left_behind(res, orders, owner_of, prov)
            if left < 2 or prov in reduced:
                continue
            attacker = next((m for m in res.into.get(prov, ()) if res.power[m] != MARTIAN and res.resolve(m)), None)
            if attacker is not None:
                reduced[prov] = attacker
                stuck.add(attacker)
                cut.update(i for i, o in enumerate(orders) if owner_of[i] == prov and isinstance(o, Support))
                grew = True
        if not grew:
            break

    # -- results, line by line -------------------------------------------------------------------
    for w in written:
        if w.unit is not None and w.unit.power == MARTIAN:
            continue
        if w.order is None:
            lines.append(Line(w.unit.power if w.unit else (w.parsed.power or ""), w.parsed.text, "illegal",
                              w.error + ("; the unit holds" if w.unit is not None else ""), w.rules + ("DIP R1",)))
            continue
        i = earth_index[w.unit.province]
        lines.append(_earth_line(res, i, w.parsed.text, w.unit.power, landing, reduced))
    for i, (text, power, _) in extra_lines.items():
        if isinstance(orders[i], Hold):
            lines.append(Line(power, text, "void", "the Martian unit does not make that move or hold", ("DIP 4.3",)))
        else:
            lines.append(_earth_line(res, i, text, power, landing, reduced))
    ordered = {province_of(w.parsed.location) for w in written if w.parsed.location} | \
        {province_of(p.location) for p in to_martian}
    for i, u in enumerate(earth):
        if u.province not in ordered:
            lines.append(_earth_line(res, i, f"{u.label()} (no order: holds)", u.power, landing, reduced))
    lines.extend(_martian_lines(res, orders, owner_of, plan, leads, lead_of, remainders, reduced, void, landing))

    # -- the position after the moves ----------------------------------------------------------
    # The Earth units as in the standard game (their pseudo-units come first); the Martian ones below.
    after, dislodged, moves = position_after(res, earth)
    strength: dict[str, int] = {}
    losses: list[str] = []
    reductions: list[tuple[str, int, int]] = []
    for prov in sorted(martian_at):
        left = _left_behind(res, orders, owner_of, prov)
        if not left:
            continue
        attacker = reduced.get(prov)
        if attacker is None:
            attacker = next((m for m in res.into.get(prov, ()) if res.power[m] != MARTIAN and res.resolve(m)), None)
        if attacker is not None and prov not in reduced:
            reductions.append((prov, left, 0))
            losses.append(f"{designation(left)} {show(prov)} dislodged by {res.orders[attacker].unit.label()}: "
                          f"disbanded (WOTW 7.2)")
            continue
        if prov in reduced:
            reductions.append((prov, left, left - 1))
            losses.append(f"{designation(left)} {show(prov)} dislodged by {res.orders[attacker].unit.label()}: "
                          f"loses a point and stays as {designation(left - 1)} {show(prov)} (WOTW 7.3, ruling WOTW R4)")
            left -= 1
        strength[prov] = strength.get(prov, 0) + left
    for i, o in enumerate(orders):
        if owner_of[i] and isinstance(o, Move) and res.resolve(i):
            mine = own.get(i, o.unit.strength)
            strength[o.dest] = strength.get(o.dest, 0) + mine
            moves.append((MARTIAN, province_of(o.unit.location), o.dest, True))
        elif owner_of[i] and isinstance(o, Move):
            moves.append((MARTIAN, province_of(o.unit.location), o.dest, False))

    # -- the landing (after the moves, ruling WOTW R6) and the destroyed centres (WOTW 3.3, 8.1) --
    eliminated: list[str] = []
    destroyed_now: list[str] = []
    landed_on = 0
    if landing is not None:
        for u in [u for u in after if u.province == landing]:
            after.remove(u)
            eliminated.append(f"{u.power} {u.label()}")
        for d in [d for d in dislodged if d.unit.province == landing]:
            dislodged.remove(d)
            eliminated.append(f"{d.unit.power} {d.unit.label()} (dislodged there)")
        if landing in strength:
            landed_on = strength[landing]
            eliminated.append(f"Martian {designation(strength[landing])} {show(landing)}")
        strength[landing] = 3
    gone = set(destroyed)
    for prov in sorted(strength):
        if gmap.provinces[prov].centre and prov not in gone:
            gone.add(prov)
            destroyed_now.append(prov)
    owners = dict(owners)
    if season == "fall":
        owners = update_ownership(gmap, after, owners)  # DIP 14.3; retreats may still change it
    for c in gone:
        owners.pop(c, None)
    martian = tuple(MartianUnit(p, s) for p, s in sorted(strength.items()) if s > 0)
    return SeasonResult(tuple(lines), tuple(after), martian, tuple(dislodged), tuple(destroyed_now), frozenset(gone),
                        owners, landing, tuple(eliminated), tuple(losses), res.contested(), tuple(moves),
                        tuple(reductions), landed_on)


def _left_behind(res: MartianResolver, orders, owner_of, prov: str) -> int:
    """Martian strength still in its starting province after the moves (WOTW 5.7)."""
    total = 0
    for i, o in enumerate(orders):
        if owner_of[i] != prov:
            continue
        if i in res.st.remainders:
            total += o.unit.strength
        elif isinstance(o, Move):
            if not res.resolve(i):
                total += res.st.own.get(i, o.unit.strength)
        else:
            total += o.unit.strength
    return total


def _earth_line(res: MartianResolver, i: int, text: str, power: str, landing: str | None, reduced) -> Line:
    o = res.orders[i]
    if isinstance(o, Move) and landing is not None and o.dest_province == landing:
        return Line(power, text, "fails", f"bounced: a cylinder lands in {show(landing)} this season, and every "
                    "Earth move there bounces whatever its support", ("WOTW 3.4", "WOTW R6"))
    if i in res.st.stuck:
        target = province_of(o.dest)
        return Line(power, text, "fails", f"dislodged the Martian unit in {show(target)}, which loses a point and "
                    "stays, so this unit stays where it is", ("WOTW 7.3", "WOTW R4"))
    j = res.at.get(res.dest[i]) if isinstance(o, Move) else None
    if j is not None and j in res.st.remainders:
        # Ruling WOTW R13: against a split unit's province the standard explanation does not apply.
        a = res.attack_strength(i)
        d = show(res.dest[i])
        if res.resolve(i):
            status, reason = Status.SUCCEEDS, f"moved to {d} (strength {a}) against what was left of the Martian split"
        else:
            facing = [p for p in res.st.remainders[j] if res.dest[p] == res.prov[i]]
            if facing and a <= res.defend_strength(facing[0]):
                reason = (f"lost the head-to-head battle: strength {a} against "
                          f"{res.defend_strength(facing[0])} from the Martian part coming from {d}")
            else:
                reason = f"bounced: strength {a} against the Martian strength left in {d}"
            status = Status.FAILS
        rules = ("DIP 10.1", "WOTW 5.7", "WOTW R13")
    else:
        status, reason, rules = explain(res, i)
    by = res.dislodged_by(i)
    if by is not None:
        reason += f"; dislodged by {res.orders[by].unit.label() if res.power[by] != MARTIAN else 'the Martian ' + _label(res, by)}"
        rules = rules + ("DIP 10.2",)
        if status is Status.SUCCEEDS and res.kind[i] != MOVE:
            status = Status.FAILS
    return Line(power, text, status.value, reason, rules)


def _label(res: MartianResolver, i: int) -> str:
    o = res.orders[i]
    if i in res.st.leads:
        return f"merge into {show(res.dest[i])} (strength {o.unit.strength})"
    return f"{designation(o.unit.strength)} {show(province_of(o.unit.location))}"


def _martian_lines(res, orders, owner_of, plan: Plan, leads, lead_of, remainders, reduced, void, landing) -> list[Line]:
    out = []
    by_text: dict[str, list[int]] = {}
    for i, o in enumerate(orders):
        if owner_of[i]:
            by_text.setdefault(owner_of[i], []).append(i)
    for v in plan.verdicts:
        if not v.legal:
            out.append(Line(MARTIAN, v.text, "illegal", v.reason, v.rules))
            continue
        bits, rules, ok_all = [], list(v.rules), True
        for i in by_text.get(v.origin, []):
            o = orders[i]
            if isinstance(o, Move):
                lead = lead_of.get(i, i)
                ok = res.resolve(lead)
                ok_all = ok_all and ok
                size = res.st.own.get(i, o.unit.strength)
                if ok:
                    bits.append(f"{designation(size)} to {show(o.dest)} succeeds"
                                + (f" (merge, strength {orders[lead].unit.strength})" if i in lead_of else ""))
                else:
                    bits.append(f"{designation(size)} to {show(o.dest)} fails ({_why_failed(res, lead)})")
                    if i in lead_of:
                        rules.append("WOTW 5.9")
            elif isinstance(o, Support):
                ok = res.resolve(i)
                ok_all = ok_all and ok
                bits.append(f"support of strength {o.unit.strength} " + ("given" if ok else "cut"))
                rules.append("WOTW 6.1" if ok else "WOTW 6.2")
            elif i in void:
                bits.append("support void: no such move or hold; holds")
                ok_all = False
        rem = [i for i in by_text.get(v.origin, []) if i in remainders]
        if rem and any(not res.resolve(p) for p in remainders[rem[0]]):
            bits.append(f"what is left in {show(v.origin)} stays together as one unit (WOTW 5.7)")
            rules.append("WOTW 5.7")
        if v.origin in reduced:
            bits.append("dislodged: loses one point and stays (WOTW 7.3)")
            rules += ["WOTW 7.3", "WOTW R4"]
        status = "succeeds" if ok_all else "fails"
        out.append(Line(MARTIAN, v.text, status, "; ".join(bits) or v.reason, tuple(dict.fromkeys(rules))))
    return out


def _why_failed(res: MartianResolver, i: int) -> str:
    if i in res.st.stuck:
        return "stays (ruling WOTW R4)"
    a = res.attack_strength(i)
    d = res.dest[i]
    j = res.at.get(d)
    members = res.st.leads.get(i, (i,))
    if j is not None and res.power[j] != MARTIAN and res.kind[j] == MOVE and \
            any(res.prov[m] == res.dest[j] for m in members) and a <= res.defend_strength(j):
        return f"lost the head-to-head battle: strength {a} against {res.defend_strength(j)} from {show(d)}"
    if a == 0:
        return f"a Martian unit remains in {show(d)}"
    rivals = [m for m in res.into.get(d, ()) if m != i and res.prevent_strength(m) >= a]
    if rivals:
        return f"strength {a} against {max(res.prevent_strength(m) for m in rivals)} from " + \
            ", ".join(show(res.prov[m]) for m in rivals)
    return f"strength {a} against {res.hold_strength(d)} holding {show(d)}"
