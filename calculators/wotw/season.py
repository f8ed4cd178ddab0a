"""The steps War of the Worlds adds around the standard ones (WOTW 2-3, 7-9, rulings WOTW R4-R6, R10, R11, R14).

Each is a small pure function from a season in progress (``Turn``) to the next; the variant record
(``variant.py``) lists them with the standard steps, top to bottom.  Before the resolution: the
landing's barrier and the cylinder's order.  After it: the Martian losses, the landing, the
destroyed centres, the centres' owners and the Earth win after Fall, the virus and its removals.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from ..diplomacy.api import (Barrier, Decision, Illegal, Outcome, Phase, Position, Season, Status, Support, Turn,
                             Unit, but, resolve_moves, update_ownership)
from .board import CYLINDER_STRENGTH, EARTH_POWERS, MARTIAN, designation, martian, show
from .endgame import check_applies, end_of_game, landing_site, landings_after, virus_status
from .removal import POINTS_PER_SEASON, Removal, check, defaults


@dataclass(frozen=True)
class MartianState:
    """The variant's part of a position: the centres destroyed (WOTW 8.1), whether the virus is active
    (WOTW 9.1, ruling WOTW R10: once active it never ends), and the six landing sites (WOTW 3.1, 3.2)."""

    destroyed: frozenset[str] = frozenset()
    virus: bool = False
    schedule: tuple[str, ...] = ()


@dataclass(frozen=True)
class Report:
    """What the variant's steps did this season, for the result."""

    landing: str | None = None
    eliminated: tuple[str, ...] = ()  # units the cylinder landed on
    landed_on: int = 0  # Martian strength the cylinder eliminated
    reduced: frozenset[str] = frozenset()  # provinces whose Martian unit lost a point and stayed (ruling WOTW R4)
    reductions: tuple[tuple[str, int, int], ...] = ()  # (province, strength before, after) for dislodged Martians
    losses: tuple[str, ...] = ()
    destroyed_now: tuple[str, ...] = ()
    deferred: bool = False  # a Fall with retreats to come: owners, win and virus wait for them (DIP 14.3)
    fall_check: dict | None = None  # the end-of-Fall virus check, made in Winter after the Fall retreats
    virus: dict | None = None  # the virus check at the end of this season
    removals: tuple[Removal, ...] = ()
    end: dict = field(default_factory=dict)


def state(position: Position) -> MartianState:
    return position.state if position.state is not None else MartianState()


def _report(turn: Turn) -> Report:
    return turn.report if turn.report is not None else Report()


def _martians(units) -> tuple[Unit, ...]:
    return tuple(u for u in units if u.power == MARTIAN)


# -- before the resolution ----------------------------------------------------------------------------
def announce_landing(turn: Turn) -> Turn:
    """WOTW 3.1, 3.4: this season's cylinder; every Earth move into its site bounces, whatever its support."""
    site = landing_site(state(turn.start).schedule, turn.phase.season, turn.phase.year)
    if site is None:
        return turn.but(report=_report(turn))
    return turn.but(barriers={**turn.barriers, site: _landing_barrier(site)}, report=but(_report(turn), landing=site))


@cache
def _landing_barrier(site: str) -> Barrier:
    return Barrier(frozenset(EARTH_POWERS), f"bounced: a cylinder lands in {show(site)} this season, and every "
                   "Earth move there bounces whatever its support", ("WOTW 3.4", "WOTW R6"))


def cylinder_gives_no_order(turn: Turn) -> Turn:
    """WOTW 3.6: the unit of this season's cylinder is not on the board yet and gives no order."""
    site = _report(turn).landing
    if site is None or any(u.province == site for u in turn.start.units):
        return turn
    refused = tuple(p for p in turn.orders if p.power == MARTIAN and p.province == site)
    outcomes = [Outcome(MARTIAN, p.text, None, Status.ILLEGAL, f"the cylinder lands in {show(site)} only after this "
                        "season's moves, and its unit gives no order in its landing season", ("WOTW 3.6", "DIP R1"),
                        line=p.line) for p in refused]
    return turn.add(*outcomes).but(orders=tuple(p for p in turn.orders if p not in refused))


