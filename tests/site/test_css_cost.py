"""What the site's own CSS may not do because it slows every page on a phone (issue 25)."""
from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCREEN = sorted(p for p in (ROOT / "docs" / "stylesheets").glob("*.css") if p.name != "print.css")


def test_no_has_selector_in_the_screen_css():
    """A :has() rule made every style recalculation of a page slower (the widgets change the page while it
    loads): a trace of calculators/com-defend/ at 412 px spent 163 ms recalculating styles with the site's
    twelve :has() rules and 93 ms without. The code sets a class or data attribute instead. print.css is
    read only when printing."""
    assert SCREEN, "no stylesheets found"
    found = [f"{p.name}: {line.strip()}" for p in SCREEN
             for line in re.sub(r"/\*.*?\*/", "", p.read_text(), flags=re.S).splitlines() if ":has(" in line]
    assert not found, found


def test_print_css_is_only_for_print():
    text = re.sub(r"/\*.*?\*/", "", (ROOT / "docs" / "stylesheets" / "print.css").read_text(), flags=re.S).strip()
    assert text.startswith("@media print {") and text.endswith("}")
    body, depth = text[len("@media print {"):], 1
    for i, ch in enumerate(body):
        depth += (ch == "{") - (ch == "}")
        assert depth > 0 or i == len(body) - 1, "print.css has rules outside @media print"


# The part of a selector that names the element styled (after its last combinator).
SUBJECT = re.compile(r"(?:^|[\s>+~])([^\s>+~]*)$")
# A subject naming no element, only its place among its siblings (or nothing at all): "*", ":nth-child(2)".
ANY_IN_PLACE = re.compile(r"^\*?(:(first-child|last-child|only-child|nth-child\(\w+\)|nth-last-child\(\w+\)))*$")


def test_no_rule_styles_any_element_by_its_place_after_a_sibling(built_site):
    """A rule such as Material's ``input:nth-child(2):checked ~ .tabbed-content > :nth-child(2)`` (its content
    tabs) made Chromium mark every element's children as depending on their place: one paragraph put into the
    adjudicator's widget restyled its 1,041 elements; into the article, 1,735. hooks/material_css.py serves
    Material's stylesheet with the element named (10 and 69 restyled); the site's own stylesheets name it too.
    Every stylesheet the built site serves is read, Material's included."""
    sheets = sorted(built_site.glob("assets/stylesheets/*.css")) + sorted(built_site.glob("stylesheets/*.css"))
    assert any(p.name.startswith("main.") for p in sheets) and any(p.name == "site-bundle.css" for p in sheets)
    found = []
    for p in sheets:
        text = re.sub(r"/\*.*?\*/", "", p.read_text(encoding="utf-8"), flags=re.S)
        for prelude in re.findall(r"([^{}@]+)\{", text):
            for selector in re.split(r",(?![^(]*\))", prelude):
                selector = re.sub(r"\[[^\]]*\]", "[]", selector.strip())  # "~=" inside [...] is no combinator
                subject = SUBJECT.search(selector)
                if re.search(r"[+~]", selector) and subject and ANY_IN_PLACE.match(subject.group(1)):
                    found.append(f"{p.name}: {selector}")
    assert not found, found[:10]
