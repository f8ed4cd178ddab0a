"""The page's scripts (hooks/bundle.py, issue 28): every page runs one module script of the site's own, and
the calculator code is only where a widget is (preloaded there, imported by the page's script)."""
from __future__ import annotations

import json
import re

# The site's own scripts (not Material's, under assets/javascripts/).
OWN_SCRIPT = re.compile(r'<script src="([^"]*(?:assets/engine|(?<!assets/)javascripts)/[^"]*)"([^>]*)>')
PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]*)">')


def test_every_page_runs_one_module_script_of_the_sites_own(built_site):
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        scripts = OWN_SCRIPT.findall(page.read_text(encoding="utf-8"))
        assert len(scripts) == 1 and scripts[0][0].endswith("assets/engine/page.js"), (page, scripts)
        assert 'type="module"' in scripts[0][1], page


def test_only_pages_with_a_widget_preload_the_calculator_code(built_site):
    with_widget = 0
    for page in built_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        widget = '<div class="calc-widget"' in html
        with_widget += widget
        preloads = PRELOAD.findall(html)
        assert [p.endswith("assets/engine/widgets.js") for p in preloads] == ([True] if widget else []), page
    assert with_widget > 5


def test_the_calculator_code_is_not_in_the_page_script(built_site):
    engine = built_site / "assets" / "engine"
    page, widgets = (engine / "page.js").read_text(), (engine / "widgets.js").read_text()
    for name in ("EngineConnection", "Widget", "Board", "GroupField"):
        declared = f"var {name} = class"  # how esbuild writes a class it bundles
        assert declared in widgets and declared not in page, name
    assert 'new URL("widgets.js", import.meta.url)' in page  # imported from beside itself, when a widget is there
    assert 'new URL("purify.min.js", engineUrl)' in widgets
    purify = (engine / "purify.min.js").read_text()
    assert purify.startswith("/*! @license DOMPurify") and "export" in purify


def test_no_tooltip_is_set_up_per_element_as_a_page_opens(built_site):
    """Issue 25: Material's content.tooltips set up one tooltip per titled element (hundreds on a rules page: the
    page's longest task on a phone); the site's own script (docs/javascripts/tooltips.js) shows them on demand."""
    config = re.search(r'<script id="__config" type="application/json">(.*?)</script>',
                       (built_site / "diplomacy" / "rules" / "index.html").read_text(encoding="utf-8"), re.S)
    assert config and "content.tooltips" not in json.loads(config.group(1))["features"]
    assert "site-tooltip" in (built_site / "assets" / "engine" / "page.js").read_text()
