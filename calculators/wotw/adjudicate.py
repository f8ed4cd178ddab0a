"""The ``wotw-adjudicate`` calculator: one War of the Worlds season, every rule applied.

Reads the position (the standard lines plus the variant's Martian, Destroyed and Virus lines), runs
the season's steps of the variant record (``variant.WOTW``), and presents the result.
"""
from __future__ import annotations

import re

from ..core import Board, InputError, Next, Result, Table, bool_param, calculator, choice_param, int_param, text_param
from ..core.params import ruling_param_name
from ..diplomacy.api import (Dislodged, ParseError, Phase, PhaseKind, Position, Season, Turn, adjudicate_phase,
                             check_position, reader_for, read_position, retreat_options)
from .adjust import adjustments
from .board import EARTH_POWERS, MARTIAN, TOTAL_CENTRES, board, lookup, show
from .differences import figures
from .endgame import LAST_LANDING, check_applies, first_check_text, season_key
from .landings import check_schedule, parse_sites
from .orders import parse_retreat
from .removal import describe as describe_removal
from .readings import DislodgedMartian, Landing
from .season import MartianState, Report, WotwOptions, state
from .units import parse_units
from .variant import SEASON_CHOICES, WOTW

RULES = ("WOTW 1.1", "WOTW 2.2", "WOTW 2.3", "WOTW 3.3", "WOTW 3.4", "WOTW 3.6", "WOTW 4.1", "WOTW 4.2", "WOTW 5.1",
         "WOTW 5.3", "WOTW 5.5", "WOTW 5.6", "WOTW 5.7", "WOTW 5.8", "WOTW 5.9", "WOTW 6.1", "WOTW 6.2",
         "WOTW 7.1", "WOTW 7.2", "WOTW 7.3", "WOTW 8.1", "WOTW 8.2", "WOTW 9.1", "WOTW R4", "WOTW R6", "WOTW R7",
         "WOTW R8", "WOTW R11", "WOTW R12", "WOTW R13", "WOTW R14", "WOTW R15", "WOTW R16")
AFTER_RULES = ["WOTW 9.2", "WOTW 9.3", "WOTW 9.4", "WOTW R5", "WOTW R9"]

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

_VARIANT_LINE = re.compile(r"^(martians?|destroyed|virus|centres\s*:\s*none|dislodged\s+martians?)\b\s*:?\s*(.*)$",
                           re.I)
_FROM = re.compile(r"\s+(?:from|by)\s+(.+?)\s*$", re.I)


def _split_position(text: str):
    """The Martian, Destroyed and Virus lines are the variant's; the rest is a standard position.

    ``Virus: active`` records that the virus is already active (ruling WOTW R10: it never ends), so
    that a game continued season by season keeps it through Spring and Fall; ``Centres: none``
    says that no Earth power owns a centre (ruling WOTW R16); ``Dislodged Martian: 2A Bur from Par``
    is a Martian unit pushed out, to retreat (ruling WOTW R4, attacker-moves-in).
    """
    martian, destroyed, rest, virus, no_centres, pushed = [], set(), [], False, False, []
    for line in text.splitlines():
        m = _VARIANT_LINE.match(line.split("#", 1)[0].strip())
        if m is None:
            rest.append(line)
            continue
        word, body = m.group(1).lower(), m.group(2)
        if word.startswith("dislodged"):
            pushed += _pushed(body)
        elif word.startswith("martian"):
            martian.append(body)  # "Martian: 3A Par" or "Martian 3A Par", as "England F Lon" is read
        elif word == "virus":
            if body.strip().lower() != "active":
                raise InputError("position", "Write the virus line as 'Virus: active' (once active it never ends, "
                                             "ruling WOTW R10), or leave it out.")
            virus = True
        elif word == "destroyed":
            destroyed |= _destroyed(body)
        else:
            no_centres = True
    return ",".join(martian), frozenset(destroyed), "\n".join(rest), virus, no_centres, tuple(pushed)


def _pushed(body: str) -> list[Dislodged]:
    """``2A Bur from Par, A Mun``: dislodged Martian units and where their attackers came from."""
    out = []
    for item in (t for t in re.split(r"[,;]", body) if t.strip()):
        m = _FROM.search(item)
        origin = lookup(m.group(1), "position", item.strip()) if m else None
        out += [Dislodged(u, origin) for u in parse_units(item[:m.start()] if m else item, "position")]
    return out


