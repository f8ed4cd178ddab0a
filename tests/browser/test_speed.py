"""What keeps the pages fast on a phone (issue 25), as behaviour: a page without a calculator loads none
of the calculator code, Material's bundle does not block the page's first drawing, and the live result
takes the pre-rendered result's place without moving the page. (The figures themselves are measured by
benchmarks/bench_lighthouse.py, not by tests.)"""
from __future__ import annotations

import json
import re

import pytest

pytestmark = pytest.mark.browser
READY = 90_000  # ms: a cold Pyodide start takes about 5 s here; generous for a loaded machine
# What only a page with a calculator needs: the calculator code, its sanitiser, the engine's worker, the runtime.
CALCULATOR_ONLY = re.compile(r"/assets/engine/(widgets\.js|purify\.min\.js|early-form\.js|worker\.mjs|pyodide/)")
# Every layout shift, with when it happened and whether the reader had just acted (which does not count).
SHIFTS = """window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__shifts.push({ at: e.startTime, value: e.value, input: e.hadRecentInput,
      sources: e.sources.map((s) => (s.node && s.node.className) || String(s.node && s.node.nodeName)) });
  }
}).observe({ type: "layout-shift", buffered: true });
// The live form is laid out as the widget is set up (calc:ready); a shift it causes is reported with the next
// frame. From the frame after that, the page is as the reader sees it until the live result arrives.
document.addEventListener("calc:ready", () => {
  requestAnimationFrame(() => requestAnimationFrame(() => { window.__readyAt = performance.now(); }));
}, true);
document.addEventListener("calc:result", () => {
  window.__resultAt = window.__resultAt || performance.now();
}, true);"""


def test_a_page_without_a_calculator_loads_no_calculator_code(page, site_url):
    asked = []
    page.on("request", lambda r: asked.append(r.url))
    for path in ("", "diplomacy/rules/", "glossary/"):
        page.goto(site_url + path, wait_until="load")
        page.wait_for_timeout(500)  # anything the page's script would import once it has run
    assert page.evaluate("typeof window.document$") == "object"  # the page's scripts ran
    assert not [u for u in asked if CALCULATOR_ONLY.search(u)], asked


def test_the_page_script_is_light_and_materials_bundle_waits_for_the_parser(built_site):
    """The one script every page runs is small (the calculator code is apart, tests/site/test_bundle.py), and
    Material's bundle is deferred: a parser-blocking script at the end of the body forced the page's whole first
    style and layout inside its own task, before anything was drawn (Lighthouse: the longest task)."""
    assert (built_site / "assets" / "engine" / "page.js").stat().st_size < 24_000
    for path in ("index.html", "diplomacy/rules/index.html", "wotw/virus/index.html"):
        html = (built_site / path).read_text(encoding="utf-8")
        tags = re.findall(r"<script\b[^>]*\bsrc=\"[^\"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js\"[^>]*>", html)
        assert len(tags) == 1 and " defer " in tags[0].replace(">", " "), (path, tags)


# Records, for each worker the page makes, where the page was when it was made.
WORKERS_MADE = """(() => {
  const Native = window.Worker;
  window.__workersMade = [];
  window.Worker = function Worker(url, options) {
    window.__workersMade.push({ url: String(url), state: document.readyState,
      contentLoaded: !!window.__contentLoaded });
    return new Native(url, options);
  };
  window.Worker.prototype = Native.prototype;
  document.addEventListener("DOMContentLoaded", () => { window.__contentLoaded = true; }, { once: true });
})();"""


@pytest.mark.parametrize("path", ["wotw/virus/", "diplomacy/adjudicator/"])
def test_the_engine_starts_once_the_page_has_been_read(page, site_url, path):
    """On a first visit (no service worker controls the page: Lighthouse's case) the engine's worker is made after
    DOMContentLoaded, not as <head> is read: its start-up takes every core it can, and made earlier it slowed the
    page's own first layout and Material's start (overrides/main.html); the engine still starts by itself, without
    the reader doing anything. A later visit starts it at once (test_offline.py)."""
    page.add_init_script(WORKERS_MADE)
    page.goto(site_url + path)
    page.wait_for_function("window.__workersMade.some((w) => w.url.includes('/assets/engine/worker.mjs'))",
                           timeout=READY)
    made = [w for w in page.evaluate("window.__workersMade") if "/assets/engine/worker.mjs" in w["url"]]
    assert len(made) == 1, made
    assert made[0]["state"] != "loading" and made[0]["contentLoaded"], made


