"""The steps War of the Worlds adds around the standard ones (WOTW 2-3, 7-9, rulings WOTW R4-R6, R10, R11, R14).

Each is a small pure function from a season in progress (``Turn``) to the next; the variant record
(``variant.py``) lists them with the standard steps, top to bottom, as the readings of the variant's
switchable rulings say (``WotwOptions``, in ``turn.options``).  Before the resolution: the landing's
barrier and the cylinder's order (or, landing before the moves, the landing itself).  After it: the
Martian losses, the landing, the destroyed centres, the centres' owners and the Earth win after Fall,
the virus and its removals.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from ..diplomacy.api import (Barrier, Decision, Disband, Dislodged, Illegal, Outcome, Phase, Pieces, Position, Season,
                             Spent, Status, Support, Turn, Unit, but, by_convoy, resolve_moves, retreat_options,
                             update_ownership)
from .board import CYLINDER_STRENGTH, EARTH_POWERS, MARTIAN, designation, martian, show
from .endgame import check_applies, end_of_game, landing_site, landings_after, virus_status
from .orders import MartianOrderKind
from .removal import POINTS_PER_SEASON, Removal, check, defaults
from .readings import DEFAULT as DEFAULT  # the site's readings (re-exported with the record's types)
from .state import MartianState as MartianState  # the position's Martian part, as the steps leave it
from .readings import WotwOptions as WotwOptions
from .state import options_of, report_of, state


def _martians(units: Iterable[Unit]) -> tuple[Unit, ...]:
    return tuple(u for u in units if u.power == MARTIAN)


# -- before the resolution ----------------------------------------------------------------------------
def announce_landing(turn: Turn) -> Turn:
    """WOTW 3.1, 3.4: this season's cylinder; every Earth move into its site bounces, whatever its support."""
    site = landing_site(state(turn.start).schedule, turn.phase.season, turn.phase.year)
    if site is None:
        return turn.but(report=report_of(turn))
    return turn.but(barriers={**turn.barriers, site: _landing_barrier(site)}, report=but(report_of(turn), landing=site))


@cache
def _landing_barrier(site: str) -> Barrier:
    return Barrier(frozenset(EARTH_POWERS), f"bounced: a cylinder lands in {show(site)} this season, and every "
                   "Earth move there bounces whatever its support", ("WOTW 3.4", "WOTW R6"))


def cylinder_gives_no_order(turn: Turn) -> Turn:
    """WOTW 3.6: the unit of this season's cylinder is not on the board yet and gives no order."""
    site = report_of(turn).landing
    if site is None or any(u.province == site for u in turn.start.units):
        return turn
    refused = tuple(p for p in turn.orders if p.power == MARTIAN and p.province == site)
    outcomes = [Outcome(MARTIAN, p.text, None, Status.ILLEGAL, f"the cylinder lands in {show(site)} only after this "
                        "season's moves, and its unit gives no order in its landing season", ("WOTW 3.6", "DIP R1"),
                        line=p.line) for p in refused]
    return turn.add(*outcomes).but(orders=tuple(p for p in turn.orders if p not in refused))


