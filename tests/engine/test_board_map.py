"""The board map (issue 14): every province and centre is drawn, orders are drawn as players know
them, units carry their hooks, and the SVG keeps to the page's allow-list. (The regeneration, the
palette and the page's sanitiser are checked from the repository in tests/site/test_board_files.py.)

Expected counts are worked by hand from the orders given (the 1901 opening: 15 moves, one support,
five bounces).
"""
from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET

import pytest

import calculators
from calculators.core.package_data import read_text
from calculators.diplomacy.board_svg import DISLODGED_OFFSET, render_board, standard_geometry
from calculators.diplomacy.game import adjudicate_phase, reader_for
from calculators.diplomacy.map import Terrain
from calculators.diplomacy.parser import parse_phase, read_position
from calculators.diplomacy.variant import STANDARD

SVG = "{http://www.w3.org/2000/svg}"
GMAP = STANDARD.map


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def classes(el) -> set[str]:
    return set(el.get("class", "").split())


def find(root, cls: str, tag: str = "*"):
    return [el for el in root.iter(f"{SVG}{tag}" if tag != "*" else tag) if cls in classes(el)]


def phase_svg(phase: str, position: str, orders: str) -> tuple[str, object]:
    reader = reader_for(STANDARD)
    pos = read_position(reader, parse_phase(phase), position)
    result = adjudicate_phase(pos, orders)
    after = result.after
    knocked = [d.unit for d in after.dislodged] if pos.phase.kind.value == "movement" else []
    return render_board(GMAP, pos, phase, outcomes=result.outcomes, dislodged=knocked), result


# ---- the geometry -------------------------------------------------------------------------
def test_every_province_and_every_place_a_unit_can_stand_has_a_shape_and_an_anchor():
    geo = standard_geometry()
    assert set(geo.paths) == set(GMAP.provinces)
    assert len([a for a, p in GMAP.provinces.items() if p.terrain is not Terrain.IMPASSABLE]) == 75  # and Swi
    for abbr, prov in GMAP.provinces.items():
        assert abbr in geo.label_at
        if prov.terrain is not Terrain.IMPASSABLE:
            assert abbr in geo.unit_at
        for coast in prov.coasts:
            assert f"{abbr}/{coast.value}" in geo.unit_at and f"{abbr}/{coast.value}" in geo.coast_label_at
    assert {a for a, p in GMAP.provinces.items() if p.centre} == set(geo.centre_at)
    assert len(geo.centre_at) == 34
    for x, y in list(geo.unit_at.values()) + list(geo.label_at.values()) + list(geo.centre_at.values()):
        assert 0 < x < geo.width and 0 < y < geo.height


def test_the_map_has_a_region_for_each_province_and_a_marker_for_each_centre():
    r = calculators.run("dip-adjudicate", {})
    root = parse(r["charts"][0]["svg"])
    regions = {el.get("data-province"): el for el in root.iter(f"{SVG}path") if el.get("data-province")}
    assert set(regions) == set(GMAP.provinces)
    for abbr, el in regions.items():
        assert el.find(f"{SVG}title").text.startswith(GMAP.provinces[abbr].name)
        assert len(el.get("d")) > 20
    assert "impassable" in classes(regions["swi"])
    centres = find(root, "sc")
    assert len(centres) == 34
    assert all(c.find(f"{SVG}title").text for c in centres)
    labels = {t.text for t in find(root, "lbl", "text")}
    # Seas too are labelled as orders write them ("F Mao - Spa"), not "MAO" (a new player read two places).
    assert {"Par", "StP", "Nth", "Mao", "Swi"} <= labels and not labels & {"NTH", "MAO"}
    assert "Natural Earth" in "".join(root.itertext())


# ---- units and orders ----------------------------------------------------------------------
OPENING_MOVES = 15  # every "-" order in START_ORDERS
OPENING_FAILS = 5  # Mun - Bur (1 against Par's 2), War/Vie - Gal and Ank/Sev - Bla bounce


