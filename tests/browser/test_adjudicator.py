"""The adjudicator page: Load fills the boxes, Continue fills them and waits, the War of the Worlds tab."""
from __future__ import annotations

from urllib.parse import urlencode

import pytest

import calculators

STALE = ".calc-stale-note:not(.calc-compare *)"  # the result's stale note, not the readings comparison's

pytestmark = pytest.mark.browser
DIP, WOTW = "#calc-dip-adjudicate", "#calc-wotw-adjudicate"
READY = 90_000


def wait_done(page, widget=DIP, timeout=READY):
    page.wait_for_selector(f"{widget}[data-state=done]", timeout=timeout)


def boxes(page, widget=DIP) -> dict:
    return {name: page.locator(f"{widget}-{name}").input_value() for name in ("phase", "position", "orders")}


def requests_sent(page, calc="dip-adjudicate") -> int:
    """How many times the page asked the engine to run ``calc`` (the board's previews run another calculator)."""
    return page.evaluate(f"window.martianEngine.sent[{calc!r}] || 0")


def wait_waiting(page, widget=DIP):
    """The page opened without a link: nothing is adjudicated, the board waits for orders (issue 23)."""
    page.wait_for_selector(f"{widget}[data-state=waiting] .calc-board[data-state=ready]", timeout=READY)


def test_while_the_engine_starts_the_board_says_so_once_and_adjudicate_waits(page, site_url):
    """A new player saw "Setting up the board…" and "Loading the calculator…" together, and an Adjudicate that looked
    ready on a map without units: until the engine's first answer about the board, the board's line alone speaks
    and Adjudicate cannot be pressed. (The runtime is held back so that the start is seen whatever the machine.)"""
    held = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(site_url + "diplomacy/adjudicator/", wait_until="domcontentloaded")
    page.wait_for_function(f"document.querySelector('{DIP}').dataset.engine === 'loading'")
    page.wait_for_selector(f"{DIP} .board-phase")
    assert page.locator(f"{DIP} .board-phase").inner_text() == "Setting up the board…"
    assert page.locator(f"{DIP} .calc-run").is_disabled()
    assert page.locator(f"{DIP} .calc-status").is_hidden()
    while not held:
        page.wait_for_timeout(50)
    for route in held:
        route.continue_()
    wait_waiting(page)
    assert page.locator(f"{DIP} .calc-run").is_enabled()
    assert page.locator(f"{DIP} .calc-status").is_visible()


def test_opening_adjudicates_nothing_and_adjudicate_draws_the_map(page, site_url):
    page.goto(site_url + "diplomacy/adjudicator/")
    # Before the engine has named the phase, the board says it is setting up (a new player read "The boxes").
    page.wait_for_selector(f"{DIP} .board-phase")
    early = page.locator(f"{DIP} .board-phase").inner_text()
    assert early in ("Setting up the board…", "Now playing: Spring 1901 movement"), early
    wait_waiting(page)
    assert page.locator(f"{DIP} .board-phase").inner_text() == "Now playing: Spring 1901 movement"
    sent = requests_sent(page)
    assert page.locator(f"{DIP} .calc-summary").count() == 0
    assert page.locator(f"{DIP} .calc-next").is_hidden()
    assert page.locator(f"{DIP} .board-typed").inner_text() == "No orders yet."
    assert page.locator(f"{DIP} .calc-status").inner_text() == (
        "Waiting for orders for Spring 1901 movement. Nothing is worked out until you press Adjudicate.")
    # Said once: with no result under it, the result's banner does not say it again (a new player saw it twice).
    assert page.locator(f"{DIP} {STALE}").is_hidden()
    assert page.locator(f"{DIP} .calc-result").get_attribute("data-stale") == "waiting"
    page.wait_for_timeout(600)
    assert requests_sent(page) == sent == 0, "nothing is adjudicated until the player asks"
    page.locator(f"{DIP} .calc-run").click()
    wait_done(page)
    # The line that said it waits follows the state: it is gone once adjudicated.
    assert page.locator(f"{DIP} .calc-status").inner_text() == ""
    # How to read the result on the map: the unit is still drawn where it stood (a new player thought nothing moved).
    assert page.locator(f"{DIP} .board-rule").inner_text() == (
        "On the map a tick marks a move that succeeded and a cross an order that failed; the units move when you "
        "continue.")
    assert page.locator(f"{DIP} .calc-next").inner_text() == "Continue to Fall 1901 movement"
    assert page.locator(f"{DIP} svg.calc-map").count() == 1
    assert page.locator(f"{DIP} svg.calc-map script, {DIP} svg.calc-map foreignObject").count() == 0
    assert page.locator(f"{DIP} .calc-summary").inner_text() == calculators.run("dip-adjudicate", {})["summary"]


