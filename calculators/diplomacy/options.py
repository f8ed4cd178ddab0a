"""Every legal order of a position, as godip's options tree lists them (issue 14).

Each order kind lists its own orders (``OrderSpec.options``); the retreat and adjustment phases list
the retreats, disbands, builds and waives their checks accept.  ``verdict`` is the one legality check
an option list must agree with: the order a text makes for the phase, or ``Illegal``.

A new position's lists are the board's first answer, so the standard kinds are listed here in one pass
(``Listing``: every convoy route of the position worked out once, issue 23) together with the clicks that
choose each order; ``kind_options``, each kind listing its own, is the oracle the tests hold them to.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..core import InputError, Result, Table, bool_param, calculator, more, text_param
from .adjustments import adjustments_due, check_adjustment
from .map import Reach, Terrain, province_of, show
from .movement import check_written, context_for, settle_alone
from .orders import Illegal
from .orders import convoy as convoy_kind
from .orders import hold as hold_kind
from .orders import move as move_kind
from .orders import retreat as retreat_kind
from .orders import support as support_kind
from .position import Position, format_position, initial_position
from .retreats import Context as RetreatContext
from .retreats import check_retreat
from .units import PhaseKind, UnitType

MAX_ORDER_LINES = 150

# A click as the board reads it (``sandbox.Click``'s fields): the province clicked first, the mode, the places after;
# a fourth item "alias" marks an order the board's menu does not offer, another order having the same clicks.
Choice = tuple


def _movement_kinds(variant) -> list:
    return [k.value for k in variant.order_kinds
            if k.value.options is not None and PhaseKind.MOVEMENT in k.value.phases]


def kind_options(variant, position: Position) -> Iterator[tuple[str, str, list[str]]]:
    """DIP 4.1-4.4: for each unit, (power, unit, every order its kinds list), each kind listing its own (the
    oracle of ``movement_options``)."""
    ctx = context_for(variant, position)
    kinds = _movement_kinds(variant)
    for unit in position.units:
        orders = [text for spec in kinds for text in spec.options(ctx, unit)]
        yield unit.power, unit.label(), list(dict.fromkeys(orders))


class Listing:
    """The standard kinds' orders for one movement position, with the clicks that choose them: exactly what
    each kind's own ``options`` lists (``kind_options``), with every convoy route worked out once for the
    position instead of once per order (DIP 8.1, 8.2, rulings DIP R4, R5)."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.gmap = gmap = ctx.board
        self.sea_adj = gmap.sea_adjacency
        self.coasts = sorted(p for p, info in gmap.provinces.items() if info.terrain is Terrain.COAST)
        self.coastal = frozenset(self.coasts)
        self.units = sorted(ctx.units.values(), key=lambda u: u.province)
        self._reach: dict[tuple[str, frozenset], frozenset[str]] = {}
        self._needed: dict[str, dict[str, set[str]]] = {}
        self._movable: dict[tuple[str, str | None], frozenset[str]] = {}

    # -- the convoy routes ---------------------------------------------------------------------
    def reach_by_convoy(self, src: str, fleets: frozenset) -> frozenset[str]:
        """Every province a chain of the ``fleets`` reaches from ``src`` (``map.convoy_routes_exist`` for all
        destinations at once)."""
        key = (src, fleets)
        hit = self._reach.get(key)
        if hit is None:
            sea_adj = self.sea_adj
            frontier = [s for s in fleets if src in sea_adj[s]]
            seen = set(frontier)
            out: set[str] = set()
            while frontier:
                s = frontier.pop()
                out |= sea_adj[s]
                for t in sea_adj[s]:
                    if t in fleets and t not in seen:
                        seen.add(t)
                        frontier.append(t)
            hit = self._reach[key] = frozenset(out)
        return hit

    def needed(self, src: str) -> dict[str, set[str]]:
        """Ruling DIP R5 for every destination at once: destination -> the fleets some convoy route from ``src``
        needs (``convoy.on_minimal_route``: a chordless chain of fleets, ending at the first fleet next to it)."""
        hit = self._needed.get(src)
        if hit is None:
            hit = self._needed[src] = {}
            fleets, sea_adj = self.ctx.fleets_at_sea, self.sea_adj
            starts = [f for f in fleets if src in sea_adj[f]]
            for f in starts:
                self._walk([src, f], fleets, sea_adj, hit)
        return hit

    def _walk(self, path: list[str], fleets, sea_adj, out: dict[str, set[str]]) -> None:
        last, inner = path[-1], path[1:-1]
        for dst in sea_adj[last]:
            if not any(dst in sea_adj[p] for p in inner):
                out.setdefault(dst, set()).update(path[1:])
        for f in fleets:
            adj = sea_adj[f]
            if f in path or last not in adj or any(p in adj for p in path[:-1]):
                continue
            path.append(f)
            self._walk(path, fleets, sea_adj, out)
            path.pop()

    def movable(self, unit, without: str | None) -> frozenset[str]:
        """Every province ``unit`` could be ordered to (``move.could_move`` for each), the fleet in ``without``
        not counted on a convoy route (DATC 6.D.31: a fleet cannot convoy the move it supports)."""
        key = (unit.province, without)
        hit = self._movable.get(key)
        if hit is None:
            gmap = self.gmap
            if unit.type.reach is Reach.SEA:
                hit = frozenset(province_of(x) for x in gmap.reach(Reach.SEA, unit.location))
            else:
                hit = frozenset(gmap.reach(unit.type.reach, unit.location))
                if unit.type.convoyed and unit.province in self.coastal:
                    fleets = self.ctx.fleets_at_sea - {without}
                    hit |= self.coastal & self.reach_by_convoy(unit.province, frozenset(fleets))
            self._movable[key] = hit
        return hit

    # -- each kind's orders, with their clicks ---------------------------------------------------
    def holds(self, unit) -> Iterator[tuple[str, Choice]]:
        yield f"{unit.label()} H", (unit.province, "hold", ())

    def moves(self, unit) -> Iterator[tuple[str, Choice]]:
        gmap, me, at = self.gmap, unit.label(), unit.province
        near = gmap.reach(unit.type.reach, unit.location)
        for loc in sorted(near):
            yield f"{me} - {show(loc)}", (at, "move", (province_of(loc),))
        if not unit.type.convoyed or at not in self.coastal:
            return
        reach = self.reach_by_convoy(at, self.ctx.fleets_at_sea)
        for dest in self.coasts:
            if dest != at and dest in reach:
                yield f"{me} - {show(dest)} via convoy", (at, "via", (dest,))
                if dest not in near:
                    yield f"{me} - {show(dest)}", (at, "move", (dest,))

    def supports(self, unit) -> Iterator[tuple[str, Choice]]:
        gmap, me, at = self.gmap, unit.label(), unit.province
        mine = sorted({province_of(x) for x in gmap.reach(unit.type.reach, unit.location)} - {at})
        without = at if at in self.ctx.fleets_at_sea else None
        coasts_named = unit.type.reach is not Reach.ANY
        for target in self.units:
            there = target.province
            if there == at:
                continue
            them = target.label()
            if there in mine:
                yield f"{me} S {them}", (at, "support", (there, there))
            movable = self.movable(target, without)
            for dest in mine:
                if dest == there or dest not in movable:
                    continue
                yield f"{me} S {them} - {show(dest)}", (at, "support", (there, dest))
                if target.type.reach is Reach.SEA and coasts_named and gmap.provinces[dest].coasts:
                    # The same support, narrowed to one coast (ruling DIP R9): listed, but the board's menu
                    # offers the support without the coast (its clicks are the same).
                    for loc in gmap.fleet_coasts_to(target.location, dest):
                        yield f"{me} S {them} - {show(loc)}", (at, "support", (there, dest), "alias")

    def convoys(self, unit) -> Iterator[tuple[str, Choice]]:
        if not unit.type.convoys or not self.gmap.is_sea(unit.province):
            return
        me, at = unit.label(), unit.province
        for army in self.units:
            src = army.province
            if not army.type.convoyed or src not in self.coastal:
                continue
            needed = self.needed(src)
            for dest in self.coasts:
                if dest != src and at in needed.get(dest, ()):
                    yield f"{me} C {army.label()} - {show(dest)}", (at, "convoy", (src, dest))


