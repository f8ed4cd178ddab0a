"""Sea routes drawn over sea (issue 23: "the F Den - Swe arrow is drawn across land").

For every move a fleet can make on the standard board (every fleet border of standard_map.json, both
ways, each coast), the arrow drawn must stay over water except within REACH of its two ends. Land is read
from board_geometry.json itself (the land provinces' outlines and the off-board land, parsed here with a
point-in-polygon of our own), and the ends are the fleet anchors the geometry names: nothing is taken
from the drawing code but the drawn path. Denmark, Kiel, Constantinople and Sweden join two waters that
do not meet on the board (the Danish straits, the Kiel canal, the Bosporus and Dardanelles are drawn as
their land, as on the printed board; a fleet there moves into either water, DIP 5.5), so a fleet's arrow
may cross its own strait province's land on its way to the water, within STRAIT_REACH of where the fleet
stands, and no other land (F Den - Swe ran across Zealand, 66 units from the fleet in Jutland, although the
Kattegat joins Denmark and Sweden: issue 23).
"""
from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET

import pytest

from calculators.core.package_data import read_text
from calculators.diplomacy.board_svg import Mark, render_board
from calculators.diplomacy.game import adjudicate_phase, reader_for
from calculators.diplomacy.parser import parse_phase, read_position
from calculators.diplomacy.variant import STANDARD

# Read as the package ships them (the wheel under Pyodide has no repository around it).
GEO = json.loads(read_text("calculators.diplomacy.board_svg", "board_geometry.json"))
MAP = json.loads(read_text("calculators.diplomacy.board_svg", "standard_map.json"))
TERRAIN = {p["abbr"]: p["terrain"] for p in MAP["provinces"]}
SVG = "{http://www.w3.org/2000/svg}"
REACH = 14.0  # a fleet silhouette is 24 units wide: an arrow may leave its land within about its width
STRAITS = {"den", "kie", "con", "swe"}
STRAIT_REACH = 30.0  # tools/map/fleets.mjs STRAIT_REACH: the strait's land an arrow crosses to reach the water


def rings(d: str) -> list[list[tuple[float, float]]]:
    """The rings of the generator's path data: M x y, then l dx dy pairs, z."""
    out, ring, x, y, rel = [], [], 0.0, 0.0, False
    tokens = re.findall(r"[MlzZ]|-?(?:\d+\.?\d*|\.\d+)", d)
    nums: list[float] = []
    for t in tokens:
        if t == "M":
            rel, nums = False, []
        elif t == "l":
            rel, nums = True, []
        elif t in "zZ":
            out.append(ring)
            ring, nums = [], []
        else:
            nums.append(float(t))
            if len(nums) == 2:
                x, y = (x + nums[0], y + nums[1]) if rel else (nums[0], nums[1])
                ring.append((x, y))
                nums = []
    return out


def shape(d: str):
    rs = rings(d)
    return [(r, min(p[0] for p in r), max(p[0] for p in r), min(p[1] for p in r), max(p[1] for p in r)) for r in rs]


LAND = {a: shape(p["d"]) for a, p in GEO["provinces"].items() if TERRAIN[a] != "sea"}
LAND["(off the board)"] = shape(GEO["offboard"])


def inside(pt, shp) -> bool:
    """Even-odd over every ring (holes included)."""
    x, y = pt
    hit = False
    for ring, x0, x1, y0, y1 in shp:
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            continue
        for (xa, ya), (xb, yb) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (ya > y) != (yb > y) and x < (xb - xa) * (y - ya) / (yb - ya) + xa:
                hit = not hit
    return hit


def land_at(pt) -> str | None:
    return next((a for a, shp in LAND.items() if inside(pt, shp)), None)


def fleet_anchor(loc: str) -> tuple[float, float]:
    prov, _, coast = loc.partition("/")
    p = GEO["provinces"][prov]
    return tuple(p["coasts"][coast]["unit"] if coast else p.get("fleet", p["unit"]))


def samples(d: str):
    """Points along a drawn path of M, L (a straight leg) and Q (a bent one) commands, every unit or so."""
    out: list[tuple[float, float]] = []
    here = (0.0, 0.0)
    for cmd, args in re.findall(r"([MLQ])([^MLQ]*)", d):
        nums = [float(v) for v in re.findall(r"-?[\d.]+", args)]
        pts = list(zip(nums[::2], nums[1::2], strict=True))
        if cmd == "M":
            here = pts[0]
            continue
        if cmd == "Q":
            (cx, cy), end = pts
            n = max(4, int(math.dist(here, end)) * 2)
            ts = [k / n for k in range(n + 1)]
            out += [((1 - t) ** 2 * here[0] + 2 * (1 - t) * t * cx + t * t * end[0],
                     (1 - t) ** 2 * here[1] + 2 * (1 - t) * t * cy + t * t * end[1]) for t in ts]
        else:
            end = pts[0]
            n = max(2, int(math.dist(here, end)))
            out += [(here[0] + (end[0] - here[0]) * k / n, here[1] + (end[1] - here[1]) * k / n) for k in range(n + 1)]
        here = end
    return out


def show(loc: str) -> str:
    prov, _, coast = loc.partition("/")
    return prov.capitalize() + (f"/{coast}" if coast else "")


def fleet_moves():
    for a, b in MAP["fleet_borders"]:
        yield a, b
        yield b, a


def drawn_move(a: str, b: str) -> tuple[str, ET.Element]:
    pos = read_position(reader_for(STANDARD), parse_phase("Spring 1901 movement"), f"England: F {show(a)}")
    result = adjudicate_phase(pos, f"England: F {show(a)} - {show(b)}")
    root = ET.fromstring(render_board(STANDARD.map, pos, "t", outcomes=result.outcomes))
    move = next(g for g in root.iter(f"{SVG}g") if "move" in g.get("class", "").split())
    return next(p for p in move.iter(f"{SVG}path") if "line" in p.get("class", "").split()).get("d"), root


