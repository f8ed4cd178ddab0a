"""The search index holds the pages' own text, not the calculators' pre-rendered results (issue 24),
and one entry per rule ID that links to the rule."""
from __future__ import annotations

import html
import json
import re

import pytest

SUMMARY = re.compile(r'<section class="calc-widget" id="([a-z0-9-]+)".*?<p class="calc-summary">(.*?)</p>', re.S)
TAG = re.compile(r"<[^>]+>")


@pytest.fixture(scope="module")
def index(built_site):
    return json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))


def _text(fragment: str) -> str:
    return " ".join(html.unescape(TAG.sub(" ", fragment)).split())


def test_no_prerendered_result_is_indexed(built_site, index):
    indexed = " ".join(_text(d["title"] + " " + d["text"]) for d in index["docs"])
    headlines = [(str(p.relative_to(built_site)), wid, _text(s)) for p in built_site.rglob("index.html")
                 for wid, s in SUMMARY.findall(p.read_text(encoding="utf-8"))]
    assert len(headlines) > 40
    found = [(page, wid) for page, wid, s in headlines if s[:60] in indexed]
    assert not found, f"pre-rendered results in the search index: {found[:5]}"
    for noise in ("Exact probabilities (", "Pre-computed for the starting values", "digit fraction"):
        assert noise not in indexed


def test_the_text_around_a_widget_is_still_indexed(index):
    # The shooting page's sections each hold a widget: their prose before and after it stays searchable.
    docs = {d["location"]: _text(d["text"]) for d in index["docs"]}
    assert "focused beam" in docs["aqmf/shooting/#heat-ray-focused-or-sweep"]
    assert docs["aqmf/shooting/#how-the-numbers-are-worked-out"].startswith("To hit:")


def test_every_rule_has_an_entry_titled_by_its_id(built_site, index):
    urls = json.loads((built_site / "assets" / "engine" / "rules.json").read_text(encoding="utf-8"))
    by_title = {d["title"]: d["location"] for d in index["docs"]}
    rules = [rid for rid in urls if ":" not in rid]
    assert {rid: by_title.get(rid) for rid in rules} == {rid: urls[rid] for rid in rules}
    # A reading is named by its label, never by its raw id.
    assert by_title["WOTW R6: Before the moves"] == urls["WOTW R6: before-moves"]
    assert not any(t.startswith("WOTW R6: before-moves") for t in by_title)
    # The page's own entry comes first: Material's search takes it as the page (the article).
    first = {}
    for d in index["docs"]:
        first.setdefault(d["location"].split("#")[0], d["location"])
    assert all("#" not in loc for loc in first.values())
