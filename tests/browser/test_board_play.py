"""Click to order (issue 14), in the real site: a game played from Spring 1901 to Spring 1902 by clicks alone
gets the results of the same orders typed; typing an order draws it; one unit ordered by keyboard alone; a
Martian order by clicks; the whole game exported and imported again, byte for byte; the map as SVG and PNG.

Expected results come from the engine run on the orders as the test types them (``calculators.run``), never
from the page; the clicks are real mouse clicks at points inside each province."""
from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import calculators
from calculators.diplomacy.adjudicate import _start_text

pytestmark = pytest.mark.browser
DIP, WOTW = "#calc-dip-adjudicate", "#calc-wotw-adjudicate"
READY = 90_000

# A point inside a province where a click lands on that province or on its unit (the topmost element there
# resolves to it): the first such point on a grid over the province's box, scrolled into view first.
POINT = """([widget, key]) => {
  const svg = document.querySelector(widget + ' .calc-board svg.dip-board');
  const shape = svg.querySelector(`path.prov[data-province="${key}"]`);
  shape.scrollIntoView({block: 'center', inline: 'center'});
  const box = shape.getBBox(), m = shape.getScreenCTM();
  const mine = (n) => n && (n.getAttribute('data-province') === key ||
                            (n.getAttribute('data-unit') || '').split('/')[0] === key);
  for (let i = 1; i < 24; i++) for (let j = 1; j < 24; j++) {
    const p = new DOMPoint(box.x + box.width * ((i * 7) % 24) / 24, box.y + box.height * ((j * 11) % 24) / 24);
    if (!shape.isPointInFill(p)) continue;
    const s = p.matrixTransform(m);
    const hit = document.elementFromPoint(s.x, s.y);
    if (hit && mine(hit.closest('[data-unit], [data-province]'))) return [s.x, s.y];
  }
  return null;
}"""


# What the board shows when a wait for it runs out: its state and phase, and the messages on show.
_BOARD_SAYS = """(w) => { const b = document.querySelector(w + ' .calc-board');
  const shown = [...document.querySelectorAll(w + ' .calc-status, ' + w + ' > .calc-error, ' + w + ' .board-note, ' +
    w + ' .board-error')].filter(e => e.checkVisibility()).map(e => e.textContent.trim()).filter(Boolean);
  return {state: b && b.dataset.state, phase: b && b.dataset.phase, widget: document.querySelector(w).dataset.state,
          shown}; }"""


def board_ready(page, widget=DIP, phase=None, timeout=READY):
    """The board shows the boxes as they are now (for ``phase``, when given). A wait that runs out says what the
    board showed instead (a flake in a fresh clone gave no more than the timeout)."""
    want = f" && b.dataset.phase === {phase!r}" if phase else ""
    try:
        page.wait_for_function(f"(() => {{ const b = document.querySelector('{widget} .calc-board'); "
                               f"return b && b.dataset.state === 'ready'{want}; }})()", timeout=timeout)
    except PlaywrightTimeout:
        pytest.fail(f"the board was not ready{' for ' + phase if phase else ''}: {page.evaluate(_BOARD_SAYS, widget)}")


def click_province(page, key, widget=DIP, still=False):
    """A real click inside a province; ``still``: where the page is, without scrolling it first."""
    script = POINT.replace("shape.scrollIntoView({block: 'center', inline: 'center'});", "") if still else POINT
    point = page.evaluate(script, [widget, key])
    assert point, f"no point of {key} can be clicked" + (" where the page is" if still else "")
    page.mouse.click(*point)


def box(page, name="orders", widget=DIP) -> str:
    return page.locator(f"{widget}-{name}").input_value()


def order_by_clicks(page, line, unit, path=(), mode=None, choice=None, widget=DIP, field="orders", still=False):
    """Click the unit (or centre), a mode button if asked, then the places until the order is written, or a
    listed order's button; the order must then stand in the box. ``still``: never scroll the page to a province."""
    click_province(page, unit, widget, still)
    menu = page.locator(f"{widget} .board-menu")
    menu.wait_for(state="visible")
    if mode:
        page.locator(f"{widget} .board-mode[data-mode={mode}]").click()
    for key in path:
        if not menu.is_visible():
            break
        click_province(page, key, widget, still)
    if choice:
        page.locator(f"{widget} .board-choices .board-choice", has_text=choice).click()
    page.wait_for_function(f"document.querySelector('{widget}-{field}').value.split('\\n').includes({line!r})")
    board_ready(page, widget)


