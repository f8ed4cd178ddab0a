"""The ``wotw-adjudicate`` calculator: one War of the Worlds movement season, every rule applied."""
from __future__ import annotations

import dataclasses
import re
from types import SimpleNamespace

from ..core import InputError, Next, Result, Table, bool_param, calculator, choice_param, int_param, text_param
from ..diplomacy.parser import ParseError, Reader, read_position
from ..diplomacy.position import check_position
from ..diplomacy.units import Phase, PhaseKind, Season
from . import board_svg
from .adjust import adjustments
from .afterphase import adjudicate_after
from .removals import describe, parse_removals
from .board import board, lookup, show
from .landings import LANDING_SEASONS, check_schedule, parse_sites
from .martian import check
from .orders import earth_split_merge, parse_orders
from .season import adjudicate_season, landing_site
from .units import parse_units
from .endgame import end_of_game
from .virus import check_applies, virus_status

RULES = ("WOTW 1.1", "WOTW 2.2", "WOTW 2.3", "WOTW 3.3", "WOTW 3.4", "WOTW 3.6", "WOTW 4.1", "WOTW 4.2", "WOTW 5.1",
         "WOTW 5.3", "WOTW 5.5", "WOTW 5.6", "WOTW 5.7", "WOTW 5.8", "WOTW 5.9", "WOTW 6.1", "WOTW 6.2",
         "WOTW 7.1", "WOTW 7.2", "WOTW 7.3", "WOTW 8.1", "WOTW 8.2", "WOTW 9.1", "WOTW R4", "WOTW R6", "WOTW R7", "WOTW R8",
         "WOTW R11", "WOTW R12", "WOTW R13", "WOTW R14", "WOTW R15")

START = """Austria: A Vie, A Bud, F Tri
England: F Lon, F Edi, A Lvp
France: F Bre, A Par, A Mar
Germany: F Kie, A Ber, A Mun
Italy: F Nap, A Rom, A Ven
Russia: F StP/sc, A Mos, A War, F Sev
Turkey: F Ank, A Con, A Smy
Centres Austria: Vie, Bud, Tri
Centres England: Lon, Edi, Lvp
Centres France: Bre, Par, Mar
Centres Germany: Kie, Ber, Mun
Centres Italy: Nap, Rom, Ven
Centres Russia: StP, Mos, War, Sev
Centres Turkey: Ank, Con, Smy
Martian:
Destroyed:"""

DEFAULT_ORDERS = """France: A Par - Bur
France: A Mar S A Par - Bur
France: F Bre - MAO
Italy: A Ven - Pie"""


def _split_position(text: str):
    """The Martian, Destroyed and Virus lines are the variant's; the rest is a standard position.

    ``Virus: active`` records that the virus is already active (ruling WOTW R10: it never ends),
    so that a game continued season by season keeps it through Spring and Fall.
    """
    martian, destroyed, rest, virus = "", set(), [], False
    for line in text.splitlines():
        s = line.split("#", 1)[0].strip()
        low = s.lower()
        if low.startswith("virus"):
            word = low[len("virus"):].lstrip(" :").strip()
            if word != "active":
                raise InputError("position", "Write the virus line as 'Virus: active' (once active it never ends, "
                                             "ruling WOTW R10), or leave it out.")
            virus = True
        elif low.startswith("martian"):
            martian += "," + s.split(":", 1)[1] if ":" in s else ""
        elif low.startswith("destroyed"):
            body = s.split(":", 1)[1] if ":" in s else s[len("destroyed"):]
            for t in re.split(r"[,;]", body):
                if t.strip():
                    p = lookup(t, "position", "Destroyed")
                    if not board().provinces[p].centre:
                        raise InputError("position", f"Destroyed: {board().provinces[p].name} is not a supply centre.")
                    destroyed.add(p)
        else:
            rest.append(line)
    return martian, frozenset(destroyed), "\n".join(rest), virus