def test_the_opening_draws_22_units_15_arrows_one_support_and_marks_the_5_failures():
    r = calculators.run("dip-adjudicate", {"load": "opening"})
    root = parse(r["charts"][0]["svg"])
    units = [g for g in root.iter(f"{SVG}g") if g.get("data-unit")]
    assert len(units) == 22
    assert {g.get("data-unit") for g in units} >= {"lon", "edi", "lvp", "stp/sc", "sev", "ank"}
    assert all(g.find(f"{SVG}title").text.count(":") == 1 for g in units)
    moves = find(root, "move", "g")
    assert len(moves) == OPENING_MOVES
    assert len([g for g in moves if "fail" in classes(g)]) == OPENING_FAILS
    assert len(find(root, "fail-mark")) == OPENING_FAILS
    # A new player could not tell from the map that a move had worked: each succeeded move carries a tick.
    ticks = [g for g in moves if find(g, "ok-mark")]
    assert len(ticks) == OPENING_MOVES - OPENING_FAILS and all("ok" in classes(g) for g in ticks)
    supports = find(root, "support", "g")
    assert len(supports) == 1 and "ok" in classes(supports[0])
    assert find(root, "hold", "g") == []  # units without orders get no ring


def test_a_typed_move_not_yet_adjudicated_carries_neither_tick_nor_cross():
    from calculators.diplomacy.board_svg import Mark
    reader = reader_for(STANDARD)
    pos = read_position(reader, parse_phase("Spring 1901 movement"), "France: A Par")
    typed = Mark("move", "France", "par", "bur", None, None, "France: A Par - Bur (as typed)", state="typed")
    root = parse(render_board(GMAP, pos, "typed", marks=[typed]))
    (move,) = find(root, "move", "g")
    assert "typed" in classes(move) and not find(move, "ok-mark") and not find(move, "fail-mark")


def test_a_dislodged_unit_is_drawn_offset_and_marked():
    svg, result = phase_svg("Spring 1901 movement", "France: A Par, A Mar\nGermany: A Bur",
                            "France: A Par - Bur\nFrance: A Mar S A Par - Bur\nGermany: A Bur H")
    root = parse(svg)
    geo = standard_geometry()
    knocked = [g for g in find(root, "dislodged", "g") if g.get("data-unit") == "bur"]
    assert len(knocked) == 1
    x, y = geo.anchor("bur")
    assert knocked[0].get("transform").startswith(f"translate({x + DISLODGED_OFFSET[0]:g} {y + DISLODGED_OFFSET[1]:g})")
    assert len([g for g in root.iter(f"{SVG}g") if g.get("data-unit") == "bur"]) == 1  # not drawn twice
    assert len(find(root, "hold", "g")) == 1  # a hold the player wrote gets its ring


def _placed(g) -> tuple[float, float, float]:
    """A unit group's ``translate(x y) scale(k)``: where it stands and how large it is drawn."""
    nums = [float(v) for v in re.findall(r"-?[\d.]+", g.get("transform"))]
    return nums[0], nums[1], nums[2] if len(nums) > 2 else 1.0


@pytest.mark.parametrize("kind", ["A", "F"])
def test_a_dislodged_unit_is_larger_than_a_unit_clear_of_its_attacker_and_on_the_board(kind):
    """Issue 23: a dislodged unit readable on a phone. Wherever a unit of the kind may stand, the dislodged one
    is drawn at least 1.2 times a unit's size; its disc keeps clear of the silhouette of the unit that took its
    place (an army or a fleet spans 12 units either side of its anchor and 8 above and 9.5 below it:
    ARMY_SHAPE, FLEET_SHAPE); and the disc lies on the board (its viewBox), Armenia and Syria at the right edge
    included."""
    geo = standard_geometry()
    reader = reader_for(STANDARD)
    borders = json.loads(read_text("calculators.diplomacy.board_svg", "standard_map.json"))["fleet_borders"]
    places = sorted({x for pair in borders for x in pair} if kind == "F" else
                    {a for a, p in GMAP.provinces.items() if p.terrain not in (Terrain.SEA, Terrain.IMPASSABLE)})
    assert len(places) > 55
    wrong = []
    for loc in places:
        where = loc.split("/")[0].capitalize() + (f"/{loc.split('/')[1]}" if "/" in loc else "")
        pos = read_position(reader, parse_phase("Spring 1901 movement"), f"France: {kind} {where}")
        root = parse(render_board(GMAP, pos.but(units=()), "t", dislodged=list(pos.units)))
        (g,) = find(root, "dislodged", "g")
        x, y, k = _placed(g)
        r = float(next(c for c in g.iter(f"{SVG}circle") if "u-backing" in classes(c)).get("r")) * k
        ax, ay = geo.anchor(loc, kind == "F")
        gap = math.dist((x, y), (min(max(x, ax - 12), ax + 12), min(max(y, ay - 8), ay + 9.5))) - r
        if k < 1.2 or gap < 1 or not (r <= x <= geo.width - r and r <= y <= geo.height - r):
            wrong.append(f"{kind} {loc}: scale {k}, gap {gap:.1f}, at ({x:g}, {y:g}) r {r:g}")
    assert wrong == []