def adjudicate(page, widget=DIP):
    page.locator(f"{widget} .calc-run").click()
    page.wait_for_selector(f"{widget}[data-state=done] .calc-result:not([data-stale])", timeout=30_000)
    return page.locator(f"{widget} .calc-result .calc-summary").inner_text()


def continue_game(page, widget=DIP):
    page.locator(f"{widget} .calc-next").click()
    page.wait_for_selector(f"{widget}[data-state=waiting]")


# Spring 1901 to Spring 1902: a dislodgement in Fall (with a retreat), builds and a waive in Winter.
GAME = [
    ("Spring 1901 movement", [
        ("Austria: A Vie - Gal", "vie", ["gal"], None, None),
        ("Austria: A Bud - Ser", "bud", ["ser"], None, None),
        ("Austria: F Tri - Alb", "tri", ["alb"], None, None),
        ("Russia: F Sev - Rum", "sev", ["rum"], None, None),
        ("Turkey: A Con - Bul", "con", ["bul"], None, None),
        ("Turkey: F Ank - Bla", "ank", ["bla"], None, None),
    ]),
    ("Fall 1901 movement", [
        ("Austria: A Ser - Bul", "ser", ["bul"], None, None),
        ("Russia: F Rum S A Ser - Bul", "rum", ["ser", "bul"], "support", None),
        ("Austria: F Alb - Gre", "alb", ["gre"], None, None),
        ("Turkey: A Bul H", "bul", [], "hold", None),
    ]),
    ("Fall 1901 retreats", [
        ("Turkey: A Bul R Con", "bul", ["con"], None, None),
    ]),
    ("Winter 1901 adjustments", [
        ("Austria: Build A Vie", "vie", [], None, "Austria: Build A Vie"),
        ("Austria: Build F Tri", "tri", [], None, "Austria: Build F Tri"),
    ]),
]


def start_link(site_url):
    params = {"calc": "dip-adjudicate", "phase": "Spring 1901 movement", "position": _start_text(), "orders": ""}
    return site_url + "diplomacy/adjudicator/#" + urlencode(params)


# Issue 23: at 1280 x 900 the board (at least 760 px wide), the order menu, Adjudicate and the drawn result
# are on the screen together, from where the page stands as it opens: the test never scrolls it.
ON_SCREEN = """([widget, what]) => {
  const rect = (s) => { const n = document.querySelector(widget + ' ' + s);
                        return n && n.getClientRects().length ? n.getBoundingClientRect().toJSON() : null; };
  const out = Object.fromEntries(what.map((s) => [s, rect(s)]));
  out.scrollY = window.scrollY;
  out.header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  return out;
}"""


def _all_on_screen(page, what, width=1280, height=900):
    """Each element wholly in the viewport, under Material's header (which would cover it)."""
    rects = page.evaluate(ON_SCREEN, [DIP, what])
    for name in what:
        r = rects[name]
        assert r, f"{name} is not shown"
        assert r["top"] >= rects["header"] and r["bottom"] <= height and r["left"] >= 0 and r["right"] <= width, \
            (name, rects)
    return rects


def _one_screen_checks(page, phase_index, arrived_at):
    """At 1280 x 900: a unit's menu opened by a click on the map, beside the board, with Adjudicate where it was
    before the menu opened; nothing scrolled since the page opened."""
    before = _all_on_screen(page, [".board-map > svg", ".calc-run"])
    assert before["scrollY"] == arrived_at, "the page moved since it opened"
    click_province(page, "par" if phase_index == 0 else "lon", still=True)
    page.locator(f"{DIP} .board-menu").wait_for(state="visible")
    rects = _all_on_screen(page, [".board-map > svg", ".board-menu", ".calc-run"])
    assert rects[".board-map > svg"]["right"] - rects[".board-map > svg"]["left"] >= 760, rects
    assert rects["scrollY"] == arrived_at, "the click scrolled the page"
    assert rects[".calc-run"] == before[".calc-run"], "opening the menu moved Adjudicate"
    page.locator(f"{DIP} .board-cancel").click()