def test_a_move_that_succeeded_is_drawn_bolder_than_the_move_typed(page, site_url):
    """A new player could not tell from the board that A Par - Bur had worked: Adjudicate changes its arrow."""
    page.goto(site_url + "diplomacy/adjudicator/")
    wait_waiting(page)
    arrow = f"{DIP} .calc-board .board-map > svg .order.move.pw-france .line"
    width = f"parseFloat(getComputedStyle(document.querySelector('{arrow}')).strokeWidth)"
    page.locator(f"{DIP}-orders").fill("France: A Par - Bur")
    page.wait_for_selector(f"{DIP} .calc-board .board-map > svg .order.move.typed.pw-france", timeout=READY)
    typed = page.evaluate(width)
    page.locator(f"{DIP} .calc-run").click()
    wait_done(page)
    page.wait_for_selector(f"{DIP} .calc-board .board-map > svg .order.move.ok.pw-france", timeout=READY)
    assert page.evaluate(width) > typed


def test_after_adjudicating_a_bounce_is_explained_continue_leads_and_waiting_is_said_once(page, site_url):
    """A third new player: two armies bouncing in Burgundy showed two crosses and no reason beside the map;
    Adjudicate stayed the filled button while Continue was the one to press; after Continue "Waiting for orders"
    was on screen twice. A Par - Bur and A Mar - Bur have one support each (none), so both bounce (DIP 9.1)."""
    page.goto(site_url + "diplomacy/adjudicator/")
    wait_waiting(page)
    run, nxt = page.locator(f"{DIP} .calc-run"), page.locator(f"{DIP} .calc-next")
    assert "md-button--primary" in run.get_attribute("class")
    page.locator(f"{DIP}-orders").fill("France: A Par - Bur\nFrance: A Mar - Bur\nGermany: A Mun - Ruh")
    run.click()
    wait_done(page)
    side = page.locator(f"{DIP} .board-problems li")
    side.first.wait_for()
    lines = side.all_inner_texts()
    assert len(lines) == 2, lines
    assert lines[0].startswith("France: A Par - Bur fails (bounced") and "Mar" in lines[0]
    assert lines[1].startswith("France: A Mar - Bur fails (bounced") and "Par" in lines[1]
    assert side.first.is_visible()
    page.wait_for_function(f"document.querySelector('{DIP} .calc-next').classList.contains('md-button--primary')")
    assert "md-button--primary" not in run.get_attribute("class")
    # An edit makes the result out of date: Adjudicate leads again, and the reasons go with the result.
    page.locator(f"{DIP}-orders").fill("France: A Par - Bur")
    page.wait_for_function(f"document.querySelector('{DIP} .calc-run').classList.contains('md-button--primary')")
    assert "md-button--primary" not in nxt.get_attribute("class")
    page.wait_for_function(f"!document.querySelector('{DIP} .board-problems li')")
    page.locator(f"{DIP}-orders").fill("France: A Par - Bur\nFrance: A Mar - Bur\nGermany: A Mun - Ruh")
    page.wait_for_function(f"document.querySelector('{DIP} .calc-next').classList.contains('md-button--primary')")
    nxt.click()
    wait_waiting(page)
    side_text = page.locator(f"{DIP} .board-side").inner_text()
    assert side_text.count("Waiting for orders for Fall 1901 movement") == 1, side_text
    assert page.locator(f"{DIP} .board-problems li").count() == 0
    assert "md-button--primary" in run.get_attribute("class")


def test_load_fills_the_boxes_then_every_edit_counts(page, site_url):
    page.goto(site_url + "diplomacy/adjudicator/")
    wait_waiting(page)
    case = calculators.presets("dip-adjudicate")["datc-6.E.4"]["params"]
    page.select_option(f"{DIP}-load", "datc-6.E.4")
    # The boxes show the case, the chooser is back on "your own position", and the case is what ran.
    page.wait_for_function(f"document.querySelector('{DIP}-orders').value === {case['orders']!r}")
    assert boxes(page) == case
    assert page.locator(f"{DIP}-load").input_value() == "none"
    wait_done(page)
    assert page.locator(f"{DIP} .calc-summary").inner_text() == calculators.run("dip-adjudicate", case)["summary"]
    # An edit after loading counts: the boxes are the one source of truth.
    edited = dict(case, orders=case["orders"].splitlines()[0])
    page.locator(f"{DIP}-orders").fill(edited["orders"])
    assert page.locator(f"{DIP} .calc-result").get_attribute("data-stale") == "edited"
    page.locator(f"{DIP} .calc-run").click()
    page.wait_for_function(f"(document.querySelector('{DIP} .calc-summary')?.textContent || '') === "
                           f"{calculators.run('dip-adjudicate', edited)['summary']!r}", timeout=30_000)
    assert page.locator(f"{DIP} .calc-result").get_attribute("data-stale") is None


