"""Calculators at the table (issue 11): shared links, hostile names, defaults, errors where the player
looks, exactly the players given, stale results marked, charts at the column's width, page titles."""
from __future__ import annotations

import json
import re
from fractions import Fraction
from urllib.parse import urlencode

import pytest

import calculators
from tests.browser.test_long_runs import MONTE_CARLO_DONE

STALE = ".calc-stale-note:not(.calc-compare *)"  # the result's stale note, not the readings comparison's

pytestmark = pytest.mark.browser
READY = 90_000
VIRUS = "#calc-wotw-virus"


def wait_done(page, widget, timeout=READY):
    # A widget far down a page is set up as the reader nears it (widgets.js): brought into view, as a reader would.
    page.locator(widget).first.scroll_into_view_if_needed()
    # A board opens waiting for orders (issue 23): ready once its map is drawn.
    page.wait_for_selector(f"{widget}[data-state=done], {widget}[data-state=waiting] .calc-board[data-state=ready]",
                           timeout=timeout)


def open_more(page, widget) -> None:
    """Open the widget's "More options" (the fields few players change are folded there: issue 24)."""
    page.evaluate("(w) => { document.querySelector(w + ' details.calc-more').open = true; }", widget)


def in_viewport(page, selector) -> bool:
    return page.eval_on_selector(selector, """e => { const r = e.getBoundingClientRect();
        return r.top < innerHeight && r.bottom > 0 && r.height > 0; }""")


# ---- shared links ------------------------------------------------------------------

def _scroll_through(page):
    page.mouse.move(600, 400)  # over the content, where a reader scrolls
    for _ in range(8):
        page.mouse.wheel(0, 600)
        page.wait_for_timeout(150)
    page.wait_for_timeout(1200)  # tracking writes 250 ms after the scroll stops, plus its own 250 ms delay


def test_state_survives_scrolling_with_anchor_tracking_on(page, site_url):
    page.set_viewport_size({"width": 1280, "height": 700})
    page.goto(site_url + "wotw/virus/")
    wait_done(page, VIRUS)
    # Anchor tracking is on: with no calculator state, scrolling writes the section into the URL.
    _scroll_through(page)
    assert re.search(r"#[a-z]", page.url), page.url
    page.evaluate("window.scrollTo(0, 0)")
    page.locator(f"{VIRUS}-destroyed").fill("13")
    page.wait_for_function("location.hash.includes('destroyed=13')")
    _scroll_through(page)
    assert "calc=wotw-virus" in page.url and "destroyed=13" in page.url, page.url
    # A link the reader follows is theirs to follow: only the tracking's rewrites are held back.
    page.evaluate("location.hash = 'the-removal-schedule'")
    page.wait_for_function("location.hash === '#the-removal-schedule'")
    assert page.locator("#the-removal-schedule").count() == 1


def test_a_link_followed_just_after_scrolling_lands_on_its_anchor(page, site_url):
    """Material pushes the next page's address before its content arrives; the old page's tracking
    and offset saving, due 100-250 ms after a scroll, must not write onto the next page's entry
    (they sent a reader who clicked a rule link right after scrolling to the top of the page)."""
    page.set_viewport_size({"width": 1280, "height": 700})
    page.goto(site_url + "wotw/virus/")
    wait_done(page, VIRUS)
    # The next page is slow to arrive (a phone's signal): its content comes 1.5 s after the click.
    page.route("**/wotw/rules/", lambda route: (page.wait_for_timeout(1500), route.continue_()))
    page.mouse.move(600, 400)
    page.mouse.wheel(0, 1500)
    page.wait_for_function("scrollY > 0")
    page.evaluate("""() => { const a = document.createElement('a');
        a.href = '../rules/#wotw-9-3'; a.textContent = 'WOTW 9.3'; a.id = 'test-link';
        document.querySelector('.md-content__inner').append(a); a.click(); }""")
    page.wait_for_function("document.title.startsWith('Rules · War of the Worlds')", timeout=READY)
    page.wait_for_timeout(300)  # Material scrolls to the anchor once the content is swapped in
    assert page.url.endswith("/wotw/rules/#wotw-9-3"), page.url
    assert in_viewport(page, "#wotw-9-3")