def _result_on_screen(page, arrived_at, menu=False):
    """The drawn result with Adjudicate and Continue; with menu, also a unit's menu opened on the result (London's
    fleet, never ordered in GAME), all in one measurement: the issue's four things on screen together."""
    page.wait_for_selector(f"{DIP} .board-map[data-result] > svg")
    rects = _all_on_screen(page, [".board-map[data-result] > svg", ".calc-run", ".calc-next", ".board-typed"])
    assert rects["scrollY"] == arrived_at, "adjudicating scrolled the page"
    assert page.locator(f"{DIP} .board-typed").inner_text().startswith("Adjudicated. ")
    if not menu:
        return
    click_province(page, "lon", still=True)
    page.locator(f"{DIP} .board-menu").wait_for(state="visible")
    rects = _all_on_screen(page, [".board-map[data-result] > svg", ".board-menu", ".calc-run", ".calc-next"])
    assert rects["scrollY"] == arrived_at, "the click scrolled the page"
    page.locator(f"{DIP} .board-cancel").click()


def _open(page, site_url, size):
    """At 1280 the page as a reader opens it (no link: it opens on the starting position, waiting for orders);
    returns where it stands once its board is ready. At 390, from a link to the same boxes."""
    if size[0] != 1280:
        page.goto(start_link(site_url))
        page.wait_for_selector(f"{DIP}[data-state=done]", timeout=READY)
        return None
    page.goto(site_url + "diplomacy/adjudicator/")
    board_ready(page, phase="Spring 1901 movement")
    assert (box(page, "position"), box(page)) == (_start_text(), "")
    arrived_at = page.evaluate("window.scrollY")
    assert arrived_at > 0, "the board was not brought up as the page opened"
    assert page.evaluate("document.activeElement === document.body"), "the focus moved"
    return arrived_at


