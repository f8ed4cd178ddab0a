"""The key facts of the War of the Worlds variant appear, exactly, on its rules page under the right rule.

Expected values are typed in by hand from the variant's source (34 centres, the six landing
seasons Spring 1901 to Fall 1903, the 12-centre and double thresholds of the virus, strength at
most 3, the source's examples), never read from the code or the docs.
"""
from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.slow

LANDING_SEASONS = ["Spring 1901", "Fall 1901", "Spring 1902", "Fall 1902", "Spring 1903", "Fall 1903"]
SOURCE_EXAMPLES = [
    "3A Con - 2A Bul - BLA",
    "2A Par merge Bur, A Pic merge Bur",
    "2A NAO merge NAO, A NWG merge NAO",
    "A ENG - Bre, A Gas - Bre",
    "A ENG - Bre, A Gas merge Bre",
    "2A Pie - Ven, A Tyr merge Ven",
    "3A Bud - Vie - Ser - Tri",
    "A Par - Bre, 2A Bur merge Par, A Gas merge Par",
]


def _text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", html)
    for a, b in (("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&#39;", "'"), ("&nbsp;", " ")):
        text = text.replace(a, b)
    return re.sub(r"\s+", " ", text).strip()


def _article(built_site, page: str) -> str:
    path = built_site / "wotw" / (page + "/index.html" if page else "index.html")
    html = path.read_text(encoding="utf-8")
    m = re.search(r"<article\b.*?</article>", html, re.S)
    assert m, f"no article on wotw/{page}"
    return m.group(0)


def _rules(article: str) -> dict[str, str]:
    """Rule ID -> the page text from its badge up to the next badge."""
    marks = list(re.finditer(r"<a class=['\"]rule-id['\"] id=['\"]([a-z0-9-]+)['\"][^>]*>([^<]+)</a>", article))
    out = {}
    for m, nxt in zip(marks, marks[1:] + [None]):
        out[m.group(2).strip()] = _text(article[m.start():nxt.start() if nxt else len(article)])
    return out


@pytest.fixture(scope="module")
def rules(built_site) -> dict[str, str]:
    return _rules(_article(built_site, "rules"))


@pytest.fixture(scope="module")
def examples(built_site) -> list[str]:
    art = _article(built_site, "rules")
    return [_text(b) for b in re.findall(r'<div class="admonition example">.*?</div>', art, re.S)]


def test_every_numbered_rule_is_there(rules):
    wanted = (["WOTW 1", "WOTW 1.1", "WOTW 2", "WOTW 3", "WOTW 4", "WOTW 5", "WOTW 6", "WOTW 7", "WOTW 8", "WOTW 9"]
              + [f"WOTW 2.{i}" for i in range(1, 6)] + [f"WOTW 3.{i}" for i in range(1, 7)]
              + [f"WOTW 4.{i}" for i in range(1, 5)] + [f"WOTW 5.{i}" for i in range(1, 10)]
              + ["WOTW 6.1", "WOTW 6.2", "WOTW 7.1", "WOTW 7.2", "WOTW 7.3", "WOTW 8.1", "WOTW 8.2"]
              + [f"WOTW 9.{i}" for i in range(1, 5)])
    missing = [r for r in wanted if r not in rules]
    assert not missing, missing


def test_34_centres(rules):
    assert "34 supply centres" in rules["WOTW 2.2"]


def test_eight_players(rules):
    assert "eight players" in rules["WOTW 2.1"]


def test_six_landing_seasons(rules):
    text = rules["WOTW 3.1"]
    assert "six movement seasons, Spring 1901 to Fall 1903" in text
    for season in LANDING_SEASONS:
        assert season in text, season
    assert "3A" in text


def test_landing_rules(rules):
    assert "Switzerland" in rules["WOTW 3.5"]
    assert "bounces" in rules["WOTW 3.4"]
    assert "does not move in the season it lands" in rules["WOTW 3.6"]


def test_strength_at_most_3(rules):
    assert "never has a strength above 3" in rules["WOTW 4.4"]
    assert all(d in rules["WOTW 4.3"] for d in ("A", "2A", "3A"))


def test_virus_thresholds(rules):
    text = rules["WOTW 9.1"]
    assert "at least 12 supply centres" in text
    assert "at least double" in text
    assert "two strength points" in rules["WOTW 9.2"] and "Summer and Winter" in rules["WOTW 9.2"]
    assert "alphabetically by province" in rules["WOTW 9.3"]


@pytest.mark.parametrize("example", SOURCE_EXAMPLES)
def test_source_examples_in_boxes(examples, example):
    assert any(example in box for box in examples), example


def test_landing_schedule_example(examples):
    box = [b for b in examples if "six-landing schedule" in b]
    assert box
    for site in ("land Mar", "land Gal", "land Pic", "land Fin", "land Ser", "land Edi"):
        assert site in box[0], site


def test_credits(built_site):
    text = _text(_article(built_site, ""))
    assert "Mark Wightman" in text and "H. G. Wells" in text


def test_virus_page_thresholds(built_site):
    text = _text(_article(built_site, "virus"))
    assert "At least 12 supply centres destroyed" in text
    assert "double" in text