def test_retreats_builds_and_disbands_are_drawn():
    svg, _ = phase_svg("Spring 1901 retreats", "France: A Bur\nDislodged Germany: A Mun from Bur",
                       "Germany: A Mun R Ruh")
    root = parse(svg)
    assert len(find(root, "retreat", "g")) == 1 and "ok" in classes(find(root, "retreat", "g")[0])
    svg, _ = phase_svg("Winter 1901", "France: A Bur\nCentres France: Par, Mar, Bre, Spa\nGermany: A Mun, A Kie, A Ber"
                       "\nCentres Germany: Mun, Kie", "France: Build A Par\nFrance: Build F Bre\nGermany: A Ber D")
    root = parse(svg)
    builds = find(root, "build", "g")
    assert len(builds) == 2 and all(find(b, "built") for b in builds)
    assert len(find(root, "disband", "g")) == 1 and find(root, "disband-mark")


def _due(root) -> dict[str, tuple[str, str]]:
    """The builds and disbands drawn on the map: power class -> (its badge's count, the power's name beside it)."""
    return {next(c for c in classes(g) if c.startswith("pw-")):
            (find(g, "due-count", "text")[0].text, find(g, "due-power", "text")[0].text)
            for g in find(root, "due-row", "g")}


# DIP 13.1 worked by hand: Austria holds Vie, Bud, Tri, Ser and Gre with 3 units (builds 2); Russia Mos, War and Sev
# with 4 units (disbands 1); Turkey Con and Ank with 2 units (nothing due: not drawn).
WINTER = ("Austria: A Ser, A Bud, F Tri\nCentres Austria: Vie, Bud, Tri, Ser, Gre\n"
          "Russia: A Mos, A War, A Ukr, F Sev\nCentres Russia: Mos, War, Sev\n"
          "Turkey: A Con, F Ank\nCentres Turkey: Con, Ank")
DUE = {"pw-austria": ("+2", "Austria"), "pw-russia": ("\u22121", "Russia")}


@pytest.mark.parametrize(("calc", "params"), [
    ("dip-options", {"phase": "Winter 1901", "position": WINTER}),
    ("wotw-options", {"season": "winter", "year": 1901, "position": WINTER})])
def test_the_winter_board_draws_each_powers_builds_and_disbands_due(calc, params):
    """Issue 23: the counts on the map, not only beside it: a badge in the power's colour with the count and the
    power's name, and the whole in words as the box's title; the Spring board has none."""
    r = calculators.run(calc, params)
    assert r["ok"], r
    root = parse(r["charts"][0]["svg"])
    assert _due(root) == DUE
    (box,) = find(root, "due", "g")
    assert box.find(f"{SVG}title").text == "Builds and disbands due: Austria builds 2, Russia disbands 1"
    spring = dict(params, **({"phase": "Spring 1902"} if "phase" in params else {"season": "spring", "year": 1902}))
    assert find(parse(calculators.run(calc, spring)["charts"][0]["svg"]), "due", "g") == []


# Every power adjusting at once, the longest names: one unit less than its centres each (DIP 13.1: builds 1).
SEVEN = ("Austria: A Vie\nCentres Austria: Vie, Bud\nEngland: F Lon\nCentres England: Lon, Edi\n"
         "France: A Par\nCentres France: Par, Bre\nGermany: A Ber\nCentres Germany: Ber, Kie\n"
         "Italy: A Rom\nCentres Italy: Rom, Nap\nRussia: A Mos\nCentres Russia: Mos, War\n"
         "Turkey: A Con\nCentres Turkey: Con, Ank")


