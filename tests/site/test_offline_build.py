"""What the build writes for offline use and for installing the site as an app (issue 12)."""
from __future__ import annotations

import hashlib
import json
import re
import struct

import pytest
from PIL import Image

BUILD_LINE = re.compile(r"^const BUILD = (\{.*\});$", re.M)


@pytest.fixture(scope="module")
def sw_build(built_site) -> dict:
    text = (built_site / "sw.js").read_text(encoding="utf-8")
    m = BUILD_LINE.search(text)
    assert m, "sw.js does not start with this build's file list"
    assert "self.addEventListener(\"fetch\"" in text
    return json.loads(m.group(1))


def test_the_service_worker_lists_every_page_and_the_runtime_with_their_hashes(built_site, sw_build):
    files = sw_build["files"]
    pages = {p.relative_to(built_site).as_posix() for p in built_site.rglob("*.html")}
    assert pages <= set(files), sorted(pages - set(files))
    # The sanitiser and its allow-list too: without them no result can be shown offline.
    engine = ("worker.mjs", "engine-boot.mjs", "widgets.js", "offline.js", "pyodide/pyodide.asm.wasm",
              "pyodide/pyodide.asm.mjs", "pyodide/pyodide.mjs", "pyodide/python_stdlib.pyc.zip",
              "pyodide/pyodide-lock.json", "purify.min.js", "allowlist.json", "rules.json")
    for needed in ("search/search_index.json", "sitemap.xml", "manifest.webmanifest",
                   *(f"assets/engine/{name}" for name in engine)):
        assert needed in files, needed
    lock = json.loads((built_site / "assets/engine/pyodide/pyodide-lock.json").read_text())
    assert "assets/engine/pyodide/" + lock["packages"]["calculators"]["file_name"] in files
    for path, digest in files.items():
        assert hashlib.sha256((built_site / path).read_bytes()).hexdigest() == digest, path
    assert not [p for p in files if p.endswith(".map") or p == "sw.js"]


def test_the_cache_version_changes_with_any_file(sw_build):
    """The version is a hash of the whole list: any changed file makes a new cache."""
    listed = sw_build["files"]
    assert sw_build["version"] == hashlib.sha256(json.dumps(listed, sort_keys=True).encode()).hexdigest()[:16]
    changed = dict(listed, **{"assets/engine/pyodide/pyodide.asm.wasm": "0" * 64})
    assert hashlib.sha256(json.dumps(changed, sort_keys=True).encode()).hexdigest()[:16] != sw_build["version"]


def test_every_page_links_the_manifest_and_service_worker(built_site):
    for page in built_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        where = page.relative_to(built_site).as_posix()
        assert re.search(r'<link rel="manifest" href="[^"]*manifest\.webmanifest">', html), where
        assert re.search(r'<meta name="martian-service-worker" content="[^"]*sw\.js">', html), where
        assert re.search(r'<link rel="apple-touch-icon" href="[^"]*apple-touch-icon\.png">', html), where


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_makes_an_installable_full_screen_app(built_site):
    manifest = json.loads((built_site / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert manifest["name"] and manifest["short_name"] and len(manifest["short_name"]) <= 15
    have = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= have
    for icon in manifest["icons"]:
        w, h = png_size((built_site / icon["src"]).read_bytes())
        assert f"{w}x{h}" == icon["sizes"], icon["src"]
    assert png_size((built_site / "assets/icons/apple-touch-icon.png").read_bytes()) == (180, 180)


def test_the_theme_colour_is_the_headers(built_site):
    """Material paints the header with the first palette's primary colour: one of Material's named
    colours, or with ``primary: custom`` the one the site's palette stylesheet sets on the root
    (stylesheets/palette.css, rust red here). test_offline.py checks it against the header as drawn."""
    html = (built_site / "index.html").read_text(encoding="utf-8")
    primary = re.search(r'data-md-color-primary="([a-z-]+)"', html).group(1)
    if primary == "custom":
        css = (built_site / "stylesheets" / "palette.css").read_text(encoding="utf-8")
        colour = re.search(r":root\s*\{[^}]*?--md-primary-fg-color:\s*(#[0-9a-fA-F]+)\s*;", css).group(1)
    else:
        css = next((built_site / "assets" / "stylesheets").glob("palette.*.min.css")).read_text()
        rule = rf"\[data-md-color-primary={primary}\]\{{--md-primary-fg-color:(#[0-9a-fA-F]+)"
        colour = re.search(rule, css).group(1)
    assert json.loads((built_site / "manifest.webmanifest").read_text())["theme_color"] == colour.lower()


@pytest.mark.parametrize("size", [192, 512])
def test_maskable_icons_keep_their_motif_in_the_safe_zone(built_site, size):
    """A maskable icon is opaque edge to edge, and everything outside the central circle of
    80% of its width (what every platform's mask keeps) is plain background."""
    img = Image.open(built_site / f"assets/icons/icon-maskable-{size}.png").convert("RGBA")
    background = img.getpixel((0, 0))
    assert background[3] == 255
    r = 0.4 * size
    outside = [(x, y) for y in range(size) for x in range(size)
               if (x + 0.5 - size / 2) ** 2 + (y + 0.5 - size / 2) ** 2 > r * r]
    assert all(img.getpixel(p) == background for p in outside)
    assert any(img.getpixel((x, size // 2)) != background for x in range(size)), "the motif is missing"


def test_any_icons_have_transparent_corners(built_site):
    img = Image.open(built_site / "assets/icons/icon-any-512.png").convert("RGBA")
    assert img.getpixel((0, 0))[3] == 0 and img.getpixel((256, 256))[3] == 255
