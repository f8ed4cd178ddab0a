"""Supply-centre ownership and the Winter adjustment phase as steps (DIP 1.1, 13.1-13.5, 14.3, 14.5, 14.9)."""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .map import GameMap, Reach, province_of, show
from .orders import Build, BuildRule, Disband, Illegal, Outcome, ParsedOrder, Spent, Status, Waive
from .orders import build as build_kind
from .position import Position
from .readings import DEFAULT, RemovalDistance
from .turn import Turn
from .units import Season, Unit, UnitType

home_builder = build_kind.home_builder


def update_ownership(gmap: GameMap, units, owners) -> dict[str, str]:
    """DIP 14.3: after Fall, a centre belongs to the power with a unit in it; empty centres keep their owner."""
    out = dict(owners)
    for u in units:
        if gmap.provinces[u.province].centre:
            out[u.province] = u.power
    return out


def adjustments_due(position: Position, leave_out=frozenset()) -> dict[str, int]:
    """DIP 13.1: centres minus units for every power (positive: builds, negative: disbands); a variant may
    leave out a power that does not adjust (War of the Worlds' Martian)."""
    powers = ({u.power for u in position.units} | set(position.owners.values())) - set(leave_out)
    due = {}
    for p in sorted(powers):
        n = position.centre_count(p) - len(position.units_of(p))
        if n:
            due[p] = n
    return due


def buildable(gmap: GameMap, position: Position, power: str) -> tuple[str, ...]:
    """DIP 13.5, 14.9: vacant home centres the power still owns."""
    return tuple(c for c in gmap.home_centres(power)
                 if position.owners.get(c) == power and position.unit_in(c) is None)


def distances(gmap: GameMap, targets) -> dict[str, int]:
    """Steps from every province to the nearest target, moving over land and sea alike (ruling DIP R11)."""
    dist = {t: 0 for t in targets}
    queue = deque(targets)
    while queue:
        p = queue.popleft()
        for q in gmap.neighbours(p):
            if q not in dist:
                dist[q] = dist[p] + 1
                queue.append(q)
    return dist


def fleet_distances(gmap: GameMap, targets) -> dict[str, int]:
    """Fleet moves from every place a fleet can stand (each coast apart) to the nearest coast of a target
    province (ruling DIP R11, the older rulebooks' count)."""
    dist = {loc: 0 for t in targets for loc in gmap.locations(Reach.SEA) if province_of(loc) == t}
    queue = deque(dist)
    while queue:
        loc = queue.popleft()
        for nxt in gmap.fleet_adj.get(loc, ()):
            if nxt not in dist:
                dist[nxt] = dist[loc] + 1
                queue.append(nxt)
    return dist


def civil_disorder(gmap: GameMap, position: Position, power: str, count: int, keep_out=(),
                   removal: RemovalDistance = DEFAULT.removal) -> list[Unit]:
    """DIP 14.5 with ruling DIP R11: the units removed when a power orders too few disbands.

    Farthest first, on a tie fleets before armies, then the province's English name in alphabetical
    order.  The 2023 rule counts every unit's steps over land and sea to the nearest centre the power
    owns; the older rulebooks count to its nearest home centre, fleets by fleet moves only.
    """
    far = 10 ** 6
    if removal is RemovalDistance.HOME_CENTRES:
        homes = gmap.home_centres(power)
        by_step, by_sea = distances(gmap, homes), fleet_distances(gmap, homes)

        def distance(u: Unit) -> int:
            return by_sea.get(u.location, far) if u.type.reach is Reach.SEA else by_step.get(u.province, far)
    else:
        by_step = distances(gmap, [c for c, p in position.owners.items() if p == power])

        def distance(u: Unit) -> int:
            return by_step.get(u.province, far)
    units = [u for u in position.units_of(power) if u not in keep_out]
    units.sort(key=lambda u: (-distance(u), 0 if u.type is UnitType.FLEET else 1, gmap.provinces[u.province].name))
    return units[:count]


