"""Coasts on the board (issue 23), in the real site: a support to a move into a province with two coasts is
one order, chosen by clicks with no coast question; a fleet's coast (its move, build or retreat to Spa, StP or
Bul) is picked on the map, by a click, a tap or the keyboard, at 1280 x 900 and on a 390 x 844 phone.

Expected orders are worked by hand from the rules: a support need not name a coast (DIP 7.2, ruling DIP R9),
so the menu's support to a move into Bul names none; a fleet moving, retreating or
built in a province with two coasts names the one it goes to (DIP 2.3, 12.1, 13.5); from Mao a fleet reaches
both coasts of Spain."""
from __future__ import annotations

from urllib.parse import urlencode

import pytest

from test_a11y import AXE_TAGS, RUN_AXE, _axe_source
from test_board_play import DIP, READY, WOTW, board_ready, box, click_province

pytestmark = pytest.mark.browser


SIZES = {"1280": {"viewport": {"width": 1280, "height": 900}},
         "390": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}}


def _open(page, site_url, position, phase="Spring 1901 movement", width=1280, height=900):
    page.set_viewport_size({"width": width, "height": height})
    params = {"calc": "dip-adjudicate", "phase": phase, "position": position, "orders": ""}
    page.goto(site_url + "diplomacy/adjudicator/#" + urlencode(params))
    board_ready(page, phase=phase)


# Each coast target as the reader sees it: its name, its box, whether a click at its middle lands on it (not on
# something drawn over it), and the top of the order menu's panel (a phone's menu covers the screen's foot).
_TARGETS = """(w) => [...document.querySelectorAll(w + ' .board-map .coast-target')].map(t => {
  const r = t.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  const menu = document.querySelector(w + ' .board-menu').getBoundingClientRect();
  return {coast: t.getAttribute('data-coast'), name: t.getAttribute('aria-label'), role: t.getAttribute('role'),
          tabindex: t.getAttribute('tabindex'), x: r.x, y: r.y, w: r.width, h: r.height,
          mine: !!hit && t.contains(hit), menuTop: menu.top, vw: innerWidth, vh: innerHeight};
})"""


def _targets(page, widget=DIP, count=2):
    page.wait_for_function(f"document.querySelectorAll('{widget} .board-map .coast-target').length === {count}")
    return page.evaluate(_TARGETS, widget)


def _on_screen_and_big_enough(targets, phone):
    for t in targets:
        assert t["role"] == "button" and t["tabindex"] == "0", t
        assert t["w"] >= 24 and t["h"] >= 24, f"a finger-sized target (WCAG 2.5.8): {t}"
        assert t["x"] >= 0 and t["y"] >= 0 and t["x"] + t["w"] <= t["vw"] and t["y"] + t["h"] <= t["vh"], t
        assert t["mine"], f"nothing is drawn over the target: {t}"
        if phone:
            assert t["y"] + t["h"] <= t["menuTop"], f"the target is above the order menu's panel: {t}"


def _prompt(page):
    return page.locator(f"{DIP} .board-prompt").inner_text()


def test_a_support_to_a_move_to_a_split_coast_is_one_order_with_no_coast_question(page, site_url):
    # A Con may support F Bla into Bul (it could move there itself) or into Ank; F Bla reaches Bul by its
    # east coast only, and the support need not name it (DIP 7.2, ruling DIP R9).
    _open(page, site_url, "Turkey: F Bla, A Con, F Ank")
    click_province(page, "con")
    page.locator(f"{DIP} .board-menu").wait_for(state="visible")
    page.locator(f"{DIP} .board-mode[data-mode=support]").click()
    choices = page.locator(f"{DIP} .board-choices .board-choice").all_inner_texts()
    assert "Turkey: A Con S F Bla - Bul" in choices
    assert not [c for c in choices if "/" in c], choices
    click_province(page, "bla")
    page.wait_for_function(f"(document.querySelector('{DIP} .board-prompt')?.textContent || '').includes('Bla chosen')")
    assert sorted(page.locator(f"{DIP} .board-choices .board-choice").all_inner_texts()) == [
        "Turkey: A Con S F Bla - Ank", "Turkey: A Con S F Bla - Bul"]
    assert "coast" not in _prompt(page)
    click_province(page, "bul")
    page.wait_for_function(f"document.querySelector('{DIP}-orders').value !== ''")
    assert box(page) == "Turkey: A Con S F Bla - Bul"
    board_ready(page)
    assert page.locator(f"{DIP} .board-menu").is_hidden(), "no coast question is left open"


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_a_fleets_coast_is_picked_on_the_map(new_page, site_url, size):
    page = new_page(**SIZES[size])
    phone = size == "390"
    _open(page, site_url, "France: F Mao, A Par", **SIZES[size]["viewport"])
    click_province(page, "mao")
    page.locator(f"{DIP} .board-menu").wait_for(state="visible")
    click_province(page, "spa")
    targets = _targets(page)
    assert sorted((t["coast"], t["name"]) for t in targets) == [
        ("spa/nc", "Spa north coast: France: F Mao - Spa/nc"), ("spa/sc", "Spa south coast: France: F Mao - Spa/sc")]
    _on_screen_and_big_enough(targets, phone)
    prompt = _prompt(page)
    assert "on the map" in prompt and "below" in prompt, prompt  # the map or the buttons, both said
    assert box(page) == "", "nothing is written before the coast is chosen"
    # The buttons stay.
    assert sorted(page.locator(f"{DIP} .board-choices .board-choice").all_inner_texts()) == [
        "France: F Mao - Spa/nc", "France: F Mao - Spa/sc"]
    nc = page.locator(f"{DIP} .board-map .coast-target[data-coast='spa/nc']")
    assert nc.text_content() == "nc"
    if phone:
        nc.tap()
    else:
        nc.click()
    page.wait_for_function(f"document.querySelector('{DIP}-orders').value !== ''")
    assert box(page) == "France: F Mao - Spa/nc"
    board_ready(page)
    assert page.locator(f"{DIP} .board-map .coast-target").count() == 0, "the targets go with the choice"