def _check_pushed(v: dict, phase: Phase) -> None:
    """A dislodged Martian unit exists only in a retreat season, and only under ruling WOTW R4's attacker-moves-in
    reading (under the site's, a dislodged Martian unit remains where it is and never retreats, WOTW 7.3)."""
    if phase.kind is PhaseKind.MOVEMENT:
        raise InputError("position", "dislodged units are listed only in Summer and Winter (the retreats)")
    readings = v.get("readings") or {}
    if readings.get("WOTW R4", DislodgedMartian.ATTACKER_STAYS.value) != DislodgedMartian.ATTACKER_MOVES_IN.value:
        raise InputError("position", "a Martian unit never retreats (WOTW 7.3, ruling WOTW R4): a dislodged Martian "
                                     "unit is listed only when ruling WOTW R4 is read as the attacker moving in")


def _destroyed(body: str) -> set[str]:
    out = set()
    for t in re.split(r"[,;]", body):
        if t.strip():
            p = lookup(t, "position", "Destroyed")
            if not board().provinces[p].centre:
                raise InputError("position", f"Destroyed: {board().provinces[p].name} is not a supply centre.")
            out.add(p)
    return out


def _home_centres(destroyed) -> dict[str, str]:
    """Ruling WOTW R16: with no Centres lines, each Earth power owns its home centres that are not destroyed."""
    gmap = board()
    return {c: p for p in EARTH_POWERS for c in gmap.home_centres(p) if c not in destroyed}


def _schedule(text: str) -> tuple[str, ...]:
    if not text.strip():
        return ()
    sites = parse_sites(text, "landings")
    bad = [ld for ld in check_schedule(sites) if not ld.legal]
    if bad:
        raise InputError("landings", f"{bad[0].season} {bad[0].year} land {show(bad[0].province)}: {bad[0].reason}")
    return sites


def read_season_position(v: dict, phase: Phase) -> tuple[Position, list[str]]:
    """The typed position of the season, and the notes its reading needs (a derived ownership)."""
    # A semicolon ends a line too, so that a whole position fits in a link.
    martian_text, destroyed, standard, virus, no_centres, pushed = _split_position(v["position"].replace(";", "\n"))
    martian = parse_units(martian_text, "position")
    try:
        position = read_position(reader_for(WOTW), phase, standard)
    except ParseError as err:
        raise InputError("position", str(err)) from None
    # The standard checks (terrain, coasts, one unit a province, ruling DIP R21); a dislodged Earth
    # unit's attacker may be Martian, so the standard dislodged check does not apply here.
    problems = check_position(board(), position.replace(dislodged=()))
    if phase.kind is PhaseKind.MOVEMENT and position.dislodged:
        problems.append("dislodged units are listed only in Summer and Winter (the retreats)")
    if problems:
        raise InputError("position", "; ".join(problems[:3]) + ".")
    clash = [u for u in position.units if u.province in {m.province for m in martian}]
    if clash:
        raise InputError("position", f"{show(clash[0].province)} holds both a Martian and a {clash[0].power} unit.")
    if pushed:
        _check_pushed(v, phase)
    notes, owners = [], {c: p for c, p in position.owners.items() if c not in destroyed}
    if not position.owners and not no_centres:
        owners = _home_centres(destroyed)
        notes.append("The position gives no Centres lines, so each power is taken to own its home centres that are "
                     "not destroyed (ruling WOTW R16); add Centres lines, or 'Centres: none', to say otherwise.")
    removals_season = v["season"] in ("summer", "winter")
    st = MartianState(destroyed, virus or (v["virus"] and removals_season), _schedule(v["landings"]))
    return Position(phase, position.units + martian, owners, position.dislodged + pushed, position.contested,
                    st), notes