def test_copy_link_copies_the_state_and_reopens_it(browser, site_url):
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(site_url + "wotw/virus/")
    wait_done(page, VIRUS)
    page.locator(f"{VIRUS}-destroyed").fill("14")
    page.locator(f"{VIRUS}-season").select_option("fall")
    want = calculators.run("wotw-virus", {"year": 1904, "season": "fall", "destroyed": 14, "largest": 6})["summary"]
    page.wait_for_function(f"(document.querySelector('{VIRUS} .calc-summary')?.textContent || '') === {want!r}")
    page.locator(f"{VIRUS} .calc-copy-link").click()
    page.wait_for_function(f"document.querySelector('{VIRUS}').dataset.link")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.locator(VIRUS).get_attribute("data-link")
    assert "Link copied" in page.locator(f"{VIRUS} .calc-status").inner_text()
    summary = page.locator(f"{VIRUS} .calc-summary").inner_text()
    other = context.new_page()
    other.goto(copied)
    wait_done(other, VIRUS)
    assert other.locator(f"{VIRUS}-destroyed").input_value() == "14"
    assert other.locator(f"{VIRUS} .calc-summary").inner_text() == summary
    context.close()


def test_a_shared_link_scrolls_to_its_widget_and_marks_it(page, site_url):
    page.set_viewport_size({"width": 1280, "height": 700})
    params = {"calc": "clans-orders", "power": "england", "unit": "af", "location": "sea", "order": "support",
              "target": "coastal"}
    page.goto(site_url + "clans/checks/#" + urlencode(params))
    widget = "#calc-clans-orders"
    wait_done(page, widget)
    page.wait_for_function("document.querySelector('#calc-clans-orders').getBoundingClientRect().top < innerHeight")
    assert in_viewport(page, widget)
    assert "calc-restored" in page.locator(widget).get_attribute("class")
    assert "Opened from a link" in page.locator(f"{widget} .calc-status").inner_text()
    assert page.evaluate("scrollY") > 200, "the first widget of the page is not what the reader sees"
    # The mark goes once the reader changes something.
    page.locator(f"{widget}-unit").select_option("army")
    page.wait_for_function("!document.querySelector('#calc-clans-orders').classList.contains('calc-restored')")


def test_no_state_leaks_into_the_next_page_on_instant_navigation(page, site_url):
    page.goto(site_url + "wotw/virus/")
    wait_done(page, VIRUS)
    page.evaluate("window.__sameTab = true")
    # Type, and follow a sidebar link before the widget's debounce (120 ms) has fired.
    page.locator(f"{VIRUS}-destroyed").press_sequentially("1", delay=0)
    page.locator("nav.md-nav--primary a[href$='merge-split/']").first.click()
    page.wait_for_url(re.compile(r".*/wotw/merge-split/$"), timeout=30_000)
    page.wait_for_selector("#calc-wotw-merge-split[data-state=done]", timeout=READY)
    page.wait_for_timeout(800)
    assert page.evaluate("window.__sameTab === true"), "instant navigation, not a reload"
    assert "#" not in page.url, page.url


@pytest.mark.parametrize("names", [["constructor"], ["toString", "hasOwnProperty", "__proto__", "valueOf"]])
def test_hostile_names_in_a_link_are_ignored_and_every_widget_works(page, site_url, names):
    query = "&".join(f"{n}=1" for n in names)
    page.goto(site_url + f"clans/checks/#calc=clans-victory&{query}&england=3")
    for wid in ("clans-victory", "clans-england-offboard", "clans-builds", "clans-orders"):
        wait_done(page, f"#calc-{wid}")
    assert page.locator("#calc-clans-victory-england").input_value() == "3"
    status = page.locator("#calc-clans-victory .calc-status").inner_text()
    assert "Ignored" in status and names[0] in status
    page.locator("#calc-clans-victory-england").fill("4")
    page.wait_for_function("location.hash.includes('england=4')")
    assert not any(f"{n}=" in page.url for n in names)