def test_continue_fills_the_boxes_and_waits_and_two_quick_clicks_lose_nothing(page, site_url):
    """Fall 1901: Turkey dislodges the army in Serbia. The retreat phase must not be adjudicated with
    no orders (which would disband the army): Continue fills the boxes and waits for the retreat."""
    position = "Austria: A Ser\nTurkey: A Bul, A Gre\nCentres Austria: Ser\nCentres Turkey: Bul, Gre"
    orders = "Turkey: A Bul - Ser; A Gre S A Bul - Ser"
    params = {"phase": "Fall 1901 movement", "position": position, "orders": orders}
    page.goto(site_url + "diplomacy/adjudicator/#" + urlencode({"calc": "dip-adjudicate", **params}))
    wait_done(page)
    result = calculators.run("dip-adjudicate", params)
    assert result["data"]["dislodged"], "the case dislodges the Austrian army"
    assert "Continue to Fall 1901 retreats" in page.locator(f"{DIP} .calc-next").inner_text()
    # Beside the map, why: the unit without an order is named with its power (it read "A Ser (no order: holds)").
    lines = page.locator(f"{DIP} .board-problems li").all_inner_texts()
    assert [x.split(" (")[0] for x in lines] == ["Austria: A Ser"] and " is dislodged (" in lines[0], lines
    sent = requests_sent(page)
    page.locator(f"{DIP} .calc-next").dblclick()
    page.wait_for_selector(f"{DIP}[data-state=waiting]")
    assert boxes(page) == {k: result["next"]["params"][k] for k in ("phase", "position", "orders")}
    assert "Dislodged Austria: A Ser" in boxes(page)["position"], "the dislodged unit is still there to retreat"
    assert "Waiting for orders for Fall 1901 retreats" in page.locator(f"{DIP} {STALE}").inner_text()
    assert page.locator(f"{DIP} .calc-next").is_disabled()
    page.wait_for_timeout(600)
    assert requests_sent(page) == sent, "nothing is adjudicated until the player asks"
    assert page.locator(DIP).get_attribute("data-state") == "waiting"
    # The player gives the retreat and asks.
    page.locator(f"{DIP}-orders").fill("Austria: A Ser R Alb")
    page.locator(f"{DIP} .calc-run").click()
    wait_done(page, timeout=30_000)
    want = calculators.run("dip-adjudicate", dict(result["next"]["params"], orders="Austria: A Ser R Alb"))
    assert page.locator(f"{DIP} .calc-summary").inner_text() == want["summary"]
    assert "A Alb" in want["data"]["position_after"]


def test_a_shared_link_opens_the_war_of_the_worlds_tab_with_martians_on_the_map(page, site_url):
    params = {"calc": "wotw-adjudicate", "season": "spring", "year": "1901",
              "position": "England: F Lon\nCentres England: Lon\nMartian: 2A Par, A Pic\nDestroyed: Mar",
              "orders": "England: F Lon - ENG", "martian_orders": "2A Par merge Bur\nA Pic merge Bur",
              "virus": "false", "landings": "Gal, Mar, Pic, Fin, Ser, Edi"}
    page.goto(site_url + "diplomacy/adjudicator/#" + urlencode(params))
    widget = page.locator(WOTW)
    wait_done(page, WOTW)
    assert widget.is_visible(), "the War of the Worlds tab is shown"
    want = calculators.run("wotw-adjudicate", {k: v for k, v in params.items() if k != "calc"})
    assert want["ok"], want
    assert page.locator(f"{WOTW} .calc-summary").inner_text() == want["summary"]
    titles = page.eval_on_selector_all(f"{WOTW} svg.calc-map g > title", "els => els.map(e => e.textContent)")
    assert any(t.startswith("Martian 3A") for t in titles), titles
    assert any("destroyed" in t for t in titles), titles
    # Continue carries the War of the Worlds season forward the same way, and waits.
    sent = requests_sent(page, "wotw-adjudicate")
    page.locator(f"{WOTW} .calc-next").click()
    page.wait_for_selector(f"{WOTW}[data-state=waiting]")
    assert page.locator(f"{WOTW}-season").input_value() == want["next"]["params"]["season"]
    assert requests_sent(page, "wotw-adjudicate") == sent


def test_a_link_naming_a_preset_fills_the_boxes_with_it(page, site_url):
    """The docs' "Open DATC 6.E.4" links: load=<preset> in a link, as in calculators.run."""
    page.goto(site_url + "diplomacy/adjudicator/#calc=dip-adjudicate&load=datc-6.E.4")
    wait_done(page)
    case = calculators.presets("dip-adjudicate")["datc-6.E.4"]["params"]
    assert boxes(page) == case
    assert page.locator(f"{DIP}-load").input_value() == "none"
    assert "DATC 6.E.4" in page.locator(f"{DIP} .calc-status").inner_text()
    want = calculators.run("dip-adjudicate", {"load": "datc-6.E.4"})
    assert want == calculators.run("dip-adjudicate", case)
    assert page.locator(f"{DIP} .calc-summary").inner_text() == want["summary"]
    # A preset that does not exist is said plainly; the boxes keep the calculator's own defaults.
    page.goto(site_url + "diplomacy/adjudicator/#calc=dip-adjudicate&load=constructor")
    page.wait_for_selector(f"{DIP}[data-state=error]", timeout=READY)
    assert "no such choice" in page.locator(f"{DIP} > .calc-error").inner_text()
    page.wait_for_timeout(600)
    assert page.locator(DIP).get_attribute("data-state") == "error", "nothing is run from such a link"
