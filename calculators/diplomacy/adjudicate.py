"""The ``dip-adjudicate`` calculator: a position and orders in, every order's result and the next phase out."""
from __future__ import annotations

import json
import re
from functools import lru_cache

from ..core import Board, InputError, Next, Preset, Presets, Result, Table, calculator, text_param
from ..core.package_data import read_text
from .adjustments import adjustments_due, buildable
from .board_svg import board_table
from .differences import fates, figures
from .game import adjudicate_phase, reader_for
from .map import show
from .orders import Build, Status, Waive
from .parser import ParseError, parse_phase, read_position
from .position import check_position, format_position, initial_position
from .readings import FIELDS, Options
from .retreats import retreat_options
from .units import PhaseKind
from .variant import STANDARD

MAX_POSITION = 4000
MAX_ORDERS = 6000
MAX_LINES = 150
BASE_RULES = ["DIP 2.3", "DIP 4.1", "DIP 10.1", "DIP R1"]


@lru_cache(maxsize=1)
def datc_cases() -> dict[str, dict]:
    doc = json.loads(read_text(__name__, "datc_cases.json"))
    return {c["id"]: c for c in doc["cases"]}


def _start_text() -> str:
    return format_position(STANDARD.map, initial_position(STANDARD.map))


START_ORDERS = """England: F Lon - Nth
England: F Edi - Nwg
England: A Lvp - Yor
France: A Par - Bur
France: A Mar S A Par - Bur
France: F Bre - Mao
Germany: A Mun - Bur
Germany: A Ber - Kie
Germany: F Kie - Den
Russia: A War - Gal
Austria: A Vie - Gal
Austria: A Bud - Ser
Austria: F Tri - Alb
Italy: A Ven - Tyr
Turkey: F Ank - Bla
Russia: F Sev - Bla"""


SECTIONS = {"A": "basic checks", "B": "coastal issues", "C": "circular movement", "D": "supports and dislodges",
            "E": "head-to-head battles and beleaguered garrisons", "F": "convoys", "G": "convoying to adjacent places",
            "H": "retreats", "I": "building", "J": "civil disorder and disbands"}


def _case_order(cid: str):
    """6.A.2 before 6.A.10, and 6.J.9b right after 6.J.9."""
    _, letter, number = cid.split(".")
    return (letter, int(re.sub(r"\D", "", number)), number)


def _presets():
    """The 1901 starting position (no orders: a player orders every unit), an example opening, and every
    DATC case, each as the phase, position and orders it fills in."""
    out = [Preset("start", "Spring 1901: the starting position, no orders",
                  {"phase": "Spring 1901 movement", "position": _start_text(), "orders": ""}),
           Preset("opening", "Spring 1901: an example opening (16 orders)",
                  {"phase": "Spring 1901 movement", "position": _start_text(), "orders": START_ORDERS})]
    for cid in sorted(datc_cases(), key=_case_order):
        case = datc_cases()[cid]
        title = case["title"] if len(case["title"]) <= 60 else case["title"][:57] + "..."
        out.append(Preset(f"datc-{cid}", f"DATC {cid}: {title}",
                          {"phase": case["phase"], "position": case["position"], "orders": case["orders"]}))
    return out


def _datc_case_of(position_text: str, orders_text: str) -> dict | None:
    """The DATC case these boxes hold unchanged, if any (its title goes in a note, its retreats into
    the next phase's orders); a case edited in the boxes is the player's own position."""
    for case in datc_cases().values():
        if case["position"] == position_text and case["orders"] == orders_text:
            return case
    return None


def _check_size(name: str, text: str) -> None:
    if text.count("\n") + 1 > MAX_LINES:
        raise InputError(name, f"at most {MAX_LINES} lines (got {text.count(chr(10)) + 1}).")