def test_the_counts_box_covers_no_place_a_unit_stands_and_no_name():
    """The box with all seven powers listed lies clear (by a unit's half-width, 16 map units) of every place a unit
    is drawn: each province's army place, each fleet place and each coast's (a new player's fleet built on StP's
    north coast sat on the box's edge)."""
    r = calculators.run("dip-options", {"phase": "Winter 1901", "position": SEVEN})
    assert r["ok"], r
    root = parse(r["charts"][0]["svg"])
    assert len(_due(root)) == 7
    (rect,) = [e for e in root.iter(f"{SVG}rect") if e.get("class") == "due-box"]
    x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
    geometry = json.loads(read_text("calculators.diplomacy.board_svg", "board_geometry.json"))
    places = []
    for key, p in geometry["provinces"].items():
        places += [(key, p[k]) for k in ("unit", "fleet") if k in p]
        places += [(f"{key}/{c}", q["unit"]) for c, q in p.get("coasts", {}).items()]
    near = [(k, at) for k, at in places if x - 16 < at[0] < x + w + 16 and y - 16 < at[1] < y + h + 16]
    assert not near, (near, (x, y, w, h))
    # Nor does it cover a province's name (a new player's Winter hid "Bar"): a name is centred on its place,
    # 13.5 map units high (board.css .lbl) and at most 0.65 of that wide a letter, kept 2 units clear.
    covered = []
    for t in find(root, "lbl", "text"):
        cx, cy, half = float(t.get("x")), float(t.get("y")), len(t.text) * 13.5 * 0.65 / 2
        if cx + half > x - 2 and cx - half < x + w + 2 and cy + 7 > y - 2 and cy - 7 < y + h + 2:
            covered.append((t.text, cx, cy))
    assert not covered, (covered, (x, y, w, h))


@pytest.mark.parametrize("calc", ["dip-adjudicate", "wotw-adjudicate"])
def test_a_fall_result_draws_the_builds_and_disbands_it_leaves_due(calc):
    """Issue 23: after Fall, the result's map carries the Winter's counts from the new owners (DIP 14.3): F Alb -
    Gre and A Ser staying make Austria's centres Vie, Bud, Tri, Ser and Gre, 5 for 3 units (builds 2); Russia keeps
    3 centres for 4 units (disbands 1)."""
    position = ("Austria: A Ser, A Bud, F Alb\nCentres Austria: Vie, Bud, Tri\n"
                "Russia: A Mos, A War, A Ukr, F Sev\nCentres Russia: Mos, War, Sev")
    when = {"phase": "Fall 1901"} if calc.startswith("dip") else {"season": "fall", "year": 1901}
    r = calculators.run(calc, {**when, "position": position, "orders": "Austria: F Alb - Gre"})
    assert r["ok"], r
    drawn = _due(parse(r["charts"][0]["svg"]))
    assert {k: drawn.get(k) for k in DUE} == DUE
    spring = calculators.run(calc, {**({"phase": "Spring 1901"} if calc.startswith("dip") else
                                      {"season": "spring", "year": 1901}), "position": position,
                                   "orders": "Austria: F Alb - Gre"})
    assert _due(parse(spring["charts"][0]["svg"])) == {}  # a Spring leads to no Winter


def test_a_support_points_at_the_move_it_supports():
    svg, _ = phase_svg("Spring 1901 movement", "France: A Par, A Mar",
                       "France: A Par - Bur\nFrance: A Mar S A Par - Bur")
    root = parse(svg)
    line = [float(v) for v in re.findall(r"-?[\d.]+", find(find(root, "support", "g")[0], "line")[0].get("d"))]
    start, end = tuple(line[:2]), tuple(line[-2:])
    move = find(root, "move", "g")[0]
    x0, y0, cx, cy, x1, y1 = (float(v) for v in re.findall(r"-?[\d.]+", find(move, "line")[0].get("d")))
    mid = (0.25 * x0 + 0.5 * cx + 0.25 * x1, 0.25 * y0 + 0.5 * cy + 0.25 * y1)
    (tick,) = find(move, "ok-mark")
    disc = tick.find(f"{SVG}circle")
    centre, r = (float(disc.get("cx")), float(disc.get("cy"))), float(disc.get("r"))
    # The tick sits at the move's middle (nothing there to keep off), and the support stops at its edge, aimed at it.
    assert math.dist(centre, mid) < 1
    assert abs(math.dist(end, centre) - (r + 1)) < 0.5 and math.dist(start, centre) > math.dist(start, end)


