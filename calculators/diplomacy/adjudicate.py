"""The ``dip-adjudicate`` calculator: a position and orders in, every order's result and the next phase out."""
from __future__ import annotations

import json
import re
from functools import lru_cache

from ..core import Board, InputError, Preset, Presets, Result, calculator, text_param
from ..core.package_data import read_text
from .differences import figures
from .game import adjudicate_phase
from .parser import ParseError, parse_phase
from .position import format_position, initial_position
from .readings import FIELDS, Options
from .results import present
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
    try:
        phase = parse_phase(phase_text)
    except ParseError as err:
        raise InputError("phase", err.message) from None
    readings = v["readings"]
    options = Options.from_readings(readings)
    position, _ = STANDARD.read_position(STANDARD, phase, position_text, options)
    if not position.units and not position.dislodged:
        raise InputError("position", "The position has no units.")
    turn = adjudicate_phase(position, orders_text, options=options)
    # The readings other than the site's are cited here; the registry cites every reading in force.
    cited = [readings.cite(r) for r in readings if not readings.is_default(r)]
    notes = [f"DATC {loaded['id']}: {loaded['title']}."] if loaded is not None else []

    def follow(after_text: str) -> tuple[str, dict]:
        """The next phase's boxes: its position, and a loaded DATC case's retreats for its retreat phase."""
        after = turn.position.phase
        retreats = loaded.get("retreats", "") if loaded is not None and after.kind is PhaseKind.RETREATS else ""
        return after.label(), {"phase": after.label(), "position": after_text, "orders": retreats}

    return present(turn, orders_text, rules=BASE_RULES + cited, notes=notes, follow=follow)