def test_an_imported_file_with_an_object_where_a_value_belongs_is_refused_clearly(page, site_url, tmp_path):
    page.goto(site_url + "wotw/virus/")
    wait_done(page, VIRUS)
    before = page.locator(f"{VIRUS}-destroyed").input_value()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"calc": "wotw-virus", "params": {"destroyed": {"valueOf": 13}, "__proto__": 1}}))
    page.locator(f"{VIRUS} .calc-import-file").set_input_files(str(bad))
    error = page.locator(f"{VIRUS} > .calc-error")
    error.wait_for(state="visible")
    assert "Centres destroyed" in error.inner_text() and "an object, not a value" in error.inner_text()
    assert page.locator(f"{VIRUS}-destroyed").input_value() == before, "nothing is filled in"
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"calc": "wotw-virus", "params": {"destroyed": 9, "largest": 4}}))
    page.locator(f"{VIRUS} .calc-import-file").set_input_files(str(good))
    page.wait_for_function(f"document.querySelector('{VIRUS}-destroyed').value === '9'")
    wait_done(page, VIRUS)
    assert page.locator(f"{VIRUS} .calc-summary").inner_text() == calculators.run(
        "wotw-virus", {"destroyed": 9, "largest": 4})["summary"]


def test_a_file_refused_before_the_first_result_stays_refused_when_the_result_lands(page, site_url, tmp_path):
    """A refusal is about a file, not the fields: the page's first live result, landing after it, keeps it."""
    held = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(site_url + "wotw/virus/", wait_until="domcontentloaded")
    page.wait_for_function(f"document.querySelector('{VIRUS}').dataset.engine === 'loading'")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"calc": "wotw-virus", "params": {"destroyed": {"valueOf": 13}}}))
    page.locator(f"{VIRUS} .calc-import-file").set_input_files(str(bad))
    error = page.locator(f"{VIRUS} > .calc-error")
    error.wait_for(state="visible")
    while not held:
        page.wait_for_timeout(50)
    for route in held:
        route.continue_()
    wait_done(page, VIRUS)
    assert error.is_visible() and "an object, not a value" in error.inner_text()
    # The player's next change is a new message: the refusal goes.
    page.locator(f"{VIRUS}-destroyed").fill("9")
    error.wait_for(state="hidden")


# ---- defaults and errors -------------------------------------------------------------

def test_raising_the_headline_field_never_meets_a_hidden_default(page, site_url):
    page.goto(site_url + "wotw/virus/")
    wait_done(page, VIRUS)
    for name in ("austria", "england", "france", "germany", "italy", "russia", "turkey"):
        assert page.locator(f"{VIRUS}-{name}").input_value() == "", name
    page.locator(f"{VIRUS}-destroyed").fill("20")
    page.wait_for_function(f"(document.querySelector('{VIRUS} .calc-summary')?.textContent || '')"
                            ".includes('20 centres')",
                           timeout=30_000)
    assert page.locator(f"{VIRUS} .calc-field-error:not([hidden])").count() == 0


def test_the_error_shows_on_the_field_the_player_changed(page, site_url):
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(site_url + "clans/checks/")
    widget = "#calc-clans-victory"
    wait_done(page, widget)
    page.locator(f"{widget}-england").fill("40")
    error = page.locator(f"{widget}-england-error")
    error.wait_for(state="visible", timeout=30_000)
    assert "68 supply centres" in error.inner_text()
    assert page.locator(f"{widget}-england").get_attribute("aria-invalid") == "true"
    # Right under the field being typed in (its help text between), not on Stewart, screens away.
    field, message = page.locator(f"{widget}-england").bounding_box(), error.bounding_box()
    assert 0 <= message["y"] - (field["y"] + field["height"]) < 120, (field, message)
    assert page.locator(f"{widget}-stewart-error").is_hidden()


