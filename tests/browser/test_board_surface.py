"""The board as a play surface (issue 23), in the real site: an order is never finished on the player's
behalf (the support click trap), a unit's order can be removed from its menu and every order cleared, each
kind of phase says what a unit without an order does, a retreat phase with nothing to decide is not played,
and a link carries the whole game (and refuses, saying why, a game too long for a link or a damaged link).

Expected orders and results are worked by hand from the rules (DIP 8.1, 12.4, 13; ruling DIP R20)."""
from __future__ import annotations

import random
import string
from urllib.parse import urlencode

import pytest

from test_board_play import DIP, READY, adjudicate, board_ready, box, click_province, continue_game

pytestmark = pytest.mark.browser


def _link(site_url, phase, position, orders=""):
    params = {"calc": "dip-adjudicate", "phase": phase, "position": position, "orders": orders}
    return site_url + "diplomacy/adjudicator/#" + urlencode(params)


def _open(page, site_url, phase, position, orders="", label=None):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(_link(site_url, phase, position, orders))
    board_ready(page, phase=label or phase)


def test_the_support_click_trap_writes_no_order_the_player_did_not_finish(page, site_url):
    # F Rum may support A Ser only into Bul: after the click on Ser one order is left, and it waits.
    _open(page, site_url, "Fall 1901 movement", "Austria: A Ser\nRussia: F Rum\nTurkey: A Bul")
    click_province(page, "rum")
    page.locator(f"{DIP} .board-mode[data-mode=support]").click()
    click_province(page, "ser")
    # The place named as the site writes it (issue 23: "Bul", not "BUL").
    page.wait_for_function(f"(document.querySelector('{DIP} .board-prompt')?.textContent || '')"
                           ".includes('Click Bul (highlighted)')")
    assert box(page) == "", "nothing is written before the player's last click"
    assert page.locator(f"{DIP} .board-choices .board-choice").all_inner_texts() == ["Russia: F Rum S A Ser - Bul"]
    click_province(page, "bul")  # as the prompt says: it finishes the support, it does not open Turkey's A Bul
    page.wait_for_function(f"document.querySelector('{DIP}-orders').value === 'Russia: F Rum S A Ser - Bul'")
    board_ready(page)
    assert page.locator(f"{DIP} .board-menu").is_hidden()


def test_a_units_menu_shows_its_order_removes_it_and_clear_orders_empties_the_boxes(page, site_url):
    _open(page, site_url, "Spring 1901 movement", "France: A Par, A Mar\nGermany: A Mun",
          "France: A Par - Bur\nFrance: A Mar S A Par - Bur\nGermany: A Mun H")
    click_province(page, "par")
    page.locator(f"{DIP} .board-menu").wait_for(state="visible")
    assert page.locator(f"{DIP} .board-current").inner_text() == "Ordered now: France: A Par - Bur"
    assert page.locator(f"{DIP} .board-choice[aria-current=true]").inner_text() == "France: A Par - Bur"
    page.locator(f"{DIP} .board-remove").click()
    page.wait_for_function(f"!document.querySelector('{DIP}-orders').value.startsWith('France: A Par - Bur')")
    assert box(page).splitlines() == ["France: A Mar S A Par - Bur", "Germany: A Mun H"]
    board_ready(page)
    page.locator(f"{DIP} .board-clear").click()
    page.wait_for_function(f"document.querySelector('{DIP}-orders').value === ''")
    board_ready(page)
    assert page.locator(f"{DIP} .board-typed").inner_text() == "No orders yet."
    assert page.locator(f"{DIP} .board-rule").inner_text() == "A unit without an order holds."


@pytest.mark.parametrize("phase, position, words", [
    ("Fall 1901 retreats", "Austria: A Bul\nDislodged Turkey: A Bul from Ser",
     "A dislodged unit without an order is disbanded"),
    # Austria: 3 centres, 1 unit: 2 builds due (DIP 13.1), in its free home centres Bud and Tri (DIP 13.2).
    ("Winter 1901 adjustments", "Austria: A Vie\nCentres Austria: Vie, Bud, Tri",
     "A build not ordered is waived; a disband not ordered is chosen by the rules. Due: Austria builds 2."),
], ids=["retreat", "winter"])
def test_each_phase_says_what_a_unit_without_an_order_does(page, site_url, phase, position, words):
    _open(page, site_url, phase, position)
    text = page.locator(f"{DIP} .board-rule").inner_text()
    assert words in text and "holds" not in text, text
    assert phase not in text, "the phase is named once, in the line above (a new player read it three times)"
    assert "(after" not in page.locator(f"{DIP} .calc-board").inner_text()
    buildable = page.evaluate(f"[...document.querySelectorAll('{DIP} .board-map path.prov.buildable')]"
                              ".map(p => p.getAttribute('data-province')).sort()")
    assert buildable == (["bud", "tri"] if phase.startswith("Winter") else [])


