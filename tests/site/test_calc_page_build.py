"""A page of its own for every calculator (issue 24): the catalog's ``page`` names it, the build makes
it (title, purpose, then the form), and the rules pages link to it."""
from __future__ import annotations

import html
import posixpath
import re
from urllib.parse import urljoin

import pytest

import calculators

HREF = re.compile(r'<a [^>]*href="([^"#]*)(#[^"]*)?"')
BADGE = re.compile(r"<span class='rule-calcs'>calculator: (.*?)</span>", re.S)


def _url(src: str) -> str:
    """The site path of a page source: "wotw/virus.md" -> "wotw/virus/", "x/index.md" -> "x/"."""
    stem = src.removesuffix(".md")
    return "" if stem == "index" else (stem.removesuffix("index") if stem.endswith("/index") else stem + "/")


def _read(built_site, url: str) -> str:
    return (built_site / url / "index.html").read_text(encoding="utf-8")


def _links(text: str, url: str) -> set[str]:
    """Every page this page links to, as site paths."""
    base = "http://site/" + url
    return {urljoin(base, h).removeprefix("http://site/") for h, _ in HREF.findall(text) if h}


@pytest.fixture(scope="module")
def catalog():
    entries = calculators.catalog()
    assert len(entries) >= 28
    return entries


def test_the_catalog_names_each_calculators_own_page(catalog):
    assert all(c["page"] == f"calculators/{c['id']}.md" for c in catalog)
    assert len({c["page"] for c in catalog}) == len(catalog)


def test_each_calculators_page_opens_with_its_title_purpose_and_form(built_site, catalog):
    for c in catalog:
        text = _read(built_site, _url(c["page"]))
        article = text.split("<article", 1)[1]
        h1 = re.sub(r'<a class="headerlink".*?</a>', "", re.search(r"<h1[^>]*>(.*?)</h1>", article, re.S).group(1))
        assert html.unescape(re.sub(r"<[^>]+>", "", h1)).strip() == c["title"], c["id"]
        purpose = article.index('class="calc-purpose"')
        widget = re.search(r'<section class="calc-widget" id="([a-z0-9-]+)"', article)
        assert widget and widget.group(1) == f"calc-{c['id']}", c["id"]
        # Nothing but the purpose between the title and the form.
        assert article.index("</h1>") < purpose < widget.start(), c["id"]
        assert "<h2" not in article[:widget.start()], c["id"]


def test_the_nav_lists_every_calculator_page_under_calculators(built_site, catalog):
    nav = _read(built_site, "calculators/")
    links = _links(nav, "calculators/")
    missing = [c["id"] for c in catalog if _url(c["page"]) not in links]
    assert not missing, missing


def test_rules_pages_link_to_each_calculators_page(built_site, catalog):
    for c in catalog:
        explained = _url(c["rules_page"])
        assert _url(c["page"]) in _links(_read(built_site, explained), explained), (c["id"], explained)


def test_rule_badges_link_to_the_calculators_page(built_site, catalog):
    pages = {_url(c["page"]) for c in catalog}
    seen = 0
    for path in sorted(built_site.rglob("index.html")):
        url = posixpath.dirname(str(path.relative_to(built_site)))
        url = url + "/" if url else ""
        for badge in BADGE.findall(path.read_text(encoding="utf-8")):
            targets = _links(badge, url)
            assert targets and targets <= pages | {url}, (url, badge[:200])
            seen += 1
    assert seen > 100
