"""The board as SVG: the standard map of Europe with supply centres, units and orders.

The province shapes, label and unit anchors come from ``board_geometry.json``, generated from
Natural Earth coastlines by ``tools/map/generate.mjs`` (never edited by hand). Orders are drawn
the way players know them from online boards: a move is an arrow, a support a dashed line to the
supported move's arrow or to a ring round the supported unit, a convoy a dotted line to the
convoyed move, a hold a ring, a retreat an arrow from the dislodged unit, builds and disbands are
marked on the province; an order that fails is drawn dashed with a cross (DIP 4.1-4.4, 10.1, 13.1).

The SVG carries classes, never colours (``docs/stylesheets/board.css`` paints both palettes), and
keeps to the page's allow-list: no script, no style element, no external reference; every text
is escaped. Every province shape has ``data-province`` and every unit ``data-unit``, for the
click-to-order front end.
"""
from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from ..core.escape import escape
from ..core.package_data import read_text

from .adjustments import adjustments_due
from .map import GameMap, Terrain, province_of, show
from .orders import Build, Convoy, Disband, Hold, Move, Outcome, Retreat, Status, Support, describe
from .units import PhaseKind, Unit

Point = tuple[float, float]

UNIT_R = 9.0  # a unit's reach from its anchor: arrows start and stop this far from it
# A dislodged unit is drawn larger than a unit (issue 23: 16 px on a phone was still small beside its attacker), on a
# disc DISLODGED_R across (before scaling), set DISLODGED_OFFSET from the unit that took its place so that the disc
# clears that unit's silhouette (24 x 18 round its anchor), and turned to the other side at the board's edge.
DISLODGED_SCALE = 1.25
DISLODGED_R = 12.5
DISLODGED_OFFSET = (26.0, 21.0)


@dataclass(frozen=True)
class Geometry:
    """The drawn board: one path per province, anchors per location, off-board land and water."""

    width: int
    height: int
    paths: Mapping[str, str]
    unit_at: Mapping[str, Point]  # location (province or province/coast) -> where its unit stands
    label_at: Mapping[str, Point]
    centre_at: Mapping[str, Point]
    coast_label_at: Mapping[str, Point]
    offboard: str
    offwater: str
    impassable: str  # hatching over impassable provinces
    credit: str
    fleet_at: Mapping[str, Point] = field(default_factory=dict)  # coastal province -> where a fleet in it stands
    routes: Mapping[tuple[str, str], tuple[Point, ...]] = field(default_factory=dict)  # fleet arrows over water

    def anchor(self, location: str, fleet: bool = False) -> Point:
        """Where a unit at ``location`` stands: a fleet on the coast (issue 23), an army inland."""
        if fleet and location in self.fleet_at:
            return self.fleet_at[location]
        return self.unit_at.get(location) or self.unit_at[province_of(location)]

    def route(self, a: str, b: str) -> tuple[Point, ...] | None:
        """The waypoints of a fleet's arrow from ``a`` to ``b`` over water; () a straight arrow; None the
        board's bent arrow (which stays over water there)."""
        if (a, b) in self.routes:
            return self.routes[(a, b)]
        back = self.routes.get((b, a))
        return None if back is None else tuple(reversed(back))


@lru_cache(maxsize=1)
def standard_geometry() -> Geometry:
    """The standard board (``board_geometry.json``, shipped in the wheel)."""
    doc = json.loads(read_text(__name__, "board_geometry.json"))
    paths, unit_at, label_at, centre_at, coast_labels, fleet_at = {}, {}, {}, {}, {}, {}
    for abbr, p in doc["provinces"].items():
        paths[abbr] = p["d"]
        unit_at[abbr] = tuple(p["unit"])
        label_at[abbr] = tuple(p["label"])
        if "centre" in p:
            centre_at[abbr] = tuple(p["centre"])
        if "fleet" in p:
            fleet_at[abbr] = tuple(p["fleet"])
        for coast, at in p.get("coasts", {}).items():
            unit_at[f"{abbr}/{coast}"] = tuple(at["unit"])
            coast_labels[f"{abbr}/{coast}"] = tuple(at["label"])
    routes = {tuple(k.split(" ")): tuple(tuple(q) for q in v) for k, v in doc.get("fleet_routes", {}).items()}
    return Geometry(doc["width"], doc["height"], paths, unit_at, label_at, centre_at, coast_labels,
                    doc["offboard"], doc["offwater"], doc.get("impassable", ""), doc["credit"],
                    MappingProxyType(fleet_at), MappingProxyType(routes))


@dataclass(frozen=True)
class Mark:
    """One order as drawn. ``ok`` is True (succeeds), False (fails) or None (void or not yet judged)."""

    kind: str  # "move", "support", "convoy", "hold", "retreat", "build", "disband"
    power: str
    at: str  # the ordering unit's location; for a build, where the unit is built
    to: str | None = None  # a move's or retreat's destination; the supported or convoyed unit's province
    dest: str | None = None  # where the supported or convoyed unit moves (None: a support to hold)
    ok: bool | None = True
    text: str = ""
    unit_type: str = "A"  # a build's unit
    state: str = ""  # how it is drawn when not by its result: "typed" (not yet adjudicated) or "illegal"
    fleet: bool | None = None  # the ordering unit is a fleet (None: as the board's units say)


