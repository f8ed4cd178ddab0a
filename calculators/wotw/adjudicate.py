"""The ``wotw-adjudicate`` calculator: one War of the Worlds season, every rule applied.

Reads the position with the variant record's reader (``position``), the Earth orders with the standard
reader and the Martian orders with the variant's (typed, from the reader to the resolver), runs the season's
steps of the variant record (``variant.WOTW``), and writes the result with the one presenter every variant
shares (``diplomacy.results``), the variant's extras added (``result``).
"""
from __future__ import annotations


from ..core import (Board, InputError, Preset, Presets, Result, bool_param, calculator, choice_param, int_param,
                    more, text_param)
from ..core.params import ruling_param_name
from ..core.rulings import Readings
from ..diplomacy.api import Phase, PhaseKind, Position, Season, Turn, adjudicate_parsed, but, present
from .board import show
from .differences import figures
from .landings import check_schedule, parse_sites
from .orders import martian_box, parse_retreat, split_orders
from .result import RULES, named
from .readings import WotwOptions
from .state import state
from .variant import SEASON_CHOICES, WOTW

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

# Example Earth orders for Spring 1901: a preset of their own; the starting position loads no orders (issue 23).
EXAMPLE_ORDERS = """France: A Par - Bur
France: A Mar S A Par - Bur
France: F Bre - MAO
Italy: A Ven - Pie"""


def _presets() -> list[Preset]:
    """The Spring 1901 starting position with no orders (a player orders every unit), and the same with four
    example Earth orders."""
    start = {"season": "spring", "year": 1901, "position": START, "martian_orders": ""}
    return [Preset("start", "Spring 1901: the starting position, no orders", {**start, "orders": ""}),
            Preset("example", "Spring 1901: example Earth orders (4 orders)", {**start, "orders": EXAMPLE_ORDERS})]


def _schedule(text: str) -> tuple[str, ...]:
    if not text.strip():
        return ()
    sites = parse_sites(text, "landings")
    bad = [ld for ld in check_schedule(sites) if not ld.legal]
    if bad:
        raise InputError("landings", f"{bad[0].season} {bad[0].year} land {show(bad[0].province)}: {bad[0].reason}")
    return sites


def read_season_position(v: dict, phase: Phase, options: WotwOptions) -> tuple[Position, tuple[str, ...]]:
    """The typed position of the season (the record's reader, with the form's landing schedule and its virus box:
    ticked in Summer or Winter, the virus is active), and the notes its reading needs."""
    position, notes = WOTW.read_position(WOTW, phase, v["position"], options)
    st = state(position)
    removals_season = v["season"] in ("summer", "winter")
    return position.but(state=but(st, virus=st.virus or (v["virus"] and removals_season),
                                  schedule=_schedule(v["landings"]))), notes


@calculator(
    id="wotw-adjudicate",
    title="War of the Worlds adjudicator",
    game="wotw",
    rules=RULES,
    page="wotw/adjudicator.md",
    presets=Presets("load", "Load", _presets, none_label="Your own position and orders (below)",
                    help="Fills the boxes below with the Spring 1901 starting position, with no orders or with "
                         "four example Earth orders; every edit after that counts."),
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
        text_param("orders", "Earth orders", "", max_length=4000, multiline=True,
                   help="Standard orders, one a line (or separated by semicolons), each starting with its power "
                        "(France: A Par - Bur)."),
        text_param("martian_orders", "Martian orders", "", max_length=2000, multiline=True,
                   help="3A Con - 2A Bul - BLA, 2A Par merge Bur, 3A Mun S A Ber - Kie, A Mar H. In Summer and "
                        "Winter: the virus removals, e.g. remove A Par, 2A Mun."),
        *more(bool_param("virus", "Virus active", False,
                         help="Summer and Winter only: the virus is active, so two Martian strength points go "
                              "(WOTW 9.2). Continuing a game ticks it for you; a position line 'Virus: active' "
                              "counts the same."),
              text_param("landings", "Landing schedule", "Mar, Gal, Pic, Fin, Ser, Edi", max_length=300,
                         help="The six landing sites, Spring 1901 to Fall 1903, in season order or each with its "
                              "season (Fall 1903 land Edi) in any order (empty: no landings given).")),
    ],
)
def adjudicate(v: dict) -> Result:
    season = Season(v["season"])
    phase = Phase(v["year"], season, _kind(season))
    if v["virus"] and phase.kind is PhaseKind.MOVEMENT:
        raise InputError("virus", "The virus removals are made in Summer and Winter; choose one of those seasons. "
                                  "To record that the virus is already active, add the line 'Virus: active' "
                                  "to the position.")
    readings: Readings = v["readings"]
    options = WotwOptions.from_readings(readings)
    position, notes = read_season_position(v, phase, options)
    martian_lines = split_orders(v["martian_orders"])
    # A removal needs the virus; a pushed-out Martian unit's retreat does not (ruling WOTW R4, attacker-moves-in).
    retreats = phase.kind is not PhaseKind.MOVEMENT and not state(position).virus
    if retreats and any(parse_retreat(line) is None for line in martian_lines):
        raise InputError("martian_orders", "The Martian removes strength points only once the virus is active "
                                           "(WOTW 9.2); tick Virus active, or leave the Martian orders empty.")
    earth_text = v["orders"].replace(";", "\n")
    earth, unreadable = WOTW.read_orders(WOTW, phase, earth_text)
    # The Martian box's orders, typed by the variant's reader, numbered after any Martian line of the Earth box.
    first = sum(1 for p in earth if p.power == "Martian")
    martian = martian_box(v["martian_orders"], phase, first)
    turn = adjudicate_parsed(position, earth + martian, WOTW, unreadable, options)
    cited = [readings.cite(r) for r in readings if not readings.is_default(r)]
    written = "\n".join([earth_text] + [f"Martian: {line}" for line in martian_lines])

    def follow(after_text: str) -> tuple[str, dict]:
        # Named as the board names a phase ("Fall 1901 movement"), as Diplomacy's Continue does.
        return turn.position.phase.label(), _next_params(v, turn, after_text)

    # The rules the season applied (issue 24), not every rule of the variant: WOTW 1.1 (the standard rules
    # hold), those its input's notes name and the readings in force; its orders' and its events' (the extras).
    applied = ["WOTW 1.1", *named(notes), *cited]
    return present(turn, written, rules=applied, notes=notes, follow=follow)


def _kind(season: Season) -> PhaseKind:
    return next(p.kind for p in WOTW.calendar if p.season is season)


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