def land_before_moves(turn: Turn) -> Turn:
    """WOTW 3.3, 3.6 under ruling WOTW R6's before-moves reading: the cylinder lands before the moves.  Every
    unit that starts the season in the site is eliminated, whatever its orders (which are refused), and the new
    3A holds the site through the moves, giving no order; Earth moves into the site still bounce (WOTW 3.4)."""
    report = report_of(turn)
    site = report.landing
    if site is None:
        return turn
    position, there = turn.position, [u for u in turn.position.units if u.province == site]
    landed = _land(position, site)
    cite = turn.options.cite("WOTW R6")
    refused = tuple(p for p in turn.orders if p.location is not None and p.province == site)
    outcomes = []
    for p in refused:
        if any(u.power == p.power for u in there):
            why = f"the unit in {show(site)} was eliminated by the cylinder, which lands before the moves"
            outcomes.append(Outcome(p.power or "", p.text, None, Status.ILLEGAL, why, ("WOTW 3.3", cite, "DIP R1"),
                                    line=p.line, eliminated=True))
        else:
            why = f"the cylinder lands in {show(site)} before the moves, and its unit gives no order this season"
            outcomes.append(Outcome(p.power or "", p.text, None, Status.ILLEGAL, why, ("WOTW 3.6", cite, "DIP R1"),
                                    line=p.line))
    # A unit there with no order is listed too: it never held, the cylinder took it first (no silent loss).
    ordered = {p.power for p in refused}
    outcomes += [Outcome(u.power, f"{u.label()} (no order)", None, Status.SUCCEEDS,
                         f"eliminated: the cylinder lands in {show(site)} before the moves (WOTW 3.3)",
                         ("WOTW 3.3", cite), eliminated=True) for u in there if u.power not in ordered]
    return turn.add(*outcomes).but(orders=tuple(p for p in turn.orders if p not in refused),
                                   position=landed.position, eliminated=turn.eliminated + tuple(there),
                                   report=but(report, eliminated=landed.eliminated, landed_on=landed.landed_on))


# -- after the resolution -----------------------------------------------------------------------------
def _dislodgers(facts: Pieces, province: str) -> list[int]:
    return [m for m in facts.entering(province) if facts.order(m).unit.power != MARTIAN and facts.succeeded(m)]


def martian_losses(turn: Turn) -> Turn:
    """WOTW 7.3, ruling WOTW R4: a dislodged Martian unit of strength 2 or 3 loses a point and remains where it
    is; the unit that dislodged it stays where it started, and the Martian unit's support is cut.  The moves
    are resolved again with those answers fixed until nothing more changes."""
    reduced = set()
    while True:
        facts, decided = turn.resolved, dict(turn.decided)
        for unit in _martians(turn.position.units):
            prov = unit.province
            if not facts.entering(prov) or facts.remaining(prov) < 2:
                continue
            for m in _dislodgers(facts, prov):
                reduced.add(prov)
                decided[m] = Decision(False, f"dislodged the Martian unit in {show(prov)}, which loses a point and "
                                      "stays, so this unit stays where it is", ("WOTW 7.3", "WOTW R4"))
            if prov in reduced:
                for j in facts.standing(prov):
                    if isinstance(facts.order(j), Support):
                        decided[j] = Decision(False, "support cut: the unit was dislodged and loses a point "
                                              "(WOTW 7.3)", ("WOTW 6.2", "WOTW 7.3", "WOTW R4"))
        if decided == dict(turn.decided):
            return turn.but(report=but(report_of(turn), reduced=frozenset(reduced)))
        turn = resolve_moves(turn.but(decided=decided))


def apply_losses(turn: Turn) -> Turn:
    """WOTW 7.2, 7.3, ruling WOTW R4: a dislodged single-strength Martian unit is disbanded (the move that
    dislodged it stands); one that kept its ground loses a point."""
    facts, report = turn.resolved, report_of(turn)
    losses, reductions, units = [], [], list(turn.position.units)
    for unit in _martians(turn.start.units):
        prov = unit.province
        if not facts.entering(prov):
            continue  # nothing attacked it: nothing lost
        left = facts.remaining(prov)
        if prov in report.reduced:
            attacker = next(m for m in facts.entering(prov) if m in turn.decided)
            stays = next(u for u in units if u.power == MARTIAN and u.province == prov)
            units[units.index(stays)] = stays.with_strength(stays.strength - 1)
            reductions.append((prov, left, left - 1))
            losses.append(f"{designation(left)} {show(prov)} dislodged by {facts.order(attacker).unit.label()}: "
                          f"loses a point and stays as {designation(left - 1)} {show(prov)} (WOTW 7.3, ruling WOTW R4)")
            continue
        attackers = _dislodgers(facts, prov)
        if left and attackers:
            reductions.append((prov, left, 0))
            losses.append(f"{designation(left)} {show(prov)} dislodged by {facts.order(attackers[0]).unit.label()}: "
                          "disbanded (WOTW 7.2)")
    report = but(report, losses=tuple(losses), reductions=tuple(reductions))
    if not reductions:
        return turn.but(report=report)
    return turn.but(position=turn.position.but(units=tuple(units)), report=report)