@calculator(
    id="wotw-adjudicate",
    title="War of the Worlds adjudicator",
    game="wotw",
    rules=RULES,
    page="wotw/adjudicator.md",
    description="Adjudicate one War of the Worlds movement season: Earth and Martian orders, landing, "
                "destroyed centres, Martian losses and the virus check.",
    run_mode="on_request",
    run_label="Adjudicate",
    params=[
        choice_param("season", "Season", "spring",
                     [("spring", "Spring (moves)"), ("summer", "Summer (retreats, virus removals)"),
                      ("fall", "Fall (moves)"), ("winter", "Winter (retreats, adjustments, virus removals)")],
                     help="The season being adjudicated: Spring and Fall are the moves; Summer and Winter the "
                          "retreats, Winter's builds and the virus removals (ruling WOTW R5)."),
        int_param("year", "Year", 1901, 1901, 2100, help="Game year of the season."),
        text_param("position", "Position", START, max_length=4000, multiline=True,
                   help="One line per power (England: F Lon, A Lvp), Centres lines, a Martian line "
                        "(Martian: 3A Par, A Bur), a Destroyed line (Destroyed: Mar, Ser) and, once the virus is "
                        "active, the line 'Virus: active'. A semicolon may end a line."),
        text_param("orders", "Earth orders", DEFAULT_ORDERS, max_length=4000, multiline=True,
                   help="Standard orders, one a line (or separated by semicolons), each starting with its power "
                        "(France: A Par - Bur)."),
        text_param("martian_orders", "Martian orders", "", max_length=2000, multiline=True,
                   help="3A Con - 2A Bul - BLA, 2A Par merge Bur, 3A Mun S A Ber - Kie, A Mar H. In Summer and "
                        "Winter: the virus removals, e.g. remove A Par, 2A Mun."),
        bool_param("virus", "Virus active", False,
                   help="Summer and Winter only: the virus is active, so two Martian strength points go (WOTW 9.2). "
                        "Continuing a game ticks it for you; a position line 'Virus: active' counts the same."),
        text_param("landings", "Landing schedule", "Mar, Gal, Pic, Fin, Ser, Edi", max_length=300,
                   help="The six landing sites, Spring 1901 to Fall 1903 (empty: no landings given)."),
    ],
)
def adjudicate(v: dict) -> Result:
    gmap = board()
    season, year = v["season"], v["year"]
    # A semicolon ends a line too, so that a whole position fits in a link.
    martian_text, destroyed, standard, virus_before = _split_position(v["position"].replace(";", "\n"))
    martian = parse_units(martian_text.strip(","), "position")
    reader = Reader(gmap)
    moving = season in ("spring", "fall")
    phase = Phase(year, Season.SPRING if season in ("spring", "summer") else Season.FALL,
                  PhaseKind.MOVEMENT if moving else PhaseKind.RETREATS)
    try:
        position = read_position(reader, phase, standard)
    except ParseError as err:
        raise InputError("position", str(err)) from None
    # The standard checks (terrain, coasts, one unit a province, ruling DIP R21); a dislodged Earth
    # unit's attacker may be Martian, so the standard dislodged check does not apply here.
    problems = check_position(gmap, position.replace(dislodged=()))
    if moving and position.dislodged:
        problems.append("dislodged units are listed only in Summer and Winter (the retreats)")
    if problems:
        raise InputError("position", "; ".join(problems[:3]) + ".")
    clash = [u for u in position.units if u.province in {m.province for m in martian}]
    if clash:
        raise InputError("position", f"{show(clash[0].province)} holds both a Martian and a {clash[0].power} unit.")
    sites: tuple[str, ...] = ()
    if v["landings"].strip():
        try:
            sites = parse_sites(v["landings"])
        except InputError as err:
            raise InputError("landings", err.message) from None
        bad = [ld for ld in check_schedule(sites) if not ld.legal]
        if bad:
            raise InputError("landings", f"{ld_text(bad[0])}: {bad[0].reason}")
    landing = landing_site(sites, season, year)
    parsed, errors = reader.orders(v["orders"].replace(";", "\n"))
    errors = earth_split_merge(errors)
    if not moving:
        return _after_phase(v, season, year, position, martian, destroyed, parsed, errors, virus_before)
    if v["virus"]:
        raise InputError("virus", "The virus removals are made in Summer and Winter; choose one of those seasons. "
                                  "To record that the virus is already active, add the line 'Virus: active' "
                                  "to the position.")
    plan = check(martian, parse_orders(v["martian_orders"], "martian_orders"))
    owners = {c: p for c, p in position.owners.items() if c not in destroyed}
    r = adjudicate_season(season, year, position.units, plan, parsed, errors, owners, destroyed, landing)

    rows = [[ln.power, ln.text, ln.status, ln.reason, ", ".join(ln.rules)] for ln in r.lines]
    powers = sorted({u.power for u in r.earth} | {d.unit.power for d in r.dislodged})
    pos_rows = [[p, ", ".join(u.label() for u in r.earth if u.power == p) or "-",
                 sum(1 for c, o in r.owners.items() if o == p)] for p in powers]
    pos_rows.append(["Martian", ", ".join(u.label for u in r.martian) or "-", 0])
    tables = [Table("Orders", ["Power", "Order", "Result", "Why", "Rules"], rows),
              Table("Position after the moves", ["Power", "Units", "Centres"], pos_rows)]
    if r.dislodged:
        tables.append(Table("Retreats due", ["Power", "Unit", "Attacker came from"],
                            [[d.unit.power, d.unit.label(), show(d.attacker_from) if d.attacker_from else "by convoy"]
                             for d in r.dislodged]))
    notes = []
    if landing:
        notes.append(f"Cylinder lands in {gmap.provinces[landing].name} after the moves (ruling WOTW R6): "
                     + ("eliminates " + ", ".join(r.eliminated_by_landing) if r.eliminated_by_landing
                        else "no unit there") + "; a new 3A stands there and gives no order this season (WOTW 3.6).")
    notes.extend(r.martian_losses)
    if r.destroyed_now:
        notes.append("Destroyed this season (WOTW 3.3, 8.1): " + ", ".join(gmap.provinces[c].name for c in r.destroyed_now)
                     + f". {len(r.destroyed)} of 34 destroyed in all.")
    counts = {p: sum(1 for o in r.owners.values() if o == p) for p in gmap.power_names}
    largest = max(counts.values(), default=0)
    virus = None
    active_after = virus_before
    if check_applies(year, season):
        virus = virus_status(year, season, len(r.destroyed), largest)
        active_after = virus_before or virus["active"]
        notes.append("Virus check at the end of the season (WOTW 9.1): "
                     + ("ACTIVE" if virus["active"] else "not active") + f" ({len(r.destroyed)} destroyed, largest "
                     f"Earth power {largest})"
                     + ("; it was already active and stays active (ruling WOTW R10)." if virus_before else "."))
    adjust = None
    if season == "fall":
        occupied = {u.province for u in r.earth} | {m.province for m in r.martian}
        per = {}
        for u in r.earth:
            per[u.power] = per.get(u.power, 0) + 1
        for d in r.dislodged:
            per[d.unit.power] = per.get(d.unit.power, 0) + 1
        adjust = adjustments(r.owners, r.destroyed, per, occupied)
        tables.append(Table("Winter adjustments due (before retreats)", ["Power", "Centres", "Units", "Due", "May build in"],
                            [[p, a["centres"], a["units"], a["due"], ", ".join(show(c) for c in a["sites"]) or "-"]
                             for p, a in adjust.items()]))
    end = end_of_game(r.martian, _landings_after(season, year), r.owners, r.destroyed, season)
    notes.append(end["text"])
    next_text = _position_text(r, active_after)
    ok = sum(1 for ln in r.lines if ln.status == "succeeds")
    summary = (f"{season.capitalize()} {year}: {ok} of {len(r.lines)} orders succeed"
               + (f"; {len(r.dislodged)} Earth unit(s) to retreat" if r.dislodged else "")
               + (f"; cylinder lands in {show(landing)}" if landing else "")
               + (f"; {len(r.destroyed_now)} centre(s) destroyed" if r.destroyed_now else "") + ".")
    data = {
        "orders": [{"power": ln.power, "order": ln.text, "result": ln.status, "reason": ln.reason,
                    "rules": list(ln.rules)} for ln in r.lines],
        "earth": {p: sorted(u.label() for u in r.earth if u.power == p) for p in powers},
        "martian": [u.label for u in r.martian],
        "dislodged": [f"{d.unit.power} {d.unit.label()}" for d in r.dislodged],
        "landing": show(landing) if landing else None,
        "eliminated_by_landing": list(r.eliminated_by_landing),
        "martian_losses": list(r.martian_losses),
        "destroyed_now": [show(c) for c in r.destroyed_now],
        "destroyed": sorted(show(c) for c in r.destroyed),
        "owners": {show(c): p for c, p in sorted(r.owners.items())},
        "contested": sorted(show(c) for c in r.contested),
        "virus": virus,
        "end": end,
        "virus_active": active_after,
        "moves": [{"power": p, "from": show(a.split("/")[0]), "to": show(b.split("/")[0]), "ok": ok_}
                  for p, a, b, ok_ in r.moves],
        "next_position": next_text,
        "adjustments": {p: dict(a, sites=[show(c) for c in a["sites"]]) for p, a in adjust.items()} if adjust else None,
    }
    data["next"] = _next_params(v, season, year, next_text, active_after)
    chart = {"type": "svg", "title": f"{season.capitalize()} {year}: orders, Martian units, cylinder and destroyed centres",
             "svg": board_svg.render(r, f"War of the Worlds, {season.capitalize()} {year}")}
    return Result(summary=summary, data=data, tables=tables, charts=[chart], notes=notes, rules=list(RULES),
                  next=_next(data["next"]))


