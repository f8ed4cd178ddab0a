"""The site build: strict, self-contained, widgets pre-rendered (issue 2)."""
from __future__ import annotations

import json
import re

import calculators


def test_strict_build_has_no_warnings(build_log):
    assert "WARNING" not in build_log and "ERROR" not in build_log, build_log


def test_engine_assets_are_self_hosted(built_site):
    engine = built_site / "assets" / "engine"
    for name in ("widgets.js", "worker.mjs", "rules.json", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm",
                 "pyodide/pyodide-lock.json"):
        assert (engine / name).is_file(), name
    lock = json.loads((engine / "pyodide" / "pyodide-lock.json").read_text())
    entry = lock["packages"]["calculators"]
    assert (engine / "pyodide" / entry["file_name"]).is_file()
    # The standard library is the compiled one the lock file names; the runtime's own is not shipped.
    stdlib = lock["tool"]["calculators"]["stdlib"]
    assert (engine / "pyodide" / stdlib["file_name"]).is_file()
    assert stdlib["file_name"] != "python_stdlib.zip" and not (engine / "pyodide" / "python_stdlib.zip").exists()


def test_every_calculator_is_embedded_and_prerendered(built_site):
    pages = {p: p.read_text(encoding="utf-8") for p in built_site.rglob("*.html")}
    for calc in calculators.catalog():
        page = built_site / calc["page"].replace(".md", "") / "index.html"
        if calc["page"].endswith("index.md"):
            page = built_site / calc["page"].replace("index.md", "") / "index.html"
        html = pages[page]
        m = re.search(rf'<section class="calc-widget" id="calc-{calc["id"]}"[^>]*>.*?<p class="calc-summary">(.*?)</p>',
                      html, re.S)
        assert m, f"{calc['id']} has no pre-rendered widget on {calc['page']}"
        assert m.group(1).strip()


def test_virus_widget_prerenders_the_engine_result(built_site):
    html = (built_site / "wotw" / "virus" / "index.html").read_text(encoding="utf-8")
    want = calculators.run("wotw-virus", {"year": "1904", "season": "spring", "largest": "6"})["summary"]
    assert f'<p class="calc-summary">{want}</p>' in html


def test_no_outside_resources(built_site):
    """No CDN, no web fonts: every script, stylesheet, image and font is the site's own."""
    bad = []
    for page in built_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        for m in re.finditer(r'<(script|link|img|iframe|source)\b[^>]*?\b(src|href)="(https?:)?//', html):
            if "rel=\"canonical\"" in m.group(0):
                continue
            bad.append((page.name, m.group(0)[:120]))
    for css in built_site.rglob("*.css"):
        if re.search(r"@import\s+url\(\s*['\"]?https?:|fonts\.googleapis", css.read_text(errors="ignore")):
            bad.append((css.name, "remote import"))
    assert not bad, bad
