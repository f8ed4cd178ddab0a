"""One renderer (issue 17): the build pre-renders each widget with calculators.present, the browser's
worker returns the same HTML, and both keep to the one allow-list the page enforces."""
from __future__ import annotations

import html
import json
import re

import pytest

import calculators
from calculators.present import allowlist, worker
from calculators.present.charts import map_html

WIDGET = re.compile(r'<section class="calc-widget" id="([a-z0-9-]+)" data-calc="([a-z0-9-]+)" data-root="([./]*)" '
                    r'data-defaults="([^"]*)" data-schema="[^"]*"(?: data-presets="[^"]*")?[^>]*>'
                    r'.*?<div class="calc-result" id="calc-[a-z0-9-]+-result" aria-live="polite" '
                    r'data-html-hash="[0-9]+:[0-9a-f]{8}">(.*?)</div>\n</section>', re.S)


@pytest.fixture(scope="module")
def widgets(built_site):
    found = []
    for page in sorted(built_site.rglob("*.html")):
        for m in WIDGET.finditer(page.read_text(encoding="utf-8")):
            wid, calc, root, defaults, static = m.groups()
            found.append({"page": str(page.relative_to(built_site)), "id": wid, "calc": calc, "root": root,
                          "defaults": json.loads(html.unescape(defaults)), "html": static})
    return found


def _worker_html(built_site, calc: str, params: dict, root: str) -> str:
    """What the browser's worker sends the page, run here under CPython."""
    worker.configure((built_site / "assets" / "engine" / "rules.json").read_text(encoding="utf-8"))
    events = [json.loads(e) for e in iter(worker.start(calc, json.dumps(params), root).step, "null")]
    assert "result" in events[-1], events[-1]
    return events[-1]["html"]


def test_every_calculator_is_prerendered_somewhere(widgets):
    assert {w["calc"] for w in widgets} == {c["id"] for c in calculators.catalog()}


def test_build_and_worker_give_identical_html(widgets, built_site):
    for w in widgets:
        assert _worker_html(built_site, w["calc"], w["defaults"], w["root"]) == w["html"], (w["page"], w["id"])


def test_prerendered_html_keeps_to_the_allow_list(widgets):
    for w in widgets:
        assert allowlist.problems(w["html"]) == [], (w["page"], w["id"])
        assert "<abbr" not in w["html"], "Markdown must not touch a widget (glossary tooltips in a result)"


def test_rule_links_are_relative_to_the_page(widgets, built_site):
    for w in widgets:
        for href in re.findall(r'<a href="([^"]+)"', w["html"]):
            target = (built_site / w["page"]).parent / href.split("#")[0]
            assert (target / "index.html").is_file() or target.is_file(), (w["page"], href)


HOSTILE_SVG = [
    '<svg viewBox="0 0 10 10"><script>alert(1)</script></svg>',
    '<svg viewBox="0 0 10 10"><foreignObject><p>x</p></foreignObject></svg>',
    '<svg viewBox="0 0 10 10" onload="alert(1)"></svg>',
    '<svg viewBox="0 0 10 10"><use href="https://example.org/x.svg#a"/></svg>',
    '<svg viewBox="0 0 10 10"><use xlink:href="data:image/svg+xml,x"/></svg>',
    '<svg viewBox="0 0 10 10"><a href="javascript:alert(1)"><text>x</text></a></svg>',
    '<svg viewBox="0 0 10 10"><rect fill="url(https://example.org/p.svg#g)"/></svg>',
    '<svg viewBox="0 0 10 10"><rect style="fill:red"/></svg>',
    '<svg viewBox="0 0 10 10"><image href="x.png"/></svg>',
    "<div>not a drawing</div>",
]


@pytest.mark.parametrize("markup", HOSTILE_SVG)
def test_a_map_with_anything_active_is_refused(markup):
    with pytest.raises(ValueError):
        map_html({"type": "svg", "title": "t", "svg": markup})


def test_what_the_map_helper_may_draw_is_admitted():
    markup = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="Map">'
              '<title>Map</title><desc>A board</desc><defs><marker id="ah" markerWidth="6" markerHeight="6" refX="9" '
              'refY="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker>'
              '<symbol id="army"><circle r="4"/></symbol></defs>'
              '<g class="prov" id="p-par" data-province="par" tabindex="0" aria-label="Paris">'
              '<polygon points="0,0 10,0 10,10"/><polyline points="0,0 5,5"/><ellipse cx="5" cy="5" rx="2" ry="1"/>'
              '<line x1="0" y1="0" x2="5" y2="5" marker-end="url(#ah)" stroke-dasharray="2 2"/>'
              '<use href="#army" x="5" y="5"/><text x="1" y="1" font-size="12" text-anchor="middle">Par'
              '<tspan dx="2">is</tspan></text><rect width="1" height="1" fill="url(#army)"/></g></svg>')
    out = map_html({"type": "svg", "title": "Board", "svg": markup})
    assert 'class="calc-map"' in out and "<use" in out and 'data-province="par"' in out


def test_a_bar_charts_certain_values_read_whole():
    """A chart's 0 and 1 read "0%" and "100%", as a table's cells do; a chance between keeps two places."""
    import re

    from calculators.present.charts import bar_chart_html
    html = bar_chart_html({"type": "bar", "title": "t", "labels": ["a", "b", "c"], "x_label": "x",
                           "series": [{"name": "Chance", "values": [0.0, 0.25, 1.0]}]})
    assert re.findall(r'class="calc-bar-value">([^<]*)<', html) == ["0%", "25.00%", "100%"]
