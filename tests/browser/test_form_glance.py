"""The form at a glance (issue 24): a series of lines that may be left empty (Conquest of Mars's Player 1
to 6) shows the lines in use and one Add button for the next; no empty band above a widget's first field
(the status line sits under the buttons); the comparison view's content as the engine gives it."""
from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest

import calculators

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
READY = 90_000
W = "#calc-com-defend"
ADDS = f"{W} .calc-kv-add:visible"


def _open(pg, url, wid):
    pg.goto(url)
    pg.wait_for_selector(f"{wid}:is([data-state=done], [data-state=waiting])", timeout=READY)


def _adds(pg, selector=ADDS):
    return [t.strip() for t in pg.locator(selector).all_inner_texts()]


def test_empty_players_show_one_add_button_for_the_next(new_page, site_url):
    """The page starts with players 1 and 2: one button adds player 3; players 4 to 6 are not on show
    until the one before them is."""
    pg = new_page(**PHONE)
    _open(pg, site_url + "calculators/com-defend/", W)
    assert _adds(pg) == ["Add Player 3"]
    for i in (4, 5, 6):
        assert pg.locator(f"{W}-p{i}-set").is_hidden()
    pg.locator(f"{W} .calc-kv-add:visible").click()
    assert _adds(pg) == ["Add Player 4"]
    third = pg.locator(f"{W}-p3-set")
    third.get_by_role("button", name="Small: one more").click()
    third.get_by_role("button", name="Add a d6 to dice").click()
    pg.wait_for_function(f"document.querySelector('{W}-p3').value === 'S=1 dice=d6'")
    pg.wait_for_selector(f"{W}[data-state=done]", timeout=READY)
    pg.wait_for_function(f"(document.querySelector('{W} .calc-result')?.innerText || '')"
                          ".includes('Player 3 sole occupier')",
                         timeout=READY)
    assert _adds(pg) == ["Add Player 4"]


def test_a_gap_in_the_players_keeps_its_add_button(new_page, site_url):
    """A link with player 4 but no player 3: player 3's Add button stays (the engine says whether the gap
    matters), then player 4, then one button for player 5; player 6 waits behind it."""
    pg = new_page(**DESKTOP)
    params = {"calc": "com-defend", "p1": "S=1 dice=d6", "p2": "S=1 dice=d6", "p4": "S=1 dice=d8"}
    _open(pg, site_url + "calculators/com-defend/#" + urlencode(params), W)
    assert pg.locator(f"{W}-p4").input_value() == "S=1 dice=d8"
    assert _adds(pg) == ["Add Player 3", "Add Player 5"]
    assert pg.locator(f"{W}-p6-set").is_hidden()


def test_no_calculator_page_shows_two_empty_lines_of_a_series(new_page, site_url):
    """Over the catalog: every calculator with lines of touch controls shows at most one Add button (the
    form as first drawn, which the live one replaces without moving anything: the same code lays out both)."""
    pg = new_page(**PHONE)
    with_lines = [c for c in calculators.catalog() if any(p.get("widget") == "key-values" for p in c["params"])]
    assert len(with_lines) >= 3
    shown = {}
    for c in with_lines:
        pg.goto(site_url + c["page"].removesuffix(".md") + "/", wait_until="domcontentloaded")
        shown[c["id"]] = _adds(pg, f"#calc-{c['id']} .calc-kv-add:visible")
    assert all(len(v) <= 1 for v in shown.values()), shown


# -- no empty band above the form ---------------------------------------------------------------------

BAND = """(wid) => {
  const w = document.querySelector(wid);
  const cs = getComputedStyle(w);
  const top = w.getBoundingClientRect().top + parseFloat(cs.borderTopWidth) + parseFloat(cs.paddingTop);
  const head = w.querySelector(".calc-head .calc-title");
  const visibleTitle = head && head.getBoundingClientRect().height > 2 ? head.getBoundingClientRect().bottom : null;
  return {top, title: visibleTitle, form: w.querySelector("form.calc-form").getBoundingClientRect().top,
          status: w.querySelector(".calc-status").closest(".calc-actions") !== null};
}"""