def test_the_adjudicator_gives_the_map_as_a_table_too():
    r = calculators.run("dip-adjudicate", {"load": "opening"})
    table = next(t for t in r["tables"] if t["title"].startswith("On the map"))
    assert len(table["rows"]) == 22
    # A support is written as the orders box writes it (the supported unit's kind named: issue 23).
    assert ["France", "A Mar", "A Mar S A Par - Bur", "succeeds"] in table["rows"]
    assert ["Germany", "A Mun", "A Mun - Bur", "fails"] in table["rows"]
    assert ["Italy", "A Rom", "holds (no order)", ""] in table["rows"]
    # The results table gives the power once, in its Power column, not again in the order.
    results = r["tables"][0]
    assert results["columns"][:2] == ["Power", "Order"]
    assert all(not row[1].startswith(row[0] + ":") for row in results["rows"]), results["rows"]


def test_in_winter_no_unit_is_said_to_hold():
    """DIP 13: in an adjustment phase a unit has no order to give; only builds and disbands are ordered."""
    params = {"phase": "Winter 1901 adjustments",
              "position": "England: F Nth, A Lon\nFrance: A Par\nCentres England: Lon, Edi, Lvp, Nwy\n"
                          "Centres France: Par, Bre, Mar",
              "orders": "England: Build F Edi"}
    r = calculators.run("dip-adjudicate", params)
    assert r["ok"], r
    table = next(t for t in r["tables"] if t["title"].startswith("On the map"))
    assert ["England", "F Nth", "\u2014", ""] in table["rows"]
    assert ["France", "A Par", "\u2014", ""] in table["rows"]
    assert not any("holds" in row[2] for row in table["rows"]), table["rows"]


def test_war_of_the_worlds_draws_martians_with_strength_the_cylinder_and_destroyed_centres():
    params = {"season": "spring", "year": "1901",
              "position": "England: F Lon\nCentres England: Lon\nMartian: 2A Par, A Pic, 3A Vie\nDestroyed: Mar",
              "orders": "England: F Lon - ENG", "martian_orders": "", "virus": "false",
              "landings": "Gal, Mar, Pic, Fin, Ser, Edi"}
    r = calculators.run("wotw-adjudicate", params)
    assert r["ok"], r
    root = parse(r["charts"][0]["svg"])
    martians = find(root, "martian", "g")
    assert {g.get("data-unit") for g in martians} >= {"par", "pic", "vie"}
    strengths = {g.get("data-unit"): find(g, "strength", "text")[0].text for g in martians}
    assert strengths["vie"] == "3" and strengths["pic"] == "1"
    assert len(find(root, "landing", "g")) == 1
    assert [g for g in find(root, "destroyed", "g") if "Marseilles" in g.find(f"{SVG}title").text]


# ---- the page's allow-list -------------------------------------------------------------------
ALLOWED_TAGS = {"svg", "g", "path", "circle", "ellipse", "rect", "line", "polyline", "polygon", "text", "tspan",
                "title", "desc", "defs", "marker", "symbol", "use"}
PRESENTATION = {"fill", "stroke", "stroke-width", "stroke-dasharray", "stroke-linecap", "stroke-linejoin", "opacity",
                "fill-opacity", "stroke-opacity", "font-size", "font-weight", "font-family", "text-anchor",
                "dominant-baseline", "marker-end", "marker-start", "transform", "paint-order"}
GEOMETRY_ATTRS = {"x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "d", "points", "width", "height",
                  "viewBox", "refX", "refY", "markerWidth", "markerHeight", "markerUnits", "orient",
                  "preserveAspectRatio"}


MAPS = {"opening": ("dip-adjudicate", {"load": "opening"}),
        "retreats (6.H.1)": ("dip-adjudicate", {"load": "datc-6.H.1"}),
        "builds (6.I.1)": ("dip-adjudicate", {"load": "datc-6.I.1"}),
        "convoy (6.F.1)": ("dip-adjudicate", {"load": "datc-6.F.1"}), "wotw": ("wotw-adjudicate", {"load": "example"})}