@pytest.mark.parametrize("size", [(1280, 900), (390, 844), (1280, 900, "dark")], ids=["1280", "390", "1280-dark"])
def test_spring_1901_to_spring_1902_by_clicks_alone_gives_the_typed_orders_results(page, site_url, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    if size[2:] == ("dark",):
        page.emulate_media(color_scheme="dark")  # Material's palette follows the system's (mkdocs.yml)
    arrived_at = _open(page, site_url, size)
    if size[2:]:
        assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
    wide = arrived_at is not None
    params = {"phase": "Spring 1901 movement", "position": _start_text(), "orders": ""}
    for i, (phase, orders) in enumerate(GAME):
        board_ready(page, phase=phase)
        assert box(page, "phase") == phase
        if wide and i < 2:
            _one_screen_checks(page, i, arrived_at)
        for line, unit, path, mode, choice in orders:
            order_by_clicks(page, line, unit, path, mode, choice, still=wide)
        if phase.startswith("Winter"):
            page.locator(f"{DIP} .board-loose .board-choice", has_text="Russia: Waive").click()
            page.wait_for_function(f"document.querySelector('{DIP}-orders').value.includes('Russia: Waive')")
            board_ready(page)
        typed = [line for line, *_ in orders] + (["Russia: Waive"] if phase.startswith("Winter") else [])
        assert sorted(box(page).splitlines()) == sorted(typed), "the clicks wrote exactly the orders, nothing else"
        expected = calculators.run("dip-adjudicate", dict(params, orders="\n".join(typed)))
        assert adjudicate(page) == expected["summary"]
        if wide:
            _result_on_screen(page, arrived_at, menu=i < 2)
        continue_game(page)
        # Continue leaves the focus on the board, never in a text box (a phone's keyboard would cover the map).
        assert page.evaluate("document.activeElement.tagName") not in ("TEXTAREA", "INPUT")
        params = expected["next"]["params"]
        assert box(page, "position") == params["position"] and box(page, "phase") == params["phase"]
    assert box(page, "phase") == "Spring 1902 movement"
    board_ready(page, phase="Spring 1902 movement")
    assert "4 phases played" in page.locator(f"{DIP} .board-phase").inner_text()
    if wide:
        assert page.evaluate("window.scrollY") == arrived_at, "the page moved during the game"


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_keyboard_hints_only_where_there_is_a_keyboard(new_page, site_url, touch):
    """Issue 23: "Cancel (Esc)" and "Tab ... press Enter" were shown on touch screens. A touch screen reads "Tap"
    and "Close"; a mouse and keyboard screen keeps the keyboard's hints."""
    size = {"width": 390, "height": 844} if touch else {"width": 1280, "height": 900}
    page = new_page(viewport=size, is_mobile=touch, has_touch=touch)
    page.goto(site_url + "diplomacy/adjudicator/")
    board_ready(page)
    click_province(page, "par", still=not touch)
    page.locator(f"{DIP} .board-menu").wait_for(state="visible")
    words = page.locator(f"{DIP} .calc-board").inner_text()
    close = page.locator(f"{DIP} .board-cancel").inner_text()
    hints = [w for w in ("Esc", "Tab ", "Enter", "Keyboard") if w in words]
    if touch:
        assert close == "Close" and not hints and "Tap a unit" in words, (close, hints)
    else:
        assert close == "Close (Esc)" and "Keyboard" in hints and "Click a unit" in words, (close, hints)


def test_typing_an_order_draws_it_and_an_illegal_one_is_marked(page, site_url):
    page.goto(start_link(site_url))
    board_ready(page)
    orders = page.locator(f"{DIP}-orders")
    orders.fill("France: A Par - Bur\nFrance: F Bre - Mun")
    page.wait_for_function(f"document.querySelectorAll('{DIP} .calc-board g.orders .order').length === 2")
    board_ready(page)
    drawn = page.evaluate(f"""[...document.querySelectorAll('{DIP} .calc-board g.orders .order')]
        .map(g => [g.getAttribute('class'), g.querySelector('title').textContent])""")
    kinds = sorted((cls.split()[1], cls.split()[2]) for cls, _ in drawn)
    assert kinds == [("move", "illegal"), ("move", "typed")], drawn
    assert any("A Par - Bur" in title for _, title in drawn)
    problems = page.locator(f"{DIP} .board-problems").inner_text()
    assert "F Bre - Mun" in problems and "illegal" in problems
    assert "2 orders typed, 1 accepted, 1 illegal" in page.locator(f"{DIP} .board-typed").inner_text()


def test_one_unit_ordered_by_keyboard_alone(page, site_url):
    page.goto(start_link(site_url))
    board_ready(page)
    page.locator(f"{DIP} .board-map > svg").focus()  # issue 23: the board comes first, before the boxes
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('data-unit')") == "par":
            break
    else:
        pytest.fail("Tab never reached the army in Paris")
    assert page.evaluate("document.activeElement.getAttribute('role')") == "button"
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{DIP} .board-menu:not([hidden])")
    assert page.evaluate("document.activeElement.textContent") == "France: A Par - Bre"  # the first legal move
    # The live line is emptied, then written a frame later (so a reader hears it again): wait for that frame.
    page.wait_for_function(f"(document.querySelector('{DIP} .board-say')?.textContent || '').includes("
                           "'France: A Par chosen')")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "France: A Par - Bur"
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('{DIP}-orders').value === 'France: A Par - Bur'")
    board_ready(page)
    page.wait_for_function("document.activeElement.getAttribute('data-unit') === 'par'")  # back on the unit
    page.wait_for_function(f"(document.querySelector('{DIP} .board-say')?.textContent || '').includes("
                           "'Written in Orders: France: A Par - Bur')")


def _tab_to(page, test, what, back=False, limit=80):
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if page.evaluate(test):
            return
    pytest.fail(f"the keyboard never reached {what}")


def test_a_support_ordered_by_keyboard_alone(page, site_url):
    page.goto(start_link(site_url))
    board_ready(page)
    page.locator(f"{DIP} .board-map > svg").focus()  # issue 23: the board comes first, before the boxes
    _tab_to(page, "document.activeElement.getAttribute('data-unit') === 'mar'", "the army in Marseilles")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{DIP} .board-menu:not([hidden])")
    _tab_to(page, "document.activeElement.getAttribute('data-mode') === 'support'", "the Support mode", back=True)
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement.getAttribute('data-mode') === 'support' && "
                           "document.activeElement.getAttribute('aria-pressed') === 'true'")
    assert page.locator(f"{DIP} .board-choices .board-choice").count() > 1
    line = "France: A Mar S A Par - Bur"
    _tab_to(page, f"document.activeElement.textContent === {line!r}", line)
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('{DIP}-orders').value === {line!r}")
    board_ready(page)
    page.wait_for_function("document.activeElement.getAttribute('data-unit') === 'mar'")  # back on the unit
    page.wait_for_function(f"document.querySelectorAll('{DIP} .calc-board g.orders .order.support').length === 1")


