"""The board map's files (issue 14): the committed geometry regenerates byte for byte from the
pinned npm packages (Natural Earth via world-atlas), the board's palette meets WCAG contrast in
the light and dark schemes, and the page's SVG sanitiser keeps everything the renderer draws.
"""
from __future__ import annotations

import math
import pathlib
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

import calculators
from calculators.present import allowlist
from calculators.diplomacy.variant import STANDARD

ROOT = pathlib.Path(__file__).resolve().parents[2]
GEOMETRY = ROOT / "calculators" / "diplomacy" / "board_geometry.json"
GMAP = STANDARD.map


def test_regenerating_the_map_gives_the_committed_file_byte_for_byte(tmp_path):
    """tools/map/generate.mjs from the pinned npm packages (make test installs them) rebuilds the file;
    it also fails if two provinces touch on the drawing but are not neighbours in the game, or the reverse."""
    node = shutil.which("node")
    assert node, "Node is needed to regenerate the map (make test installs tools/map)"
    assert (ROOT / "tools" / "map" / "node_modules" / "world-atlas").is_dir(), \
        "run `make setup-test` (or `cd tools/map && npm ci`) to install the map generator's packages"
    out = tmp_path / "board_geometry.json"
    proc = subprocess.run([node, str(ROOT / "tools" / "map" / "generate.mjs"), "--out", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert out.read_bytes() == GEOMETRY.read_bytes(), "board_geometry.json is stale: run `make map` and commit it"


@pytest.mark.parametrize("calc, params", [("dip-adjudicate", {}), ("dip-adjudicate", {"load": "datc-6.H.1"}),
                                          ("wotw-adjudicate", {"load": "example"})])
def test_the_page_sanitiser_keeps_every_element_and_attribute_of_the_map(calc, params):
    """The one allow-list (calculators/present/allowlist.json) that the page's DOMPurify enforces."""
    svg = calculators.run(calc, params)["charts"][0]["svg"]
    ET.fromstring(svg)  # well-formed
    assert allowlist.problems(svg) == []


# ---- the palette -----------------------------------------------------------------------------
def _luminance(hex_colour: str) -> float:
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _palettes() -> dict[str, dict[str, str]]:
    """Every --dip-* colour of each palette, from every block of board.css that sets them."""
    css = (ROOT / "docs" / "stylesheets" / "board.css").read_text()
    blocks = {"light": re.findall(r"^\.dip-board \{(.*?)\}", css, re.S | re.M),
              "dark": re.findall(r'^\[data-md-color-scheme="slate"\] \.dip-board \{(.*?)\}', css, re.S | re.M)}
    return {name: dict(re.findall(r"(--dip-[\w-]+):\s*(#[0-9a-fA-F]{6})", "\n".join(bodies)))
            for name, bodies in blocks.items()}


def _lab(hex_colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    xyz = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    fx, fy, fz = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in xyz]
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def colour_difference(a: str, b: str) -> float:
    """CIE76 delta E: about 2 is just noticeable, 10 plainly so; 25 and more, different colours."""
    return math.dist(_lab(a), _lab(b))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_map_text_meets_4_5_to_1_and_units_3_to_1_on_every_fill(scheme):
    pal = _palettes()[scheme]
    fills = ["--dip-land", "--dip-impassable", "--dip-sea"] + [k for k in pal if k.endswith("-tint")]
    for fill in fills:
        assert contrast(pal["--dip-text"], pal[fill]) >= 4.5, (scheme, fill)
        assert contrast(pal["--dip-unit-edge"], pal[fill]) >= 3, (scheme, fill)
    assert contrast(pal["--dip-sea-text"], pal["--dip-sea"]) >= 4.5
    assert contrast(pal["--dip-martian-text"], pal["--dip-martian"]) >= 4.5
    assert contrast(pal["--dip-fail"], pal["--dip-land"]) >= 3
    assert contrast(pal["--dip-ok"], pal["--dip-halo"]) >= 3, "a succeeded move's tick on its disc"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_powers_colour_stands_out_3_to_1_from_land_sea_and_its_own_centres(scheme):
    """Issue 23: a unit, an arrow or a centre in a power's colour is told from the land and sea it crosses and
    from its own tinted provinces (WCAG 1.4.11, 3:1 for graphics)."""
    pal = _palettes()[scheme]
    for power in [p.name.lower() for p in GMAP.powers] + ["martian"]:
        colour = pal[f"--dip-{power}"]
        for fill in ("--dip-land", "--dip-sea", f"--dip-{power}-tint"):
            assert contrast(colour, pal[fill]) >= 3, (scheme, power, fill, round(contrast(colour, pal[fill]), 2))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_places_a_unit_may_go_are_a_colour_of_their_own(scheme):
    """A new player took the yellow of the places Smyrna's army could go for Turkey's own land: the highlight's fill
    is a colour no province's tint, the land or the sea comes near (delta E >= 25), and the map's names and
    units stay readable on it."""
    pal = _palettes()[scheme]
    fill = pal["--dip-choose-fill"]
    for name in [k for k in pal if k.endswith("-tint")] + ["--dip-land", "--dip-sea", "--dip-impassable"]:
        assert colour_difference(fill, pal[name]) >= 25, (scheme, name, round(colour_difference(fill, pal[name]), 1))
    assert contrast(pal["--dip-text"], fill) >= 4.5
    assert contrast(pal["--dip-unit-edge"], fill) >= 3
    assert contrast(pal["--dip-choose"], fill) >= 2.5, "the outline of a place it may go shows on its fill"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_powers_land_is_told_from_the_sea(scheme):
    """A new player saw Brest, Marseilles and London blend into the water: a power's tint is a colour apart from
    the sea's (delta E >= 20) and from the other powers' (>= 12: the Martians' was Austria's at 4.6)."""
    pal = _palettes()[scheme]
    tints = {power: pal[f"--dip-{power}-tint"] for power in [p.name.lower() for p in GMAP.powers] + ["martian"]}
    for power, tint in tints.items():
        assert colour_difference(tint, pal["--dip-sea"]) >= 20, (scheme, power)
        for other, theirs in tints.items():
            if other != power:
                assert colour_difference(tint, theirs) >= 12, (scheme, power, other)


def test_in_the_dark_palette_the_land_is_a_step_lighter_than_the_sea():
    """A new player could not pick England's navy land out of the dark palette's navy sea (delta E 20.7, luminance
    contrast 1.23: dark colours have little hue to tell them by): in the dark palette the land and every power's
    land are lighter than the sea (luminance contrast >= 1.35) and a colour apart from it (delta E >= 25)."""
    pal = _palettes()["dark"]
    fills = ["--dip-land"] + [f"--dip-{p.name.lower()}-tint" for p in GMAP.powers] + ["--dip-martian-tint"]
    for fill in fills:
        assert contrast(pal[fill], pal["--dip-sea"]) >= 1.35, (fill, round(contrast(pal[fill], pal["--dip-sea"]), 2))
        assert colour_difference(pal[fill], pal["--dip-sea"]) >= 25, (fill, round(colour_difference(pal[fill], pal["--dip-sea"]), 1))


def test_in_the_dark_palette_every_powers_land_is_told_from_unowned_land():
    """A new player found Germany's grey and Turkey's olive close to the dark palette's brown land (delta E 10.3 and
    luminance contrast 1.28 for Germany): each power's land is a step lighter than unowned land (>= 1.3:1) or a
    colour well apart from it (delta E >= 25: Austria's red, Russia's purple)."""
    pal = _palettes()["dark"]
    for power in [p.name.lower() for p in GMAP.powers] + ["martian"]:
        tint, land = pal[f"--dip-{power}-tint"], pal["--dip-land"]
        step, apart = contrast(tint, land), colour_difference(tint, land)
        assert step >= 1.3 or apart >= 25, (power, round(step, 2), round(apart, 1))


def test_every_power_class_the_renderer_uses_has_colours_in_both_palettes():
    css = (ROOT / "docs" / "stylesheets" / "board.css").read_text()
    for power in [p.name for p in GMAP.powers] + ["Martian"]:
        cls = "pw-" + power.lower()
        assert f".dip-board .{cls} {{ --pw:" in css and f".prov.owned.{cls} {{" in css, power
        for pal in _palettes().values():
            assert f"--dip-{power.lower()}" in pal and f"--dip-{power.lower()}-tint" in pal


def _fill(css: str, cls: str) -> str:
    """The custom property a board.css rule for ``.dip-board .cls`` fills with (var(--x) or var(--x, ...))."""
    m = re.search(r"\.dip-board \." + re.escape(cls) + r" \{[^}]*?fill: var\((--[\w-]+)", css)
    assert m, f"board.css has no fill for .{cls}"
    return m.group(1)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_builds_and_disbands_box_reads_4_5_to_1_in_every_powers_colour(scheme):
    """Issue 23: the count on each power's badge (board_svg._due_box) is text: 4.5:1 on every power's colour; the
    power's name beside it 4.5:1 on the box; the box's outline 3:1 on the sea under it (the Atlantic), in both palettes."""
    css = (ROOT / "docs" / "stylesheets" / "board.css").read_text()
    pal = _palettes()[scheme]
    count, badge, name, box = (_fill(css, c) for c in ("due-count", "due-badge", "due-power", "due-box"))
    assert badge == "--pw", "a badge is in its power's colour"
    edge = re.search(r"\.dip-board \.due-box \{[^}]*?stroke: var\((--[\w-]+)\)", css).group(1)
    for power in [p.name.lower() for p in GMAP.powers] + ["none"]:
        assert contrast(pal[count], pal[f"--dip-{power}"]) >= 4.5, (scheme, power)
    assert contrast(pal[name], pal[box]) >= 4.5
    assert contrast(pal[edge], pal["--dip-sea"]) >= 3