def _none_left(position: Position, power: str, due: dict, what: str, rules: tuple[str, ...]) -> Illegal:
    """Why a power may not build (or remove) any more: the ones already ordered (the order fails: ruling DIP R13),
    or the counts, when it has none at all (the order is illegal whatever else is ordered: ruling DIP R1)."""
    n = due.get(power, 0) if what == "builds" else -due.get(power, 0)
    if n > 0:
        return Spent(f"{power} has used all its {n} {what if n > 1 else what[:-1]} already", rules)
    units, centres = len(position.units_of(power)), position.centre_count(power)
    return Illegal(f"{power} has no {what}: {centres} supply centre{'s' if centres != 1 else ''} and "
                   f"{units} unit{'s' if units != 1 else ''}", rules)


@dataclass(frozen=True)
class Context:
    board: GameMap
    position: Position
    build_rule: BuildRule
    removal: RemovalDistance = DEFAULT.removal  # ruling DIP R11


@dataclass
class _Ledger:
    """What the adjustment orders have used so far (ruling DIP R13: first legal orders count)."""

    due: dict[str, int]
    used: dict
    built: list
    removed: list
    taken: set

    def spend(self, power: str) -> None:
        self.used[power] = self.used.get(power, 0) + 1


def _waive(ctx: Context, ledger: _Ledger, p: ParsedOrder) -> Outcome:
    """DIP 13.3, ruling DIP R17: a power may decline a build it is due."""
    power = p.power
    if power is None:
        raise Illegal("say whose build is waived (England: Waive)", ("DIP 13.3",))
    if ledger.due.get(power, 0) - ledger.used.get(power, 0) <= 0:
        kind = Spent if ledger.due.get(power, 0) > 0 else Illegal
        raise kind(f"{power} has no build left to waive", ("DIP 13.3", "DIP R13"))
    ledger.spend(power)
    return Outcome(power, p.text, Waive(power), Status.SUCCEEDS, "build waived", ("DIP 13.3", "DIP R17"), line=p.line)


def _build(ctx: Context, ledger: _Ledger, p: ParsedOrder) -> Outcome:
    """DIP 5.1, 13.2, 13.5, ruling DIP R13: a build within the power's count, one unit a centre."""
    prov = province_of(p.location or "")
    power = p.power or ctx.build_rule.builder(ctx.board, ctx.position, prov)
    if power is None:
        raise Illegal(f"{ctx.board.provinces[prov].name} is no power's home centre that it owns, so nobody may build "
                      f"there", ("DIP 13.5", "DIP 14.9"))
    order: Build = build_kind.check(ctx, power, p)  # DIP R1: a build no order could make legal is illegal first
    if ledger.due.get(power, 0) - ledger.used.get(power, 0) <= 0:
        raise _none_left(ctx.position, power, ledger.due, "builds", ("DIP 13.1", "DIP R13"))
    if prov in ledger.taken:
        raise Spent(f"a unit is already being built in {show(prov)}", ("DIP 5.1", "DIP R13"))
    ledger.spend(power)
    ledger.taken.add(prov)
    unit = Unit(power, order.type, order.location)
    ledger.built.append(unit)
    return Outcome(power, p.text, order, Status.SUCCEEDS, f"built {unit.label()}", ("DIP 13.2", "DIP 13.5"),
                   line=p.line)


def _remove(ctx: Context, ledger: _Ledger, p: ParsedOrder) -> Outcome:
    """DIP 13.4, ruling DIP R13: a removal of one of the power's units, within its count."""
    prov = province_of(p.location or "")
    unit = ctx.position.unit_in(prov)
    if unit is None:
        raise Illegal(f"there is no unit in {show(prov)}", ("DIP 13.4",))
    if p.power is not None and unit.power != p.power:
        raise Illegal(f"the unit in {show(prov)} is {unit.power}'s", ("DIP 4.1",))
    if -ledger.due.get(unit.power, 0) <= 0:
        raise _none_left(ctx.position, unit.power, ledger.due, "removals", ("DIP 13.4", "DIP R13"))
    if unit in ledger.removed:
        raise Spent(f"{unit.label()} is already removed", ("DIP R13",))
    if -ledger.due.get(unit.power, 0) - ledger.used.get(unit.power, 0) <= 0:
        raise _none_left(ctx.position, unit.power, ledger.due, "removals", ("DIP 13.4", "DIP R13"))
    ledger.spend(unit.power)
    ledger.removed.append(unit)
    return Outcome(unit.power, p.text, Disband(unit), Status.SUCCEEDS, f"removed {unit.label()}", ("DIP 13.4",),
                   line=p.line)