def power_class(power: str) -> str:
    """``France`` -> ``pw-france``: the class board.css colours a power by."""
    return "pw-" + (re.sub(r"[^a-z0-9]+", "-", power.lower()).strip("-") or "none")


_STATUS_OK = {Status.SUCCEEDS: True, Status.FAILS: False, Status.VOID: None}


def marks_from_outcomes(outcomes: Iterable[Outcome]) -> list[Mark]:
    """The orders worth drawing: every order carried out, with its result (illegal orders are not drawn;
    a hold is drawn only where the player wrote it)."""
    out = []
    for o in outcomes:
        order = o.order
        if order is None or o.status is Status.ILLEGAL or (isinstance(order, Hold) and not o.line):
            continue
        mark = mark_of(order, o.power, _STATUS_OK.get(o.status), f"{o.power}: {describe(order)} ({o.status.value})")
        if mark is not None:
            out.append(mark)
    return out


def mark_of(order, power: str, ok: bool | None = True, text: str = "", state: str = "") -> Mark | None:
    """One typed order of the standard kinds as drawn (None for a kind the standard board does not know)."""
    unit = getattr(order, "unit", None)
    fleet = None if unit is None else unit.type.value == "F"
    if isinstance(order, Move):
        return Mark("move", power, order.unit.location, order.dest, None, ok, text, state=state, fleet=fleet)
    if isinstance(order, Support):
        return Mark("support", power, order.unit.location, order.target, order.dest, ok, text, state=state, fleet=fleet)
    if isinstance(order, Convoy):
        return Mark("convoy", power, order.unit.location, order.army, order.dest, ok, text, state=state, fleet=fleet)
    if isinstance(order, Hold):
        return Mark("hold", power, order.unit.location, ok=ok, text=text, state=state, fleet=fleet)
    if isinstance(order, Retreat):
        return Mark("retreat", power, order.unit.location, order.dest, None, ok, text, state=state, fleet=fleet)
    if isinstance(order, Disband):
        return Mark("disband", power, order.unit.location, ok=ok, text=text, state=state, fleet=fleet)
    if isinstance(order, Build):
        return Mark("build", power, order.location, ok=ok, text=text, unit_type=order.type.value, state=state)
    return None


def marks_from_tuples(moves=(), supports=(), convoys=()) -> list[Mark]:
    """The adjudicator's summary tuples as marks: ``moves`` (power, from, to, succeeded),
    ``supports`` (from, target, dest or None, given), ``convoys`` (fleet, army, dest, held)."""
    out = [Mark("move", p, a, b, None, ok, f"{p}: {show(a)} - {show(b)} ({'succeeds' if ok else 'fails'})")
           for p, a, b, ok in moves]
    for frm, target, dest, given in supports:
        what = f"{show(target)} - {show(dest)}" if dest else show(target)
        out.append(Mark("support", "", frm, target, dest, given,
                        f"{show(frm)} S {what} ({'given' if given else 'cut or failed'})"))
    for fleet, army, dest, held in convoys:
        out.append(Mark("convoy", "", fleet, army, dest, held,
                        f"{show(fleet)} C {show(army)} - {show(dest)} ({'holds' if held else 'fails'})"))
    return out


# ---- drawing helpers ------------------------------------------------------------------------
def svg_number(v: float) -> str:
    """A coordinate as the board writes it, to a tenth of a unit (a variant's overlay writes its own so)."""
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


_f = svg_number  # the drawing below writes hundreds of them


def _toward(a: Point, b: Point, by: float) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1.0
    return (a[0] + dx * by / d, a[1] + dy * by / d)


# Where along an arrow its result's mark may go: its middle first, then out from it (_mark_spot).
MARK_SPOTS = (0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74)
TICK_R = 9.0  # the tick's disc (_tick)
CROSS_R = 5.7  # the cross (_cross): 8 by 8
HEAD_BACK = 8.0  # an arrow's head reaches this far back from the end of its line (_defs: 4 strokes long, tip at 7/10)
MARGIN = 2.0  # what a mark keeps clear of a name, a unit and its arrow's head