@calculator(
    id="wotw-adjudicate",
    title="War of the Worlds adjudicator",
    game="wotw",
    rules=RULES,
    page="wotw/adjudicator.md",
    run_mode="on_request",
    run_label="Adjudicate",
    rulings=tuple(WotwOptions.fields_by_ruling()),  # the standard game's rulings too (WOTW 1.1 keeps its rules)
    figures=figures,
    # The board's legal orders under the adjudicator's WOTW R4 reading (a pushed-out Martian unit retreats).
    board=Board("wotw-options", inputs=("season", "year", "position", "virus", "wotw_r4", "landings"),
                orders=("orders", "martian_orders")),
    description="Adjudicate one War of the Worlds movement season: Earth and Martian orders, landing, "
                "destroyed centres, Martian losses and the virus check.",
    params=[
        choice_param("season", "Season", "spring", list(SEASON_CHOICES),
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
                   help="The six landing sites, Spring 1901 to Fall 1903, in season order or each with its season "
                        "(Fall 1903 land Edi) in any order (empty: no landings given)."),
    ],
)
def adjudicate(v: dict) -> Result:
    season = Season(v["season"])
    phase = Phase(v["year"], season, _kind(season))
    if v["virus"] and phase.kind is PhaseKind.MOVEMENT:
        raise InputError("virus", "The virus removals are made in Summer and Winter; choose one of those seasons. "
                                  "To record that the virus is already active, add the line 'Virus: active' "
                                  "to the position.")
    position, notes = read_season_position(v, phase)
    martian_lines = [line for line in re.split(r"[,;\n]", v["martian_orders"]) if line.strip()]
    # A removal needs the virus; a pushed-out Martian unit's retreat does not (ruling WOTW R4, attacker-moves-in).
    retreats = phase.kind is not PhaseKind.MOVEMENT and not state(position).virus
    if retreats and any(parse_retreat(line) is None for line in martian_lines):
        raise InputError("martian_orders", "The Martian removes strength points only once the virus is active "
                                           "(WOTW 9.2); tick Virus active, or leave the Martian orders empty.")
    text = v["orders"].replace(";", "\n") + "\n" + "\n".join(f"Martian: {line.strip()}" for line in martian_lines)
    turn = adjudicate_phase(position, text, WOTW, WotwOptions.from_readings(v["readings"]))
    return present(v, turn, notes)


def _kind(season: Season) -> PhaseKind:
    return next(p.kind for p in WOTW.calendar if p.season is season)


# -- the result ------------------------------------------------------------------------------------
def _virus_note(check: dict | None, position: Position, started_active: bool, when: str) -> str | None:
    if check is None:
        return None
    st = state(position)
    met = "met" if check["active"] else "not met"
    return (f"Virus check at the end of {when} (WOTW 9.1): the thresholds are {met} ({check['destroyed']} destroyed, "
            f"largest Earth power {check['largest']}); the virus is "
            f"{'active' if st.virus else 'not active'}"
            + ("; it was already active and stays active (ruling WOTW R10)." if started_active else "."))


def _no_check_note(turn: Turn) -> str:
    """Why a season after the last landing makes no virus check (ruling WOTW R1, under a later first check)."""
    first = WotwOptions.of(turn.options).first_check
    season, year = turn.phase.season, turn.phase.year
    if season_key(year, season) < season_key(LAST_LANDING[1], LAST_LANDING[0]) or check_applies(year, season, first):
        return ""
    return (f"No virus check at the end of {season.display} {year}: the first is made at the end of "
            f"{first_check_text(first)} (ruling WOTW R1).")


def _check_data(check: dict | None) -> dict | None:
    """The season's virus check: whether its thresholds are met (the virus's state is ``virus_active``)."""
    if check is None:
        return None
    out = {k: val for k, val in check.items() if k != "active"}
    out["thresholds_met"] = check["active"]
    return out


def _outcomes(turn: Turn) -> list[dict]:
    return [{"power": o.power, "order": o.text, "result": o.status.value, "reason": o.reason, "rules": list(o.rules)}
            for o in turn.outcomes]


def _earth(position: Position) -> dict[str, list[str]]:
    powers = sorted({u.power for u in position.units if u.power != MARTIAN}
                    | {d.unit.power for d in position.dislodged if d.unit.power != MARTIAN})
    return {p: sorted(u.label() for u in position.units if u.power == p) for p in powers}


def position_text(position: Position) -> str:
    """The position in the text this calculator reads back, for the next season."""
    lines, st = [], state(position)
    for p in sorted({u.power for u in position.units if u.power != MARTIAN}):
        lines.append(f"{p}: " + ", ".join(u.label() for u in position.units if u.power == p))
    for p in sorted(set(position.owners.values())):
        lines.append(f"Centres {p}: " + ", ".join(show(c) for c, o in sorted(position.owners.items()) if o == p))
    if not position.owners and any(u.power != MARTIAN for u in position.units):
        lines.append("Centres: none")  # so that the next season does not take the home centres (ruling WOTW R16)
    for d in position.dislodged:
        came = f" from {show(d.attacker_from)}" if d.attacker_from else ""
        lines.append(f"Dislodged {d.unit.power}: {d.unit.label()}{came}")
    if position.contested:
        lines.append("Contested: " + ", ".join(show(c) for c in sorted(position.contested)))
    lines.append("Martian: " + ", ".join(u.label() for u in position.units if u.power == MARTIAN))
    lines.append("Destroyed: " + ", ".join(show(c) for c in sorted(st.destroyed)))
    if st.virus:
        lines.append("Virus: active")
    return "\n".join(lines)


