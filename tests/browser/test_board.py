"""The board maps in the real site (issues 11, 13, 14), both the click-to-order board and the result's map:
each fills the content column at 1280 px, its labels stay at least 9 px tall on a 390 px phone inside a
frame that scrolls sideways (never the page), it follows the dark palette, and the page's sanitiser keeps
the hooks the click-to-order front end needs (data-province, data-unit)."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser
DIP = "#calc-dip-adjudicate"
# Issue 23: the result is drawn on the board itself (the result's own map is not shown under it).
MAPS = {"board": f"{DIP} .calc-board .board-map > svg.dip-board",
        "result": f"{DIP} .calc-board .board-map[data-result] > svg.dip-board"}

MEASURE = """(selector) => {
  const svg = document.querySelector(selector);
  const fig = svg.closest('figure');
  const labels = [...svg.querySelectorAll('text.lbl:not(.coast)')].map(t => t.getBoundingClientRect().height);
  const box = fig.getBoundingClientRect();
  return {svg: svg.getBoundingClientRect().width, fig: fig.clientWidth, frame: fig.parentElement.clientWidth,
          scroll: fig.scrollWidth, right: box.right, minLabel: Math.min(...labels), labels: labels.length,
          cue: getComputedStyle(fig, '::after').content,
          provinces: svg.querySelectorAll('[data-province]').length, units: svg.querySelectorAll('[data-unit]').length};
}"""


def _open(browser, site_url, width, height, tmp_path, name, scheme=None, which="result"):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site_url + "diplomacy/adjudicator/")
    if scheme:
        page.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")
    # Issue 23: nothing is adjudicated on opening; the result's map comes with Adjudicate.
    page.wait_for_selector(f"{DIP}[data-state=waiting] .calc-board[data-state=ready] svg.dip-board", timeout=90_000)
    if which == "result":
        page.locator(f"{DIP} .calc-run").click()
        page.wait_for_selector(f"{DIP}[data-state=done] .calc-result", timeout=30_000)
        page.wait_for_selector(MAPS[which], timeout=30_000)
    figure = page.locator(MAPS[which]).locator("xpath=..")
    figure.scroll_into_view_if_needed()
    figure.screenshot(path=str(tmp_path / f"map-{name}-{which}.png"))  # kept with the test's files for a look by eye
    m = page.evaluate(MEASURE, MAPS[which])
    assert not errors, errors
    return context, page, m


@pytest.mark.parametrize("which", MAPS)
def test_the_map_fills_the_column_at_1280_px(browser, site_url, tmp_path, which):
    context, page, m = _open(browser, site_url, 1280, 900, tmp_path, "1280", which=which)
    try:
        assert m["fig"] >= m["frame"] - 2, m  # the figure takes its box's whole width
        assert abs(m["svg"] - m["fig"]) <= 2 and m["scroll"] <= m["fig"] + 1, m  # no scrolling needed
        assert m["minLabel"] >= 9, m
        assert m["cue"] in ("none", "normal"), m  # the scroll cue shows only where the map overflows
        assert m["provinces"] >= 76 and m["units"] == 22, m  # the sanitiser kept data-province / data-unit
    finally:
        context.close()


@pytest.mark.parametrize("which", MAPS)
def test_on_a_390_px_phone_labels_stay_legible_and_only_the_frame_scrolls(browser, site_url, tmp_path, which):
    context, page, m = _open(browser, site_url, 390, 844, tmp_path, "390", which=which)
    try:
        assert m["minLabel"] >= 9, m
        assert m["scroll"] > m["fig"], m  # the map is wider than the screen: its frame scrolls
        assert m["right"] <= 390, m  # the frame itself stays on the screen
        assert "Scroll the map" in m["cue"], m
        page.locator(MAPS[which]).focus()  # the keyboard reaches the map and scrolls its frame
        for _ in range(8):
            page.keyboard.press("ArrowRight")
        page.wait_for_function(f"document.querySelector('{MAPS[which]}').parentElement.scrollLeft > 0", timeout=5_000)
    finally:
        context.close()


def test_a_units_destinations_stand_out_from_its_own_powers_land(browser, site_url, tmp_path):
    """A new player took the places Smyrna's army may go for Turkey's own land: Ankara and Constantinople (Turkey's)
    are drawn like Armenia and Syria (no one's), not like Smyrna, the Turkish province the army stands in."""
    context, page, _ = _open(browser, site_url, 1280, 900, tmp_path, "smy", which="board")
    try:
        page.locator(f"{DIP} .calc-board [data-unit=smy]").dispatch_event("click")
        page.wait_for_selector(f"{DIP} .calc-board .prov.option[data-province=ank]")
        fill = page.evaluate(f"""() => Object.fromEntries(['ank', 'con', 'arm', 'syr', 'smy'].map((p) =>
          [p, getComputedStyle(document.querySelector('{MAPS["board"]} .prov[data-province=' + p + ']')).fill]))""")
        assert fill["ank"] == fill["con"] == fill["arm"] == fill["syr"], fill
        assert fill["ank"] != fill["smy"], fill
    finally:
        context.close()


def test_a_disabled_button_looks_inactive_in_the_dark_palette(browser, site_url, tmp_path):
    """A new player saw the disabled Earlier/Later phase buttons in the link colour in the dark palette, like live ones:
    a disabled button is drawn in the palette's light text colour (site.css), as in the light palette."""
    context, page, _ = _open(browser, site_url, 1280, 900, tmp_path, "disabled", "slate", which="board")
    try:
        colours = page.evaluate(f"""() => {{
          const probe = document.createElement('span');
          probe.style.color = 'var(--md-default-fg-color--light)';
          document.querySelector('{DIP}').append(probe);
          const c = (n) => getComputedStyle(n).color;
          const out = {{prev: c(document.querySelector('{DIP} .board-prev')), light: c(probe),
                       live: c(document.querySelector('{DIP} .board-export'))}};
          probe.remove();
          return out;
        }}""")
        assert page.locator(f"{DIP} .board-prev").is_disabled()
        assert colours["prev"] == colours["light"] != colours["live"], colours
    finally:
        context.close()


@pytest.mark.parametrize("which", MAPS)
def test_the_map_follows_the_dark_palette(browser, site_url, tmp_path, which):
    fills = {}
    for scheme in ("default", "slate"):
        context, page, m = _open(browser, site_url, 1280, 900, tmp_path, scheme, scheme, which)
        try:
            fills[scheme] = page.evaluate("""(selector) => {
              const q = s => getComputedStyle(document.querySelector(selector + ' ' + s));
              return {sea: q('[data-province=nth]').fill, land: q('[data-province=bur]').fill,
                      text: q('text.lbl').fill, owned: q('[data-province=par]').fill};
            }""", MAPS[which])
            if which == "board":  # the highlight of a chosen unit's destinations, in both palettes
                page.locator(f"{DIP} .calc-board [data-unit=par]").dispatch_event("click")
                page.wait_for_selector(f"{DIP} .calc-board .prov.option")
                highlight = page.evaluate(f"""() => {{
                  const q = s => getComputedStyle(document.querySelector('{MAPS[which]} ' + s));
                  return [q('.prov.option').fill, q('.prov.option').stroke, q('[data-province=ruh]').fill];
                }}""")
                fills[scheme].update(option=highlight[0], option_edge=highlight[1])
                assert highlight[0] != highlight[2], "a destination stands out from the land around it"
        finally:
            context.close()
    light, dark = fills["default"], fills["slate"]
    for key in light:
        assert light[key] != dark[key], (key, light, dark)
    assert light["owned"] != light["land"]


@pytest.mark.parametrize("which", MAPS)
def test_whole_map_shows_all_of_europe_on_a_phone_and_gives_the_frame_back(browser, site_url, tmp_path, which):
    """A new player on a phone saw a third of the map and could not zoom out: "Whole map" (under the map) fits the
    map, a played result's too, to the screen's width with no sideways scrolling and no cue, its top in sight
    under the header; the button then says "Back to readable size", which gives the frame back where the reader
    had scrolled it. A wide screen has no such button."""
    context, page, m = _open(browser, site_url, 390, 844, tmp_path, "390-whole", which=which)
    try:
        whole = page.locator(f"{DIP} .board-whole")
        frame = f"document.querySelector('{MAPS[which]}').parentElement"
        assert m["scroll"] > m["fig"] and whole.is_visible() and whole.inner_text() == "Whole map", m
        page.evaluate(f"{frame}.scrollLeft = 40")  # the reader's own place in the frame (France in view)
        whole.scroll_into_view_if_needed()
        whole.click()
        page.wait_for_function(f"{frame}.scrollWidth <= {frame}.clientWidth + 1")
        fit = page.evaluate(MEASURE, MAPS[which])
        assert whole.inner_text() == "Back to readable size"
        assert fit["right"] <= 390 and fit["svg"] <= fit["fig"] + 1 and fit["cue"] in ("none", "normal"), fit
        assert fit["provinces"] >= 76 and fit["units"] == 22, fit
        header = page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
        assert page.evaluate(f"{frame}.getBoundingClientRect().top") >= header - 1
        page.locator(MAPS[which]).locator("xpath=..").screenshot(path=str(tmp_path / f"whole-{which}.png"))
        whole.click()
        page.wait_for_function(f"{frame}.scrollWidth > {frame}.clientWidth + 1")
        back = page.evaluate(MEASURE, MAPS[which])
        assert back["scroll"] > back["fig"] and "Scroll the map" in back["cue"], back
        assert whole.inner_text() == "Whole map" and page.evaluate(f"{frame}.scrollLeft") == 40
    finally:
        context.close()
    context, page, m = _open(browser, site_url, 1280, 900, tmp_path, "1280-whole", which=which)
    try:
        assert page.locator(f"{DIP} .board-whole").is_hidden()
    finally:
        context.close()


FILL = "(b) => getComputedStyle(b).backgroundColor"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_tapped_button_does_not_stay_filled_and_the_keyboards_focus_still_shows(new_page, site_url, scheme):
    """Material fills a button while it has the focus or the pointer over it; a tapped button keeps both (the focus
    until the next tap elsewhere, a touch screen's hover with it), so "Whole map" stayed filled after a tap, as
    if it were a mode left on (a new player's report). Tapped, it is drawn as at rest; reached by the keyboard,
    it is filled as before."""
    pg = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, color_scheme=scheme)
    pg.goto(site_url + "diplomacy/adjudicator/")
    pg.wait_for_selector(f"{DIP} .calc-board[data-state=ready]", timeout=90_000)
    whole = pg.locator(f"{DIP} .board-whole")
    whole.scroll_into_view_if_needed()
    rest = whole.evaluate(FILL)
    whole.tap()
    pg.wait_for_function("(s) => document.querySelector(s).textContent === 'Back to readable size'",
                         arg=f"{DIP} .board-whole")
    pg.wait_for_timeout(400)  # Material's colour transition (125 ms)
    assert whole.evaluate("(b) => b === document.activeElement")
    assert whole.evaluate(FILL) == rest
    pg.keyboard.press("Shift+Tab")
    pg.keyboard.press("Tab")
    pg.wait_for_timeout(400)
    assert whole.evaluate("(b) => b === document.activeElement && b.matches(':focus-visible')")
    assert whole.evaluate(FILL) != rest
    # A toggle that is on keeps its fill when tapped: the order kind chosen for a unit (Support, after Move).
    whole.tap()  # back to readable size
    pg.locator(f"{DIP} .board-map svg.dip-board [data-unit='par']").first.tap()
    support = pg.locator(f"{DIP} .board-modes .board-mode", has_text="Support")
    support.tap()
    pg.wait_for_function("(s) => (document.querySelector(s) || {}).textContent === 'Support'",
                         arg=f"{DIP} .board-modes .board-mode[aria-pressed=true]")
    pg.wait_for_timeout(400)
    on = pg.locator(f"{DIP} .board-modes .board-mode[aria-pressed=true]")
    assert on.inner_text() == "Support" and on.evaluate("(b) => b === document.activeElement")
    assert on.evaluate(FILL) == "rgb(191, 54, 12)"  # #bf360c, the chosen kind's fill (board.css)


@pytest.mark.parametrize("width", [390, 1280])
def test_the_boards_first_answer_does_not_move_the_orders_under_it(new_page, site_url, width):
    """The line under the phase that says what a unit without an order does ("A unit without an order holds.") comes
    with the engine's first answer; it used to take its room then, moving the typed orders, the boxes and the rest
    of the board's side column down 23 px as the player looked at them. Its room is kept from the start."""
    pg = new_page(viewport={"width": width, "height": 900})
    pg.add_init_script("""document.addEventListener("calc:ready", (e) => {
      if (e.target.id !== "calc-dip-adjudicate") return;
      const line = () => document.querySelector("#calc-dip-adjudicate .board-typed-box");
      window.__typedAt = line() && line().getBoundingClientRect().top + scrollY;
    }, true);""")
    pg.goto(site_url + "diplomacy/adjudicator/")
    pg.wait_for_function(f"document.querySelector('{DIP} .calc-board')?.dataset.state === 'ready'", timeout=90_000)
    pg.wait_for_timeout(300)
    rule, before, after = pg.evaluate(f"""() => [document.querySelector('{DIP} .board-rule').textContent,
      window.__typedAt, document.querySelector('{DIP} .board-typed-box').getBoundingClientRect().top + scrollY]""")
    assert rule.strip() and before is not None and abs(after - before) <= 0.5, (rule, before, after)


@pytest.mark.parametrize("width", [390, 1280])
def test_the_help_under_the_orders_box_stays_put_while_the_board_comes_in(new_page, site_url, width):
    """Under the orders box, the widget's status line is out of sight while the engine starts (the board's phase
    line says so) but keeps its room: it held the engine's one-line state between the two-line "Waiting for
    orders…", so the help and the file buttons under it went up 19 px and down again as the board came in (a new
    player measured it). Every frame from the board's appearance to its first answer shows them at one place."""
    pg = new_page(viewport={"width": width, "height": 900})
    pg.add_init_script("""window.__helpAt = []; const look = () => {
      const w = document.querySelector("#calc-dip-adjudicate"), form = w && w.querySelector(".calc-form");
      const help = w && w.querySelector(".board-help");
      if (form && help && getComputedStyle(form).visibility === "visible") {
        const at = Math.round((help.getBoundingClientRect().top + scrollY) * 10) / 10;
        if (window.__helpAt.at(-1) !== at) window.__helpAt.push(at);
      }
      requestAnimationFrame(look);
    }; requestAnimationFrame(look);""")
    pg.goto(site_url + "diplomacy/adjudicator/")
    pg.wait_for_function(f"document.querySelector('{DIP} .calc-board')?.dataset.state === 'ready'", timeout=90_000)
    pg.wait_for_timeout(300)
    status, places = pg.evaluate(f"[document.querySelector('{DIP} .calc-status').textContent, window.__helpAt]")
    assert status.startswith("Waiting for orders for Spring 1901 movement"), status
    assert len(places) == 1, places
