"""Page titles say which game they belong to; glossary tooltips stay out of headings and give each
game's own meaning of a word."""
from __future__ import annotations

import html
import re

import pytest

TITLE = re.compile(r"<title>(.*?)</title>", re.S)
HEADING = re.compile(r"<h([1-6])\b[^>]*>(.*?)</h\1>", re.S)
ABBR = re.compile(r'<abbr title="([^"]*)">([^<]*)</abbr>')


def _pages(built_site):
    return {str(p.relative_to(built_site)): p.read_text(encoding="utf-8") for p in built_site.rglob("index.html")
            if "assets" not in p.parts}


def test_every_page_title_is_unique(built_site):
    titles = {}
    for path, text in _pages(built_site).items():
        head = text.split("</head>", 1)[0]
        titles.setdefault(html.unescape(TITLE.search(head).group(1).strip()), []).append(path)
    dupes = {t: p for t, p in titles.items() if len(p) > 1}
    assert not dupes, dupes
    assert "Rules · War of the Worlds - Diplomacy & Mars Rules Reference" in titles
    assert "Rulings · Conquest of Mars - Diplomacy & Mars Rules Reference" in titles


def test_no_glossary_tooltip_in_a_heading(built_site):
    found = [(path, m.group(0)[:80]) for path, text in _pages(built_site).items()
             for m in HEADING.finditer(text) if "<abbr" in m.group(2)]
    assert not found, found[:5]
    # ...while the body text still has them.
    assert "<abbr" in _pages(built_site)["wotw/rules/index.html"]


def _tooltips(text: str) -> dict[str, str]:
    return {term: html.unescape(title) for title, term in ABBR.findall(text)}


@pytest.mark.parametrize("page, term, must, must_not", [
    ("diplomacy/rules/index.html", "supply centres", "18 wins", None),
    ("wotw/rules/index.html", "supply centres", "destroyed", "18 wins"),
    ("wotw/adjudicator/index.html", "home", None, None),
    ("clans/rules/index.html", "supply centres", "68", "18 wins"),
    ("aqmf/rules/index.html", "cylinder", None, None),
])
def test_each_game_reads_its_own_meaning(built_site, page, term, must, must_not):
    tips = _tooltips(_pages(built_site)[page])
    if page.startswith("aqmf/"):
        assert "Martian landing" not in tips.get(term, ""), "War of the Worlds' words stay on its own pages"
        return
    if term == "home":
        homes = [v for k, v in tips.items() if k.lower().startswith("home")]
        assert homes and all("WOTW 8.2" in v for v in homes), homes
        return
    assert term in tips, sorted(tips)[:40]
    assert must in tips[term], tips[term]
    if must_not:
        assert must_not not in tips[term], tips[term]