@calculator(
    id="dip-adjudicate",
    title="Diplomacy adjudicator",
    game="diplomacy",
    rules=("DIP 2.3", "DIP 2.4", "DIP 2.5", "DIP 4.1", "DIP 9.1", "DIP 10.1", "DIP 11.1", "DIP 12.1", "DIP 13.1",
           "DIP 14.3", "DIP R1", "DIP R2", "DIP R3", "DIP R8", "DIP R21"),
    page="diplomacy/adjudicator.md",
    description="Every order's result with its reason, the position after it, retreats and adjustments due, "
                "and a map; for any phase of a standard game or any DATC test case.",
    presets=Presets("load", "Load", _presets, none_label="Your own position and orders (below)",
                    help="Fills the three boxes below with the starting position or any DATC v3.0 test case "
                         "(chapter 6, sections A to J: " + "; ".join(f"{k} {v}" for k, v in SECTIONS.items())
                         + "); every edit after that counts."),
    run_mode="on_request",
    run_label="Adjudicate",
    rulings=tuple(FIELDS),
    figures=figures,
    board=Board("dip-options", inputs=("phase", "position"), orders=("orders",)),
    params=[
        text_param("phase", "Phase", "Spring 1901 movement", max_length=40,
                   help="Season, year and phase: Spring 1901 movement, Fall 1901 retreats, Winter 1901."),
        text_param("position", "Position", _start_text(), max_length=MAX_POSITION, multiline=True,
                   help="One line per power: 'England: F Lon, F Edi, A Lvp'; 'Centres England: Lon, Edi, Lvp'; "
                        "in a retreat phase 'Dislodged Austria: A Ser from Bul' and 'Contested: Gal'."),
        text_param("orders", "Orders", "", max_length=MAX_ORDERS, multiline=True,
                   help="One order a line, e.g. 'France: A Par - Bur', 'F Nth C A Lon - Bel', 'A Mun S A Ber - Sil', "
                        "'A Ser R Alb', 'Build F StP/sc', 'Waive'."),
    ],
)
def adjudicate(v: dict) -> Result:
    """Adjudicate one phase of a standard Diplomacy game."""
    phase_text, position_text, orders_text = v["phase"], v["position"], v["orders"]
    loaded = _datc_case_of(position_text, orders_text)
    _check_size("position", position_text)
    _check_size("orders", orders_text)
    reader = reader_for(STANDARD)
    try:
        phase = parse_phase(phase_text)
    except ParseError as err:
        raise InputError("phase", err.message) from None
    try:
        position = read_position(reader, phase, position_text)
    except ParseError as err:
        raise InputError("position", str(err)) from None
    problems = check_position(STANDARD.map, position)
    if phase.kind is not PhaseKind.RETREATS and position.dislodged:
        problems.append("dislodged units are listed only in a retreat phase")
    if problems:
        raise InputError("position", "; ".join(problems[:3]) + ".")
    if not position.units and not position.dislodged:
        raise InputError("position", "The position has no units.")
    readings = v["readings"]
    result = adjudicate_phase(position, orders_text, options=Options.from_readings(readings))
    # The readings other than the site's are cited here; the registry cites every reading in force.
    cited = [readings.cite(r) for r in readings if not readings.is_default(r)]
    return _present(result, position, phase, orders_text, loaded, cited)


def _waived(result, position, o) -> int:
    """DIP 13.3: how many builds a power left unordered (its builds due less the builds and waives it wrote)."""
    used = sum(1 for x in result.outcomes if x.line and x.power == o.power and x.status is Status.SUCCEEDS
               and isinstance(x.order, (Build, Waive)))
    return adjustments_due(position).get(o.power, 0) - used


def _tally(result, position, rules: list):
    """The results in written order: (counts of the written orders by result, written, defaults, waived, rows,
    items). A unit's default (it holds, is disbanded or removed) is listed but is no order; builds nobody ordered
    (DIP 13.3) are neither: a note."""
    counts = {s: 0 for s in Status}
    rows, items = [], []
    written = defaults = 0
    waived: dict[str, int] = {}
    for o in sorted(result.outcomes, key=lambda o: (o.line == 0, o.line)):
        rules.extend(r for r in o.rules if r not in rules)
        if o.line == 0 and isinstance(o.order, Waive):
            waived[o.power] = _waived(result, position, o)
            continue
        if o.line:
            counts[o.status] += 1
            written += 1
        else:
            defaults += 1
        rows.append(o.row())
        items.append({"power": o.power, "order": o.text, "result": o.status.value, "dislodged": o.dislodged,
                      "reason": o.reason, "rules": list(o.rules), "line": o.line})
    return counts, written, defaults, waived, rows, items