@pytest.mark.parametrize("width", [390, 1280])
def test_the_live_result_takes_the_pre_rendered_results_place_without_a_shift(browser, site_url, width):
    """Once the live form is in place, nothing moves when the live result replaces the pre-rendered one: the
    result box keeps its size (the same presenter drew both) and nothing above or below it moves."""
    ctx = browser.new_context(viewport={"width": width, "height": 844})
    page = ctx.new_page()
    page.add_init_script(SHIFTS)
    page.goto(site_url + "wotw/virus/")
    page.wait_for_function("window.__readyAt !== undefined", timeout=READY)
    box = page.locator("#calc-wotw-virus .calc-result")
    before = box.bounding_box()
    page.wait_for_selector("#calc-wotw-virus[data-state=done]", timeout=READY)
    page.wait_for_timeout(300)  # a shift is reported after the frame that showed it
    after = box.bounding_box()
    assert abs(after["height"] - before["height"]) <= 1 and abs(after["y"] - before["y"]) <= 1, (before, after)
    assert page.evaluate("window.__resultAt > window.__readyAt")  # the replacement happened in the window watched
    shifts = page.evaluate("window.__shifts.filter((s) => s.at >= window.__readyAt && !s.input)")
    assert sum(s["value"] for s in shifts) <= 0.01, shifts
    ctx.close()


# Each widget's pre-rendered result node as the page was read, kept to compare with what the box holds later.
FIRST_NODES = """document.addEventListener("DOMContentLoaded", () => {
  window.__pre = new Map(Array.from(document.querySelectorAll(".calc-widget"),
    (w) => [w.id, w.querySelector(".calc-result").firstElementChild]));
  window.__early = new Map(Array.from(document.querySelectorAll(".calc-widget"),
    (w) => [w.id, w.querySelector("form")]));
});"""
KEPT = "(id) => document.querySelector('#' + id + ' .calc-result').firstElementChild === window.__pre.get(id)"


def test_the_first_live_result_identical_to_the_pre_rendered_one_keeps_its_nodes(page, site_url):
    """The page's starting values give the build's result again: the box keeps the nodes it was drawn with
    (nothing sanitised, rebuilt or laid out again), and the sanitiser is not even fetched for it. The form
    laid out as the page was read is the live one."""
    asked = []
    page.on("request", lambda r: asked.append(r.url))
    page.add_init_script(FIRST_NODES)
    page.goto(site_url + "wotw/virus/")
    page.wait_for_selector("#calc-wotw-virus[data-state=done]", timeout=READY)
    assert page.evaluate(KEPT, "calc-wotw-virus")
    assert not [u for u in asked if "purify.min.js" in u], asked
    # The live widget took the early form over (no second form made and swapped in), and it is live.
    assert page.evaluate("""() => { const f = document.querySelector('#calc-wotw-virus > form.calc-form');
      return f !== null && f === window.__early.get('calc-wotw-virus') && !f.inert; }""")
    # A change is a new result: then it is rendered through the sanitiser as always.
    page.select_option("#calc-wotw-virus-season", "spring")
    page.wait_for_function(f"!({KEPT})('calc-wotw-virus')", timeout=READY)
    page.wait_for_selector("#calc-wotw-virus[data-state=done]", timeout=READY)
    assert [u for u in asked if "purify.min.js" in u]


def test_a_first_live_result_that_differs_from_the_pre_rendered_one_replaces_it(page, site_url):
    """The print decides, not the fields: a pre-rendered result whose print does not match the live HTML (as
    after a change to the presenter the page was not rebuilt for) is replaced by the live one."""
    page.add_init_script(FIRST_NODES + """
document.addEventListener("DOMContentLoaded", () => {
  document.querySelector("#calc-wotw-virus .calc-result").dataset.htmlHash = "1:00000000";
});""")
    page.goto(site_url + "wotw/virus/")
    page.wait_for_selector("#calc-wotw-virus[data-state=done]", timeout=READY)
    assert not page.evaluate(KEPT, "calc-wotw-virus")
    assert page.locator("#calc-wotw-virus .calc-result .calc-output").count() == 1


