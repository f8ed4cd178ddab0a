"""The page's scripts (hooks/bundle.py, issue 28): every page runs one module script of the site's own, and
the calculator code is only where a widget is (preloaded there, imported by the page's script)."""
from __future__ import annotations

import json
import re

# The site's own scripts (not Material's, under assets/javascripts/).
OWN_SCRIPT = re.compile(r'<script src="([^"]*(?:assets/engine|(?<!assets/)javascripts)/[^"]*)"([^>]*)>')
PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]*)">')


def test_every_page_runs_one_module_script_of_the_sites_own(built_site):
    """Plus, where a widget is, the form's layout code (issue 25): a small classic script in <head>, so that
    each widget's script lays its form out before the page is first drawn."""
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        html = page.read_text(encoding="utf-8")
        scripts = OWN_SCRIPT.findall(html)
        modules = [s for s in scripts if 'type="module"' in s[1]]
        assert len(modules) == 1 and modules[0][0].endswith("assets/engine/page.js"), (page, scripts)
        early = [s for s in scripts if s not in modules]
        if '<section class="calc-widget"' in html:
            assert len(early) == 1 and early[0][0].endswith("assets/engine/early-form.js") and not early[0][1], page
            assert html.index(early[0][0]) < html.index("</head>"), page
        else:
            assert early == [], (page, early)


def test_the_early_form_script_is_small_and_lays_out_only(built_site):
    """It blocks the first drawing of the page while it loads: the form's code alone, minified, no engine."""
    early = (built_site / "assets" / "engine" / "early-form.js").read_text()
    assert len(early.encode()) < 24_000
    assert "__calcEarlyForm" in early and "Worker(" not in early and "import(" not in early


def test_only_pages_with_a_widget_preload_the_calculator_code(built_site):
    with_widget = 0
    for page in built_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        widget = '<section class="calc-widget"' in html
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
    assert re.search(r'new URL\("widgets\.js", ?import\.meta\.url\)', page)  # imported from beside itself
    assert 'new URL("purify.min.js", engineUrl)' in widgets
    purify = (engine / "purify.min.js").read_text()
    # Its licence first, after the compile hint (hooks/compile_hints.py).
    assert purify.startswith("//# allFunctionsCalledOnLoad\n/*! @license DOMPurify") and "export" in purify


def test_no_tooltip_is_set_up_per_element_as_a_page_opens(built_site):
    """Issue 25: Material's content.tooltips set up one tooltip per titled element (hundreds on a rules page: the
    page's longest task on a phone); the site's own script (docs/javascripts/tooltips.js) shows them on demand."""
    config = re.search(r'<script id="__config" type="application/json">(.*?)</script>',
                       (built_site / "diplomacy" / "rules" / "index.html").read_text(encoding="utf-8"), re.S)
    assert config and "content.tooltips" not in json.loads(config.group(1))["features"]
    assert "site-tooltip" in (built_site / "assets" / "engine" / "page.js").read_text()