def test_a_retreat_phase_with_nothing_to_decide_is_not_played(page, site_url):
    # Por's neighbours: Spa (the attacker's origin, DIP 12.3) and Mao (occupied): no place to retreat to.
    _open(page, site_url, "Spring 1902 movement", "France: A Por\nEngland: A Spa, F Mao",
          "England: A Spa - Por\nEngland: F Mao S A Spa - Por")
    summary = adjudicate(page)
    assert "1 unit disbanded: nowhere to retreat (DIP 12.4)" in summary, summary
    assert page.locator(f"{DIP} .calc-next").inner_text() == "Continue to Fall 1902 movement"
    continue_game(page)
    assert box(page, "phase") == "Fall 1902 movement"
    assert sorted(box(page, "position").removeprefix("England: ").split(", ")) == ["A Por", "F Mao"]


def _game_link(page):
    page.locator(f"{DIP} .board-share").click()
    page.wait_for_function(f"document.querySelector('{DIP} .board-link-box').value.includes('#game=')")
    return page.locator(f"{DIP} .board-link-box").input_value()


def test_a_game_link_restores_the_whole_history(new_page, site_url):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.goto(_link(site_url, "Spring 1901 movement", "France: A Par\nGermany: A Mun"))
    board_ready(page)
    for orders in ("France: A Par - Bur", "France: A Bur - Bel"):
        page.locator(f"{DIP}-orders").fill(orders)
        adjudicate(page)
        continue_game(page)
    board_ready(page, phase="Spring 1902 movement")
    link = _game_link(page)
    assert len(link) <= 32000
    assert "32,000" in page.locator(f"{DIP} .board-note").inner_text()
    again = new_page(viewport={"width": 390, "height": 844})
    again.goto(link)
    again.wait_for_function(f"(document.querySelector('{DIP} .board-phase')?.textContent || '')"
                            ".includes('2 phases played')",
                            timeout=READY)
    assert box(again, "phase") == "Spring 1902 movement"
    assert box(again, "position") == box(page, "position")
    again.locator(f"{DIP} .board-prev").click()  # the played phase is worked out again from the link
    shown = "Fall 1901 movement: 1 order, 1 succeeds, 0 fail"  # A Bur - Bel into an empty province (DIP 4.1)
    again.wait_for_function(f"(document.querySelector('{DIP} .board-view .calc-summary') || "
                            f"{{textContent: ''}}).textContent.startsWith({shown!r})", timeout=30_000)


def test_a_game_too_long_for_a_link_and_a_damaged_link_are_refused_saying_why(page, site_url):
    _open(page, site_url, "Spring 1901 movement", "France: A Par")
    noise = random.Random(23)
    phases = [{"label": f"Phase {i}", "summary": "",
               "params": {"phase": "Spring 1901 movement", "position": "France: A Par",
               "orders": "# " + "".join(noise.choice(string.ascii_letters) for _ in range(200))}} for i in range(200)]
    page.evaluate(f"(p) => {{ document.querySelector('{DIP}').calcBoard.history.phases = p; }}", phases)
    page.locator(f"{DIP} .board-share").click()
    error = page.locator(f"{DIP} .board-error")
    error.wait_for(state="visible")
    assert "over the 32,000 a link can safely carry" in error.inner_text()
    assert page.locator(f"{DIP} .board-link-box").is_hidden()
    page.goto(site_url + "diplomacy/adjudicator/#game=notagame")
    page.reload()
    # The board is built once the widget starts after the reload: until then there is no error line to read.
    page.wait_for_function(f"(document.querySelector('{DIP} .board-error')?.textContent || '').includes('damaged')",
                           timeout=READY)