def test_the_form_starts_at_the_top_of_the_widget(new_page, site_url):
    """A calculator's own page: its form starts where the widget's box does (the status line, empty once
    the engine is up, is under the buttons), at 390 and 1280 px, as first drawn (the early form, which the
    live one replaces without moving anything: tests/browser/test_speed.py) and live. A rules page's widget:
    right under its title."""
    pg = new_page(**PHONE)
    low = {}
    for size in (PHONE, DESKTOP):
        pg.set_viewport_size(size["viewport"])
        for cid in ("aqmf-attack", "wotw-virus", "com-defend", "dip-adjudicate"):
            pg.goto(site_url + f"calculators/{cid}/", wait_until="domcontentloaded")
            box = pg.evaluate(BAND, f"#calc-{cid}")
            assert box["status"], cid
            if box["form"] - box["top"] > 2:
                low[f"{cid} at {size['viewport']['width']}"] = box
        pg.goto(site_url + "icehouse/defend/", wait_until="domcontentloaded")
        box = pg.evaluate(BAND, W)
        if box["title"] is None or box["form"] - box["title"] > 14:  # the head's margin, 0.6em
            low[f"icehouse/defend (rules page) at {size['viewport']['width']}"] = box
    _open(pg, site_url + "calculators/com-defend/", W)
    box = pg.evaluate(BAND, W)
    if not box["status"] or box["form"] - box["top"] > 2:
        low["com-defend (live)"] = box
    assert not low, low


def test_a_buttons_note_shows_under_the_buttons(new_page, site_url):
    """The note on what a button did shows beside it (under the action bar), above the result."""
    pg = new_page(**PHONE)
    pg.context.grant_permissions(["clipboard-read", "clipboard-write"])
    _open(pg, site_url + "calculators/com-defend/", W)
    copy = pg.locator(f"{W} .calc-copy-link")
    copy.click()
    status = pg.locator(f"{W} .calc-status")
    pg.wait_for_function(f"(document.querySelector('{W} .calc-status')?.textContent || '').trim() !== ''")
    below = status.bounding_box()
    assert below["y"] >= copy.bounding_box()["y"] + copy.bounding_box()["height"] - 1
    assert below["y"] + below["height"] <= pg.locator(f"{W} .calc-result").bounding_box()["y"] + 1


# -- the comparison view -------------------------------------------------------------------------------

def test_the_defend_comparison_shows_the_engines_table(new_page, site_url):
    """Players with d8s and d6s, none with an empty pool or dice at home: only COM R2 (dice hidden until
    step 3) can change the Defend (COM R1 reads d10s, COM R3 matters only for an empty pool or dice at home),
    so the table has the site's column and COM R2's, and its cells are the engine's (CPython) numbers."""
    pg = new_page(**DESKTOP)
    params = {"p1": "S=1 M=1 dice=d8,d6", "p2": "S=2 dice=d6,d6"}
    _open(pg, site_url + "calculators/com-defend/#" + urlencode({"calc": "com-defend", **params}), W)
    pg.locator(f"{W} .calc-compare-readings").click()
    pg.wait_for_selector(f"{W} .calc-compare[data-state=done]", timeout=READY)
    table = pg.locator(f"{W} .calc-compare table")
    heads = [t.strip() for t in table.locator("thead th").all_inner_texts()]
    assert heads[1:] == ["The site's readings", "COM R2: Dice stay hidden until step 3"]
    expected = calculators.run("com-defend", {**params, "compare_readings": True})["tables"][0]["rows"]
    rows = table.locator("tbody tr")
    assert rows.count() == len(expected) == 6
    for i, row in enumerate(expected):
        text = rows.nth(i).inner_text()
        assert row[0] in text
        for cell in row[1:]:
            shown = f"{cell['float'] * 100:.2f}%" if isinstance(cell, dict) else cell
            assert shown in text, (row[0], shown, text)
    assert json.dumps(expected)  # the view is the engine's: nothing left out