def push_out(turn: Turn) -> Turn:
    """WOTW 7.2, 7.3 under ruling WOTW R4's attacker-moves-in reading: the attacker moves in; a dislodged Martian
    unit of strength 2 or 3 loses a point and must retreat as a standard unit would (in Summer or Winter, or it is
    disbanded); a single-strength one is disbanded (WOTW 7.2)."""
    facts, report = turn.resolved, report_of(turn)
    losses, reductions, pushed = [], [], []
    for unit in _martians(turn.start.units):
        prov = unit.province
        attackers = _dislodgers(facts, prov) if facts.entering(prov) else []
        left = facts.remaining(prov) if attackers else 0
        if not left:
            continue
        by = attackers[0]
        who = facts.order(by).unit.label()
        if left >= 2:
            pushed.append(Dislodged(martian(prov, left - 1), None if by_convoy(facts, by) else facts.prov[by]))
            reductions.append((prov, left, left - 1))
            losses.append(f"{designation(left)} {show(prov)} dislodged by {who}: loses a point and, as "
                          f"{designation(left - 1)} {show(prov)}, must retreat (WOTW 7.3, ruling WOTW R4)")
        else:
            reductions.append((prov, left, 0))
            losses.append(f"{designation(left)} {show(prov)} dislodged by {who}: disbanded (WOTW 7.2)")
    report = but(report, losses=tuple(losses), reductions=tuple(reductions))
    if not pushed:
        return turn.but(report=report)
    return turn.but(position=turn.position.but(dislodged=turn.position.dislodged + tuple(pushed)), report=report)


def cite_pushed_retreats(turn: Turn) -> Turn:
    """Ruling WOTW R4's attacker-moves-in reading: a Martian unit's retreat or disband, which only that reading
    allows, cites it."""
    cite = turn.options.cite("WOTW R4")
    outcomes = tuple(o._replace(rules=o.rules + (cite,)) if o.power == MARTIAN and cite not in o.rules else o
                     for o in turn.outcomes)
    return turn.but(outcomes=outcomes)


def land_cylinder(turn: Turn) -> Turn:
    """WOTW 3.3, ruling WOTW R6: after the moves the cylinder lands; whatever stands there is eliminated,
    and a 3A stands there."""
    report = report_of(turn)
    site = report.landing
    if site is None:
        return turn
    landed = _land(turn.position, site)
    gone = _landed_on(turn, site)
    return turn.but(position=landed.position, outcomes=_mark_eliminated(turn, site, gone),
                    eliminated=turn.eliminated + gone,
                    report=but(report, eliminated=landed.eliminated, landed_on=landed.landed_on))


def _landed_on(turn: Turn, site: str) -> tuple[Unit, ...]:
    """WOTW 3.3, ruling WOTW R6 (after the moves): the season's units that end it in the site, as they started
    it: those that did not move out (held, supported, failed to move, were dislodged there) and those that moved in."""
    moved = {(p, a): b for p, a, b, ok in turn.moves if ok}
    out = []
    for u in turn.start.units:
        dest = moved.get((u.power, u.location))
        if (dest.split("/")[0] if dest else u.province) == site:
            out.append(u)
    return tuple(out)


def _mark_eliminated(turn: Turn, site: str, gone: tuple[Unit, ...]) -> tuple[Outcome, ...]:
    """Each eliminated unit's row says so (result "eliminated"), its order's own result kept in the reason and
    in its status: a support given still counts, the unit is then lost (WOTW 3.3)."""
    keys = {(u.power, u.location) for u in gone}
    by_line = {w.parsed.line: w.unit for w in turn.checked.written if w.unit is not None and w.parsed.line}
    cite = options_of(turn).cite("WOTW R6")  # a board's preview plays the season under the standard options
    out = []
    for o in turn.outcomes:
        unit = getattr(o.order, "unit", None) or by_line.get(o.line)
        if isinstance(unit, Unit) and (unit.power, unit.location) in keys:
            then = f"then eliminated: the cylinder lands in {show(site)} after the moves (WOTW 3.3)"
            o = o._replace(reason=f"{o.reason}; {then}" if o.reason else then, eliminated=True,
                           rules=tuple(dict.fromkeys(o.rules + ("WOTW 3.3", cite))))
        out.append(o)
    return tuple(out)


