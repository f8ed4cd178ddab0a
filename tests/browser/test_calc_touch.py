"""Checkboxes and radios in the generated calculator forms are touch targets of at least 24 x 24 px on a
390 x 844 phone (WCAG 2.5.8, target size minimum): the box itself, or its label where clicking the label
toggles it (a new player found 13 x 13 px boxes)."""
from __future__ import annotations

import pytest

import calculators

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
MIN = 24


def _has_toggle(params) -> bool:
    return any(p["type"] == "bool" or (p["type"] == "group" and _has_toggle(p["fields"])) for p in params)


def test_every_checkbox_and_radio_in_a_calculator_form_is_a_24px_target(new_page, site_url):
    pages = [c for c in calculators.catalog() if _has_toggle(c["params"])]
    assert len(pages) >= 10
    pg = new_page(**PHONE)
    small, seen = [], 0
    for c in pages:
        pg.goto(site_url + c["page"].removesuffix(".md") + "/")
        # The live form (or the early one, drawn as the page is read: the same markup and styles).
        pg.wait_for_selector(f"#calc-{c['id']} form input[type=checkbox]", state="attached", timeout=60_000)
        boxes = pg.evaluate("""(id) => [...document.querySelectorAll(
              `#calc-${id} form input[type=checkbox], #calc-${id} form input[type=radio]`)]
            .filter(i => i.getClientRects().length)  // a folded "More options" field is measured when shown
            .map(i => {
              const r = i.getBoundingClientRect();
              const sizes = [[r.width, r.height]];
              for (const l of i.labels) {
                if (l.control !== i) continue;
                const b = l.getBoundingClientRect(), u = [Math.min(b.left, r.left), Math.min(b.top, r.top),
                  Math.max(b.right, r.right), Math.max(b.bottom, r.bottom)];
                // The box and its label as one target only where they touch (no dead gap between).
                const touches = b.left - r.right <= 8 && b.top < r.bottom && r.top < b.bottom;
                if (touches) sizes.push([u[2] - u[0], u[3] - u[1]]);
              }
              return {name: i.name, sizes};
            })""", c["id"])
        for b in boxes:
            seen += 1
            if not any(w >= MIN and h >= MIN for w, h in b["sizes"]):
                small.append((c["id"], b["name"], b["sizes"]))
    assert seen >= 10
    assert not small, small
