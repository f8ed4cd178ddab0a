"""The virus-check widget, end to end in a real browser (issue 2's browser checks)."""
from __future__ import annotations

import re

import pytest

import calculators

pytestmark = pytest.mark.browser
WIDGET = "#calc-wotw-virus"
READY = 90_000  # ms: a cold Pyodide start takes about 5 s here; generous for a loaded CI machine


def summary(page) -> str:
    return page.locator(f"{WIDGET} .calc-summary").inner_text()


def wait_done(page):
    page.wait_for_selector(f"{WIDGET}[data-state=done]", timeout=READY)


def set_field(page, name: str, value: str):
    page.locator(f"{WIDGET}-{name}").fill(value)


def test_prerendered_result_before_pyodide_then_live(page, site_url):
    page.goto(site_url + "wotw/virus/", wait_until="domcontentloaded")
    expected = calculators.run("wotw-virus", {"year": "1904", "season": "spring", "largest": "6"})["summary"]
    # The static result is in the HTML itself: readable before the engine has started.
    assert summary(page) == expected
    assert page.locator(WIDGET).get_attribute("data-state") in (None, "running")
    wait_done(page)
    set_field(page, "destroyed", "11")
    page.wait_for_function("(document.querySelector('#calc-wotw-virus .calc-summary')?.textContent || '')"
                           ".includes('only 11')",
                           timeout=READY)
    assert "destroyed=11" in page.url
    want = calculators.run("wotw-virus", {"year": "1904", "season": "spring", "largest": "6",
                                          "destroyed": "11"})["summary"]
    assert summary(page) == want


def test_shared_link_restores_the_result(page, site_url):
    url = site_url + "wotw/virus/#calc=wotw-virus&year=1903&season=fall&destroyed=10&largest=5" + \
        "&austria=&england=&france=&germany=&italy=&russia=&turkey="
    page.goto(url)
    wait_done(page)
    want = calculators.run("wotw-virus", {"year": "1903", "season": "fall", "destroyed": "10", "largest": "5",
                                          **{p: "" for p in ("austria", "england", "france", "germany", "italy",
                                                              "russia", "turkey")}})
    assert summary(page) == want["summary"]
    assert page.locator(f"{WIDGET}-destroyed").input_value() == "10"
    page.reload()
    wait_done(page)
    assert summary(page) == want["summary"]


def test_widget_survives_instant_navigation(page, site_url):
    page.goto(site_url + "wotw/virus/")
    wait_done(page)
    page.evaluate("window.__sameTab = true; window.__engine = window.martianEngine.worker")
    page.locator("article a[href*='rulings/#wotw-r1']").first.click()
    page.wait_for_url(re.compile(r".*/wotw/rulings/.*"), wait_until="commit")
    page.go_back()
    # Set up again before a field is typed in (a fresh clone's run, under load, typed into the form in the moment
    # between its being drawn and the widget's set-up, which then filled it again: the 9 never counted).
    wait_done(page)
    # Instant navigation: no page reload, and the one Pyodide worker is still the same.
    assert page.evaluate("window.__sameTab === true && window.__engine === window.martianEngine.worker")
    set_field(page, "destroyed", "9")
    page.wait_for_function("(document.querySelector('#calc-wotw-virus .calc-summary')?.textContent || '')"
                           ".includes('only 9')",
                           timeout=READY)


def test_a_key_typed_as_soon_as_the_form_takes_keys_counts(page, site_url):
    """The form (the early one, adopted) took keys one task before the widget filled in the page's values, which
    then wrote over what was typed (a fresh clone's run lost a typed 9 after Back). It is inert until then: a
    value typed the moment it stops being inert is the one worked out."""
    page.goto(site_url + "wotw/virus/")
    wait_done(page)
    page.locator("article a[href*='rulings/#wotw-r1']").first.click()
    page.wait_for_url(re.compile(r".*/wotw/rulings/.*"), wait_until="commit")
    page.evaluate("""() => { window.__typed = false;
      new MutationObserver((records) => { for (const r of records) {
        const f = r.target;
        if (window.__typed || f.tagName !== 'FORM' || f.inert || !f.closest('#calc-wotw-virus')) continue;
        const box = f.querySelector('#calc-wotw-virus-destroyed');
        box.value = '9'; box.dispatchEvent(new Event('input', {bubbles: true})); window.__typed = true; } })
        .observe(document.documentElement, {attributes: true, attributeFilter: ['inert'], subtree: true}); }""")
    page.go_back()
    page.wait_for_function("window.__typed === true", timeout=READY)
    page.wait_for_function("(document.querySelector('#calc-wotw-virus .calc-summary')?.textContent || '')"
                           ".includes('only 9')",
                           timeout=READY)
    assert page.locator(f"{WIDGET}-destroyed").input_value() == "9"