def _curve(a: Point, b: Point, start_gap: float, end_gap: float, bend: float = 0.12):
    """A gently bent arrow from ``a`` to ``b`` (two opposite moves bend apart), trimmed at both ends.
    Returns the path data and the curve as a function of t in [0, 1]."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    c = ((a[0] + b[0]) / 2 - dy * bend, (a[1] + b[1]) / 2 + dx * bend)
    start_gap = min(start_gap, length / 3)
    end_gap = min(end_gap, length / 3)
    p0, p1 = _toward(a, c, start_gap), _toward(b, c, end_gap)

    def along(t: float) -> Point:
        u = 1 - t
        return (u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0], u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1])

    return f"M{_f(p0[0])} {_f(p0[1])}Q{_f(c[0])} {_f(c[1])} {_f(p1[0])} {_f(p1[1])}", along


def _route_path(points: Sequence[Point], start_gap: float, end_gap: float):
    """A fleet's arrow along its route over water (straight legs through the waypoints), trimmed at both ends.
    Returns the path data and the line as a function of the share t of its length."""
    pts = list(points)
    pts[0] = _toward(pts[0], pts[1], min(start_gap, math.dist(pts[0], pts[1]) / 3))
    pts[-1] = _toward(pts[-1], pts[-2], min(end_gap, math.dist(pts[-1], pts[-2]) / 3))
    d = "M" + "L".join(f"{_f(x)} {_f(y)}" for x, y in pts)
    return d, _polyline(pts)


def _polyline(pts: Sequence[Point]) -> Callable[[float], Point]:
    """The line through ``pts`` as a function of the share t of its length."""
    legs = [math.dist(p, q) for p, q in zip(pts, pts[1:], strict=False)]
    total = sum(legs)

    def along(t: float) -> Point:
        left = min(max(t, 0.0), 1.0) * total
        for (p, q), leg in zip(zip(pts, pts[1:], strict=False), legs, strict=True):
            if left <= leg:
                return _toward(p, q, left)
            left -= leg
        return pts[-1]

    return along


# A name on the map as a box (centre x, centre y, half width, half height), from its font size and letters.
LabelBox = tuple[float, float, float, float]


def _label_box(at: Point, text: str, size: float) -> LabelBox:
    # board.css: names 13.5 px (coasts 10 px), bold; a letter about 0.62 em wide, the line 1 em high.
    return (at[0], at[1], 0.31 * size * len(text) + 1, 0.5 * size + 1)


def label_boxes(gmap: GameMap, geo: Geometry) -> tuple[LabelBox, ...]:
    """Every name _labels writes, as a box (the result marks keep off them: _mark_spot)."""
    boxes = []
    for abbr, prov in gmap.provinces.items():
        if abbr in geo.label_at:
            boxes.append(_label_box(geo.label_at[abbr], prov.display, 13.5))
        for coast in prov.coasts:
            loc = f"{abbr}/{coast.value}"
            if loc in geo.coast_label_at:
                boxes.append(_label_box(geo.coast_label_at[loc], coast.value, 10))
    return tuple(boxes)


@dataclass(frozen=True)
class _Keep:
    """What a result's mark keeps off: the map's names (boxes) and its units (points; a unit is 24 x 18)."""
    names: tuple[LabelBox, ...] = ()
    units: tuple[Point, ...] = ()

    def clearance(self, p: Point, r: float, head: Point | None = None) -> float:
        """How far a mark of radius ``r`` at ``p`` stays off every name, unit and the head at ``head``, less MARGIN
        (negative: over one)."""
        gaps = [max(abs(p[0] - x) - w, abs(p[1] - y) - h) - r for x, y, w, h in self.names]
        gaps += [math.dist(p, u) - r - UNIT_R - 3 for u in self.units]
        if head is not None:
            gaps.append(math.dist(p, head) - r - HEAD_BACK)
        return min(gaps, default=math.inf) - MARGIN

    def near(self, points: Sequence[Point], r: float) -> _Keep:
        """Only what a mark of radius ``r`` at one of ``points`` could come within MARGIN of: the rest is clear
        of every such mark (each clearance below is the same; a board draws dozens of marks, on every result)."""
        x0, x1 = min(p[0] for p in points), max(p[0] for p in points)
        y0, y1 = min(p[1] for p in points), max(p[1] for p in points)
        pad, reach = r + MARGIN, r + UNIT_R + 3 + MARGIN
        names = tuple(b for b in self.names if b[0] + b[2] + pad > x0 and b[0] - b[2] - pad < x1
                      and b[1] + b[3] + pad > y0 and b[1] - b[3] - pad < y1)
        units = tuple(u for u in self.units if x0 - reach < u[0] < x1 + reach and y0 - reach < u[1] < y1 + reach)
        return _Keep(names, units)


def _mark_spot(along: Callable[[float], Point], r: float, keep: _Keep, beside: bool = False) -> tuple[Point, Point]:
    """Where an order's mark (radius ``r``) goes, and the point of its line it marks: on the line, its middle first,
    then out from it, the first spot clear of every name, unit and the line's own head; else (``beside``: a tick)
    the first such spot just beside the line, which stays in view (a short arrow under its tick could not be
    read); else the spot on the line nearest to clear. New-player screenshots: ticks over "Hel", "Nth", "Hol";
    F Kie - Den and A Rom - Apu hidden under their ticks."""
    head = along(1.0)
    spots = [(p, p) for p in map(along, MARK_SPOTS)]
    if beside:
        spots += [(_beside(along, t, r + 2.5, side), along(t)) for t in (*MARK_SPOTS, 0.18, 0.1) for side in (1, -1)]
    keep = keep.near([p for p, _ in spots], r)
    for p, at in spots:
        if keep.clearance(p, r, head) >= 0:
            return p, at
    return max(spots, key=lambda pa: keep.clearance(pa[0], r, head))


def _beside(along: Callable[[float], Point], t: float, by: float, side: int) -> Point:
    """The point ``by`` units from the line at ``t``, to its left (side 1) or right (-1)."""
    (x, y), (ax, ay), (bx, by_) = along(t), along(t - 0.04), along(t + 0.04)
    n = math.hypot(bx - ax, by_ - ay) or 1.0
    return (x - (by_ - ay) * side * by / n, y + (bx - ax) * side * by / n)


def _ring(p: Point, r: float) -> str:
    return f'<circle class="ring" cx="{_f(p[0])}" cy="{_f(p[1])}" r="{_f(r)}"/>'


def _cross(p: Point, cls: str = "fail-mark") -> str:
    x, y = p
    return (f'<path class="{cls}" d="M{_f(x - 4)} {_f(y - 4)}l8 8m0-8l-8 8"/>')


def _tick(p: Point) -> str:
    """A succeeded move's mark, where a failed one has its cross: a tick on a disc (a new player could not tell
    from the map that A Par - Bur had worked when it was only drawn bolder)."""
    x, y = p
    return (f'<g class="ok-mark"><circle cx="{_f(x)}" cy="{_f(y)}" r="9"/>'
            f'<path d="M{_f(x - 4.8)} {_f(y + 0.4)}l3.3 3.6 6.5-8"/></g>')


# Unit silhouettes, drawn round (0, 0): a field gun for an army, a steamship for a fleet.
ARMY_SHAPE = ('<path class="u-body" d="M-12 5.5L8.5-6.5 10.8-2.6-9.6 9.4z"/>'
              '<circle class="u-body" cx="0" cy="4" r="5.4"/><circle class="u-hub" cx="0" cy="4" r="1.7"/>')
FLEET_SHAPE = '<path class="u-body" d="M-12 1h24l-5 6h-14zM-6 1v-4h9v4zM-1.5-3v-5h3v5z"/>'


def unit_svg(kind: str, power: str, location: str, at: Point, label: str, extra_class: str = "") -> str:
    """One unit, with its tooltip; ``kind`` is "A" or "F"."""
    shape = ARMY_SHAPE if kind == "A" else FLEET_SHAPE
    cls = f"unit {'army' if kind == 'A' else 'fleet'} {power_class(power)}{' ' + extra_class if extra_class else ''}"
    place = f"translate({_f(at[0])} {_f(at[1])})"
    backing = ""
    if "dislodged" in extra_class:
        # Larger than a unit, on a disc of the halo's colour with a red rim, so that it stands out beside the unit
        # that took its place even at a phone's scale (issue 23).
        backing = f'<circle class="u-backing" r="{_f(DISLODGED_R)}"/>'
        place += f" scale({_f(DISLODGED_SCALE)})"
    return (f'<g class="{cls}" data-unit="{escape(location)}" transform="{place}">'
            f"<title>{escape(label)}</title>{backing}{shape}</g>")


def dislodged_spot(geo: Geometry, at: Point) -> Point:
    """Where a unit dislodged from ``at`` is drawn: DISLODGED_OFFSET down and right of it, or up or left where
    its disc would leave the board (Armenia and Syria are at its right edge)."""
    reach = DISLODGED_R * DISLODGED_SCALE + 2
    x, y = at
    dx, dy = DISLODGED_OFFSET
    return (x + dx if x + dx + reach <= geo.width else x - dx, y + dy if y + dy + reach <= geo.height else y - dy)


# ---- the board ----------------------------------------------------------------------------
def _province_layer(gmap: GameMap, geo: Geometry, owners: Mapping[str, str], seas: bool) -> list[str]:
    out = []
    for abbr, prov in gmap.provinces.items():
        if (prov.terrain is Terrain.SEA) != seas or abbr not in geo.paths:
            continue
        cls = {Terrain.SEA: "sea", Terrain.IMPASSABLE: "impassable"}.get(prov.terrain, "land")
        owner = owners.get(abbr)
        tip = prov.name
        if prov.terrain is Terrain.IMPASSABLE:
            tip += " (impassable)"
        if prov.centre:
            tip += f" (supply centre, {owner})" if owner else " (supply centre, unowned)"
        if owner:
            cls += " owned " + power_class(owner)
        out.append(f'<path class="prov {cls}" data-province="{abbr}" d="{geo.paths[abbr]}">'
                   f"<title>{escape(tip)}</title></path>")
    return out


def _labels(gmap: GameMap, geo: Geometry) -> list[str]:
    out = ['<g class="labels">']
    for abbr, prov in gmap.provinces.items():
        if abbr not in geo.label_at:
            continue
        x, y = geo.label_at[abbr]
        # A sea is labelled as an order writes it ("Mao", as in "F Mao - Spa"): "MAO" on the map beside "Mao" in
        # the order list read as two places to a new player. Its italic, sea-coloured style sets it apart.
        text = prov.display
        cls = "lbl sea" if prov.terrain is Terrain.SEA else "lbl"
        out.append(f'<text class="{cls}" x="{_f(x)}" y="{_f(y)}">{escape(text)}</text>')
        for coast in prov.coasts:
            loc = f"{abbr}/{coast.value}"
            if loc in geo.coast_label_at:
                cx, cy = geo.coast_label_at[loc]
                # data-coast: where the board puts the coast's target while a fleet's coast is being chosen.
                out.append(f'<text class="lbl coast" data-coast="{loc}" x="{_f(cx)}" y="{_f(cy)}">{coast.value}</text>')
    out.append("</g>")
    return out


def _centres(gmap: GameMap, geo: Geometry, owners: Mapping[str, str], destroyed: frozenset[str]) -> list[str]:
    out = ['<g class="centres">']
    for abbr, prov in gmap.provinces.items():
        if not prov.centre or abbr not in geo.centre_at:
            continue
        x, y = geo.centre_at[abbr]
        owner = owners.get(abbr)
        if abbr in destroyed:
            out.append(f'<g class="sc destroyed"><title>{escape(prov.name)}: supply centre destroyed</title>'
                       f'<circle cx="{_f(x)}" cy="{_f(y)}" r="5"/>'
                       f'<path d="M{_f(x - 5)} {_f(y - 5)}l10 10m0-10l-10 10"/></g>')
            continue
        cls = "sc " + (power_class(owner) if owner else "neutral")
        tip = f"{prov.name}: supply centre, " + (owner or "unowned")
        out.append(f'<circle class="{cls}" cx="{_f(x)}" cy="{_f(y)}" r="4"><title>{escape(tip)}</title></circle>')
    out.append("</g>")
    return out


def _defs(prefix: str, powers: Iterable[str]) -> str:
    """Arrow heads: one per power (a marker takes no colour from the line that uses it)."""
    heads = []
    for cls in sorted({power_class(p) for p in powers} | {"pw-none"}):
        heads.append(f'<marker id="{prefix}-{cls}" class="head {cls}" viewBox="0 0 10 10" refX="7" refY="5" '
                     'markerWidth="4" markerHeight="4" markerUnits="strokeWidth" orient="auto">'
                     '<path d="M0 0L10 5 0 10z"/></marker>')
    heads.append(f'<marker id="{prefix}-support" class="head support" viewBox="0 0 10 10" refX="7" refY="5" '
                 'markerWidth="5" markerHeight="5" markerUnits="strokeWidth" orient="auto">'
                 '<path d="M0 0L10 5 0 10z"/></marker>')
    return "<defs>" + "".join(heads) + "</defs>"


def _state(m: Mark) -> str:
    if m.state:
        return m.state
    return "ok" if m.ok else ("fail" if m.ok is False else "void")


def _crossed(m: Mark) -> bool:
    """A failed order, or one the checks refuse, carries a cross."""
    return m.ok is False or m.state == "illegal"


class _Orders:
    """Lays out the orders: moves first (supports and convoys point at their arrows)."""

    def __init__(self, geo: Geometry, prefix: str, occupied: set[str], dislodged_at: Mapping[str, Point],
                 fleets: Mapping[str, str], keep: _Keep = _Keep(), seas: frozenset[str] = frozenset()):
        self.geo, self.prefix, self.occupied, self.dislodged_at = geo, prefix, occupied, dislodged_at
        self.keep = keep  # what a result's mark keeps off
        self.seas = seas  # the sea provinces: a fleet's support runs over water only to a move or a fleet at sea
        self.fleets = fleets  # province -> location of each fleet on the board (before or after the orders)
        # Each move's marked point on its line, and how far from it a support stops (the mark's edge).
        self.mids: dict[tuple[str, str], tuple[Point, float]] = {}
        self.out: list[str] = []

    def is_fleet(self, m: Mark) -> bool:
        """The ordering unit is a fleet: as its order says, else as the board's units say (a summary's move
        ``from - to`` is drawn on the position after it: the fleet may stand at either end)."""
        if m.fleet is not None:
            return m.fleet
        if "/" in m.at:
            return True
        return province_of(m.at) in self.fleets or (m.kind == "move" and bool(m.ok) and m.to is not None
                                                    and province_of(m.to) in self.fleets)

    def at(self, loc: str, fleet: bool) -> Point:
        """Where the unit at ``loc`` is drawn."""
        return self.geo.anchor(loc, fleet)

    def _start(self, loc: str, retreat: bool = False, fleet: bool = False) -> Point:
        if retreat and province_of(loc) in self.dislodged_at:
            return self.dislodged_at[province_of(loc)]
        return self.geo.anchor(loc, fleet)

    def fleet_route(self, at: str, to: str) -> tuple[Point, ...] | None:
        """A fleet's route from ``at`` to the province of ``to`` (whichever of its coasts the route names)."""
        direct = self.geo.route(at, to)
        if direct is not None:
            return direct
        for a, b in self.geo.routes:
            for x, y in ((a, b), (b, a)):
                if x == at and province_of(y) == province_of(to):
                    return self.geo.route(x, y)
        return None

    def _emit(self, m: Mark, power: str, body: str) -> None:
        """One order: a group classed by kind, result and power, with the order as its tooltip."""
        self.out.append(f'<g class="order {m.kind} {_state(m)} {power_class(power)}">'
                        f"<title>{escape(m.text)}</title>{body}</g>")

    def arrow(self, m: Mark, power: str) -> None:
        fleet = self.is_fleet(m)
        a = self._start(m.at, m.kind == "retreat", fleet)
        to = _aim(m)
        b = self.geo.anchor(to, fleet)
        end_gap = UNIT_R + 2 if province_of(to) in self.occupied else 4
        route = self.geo.route(m.at, to) if fleet else None
        stood = self.geo.anchor(m.at, True)
        if fleet and a != stood:
            # A dislodged fleet set beside its coast: its retreat leaves by the coast it stood on, over water.
            if route is not None:
                d, along = _route_path([a, stood, *route, b], UNIT_R, end_gap)
            else:
                d, along = _curve(stood, b, 0, end_gap)
                p0 = _toward(a, stood, min(UNIT_R, math.dist(a, stood) / 3))
                d = f"M{_f(p0[0])} {_f(p0[1])}L" + d[1:]
        elif route is None:
            d, along = _curve(a, b, UNIT_R, end_gap)
        else:  # issue 23: a fleet's arrow runs over water
            d, along = _route_path([a, *route, b], UNIT_R, end_gap)
        # The mark, and the point of the line it marks, where a support of this move points too.
        crossed, ticked = _crossed(m), _state(m) == "ok"
        r = CROSS_R if crossed else TICK_R
        spot, at = _mark_spot(along, r, self.keep, beside=ticked)
        on_line = (crossed or ticked) and spot == at
        self.mids[(province_of(m.at), province_of(to))] = (at, r + 1 if on_line else 2.0)
        head = f"{self.prefix}-{power_class(power)}"
        mark = _cross(spot) if crossed else _tick(spot) if ticked else ""
        self._emit(m, power, f'<path class="casing" d="{d}"/><path class="line" d="{d}" marker-end="url(#{head})"/>'
                   + mark)

    def helper(self, m: Mark, power: str) -> None:
        """A support or convoy: a line from the unit to the move it helps (or a ring round a held unit)."""
        fleet = self.is_fleet(m)
        a = self.geo.anchor(m.at, fleet)
        target = province_of(_aim(m))
        ring = end = ""
        route = None
        if m.dest is None:  # support to hold: a line ending in a ring round the supported unit
            b = self.geo.anchor(self.fleets.get(target, target), target in self.fleets)
            gap = 13.0
            ring = _ring(b, 13)
            if fleet and target in self.fleets and target in self.seas:
                route = self.fleet_route(m.at, self.fleets[target])
        else:
            b, gap = self.mids.get((target, province_of(m.dest))) or (self.geo.anchor(m.dest), 2.0)
            if m.kind == "support":
                end = f' marker-end="url(#{self.prefix}-support)"'
                # A fleet's support of a move to sea reaches it along the fleet's own way there, over water; to a
                # move on land it runs straight (over water and back inland it zig-zagged: F Alb S A Ser - Gre).
                if fleet and province_of(m.dest) in self.seas:
                    route = self.fleet_route(m.at, m.dest)
        if route:
            d, along = _route_path([a, *route, b], UNIT_R, gap)
        else:
            p0, p1 = _toward(a, b, UNIT_R), _toward(b, a, gap)
            along = _polyline((p0, p1))
            d = f"M{_f(p0[0])} {_f(p0[1])}L{_f(p1[0])} {_f(p1[1])}"
        cross = _cross(_mark_spot(along, CROSS_R, self.keep)[0]) if _crossed(m) else ""
        self._emit(m, power, f'<path class="line" d="{d}"{end}/>{ring}' + cross)

    def hold(self, m: Mark, power: str) -> None:
        at = self.dislodged_at.get(province_of(m.at)) or self.geo.anchor(m.at, self.is_fleet(m))
        self._emit(m, power, _ring(at, 13) + (_cross(at) if _crossed(m) else ""))

    def adjustment(self, m: Mark, power: str) -> None:
        at = self.geo.anchor(m.at, m.unit_type == "F" if m.kind == "build" else self.is_fleet(m))
        if m.kind == "build":
            ghost = unit_svg(m.unit_type, power, m.at, at, m.text, "built")
            self._emit(m, power, _ring(at, 14) + ghost + (_cross(at) if _crossed(m) else ""))
        else:
            at = self.dislodged_at.get(province_of(m.at), at)
            self._emit(m, power, _ring(at, 13) + _cross(at, "disband-mark"))


