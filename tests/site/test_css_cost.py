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