def _present(result, position, phase, orders_text, loaded, cited=()) -> Result:
    gmap = STANDARD.map
    after = result.after
    rules = list(BASE_RULES) + list(cited)
    counts, written, defaults, waived, rows, items = _tally(result, position, rules)
    after_text = format_position(gmap, after)
    tables = [Table(f"{phase.label()}: results", ["Power", "Order", "Result", "Reason", "Rules"], rows)]
    data = {"phase": phase.label(), "phase_code": phase.code, "orders": items, "fates": fates(result),
            "counts": {s.value: n for s, n in counts.items()},
            "next_phase": None if result.winner else after.phase.label(),
            "position_after": after_text, "winner": result.winner}
    dislodged = []
    for d in after.dislodged:
        opts = retreat_options(gmap, after, d)
        dislodged.append({"power": d.unit.power, "unit": d.unit.label(),
                          "attacked_from": show(d.attacker_from) if d.attacker_from else None,
                          "retreats": [show(x) for x in opts]})
    data["dislodged"] = dislodged
    if dislodged:
        tables.append(Table("Retreats due", ["Power", "Dislodged unit", "Attacked from", "May retreat to"],
                            [[d["power"], d["unit"], d["attacked_from"] or "(by convoy)",
                              ", ".join(d["retreats"]) or "nowhere: it will be disbanded"] for d in dislodged]))
    # DIP 1.1: a win ends the game, so nothing is due after it.
    due = adjustments_due(after) if after.phase.kind is PhaseKind.ADJUSTMENTS and not result.winner else {}
    data["adjustments"] = due
    if due:
        tables.append(Table("Adjustments due", ["Power", "Centres", "Units", "Builds (+) or disbands (-)",
                                                 "May build in"],
                            [[p, after.centre_count(p), len(after.units_of(p)), f"{n:+d}",
                              ", ".join(show(c) for c in buildable(gmap, after, p)) if n > 0 else ""]
                             for p, n in due.items()]))
    centres = {p: after.centre_count(p) for p in after.powers()}
    data["centres"] = centres
    tables.append(Table(f"Position for {after.phase.label()}", ["Power", "Units", "Centres", "Supply centres"],
                        [[p, ", ".join(u.label() for u in after.units_of(p)), centres.get(p, 0),
                          ", ".join(show(c) for c, o in after.owners.items() if o == p)] for p in after.powers()]))
    next_orders = ""
    if loaded is not None and loaded.get("retreats") and after.phase.kind is PhaseKind.RETREATS:
        next_orders = loaded["retreats"]
    # After a win the game is over: no next phase to continue to.
    data["next"] = None if result.winner else {"phase": after.phase.label(), "position": after_text,
                                               "orders": next_orders}
    parts = [f"{counts[Status.SUCCEEDS]} succeed", f"{counts[Status.FAILS]} fail"]
    if counts[Status.ILLEGAL]:
        parts.append(f"{counts[Status.ILLEGAL]} illegal")
    if counts[Status.VOID]:
        parts.append(f"{counts[Status.VOID]} void")
    summary = f"{phase.label()}: {written} order{'s' if written != 1 else ''}, " + ", ".join(parts) + "."
    defaults -= len(result.removed) if phase.kind is PhaseKind.MOVEMENT else 0  # disbanded, not unordered
    if defaults:
        summary += f" {defaults} unit{'s' if defaults != 1 else ''} without an order (see the results)."
    if dislodged:
        summary += f" {len(dislodged)} unit{'s' if len(dislodged) > 1 else ''} dislodged."
    stranded = len(result.removed) if phase.kind is PhaseKind.MOVEMENT else 0
    if stranded:  # DIP 12.4, ruling DIP R20: no place to retreat to, so no retreat phase
        summary += (f" {stranded} unit{'s' if stranded > 1 else ''} dislodged with no place to retreat to, "
                    f"disbanded (DIP 12.4).")
    if result.winner:
        summary += f" {result.winner} has {centres[result.winner]} supply centres and wins (DIP 1.1): the game is over."
        rules.append("DIP 1.1")
    else:
        summary += f" Next: {after.phase.label()}."
    # One entry of a game record (game.GameRecord): what the widget saves and exports per phase.
    data["record"] = {"phase": phase.label(), "code": phase.code, "orders": orders_text, "summary": summary}
    notes = [f"{p} waives {n} build{'s' if n != 1 else ''} it did not order (DIP 13.3, DIP R17)."
             for p, n in waived.items()]
    data["waived"] = waived
    if loaded is not None:
        notes.append(f"DATC {loaded['id']}: {loaded['title']}.")
    title = f"{phase.label()}: orders and results"
    svg = STANDARD.draw(STANDARD, result, title)
    tables.append(board_table(position, result.outcomes))
    chart = {"type": "svg", "title": title, "svg": svg}
    for r in ("DIP 2.4",) if dislodged else ():
        rules.append(r)
    return Result(summary=summary, data=data, rules=rules, tables=tables, charts=[chart], notes=notes,
                  next=Next(after.phase.label(), data["next"]) if data["next"] else None)