SEASON_AFTER = {"spring": "summer", "summer": "fall", "fall": "winter", "winter": "spring"}


def _next_params(v: dict, season: str, year: int, position_text: str, active_after: bool) -> dict:
    """The widget's "continue" state: the next season, the new position, blank orders.

    The virus box is ticked for a Summer or Winter once the virus is active at the end of this
    season (first removals in the next adjustment season, ruling WOTW R10); Spring and Fall have
    no removals, and the position's ``Virus: active`` line carries the state through them.
    """
    nxt = SEASON_AFTER[season]
    return {"season": nxt, "year": year + 1 if season == "winter" else year, "position": position_text,
            "orders": "", "martian_orders": "", "virus": active_after and nxt in ("summer", "winter"),
            "landings": v["landings"]}


def _next(params: dict) -> Next:
    return Next(f"{params['season'].capitalize()} {params['year']}", params)


def _after_phase(v, season, year, position, martian, destroyed, parsed, errors, virus_before=False) -> Result:
    """Summer and Winter (ruling WOTW R5): Earth retreats, Winter adjustments, virus removals."""
    virus_on = v["virus"] or virus_before
    ordered = parse_removals(v["martian_orders"], "martian_orders")
    if ordered and not virus_on:
        raise InputError("martian_orders", "The Martian removes strength points only once the virus is active "
                                           "(WOTW 9.2); tick Virus active, or leave the Martian orders empty.")
    owners = {c: p for c, p in position.owners.items() if c not in destroyed}
    r = adjudicate_after(season, year, position.units, position.dislodged, position.contested, martian, owners,
                         destroyed, parsed, ordered, virus_on)
    # WOTW 8.1 applies at the end of Summer and Winter too. In a game continued season by season
    # the Martian unit was already there at the end of the moves; a position typed in may differ.
    destroyed_now = sorted(m.province for m in r.martian if board().provinces[m.province].centre
                           and m.province not in destroyed)
    if destroyed_now:
        destroyed = frozenset(destroyed) | frozenset(destroyed_now)
        r = dataclasses.replace(r, owners={c: p for c, p in r.owners.items() if c not in destroyed})
    rows = [["", e.text, "illegal", e.message, ", ".join(getattr(e, "rules", ("DIP 4.1",)))] for e in errors]
    rows += [[o.power, o.text, o.status.value, o.reason, ", ".join(o.rules)] for o in r.outcomes]
    rows += [["Martian", describe(x), "succeeds", "removed by default, alphabetically by province (WOTW 9.3, ruling WOTW R9)"
              if x.by_default else "removed as ordered (WOTW 9.2)", "WOTW 9.2, WOTW 9.3, WOTW R9"] for x in r.removals]
    powers = sorted({u.power for u in r.earth})
    pos_rows = [[p, ", ".join(u.label() for u in r.earth if u.power == p) or "-",
                 sum(1 for o in r.owners.values() if o == p)] for p in powers]
    pos_rows.append(["Martian", ", ".join(u.label for u in r.martian) or "-", 0])
    counts = {p: sum(1 for o in r.owners.values() if o == p) for p in board().power_names}
    notes = []
    if destroyed_now:
        notes.append("Destroyed this season (WOTW 8.1): " + ", ".join(board().provinces[c].name for c in destroyed_now)
                     + f". {len(destroyed)} of 34 destroyed in all.")
    virus = None
    active_after = virus_on
    if check_applies(year, season):
        virus = virus_status(year, season, len(destroyed), max(counts.values(), default=0))
        active_after = virus_on or virus["active"]
        notes.append("Virus check at the end of the season (WOTW 9.1): "
                     + ("ACTIVE" if active_after else "not active") + ".")
    end = end_of_game(r.martian, _landings_after("fall" if season == "winter" else "spring", year), r.owners,
                      destroyed, "fall" if season == "winter" else "spring")
    notes.append(end["text"])

    after = SimpleNamespace(earth=r.earth, martian=r.martian, owners=r.owners, dislodged=(), contested=frozenset(),
                            destroyed=frozenset(destroyed))

    summary = (f"{season.capitalize()} {year}: {len(r.outcomes)} Earth order(s) and default(s) adjudicated"
               + (f"; the Martian loses {sum(x.points for x in r.removals)} strength point(s)" if r.removals else "")
               + ".")
    data = {
        "orders": [{"power": row[0], "order": row[1], "result": row[2], "reason": row[3]} for row in rows],
        "earth": {p: sorted(u.label() for u in r.earth if u.power == p) for p in powers},
        "martian": [u.label for u in r.martian],
        "removals": [describe(x) for x in r.removals],
        "destroyed_now": [show(c) for c in destroyed_now],
        "owners": {show(c): p for c, p in sorted(r.owners.items())},
        "destroyed": sorted(show(c) for c in destroyed),
        "virus": virus,
        "end": end,
        "virus_active": active_after,
        "next_position": _position_text(after, active_after),
    }
    tables = [Table("Orders", ["Power", "Order", "Result", "Why", "Rules"], rows),
              Table("Position after the season", ["Power", "Units", "Centres"], pos_rows)]
    data["next"] = _next_params(v, season, year, data["next_position"], active_after)
    chart = {"type": "svg", "title": f"{season.capitalize()} {year}: the position after the season",
             "svg": board_svg.render(SimpleNamespace(**vars(after), landing=None), f"War of the Worlds, {season.capitalize()} {year}")}
    return Result(summary=summary, data=data, tables=tables, charts=[chart], notes=notes,
                  rules=list(RULES) + AFTER_RULES, next=_next(data["next"]))