@dataclass(frozen=True)
class _Landed:
    position: Position
    eliminated: tuple[str, ...]  # the units the cylinder landed on
    landed_on: int  # the Martian strength it eliminated


def _land(position: Position, site: str) -> _Landed:
    """WOTW 3.3: the cylinder lands in ``site``; every unit there, and every unit dislodged there, is eliminated
    (a Martian one too), and a 3A stands there."""
    there = [u for u in position.units if u.province == site]
    stranded = [d.unit for d in position.dislodged if d.unit.province == site]
    eliminated = [f"{u.power} {u.label()}" for u in there if u.power != MARTIAN]
    eliminated += [f"{u.power} {u.label()} (dislodged there)" for u in stranded]
    landed_on = sum(u.strength for u in there if u.power == MARTIAN)
    if landed_on:
        eliminated.append(f"Martian {designation(landed_on)} {show(site)}")
    landed_on += sum(u.strength for u in stranded if u.power == MARTIAN)  # pushed out there (ruling WOTW R4)
    units = tuple(u for u in position.units if u.province != site) + (martian(site, CYLINDER_STRENGTH),)
    dislodged = tuple(d for d in position.dislodged if d.unit.province != site)
    return _Landed(position.but(units=units, dislodged=dislodged), tuple(eliminated), landed_on)


def destroy_centres(turn: Turn) -> Turn:
    """WOTW 8.1: a centre the Martian occupies at the end of a season is destroyed and belongs to nobody."""
    position, st = turn.position, state(turn.position)
    gmap = turn.variant.board
    now = tuple(sorted(u.province for u in _martians(position.units)
                       if gmap.provinces[u.province].centre and u.province not in st.destroyed))
    if not now:
        return turn
    destroyed = st.destroyed | frozenset(now)
    owners = {c: p for c, p in position.owners.items() if c not in destroyed}
    position = position.but(owners=owners, state=but(st, destroyed=destroyed))
    report = report_of(turn)
    return turn.but(position=position, report=but(report, destroyed_now=report.destroyed_now + now))


# -- the centres, the win and the virus -----------------------------------------------------------------
def centre_owners(turn: Turn) -> Turn:
    """DIP 14.3 with WOTW 8.1 and ruling WOTW R11: after Fall, once its retreats are over, each centre not
    destroyed goes to the Earth power with a unit in it; the Martian owns none.  A Fall with retreats to
    come leaves it to the Winter (ruling WOTW R14)."""
    if turn.position.dislodged:
        return turn.but(report=but(report_of(turn), deferred=True))
    return centre_owners_now(turn)


def centre_owners_now(turn: Turn) -> Turn:
    """The ownership update of ``centre_owners`` at once, retreats to come or not (ruling WOTW R14's
    before-fall-retreats reading: the centres are counted at the end of Fall's moves)."""
    position = turn.position
    earth = [u for u in position.units if u.power != MARTIAN]
    destroyed = state(position).destroyed
    owners = {c: p for c, p in update_ownership(turn.variant.board, earth, position.owners).items()
              if c not in destroyed}
    return turn.but(position=position.but(owners=owners))


def _largest(position: Position) -> int:
    counts: dict[str, int] = {}
    for p in position.owners.values():
        counts[p] = counts.get(p, 0) + 1
    return max(counts.values(), default=0)