def test_bad_input_shows_a_readable_error_and_the_widget_stays_usable(page, site_url):
    page.goto(site_url + "wotw/virus/")
    wait_done(page)
    before = summary(page)
    set_field(page, "year", "abc")
    err = page.locator(f"{WIDGET}-year-error")
    err.wait_for(state="visible", timeout=READY)
    assert "Year" in err.inner_text() and "whole number" in err.inner_text()
    assert summary(page) == before, "the last good result stays on screen"
    set_field(page, "destroyed", "8")
    set_field(page, "year", "1905")
    page.wait_for_function("document.querySelector('#calc-wotw-virus-year-error').hidden", timeout=READY)
    wait_done(page)
    want = calculators.run("wotw-virus", {"year": "1905", "season": "spring", "largest": "6",
                                          "destroyed": "8"})["summary"]
    assert summary(page) == want


def test_hostile_hash_is_shown_as_text_and_runs_nothing(page, site_url):
    hostile = ("#calc=wotw-virus&year=%3Cimg%20src%3Dx%20onerror%3D%22window.pwned%3D1%22%3E"
               "&season=%3Cscript%3Ewindow.pwned%3D2%3C%2Fscript%3E")
    page.goto(site_url + "wotw/virus/" + hostile)
    err = page.locator(f"{WIDGET} .calc-field-error:not([hidden])").first
    err.wait_for(timeout=READY)
    assert "<img" in page.locator(f"{WIDGET}-year").input_value()
    assert page.evaluate("window.pwned") is None
    assert page.locator(f"{WIDGET} img, {WIDGET} script").count() == 0
    assert "<img" in err.inner_text() or "<script" in err.inner_text() or "whole number" in err.inner_text()


def test_prerendered_result_with_javascript_off(browser, site_url):
    context = browser.new_context(java_script_enabled=False)
    pg = context.new_page()
    pg.goto(site_url + "wotw/virus/")
    assert "Virus now active" in pg.locator(f"{WIDGET} .calc-summary").inner_text()
    assert pg.locator(f"{WIDGET} table.calc-table").count() == 1
    context.close()


def test_save_and_restore_in_this_browser(page, site_url):
    page.goto(site_url + "wotw/virus/")
    wait_done(page)
    set_field(page, "destroyed", "15")
    page.wait_for_function("(document.querySelector('#calc-wotw-virus .calc-summary')?.textContent || '')"
                           ".includes('15')")
    page.locator(f"{WIDGET} .calc-save").click()
    assert "Saved in this browser" in page.locator(f"{WIDGET} .calc-status").inner_text()
    set_field(page, "destroyed", "3")
    page.wait_for_function("(document.querySelector('#calc-wotw-virus .calc-summary')?.textContent || '')"
                           ".includes('only 3')")
    page.locator(f"{WIDGET} .calc-restore").click()
    page.wait_for_function("document.querySelector('#calc-wotw-virus-destroyed').value === '15'")
    page.wait_for_function("(document.querySelector('#calc-wotw-virus .calc-summary')?.textContent || '')"
                           ".includes('15')")


def test_back_undoes_a_reset(page, site_url):
    """Nothing lost at the table: a step that replaces the fields (Reset, Load, Continue, a file) is
    its own history entry, so the browser's Back brings the fields back."""
    page.goto(site_url + "wotw/virus/")
    wait_done(page)
    set_field(page, "destroyed", "17")
    page.wait_for_function("(document.querySelector('#calc-wotw-virus .calc-summary')?.textContent || '')"
                           ".includes('17')")
    page.locator(f"{WIDGET} .calc-reset").click()
    page.wait_for_function("document.querySelector('#calc-wotw-virus-destroyed').value === '12'")
    page.wait_for_function("location.hash.includes('destroyed=12')")
    page.go_back()
    page.wait_for_function("document.querySelector('#calc-wotw-virus-destroyed').value === '17'", timeout=30_000)
    page.wait_for_function("(document.querySelector('#calc-wotw-virus .calc-summary')?.textContent || '')"
                           ".includes('17')",
                           timeout=30_000)
    assert "Restored from the address bar" in page.locator(f"{WIDGET} .calc-status").inner_text()


def _count_errors(page, widget: str):
    """Count from now each run that ends in an error (data-state becomes "error" again)."""
    page.evaluate("""(sel) => { const w = document.querySelector(sel); window.__errorRuns = 0;
        new MutationObserver(() => { if (w.dataset.state === 'error') window.__errorRuns++; })
            .observe(w, {attributes: true, attributeFilter: ['data-state']}); }""", widget)