def test_a_clicked_order_replaces_the_units_typed_order_and_keeps_the_rest(page, site_url):
    page.goto(start_link(site_url))
    board_ready(page)
    page.locator(f"{DIP}-orders").fill("Russia: F Sev - Bla; A War - Gal  # opening\nFrance: A Par H")
    board_ready(page)
    page.wait_for_function(f"document.querySelectorAll('{DIP} .calc-board g.orders .order').length === 3")
    order_by_clicks(page, "Russia: F Sev - Rum", "sev", ["rum"])
    assert box(page) == "Russia: F Sev - Rum\nRussia: A War - Gal # opening\nFrance: A Par H"


def test_a_convoy_and_a_move_via_convoy_by_clicks(page, site_url):
    params = {"phase": "Spring 1901 movement", "position": "England: F Nth, A Yor\nFrance: A Bel", "orders": ""}
    page.goto(site_url + "diplomacy/adjudicator/#" + urlencode({"calc": "dip-adjudicate", **params}))
    board_ready(page, phase="Spring 1901 movement")
    order_by_clicks(page, "England: F Nth C A Yor - Nwy", "nth", ["yor", "nwy"], "convoy")
    order_by_clicks(page, "England: A Yor - Nwy via convoy", "yor", ["nwy"], "via")
    order_by_clicks(page, "France: A Bel - Hol", "bel", ["hol"])
    typed = "England: F Nth C A Yor - Nwy\nEngland: A Yor - Nwy via convoy\nFrance: A Bel - Hol"
    assert box(page) == typed
    assert adjudicate(page) == calculators.run("dip-adjudicate", dict(params, orders=typed))["summary"]


WOTW_POSITION = "France: A Par, A Mar\nCentres France: Par, Mar\nMartian: 2A Pic"


def test_a_martian_split_by_clicks(page, site_url):
    params = {"calc": "wotw-adjudicate", "season": "spring", "year": "1904", "position": WOTW_POSITION,
              "orders": "", "martian_orders": "", "landings": ""}
    page.goto(site_url + "diplomacy/adjudicator/#" + urlencode(params))
    page.wait_for_selector(f"{WOTW}[data-state=done]", timeout=READY)
    board_ready(page, WOTW)
    order_by_clicks(page, "2A Pic - A Bel - A Bur", "pic", ["bel", "bur"], "split", widget=WOTW,
                    field="martian_orders")
    assert box(page, "orders", WOTW) == "", "a Martian order goes in the Martian box only"
    expected = calculators.run("wotw-adjudicate", {**{k: v for k, v in params.items() if k != "calc"},
                                                   "martian_orders": "2A Pic - A Bel - A Bur"})
    assert adjudicate(page, WOTW) == expected["summary"]


def _played_by_typing(page, site_url):
    """Two phases played by typing (quicker than clicks): the game's record to export."""
    page.goto(start_link(site_url))
    board_ready(page)
    for orders in ("France: A Par - Bur\nGermany: A Mun - Ruh", "France: A Bur - Bel"):
        page.locator(f"{DIP}-orders").fill(orders)
        adjudicate(page)
        continue_game(page)
    board_ready(page, phase="Winter 1901 adjustments")


def export_game(page, path, widget=DIP, name=None) -> dict:
    """The game as Export game writes it; name: the file name the browser is offered, if it is to be checked."""
    with page.expect_download() as got:
        page.locator(f"{widget} .board-export").click()
    if name is not None:
        assert got.value.suggested_filename == name
    got.value.save_as(path)
    return json.loads(path.read_text())


def imported_again(new_page, site_url, first, phase, widget=DIP, tab=None):
    """A fresh page imports the game file, and exporting it again gives the same bytes; the page."""
    fresh = new_page(viewport={"width": 1280, "height": 900})
    fresh.goto(site_url + "diplomacy/adjudicator/")
    if tab:
        fresh.locator(".tabbed-labels label", has_text=tab).click()
    board_ready(fresh, widget)
    fresh.locator(f"{widget} .board-import-file").set_input_files(str(first))
    board_ready(fresh, widget, phase=phase)
    again = first.with_name("again-" + first.name)
    export_game(fresh, again, widget)
    assert again.read_bytes() == first.read_bytes()
    return fresh


def step_back(page, summary, widget=DIP):
    """Earlier phase: the played phase's result is shown, worked out again, with its recorded summary."""
    page.locator(f"{widget} .board-prev").click()
    view = page.locator(f"{widget} .board-view")
    page.wait_for_function(f"(document.querySelector('{widget} .board-view .calc-summary') || {{}}).textContent "
                           f"=== {summary!r}", timeout=30_000)
    return view