def virus_check(turn: Turn) -> Turn:
    """WOTW 9.1, rulings WOTW R1, R5, R10: at the end of each season from Fall 1903, the virus becomes active
    (for good) when at least 12 centres are destroyed and at least double the largest Earth power's count.
    At the end of Fall the check waits for the Fall retreats (DIP 14.3, ruling WOTW R14)."""
    report, st = report_of(turn), state(turn.position)
    first = options_of(turn).first_check
    if report.deferred or not check_applies(turn.phase.year, turn.phase.season, first):
        return turn
    status = virus_status(turn.phase.year, turn.phase.season, len(st.destroyed), _largest(turn.position), first)
    position = turn.position.but(state=but(st, virus=st.virus or status.active))
    return turn.but(position=position, report=but(report, virus=status))


def fall_check(turn: Turn) -> Turn:
    """DIP 14.3, ruling WOTW R14: in Winter, once the Fall retreats are played, the virus check that the end of
    Fall waited for (first removals this Winter if it strikes, ruling WOTW R10)."""
    if not turn.start.dislodged:
        return turn
    st = state(turn.position)
    first = options_of(turn).first_check
    if not check_applies(turn.phase.year, Season.FALL, first):
        return turn
    status = virus_status(turn.phase.year, Season.FALL, len(st.destroyed), _largest(turn.position), first)
    position = turn.position.but(state=but(st, virus=st.virus or status.active))
    return turn.but(position=position, report=but(report_of(turn), fall_check=status))


def game_end(turn: Turn) -> Turn:
    """WOTW 2.2, 2.3, ruling WOTW R11: the Martian wins at 34 destroyed; an Earth power after a Fall (and its
    retreats) once the Martian is eliminated.  A Fall whose retreats are still to come decides nothing."""
    report, position = report_of(turn), turn.position
    season = turn.phase.season
    after_fall = season is Season.WINTER or (season is Season.FALL and not report.deferred)
    landings = landings_after(season, turn.phase.year)
    # A Martian unit pushed out to retreat (ruling WOTW R4, attacker-moves-in) is still in the game.
    pushed = tuple(d.unit for d in position.dislodged if d.unit.power == MARTIAN)
    end = end_of_game(_martians(position.units) + pushed, landings, dict(position.owners), state(position).destroyed,
                      after_fall)
    winner = end.winner
    return turn.but(winner=winner, report=but(report, end=end))


# -- the virus removals ---------------------------------------------------------------------------
def virus_removals(turn: Turn) -> Turn:
    """WOTW 9.2, 9.3, rulings WOTW R5, R9: with the virus active, two Martian strength points go each Summer and
    Winter; the valid removals ordered count first, the rest are taken by default.  A removal that cannot be
    made is illegal (no such unit, too few points: ruling DIP R1), or fails when the season's earlier removals
    used the points, and is made up by default (a note says so).  The removals depend on no Earth order (WOTW 9.4)."""
    orders = tuple(p for p in turn.orders if p.kind is MartianOrderKind.REMOVAL)
    rest = tuple(p for p in turn.orders if p not in orders)
    position, st = turn.position, state(turn.position)
    mine = {u.province: u for u in _martians(position.units)}
    if not st.virus or not mine:
        return turn.but(orders=rest)
    strength = {p: u.strength for p, u in mine.items()}
    budget = min(POINTS_PER_SEASON, sum(strength.values()))
    outcomes, removals, notes = [], [], []
    for p in orders:
        at = p.province or ""  # a removal names its unit's province
        try:
            points = check(strength, budget, at, p.strength or 1)
        except Illegal as err:  # one vocabulary (ruling DIP R1): illegal whatever else is ordered; fails if spent
            spent = isinstance(err, Spent)
            outcomes.append(Outcome(MARTIAN, p.text, None, Status.FAILS if spent else Status.ILLEGAL,
                                    err.message + "; made up by default (WOTW 9.3)",
                                    err.rules + ("WOTW 9.3",) + (() if spent else ("DIP R1",)), line=p.line))
            continue
        strength[at] -= points
        budget -= points
        removals.append(Removal(mine[at], points))
        outcomes.append(Outcome(MARTIAN, p.text, removals[-1], Status.SUCCEEDS, "removed as ordered (WOTW 9.2)",
                                ("WOTW 9.2",), line=p.line))
    for prov, points in defaults(strength, budget):
        removals.append(Removal(mine[prov], points, by_default=True))
        outcomes.append(Outcome(MARTIAN, f"{designation(points)} {show(prov)} (default)", removals[-1],
                                Status.SUCCEEDS, "removed by default, alphabetically by province (WOTW 9.3, ruling "
                                "WOTW R9)", ("WOTW 9.2", "WOTW 9.3", "WOTW R9")))
    if any(o.status in (Status.FAILS, Status.ILLEGAL, Status.UNREADABLE) for o in outcomes):
        notes.append("Some of the Martian's removals could not be made; the points still due were removed by "
                     "default (WOTW 9.3), the valid removals standing.")
    units = tuple(u for u in position.units if u.power != MARTIAN) + tuple(
        martian(prov, s) for prov, s in sorted(strength.items()) if s > 0)
    report = but(report_of(turn), removals=tuple(removals))
    return turn.add(*outcomes, notes=tuple(notes)).but(orders=rest,
                   position=position.but(units=units), report=report)


