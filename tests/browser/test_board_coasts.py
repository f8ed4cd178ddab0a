"""Coasts on the board (issue 23), in the real site: a support to a move into a province with two coasts is
one order, chosen by clicks with no coast question.

Expected orders are worked by hand from the rules: a support names no coast (DIP 7.2; ruling DIP R9: a
support to a move to one coast is the support to the move to the province)."""
from __future__ import annotations

from urllib.parse import urlencode

import pytest

from test_board_play import DIP, board_ready, box, click_province

pytestmark = pytest.mark.browser


def _open(page, site_url, position, width=1280, height=900):
    page.set_viewport_size({"width": width, "height": height})
    params = {"calc": "dip-adjudicate", "phase": "Spring 1901 movement", "position": position, "orders": ""}
    page.goto(site_url + "diplomacy/adjudicator/#" + urlencode(params))
    board_ready(page, phase="Spring 1901 movement")


def _prompt(page):
    return page.locator(f"{DIP} .board-prompt").inner_text()


def test_a_support_to_a_move_to_a_split_coast_is_one_order_with_no_coast_question(page, site_url):
    # A Con may support F Bla into Bul (it could move there itself) or into Ank; F Bla reaches Bul by its
    # east coast only, and the support names the province (DIP 7.2, ruling DIP R9).
    _open(page, site_url, "Turkey: F Bla, A Con, F Ank")
    click_province(page, "con")
    page.locator(f"{DIP} .board-menu").wait_for(state="visible")
    page.locator(f"{DIP} .board-mode[data-mode=support]").click()
    choices = page.locator(f"{DIP} .board-choices .board-choice").all_inner_texts()
    assert "Turkey: A Con S F Bla - Bul" in choices
    assert not [c for c in choices if "/" in c], choices
    click_province(page, "bla")
    page.wait_for_function(f"document.querySelector('{DIP} .board-prompt').textContent.includes('Bla chosen')")
    assert sorted(page.locator(f"{DIP} .board-choices .board-choice").all_inner_texts()) == [
        "Turkey: A Con S F Bla - Ank", "Turkey: A Con S F Bla - Bul"]
    assert "coast" not in _prompt(page)
    click_province(page, "bul")
    page.wait_for_function(f"document.querySelector('{DIP}-orders').value !== ''")
    assert box(page) == "Turkey: A Con S F Bla - Bul"
    board_ready(page)
    assert page.locator(f"{DIP} .board-menu").is_hidden(), "no coast question is left open"