def test_a_value_wrong_on_its_own_stays_on_its_field_and_is_no_conflict(page, site_url):
    """A value the player typed earlier that is wrong on its own ("x" in a number box) keeps its error
    on its own field; changing another field does not call that change a conflict."""
    reroll = "#calc-com-reroll"
    page.goto(site_url + "icehouse/defend/")
    page.locator(reroll).scroll_into_view_if_needed()  # set up as the reader nears it (widgets.js)
    page.wait_for_selector(f"{reroll}[data-state=done]", timeout=READY)
    page.locator(f"{reroll}-turn").fill("x")
    turn_err = page.locator(f"{reroll}-turn-error")
    turn_err.wait_for(state="visible", timeout=READY)
    _count_errors(page, reroll)
    page.locator(f"{reroll}-left").fill("1")
    page.wait_for_function("window.__errorRuns >= 1", timeout=READY)
    left_err = page.locator(f"{reroll}-left-error")
    assert left_err.is_hidden() and left_err.inner_text() == "", left_err.inner_text()
    assert turn_err.is_visible()
    assert turn_err.inner_text() == "Player rerolling now: must be a whole number (got 'x')."
    assert page.locator(f"{reroll}-turn").get_attribute("aria-invalid") == "true"
    assert "conflicts with" not in page.locator(reroll).inner_text()


def test_a_change_that_contradicts_another_field_says_so_once(page, site_url):
    """A change valid on its own that contradicts another field: the message is on that field, and the
    changed one says it conflicts with it, naming it once."""
    reroll = "#calc-com-reroll"
    page.goto(site_url + "icehouse/defend/")
    page.locator(reroll).scroll_into_view_if_needed()  # set up as the reader nears it (widgets.js)
    page.wait_for_selector(f"{reroll}[data-state=done]", timeout=READY)
    assert page.locator(f"{reroll}-left").input_value() == "2"
    page.locator(f"{reroll}-turn").fill("1")  # player 1 (S=2) has no rerolls at all (COM 6.3)
    left_err = page.locator(f"{reroll}-left-error")
    left_err.wait_for(state="visible", timeout=READY)
    assert left_err.inner_text() == "Player 1 has 0 rerolls in all (COM 6.3), not 2."
    assert page.locator(f"{reroll}-turn-error").inner_text() == (
        "This change conflicts with Rerolls left: Player 1 has 0 rerolls in all (COM 6.3), not 2.")
    # A later change elsewhere did not cause it: no pointer there, the message stays where it belongs.
    _count_errors(page, reroll)
    page.evaluate("(w) => { document.querySelector(w + ' details.calc-more').open = true; }", reroll)
    page.locator(f"{reroll}-seed").fill("7")
    page.wait_for_function("window.__errorRuns >= 1", timeout=READY)
    assert page.locator(f"{reroll}-seed-error").inner_text() == ""
    assert left_err.inner_text() == "Player 1 has 0 rerolls in all (COM 6.3), not 2."


def test_a_widget_set_up_later_does_not_say_it_needs_javascript(page, site_url):
    """Only a page's first widget lays its form out as the page is read; the others are set up as the reader nears
    them. Until then they said "the live calculator needs JavaScript", with JavaScript running (a new player read
    it under the board). They say the calculator is starting; with JavaScript off they still say it needs it."""
    page.goto(site_url + "aqmf/fire-plan/")
    page.wait_for_selector("#calc-aqmf-fire-plan[data-ready]", timeout=READY)
    later = page.evaluate("""() => [...document.querySelectorAll('.calc-widget:not([data-ready])')]
      .map((w) => [w.id, w.querySelector('.calc-status').textContent])""")
    assert len(later) >= 2, later
    assert all(text == "Starting the calculator…" for _, text in later), later


def test_a_later_widget_of_the_same_calculator_does_not_take_the_link_the_first_wrote(page, site_url):
    """aqmf/fire-plan has two fire plans. Changing the first writes its link into the address bar; the second, set
    up as the reader scrolled to it, read that link as its own: it showed the first's values and said "Opened from
    a link" (a new player). A link is the page's first widget of its calculator's."""
    page.goto(site_url + "aqmf/fire-plan/")
    page.wait_for_selector("#calc-aqmf-fire-plan[data-ready]", timeout=READY)
    page.locator("#calc-aqmf-fire-plan-attackers-0-elements").fill("2")
    page.wait_for_function("location.hash.includes('calc=aqmf-fire-plan')", timeout=10_000)
    page.locator("#calc-aqmf-fire-plan-2").scroll_into_view_if_needed()
    page.wait_for_selector("#calc-aqmf-fire-plan-2[data-ready]", timeout=READY)
    page.wait_for_timeout(500)
    status = page.locator("#calc-aqmf-fire-plan-2 .calc-status").text_content()
    assert "link" not in status, status
    assert not page.evaluate("document.querySelector('#calc-aqmf-fire-plan-2').classList.contains('calc-restored')")