def test_a_whole_game_exports_and_imports_exactly_and_each_phase_can_be_seen_again(new_page, site_url, tmp_path):
    page = new_page(viewport={"width": 1280, "height": 900})
    _played_by_typing(page, site_url)
    first = tmp_path / "game.json"
    # Issue 23: the file is named after the game and the phase its boxes hold (it was always the same name).
    doc = export_game(page, first, name="diplomacy-game-winter-1901-adjustments.json")
    assert doc["format"] == "martian-front-game" and doc["calculator"] == "dip-adjudicate"
    assert [p["label"] for p in doc["phases"]] == ["Spring 1901 movement", "Fall 1901 movement"]
    assert doc["current"]["phase"] == "Winter 1901 adjustments"
    # The file replays in the engine: each phase's result leads to the next phase's boxes.
    for p, after in zip(doc["phases"], doc["phases"][1:] + [{"params": doc["current"]}], strict=True):
        r = calculators.run("dip-adjudicate", p["params"])
        assert r["summary"] == p["summary"]
        assert {k: r["next"]["params"][k] for k in ("phase", "position")} == \
            {k: after["params"][k] for k in ("phase", "position")}

    fresh = imported_again(new_page, site_url, first, "Winter 1901 adjustments")
    assert "2 phases played" in fresh.locator(f"{DIP} .board-phase").inner_text()

    # Stepping back shows each played phase: its summary, its orders, its map with the results.
    # (The played phase's map stands in the map's place, its tables under the board: test_board_history.py.)
    step_back(fresh, doc["phases"][1]["summary"])
    assert fresh.locator(f"{DIP} .board-view-map svg.dip-board g.orders .order.move").count() == 1
    assert "Fall 1901 movement · played, 2 of 2" in fresh.locator(f"{DIP} .board-phase").inner_text()
    step_back(fresh, doc["phases"][0]["summary"])
    assert fresh.locator(f"{DIP} .board-prev").is_disabled()
    assert fresh.locator(f"{DIP} .board-view .board-differs").count() == 0, "the file's results match the engine's"
    fresh.locator(f"{DIP} .board-next").click()
    fresh.locator(f"{DIP} .board-next").click()
    assert fresh.locator(f"{DIP} .board-view").is_hidden() and fresh.locator(f"{DIP} .board-map").is_visible()
    assert fresh.evaluate(f"new Set([...document.querySelectorAll('{DIP} [id]')].map(n => n.id)).size === "
                          f"document.querySelectorAll('{DIP} [id]').length"), "ids stay unique"


def _game(phases, current, calculator="dip-adjudicate"):
    return {"format": "martian-front-game", "version": 1, "calculator": calculator, "phases": phases,
            "current": current}


START = {"phase": "Spring 1901 movement", "position": "France: A Par", "orders": ""}


def _refused(current):
    """A game whose boxes the engine refuses: the file, and the engine's own words for it, which the page shows
    for the current phase (the page checks only the file's shape; the values are the engine's to check)."""
    error = calculators.run("dip-adjudicate", current)["error"]
    return json.dumps(_game([], current)), "the current phase: " + error["message"]


BAD_FILES = {
    "not json": ("{format: game", "it is not JSON"),
    "not a game": (json.dumps({"format": "something else"}), "is not a game file"),
    "another calculator": (json.dumps(_game([], START, "wotw-adjudicate")), "not of this one (dip-adjudicate)"),
    "not a record": (json.dumps(_game([{"label": "x", "params": ["phase"], "summary": ""}], START)),
                     "phase 1: its “params” must be a record of field: value"),
    "unknown field": _refused(dict(START, constructor=1)),
    "a record for a text": _refused(dict(START, orders={"a": 1})),
    "too long": _refused(dict(START, phase="Spring 1901 movement" * 3)),
    "no summary": (json.dumps(_game([{"label": "x", "params": START}], START)), "needs a “label” and a “summary”"),
}


