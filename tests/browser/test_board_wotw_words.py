"""War of the Worlds on the board (issue 23, audit gaps 4 and 5): each season's line under the phase says what a
unit, or a virus removal, without an order does in that season, and a Summer with nothing to decide is not played.

The words are worked from the rules: DIP R1 (an unordered unit holds), DIP 12.4 (an unordered retreat is a
disband), DIP 13 (an unordered build is waived, an unordered disband chosen by the rules), ruling WOTW R5 (Summer
plays Spring's retreats, Winter Fall's retreats and the adjustments), WOTW 9.3 with ruling WOTW R9 (once the virus
is active, the points not removed by order are removed by default, alphabetically by province); and ruling
WOTW R17 (no Summer with nothing to decide)."""
from __future__ import annotations

from urllib.parse import urlencode

import pytest

from test_board_play import READY, WOTW, adjudicate, board_ready, box, continue_game

pytestmark = pytest.mark.browser

RETREAT = "A dislodged unit without an order is disbanded"
ADJUST = "a build not ordered is waived; a disband not ordered is chosen by the rules"
REMOVE = "strength points the Martian does not remove by order are removed by default, alphabetically by province"


def _open(page, site_url, season, position, phase, orders=""):
    params = {"calc": "wotw-adjudicate", "season": season, "year": "1904", "position": position,
              "orders": orders, "martian_orders": "", "landings": ""}
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site_url + "diplomacy/adjudicator/#" + urlencode(params))
    page.wait_for_selector(f"{WOTW}[data-state=done]", timeout=READY)
    board_ready(page, WOTW, phase=phase)
    return page.locator(f"{WOTW} .board-rule").inner_text()


# France: 2 centres (Par, Bre), 1 unit: 1 build due (DIP 13.1). The Martian's 3A Ber: with 'Virus: active',
# two of its points are due (WOTW 9.2).
DISLODGED = "France: A Bur\nGermany: A Mun\nDislodged France: A Ruh from Mun"
WINTER = "France: A Par\nCentres France: Par, Bre"
VIRUS = "\nMartian: 3A Ber\nDestroyed: Ber\nVirus: active"


@pytest.mark.parametrize("season, position, phase, words", [
    ("spring", "France: A Par\nMartian: 3A Ber", "Spring 1904 movement", "A unit without an order holds."),
    ("summer", DISLODGED, "Summer 1904 retreats", RETREAT + "."),
    ("summer", DISLODGED + VIRUS, "Summer 1904 retreats", f"{RETREAT}; {REMOVE}."),
    ("winter", WINTER, "Winter 1904 adjustments", f"{RETREAT}; {ADJUST}. Due: France builds 1."),
    ("winter", WINTER + VIRUS, "Winter 1904 adjustments", f"{RETREAT}; {ADJUST}; {REMOVE}. Due: France builds 1."),
], ids=["spring", "summer", "summer-virus", "winter", "winter-virus"])
def test_each_wotw_season_says_what_a_unit_or_removal_without_an_order_does(page, site_url, season, position,
                                                                            phase, words):
    _open(page, site_url, season, position, phase)
    # A link adjudicates its season at once; an order typed after it makes the line speak of the orders to give
    # (in a movement season the adjudicated line says how to read the map instead).
    page.locator(f"{WOTW}-orders").fill("Germany: A Mun H" if season == "summer" else "France: A Par H")
    page.wait_for_function(f"document.querySelector('{WOTW} .board-typed').dataset.adjudicated === ''")
    board_ready(page, WOTW, phase=phase)
    text = page.locator(f"{WOTW} .board-rule").inner_text()
    assert text == words, text
    assert phase not in text, "the phase is named once, in the line above"


def test_a_summer_with_nothing_to_decide_is_not_played(page, site_url):
    # A Por's neighbours: Spa (the attacker's origin, DIP 12.3) and MAO (occupied): nowhere to retreat to; no virus.
    _open(page, site_url, "spring", "France: A Por\nCentres France: Par\nEngland: A Spa, F MAO\nCentres England: Lon",
          "Spring 1904 movement", "England: A Spa - Por\nEngland: F MAO S A Spa - Por")
    summary = adjudicate(page, WOTW)
    assert "1 unit disbanded: nowhere to retreat, no Summer to play (DIP 12.4, ruling WOTW R17)" in summary, summary
    assert "Fall 1904" in page.locator(f"{WOTW} .calc-next").inner_text()
    continue_game(page, WOTW)
    board_ready(page, WOTW, phase="Fall 1904 movement")
    assert box(page, "position", WOTW).splitlines()[0] == "England: F Mao, A Por"


def test_after_a_wotw_season_is_adjudicated_the_line_says_how_its_map_is_drawn(page, site_url):
    """A new player read "the units move when you continue" under a War of the Worlds map that already showed the
    units where the season left them (Diplomacy's result map keeps them where they stood until Continue)."""
    _open(page, site_url, "spring", "France: A Par\nMartian: 3A Ber", "Spring 1904 movement", "France: A Par - Bur")
    text = page.locator(f"{WOTW} .board-rule").inner_text()
    assert text == ("On the map a tick marks a move that succeeded and a cross an order that failed; the units stand "
                    "where the season leaves them."), text
    assert page.locator(f"{WOTW} .calc-board .board-map svg [data-unit='bur']").count() == 1, "France's army in Bur"


def test_a_unit_the_cylinder_eliminates_is_named_beside_the_map(page, site_url):
    """A new player ordered A Par - Bur in Spring 1901: the cylinder landed in Mar (the landing schedule's first
    site) and eliminated A Mar (WOTW 3.3, after the moves by ruling WOTW R6), but nothing beside the map said so
    and the table said "holds". The board's list of what went wrong names the eliminated unit and why."""
    params = {"calc": "wotw-adjudicate", "season": "spring", "year": "1901", "orders": "France: A Par - Bur"}
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site_url + "wotw/adjudicator/#" + urlencode(params))
    board_ready(page, WOTW)
    adjudicate(page, WOTW)
    lines = page.locator(f"{WOTW} .board-problems li").all_inner_texts()
    eliminated = [x for x in lines if x.startswith("France: A Mar")]
    assert eliminated and " is eliminated (" in eliminated[0] and "WOTW 3.3" in eliminated[0], lines