def _next_params(v: dict, turn: Turn, text: str) -> dict:
    """The widget's "continue" state: the next season, the new position, blank orders.

    The virus box is ticked for a Summer or Winter once the virus is active (first removals in the
    next removal season, ruling WOTW R10); Spring and Fall have no removals, and the position's
    ``Virus: active`` line carries the state through them.
    """
    nxt = turn.position.phase
    readings = v.get("readings", {})  # the next season is played under the same readings
    return {"season": nxt.season.value, "year": nxt.year, "position": text, "orders": "", "martian_orders": "",
            "virus": state(turn.position).virus and nxt.season in (Season.SUMMER, Season.WINTER),
            "landings": v["landings"], **{ruling_param_name(rid): readings[rid] for rid in readings}}


def _place(location: str) -> str:
    prov, _, coast = location.partition("/")
    return show(prov) + (f"/{coast}" if coast else "")


def _retreats_table(position: Position) -> Table:
    """The dislodged Earth units and where each may go (DIP 12.1-12.3; Martian units block like any unit)."""
    gmap = board()
    rows = []
    for d in position.dislodged:
        places = [_place(x) for x in retreat_options(gmap, position, d)]
        rows.append([d.unit.power, d.unit.label(), show(d.attacker_from) if d.attacker_from else "by convoy",
                     ", ".join(places) or "nowhere: it will be disbanded"])
    return Table("Retreats due", ["Power", "Unit", "Attacker came from", "May retreat to"], rows)


def present(v: dict, turn: Turn, notes: list[str]) -> Result:
    """One presenter for every season: the orders, the position, the variant's events, the virus and the end."""
    report: Report = turn.report or Report()
    position, st, started = turn.position, state(turn.position), state(turn.start)
    season, year = turn.phase.season, turn.phase.year
    moving = turn.phase.kind is PhaseKind.MOVEMENT
    notes = list(notes) + _event_notes(turn, report)
    if report.fall_check is not None:
        notes.append(_virus_note(report.fall_check, position, started.virus, f"Fall {year}, after its retreats"))
    if report.deferred:
        notes.append("Fall's retreats are still to come: the centres change hands, and the Earth win and the virus "
                     f"are checked, after them, in Winter {year} (DIP 14.3, ruling WOTW R14).")
    if report.virus is not None:
        notes.append(_virus_note(report.virus, position, started.virus, f"{season.display} {year}"))
    elif not report.deferred:
        notes.append(_no_check_note(turn))
    notes.extend(turn.notes)
    notes.append(report.end.get("text", ""))
    text = position_text(position)
    data = {
        "orders": _outcomes(turn), "earth": _earth(position),
        "martian": [u.label() for u in position.units if u.power == MARTIAN],
        "destroyed_now": [show(c) for c in report.destroyed_now], "destroyed": sorted(show(c) for c in st.destroyed),
        "owners": {show(c): p for c, p in sorted(position.owners.items())},
        "virus": _check_data(report.virus), "fall_virus": _check_data(report.fall_check), "end": report.end,
        "virus_active": st.virus, "next_position": text,
    }
    tables = [Table("Orders", ["Power", "Order", "Result", "Why", "Rules"],
                    [[o.power, o.text, o.status.value, o.reason, ", ".join(o.rules)] for o in turn.outcomes])]
    pos_rows = [[p, ", ".join(units) or "-", position.centre_count(p)] for p, units in data["earth"].items()]
    pos_rows.append(["Martian", ", ".join(data["martian"]) or "-", 0])
    tables.append(Table("Position after the moves" if moving else "Position after the season",
                        ["Power", "Units", "Centres"], pos_rows))
    if moving:
        _movement_data(turn, report, data, tables)
    else:
        data["removals"] = [describe_removal(x) for x in report.removals]
    # The game is over once someone has won (WOTW 2.2, 2.3): there is no next season to play.
    data["next"] = None if turn.winner else _next_params(v, turn, text)
    nxt = turn.position.phase
    follow = Next(f"{nxt.season.display} {nxt.year}", data["next"]) if data["next"] else None
    chart = {"type": "svg", "title": f"{season.display} {year}: the position after the season",
             "svg": WOTW.draw(WOTW, turn, f"War of the Worlds, {season.display} {year}")}
    readings = v.get("readings", {})
    rules = list(RULES) + ([] if moving else AFTER_RULES) + [readings.cite(r) for r in readings
                                                              if not readings.is_default(r)]
    return Result(summary=_summary(turn, report), data=data, tables=tables, charts=[chart],
                  notes=[n for n in notes if n], rules=rules, next=follow)