# The standard kinds' own listers, and the method of ``Listing`` that lists the same orders.
_FAST = {hold_kind.options: Listing.holds, move_kind.options: Listing.moves, support_kind.options: Listing.supports,
         convoy_kind.options: Listing.convoys}


def movement_choices(variant, position: Position) -> Iterator[tuple[str, str, list[str], list[Choice | None]]]:
    """DIP 4.1-4.4: for each unit, (power, unit, every order its kinds list, each order's clicks or None): the
    lists of ``kind_options``, a variant's own kinds listed by their own ``options`` (their clicks None)."""
    ctx = context_for(variant, position)
    listing = Listing(ctx)
    kinds = [(spec, _FAST.get(spec.options)) for spec in _movement_kinds(variant)]
    for unit in position.units:
        pairs: dict[str, Choice | None] = {}
        for spec, fast in kinds:
            for text, choice in (fast(listing, unit) if fast else ((t, None) for t in spec.options(ctx, unit))):
                pairs.setdefault(text, choice)
        yield unit.power, unit.label(), list(pairs), list(pairs.values())


def movement_options(variant, position: Position) -> Iterator[tuple[str, str, list[str]]]:
    """DIP 4.1-4.4: for each unit, (power, unit, every order its kinds list) in a movement phase."""
    for power, unit, orders, _ in movement_choices(variant, position):
        yield power, unit, orders