# -- after the resolution -----------------------------------------------------------------------------
def _dislodgers(facts, province: str) -> list[int]:
    return [m for m in facts.entering(province) if facts.order(m).unit.power != MARTIAN and facts.succeeded(m)]


def martian_losses(turn: Turn) -> Turn:
    """WOTW 7.3, ruling WOTW R4: a dislodged Martian unit of strength 2 or 3 loses a point and remains where it
    is; the unit that dislodged it stays where it started, and the Martian unit's support is cut.  The moves
    are resolved again with those answers fixed until nothing more changes."""
    reduced = set()
    while True:
        facts, decided = turn.facts, dict(turn.decided)
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
            return turn.but(report=but(_report(turn), reduced=frozenset(reduced)))
        turn = resolve_moves(turn.but(decided=decided))


def apply_losses(turn: Turn) -> Turn:
    """WOTW 7.2, 7.3, ruling WOTW R4: a dislodged single-strength Martian unit is disbanded (the move that
    dislodged it stands); one that kept its ground loses a point."""
    facts, report = turn.facts, _report(turn)
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


def land_cylinder(turn: Turn) -> Turn:
    """WOTW 3.3, ruling WOTW R6: after the moves the cylinder lands; whatever stands there is eliminated,
    and a 3A stands there."""
    report = _report(turn)
    site = report.landing
    if site is None:
        return turn
    position = turn.position
    there = [u for u in position.units if u.province == site]
    gone = [u for u in there if u.power != MARTIAN]
    eliminated = [f"{u.power} {u.label()}" for u in gone]
    eliminated += [f"{d.unit.power} {d.unit.label()} (dislodged there)" for d in position.dislodged
                   if d.unit.province == site]
    landed_on = sum(u.strength for u in there if u.power == MARTIAN)
    if landed_on:
        eliminated.append(f"Martian {designation(landed_on)} {show(site)}")
    units = tuple(u for u in position.units if u.province != site) + (martian(site, CYLINDER_STRENGTH),)
    dislodged = tuple(d for d in position.dislodged if d.unit.province != site)
    report = but(report, eliminated=tuple(eliminated), landed_on=landed_on)
    return turn.but(position=position.but(units=units, dislodged=dislodged), report=report)


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
    report = _report(turn)
    return turn.but(position=position, report=but(report, destroyed_now=report.destroyed_now + now))


# -- the centres, the win and the virus -----------------------------------------------------------------
def centre_owners(turn: Turn) -> Turn:
    """DIP 14.3 with WOTW 8.1 and ruling WOTW R11: after Fall, once its retreats are over, each centre not
    destroyed goes to the Earth power with a unit in it; the Martian owns none.  A Fall with retreats to
    come leaves it to the Winter (ruling WOTW R14)."""
    position = turn.position
    if position.dislodged:
        return turn.but(report=but(_report(turn), deferred=True))
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
    report, st = _report(turn), state(turn.position)
    if report.deferred or not check_applies(turn.phase.year, turn.phase.season):
        return turn
    status = virus_status(turn.phase.year, turn.phase.season, len(st.destroyed), _largest(turn.position))
    position = turn.position.but(state=but(st, virus=st.virus or status["active"]))
    return turn.but(position=position, report=but(report, virus=status))


def fall_check(turn: Turn) -> Turn:
    """DIP 14.3, ruling WOTW R14: in Winter, once the Fall retreats are played, the virus check that the end of
    Fall waited for (first removals this Winter if it strikes, ruling WOTW R10)."""
    if not turn.start.dislodged:
        return turn
    st = state(turn.position)
    if not check_applies(turn.phase.year, Season.FALL):
        return turn
    status = virus_status(turn.phase.year, Season.FALL, len(st.destroyed), _largest(turn.position))
    position = turn.position.but(state=but(st, virus=st.virus or status["active"]))
    return turn.but(position=position, report=but(_report(turn), fall_check=status))