def test_poker_has_exactly_the_players_given(page, site_url):
    hands = {"p1": "KH KS 7D 7C 2H", "p2": "KD KC 7H 7S 2D"}
    page.goto(site_url + "icehouse/turn/#" + urlencode({"calc": "com-poker", **hands}))
    widget = "#calc-com-poker"
    wait_done(page, widget)
    assert page.locator(f"{widget}-p3").input_value() == ""
    assert page.locator(f"{widget}-p3").get_attribute("placeholder") == "AS AD AC 10S 6D"
    want = calculators.run("com-poker", hands)
    assert want["data"]["winners"] == [1, 2]
    assert page.locator(f"{widget} .calc-summary").inner_text() == want["summary"]
    assert "Player 3" not in page.locator(f"{widget} .calc-output").inner_text()


# ---- stale results ------------------------------------------------------------------

def test_a_field_error_marks_the_result_stale(page, site_url):
    page.goto(site_url + "wotw/virus/")
    wait_done(page, VIRUS)
    page.locator(f"{VIRUS}-destroyed").fill("--5")
    page.wait_for_selector(f"{VIRUS}[data-state=error]", timeout=30_000)
    assert "whole number" in page.locator(f"{VIRUS}-destroyed-error").inner_text()
    assert page.locator(f"{VIRUS} .calc-result").get_attribute("data-stale") == "error"
    assert "last inputs that worked" in page.locator(f"{VIRUS} {STALE}").inner_text()
    # Put away, not just dimmed: no number for other inputs on show as the answer (issue 24).
    assert page.locator(f"{VIRUS} .calc-output").is_hidden()
    page.locator(f"{VIRUS}-destroyed").fill("12")
    wait_done(page, VIRUS)
    assert page.locator(f"{VIRUS} .calc-result").get_attribute("data-stale") is None
    assert page.locator(f"{VIRUS} {STALE}").is_hidden()
    assert page.locator(f"{VIRUS} .calc-output").is_visible()


def test_an_edit_while_the_engine_starts_marks_the_result_stale(page, site_url):
    held = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(site_url + "wotw/virus/", wait_until="domcontentloaded")
    page.wait_for_function(f"document.querySelector('{VIRUS}').dataset.engine === 'loading'")
    page.locator(f"{VIRUS}-destroyed").fill("9")
    page.wait_for_function(f"document.querySelector('{VIRUS} .calc-result').dataset.stale === 'starting'")
    assert "still starting" in page.locator(f"{VIRUS} {STALE}").inner_text()
    while not held:
        page.wait_for_timeout(50)
    for route in held:
        route.continue_()
    page.wait_for_function(f"(document.querySelector('{VIRUS} .calc-summary')?.textContent || '').includes('only 9')",
                           timeout=READY)
    assert page.locator(f"{VIRUS} .calc-result").get_attribute("data-stale") is None


def test_cancel_marks_the_result_as_the_previous_one(page, site_url, cancel_at_first_progress):
    widget = "#calc-com-defend"
    page.goto(site_url + "icehouse/defend/")
    wait_done(page, widget)
    open_more(page, widget)
    page.locator(f"{widget}-method").select_option("monte-carlo")
    page.wait_for_function(MONTE_CARLO_DONE, arg=widget, timeout=30_000)
    summary = page.locator(f"{widget} .calc-summary").inner_text()  # the result a cancel leaves shown
    cancel_at_first_progress(page, widget, lambda: page.locator(f"{widget}-trials").fill("200000"))
    page.wait_for_selector(f"{widget}[data-state=cancelled]", timeout=30_000)
    assert page.locator(f"{widget} .calc-result").get_attribute("data-stale") == "cancelled"
    assert page.locator(f"{widget} {STALE}").inner_text() == "Cancelled: showing the previous result."
    assert page.locator(f"{widget} .calc-summary").inner_text() == summary