def _aim(m: Mark) -> str:
    """Where a move, retreat, support or convoy mark points: its ``to``, which each of them names."""
    if m.to is None:
        raise ValueError(f"a {m.kind} mark names where it goes")
    return m.to


def _unit_points(geo: Geometry, units: Sequence[Unit], dislodged_at: Mapping[str, Point]) -> tuple[Point, ...]:
    """Where the units are drawn (a dislodged one beside the unit that took its place)."""
    return tuple(geo.anchor(u.location, u.type.value == "F") for u in units) + tuple(dislodged_at.values())


def _orders_layer(geo: Geometry, id_prefix: str, drawn: list[Mark], occupied: set[str],
                  dislodged_at: dict[str, Point], power_at: dict[str, str], fleets: Mapping[str, str], *,
                  keep: _Keep = _Keep(), seas: frozenset[str] = frozenset()) -> list[str]:
    """Every order drawn, moves first (the supports and convoys then end on the moves' curves)."""
    layer = _Orders(geo, id_prefix, occupied, dislodged_at, fleets, keep, seas)
    for m in sorted(drawn, key=lambda m: m.kind not in ("move", "retreat")):
        power = m.power or power_at.get(province_of(m.at), "")
        if m.kind in ("move", "retreat"):
            layer.arrow(m, power)
        elif m.kind in ("support", "convoy"):
            layer.helper(m, power)
        elif m.kind == "hold":
            layer.hold(m, power)
        else:
            layer.adjustment(m, power)
    return ['<g class="orders">', *layer.out, "</g>"]