# -- a Summer with nothing to decide (ruling WOTW R17) ----------------------------------------------------
def summer_has_more(turn: Turn) -> bool:
    """Ruling WOTW R17: at the end of Spring, whether the Summer to come holds anything besides Spring's retreats:
    virus removals (WOTW 9.2: the virus active and a Martian unit on the board), or a virus check of its own that
    would find the virus newly active (possible only when Spring's check came before its last centre was destroyed,
    ruling WOTW R14's virus-before-landing reading)."""
    position, st = turn.position, state(turn.position)
    if st.virus:
        return any(u.power == MARTIAN for u in position.units)
    first = options_of(turn).first_check
    year = turn.phase.year
    return check_applies(year, Season.SUMMER, first) and virus_status(
        year, Season.SUMMER, len(st.destroyed), _largest(position), first).active


def disband_stranded(turn: Turn) -> Turn:
    """DIP 12.4, ruling WOTW R17: after Spring's moves, when the Summer would hold nothing but retreats and no
    dislodged unit has a place to retreat to, those units are disbanded at once (each reported, ``turn.removed``
    keeping them for the fates) and the Summer is not played (``next_season``).  When a unit can retreat, or
    the Summer holds removals, the Summer is played and its retreat step disbands them (DIP 12.4, 14.5)."""
    position, board = turn.position, turn.variant.board
    if not position.dislodged or summer_has_more(turn):
        return turn
    if any(retreat_options(board, position, d) for d in position.dislodged):
        return turn
    why = "disbanded: dislodged, with no place to retreat to; the Summer, with nothing to decide, is not played"
    outcomes = [Outcome(d.unit.power, f"{d.unit.label()} (dislodged)", Disband(d.unit), Status.SUCCEEDS, why,
                        # a Martian unit is dislodged only under ruling WOTW R4's attacker-moves-in reading
                        ("DIP 12.4", "WOTW R17") + ((turn.options.cite("WOTW R4"),) if d.unit.power == MARTIAN else ()),
                        dislodged=True)
                for d in position.dislodged]
    return turn.add(*outcomes).but(position=position.but(dislodged=()),
                                   removed=turn.removed + tuple(d.unit for d in position.dislodged))


def next_season(turn: Turn) -> Turn:
    """Rulings WOTW R5, R17: Spring, Summer, Fall and Winter, every year; a Summer with nothing to decide (no unit
    to retreat, no removal, no virus check of its own to report) is not played, and Fall follows Spring."""
    calendar = turn.variant.calendar
    here = turn.variant.place_in_calendar(turn.phase)
    step = 1
    plan = calendar[(here + step) % len(calendar)]
    if plan.season is Season.SUMMER and not turn.position.dislodged and not summer_has_more(turn):
        step = 2
        plan = calendar[(here + step) % len(calendar)]
    year = turn.phase.year + (1 if here + step >= len(calendar) else 0)
    position = turn.position.but(phase=Phase(year, plan.season, plan.kind))
    return turn.but(position=position)
