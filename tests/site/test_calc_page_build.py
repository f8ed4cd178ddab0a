"""A page of its own for every calculator (issue 24): the catalog's ``page`` names it, the build makes
it (title, purpose, then the form), and the rules pages link to it."""
from __future__ import annotations

import html
from html.parser import HTMLParser
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
        widget = re.search(r'<section class="calc-widget"[^>]*? id="([a-z0-9-]+)"', article)
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


class _Anchors(HTMLParser):
    """Every <a href> of a page: its href, classes and text (nested markup's text included)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, set[str], str]] = []
        self._open: list[list] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            a = dict(attrs)
            self._open.append([a.get("href") or "", set((a.get("class") or "").split()), ""])

    def handle_data(self, data):
        for a in self._open:
            a[2] += data

    def handle_endtag(self, tag):
        if tag == "a" and self._open:
            href, classes, text = self._open.pop()
            self.found.append((href, classes, " ".join(text.split())))


def test_every_calculator_link_leads_to_the_calculators_own_page(built_site, catalog):
    """A link that offers a calculator (class calc-link, or named as a calculator is: "Defend odds") opens
    the calculator's own page, where the form comes first, never a rules page far above its form (a new
    player on a phone followed "Defend odds" to a form 5,700 px down). Its own page may link to itself."""
    by_title = {c["title"].casefold(): _url(c["page"]) for c in catalog}
    pages = set(by_title.values())
    wrong, seen = [], 0
    for path in sorted(built_site.rglob("index.html")):
        url = posixpath.dirname(str(path.relative_to(built_site)))
        url = url + "/" if url else ""
        parser = _Anchors()
        parser.feed(path.read_text(encoding="utf-8"))
        for href, classes, text in parser.found:
            named = by_title.get(text.casefold())
            if "calc-link" not in classes and (named is None or href.startswith("#")):
                continue  # a same-page heading named like a calculator ("How many do I need?") is no offer
            seen += 1
            target = urljoin("http://site/" + url, href).removeprefix("http://site/").split("#")[0]
            if target not in ({named} if named else pages):
                wrong.append((url, text, href))
    assert not wrong, wrong[:20]
    assert seen > 200


def test_a_boards_own_page_gives_it_the_whole_width(built_site, catalog):
    """Issue 23: the board's page hides Material's sidebars, as the rules page that embeds it does, so that the map
    and its side column have the width; other calculators' pages keep them."""
    for c in catalog:
        text = _read(built_site, _url(c["page"]))
        sidebars = re.findall(r'<div class="md-sidebar md-sidebar--(?:primary|secondary)"[^>]*>', text)
        assert len(sidebars) == 2, c["id"]
        hidden = [s.endswith(" hidden>") for s in sidebars]
        assert hidden == [bool(c.get("board"))] * 2, (c["id"], sidebars)