@pytest.mark.parametrize("name", list(MAPS))
def test_the_svg_keeps_to_the_allow_list_and_survives_the_page_sanitiser(name):
    calc, params = MAPS[name]
    r = calculators.run(calc, params)
    assert r["ok"], r
    svg = r["charts"][0]["svg"]
    assert "<script" not in svg and "<style" not in svg and "foreignObject" not in svg
    root = parse(svg)
    for el in root.iter():
        tag = el.tag.replace(SVG, "")
        assert tag in ALLOWED_TAGS, tag
        for name, value in el.attrib.items():
            ok = (name in {"class", "id", "role", "tabindex", "xmlns"} or name.startswith(("data-", "aria-"))
                  or name in PRESENTATION or name in GEOMETRY_ATTRS)
            assert ok, (tag, name)
            assert not name.startswith("on") and "javascript:" not in value
            for ref in re.findall(r"url\(([^)]*)\)", value):
                assert ref.startswith("#"), value
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids))


def test_text_from_the_position_is_escaped():
    hostile = render_board(GMAP, type("P", (), {"units": (), "owners": {}})(), "<script>alert(1)</script> & co")
    assert "<script>" not in hostile and "&lt;script&gt;" in hostile
    parse(hostile)


def test_the_board_marks_the_seasons_cylinder_site_before_the_season_is_adjudicated():
    """Issue 23, WOTW 3.1: the six sites land in Spring and Fall 1901-1903, in the schedule's order; the board's
    map (the options calculator's, drawn before adjudicating) marks the season's site, and none after Fall 1903."""
    schedule = "Mar, Gal, Pic, Fin, Ser, Edi"
    for season, year, site in (("spring", 1901, "mar"), ("fall", 1901, "gal"), ("fall", 1903, "edi")):
        r = calculators.run("wotw-options", {"season": season, "year": year, "position": "Russia: A War",
                                             "landings": schedule, "orders": "Russia: A War - Gal"})
        root = parse(r["charts"][0]["svg"])
        assert [g.get("data-province") for g in find(root, "landing", "g")] == [site], (season, year)
    r = calculators.run("wotw-options", {"season": "spring", "year": 1904, "position": "Russia: A War",
                                         "landings": schedule})
    assert find(parse(r["charts"][0]["svg"]), "landing", "g") == []  # no landing after the sixth


def test_the_cylinder_marker_says_what_it_is_before_and_after_the_season():
    """WOTW 3.3, 3.4: the marker's title names the site, that it lands this season, and what that does (before
    adjudicating: Marseilles is a supply centre); after the season, that it landed there. Words worked from the
    rules' text, not read from the code."""
    schedule = "Mar, Gal, Pic, Fin, Ser, Edi"
    before = calculators.run("wotw-options", {"season": "spring", "year": 1901, "position": "France: A Mar",
                                              "landings": schedule})
    mark = find(parse(before["charts"][0]["svg"]), "landing", "g")[0]
    assert mark.find(f"{SVG}title").text == (
        "Cylinder lands in Marseilles this season (WOTW 3.3): any unit there when it lands is eliminated, and the "
        "supply centre destroyed; an Earth move into it bounces (WOTW 3.4)")
    fall = calculators.run("wotw-options", {"season": "fall", "year": 1901, "position": "Russia: A War",
                                            "landings": schedule})  # Galicia: no supply centre
    mark = find(parse(fall["charts"][0]["svg"]), "landing", "g")[0]
    assert mark.find(f"{SVG}title").text == (
        "Cylinder lands in Galicia this season (WOTW 3.3): any unit there when it lands is eliminated; an Earth "
        "move into it bounces (WOTW 3.4)")
    after = calculators.run("wotw-adjudicate", {"load": "start", "orders": "France: A Par - Bur"})
    mark = find(parse(after["charts"][0]["svg"]), "landing", "g")[0]
    assert mark.find(f"{SVG}title").text == "Cylinder landed in Marseilles this season (WOTW 3.3)"


# ---- names and result marks (a new player's screenshots: ticks over "Hel", "Nth", "Hol"; "Ukr" under a head) ----
# A name's box as drawn: centred on its x, y (text-anchor middle, dominant-baseline central), its font size from
# board.css (13.5 px, coasts 10 px), a bold letter at most 0.65 em wide and the text 1 em high.
def _name_boxes(root) -> list[tuple[str, float, float, float, float]]:
    boxes = []
    for t in find(root, "lbl", "text"):
        size = 10.0 if "coast" in classes(t) else 13.5
        boxes.append((t.text, float(t.get("x")), float(t.get("y")), 0.325 * size * len(t.text), 0.5 * size))
    return boxes