def test_a_units_menu_opens_on_its_order_and_speaks_of_coasts_only_where_there_are_two(page, site_url):
    # F Bre ordered to hold: its menu opens on Hold. Moves: A Par and F Bre reach no province with two coasts;
    # F Por reaches Spa, which has two (DIP 2.3): only its Move hint says to choose the coast.
    _open(page, site_url, "Spring 1901 movement", "France: F Bre, A Par, F Por", "France: F Bre H")
    menu = page.locator(f"{DIP} .board-menu")
    click_province(page, "bre")
    menu.wait_for(state="visible")
    assert page.locator(f"{DIP} .board-prompt").inner_text() == "France: F Bre: Hold"
    assert page.locator(f"{DIP} .board-mode[aria-pressed=true]").inner_text() == "Hold"
    assert page.locator(f"{DIP} .board-current").inner_text() == "Ordered now: France: F Bre H"
    page.locator(f"{DIP} .board-mode[data-mode=move]").click()
    assert page.locator(f"{DIP} .board-hint").inner_text() == "Click the province it moves to."
    page.locator(f"{DIP} .board-cancel").click()
    for unit, coasts in (("par", False), ("por", True)):
        click_province(page, unit)
        menu.wait_for(state="visible")
        assert page.locator(f"{DIP} .board-mode[aria-pressed=true]").inner_text() == "Move"
        hint = page.locator(f"{DIP} .board-hint").inner_text()
        assert hint.startswith("Click the province it moves to.")
        assert ("two coasts" in hint) == coasts, (unit, hint)
        page.locator(f"{DIP} .board-cancel").click()


def test_cleared_orders_are_brought_back_by_the_boards_note(page, site_url):
    typed = "France: A Par - Bur\nFrance: A Mar S A Par - Bur  # opening\nGermany: A Mun H"
    _open(page, site_url, "Spring 1901 movement", "France: A Par, A Mar\nGermany: A Mun", typed)
    orders = f"{DIP} .calc-board g.orders .order"
    page.wait_for_function(f"document.querySelectorAll('{orders}').length === 3")
    restore = page.locator(f"{DIP} .board-restore")
    assert restore.is_hidden()
    page.locator(f"{DIP} .board-clear").click()
    page.wait_for_function(f"document.querySelector('{DIP}-orders').value === ''")
    board_ready(page)
    assert page.locator(f"{DIP} .calc-board g.orders .order").count() == 0
    note = page.locator(f"{DIP} .board-note").inner_text()
    assert "cleared" in note and "Undo" not in note, note  # a box's own Undo cannot bring them back
    assert restore.is_visible() and restore.inner_text() == "Bring them back"
    restore.click()
    page.wait_for_function(f"document.querySelector('{DIP}-orders').value !== ''")
    assert box(page) == typed, "exactly the orders cleared, comments and spacing included"
    board_ready(page)
    page.wait_for_function(f"document.querySelectorAll('{orders}').length === 3")
    assert restore.is_hidden()
    assert page.locator(f"{DIP} .board-note").inner_text() == "The cleared orders are back in the boxes."
    # A result supersedes that line (a new player still read it beside the result's summary).
    page.locator(f"{DIP} .calc-run").click()
    page.wait_for_selector(f"{DIP}[data-state=done]", timeout=90_000)
    page.wait_for_function(f"document.querySelector('{DIP} .board-note').hidden")
    # Cleared again, then an order written: the cleared ones are no longer offered over it.
    page.locator(f"{DIP} .board-clear").click()
    page.wait_for_function(f"document.querySelector('{DIP}-orders').value === ''")
    board_ready(page)
    assert restore.is_visible()
    page.locator(f"{DIP}-orders").fill("Germany: A Mun - Ruh")
    board_ready(page)
    page.wait_for_function(f"document.querySelectorAll('{orders}').length === 1")
    assert restore.is_hidden()
    assert "cleared" not in page.locator(f"{DIP} .board-note").inner_text()


def test_continue_waits_while_the_orders_differ_from_the_result_shown(page, site_url):
    """A new player adjudicated, wrote one more order and pressed "Continue to Fall 1901 movement": nothing
    happened (the result no longer matched the boxes). Continue is now disabled while the boxes differ from the
    result's, and live again when they are back to it; Adjudicate then gives a result Continue carries on."""
    _open(page, site_url, "Spring 1901 movement", "France: A Par\nEngland: F Lon", "France: A Par - Bur")
    adjudicate(page)
    nxt = page.locator(f"{DIP} .calc-next")
    assert nxt.is_enabled() and nxt.inner_text() == "Continue to Fall 1901 movement"
    orders = page.locator(f"{DIP}-orders")
    orders.press("End")
    orders.type("\nEngland: F Lon - Nth")
    page.wait_for_function(f"document.querySelector('{DIP} .calc-next').disabled")
    for _ in range(len("\nEngland: F Lon - Nth")):
        orders.press("Backspace")
    page.wait_for_function(f"!document.querySelector('{DIP} .calc-next').disabled")
    orders.press("End")
    orders.type("\nEngland: F Lon - Nth")
    page.wait_for_function(f"document.querySelector('{DIP} .calc-next').disabled")
    adjudicate(page)
    assert nxt.is_enabled()
    continue_game(page)
    board_ready(page, phase="Fall 1901 movement")