def _units_layer(geo: Geometry, units: Sequence[Unit], knocked: list[Unit], dislodged_at: dict[str, Point]
                 ) -> list[str]:
    """Every unit at its anchor; a dislodged one beside the unit that took its place."""
    knocked_ids = {(u.power, u.location) for u in knocked}
    out = ['<g class="units">']
    for u in units:
        if (u.power, u.location) in knocked_ids:
            continue
        at = geo.anchor(u.location, u.type.value == "F")
        out.append(unit_svg(u.type.value, u.power, u.location, at, f"{u.power}: {u.label()}"))
    for u in knocked:
        at = dislodged_at[u.province]
        out.append(unit_svg(u.type.value, u.power, u.location, at, f"{u.power}: {u.label()} (dislodged)", "dislodged"))
    out.append("</g>")
    return out


# The builds and disbands due (issue 23), in a box at the top of the Norwegian Sea, clear of its name and of every
# place a unit stands even with all seven powers listed (at x 240 it ran to 721, over a fleet on StP's north coast
# at 730: a new player's build sat on its edge): within the middle of the map, which a phone's frame shows first
# (the map's left and right edges are scrolled to), and open water. Two powers a column, columns side by side.
# Sizes in map units.
DUE_AT = (228.0, 2.0)
# ... and its right edge no further than this: the Barents Sea's name starts at about 656 (a box of all seven
# powers, four columns, 481 wide, covered it; it then starts further left, over open water).
DUE_RIGHT = 650.0
DUE_ROW = 21.0
DUE_FONT = 16.0