def _marks(root) -> list[tuple[float, float, float]]:
    """Each tick (its disc: centre, radius) and each cross (drawn from its centre - 4, -4: radius 4 * sqrt 2)."""
    out = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r"))) for g in find(root, "ok-mark")
           for c in g.iter(f"{SVG}circle")]
    for p in find(root, "fail-mark", "path"):
        x, y = (float(v) for v in re.match(r"M(-?[\d.]+) (-?[\d.]+)", p.get("d")).groups())
        out.append((x + 4, y + 4, 4 * math.sqrt(2)))
    return out


def _covered(root) -> list[str]:
    """The names a mark's disc overlaps."""
    hits = []
    for name, x, y, w, h in _name_boxes(root):
        for mx, my, r in _marks(root):
            nx, ny = min(max(mx, x - w), x + w), min(max(my, y - h), y + h)  # the box's point nearest the centre
            if math.dist((mx, my), (nx, ny)) < r:
                hits.append(name)
    return hits


FALL_1901 = ("England: F Nth, F Nwg, A Yor\nGermany: F Den, A Kie, A Ruh\nFrance: F Mao, A Bur, A Spa\n"
             "Russia: F Bot, A Ukr, A Gal, F Sev\nTurkey: F Bla, A Bul, A Arm\nAustria: A Ser, F Alb, A Bud\n"
             "Italy: F Ion, A Apu, A Tyr")
FALL_ORDERS = ("England: F Nth - Hol; F Nwg - Nwy; A Yor H\nGermany: F Den - Hel; A Kie - Hol; A Ruh S A Kie - Hol\n"
               "France: F Mao - Por; A Bur - Bel; A Spa H\nRussia: F Bot - Swe; A Ukr - Rum; A Gal S A Ukr - Rum; "
               "F Sev - Bla\nTurkey: F Bla - Rum; A Bul S F Bla - Rum; A Arm - Sev\nAustria: A Ser - Gre; "
               "F Alb S A Ser - Gre; A Bud - Gal\nItaly: F Ion - Tun; A Apu - Ven; A Tyr - Mun")


def test_the_names_are_drawn_over_the_orders_and_under_the_units():
    root = parse(calculators.run("dip-adjudicate", {"load": "opening"})["charts"][0]["svg"])
    layers = [next(iter(classes(el)), "") for el in root]
    assert layers.index("orders") < layers.index("labels") < layers.index("units"), layers


def _ends(d: str) -> tuple[tuple[float, float], tuple[float, float]]:
    v = [float(x) for x in re.findall(r"-?[\d.]+", d)]
    return (v[0], v[1]), (v[-2], v[-1])


def test_no_result_mark_covers_a_name_or_its_arrows_head():
    """The head of a short arrow (F Kie - Den, A Rom - Apu, A Lvp - Yor) showed only as a sliver beside its tick:
    a tick keeps its arrow's head in view (the head reaches 7 units back from the line's end: 4 strokes of 2.6,
    its tip at 7/10)."""
    opening = parse(calculators.run("dip-adjudicate", {"load": "opening"})["charts"][0]["svg"])
    fall, _ = phase_svg("Fall 1901 movement", FALL_1901, FALL_ORDERS)
    for root in (opening, parse(fall)):
        assert len(_marks(root)) >= 10 and _covered(root) == []
        for move in find(root, "move", "g"):
            for tick in find(move, "ok-mark"):
                disc = tick.find(f"{SVG}circle")
                _, end = _ends(find(move, "line")[0].get("d"))
                gap = math.dist((float(disc.get("cx")), float(disc.get("cy"))), end) - float(disc.get("r"))
                assert gap >= 7, (move.find(f"{SVG}title").text, gap)


def test_a_fleets_support_of_a_move_on_land_runs_straight():
    """F Alb S A Ser - Gre ran out to sea round Greece and back inland to the move's tick: to a move on land the
    support is one straight line (to a move at sea it still keeps to the water: test_board_fleet_routes.py)."""
    svg, _ = phase_svg("Spring 1901 movement", "Austria: A Ser, F Alb",
                       "Austria: A Ser - Gre\nAustria: F Alb S A Ser - Gre")
    (support,) = find(parse(svg), "support", "g")
    d = find(support, "line")[0].get("d")
    assert d.count("L") == 1 and "Q" not in d, d
