"""The game in progress kept in this browser (issue 23): a phase played and an order typed survive leaving
the page by Material's instant navigation and by a full reload; a link opened shows its own game; New game
starts again and keeps nothing. Expected results come from the engine run on the
orders the test types (``calculators.run``), never from the page."""
from __future__ import annotations

import pytest

import calculators
from calculators.diplomacy.adjudicate import _start_text

from tests.browser.instant import follow_link
from tests.browser.test_board_play import DIP, board_ready, box, start_link

pytestmark = pytest.mark.browser
SPRING = "England: F Lon - Nth\nFrance: A Par - Bur"
FALL = "France: A Bur - Bel"


def instant_home_and_back(page, site_url) -> None:
    """Home, then back to the adjudicator, the way a reader follows links: Material swaps the page in place."""
    for url in (site_url, site_url + "diplomacy/adjudicator/"):
        follow_link(page, url)


def shows_the_game(page) -> None:
    board_ready(page, phase="Fall 1901 movement")
    assert box(page) == FALL
    assert page.locator(f"{DIP} .board-phase").inner_text() == "Now playing: Fall 1901 movement · 1 phase played"
    assert page.locator(f"{DIP} .board-note").inner_text() == "Your game in progress is back: Fall 1901 movement."
    assert page.locator(f"{DIP} .board-new").is_visible()


def test_the_game_in_progress_survives_leaving_the_page_and_new_game_clears_it(page, site_url):
    page.goto(site_url + "diplomacy/adjudicator/")
    board_ready(page)
    page.locator(f"{DIP}-orders").fill(SPRING)
    board_ready(page)
    page.locator(f"{DIP} .calc-run").click()
    page.wait_for_selector(f"{DIP}[data-state=done] .calc-result:not([data-stale])", timeout=30_000)
    want = calculators.run("dip-adjudicate", {"phase": "Spring 1901 movement", "position": _start_text(),
                                              "orders": SPRING})
    assert page.locator(f"{DIP} .calc-summary").inner_text() == want["summary"]
    page.locator(f"{DIP} .calc-next").click()
    board_ready(page, phase="Fall 1901 movement")
    page.locator(f"{DIP}-orders").fill(FALL)
    board_ready(page)
    instant_home_and_back(page, site_url)
    shows_the_game(page)
    assert box(page, "position") == want["next"]["params"]["position"]
    page.goto(site_url + "diplomacy/adjudicator/")  # a full reload, no game in the address
    shows_the_game(page)
    # The earlier phase is the one played, worked out again when shown.
    page.locator(f"{DIP} .board-prev").click()
    page.wait_for_function(f"(document.querySelector('{DIP} .board-view .calc-summary') || {{}}).textContent "
                           f"=== {want['summary']!r}", timeout=30_000)
    page.locator(f"{DIP} .board-now").click()
    # New game: the starting boxes, nothing kept.
    page.locator(f"{DIP} .board-new").click()
    board_ready(page, phase="Spring 1901 movement")
    assert box(page) == ""
    assert page.locator(f"{DIP} .board-phase").inner_text() == "Now playing: Spring 1901 movement"
    assert page.evaluate("localStorage.getItem('martian-front:autosave:dip-adjudicate')") is None
    page.goto(site_url + "diplomacy/adjudicator/")
    board_ready(page, phase="Spring 1901 movement")
    assert page.locator(f"{DIP} .board-phase").inner_text() == "Now playing: Spring 1901 movement"
    assert page.locator(f"{DIP} .board-new").is_hidden()
    # A game kept, then a link with its own boxes: the link wins.
    page.locator(f"{DIP}-orders").fill(FALL)
    board_ready(page)
    page.goto(start_link(site_url))
    # Only the address's hash changed: the board was already ready on Spring 1901, so wait for the link's boxes
    # (a race under load: read before the widget filled them).
    page.wait_for_function(f"document.querySelector('{DIP}-orders').value === ''", timeout=30_000)
    board_ready(page, phase="Spring 1901 movement")
    assert box(page) == ""


def test_a_browser_that_keeps_nothing_still_plays_and_says_so(new_page, site_url):
    pg = new_page(viewport={"width": 390, "height": 844})
    pg.add_init_script("Storage.prototype.setItem = function () { throw new DOMException('full', "
                       "'QuotaExceededError'); };")
    pg.goto(site_url + "diplomacy/adjudicator/")
    board_ready(pg)
    pg.locator(f"{DIP}-orders").fill(SPRING)
    board_ready(pg)
    assert "does not let the page keep your game" in pg.locator(f"{DIP} .board-note").inner_text()
    pg.locator(f"{DIP} .calc-run").click()
    pg.wait_for_selector(f"{DIP}[data-state=done] .calc-result:not([data-stale])", timeout=30_000)
    pg.locator(f"{DIP} .calc-next").click()
    board_ready(pg, phase="Fall 1901 movement")


def test_a_link_opened_on_the_board_page_is_shown_and_the_game_kept_stays_kept(page, site_url):
    """Only the address's hash changes (a #calc= link followed on the page itself): the link's boxes are shown, and
    the game kept in this browser is not overwritten by them: the page opened again without a link brings it back."""
    key = "martian-front:autosave:dip-adjudicate"
    page.goto(site_url + "diplomacy/adjudicator/")
    board_ready(page)
    page.locator(f"{DIP}-orders").fill("France: A Par - Bur")
    board_ready(page)
    page.wait_for_function(f"(localStorage.getItem({key!r}) || '').includes('A Par - Bur')")
    page.evaluate("() => { window.__sameDocument = true; }")
    page.evaluate("(h) => { location.hash = h; }", start_link(site_url).split("#", 1)[1])
    page.wait_for_selector(f"{DIP}[data-state=done] .calc-result:not([data-stale])", timeout=30_000)
    board_ready(page, phase="Spring 1901 movement")
    assert page.evaluate("window.__sameDocument === true"), "the link was opened in the same page"
    assert box(page) == "", "the link's boxes are shown"
    assert "A Par - Bur" in (page.evaluate(f"localStorage.getItem({key!r})") or ""), "the game kept was deleted"
    page.goto(site_url + "diplomacy/adjudicator/")  # a new page, no link in the address
    board_ready(page)
    assert box(page) == "France: A Par - Bur"
    assert page.locator(f"{DIP} .board-note").inner_text() == "Your game in progress is back: Spring 1901 movement."
