"""The adjudicator page: the standard game and the War of the Worlds variant switch, map, continue."""
from __future__ import annotations

from urllib.parse import urlencode

import pytest

import calculators

pytestmark = pytest.mark.browser
DIP, WOTW = "#calc-dip-adjudicate", "#calc-wotw-adjudicate"


def test_standard_adjudication_draws_the_map_and_continues(page, site_url):
    page.goto(site_url + "diplomacy/adjudicator/")
    page.wait_for_selector(f"{DIP}[data-state=done]", timeout=90_000)
    assert page.locator(f"{DIP} svg.calc-map").count() == 1
    assert page.locator(f"{DIP} svg.calc-map script, {DIP} svg.calc-map foreignObject").count() == 0
    page.locator(f"{DIP} .calc-next").click()
    page.wait_for_function(f"document.querySelector('{DIP}-phase').value.toLowerCase().includes('fall 1901')",
                           timeout=30_000)
    page.wait_for_selector(f"{DIP}[data-state=done]", timeout=30_000)
    assert "phase=" in page.url


def test_a_shared_link_opens_the_war_of_the_worlds_tab_with_martians_on_the_map(page, site_url):
    params = {"calc": "wotw-adjudicate", "season": "spring", "year": "1901",
              "position": "England: F Lon\nCentres England: Lon\nMartian: 2A Par, A Pic\nDestroyed: Mar",
              "orders": "England: F Lon - ENG", "martian_orders": "2A Par merge Bur\nA Pic merge Bur",
              "virus": "false", "landings": "Gal, Mar, Pic, Fin, Ser, Edi"}
    page.goto(site_url + "diplomacy/adjudicator/#" + urlencode(params))
    widget = page.locator(WOTW)
    page.wait_for_selector(f"{WOTW}[data-state=done]", timeout=90_000)
    assert widget.is_visible(), "the War of the Worlds tab is shown"
    want = calculators.run("wotw-adjudicate", {k: v for k, v in params.items() if k != "calc"})
    assert want["ok"], want
    assert page.locator(f"{WOTW} .calc-summary").inner_text() == want["summary"]
    titles = page.eval_on_selector_all(f"{WOTW} svg.calc-map g > title", "els => els.map(e => e.textContent)")
    assert any(t.startswith("Martian 3A") for t in titles), titles
    assert any("destroyed" in t for t in titles), titles