def test_a_help_repeated_word_for_word_shows_once(new_page, site_url):
    """Poker's six players share one help text: it shows under the first only; every field keeps it as
    its description for a screen reader."""
    pg = new_page(**PHONE)
    pg.goto(site_url + "calculators/com-poker/", wait_until="domcontentloaded")
    shown = [t for t in pg.locator("#calc-com-poker .calc-help:visible").all_inner_texts() if "Cards in hand" in t]
    assert len(shown) == 1
    described = pg.evaluate("""() => Array.from({length: 6}, (_, i) => {
        const input = document.querySelector(`#calc-com-poker-p${i + 1}`);
        return input.getAttribute("aria-describedby").split(" ").map((id) => document.getElementById(id))
          .some((e) => e && e.textContent.includes("Cards in hand")); })""")
    assert described == [True] * 6


def _overflow(pg, selector):
    """The table's right edge and its frame's, and each header's right edge, in CSS pixels."""
    return pg.eval_on_selector(selector, """(t) => ({table: t.getBoundingClientRect().right,
        frame: t.closest('.calc-table-wrap').getBoundingClientRect().right, width: innerWidth,
        heads: [...t.querySelectorAll('thead th')].map(h => [h.textContent, h.getBoundingClientRect().right])})""")


def test_on_a_phone_the_result_tables_fit_the_column(new_page, site_url):
    """Issue 24 (audit gap 7): at 390 x 844 Conquest of Mars's "Each player" table, its "Sole occupier" column
    included, and the fire plan's "Plan A" table fit the content column: nothing cut at the screen's edge."""
    pg = new_page(**PHONE)
    params = {"calc": "com-defend", "p1": "S=1 M=1 dice=d8,d6", "p2": "S=1 dice=d10", "p3": "M=1 S=1 dice=d12,d4"}
    _open(pg, site_url + "calculators/com-defend/#" + urlencode(params), W)
    pg.wait_for_selector(f"{W}[data-state=done] .calc-output table.calc-table", timeout=READY)
    each = f"{W} .calc-output table.calc-table:has(caption:text-is('Each player'))"
    got = _overflow(pg, each)
    sole = [right for text, right in got["heads"] if text == "Sole occupier"]
    assert sole and sole[0] <= got["frame"] <= got["width"], got
    assert got["table"] <= got["frame"] + 0.5, got
    fire = "#calc-aqmf-fire-plan"
    _open(pg, site_url + "calculators/aqmf-fire-plan/", fire)
    plan = f"{fire} .calc-output table.calc-table:has(caption:text-matches('^Plan A'))"
    pg.wait_for_selector(plan, timeout=READY)
    got = _overflow(pg, plan)
    assert got["table"] <= got["frame"] + 0.5 and got["frame"] <= got["width"], got


def test_a_line_emptied_as_text_stays_open_with_the_focus_in_it(new_page, site_url):
    """A new player cleared "Player 1 as text" to type it again: the line closed to its Add button, the text box
    and the focus went, and on a desktop the next key (",") was Material's shortcut to another page."""
    pg = new_page(**DESKTOP)
    _open(pg, site_url + "calculators/com-defend/", W)
    first = pg.locator(f"{W}-p1-set")
    first.locator("details.calc-kv-more > summary").click()
    box = pg.locator(f"{W}-p1")
    box.click()
    box.press("Control+a")
    box.press("Delete")
    assert box.input_value() == ""
    assert box.is_visible() and box.evaluate("(b) => document.activeElement === b")
    box.press_sequentially("S=1 dice=d8,d6", delay=10)
    assert box.input_value() == "S=1 dice=d8,d6"
    assert pg.evaluate("location.pathname").endswith("/calculators/com-defend/"), "still on the page"