def due_sentence(due: Mapping[str, int]) -> str:
    """``{"Austria": 2, "Russia": -1}`` -> "Austria builds 2, Russia disbands 1" (DIP 13.1)."""
    return ", ".join(f"{p} {'builds' if n > 0 else 'disbands'} {abs(n)}" for p, n in due.items())


def _due_box(due: Mapping[str, int]) -> list[str]:
    """Each power's builds (+) or disbands (-) due: a badge in the power's colour with the count, and the power's
    name, so that the colour is never the only carrier (WCAG 1.4.1); the whole in words as the box's title."""
    rows = [(p, n) for p, n in due.items() if n]
    if not rows:
        return []
    heading = "Builds (+) and disbands (\u2212) due"
    column = 36 + 6 + max(len(p) for p, _ in rows) * DUE_FONT * 0.6 + 10
    columns = (len(rows) + 1) // 2
    width = max(len(heading) * 14 * 0.56 + 12, column * columns + 4)
    height = 22 + min(len(rows), 2) * DUE_ROW + 3
    x0, y0 = min(DUE_AT[0], DUE_RIGHT - width), DUE_AT[1]
    out = [f'<g class="due"><title>{escape("Builds and disbands due: " + due_sentence(dict(rows)))}</title>',
           f'<rect class="due-box" x="{_f(x0)}" y="{_f(y0)}" width="{_f(width)}" height="{_f(height)}" rx="4"/>',
           f'<text class="due-head" x="{_f(x0 + 6)}" y="{_f(y0 + 12)}">{heading}</text>']
    for k, (power, n) in enumerate(rows):
        x = x0 + 6 + (k // 2) * column
        y = y0 + 22 + (k % 2) * DUE_ROW
        count = f"+{n}" if n > 0 else f"\u2212{-n}"
        out.append(f'<g class="due-row {power_class(power)}">'
                   f'<rect class="due-badge" x="{_f(x)}" y="{_f(y)}" width="36" height="19" rx="9.5"/>'
                   f'<text class="due-count" x="{_f(x + 18)}" y="{_f(y + 10)}">{count}</text>'
                   f'<text class="due-power" x="{_f(x + 42)}" y="{_f(y + 10)}">{escape(power)}</text></g>')
    out.append("</g>")
    return out


def render_board(gmap: GameMap, position, title: str, moves: Sequence = (), supports: Sequence = (),
                 convoys: Sequence = (), dislodged: Sequence = (), *, outcomes: Iterable[Outcome] | None = None,
                 marks: Iterable[Mark] = (), overlay: str = "", destroyed: Iterable[str] = (),
                 geometry: Geometry | None = None, id_prefix: str = "dip",
                 adjustments: Mapping[str, int] | None = None) -> str:
    """The board as an SVG string: provinces coloured by supply-centre owner, units, and orders.

    ``position`` needs ``units`` and ``owners`` (and may have ``dislodged``: units awaiting retreat).
    The orders come from ``outcomes`` (the adjudicator's ``Outcome`` list, with each order's result)
    or, failing that, from the summary tuples ``moves``, ``supports`` and ``convoys``; ``marks`` adds
    more. ``dislodged`` units are drawn offset beside the unit that took their place. A variant adds
    its own pieces as ``overlay`` (SVG it has escaped) and its destroyed centres as ``destroyed``.
    ``id_prefix`` keeps the arrow-head ids of two maps on one page apart. ``adjustments`` (power -> builds,
    negative for disbands) are drawn in a box on the map; by default, in an adjustment phase, those of DIP 13.1
    (centres less units) for the position drawn; a variant with rules of its own passes its own, or {}.
    """
    geo = geometry or standard_geometry()
    owners = dict(getattr(position, "owners", {}) or {})
    drawn = list(marks_from_outcomes(outcomes) if outcomes is not None else marks_from_tuples(moves, supports, convoys))
    drawn += list(marks)
    units = tuple(position.units)
    knocked = list(dislodged) + [d.unit for d in getattr(position, "dislodged", ()) or ()]
    powers = {u.power for u in units} | {u.power for u in knocked} | set(owners.values()) | {m.power for m in drawn}
    power_at = {u.province: u.power for u in units + tuple(knocked)}

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="dip-board" viewBox="0 0 {geo.width} {geo.height}" '
           f'role="img" aria-label="{escape(title)}" tabindex="0">',  # focusable: its frame scrolls by keyboard
           f"<title>{escape(title)}</title><desc>{escape(geo.credit)}</desc>",
           _defs(id_prefix, powers),
           '<g class="seas">', *_province_layer(gmap, geo, owners, seas=True), "</g>",
           f'<path class="offwater" d="{geo.offwater}"/>' if geo.offwater else "",
           '<g class="lands">', *_province_layer(gmap, geo, owners, seas=False), "</g>",
           f'<path class="hatch" d="{geo.impassable}"/>' if geo.impassable else "",
           f'<path class="offboard" d="{geo.offboard}"/>',
           *_centres(gmap, geo, owners, frozenset(destroyed))]

    dislodged_at: dict[str, Point] = {}
    for u in knocked:
        dislodged_at[u.province] = dislodged_spot(geo, geo.anchor(u.location, u.type.value == "F"))
    fleets = {u.province: u.location for u in units + tuple(knocked) if u.type.value == "F"}
    out += _orders_layer(geo, id_prefix, drawn, {u.province for u in units}, dislodged_at, power_at, fleets,
                         keep=_Keep(label_boxes(gmap, geo), _unit_points(geo, units, dislodged_at)),
                         seas=frozenset(a for a, p in gmap.provinces.items() if p.terrain is Terrain.SEA))
    # The names over the orders' lines and under the units: an arrow ending at a sea's or a province's unit spot
    # crossed its name, which read as "Ulr" for "Ukr" under a head (a new player's screenshot).
    out += _labels(gmap, geo)
    out += _units_layer(geo, units, knocked, dislodged_at)
    if adjustments is None and getattr(getattr(position, "phase", None), "kind", None) is PhaseKind.ADJUSTMENTS:
        adjustments = adjustments_due(position)
    out += _due_box(adjustments or {})
    out.append(overlay)
    out.append(f'<text class="credit" x="8" y="{geo.height - 8}">{escape(geo.credit)}</text></svg>')
    return "".join(out)