def _event_notes(turn: Turn, report: Report) -> list[str]:
    gmap, st = board(), state(turn.position)
    notes = []
    if report.landing:
        when = "before" if WotwOptions.of(turn.options).landing is Landing.BEFORE_MOVES else "after"
        notes.append(f"Cylinder lands in {gmap.provinces[report.landing].name} {when} the moves "
                     "(ruling WOTW R6): "
                     + ("eliminates " + ", ".join(report.eliminated) if report.eliminated else "no unit there")
                     + "; a new 3A stands there and gives no order this season (WOTW 3.6).")
    notes.extend(report.losses)
    if report.destroyed_now:
        notes.append("Destroyed this season (WOTW 3.3, 8.1): " + ", ".join(gmap.provinces[c].name
                                                                            for c in report.destroyed_now)
                     + f". {len(st.destroyed)} of {TOTAL_CENTRES} destroyed in all.")
    return notes


def _movement_data(turn: Turn, report: Report, data: dict, tables: list) -> None:
    position = turn.position
    data.update({
        "dislodged": [f"{d.unit.power} {d.unit.label()}" for d in position.dislodged],
        "landing": show(report.landing) if report.landing else None,
        "eliminated_by_landing": list(report.eliminated), "martian_losses": list(report.losses),
        "contested": sorted(show(c) for c in position.contested),
        "after_retreats": report.deferred,  # Fall's owners, virus and end wait for its retreats (ruling WOTW R14)
        "moves": [{"power": p, "from": show(a.split("/")[0]), "to": show(b.split("/")[0]), "ok": ok}
                  for p, a, b, ok in turn.moves],
        "adjustments": None,
    })
    if position.dislodged:
        tables.append(_retreats_table(position))
    if turn.phase.season is Season.FALL and not report.deferred and not turn.winner:
        st = state(position)
        occupied = {u.province for u in position.units}
        per: dict[str, int] = {}
        for u in position.units:
            if u.power != MARTIAN:
                per[u.power] = per.get(u.power, 0) + 1
        adjust = adjustments(dict(position.owners), st.destroyed, per, occupied)
        data["adjustments"] = {p: dict(a, sites=[show(c) for c in a["sites"]]) for p, a in adjust.items()}
        tables.append(Table("Winter adjustments due", ["Power", "Centres", "Units", "Due", "May build in"],
                            [[p, a["centres"], a["units"], a["due"], ", ".join(show(c) for c in a["sites"]) or "-"]
                             for p, a in adjust.items()]))


def _summary(turn: Turn, report: Report) -> str:
    over = ""
    if turn.winner:
        rule = "WOTW 2.2" if turn.winner == MARTIAN else "WOTW 2.3"
        over = f" The {turn.winner} wins ({rule}): the game is over." if turn.winner == MARTIAN else \
            f" {turn.winner} wins ({rule}): the game is over."
    return _season_summary(turn, report) + over


def _season_summary(turn: Turn, report: Report) -> str:
    season, year = turn.phase.season.display, turn.phase.year
    if turn.phase.kind is not PhaseKind.MOVEMENT:
        points = sum(x.points for x in report.removals)
        earth = sum(1 for o in turn.outcomes if o.power != MARTIAN)
        return (f"{season} {year}: {earth} Earth order(s) and default(s) adjudicated"
                + (f"; the Martian loses {points} strength point(s)" if points else "") + ".")
    written = [o for o in turn.outcomes if o.line]  # a unit's default (it holds) is no order
    ok = sum(1 for o in written if o.status.value == "succeeds")
    earth = [d for d in turn.position.dislodged if d.unit.power != MARTIAN]
    pushed = [d.unit.label() for d in turn.position.dislodged if d.unit.power == MARTIAN]
    return (f"{season} {year}: {ok} of {len(written)} order{'s' if len(written) != 1 else ''} succeed"
            + (f"; {len(earth)} Earth unit(s) to retreat" if earth else "")
            + (f"; the Martian {', '.join(pushed)} to retreat (ruling WOTW R4)" if pushed else "")
            + (f"; cylinder lands in {show(report.landing)}" if report.landing else "")
            + (f"; {len(report.destroyed_now)} centre(s) destroyed" if report.destroyed_now else "") + ".")

