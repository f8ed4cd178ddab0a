"""Stepping through the game so far (issue 23: "history steps in place"), in the real site: on a phone, Earlier
phase shows the played phase's map where the board was and leaves the phase bar under it, the page unmoved; on a
wide screen every line of the panel speaks of the phase viewed while one is viewed.

The orders are typed by the test; what the panel must say is written here from the issue, not read from the page."""
from __future__ import annotations

import pytest

from test_board_play import DIP, adjudicate, board_ready, continue_game, start_link

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "color_scheme": "dark"}
ORDERS = "France: F Bre H\nFrance: A Par - Bur"


def _spring_played(page, site_url):
    """Spring 1901 adjudicated and continued to Fall, Fall's first order typed."""
    page.goto(start_link(site_url))
    board_ready(page, phase="Spring 1901 movement")
    _buttons_in_reading_order(page)  # "Now playing: Spring 1901 movement", nothing played yet
    page.fill(f"{DIP}-orders", ORDERS)
    board_ready(page, phase="Spring 1901 movement")
    adjudicate(page)
    continue_game(page)
    board_ready(page, phase="Fall 1901 movement")
    page.fill(f"{DIP}-orders", "France: A Bur - Mun")
    board_ready(page, phase="Fall 1901 movement")


def _rect(page, selector):
    return page.evaluate(f"document.querySelector('{DIP} {selector}').getBoundingClientRect().toJSON()")


def _buttons_in_reading_order(page):
    """The phase on its own line, Earlier then Later on one line under it, left to right (the new player saw
    Earlier on the right of the phase and Later wrapped to the next line's left: backwards)."""
    phase, earlier, later = (_rect(page, s) for s in (".board-phase", ".board-prev", ".board-next"))
    assert earlier["top"] >= phase["bottom"] - 1, (phase, earlier)
    assert abs(earlier["top"] - later["top"]) <= 1 and earlier["right"] <= later["left"], (earlier, later)


def _viewed(page):
    page.wait_for_function(f"(document.querySelector('{DIP} .board-view .calc-summary') || {{}}).textContent"
                           "?.startsWith('Spring 1901 movement: 2 orders')", timeout=30_000)
    page.wait_for_timeout(300)  # a jump the page would make comes within a frame or two


def test_earlier_phase_on_a_phone_keeps_the_board_and_its_bar_where_they_were(new_page, site_url):
    page = new_page(**PHONE)
    _spring_played(page, site_url)
    # The player scrolled so that the map's foot and the phase bar are on the screen (the finding: scrollY 540).
    page.evaluate(f"window.scrollBy(0, document.querySelector('{DIP} .board-bar').getBoundingClientRect().top - 500)")
    page.wait_for_timeout(200)
    _buttons_in_reading_order(page)
    map_top, bar = _rect(page, ".board-stage")["top"], _rect(page, ".board-prev")
    page.touchscreen.tap(bar["x"] + bar["width"] / 2, bar["y"] + bar["height"] / 2)
    _viewed(page)
    # The board stays where it was on the screen (what is above it may change height: the page follows it).
    assert abs(_rect(page, ".board-stage")["top"] - map_top) <= 2, "Earlier phase moved the board"
    # The played phase's map stands in the map's place, and the bar is still under it, on the screen.
    assert page.locator(f"{DIP} .board-view-map svg.dip-board").is_visible()
    assert page.locator(f"{DIP} .board-map").is_hidden()
    shown = _rect(page, ".board-phase")
    assert shown["top"] > 0 and shown["bottom"] < 844, shown
    assert page.locator(f"{DIP} .board-phase").inner_text() == "Spring 1901 movement · played, 1 of 1"
    # The focus stays at the board (Earlier phase is disabled at the first phase), never far down the page.
    assert page.evaluate(f"!!document.activeElement.closest('{DIP} .board-side, {DIP} .board-stage')")
    bar = _rect(page, ".board-next")
    page.touchscreen.tap(bar["x"] + bar["width"] / 2, bar["y"] + bar["height"] / 2)
    board_ready(page, phase="Fall 1901 movement")
    page.wait_for_timeout(300)
    assert abs(_rect(page, ".board-stage")["top"] - map_top) <= 2, "Later phase moved the board"
    assert page.locator(f"{DIP} .board-map").is_visible()


def test_a_viewed_phase_is_the_only_phase_the_panel_speaks_of(new_page, site_url):
    page = new_page(viewport={"width": 1280, "height": 900})
    _spring_played(page, site_url)
    _buttons_in_reading_order(page)
    page.locator(f"{DIP} .board-prev").click()
    _viewed(page)
    side = page.locator(f"{DIP} .board-side").inner_text()
    viewing = page.locator(f"{DIP} .board-viewing").inner_text()
    assert viewing.startswith("Viewing Spring 1901 movement (played)") and "Fall 1901 movement orders are kept" \
        in viewing, viewing
    # Nothing else in the panel names Fall, or shows its orders or its rule.
    rest = side.replace(viewing, "")
    assert "Fall 1901" not in rest and "A Bur - Mun" not in rest, rest
    for hidden in (".board-rule", f"{DIP}-orders", ".calc-run"):
        sel = hidden if hidden.startswith("#") else f"{DIP} {hidden}"
        assert page.locator(sel).is_hidden(), hidden
    page.locator(f"{DIP} .board-now").click()
    board_ready(page, phase="Fall 1901 movement")
    assert page.locator(f"{DIP} .board-viewing").is_hidden()
    assert page.locator(f"{DIP}-orders").input_value() == "France: A Bur - Mun"
    assert page.locator(f"{DIP} .board-rule").inner_text() == "A unit without an order holds."


def _back_note(page):
    """Every element of the page whose own text says the kept game came back, shown or not."""
    return page.evaluate("() => [...document.querySelectorAll('body *')].filter((n) => !n.children.length && "
                         "n.textContent.includes('game in progress is back')).map((n) => n.className)")


def test_the_kept_games_note_is_said_once_and_goes_once_the_player_acts(page, site_url):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site_url + "diplomacy/adjudicator/")
    board_ready(page, phase="Spring 1901 movement")
    page.fill(f"{DIP}-orders", ORDERS)
    board_ready(page, phase="Spring 1901 movement")
    page.wait_for_function("!!localStorage.getItem('martian-front:autosave:dip-adjudicate')")
    page.goto(site_url + "diplomacy/adjudicator/")
    board_ready(page, phase="Spring 1901 movement")
    assert page.locator(f"{DIP}-orders").input_value() == ORDERS
    assert page.locator(f"{DIP} .board-note").inner_text() == "Your game in progress is back: Spring 1901 movement."
    page.wait_for_timeout(300)  # the board's live region is written a frame after
    assert _back_note(page) == ["board-note"], "said once"
    adjudicate(page)
    assert _back_note(page) == [] or page.locator(f"{DIP} .board-note").is_hidden()
    assert page.locator(f"{DIP} .board-new").is_hidden()
    continue_game(page)
    board_ready(page, phase="Fall 1901 movement")
    page.wait_for_timeout(300)
    assert "is back" not in page.locator(f"{DIP} .calc-board").inner_text()
    assert _back_note(page) == []