_ADJUSTMENT = {"waive": _waive, "build": _build, "disband": _remove}


def _defaults(ctx: Context, ledger: _Ledger) -> list[Outcome]:
    """DIP 13.3, 14.5: builds not ordered are waived; removals not ordered are made by civil disorder."""
    out = []
    for power, n in ledger.due.items():
        left = abs(n) - ledger.used.get(power, 0)
        if left <= 0:
            continue
        if n > 0:
            # a default, not an order: the order carried out is a waive, which the presenters show as a note
            out.append(Outcome(power, f"{power}: {left} build(s) not ordered", Waive(power), Status.SUCCEEDS, "waived",
                               ("DIP 13.3", "DIP R17")))
            continue
        home = ctx.removal is RemovalDistance.HOME_CENTRES
        why = "removed: farthest from a home supply centre (the older rulebooks' count)" if home else \
            "removed: farthest from an owned supply centre"
        rules = ("DIP 14.5", "DIP R11: home-centres" if home else "DIP R11")
        for unit in civil_disorder(ctx.board, ctx.position, power, left, ledger.removed, ctx.removal):
            ledger.removed.append(unit)
            out.append(Outcome(power, f"{unit.label()} (civil disorder)", Disband(unit), Status.SUCCEEDS, why, rules))
    return out


def check_adjustment(variant, position: Position, p: ParsedOrder):
    """One adjustment order given alone: the order it makes, or Illegal (the handlers of ``adjustment_step``)."""
    ctx = Context(variant.board, position, variant.build_rule)
    handler = _ADJUSTMENT.get(p.spec.name)
    if handler is None:
        raise Illegal("only builds, removals and waives are ordered in the adjustment phase", ("DIP 2.5",))
    ledger = _Ledger(adjustments_due(position, variant.non_adjusting), {}, [], [], set())
    return handler(ctx, ledger, p).order


def adjustment_step(turn: Turn) -> Turn:
    """DIP 2.5, 13.1-13.5: builds and disbands; first legal orders count (ruling DIP R13).  An order that breaks a
    rule whatever else is ordered (a fleet inland, a centre that is not the power's home, an occupied one, an order
    of another phase) is illegal (rulings DIP R1, R12; DATC 6.I.2, 6.I.6); a legal one that the power's earlier
    orders leave no room for fails (ruling DIP R13; DATC 6.I.1, 6.I.7, 6.J.1, 6.J.2)."""
    position = turn.position
    ctx = Context(turn.variant.board, position, turn.variant.build_rule, turn.options.removal)
    ledger = _Ledger(adjustments_due(position, turn.variant.non_adjusting), {}, [], [], set())
    outcomes = []
    for p in turn.orders:
        handler = _ADJUSTMENT.get(p.spec.name)
        try:
            if handler is None:
                raise Illegal("only builds, removals and waives are ordered in the adjustment phase", ("DIP 2.5",))
            outcomes.append(handler(ctx, ledger, p))
        except Illegal as err:
            status, rules = (Status.FAILS, err.rules) if isinstance(err, Spent) else \
                (Status.ILLEGAL, err.rules + ("DIP R1",))
            outcomes.append(Outcome(p.power or "", p.text, None, status, err.message, rules, line=p.line))
    outcomes.extend(_defaults(ctx, ledger))
    units = tuple(u for u in position.units if u not in ledger.removed) + tuple(ledger.built)
    return turn.add(*outcomes).but(orders=(), position=position.but(units=units),
                   built=tuple(ledger.built), removed=tuple(ledger.removed))


def fall_ownership(turn: Turn) -> Turn:
    """DIP 14.3: at the end of Fall, after the Fall retreats, each centre goes to the power with a unit in it."""
    if turn.phase.season is not Season.FALL or turn.position.dislodged:
        return turn
    owners = update_ownership(turn.variant.board, turn.position.units, turn.position.owners)
    return turn.but(position=turn.position.but(owners=owners))


def check_win(turn: Turn) -> Turn:
    """DIP 1.1: after the Fall ownership update, the variant's win rule (the standard game: 18 centres)."""
    if turn.phase.season is not Season.FALL or turn.position.dislodged:
        return turn
    return turn.but(winner=turn.variant.winner(turn.variant, turn.position))