@pytest.mark.parametrize("name", BAD_FILES)
def test_a_file_that_is_not_a_good_game_changes_nothing_and_says_why(page, site_url, tmp_path, name):
    text, message = BAD_FILES[name]
    page.goto(start_link(site_url))
    board_ready(page)
    before = {n: box(page, n) for n in ("phase", "position", "orders")}
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    page.locator(f"{DIP} .board-import-file").set_input_files(str(bad))
    alert = page.locator(f"{DIP} .calc-board .board-error")
    alert.wait_for(state="visible")
    assert alert.inner_text().startswith("The game was not loaded: ") and message in alert.inner_text()
    assert {n: box(page, n) for n in ("phase", "position", "orders")} == before
    assert "phases played" not in page.locator(f"{DIP} .board-phase").inner_text()


def test_a_war_of_the_worlds_game_exports_and_imports_exactly(new_page, site_url, tmp_path):
    params = {"calc": "wotw-adjudicate", "season": "spring", "year": "1904", "position": WOTW_POSITION,
              "orders": "France: A Par - Bur", "martian_orders": "2A Pic - Bel", "landings": ""}
    page = new_page(viewport={"width": 1280, "height": 900})
    page.goto(site_url + "diplomacy/adjudicator/#" + urlencode(params))
    page.wait_for_selector(f"{WOTW}[data-state=done]", timeout=READY)
    board_ready(page, WOTW)
    adjudicate(page, WOTW)
    continue_game(page, WOTW)
    # Nothing dislodged and no virus: no Summer to play (ruling WOTW R17), so Fall follows.
    board_ready(page, WOTW, phase="Fall 1904 movement")
    assert "1 phase played" in page.locator(f"{WOTW} .board-phase").inner_text()
    first = tmp_path / "wotw.json"
    doc = export_game(page, first, WOTW)
    assert doc["calculator"] == "wotw-adjudicate" and doc["current"]["season"] == "fall"
    played = doc["phases"][0]["params"]
    assert played["martian_orders"] == "2A Pic - Bel"
    assert calculators.run("wotw-adjudicate", played)["summary"] == doc["phases"][0]["summary"]

    fresh = imported_again(new_page, site_url, first, "Fall 1904 movement", WOTW, tab="War of the Worlds")
    view = step_back(fresh, doc["phases"][0]["summary"], WOTW)
    assert view.locator(".board-differs").count() == 0


def test_the_map_exports_as_svg_and_png(page, site_url, tmp_path):
    page.goto(start_link(site_url))
    board_ready(page)
    with page.expect_download() as got:
        page.locator(f"{DIP} .board-svg").click()
    svg = tmp_path / "map.svg"
    got.value.save_as(svg)
    text = svg.read_text()
    assert text.startswith("<?xml") and "<style>" in text and "--dip-sea" in text
    assert text.count("data-province=") >= 76 and text.count("data-unit=") == 22
    assert "tabindex" not in text and "role=\"button\"" not in text
    with page.expect_download() as got:
        page.locator(f"{DIP} .board-png").click()
    png = tmp_path / "map.png"
    got.value.save_as(png)
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 50_000


def test_a_recorded_result_that_no_longer_matches_its_orders_is_marked(page, site_url, tmp_path):
    played = {"phase": "Spring 1901 movement", "position": _start_text(), "orders": "France: A Par - Bur"}
    after = calculators.run("dip-adjudicate", played)
    doc = _game([{"label": "Spring 1901 movement", "params": played, "summary": "<b>Everyone</b> wins."}],
                after["next"]["params"])
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(doc))
    page.goto(start_link(site_url))
    board_ready(page)
    page.locator(f"{DIP} .board-import-file").set_input_files(str(edited))
    board_ready(page, phase="Fall 1901 movement")
    view = step_back(page, after["summary"])  # the engine's result, worked out again
    mark = view.locator(".board-differs")
    assert "differs from the one recorded" in mark.inner_text()
    assert "<b>Everyone</b> wins." in mark.inner_text(), "the file's text is shown as text"
    assert view.locator("b").count() == 0


def test_a_recorded_phase_the_engine_refuses_says_why(page, site_url, tmp_path):
    bad = {"phase": "Spring 1901 movement", "position": "France: A Xyz", "orders": ""}
    refused = calculators.run("dip-adjudicate", bad)["error"]
    edited = tmp_path / "refused.json"
    edited.write_text(json.dumps(_game([{"label": "Spring 1901 movement", "params": bad, "summary": "x"}], START)))
    page.goto(start_link(site_url))
    board_ready(page)
    page.locator(f"{DIP} .board-import-file").set_input_files(str(edited))
    board_ready(page, phase="Spring 1901 movement")
    page.locator(f"{DIP} .board-prev").click()
    alert = page.locator(f"{DIP} .board-view .board-error")
    alert.wait_for(timeout=30_000)
    assert alert.inner_text() == "This phase cannot be worked out again: Position: " + refused["message"]


