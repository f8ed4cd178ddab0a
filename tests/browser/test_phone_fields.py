"""Fields at a readable size on a phone: at 390 px every text or number box, menu and text area a widget shows
computes to 16 px or more (smaller, iOS Safari zooms the page in when one takes the focus; a die's value was
10.9 px, the fire plan's menus 13.6 px), and a die's value box is as tall as the x button beside it, the value
centred in it. Sizes are read from the page's computed styles."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
READY = 90_000

# Every field a player types in or picks from, shown in a widget: its font size and a name to report it by.
FIELDS = """() => [...document.querySelectorAll(
    '.calc-widget :is(select, textarea, input:not([type=checkbox]):not([type=radio]):not([type=hidden]))')]
  .filter(e => e.checkVisibility())
  .map(e => ({size: parseFloat(getComputedStyle(e).fontSize),
              name: e.tagName + (e.name ? '[' + e.name + ']' : '') + '.' + e.className}))"""

# A die's value box and the x button beside it; where the value's text sits in the box (padding, line).
DIE = """() => {
  const box = document.querySelector('.calc-widget .calc-kv-chip > input.calc-kv-shows');
  const x = box.parentElement.querySelector('.md-button');
  const s = getComputedStyle(box);
  return {box: box.getBoundingClientRect().height, x: x.getBoundingClientRect().height,
          top: parseFloat(s.paddingTop), bottom: parseFloat(s.paddingBottom), align: s.textAlign};
}"""


@pytest.mark.parametrize("cid", ["com-reroll", "aqmf-fire-plan", "dip-adjudicate", "dip-replay", "clans-orders"])
def test_every_field_of_a_widget_is_16px_or_more_on_a_phone(new_page, site_url, cid):
    pg = new_page(**PHONE)
    pg.goto(site_url + f"calculators/{cid}/")
    pg.wait_for_selector(f"#calc-{cid}:is([data-state=done], [data-state=waiting])", timeout=READY)
    fields = pg.evaluate(FIELDS)
    assert fields, f"no field shown on {cid}"
    small = [f for f in fields if f["size"] < 16]
    assert not small, small


def test_a_dies_value_sits_in_the_middle_of_its_box(new_page, site_url):
    pg = new_page(**PHONE)
    pg.goto(site_url + "calculators/com-reroll/")
    pg.wait_for_selector("#calc-com-reroll[data-state=done]", timeout=READY)
    die = pg.evaluate(DIE)
    assert abs(die["box"] - die["x"]) <= 1 and abs(die["top"] - die["bottom"]) <= 0.5, die
    assert die["align"] == "center", die