def retreat_order_options(variant, position: Position) -> Iterator[tuple[str, str, list[str]]]:
    """DIP 12.1-12.5: each dislodged unit retreats to a place it may go to, or disbands."""
    for d in position.dislodged:
        me = d.unit.label()
        places = retreat_kind.options(variant.board, position, d)
        yield d.unit.power, me, [f"{me} R {show(p)}" for p in places] + [f"{me} D"]


def build_options(variant, position: Position) -> Iterator[tuple[str, str, list[str]]]:
    """DIP 13.1-13.5, 14.9, ruling DIP R12: builds in the sites the power may use and its waive, or the removal
    of any of its units; powers with nothing to adjust list nothing."""
    gmap, rule = variant.board, variant.build_rule
    for power, n in adjustments_due(position, variant.non_adjusting).items():
        if n < 0:
            yield power, "", [f"{u.label()} D" for u in position.units_of(power)]
            continue
        orders = []
        for prov, info in sorted(gmap.provinces.items()):
            if not info.centre or rule.builder(gmap, position, prov) != power or position.owners.get(prov) != power \
                    or position.unit_in(prov) is not None:
                continue
            if info.army_can_stand:
                orders.append(f"Build {UnitType.ARMY.value} {show(prov)}")
            if info.terrain is Terrain.COAST:
                coasts = [f"{prov}/{c.value}" for c in info.coasts] or [prov]
                orders += [f"Build {UnitType.FLEET.value} {show(loc)}" for loc in coasts]
        yield power, "", orders + ["Waive"]


def legal_orders(variant, position: Position) -> list[tuple[str, str, list[str]]]:
    """(power, unit, orders) for every unit (or, for builds, every power) that has orders to give this phase."""
    return [row[:3] for row in legal_choices(variant, position)]