def test_a_widget_far_below_the_fold_is_set_up_only_when_it_nears_the_viewport(browser, site_url):
    """The fire plan page holds three widgets, the last some screens down on a phone: it shows only its
    pre-rendered result until the reader scrolls near it, then is set up and works like the first."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.goto(site_url + "aqmf/fire-plan/")
    page.locator("#calc-aqmf-fire-plan").scroll_into_view_if_needed()  # two screens down, under the rules' text
    page.wait_for_selector("#calc-aqmf-fire-plan[data-state=done]", timeout=READY)
    far = page.locator("#calc-aqmf-how-many")
    assert far.bounding_box()["y"] > 3 * 844
    page.wait_for_timeout(500)  # time enough for any set-up queued behind the first widget's
    assert page.evaluate("document.querySelector('#calc-aqmf-how-many').dataset.ready") is None
    assert page.locator("#calc-aqmf-how-many form.calc-form").count() == 0  # its pre-rendered result meanwhile
    assert page.locator("#calc-aqmf-how-many .calc-result .calc-output").count() == 1
    far.scroll_into_view_if_needed()
    page.wait_for_selector("#calc-aqmf-how-many[data-ready][data-state=done]", timeout=READY)
    assert page.locator("#calc-aqmf-how-many form.calc-form:not([inert])").count() == 1
    # It works: a change is worked out.
    before = page.locator("#calc-aqmf-how-many .calc-summary").inner_text()
    page.locator("#calc-aqmf-how-many-goal").fill("90")
    page.wait_for_function("(t) => { const s = document.querySelector('#calc-aqmf-how-many .calc-summary');"
                           " return s && s.textContent !== t; }", arg=before, timeout=READY)
    ctx.close()


def test_a_widget_in_a_tab_not_shown_is_set_up_when_its_tab_is_opened(page, site_url):
    """Diplomacy's adjudicator page holds the War of the Worlds board in its second content tab: hidden, it is
    not set up (nothing to see); opened, it is, and its board is drawn and waits for orders."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site_url + "diplomacy/adjudicator/")
    page.wait_for_selector("#calc-dip-adjudicate .calc-board[data-state=ready]", timeout=READY)
    page.wait_for_timeout(500)
    assert page.evaluate("document.querySelector('#calc-wotw-adjudicate').dataset.ready") is None
    page.locator(".tabbed-labels label", has_text="War of the Worlds").click()
    page.wait_for_selector("#calc-wotw-adjudicate[data-ready] .calc-board[data-state=ready]", timeout=READY)
    assert page.locator("#calc-wotw-adjudicate .calc-board").is_visible()


# Every real change of the root's attributes or of a head element's URL, and whether the body existed then.
ROOT_AND_HEAD = """window.__late = [];
new MutationObserver((list) => {
  for (const m of list) {
    const now = m.target.getAttribute(m.attributeName);
    const where = m.target === document.documentElement || m.target.parentNode === document.head;
    if (where && document.body && m.oldValue !== now) {
      window.__late.push([m.target.nodeName, m.attributeName, m.oldValue, now]);
    }
  }
}).observe(document, { attributes: true, attributeOldValue: true, subtree: true,
  attributeFilter: ["class", "data-js-focus-visible", "href", "src"] });"""


@pytest.mark.parametrize("path", ["", "diplomacy/"])
def test_materials_bundle_finds_the_root_and_head_done(page, site_url, path):
    """The root's classes and the head's absolute URLs are set before the body is read; when Material's
    bundle sets them after the page is drawn, each is a whole-page style recalculation (issue 25)."""
    page.add_init_script(ROOT_AND_HEAD)
    page.goto(site_url + path, wait_until="load")
    page.wait_for_function("window.document$")
    page.wait_for_timeout(300)
    late = page.evaluate("window.__late")
    assert not late, late
    assert set(page.evaluate("[...document.documentElement.classList]")) >= {"js", "js-focus-visible"}


# The text of the page as a phone shows it, and each run's font size (what Lighthouse's font-size audit reads).
SMALL_TEXT = """() => {
  const walk = document.createTreeWalker(document.querySelector("article"), NodeFilter.SHOW_TEXT);
  const small = [];
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el.checkVisibility()) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    const what = `${el.tagName.toLowerCase()}.${el.className}`;
    if (size < 12) small.push(`${size}px ${what}: ${n.textContent.trim().slice(0, 30)}`);
  }
  return small;
}"""