def test_a_fleet_built_on_a_coast_chosen_on_the_map_by_keyboard(page, site_url):
    # Russia: 4 centres, 1 unit: 3 builds due (DIP 13.1); StP is a free home centre, a fleet built there names a
    # coast (DIP 13.5). Tab reaches the coast on the map; Enter writes the build.
    _open(page, site_url, "Russia: A Mos\nCentres Russia: Mos, War, Sev, StP", phase="Winter 1901 adjustments")
    page.locator(f"{DIP} .board-map > svg").focus()
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('data-province')") == "stp":
            break
    else:
        pytest.fail("Tab never reached St Petersburg")
    page.keyboard.press("Enter")
    page.locator(f"{DIP} .board-menu").wait_for(state="visible")
    targets = _targets(page)
    assert sorted(t["coast"] for t in targets) == ["stp/nc", "stp/sc"]
    _on_screen_and_big_enough(targets, phone=False)
    assert "For a fleet, click its coast on the map" in page.locator(f"{DIP} .board-hint").inner_text()
    for _ in range(80):
        page.keyboard.press("Shift+Tab")
        if page.evaluate("document.activeElement.getAttribute('data-coast')") == "stp/sc":
            break
    else:
        pytest.fail("the keyboard never reached StP's south coast on the map")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == (
        "StP south coast: Russia: Build F StP/sc")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('{DIP}-orders').value !== ''")
    assert box(page) == "Russia: Build F StP/sc"
    board_ready(page)


def test_a_war_of_the_worlds_fleet_retreats_to_a_coast_picked_on_the_map(page, site_url):
    # Summer: France's F Mao, dislodged from Nao's side, may retreat to either coast of Spain (DIP 12.1, the
    # Summer retreats of War of the Worlds); a click on the south coast's target writes the retreat.
    params = {"calc": "wotw-adjudicate", "season": "summer", "year": "1904",
              "position": "England: F Mao, F Bre\nDislodged France: F Mao from Nao\nCentres France: Par",
              "orders": "", "martian_orders": "", "landings": ""}
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site_url + "diplomacy/adjudicator/#" + urlencode(params))
    page.wait_for_selector(f"{WOTW}[data-state=done]", timeout=READY)
    board_ready(page, WOTW)
    click_province(page, "mao", WOTW)
    page.locator(f"{WOTW} .board-menu").wait_for(state="visible")
    click_province(page, "spa", WOTW)
    targets = _targets(page, WOTW)
    assert sorted(t["coast"] for t in targets) == ["spa/nc", "spa/sc"]
    _on_screen_and_big_enough(targets, phone=False)
    page.locator(f"{WOTW} .board-map .coast-target[data-coast='spa/sc']").click()
    page.wait_for_function(f"document.querySelector('{WOTW}-orders').value !== ''")
    assert box(page, "orders", WOTW) == "France: F Mao R Spa/sc"


@pytest.mark.parametrize("scheme, size", [("light", "1280"), ("dark", "390")], ids=["light", "dark"])
def test_the_coast_targets_and_the_bring_back_note_pass_axe(new_page, site_url, scheme, size):
    """The coast targets on the map (their names and contrast) and, after Clear orders, the note with its Bring
    them back button pass axe in each palette."""
    page = new_page(color_scheme=scheme, **SIZES[size])
    _open(page, site_url, "France: F Mao, A Par", **SIZES[size]["viewport"])
    page.add_script_tag(content=_axe_source())
    click_province(page, "mao")
    page.locator(f"{DIP} .board-menu").wait_for(state="visible")
    click_province(page, "spa")
    _targets(page)
    page.locator(f"{DIP} .board-map .coast-target[data-coast='spa/sc']").focus()
    targets = page.evaluate(RUN_AXE, AXE_TAGS)
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('{DIP}-orders').value === 'France: F Mao - Spa/sc'")
    board_ready(page)
    page.locator(f"{DIP} .board-clear").click()
    page.locator(f"{DIP} .board-restore").wait_for(state="visible")
    note = page.evaluate(RUN_AXE, AXE_TAGS)
    assert not targets and not note, {"coast targets": targets, "cleared note": note}