def _two_phases_played():
    """A game file of two phases played (Spring and Fall 1901), worked out by the engine; now Winter 1901."""
    phases, params = [], {"phase": "Spring 1901 movement", "position": _start_text(), "orders": "France: A Par - Bur"}
    for orders in ("France: A Par - Bur", "France: A Bur - Bel"):
        params = dict(params, orders=orders)
        r = calculators.run("dip-adjudicate", params)
        phases.append({"label": params["phase"], "params": params, "summary": r["summary"]})
        params = r["next"]["params"]
    assert params["phase"] == "Winter 1901 adjustments"
    return _game(phases, params)


def test_an_imported_game_leaves_no_stale_continue_and_marks_the_earlier_result(page, site_url, tmp_path):
    page.goto(start_link(site_url))
    page.wait_for_selector(f"{DIP}[data-state=done]", timeout=READY)
    board_ready(page)
    assert page.locator(f"{DIP} .calc-next").inner_text() == "Continue to Fall 1901 movement"
    game = tmp_path / "game.json"
    game.write_text(json.dumps(_two_phases_played()))
    page.locator(f"{DIP} .board-import-file").set_input_files(str(game))
    board_ready(page, phase="Winter 1901 adjustments")
    assert "2 phases played" in page.locator(f"{DIP} .board-phase").inner_text()
    assert page.locator(f"{DIP} .calc-next").is_hidden(), "the page's own result's Continue is gone"
    banner = page.locator(f"{DIP} .calc-stale-note").first.inner_text()
    assert "previous phase's" not in banner and "not for these boxes" in banner
    assert page.locator(f"{DIP} .calc-result").get_attribute("data-stale") == "waiting"
    # Played on from the file: the new result has its own Continue.
    page.locator(f"{DIP}-orders").fill("France: Build A Par")
    adjudicate(page)
    assert page.locator(f"{DIP} .calc-next").inner_text() == "Continue to Spring 1902 movement"


def _shown(page, selector):
    return [t.strip() for t in page.locator(selector).all_inner_texts() if t.strip()]


def test_import_json_names_a_game_file_and_only_the_newest_message_shows(page, site_url, tmp_path):
    page.goto(start_link(site_url))
    page.wait_for_selector(f"{DIP}[data-state=done]", timeout=READY)
    board_ready(page)
    game = tmp_path / "game.json"
    game.write_text(json.dumps(_two_phases_played()))
    page.locator(f"{DIP} .board-import-file").set_input_files(str(game))
    board_ready(page, phase="Winter 1901 adjustments")
    messages = f"{DIP} .calc-status:visible, {DIP} > .calc-error:visible, " \
               f"{DIP} .board-note:visible, {DIP} .board-error:visible"
    assert len(_shown(page, messages)) == 1 and "Loaded the game from the file" in _shown(page, messages)[0]
    banner = page.locator(f"{DIP} .calc-stale-note").first
    before = banner.inner_text()

    bad = tmp_path / "notes.txt"
    bad.write_text("{format: game")
    page.locator(f"{DIP} .board-import-file").set_input_files(str(bad))
    page.locator(f"{DIP} .board-error").wait_for(state="visible")
    assert _shown(page, messages) == ["The game was not loaded: it is not JSON."]

    page.locator(f"{DIP} .calc-import-file").set_input_files(str(game))
    error = page.locator(f"{DIP} > .calc-error")
    error.wait_for(state="visible")
    assert _shown(page, messages) == ["That file was not loaded: this file is a saved game: use Import game, "
                                      "on the board, to load it."]
    assert banner.inner_text() == before, "no field changed: no form-error banner"
    assert "form has an error" not in page.locator(f"{DIP}").inner_text()

    page.locator(f"{DIP} .calc-import-file").set_input_files(str(bad))
    page.wait_for_function(f"(document.querySelector('{DIP} > .calc-error')?.textContent || '').includes('not JSON')")
    assert _shown(page, messages) == ["That file was not loaded: it is not a saved calculator state (it is not JSON)."]
    assert "form has an error" not in page.locator(f"{DIP}").inner_text()
    assert "2 phases played" in page.locator(f"{DIP} .board-phase").inner_text(), "nothing was lost"