AFTER_RULES = ["WOTW 9.2", "WOTW 9.3", "WOTW 9.4", "WOTW R5", "WOTW R9"]


def ld_text(ld) -> str:
    return f"{ld.season} {ld.year} land {show(ld.province)}"


def _landings_after(season: str, year: int) -> int:
    """WOTW 3.1: landings still to come after this movement season (six are always made)."""
    key = (year, 0 if season == "spring" else 1)
    return sum(1 for s, y in LANDING_SEASONS if (y, 0 if s == "Spring" else 1) > key)


def _position_text(r, virus_active: bool = False) -> str:
    lines = []
    for p in sorted({u.power for u in r.earth}):
        lines.append(f"{p}: " + ", ".join(u.label() for u in r.earth if u.power == p))
    for p in sorted(set(r.owners.values())):
        lines.append(f"Centres {p}: " + ", ".join(show(c) for c, o in sorted(r.owners.items()) if o == p))
    for d in r.dislodged:
        came = f" from {show(d.attacker_from)}" if d.attacker_from else ""
        lines.append(f"Dislodged {d.unit.power}: {d.unit.label()}{came}")
    if r.contested:
        lines.append("Contested: " + ", ".join(show(c) for c in sorted(r.contested)))
    lines.append("Martian: " + ", ".join(u.label for u in r.martian))
    lines.append("Destroyed: " + ", ".join(show(c) for c in sorted(r.destroyed)))
    if virus_active:
        lines.append("Virus: active")
    return "\n".join(lines)