@pytest.mark.parametrize("path", ["diplomacy/", "diplomacy/rulings/", "aqmf/tripods/", "aqmf/fire-plan/"])
def test_no_text_under_12px_on_a_phone(new_page, site_url, path):
    """Small print (rule badges, code in tables, a result's fractions) stays 12 px or more on a phone (issue 25:
    Lighthouse's best practices lost a point on these pages for 'illegible font sizes')."""
    pg = new_page(viewport={"width": 412, "height": 823}, is_mobile=True)
    pg.goto(site_url + path, wait_until="load")
    small = pg.evaluate(SMALL_TEXT)
    assert not small, small[:10]


SEARCH_HELD = """window.__searchAt = null; window.__firstResultAt = null;
new BroadcastChannel('martian-engine').onmessage = (e) => {
  if (e.data === 'ready' && window.__searchAt === null) window.__searchAt = performance.now(); };
window.__drawnAt = null;
document.addEventListener('calc:result', () => {
  if (window.__firstResultAt !== null) return;
  window.__firstResultAt = performance.now();
  requestAnimationFrame(() => { window.__drawnAt = performance.now(); }); }, true);"""


@pytest.mark.parametrize("path", ["wotw/virus/", "calculators/com-defend/"])
def test_search_waits_until_the_first_live_result_is_shown(page, site_url, path):
    """Issue 25: Material's search index (about 300 ms of work in its own worker) is built only once the page has
    shown its first live result, and soon after it: released by the engine's answer alone, it was built while
    the page drew that answer and slowed a restarted browser's first result (measured with a CPU profile)."""
    page.add_init_script(SEARCH_HELD)
    page.goto(site_url + path)
    page.wait_for_function("window.__searchAt !== null", timeout=READY)
    first, drawn, search = page.evaluate("[window.__firstResultAt, window.__drawnAt, window.__searchAt]")
    # After the frame that draws the first result (the page's work on it is done), and soon after.
    assert first is not None and drawn is not None and search > drawn, (first, drawn, search)
    assert search - first < 1500, (first, drawn, search)