def legal_choices(variant, position: Position) -> list[tuple]:
    """``legal_orders`` with each order's clicks where the listing knows them: (power, unit, orders, clicks), the
    clicks a list of ``Choice`` or None (None for an order the board reads back from its text)."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return list(movement_choices(variant, position))
    if kind is PhaseKind.RETREATS:
        return [(*row, None) for row in retreat_order_options(variant, position)]
    return [(*row, None) for row in build_options(variant, position)]


def verdict(variant, position: Position, parsed):
    """The order ``parsed`` makes in this phase, given alone, or ``Illegal`` (raised): the legality check every
    listed option passes (a movement order's own check and the cross-order stage, ruling DIP R5; a retreat's;
    an adjustment's, a build or removal that cannot be carried out counting as refused, ruling DIP R13)."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        ctx = context_for(variant, position)
        w = check_written(ctx, parsed)
        if w.order is None:
            raise Illegal(w.error, w.rules)
        refused = settle_alone(ctx, w.order)
        if refused is not None:
            raise refused
        return w.order
    if kind is PhaseKind.RETREATS:
        by_prov = {d.unit.province: d for d in position.dislodged}
        d = by_prov.get(parsed.province) if parsed.location else None
        return check_retreat(RetreatContext(variant.board, position), d, parsed)
    return check_adjustment(variant, position, parsed)


# -- the dip-options calculator ----------------------------------------------------------------
def _read(phase_text: str, position_text: str) -> Position:
    from .parser import ParseError, parse_phase
    from .readings import DEFAULT
    from .variant import STANDARD

    try:
        phase = parse_phase(phase_text)
    except ParseError as err:
        raise InputError("phase", err.message) from None
    return STANDARD.read_position(STANDARD, phase, position_text, DEFAULT)[0]


def units_chosen(lists, unit_text: str, field: str = "unit"):
    """The lists of the unit asked for (``A Par``, ``Par`` or a power's name), or all of them."""
    want = unit_text.strip().lower()
    if not want:
        return lists
    picked = [row for row in lists if want in (row[0].lower(), row[1].lower(), row[1].lower().split(" ")[-1])]
    if not picked:
        raise InputError(field, f"No unit or power {unit_text.strip()!r} has orders to give in this phase.")
    return picked


def present_options(position: Position, rules, rows: list[dict] | None, typed, chart: dict,
                    modes=()) -> Result:
    """The legal orders as data for the board (``rows``, None when not asked for) and as a table; the orders
    typed so far, checked and drawn on the map; a summary of both; in an adjustment phase each power's builds
    (positive) or disbands (negative) due, DIP 13.1 (War of the Worlds' Martian does not adjust)."""
    from .sandbox import modes_data, typed_summary, typed_table

    tables: list[Table] = []
    data: dict[str, Any] = {"phase": position.phase.label()}
    summary: list[str] = []
    if rows is not None:
        n = sum(len(r["orders"]) for r in rows)
        units = sum(1 for r in rows if r["unit"])
        who = [f"{k} {word}{'s' if k != 1 else ''}" for k, word in ((units, "unit"), (len(rows) - units, "power")) if k]
        summary.append(f"{position.phase.label()}: {n} legal order{'s' if n != 1 else ''} for "
                       f"{' and '.join(who) or 'no unit'}.")
        tables.append(Table("Legal orders", ["Power", "Unit", "Orders", "Each order"],
                            [[r["power"], r["unit"] or "-", len(r["orders"]),
                              "; ".join(o.split(": ", 1)[1] for o in r["orders"])] for r in rows]))
        data.update(options=rows, modes=modes_data(modes))
    else:
        summary.append(f"{position.phase.label()}:")
    if typed or rows is None:
        summary.append(typed_summary(typed))
        tables.insert(0, typed_table(typed))
    data["typed"] = [t.data() for t in typed]
    if position.phase.kind is PhaseKind.ADJUSTMENTS:  # DIP 13.1: builds (positive) and disbands (negative) due
        data["adjustments"] = adjustments_due(position, leave_out=frozenset({"Martian"}))
    notes = ["Every order listed passes the adjudicator's legality check, and every order it accepts is listed "
             "(a support may also name a coast the supported unit cannot reach: accepted, but void, ruling DIP R9)."
             ] if rows is not None else []
    if typed:
        notes.append("Your orders are checked as the adjudicator checks them, not adjudicated: the map shows them "
                     "as typed, with a cross on each the checks refuse (that unit would hold, ruling DIP R1).")
    return Result(summary=" ".join(summary), data=data, tables=tables, charts=[chart], notes=notes,
                  rules=list(rules))


def standard_preview(position: Position, orders_text: str, lists) -> tuple[list[dict] | None, list, dict]:
    """The standard game's board data: the legal orders with their clicks, the typed orders checked, the map."""
    from .board_svg import render_board
    from .sandbox import check_typed, click_rows, standard_click, typed_marks
    from .variant import STANDARD, reader_for

    reader = reader_for(STANDARD)
    rows = None
    if lists is not None:
        names = {k: p.name for k, p in STANDARD.board.provinces.items()}
        rows = click_rows(lists, lambda power, text: reader.order(text, 0, power), standard_click,
                          lambda power: ("orders", False), position, names)
    typed = check_typed(STANDARD, position, [("orders", reader.segments(orders_text), False)])
    title = f"{position.phase.label()}: the position" + (", and the orders as typed" if typed else "")
    svg = render_board(STANDARD.board, position, title, marks=typed_marks(typed))
    return rows, typed, {"type": "svg", "title": title, "svg": svg}


@calculator(
    id="dip-options",
    title="Legal orders",
    game="diplomacy",
    rules=("DIP 4.1", "DIP 4.2", "DIP 4.3", "DIP 4.4", "DIP 5.3", "DIP 7.2", "DIP 8.1", "DIP 12.1", "DIP 13.5",
           "DIP R4", "DIP R5", "DIP R9"),
    page="diplomacy/adjudicator.md",
    description="Every legal order of every unit for a position and phase, in the short order form: moves with "
                "coasts, supports, convoys, moves via convoy, retreats, builds and disbands.",
    params=[
        text_param("phase", "Phase", "Spring 1901 movement", max_length=40,
                   help="Season, year and phase: Spring 1901 movement, Fall 1901 retreats, Winter 1901."),
        text_param("position", "Position", "", max_length=4000, multiline=True,
                   placeholder="England: F Lon, F Edi, A Lvp",
                   help="As for the adjudicator; empty: the 1901 starting position."),
        text_param("unit", "Unit or power", "", max_length=40,
                   help="Optional: one unit (A Par, or just Par) or one power; empty: every unit."),
        text_param("orders", "Your orders", "", max_length=6000, multiline=True,
                   help="Optional: orders to check, as for the adjudicator; the map shows them as typed, with a "
                        "cross on each the adjudicator's checks refuse."),
        *more(bool_param("lists", "List every legal order", True,
                         help="Untick to check and draw only your orders.")),
    ],
)
def options_calc(v: dict) -> Result:
    """DIP 4.1-4.4, 5.3, 7.2, 8.1, 12.1, 13.5 with rulings DIP R4, R5, R9: every legal order of the position."""
    from .variant import STANDARD

    text = v["position"].strip()
    if text:
        position = _read(v["phase"], text)
    else:
        position = initial_position(STANDARD.board)
        if v["phase"].strip().lower() not in ("", "spring 1901 movement", "spring 1901"):
            position = _read(v["phase"], format_position(STANDARD.board, position))
    if v["orders"].count("\n") >= MAX_ORDER_LINES:
        raise InputError("orders", f"at most {MAX_ORDER_LINES} lines.")
    lists = units_chosen(legal_choices(STANDARD, position), v["unit"]) if v["lists"] else None
    rows, typed, chart = standard_preview(position, v["orders"], lists)
    from .sandbox import MODES

    return present_options(position, ("DIP 4.1", "DIP 4.2", "DIP 4.3", "DIP 4.4", "DIP R1", "DIP R4", "DIP R5",
                                      "DIP R9"), rows, typed, chart, MODES)