def off_segment(p, a, b) -> float:
    """The distance from p to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ((dx * dx + dy * dy) or 1.0)))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def crossings(d: str, a: str, b: str, start=None) -> list[str]:
    """``start``: where a dislodged fleet is drawn; the arrow may cross land on its way back to its coast."""
    ends = (fleet_anchor(a), fleet_anchor(b))
    straits = {x.split("/")[0]: fleet_anchor(x) for x in (a, b) if x.split("/")[0] in STRAITS}
    bad = []
    for p in samples(d):
        if min(math.dist(p, e) for e in ends) <= REACH or (start and off_segment(p, start, ends[0]) <= REACH):
            continue
        where = land_at(p)
        if where is not None and not (where in straits and math.dist(p, straits[where]) <= STRAIT_REACH):
            bad.append(f"{where} at ({p[0]:.0f}, {p[1]:.0f})")
    return bad


def test_every_fleet_move_is_drawn_over_water():
    wrong = {}
    for a, b in fleet_moves():
        d, _ = drawn_move(a, b)
        pts = samples(d)
        # the arrow joins the two fleets (it is not drawn elsewhere)
        assert math.dist(pts[0], fleet_anchor(a)) <= 12 and math.dist(pts[-1], fleet_anchor(b)) <= 12, (a, b, d)
        bad = crossings(d, a, b)
        if bad:
            wrong[f"F {a} - {b}"] = bad[:3]
    assert wrong == {}


@pytest.mark.parametrize(("a", "b"), [("den", "swe"), ("swe", "den")])
def test_f_den_swe_is_drawn_over_the_kattegat_not_across_zealand(a, b):
    """The case the issue names: the arrow leaves Jutland for the Kattegat and reaches Sweden over it, and
    nowhere crosses Zealand (Denmark's land more than STRAIT_REACH from the fleet in Jutland)."""
    d, _ = drawn_move(a, b)
    assert crossings(d, a, b) == []
    den = fleet_anchor("den")
    assert not [p for p in samples(d) if land_at(p) == "den" and math.dist(p, den) > STRAIT_REACH]


def test_every_fleet_retreat_is_drawn_over_water():
    """A dislodged fleet is set beside where it stood (tests/engine/test_board_map.py); its retreat's arrow may
    cross land only near its way from that spot back to where it stood, and near where it goes."""
    wrong = {}
    for a, b in fleet_moves():
        pos = read_position(reader_for(STANDARD), parse_phase("Spring 1901 retreats"), f"England: F {show(a)}")
        svg = render_board(STANDARD.map, pos.but(units=()), "t", dislodged=list(pos.units),
                           marks=[Mark("retreat", "England", a, b, None, True, "retreat")])
        group = next(g for g in ET.fromstring(svg).iter(f"{SVG}g") if "retreat" in g.get("class", "").split())
        d = next(p for p in group.iter(f"{SVG}path") if "line" in p.get("class", "").split()).get("d")
        unit = next(g for g in ET.fromstring(svg).iter(f"{SVG}g") if "dislodged" in g.get("class", "").split())
        x, y = (float(v) for v in re.findall(r"-?[\d.]+", unit.get("transform"))[:2])
        bad = crossings(d, a, b, start=(x, y))
        if bad:
            wrong[f"F {a} R {b}"] = bad[:3]
    assert wrong == {}


@pytest.mark.parametrize("loc", sorted({x for pair in MAP["fleet_borders"] for x in pair
                                        if TERRAIN[x.split("/")[0]] != "sea"}))
def test_a_fleet_stands_on_its_own_coast(loc):
    """Where a fleet is drawn: on its province's land, within a few units of the water (Sweden's fleet
    is no longer inland)."""
    x, y = fleet_anchor(loc)
    assert land_at((x, y)) == loc.split("/")[0]
    reach = 24 if loc in STRAITS else 12  # a strait's fleet stands between its two waters
    near_water = [(x + r * math.cos(k * math.pi / 12), y + r * math.sin(k * math.pi / 12))
                  for r in range(4, reach + 1, 4) for k in range(24)]
    assert any(land_at(p) is None for p in near_water), f"the fleet in {loc} stands more than {reach} units from water"


def test_a_fleet_is_drawn_at_its_fleet_anchor_and_an_army_at_its_own():
    _, root = drawn_move("swe", "bal")
    unit = next(g for g in root.iter(f"{SVG}g") if g.get("data-unit") == "swe")
    x, y = fleet_anchor("swe")
    assert unit.get("transform") == f"translate({x:g} {y:g})"
    assert fleet_anchor("swe") != tuple(GEO["provinces"]["swe"]["unit"])


@pytest.mark.parametrize("orders", ["Russia: F Sev - Bla", "Germany: F Den - Swe", "England: F Nwy - Ska"])
def test_the_war_of_the_worlds_board_draws_the_same_sea_routes(orders):
    """War of the Worlds draws on the same board (calculators/wotw/board_svg.py): its fleets too."""
    import calculators

    power, order = orders.split(": ")
    a, b = (w.lower() for w in order.split()[1::2])
    r = calculators.run("wotw-adjudicate", {"position": f"{power}: F {a.capitalize()}", "orders": orders})
    root = ET.fromstring(r["charts"][0]["svg"])
    move = next(g for g in root.iter(f"{SVG}g") if "move" in g.get("class", "").split())
    d = next(p for p in move.iter(f"{SVG}path") if "line" in p.get("class", "").split()).get("d")
    assert crossings(d, a, b) == []