# Every frame drawn while the page opens, checked before it is drawn: a board's widget whose form shows without the
# board in it. The page gets its turn between a widget's set-up tasks (calculator/schedule.js): here each turn lets
# a frame be drawn, the worst case, which a slow phone meets on its own (the fields were drawn, then pushed down by
# the map: a layout shift of 0.43 on the adjudicator in 4 loads of 6 at 6x CPU, and in a Lighthouse run).
BARE_FORMS = """(() => {
  const own = scheduler.yield.bind(scheduler);
  scheduler.yield = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))).then(own);
  window.__bare = [];
  const look = () => {
    for (const w of document.querySelectorAll(".calc-widget[data-has-board]")) {
      const form = w.querySelector("form");
      if (form && !form.querySelector(".calc-board") && form.getClientRects().length &&
          getComputedStyle(form).visibility !== "hidden" && !window.__bare.includes(w.id)) window.__bare.push(w.id);
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""


@pytest.mark.parametrize("path", ["diplomacy/adjudicator/", "wotw/adjudicator/", "calculators/dip-adjudicate/"])
def test_a_boards_fields_are_never_drawn_before_its_board(new_page, site_url, path):
    """A board's form (its early one, or the live one before the board is in it) is kept out of sight, in its
    place, until the board is above its fields: nothing the reader sees moves when the map comes in (issue 25)."""
    pg = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    pg.add_init_script(BARE_FORMS)
    pg.add_init_script(SHIFTS)
    pg.goto(site_url + path)
    pg.wait_for_selector(".calc-widget[data-has-board] form .calc-board", timeout=READY)
    pg.wait_for_timeout(300)  # a shift is reported after the frame that showed it
    assert pg.evaluate("window.__bare") == []
    form = pg.locator(".calc-widget[data-has-board] form").first
    assert form.evaluate("(f) => getComputedStyle(f).visibility") == "visible"
    shifts = pg.evaluate("window.__shifts.filter((s) => !s.input)")
    assert sum(s["value"] for s in shifts) <= 0.01, shifts


# Every read of a size or scroll position made while the page is still being read, with the script that made it.
LAYOUT_READS = """window.__reads = [];
(() => {
  const note = (what) => {
    if (document.readyState !== "loading") return;
    const where = (new Error().stack || "").split("\\n").slice(3, 5).map((l) => l.trim()).join(" < ");
    window.__reads.push(what + " by " + where);
  };
  const watch = (proto, name) => {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (d && d.get) Object.defineProperty(proto, name, { ...d, get() { note(name); return d.get.call(this); } });
    else if (d && typeof d.value === "function") {
      proto[name] = function (...args) { note(name); return d.value.apply(this, args); };
    }
  };
  for (const n of ["scrollY", "scrollX", "pageYOffset", "pageXOffset", "innerHeight", "innerWidth"]) watch(window, n);
  for (const n of ["offsetHeight", "offsetWidth", "offsetTop", "offsetLeft"]) watch(HTMLElement.prototype, n);
  for (const n of ["clientHeight", "clientWidth", "scrollHeight", "scrollWidth", "scrollTop", "getBoundingClientRect",
                   "getClientRects"]) watch(Element.prototype, n);
})();"""


@pytest.mark.parametrize("path", ["diplomacy/adjudicator/", "wotw/adjudicator/", "wotw/virus/", "aqmf/fire-plan/"])
def test_a_phone_reads_the_page_without_its_scripts_measuring_it(new_page, site_url, path):
    """A script that reads a size or the scroll position while the page is being read makes the browser lay out
    all it has read so far, then again once more has come (issue 25: the board's early bring-up read the scroll
    position on a phone, where it brings nothing up: 90 ms of the phone's main thread at 4x slower CPU, a long task).
    The wide screen's bring-up of a board measures as the page is read by design (test_board_arrival)."""
    pg = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    pg.add_init_script(LAYOUT_READS)
    pg.goto(site_url + path, wait_until="domcontentloaded")
    assert pg.evaluate("window.__reads") == []


# Each map's width as its styles give it (not as laid out: the map hidden for the moment of the read).
MAP_WIDTHS = """() => [...document.querySelectorAll("svg.dip-board")].map((svg) => {
  const was = svg.style.display;
  svg.style.display = "none";
  const width = getComputedStyle(svg).width;
  svg.style.display = was;
  return width;
})"""


@pytest.mark.parametrize("path", ["diplomacy/adjudicator/", "calculators/wotw-adjudicate/"])
def test_a_phones_maps_are_sized_in_their_own_units_not_by_their_column(page, site_url, path):
    """A map (an SVG of ~420 shapes and 83 labels) sized as a share of its column is laid out again, every shape and
    label, whenever anything around it is, a status line's text say: on a phone at 4x slower CPU each such layout
    of the adjudicator's page took 30-40 ms, 10-13 ms with the maps sized in rem (issue 25). On a phone the column
    is narrower than the map's least width anyway; the "Whole map" view shrinks the board's map to the column."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + path)
    page.wait_for_selector("svg.dip-board.board-live", timeout=READY)
    widths = page.evaluate(MAP_WIDTHS)
    assert widths and all(w.endswith("px") for w in widths), widths
    assert page.evaluate("[...document.querySelectorAll('svg.dip-board')].every((s) => !s.getClientRects().length"
                         " || Math.round(s.getBoundingClientRect().width) === 640)")
    page.locator(".board-map-tools button", has_text="Whole map").first.click()
    assert page.evaluate(MAP_WIDTHS)[0].endswith("%"), "the whole map is sized by its column again"


@pytest.mark.parametrize("width", [390, 1280])
def test_dimming_the_boards_map_does_not_lay_the_page_out(new_page, site_url, width):
    """The map dims while the engine redraws it (board.js setStale), at least once as every board page opens. The
    change is a repaint only: it used to lay the map out again, every shape and label (issue 25)."""
    pg = new_page(viewport={"width": width, "height": 844})
    pg.goto(site_url + "diplomacy/adjudicator/")
    pg.wait_for_function("document.querySelector('.calc-board')?.dataset.state === 'ready'", timeout=READY)
    cdp = pg.context.new_cdp_session(pg)
    cdp.send("Performance.enable")

    def layouts() -> int:
        return next(m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] == "LayoutCount")

    toggle_twice = """() => {  // dimmed, then lit again, each time asking for the page's layout; nothing else between
      const map = document.querySelector('.calc-board .board-map');
      for (let i = 0; i < 2; i++) { map.toggleAttribute('data-stale'); document.body.offsetHeight; }
    }"""
    added = []
    for _ in range(3):  # the least of three tries: a layout of the page's own (a timer, say) may fall in one
        pg.evaluate("document.body.offsetHeight")
        before = layouts()
        pg.evaluate(toggle_twice)
        added.append(layouts() - before)
    assert min(added) == 0, added


# Every change of the <body>'s or <html>'s class once the page's body is being read (a change while only the <head>
# has been read restyles nothing), and not a class set again to what it was (Material's script does so).
ROOT_CLASS_CHANGES = """window.__rootClass = [];
new MutationObserver((records) => {
  const roots = [document.documentElement, document.body];
  const reading = !!document.body;
  records = records.filter((r) => roots.includes(r.target));
  records.forEach((r, i) => {
    const later = records.slice(i + 1).find((n) => n.target === r.target);
    const now = later ? later.oldValue : r.target.getAttribute("class");
    const words = (v) => (v || "").split(/\\s+/).filter(Boolean).sort().join(" ");
    if (reading && words(r.oldValue) !== words(now)) {
      window.__rootClass.push(`${r.target.nodeName}: ${r.oldValue} -> ${now}`);
    }
  });
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"], attributeOldValue: true });"""


@pytest.mark.parametrize("path", ["diplomacy/adjudicator/", "wotw/virus/"])
def test_the_pages_root_keeps_its_class_as_the_page_opens(new_page, site_url, path):
    """A change of the class of <body> or <html> makes the browser work out the style of the whole page again:
    94 ms of a phone's main thread at 4x slower CPU as the adjudicator opened, from its script marking the page as
    a board's (issue 25). The page's HTML has the class; Material's "Back to top" is hidden on it from the start."""
    pg = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    pg.add_init_script(ROOT_CLASS_CHANGES)
    pg.goto(site_url + path)
    pg.wait_for_selector(".calc-widget[data-ready]", timeout=READY)
    pg.wait_for_timeout(500)
    assert pg.evaluate("window.__rootClass") == []
    board = "adjudicator" in path
    assert pg.evaluate("document.body.classList.contains('calc-board-page')") == board
    assert pg.evaluate("getComputedStyle(document.querySelector('.md-top')).display === 'none'") == board


def test_moving_a_tab_sets_indicator_does_not_restyle_the_tabs_content(page, site_url):
    """Material moves the line under a content tab set's labels by setting custom properties on the set; inherited,
    they made the browser restyle all the tabs hold (the adjudicator: both boards' maps) each time, 50-75 ms at 4x
    slower CPU on a phone (issue 25). The line still moves; the content never sees the properties change."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "diplomacy/adjudicator/")
    seen = """() => {
      const set = document.querySelector('.tabbed-set');
      set.style.setProperty('--md-indicator-x', '123px');
      return [set.querySelector('.tabbed-content .calc-widget'), set.querySelector('.tabbed-labels')]
        .map((el) => getComputedStyle(el).getPropertyValue('--md-indicator-x'));
    }"""
    inside, labels = page.evaluate(seen)
    assert labels == "123px" and inside == "", (labels, inside)
    # The line still stands under the chosen tab, as wide as its label (Material sets it again as the page settles).
    page.reload()
    page.wait_for_function("""() => {
      const labels = document.querySelector('.tabbed-labels');
      const line = getComputedStyle(labels, '::before');
      const chosen = labels.children[0].getBoundingClientRect(), box = labels.getBoundingClientRect();
      const x = new DOMMatrix(line.transform).m41;
      return Math.abs(x - (chosen.left - box.left + labels.scrollLeft)) < 2 &&
        Math.abs(parseFloat(line.width) - chosen.width) < 2;
    }""", timeout=10_000)


# Whether the browser draws a node's box: false while it is inside a part that content-visibility skips.
DRAWN = "(sel) => document.querySelector(sel).checkVisibility({ contentVisibilityAuto: true })"


def test_a_results_map_far_below_the_screen_is_drawn_only_as_the_reader_comes_to_it(new_page, site_url):
    """The adjudicator's Legal orders lies screens below the board, its result a table and a map of 425 shapes: a
    phone styled and laid the map out in its first frames all the same (issue 25). Skipped until it nears the
    screen, it is still in the page (its names there for screen readers), and is drawn as the reader scrolls to it;
    the rest of the result is drawn as ever (what measures it: the answer bar, wide tables)."""
    pg = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    pg.goto(site_url + "diplomacy/adjudicator/", wait_until="load")
    far = "#calc-dip-options-result .calc-map-figure"
    assert pg.evaluate("(sel) => document.querySelector(sel).getBoundingClientRect().top", far) > 3 * 844
    assert not pg.evaluate(DRAWN, far + " svg")
    assert pg.evaluate(DRAWN, "#calc-dip-options-result .calc-summary")
    assert pg.locator(far + " svg[aria-label]").count() == 1
    pg.locator("#calc-dip-options-result").scroll_into_view_if_needed()
    pg.wait_for_function(DRAWN, arg=far + " svg", timeout=5_000)
    # A result's map in sight as the page opens is drawn at once (the calculator's own page, on a tall screen).
    wide = new_page(viewport={"width": 1280, "height": 1600})
    wide.goto(site_url + "calculators/dip-options/", wait_until="load")
    assert wide.evaluate("(sel) => document.querySelector(sel).getBoundingClientRect().top",
                         "#calc-dip-options-result .calc-map-figure") < 1600
    assert wide.evaluate(DRAWN, "#calc-dip-options-result .calc-map-figure svg")


def _restyled(pg, tmp_path, action) -> list[int]:
    """The elements the browser restyled in each style pass (Chromium's UpdateLayoutTree events) while ``action()``
    ran, traced."""
    browser = pg.context.browser
    browser.start_tracing(page=pg, path=str(tmp_path / "trace.json"), categories=["devtools.timeline"])
    action()
    trace = json.loads(browser.stop_tracing())
    return [e["args"]["elementCount"] for e in trace["traceEvents"]
            if e.get("name") == "UpdateLayoutTree" and "elementCount" in e.get("args", {})]


def test_the_answer_bar_coming_up_restyles_the_bar_not_the_page(new_page, site_url, tmp_path):
    """The bar at the screen's foot comes and goes as the reader scrolls, and sets the page's scroll padding to its
    height. Set as a custom property on the root, inherited by every element, it restyled the whole page each
    time it came up (1,946 elements, 75-88 ms at 4x slower CPU on a phone, on aqmf/tripods as it opened)."""
    pg = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    pg.goto(site_url + "calculators/aqmf-how-many/")
    pg.wait_for_selector("#calc-aqmf-how-many[data-state=done]", timeout=READY)
    bar = "#calc-aqmf-how-many .calc-answer-bar"
    settle = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 150))))"
    pg.evaluate("document.querySelector('#calc-aqmf-how-many .calc-summary').scrollIntoView({block: 'center'})")
    pg.evaluate(settle)
    assert pg.evaluate(f"document.querySelector('{bar}').hidden"), "the bar shows beside its headline"
    restyled = _restyled(pg, tmp_path, lambda: (pg.evaluate("window.scrollTo(0, 0)"), pg.evaluate(settle)))
    assert not pg.evaluate(f"document.querySelector('{bar}').hidden"), "the bar did not come up: nothing to test"
    elements = pg.evaluate("document.querySelectorAll('*').length")
    assert restyled and max(restyled) < elements / 4, (restyled, elements)
    # What it is for still holds: the page's scroll padding is the bar's height.
    pad, height = pg.evaluate(f"[getComputedStyle(document.documentElement).scrollPaddingBottom,"
                              f" document.querySelector('{bar}').offsetHeight]")
    assert pad == f"{height}px", (pad, height)


@pytest.mark.parametrize("where", ["#calc-dip-adjudicate", "#calc-dip-adjudicate form", "article"])
def test_a_paragraph_put_into_the_page_restyles_a_few_elements_not_all_after_it(page, site_url, tmp_path, where):
    """The widgets put parts into the page as it opens and as the reader plays (the live form into its widget, a
    board's panel into its form, a line into a list). Material's content tabs' rules made each such insertion,
    anywhere but last, restyle every element after it with its content: the adjudicator's widget, 1,041 elements
    for one paragraph; the article, 1,735 (hooks/material_css.py; now 10 and 69)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "diplomacy/adjudicator/")
    page.wait_for_selector("#calc-dip-adjudicate[data-ready]", timeout=READY)
    page.evaluate("document.body.offsetHeight")
    restyled = _restyled(page, tmp_path, lambda: page.evaluate("""(where) => {
      const box = document.querySelector(where);
      box.children[1].after(Object.assign(document.createElement('p'), { textContent: 'put in' }));
      document.body.offsetHeight;
    }""", where))
    after = page.evaluate("(where) => document.querySelector(where).querySelectorAll('*').length", where)
    assert after > 500 and restyled and max(restyled) < 100, (restyled, after)