def game_end(turn: Turn) -> Turn:
    """WOTW 2.2, 2.3, ruling WOTW R11: the Martian wins at 34 destroyed; an Earth power after a Fall (and its
    retreats) once the Martian is eliminated.  A Fall whose retreats are still to come decides nothing."""
    report, position = _report(turn), turn.position
    season = turn.phase.season
    after_fall = season is Season.WINTER or (season is Season.FALL and not report.deferred)
    landings = landings_after(season, turn.phase.year)
    end = end_of_game(_martians(position.units), landings, dict(position.owners), state(position).destroyed,
                      after_fall)
    winner = end["winner"]
    return turn.but(winner=winner, report=but(report, end=end))


# -- the virus removals ---------------------------------------------------------------------------
def virus_removals(turn: Turn) -> Turn:
    """WOTW 9.2, 9.3, rulings WOTW R5, R9: with the virus active, two Martian strength points go each Summer and
    Winter; the valid removals ordered count first, the rest are taken by default.  A removal that cannot be
    made fails and is made up by default (a note says so).  The removals depend on no Earth order (WOTW 9.4)."""
    orders = tuple(p for p in turn.orders if p.spec.name == "removal")
    rest = tuple(p for p in turn.orders if p not in orders)
    position, st = turn.position, state(turn.position)
    mine = {u.province: u for u in _martians(position.units)}
    if not st.virus or not mine:
        return turn.but(orders=rest)
    strength = {p: u.strength for p, u in mine.items()}
    budget = min(POINTS_PER_SEASON, sum(strength.values()))
    outcomes, removals, notes = [], [], []
    for p in orders:
        try:
            points = check(strength, budget, p.province, p.strength or 1)
        except Illegal as err:
            outcomes.append(Outcome(MARTIAN, p.text, None, Status.FAILS, err.message + "; made up by default "
                                    "(WOTW 9.3)", err.rules + ("WOTW 9.3",), line=p.line))
            continue
        strength[p.province] -= points
        budget -= points
        removals.append(Removal(mine[p.province], points))
        outcomes.append(Outcome(MARTIAN, p.text, removals[-1], Status.SUCCEEDS, "removed as ordered (WOTW 9.2)",
                                ("WOTW 9.2",), line=p.line))
    for prov, points in defaults(strength, budget):
        removals.append(Removal(mine[prov], points, by_default=True))
        outcomes.append(Outcome(MARTIAN, f"{designation(points)} {show(prov)} (default)", removals[-1],
                                Status.SUCCEEDS, "removed by default, alphabetically by province (WOTW 9.3, ruling "
                                "WOTW R9)", ("WOTW 9.2", "WOTW 9.3", "WOTW R9")))
    if any(o.status is Status.FAILS for o in outcomes):
        notes.append("Some of the Martian's removals could not be made; the points still due were removed by "
                     "default (WOTW 9.3), the valid removals standing.")
    units = tuple(u for u in position.units if u.power != MARTIAN) + tuple(
        martian(prov, s) for prov, s in sorted(strength.items()) if s > 0)
    report = but(_report(turn), removals=tuple(removals))
    return turn.add(*outcomes, notes=tuple(notes)).but(orders=rest,
                   position=position.but(units=units), report=report)


def next_season(turn: Turn) -> Turn:
    """Ruling WOTW R5: Spring, Summer, Fall and Winter, every one of them played, every year."""
    calendar = turn.variant.calendar
    here = turn.variant.place_in_calendar(turn.phase)
    plan = calendar[(here + 1) % len(calendar)]
    year = turn.phase.year + (1 if here + 1 == len(calendar) else 0)
    position = turn.position.but(phase=Phase(year, plan.season, plan.kind))
    return turn.but(position=position)