# ---- readable results ----------------------------------------------------------------

def _open_at_width(page, site_url, path, widget, width) -> float:
    """Open ``path`` at ``width`` px; the widget's content width (the column its results fill)."""
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(site_url + path)
    wait_done(page, widget)
    return page.eval_on_selector(widget, """w => { const s = getComputedStyle(w);
        return w.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight); }""")


@pytest.mark.parametrize("width", [390, 1280])
def test_bar_charts_span_the_column_with_legible_text(page, site_url, width):
    widget = "#calc-aqmf-attack"
    column = _open_at_width(page, site_url, "aqmf/shooting/", widget, width)
    figure = f"{widget} figure.calc-bars"
    assert page.locator(figure).count() >= 1
    assert abs(page.locator(figure).first.bounding_box()["width"] - column) < 2
    sizes = page.eval_on_selector_all(f"{figure} th, {figure} .calc-bar-value",
                                      "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert sizes and min(sizes) >= 11, sizes
    bars = page.eval_on_selector_all(f"{figure} svg.calc-bar", "els => els.map(e => e.getBoundingClientRect().width)")
    assert min(bars) > 40, "bars have room to show their length"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1"), "nothing overflows the page"


@pytest.mark.parametrize("width", [390, 1280])
def test_maps_span_the_column(page, site_url, width):
    # Issue 23: the result is drawn on the board itself (no second map under it), so the board is the map.
    widget = "#calc-dip-adjudicate"
    _open_at_width(page, site_url, "diplomacy/adjudicator/", widget, width)
    second = page.locator(f"{widget} figure.calc-map-figure")
    assert second.count() == 0 or not second.is_visible(), "no second map below the board"
    frame = page.locator(f"{widget} figure.board-map").bounding_box()
    stage = page.locator(f"{widget} .board-stage").bounding_box()
    assert abs(frame["width"] - stage["width"]) < 2, "the board's frame spans its column"
    svg_width = page.locator(f"{widget} figure.board-map > svg").bounding_box()["width"]
    assert svg_width >= frame["width"] - 2, "the map fills its frame"
    assert svg_width >= 32 * 16 - 2, "the map never shrinks below the width its labels need"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1"), "the map scrolls in its frame"


def test_charts_follow_the_dark_palette(page, site_url):
    page.goto(site_url + "aqmf/shooting/")
    page.evaluate("""() => { const p = __md_get("__palette") || {}; p.index = 1;
        p.color = {scheme: "slate", primary: "deep-orange", accent: "red", media: "(prefers-color-scheme: dark)"};
        __md_set("__palette", p); }""")
    page.reload()
    widget = "#calc-aqmf-attack"
    wait_done(page, widget)
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    rgb = page.eval_on_selector(f"{widget} figure.calc-bars tbody th", "e => getComputedStyle(e).color")
    r, g, b = (int(x) for x in re.findall(r"\d+", rgb)[:3])
    assert (r + g + b) / 3 > 150, f"chart text is light on the dark page ({rgb})"


def test_probabilities_show_one_in_n_and_never_zero_percent_for_a_chance(page, site_url):
    page.goto(site_url + "aqmf/shooting/")
    widget = "#calc-aqmf-attack"
    wait_done(page, widget)
    summary = page.locator(f"{widget} .calc-summary").inner_text()
    assert not re.search(r"(?<![\d.])0\.00%", summary), "a chance that is not 0 never reads 0.00%"
    cells = page.eval_on_selector_all(f"{widget} .calc-prob", """els => els.map(e => ({
        pct: (e.querySelector('.calc-pct') || {}).textContent || null,
        odds: (e.querySelector('.calc-odds') || {}).textContent || null, text: e.textContent,
        exact: (e.querySelector('details.calc-frac code') || {}).textContent || null}))""")
    assert cells, "probability cells are typed, not text"
    for cell in cells:
        assert cell["pct"] not in ("0.00%", "100.00%"), "an exact 0 or 1 reads 0% or 100%"
        if cell["pct"] in ("0%", "100%"):
            assert cell["text"].strip() == cell["pct"], f"alone, no '0/1': {cell}"
        elif cell["exact"]:  # "1 in N" below one half, none beside a likelier chance
            p = Fraction(cell["exact"])
            assert (cell["odds"] or "").startswith("1 in") if p < Fraction(1, 2) else cell["odds"] is None, cell
    # Every exact fraction, a 30-digit one too, waits behind its cell's toggle, not in the table (issue 24).
    assert page.locator(f"{widget} td .calc-prob:has(.calc-pct)").count() == \
        page.locator(f"{widget} td .calc-prob:has(.calc-pct) > details.calc-frac").count() + \
        page.locator(f"{widget} td .calc-prob", has_text=re.compile(r"^\s*(0|100)%\s*$")).count()
    long = page.locator(f"{widget} details.calc-frac").filter(has_text=re.compile(r"\d{10,}/\d{10,}")).first
    assert long.count() == 1 and not long.locator("code").is_visible()
    long.locator("summary").click()
    assert re.fullmatch(r"\d{10,}/\d{10,}", long.locator("code").inner_text())
    # The headline is plain words (issue 24); the exact fractions are under Exact probabilities, folded.
    summary = page.locator(f"{widget} .calc-summary").inner_text()
    assert "P(" not in summary and not re.search(r"\d/\d", summary)
    exact = page.locator(f"{widget} details.calc-exact")
    exact.locator("summary").click()
    assert exact.locator("code.calc-frac-full").count() >= 6


def test_conquest_of_mars_chances_are_typed_cells_and_estimates_show_their_interval(page, site_url):
    widget = "#calc-com-defend"
    forces = {"p1": "S=1 M=1 L=1 dice=d20,d12,d10", "p2": "S=3 dice=d4,d4,d4"}
    page.goto(site_url + "icehouse/defend/#" + urlencode({"calc": "com-defend", **forces}))
    wait_done(page, widget)
    cells = page.eval_on_selector_all(f"{widget} td .calc-prob", """els => els.map(e => ({
        pct: e.querySelector('.calc-pct').textContent, odds: (e.querySelector('.calc-odds') || {}).textContent,
        long: !!e.querySelector('details.calc-frac'), estimate: !!e.querySelector('.calc-ci')}))""")
    exact = [c for c in cells if not c["estimate"]]  # the policies compared may be estimates within the budget
    # Odds beside every chance below one half (a likelier one may read as its percentage alone).
    assert exact and all(c["pct"] != "0.00%" and (c["odds"] or float(c["pct"].strip("<> %")) >= 50)
                         for c in exact), cells
    assert any(c["long"] for c in exact), "a 10-digit fraction waits behind its toggle"
    plain = page.locator(f"{widget} table.calc-table td:not(:has(.calc-prob))").all_inner_texts()
    assert not re.search(r"\d%", " ".join(plain)), "no chance is written as plain text"
    open_more(page, widget)
    page.locator(f"{widget}-method").select_option("monte-carlo")
    page.wait_for_function(f"(document.querySelector('{widget} .calc-summary')?.textContent || '')"
                            ".includes('Monte Carlo')",
                           timeout=READY)
    wait_done(page, widget)
    assert re.fullmatch(r"95%: [\d.]+% to [\d.]+%", page.locator(f"{widget} td .calc-ci").first.inner_text())
    assert page.locator(f"{widget} td .calc-frac").count() == 0, "an estimate shows no exact fraction"
    assert page.locator(f"{widget} details.calc-exact").count() == 0


def test_page_titles_name_their_game_and_follow_instant_navigation(page, site_url):
    page.goto(site_url + "wotw/rules/")
    assert page.title().startswith("Rules · War of the Worlds")
    page.locator("nav.md-tabs a, nav.md-nav--primary a").filter(has_text="Conquest of Mars").first.click()
    page.wait_for_url(re.compile(r".*/icehouse/$"))
    page.locator("nav.md-nav--primary a[href$='icehouse/rules/']").first.click()
    page.wait_for_url(re.compile(r".*/icehouse/rules/$"))
    page.wait_for_function("document.title.startsWith('Rules · Conquest of Mars')")


# ---- the "Rulings" group's summary ---------------------------------------------------

SUMMARY_BOXES = """s => {
    const at = (r) => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom});
    const range = document.createRange(); range.selectNodeContents(s);  // the text, not the pseudo-elements
    const text = Array.from(range.getClientRects()).filter((r) => r.width > 0).map(at);
    const box = s.getBoundingClientRect(), icons = [];
    for (const which of ['::before', '::after']) {
        const st = getComputedStyle(s, which);
        if (st.content === 'none' || st.display === 'none' || !parseFloat(st.width)) continue;
        const left = box.left + s.clientLeft + parseFloat(st.left) + parseFloat(st.marginLeft || 0);
        const top = box.top + s.clientTop + parseFloat(st.top) + parseFloat(st.marginTop || 0);
        icons.push({which, left, right: left + parseFloat(st.width), top, bottom: top + parseFloat(st.height)});
    }
    return {text, icons, summary: s.textContent};
}"""


@pytest.mark.parametrize("scheme, layout", [("light", {"viewport": {"width": 1280, "height": 900}}),
                                            ("dark", {"viewport": {"width": 390, "height": 844}, "is_mobile": True})])
@pytest.mark.parametrize("path", ["icehouse/defend/", "diplomacy/adjudicator/"])
def test_rulings_summary_text_is_not_under_an_icon(new_page, site_url, path, scheme, layout):
    """The closed "Rulings" group's summary: no icon Material draws in a summary covers its words."""
    pg = new_page(color_scheme=scheme, **layout)
    pg.goto(site_url + path)
    summary = pg.locator("details.calc-rulings > summary").first
    summary.wait_for(timeout=READY)
    pg.wait_for_function("(document.querySelector('details.calc-rulings > summary')?.textContent || '')"
                         ".includes('Rulings')")
    got = summary.evaluate(SUMMARY_BOXES)
    assert got["text"], got
    for icon in got["icons"]:
        for line in got["text"]:
            apart = (icon["right"] <= line["left"] or icon["left"] >= line["right"]
                     or icon["bottom"] <= line["top"] or icon["top"] >= line["bottom"])
            assert apart, f"{path} ({scheme}): {icon['which']} icon {icon} covers {got['summary']!r} at {line}"


def test_a_wide_tables_caption_wraps_inside_its_frame_on_a_phone(new_page, site_url):
    """A table wider than a phone scrolls in its frame; its caption took the table's width and was cut at the
    screen's edge ("What each reroll is worth (best play; the others play as b"). It wraps at the frame's width."""
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.goto(site_url + "icehouse/defend/")
    page.wait_for_selector("caption", state="attached")
    frames = page.eval_on_selector_all(".calc-table-wrap", """els => els.filter(w => w.checkVisibility()).map(w => {
        const t = w.querySelector(':scope > table'), c = t && t.querySelector(':scope > caption');
        const f = w.getBoundingClientRect(), r = c ? c.getBoundingClientRect() : null;
        return {wide: t.scrollWidth > w.clientWidth + 1, caption: c ? c.textContent : null,
                inside: !r || (r.left >= f.left - 1 && r.right <= f.right + 1)}; })""")
    wide = [f for f in frames if f["wide"] and f["caption"]]
    assert wide, "a table wider than the phone, with a caption, on this page"
    assert all(f["inside"] for f in wide), [f for f in wide if not f["inside"]]
