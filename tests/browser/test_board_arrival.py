"""A board's page opened as a play surface (issue 23): on a wide, tall screen the board is brought to the top under
the header as the page opens, by a fresh load (before the page is first drawn) or by Material's instant navigation;
never when the page opens on an anchor, on a phone, when Back puts the page where the reader left it, or once the
reader has scrolled."""
from __future__ import annotations

import pytest

from tests.browser.instant import follow_link, swaps
from tests.browser.test_board_autosave import instant_home_and_back
from tests.browser.test_board_play import DIP, board_ready

pytestmark = pytest.mark.browser
WIDE = {"viewport": {"width": 1280, "height": 900}}
MOMENT = 1000  # ms: board/arrival.js MOMENT
# What the board decided once set up: {after: ms the page had been on screen, late}; where the page opened.
DECIDED = "() => window.martianBoard.arrival.decided"
EARLY = "() => window.martianBoard.arrival.early"
# Where the map and the widget stand, and what Material's header covers.
WHERE = f"""() => {{
  const map = document.querySelector('{DIP} .board-map').getBoundingClientRect();
  const widget = document.querySelector('{DIP}').getBoundingClientRect();
  return {{y: window.scrollY, map: [map.top, map.bottom], widget: widget.top,
           header: document.querySelector('.md-header').getBoundingClientRect().bottom,
           focus: document.activeElement === document.body}};
}}"""
# Where the page stood in every frame it drew (its first contentful paint on), until the test reads it.
FRAMES = """window.__frames = [];
(() => {
  const look = () => {
    if (performance.getEntriesByName('first-contentful-paint').length) __frames.push(Math.round(scrollY));
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""


def _brought_up(where) -> bool:
    """The widget just under the header and the whole map in the 900 px viewport."""
    return where["header"] <= where["widget"] <= where["header"] + 16 and where["map"][1] <= 900


def open_wide(new_page, url: str, widget: str = DIP):
    """A wide page opened and its board ready; the page and where things stand."""
    page = new_page(**WIDE)
    page.goto(url)
    board_ready(page, widget)
    return page, page.evaluate(WHERE.replace(DIP, widget))


@pytest.mark.parametrize("path", ["diplomacy/adjudicator/", "wotw/adjudicator/", "calculators/dip-adjudicate/",
                                  "calculators/wotw-adjudicate/"])
def test_a_board_page_opens_with_the_board_at_the_top(new_page, site_url, path):
    widget = "#calc-wotw-adjudicate" if "wotw" in path else DIP
    _, where = open_wide(new_page, site_url + path, widget)
    assert where["y"] > 0 and _brought_up(where) and where["focus"], where
    assert where["map"][0] >= where["header"]


@pytest.mark.parametrize("cpu", [1, 4])
def test_a_fresh_load_is_drawn_at_the_board_from_its_first_frame(new_page, site_url, cpu):
    """A new player saw the page drawn at its top, readable, then moved 308 px 0.7 s later when the board was set
    up; on a slower machine (cpu: Chromium's CPU slowed down so many times) it never moved, and the map's foot was
    off the screen. The board is brought up as the page is read, before it is first drawn: every frame stands
    there, at either speed."""
    page = new_page(**WIDE)
    page.add_init_script(FRAMES)
    if cpu > 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    page.goto(site_url + "diplomacy/adjudicator/")
    board_ready(page)
    where = page.evaluate(WHERE)
    assert _brought_up(where) and where["focus"], where
    frames = page.evaluate("window.__frames")
    assert frames and set(frames) == {where["y"]}, f"frames drawn at {sorted(set(frames))}, the board at {where['y']}"
    assert page.evaluate(EARLY) == {"y": where["y"]}


# Where the page stood in every frame drawn once the board's widget is in the page (after Material's swap).
SWAPPED_FRAMES = f"""(() => {{
  window.__frames = [];
  const look = () => {{
    if (document.querySelector('{DIP}')) __frames.push(Math.round(scrollY));
    requestAnimationFrame(look);
  }};
  requestAnimationFrame(look);
}})()"""


@pytest.mark.parametrize("start", ["", "calculators/com-poker/"])
def test_a_board_page_reached_by_a_link_is_drawn_at_the_board_from_its_first_frame(new_page, site_url, start):
    """A new player, clicking from the home page to the adjudicator, saw its top for 0.2-0.5 s, then a 308 px
    jump as the board was set up. The swapped page is brought up before it is drawn, whether the page before
    had a widget (its early form) or not (the home page)."""
    page = new_page(**WIDE)
    page.goto(site_url + start)
    page.evaluate(SWAPPED_FRAMES)
    follow_link(page, site_url + "diplomacy/adjudicator/")
    board_ready(page)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    where = page.evaluate(WHERE)
    assert _brought_up(where), where
    frames = page.evaluate("window.__frames")
    assert frames and set(frames) == {where["y"]}, f"frames drawn at {sorted(set(frames))}, the board at {where['y']}"


def test_a_board_set_up_after_the_page_has_been_read_a_moment_leaves_the_page_where_it_was_drawn(new_page, site_url):
    """The set-up may correct where the page opened only within a moment of its first drawing: later, the reader has
    begun to read (a new player's page jumped 308 px about 2 s after it opened, on a slow machine)."""
    page = new_page(**WIDE)
    held = []
    page.route("**/assets/engine/widgets.js", lambda route: held.append(route))
    page.goto(site_url + "diplomacy/adjudicator/", wait_until="domcontentloaded")
    page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
    opened_at = page.evaluate("window.scrollY")
    page.wait_for_timeout(MOMENT + 300)
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    board_ready(page)
    decided = page.evaluate(DECIDED)
    assert decided["late"] and decided["after"] > MOMENT, decided
    assert opened_at > 0 and page.evaluate("window.scrollY") == opened_at


def test_instant_navigation_brings_the_board_up_and_back_leaves_the_page_where_the_reader_left_it(new_page,
                                                                                                   site_url):
    page, where = open_wide(new_page, site_url + "diplomacy/adjudicator/")
    assert where["y"] > 0
    page.mouse.move(600, 600)
    page.mouse.wheel(0, -2000)  # the reader scrolls up to the title: Back must bring the page back there
    page.wait_for_function("window.scrollY === 0")
    page.wait_for_timeout(300)  # Material keeps the offset in the history entry 100 ms after a scroll
    instant_home_and_back(page, site_url)  # home by a link, then the adjudicator by a link: brought up again
    board_ready(page)
    assert _brought_up(page.evaluate(WHERE)), page.evaluate(WHERE)
    # Home, then Back again to the first visit, where the reader had scrolled to. The address changes at once;
    # the content only when Material has swapped it in (document$ emits): until then the board on screen is the
    # one just left, brought up.
    hidden = "getComputedStyle(document.querySelector('.md-top')).display === 'none'"
    assert page.evaluate(hidden), "Material's Back to top would sit over the map"
    for path in ("/", "/diplomacy/adjudicator/"):
        count = swaps(page)
        page.go_back()
        page.wait_for_function("([n, p]) => window.__swaps > n && location.pathname === p", arg=[count, path],
                               timeout=30_000)
        # The page without a board has its Back to top again (a class navigation.js sets per page).
        assert page.evaluate(hidden) == (path != "/"), path
    board_ready(page)
    page.wait_for_timeout(300)
    assert page.evaluate("window.scrollY") == 0, "Back did not leave the page where the reader left it"


def test_an_anchor_a_phone_or_a_reader_who_scrolled_first_keeps_the_page_where_it_is(new_page, site_url):
    page = new_page(**WIDE)
    page.goto(site_url + "diplomacy/adjudicator/#loading-links-and-files")  # a section just under the board
    board_ready(page)
    heading = page.evaluate("document.getElementById('loading-links-and-files').getBoundingClientRect().top")
    assert 0 < heading < 200, "the page stands at its anchor"

    phone = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone.goto(site_url + "diplomacy/adjudicator/")
    board_ready(phone)
    assert phone.evaluate("window.scrollY") == 0

    # The calculator code held back until the reader has scrolled a little: the board, once set up, stays put.
    slow = new_page(**WIDE)
    held = []
    slow.route("**/assets/engine/widgets.js", lambda route: held.append(route))
    slow.goto(site_url + "diplomacy/adjudicator/", wait_until="domcontentloaded")
    slow.wait_for_function("document.querySelector('.md-header') !== null")
    opened_at = slow.evaluate("window.scrollY")  # where the page was first drawn (the board brought up)
    slow.mouse.move(600, 600)
    slow.mouse.wheel(0, 120)
    slow.wait_for_function("(y) => window.scrollY > y", arg=opened_at)
    scrolled_to = slow.evaluate("window.scrollY")
    while not held:
        slow.wait_for_timeout(50)
    held[0].continue_()
    board_ready(slow)
    assert slow.evaluate("window.scrollY") == scrolled_to


# The map's sideways frame: how far it is scrolled and could be, and whether a province's centre is inside it.
FRAME = f"""(keys) => {{
  const frame = document.querySelector('{DIP} .board-map');
  const box = frame.getBoundingClientRect();
  const inside = Object.fromEntries(keys.map((k) => {{
    const r = frame.querySelector(`path.prov[data-province="${{k}}"]`).getBoundingClientRect();
    const x = r.left + r.width / 2;
    return [k, x >= box.left && x <= box.right];
  }}));
  return {{left: frame.scrollLeft, spare: frame.scrollWidth - frame.clientWidth, inside}};
}}"""


@pytest.mark.parametrize("path", ["diplomacy/adjudicator/", "calculators/dip-adjudicate/"])
def test_on_a_phone_the_map_opens_on_the_middle_of_the_board(new_page, site_url, path):
    """A new player's phone showed the Atlantic and little of Europe: the map's frame, which scrolls sideways on a
    phone, opens on the board's middle (Vienna and Berlin in view, not Ireland's Atlantic edge)."""
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.goto(site_url + path)
    board_ready(page)
    frame = page.evaluate(FRAME, ["vie", "ber", "nao"])
    assert frame["spare"] > 50, f"the map fits its frame: nothing to test {frame}"
    assert abs(frame["left"] - frame["spare"] / 2) <= 2, frame
    assert frame["inside"] == {"vie": True, "ber": True, "nao": False}, frame


@pytest.mark.parametrize("path", ["diplomacy/adjudicator/", "wotw/adjudicator/", "calculators/dip-adjudicate/",
                                  "calculators/wotw-adjudicate/"])
def test_on_a_phone_the_board_is_on_the_first_screen(new_page, site_url, path):
    """Issue 23: "on a phone, the board first". The page is not scrolled for it (a page that jumps under the thumb):
    only the title and a line come before the board, so that at 390 x 844 the map starts in the screen's upper
    half and fills the rest of it (an audit found it at y 557 under the introduction)."""
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.goto(site_url + path)
    widget = "#calc-wotw-adjudicate" if "wotw" in path else DIP
    board_ready(page, widget)
    where = page.evaluate(WHERE.replace(DIP, widget))
    assert where["y"] == 0
    assert where["header"] < where["map"][0] <= 844 / 2, where
    assert where["map"][1] >= 844, "the map runs to the screen's foot"


# Checked before every frame is drawn, from the home page on: a widget that says it needs JavaScript, and a board
# widget's pre-rendered result shown on the screen outside its board.
WATCH_FRAMES = """(() => {
  window.__seen = [];
  const shown = (n) => n.checkVisibility({ visibilityProperty: true }) && n.getBoundingClientRect().top < innerHeight;
  const look = () => {
    for (const w of document.querySelectorAll('.calc-widget')) {
      const status = w.querySelector('.calc-status');
      if (status && status.textContent.includes('needs JavaScript') && shown(status)) __seen.push(['status', w.id]);
      const result = w.querySelector(':scope > .calc-result');
      if (w.hasAttribute('data-has-board') && result && shown(result)) __seen.push(['result', w.id]);
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})()"""


@pytest.mark.parametrize("width", [1280, 390])
def test_a_board_page_reached_from_a_page_without_a_widget_never_shows_its_no_script_state(new_page, site_url, width):
    """A new player, clicking from the home page to the adjudicator, saw "the live calculator needs JavaScript" and a
    22-row result table for a quarter of a second, then the map in their place (the home page loads none of the
    early form's code)."""
    page = new_page(viewport={"width": width, "height": 900})
    page.goto(site_url)
    page.evaluate(WATCH_FRAMES)
    follow_link(page, site_url + "diplomacy/adjudicator/")
    board_ready(page)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    seen = page.evaluate("window.__seen")
    assert seen == [], f"drawn in {len(seen)} frames, first: {seen[:3]}"
    status = page.locator(f"{DIP} .calc-status").inner_text()
    assert "needs JavaScript" not in status, status
