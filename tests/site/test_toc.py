"""Every page's table of contents lists its sections, the ruling boxes of the rulings pages included
(issue 24: the Diplomacy rulings page listed only "DATC test cases")."""
from __future__ import annotations

import html
import re

import pytest

HEADING = re.compile(r'<h([2-4]) id="([^"]+)"')
RULING = re.compile(r'<div class="admonition ruling">\s*<p class="admonition-title">'
                    r"<a class='rule-id' id='([^']+)'")
TOC = re.compile(r'<nav class="md-nav md-nav--secondary".*?</nav>\s*</div>', re.S)
ENTRY = re.compile(r'href="#([^"]+)"[^>]*>\s*<span class="md-ellipsis">(.*?)</span>', re.S)


def _pages(built_site):
    for p in sorted(built_site.rglob("index.html")):
        if "assets" not in p.parts:
            yield str(p.relative_to(built_site)), p.read_text(encoding="utf-8")


HIDDEN = '<div class="md-sidebar md-sidebar--secondary" data-md-component="sidebar" data-md-type="toc" hidden>'
IN_PAGE = re.compile(r'<nav class="page-toc" aria-labelledby="page-toc-title">.*?</nav>', re.S)
IN_PAGE_ENTRY = re.compile(r'<a href="#([^"]+)">(.*?)</a>', re.S)


def _toc(text: str) -> list[tuple[str, str]]:
    """The table of contents a reader sees: the side one, or, where the page hides it (a board's page, audit of
    issue 24: four pages showed none while the test read the hidden one), the list in the page (hooks/toc.py)."""
    if HIDDEN in text:
        m = IN_PAGE.search(text)
        return [(a, " ".join(html.unescape(t).split())) for a, t in IN_PAGE_ENTRY.findall(m.group(0))] if m else []
    m = TOC.search(text)
    return [(a, " ".join(html.unescape(t).split())) for a, t in ENTRY.findall(m.group(0))] if m else []


def test_every_section_and_ruling_is_in_its_pages_table_of_contents(built_site):
    missing, hidden = {}, 0
    for path, text in _pages(built_site):
        hidden += HIDDEN in text
        article = text.split("<article", 1)[1].split("</article>", 1)[0]
        wanted = [a for _, a in HEADING.findall(article)] + RULING.findall(article)
        listed = [a for a, _ in _toc(text)]
        if set(wanted) - set(listed):
            missing[path] = sorted(set(wanted) - set(listed))[:5]
        # In the order of the page.
        order = [a for a in listed if a in wanted]
        assert order == sorted(order, key=lambda a: article.find(f"id='{a}'") if f"id='{a}'" in article
                               else article.find(f'id="{a}"')), path
    assert not missing, missing
    assert hidden >= 4, "the board pages hide the side table of contents: the test's marker is out of date"


@pytest.mark.parametrize("path, first, count", [
    ("diplomacy/rulings/index.html", ("dip-r1", "DIP R1 What happens to an order that cannot be carried out?"), 22),
    ("wotw/rulings/index.html", ("wotw-r1", None), 16),
    ("icehouse/rulings/index.html", ("com-r1", "COM R1 How is a tens-digit d10 read?"), 18),
])
def test_rulings_pages_list_each_ruling_by_id_and_question(built_site, path, first, count):
    toc = _toc((built_site / path).read_text(encoding="utf-8"))
    assert len(toc) >= count, toc
    assert toc[0][0] == first[0]
    if first[1]:
        assert toc[0][1] == first[1]
    # Only the question: none of the title's asides (the calculators that apply it, amended rules).
    assert not any("calculator:" in t for _, t in toc), toc