def _unordered(position, dislodged: bool) -> str:
    """A unit without an order: it holds in a movement phase (DIP R1); a dislodged unit without one is disbanded
    (DIP 12.4); any other unit has no order to give in its phase (a retreat or an adjustment phase): a dash."""
    kind = position.phase.kind.value
    if kind == "movement":
        return "holds (no order)"
    return "disbanded (no order)" if dislodged else "\u2014"


def _written(order, position) -> str:
    """An order as the orders box writes it: a support names the supported unit's kind (``A Mar S A Par - Bur``),
    as a player types it and as the board writes it; the typed order holds only its province."""
    text = describe(order)
    if isinstance(order, Support):
        held = next((u for u in position.units if province_of(u.location) == province_of(order.target)), None)
        if held is not None:
            text = text.replace(" S ", f" S {held.label().split(' ')[0]} ", 1)
    return text


def board_table(position, outcomes: Iterable[Outcome] = (), title: str = "On the map: units and orders"):
    """The map as text (issue 13: a map is never the only carrier): one row per unit drawn, with its order
    and result, plus the builds; for screen readers and for anyone who reads faster than they look."""
    from ..core import Table

    by_unit: dict[tuple[str, str], Outcome] = {}
    builds = []
    for o in outcomes:
        unit = getattr(o.order, "unit", None)
        if unit is not None:
            by_unit.setdefault((unit.power, unit.location), o)
        elif isinstance(o.order, Build):
            builds.append(o)
    rows = []
    knocked = [d.unit for d in getattr(position, "dislodged", ()) or ()]
    for u in list(position.units) + knocked:
        given = by_unit.get((u.power, u.location))
        state = " (dislodged)" if u in knocked else ""
        if given is None or (isinstance(given.order, Hold) and not given.line):
            rows.append([u.power, u.label() + state, _unordered(position, u in knocked), ""])
        else:
            rows.append([u.power, u.label() + state, _written(given.order, position), given.status.value])
    for o in builds:
        rows.append([o.power, "", describe(o.order), o.status.value])
    return Table(title, ["Power", "Unit", "Order", "Result"], rows)
