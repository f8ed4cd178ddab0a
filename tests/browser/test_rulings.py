"""Switchable rulings in the page (issue 19): the closed "Rulings" group, a reading carried by links and
saved states, the note on the site's reading, the reading cited as a link, and the comparison view."""
from __future__ import annotations

import re

import pytest

import calculators

pytestmark = pytest.mark.browser
WIDGET = "#calc-aqmf-explosion"
READY = 90_000  # ms: a cold Pyodide start, on a loaded machine
BASE = {"target": "boc-infantry", "target_elements": "1"}


def wait_done(page):
    # The explosion widget is far down the tripods page: set up as the reader nears it (widgets.js).
    page.locator(WIDGET).scroll_into_view_if_needed()
    page.wait_for_selector(f"{WIDGET}[data-state=done]", timeout=READY)


def wait_summary(page, text: str):
    page.wait_for_function("([w, t]) => (document.querySelector(w + ' .calc-summary')?.textContent || '') === t",
                           arg=[WIDGET, text], timeout=READY)


def rulings_summary(page) -> str:
    return page.locator(f"{WIDGET} details.calc-rulings > summary").inner_text()


def test_the_rulings_group_is_closed_names_the_readings_and_carries_a_choice(page, site_url):
    page.goto(site_url + "aqmf/tripods/")
    wait_done(page)
    group = page.locator(f"{WIDGET} details.calc-rulings")
    assert group.get_attribute("open") is None, "the Rulings group starts closed"
    assert rulings_summary(page) == "Rulings: the site's readings"
    group.locator("summary").click()
    page.locator(f"{WIDGET}-target_elements").fill("1")
    page.select_option(f"{WIDGET}-aqmf_r14", "automatic-hits")
    want = calculators.run("aqmf-explosion", {**BASE, "aqmf_r14": "automatic-hits"})
    wait_summary(page, want["summary"])
    # A reading is named by its label, never by its id (issue 24).
    assert rulings_summary(page) == "Rulings: AQMF R14: The attacks hit automatically (not the site's)"
    notes = page.locator(f"{WIDGET} .calc-notes").inner_text()
    assert "Worked out under AQMF R14: The attacks hit automatically, not the site's reading" in notes
    # The reading used is cited, and the citation lands on the reading's anchor on the rulings page.
    # It is shown by its label, not its id, with the readings the player chose, outside the folded site's ones.
    cite = page.locator(f"{WIDGET} p.calc-rules a", has_text="AQMF R14: The attacks hit automatically")
    assert cite.get_attribute("href").endswith("aqmf/rulings/#aqmf-r14-automatic-hits")
    page.wait_for_function("location.hash.includes('aqmf_r14=automatic-hits')", timeout=READY)
    link = page.url

    # A shared link carries the reading: a fresh page opens with it chosen and the same result.
    other = page.context.new_page()
    other.goto(link)
    other.wait_for_selector(f"{WIDGET}[data-state=done]", timeout=READY)
    wait_summary(other, want["summary"])
    assert other.locator(f"{WIDGET}-aqmf_r14").input_value() == "automatic-hits"
    assert rulings_summary(other) == "Rulings: AQMF R14: The attacks hit automatically (not the site's)"

    # A saved state carries it too.
    page.locator(f"{WIDGET} .calc-save").click()
    page.locator(f"{WIDGET} .calc-reset").click()
    page.wait_for_function("document.querySelector('#calc-aqmf-explosion-aqmf_r14').value === 'roll-to-hit'")
    assert rulings_summary(page) == "Rulings: the site's readings"
    page.locator(f"{WIDGET} .calc-restore").click()
    page.wait_for_function("document.querySelector('#calc-aqmf-explosion-aqmf_r14').value === 'automatic-hits'")
    wait_summary(page, want["summary"])

    # And the citation leads to the reading, in the ruling's own box.
    cite.click()
    # The page lands on the reading; Material's anchor tracking may then rewrite the address to the
    # enclosing section's anchor as the page settles, so what is checked is where the reader is.
    page.wait_for_url(re.compile(r".*/aqmf/rulings/#.+$"), timeout=READY)
    target = page.locator("#aqmf-r14-automatic-hits")
    page.wait_for_function("""() => { const e = document.querySelector('#aqmf-r14-automatic-hits');
        if (!e) return false;  // instant navigation: the address changes before the content
        const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }""", timeout=READY)
    assert target.inner_text() == "AQMF R14: automatic-hits"
    assert "(the site's reading)" in page.locator("li:has(#aqmf-r14-roll-to-hit)").inner_text()


def test_the_comparison_view_sets_every_reading_side_by_side(page, site_url):
    page.goto(site_url + "aqmf/tripods/#calc=aqmf-explosion&target=boc-infantry&target_elements=1&dug_in=true")
    wait_done(page)
    page.locator(f"{WIDGET} .calc-compare-readings").click()
    page.wait_for_selector(f"{WIDGET} .calc-compare[data-state=done]", timeout=READY)
    want = calculators.run("aqmf-explosion", {**BASE, "dug_in": "true", "compare_readings": True})
    table = page.locator(f"{WIDGET} .calc-compare table.calc-table")
    heads = [h.strip() for h in table.locator("thead th").all_inner_texts()]
    assert heads == want["tables"][0]["columns"]
    # Only the readings that change something have a column, named by their labels; the others are listed.
    assert heads[1:] == ["The site's readings", "AQMF R14: The attacks hit automatically",
                         "AQMF R14: Dug in does not count"]
    assert "The same result as the site's readings under AQMF R5: Always by a lucky hit; AQMF R5: A 10 always " \
           "succeeds." in page.locator(f"{WIDGET} .calc-compare").inner_text()
    marked = table.locator("tbody tr.calc-marked")
    assert marked.count() == sum(want["tables"][0]["marked"]) > 0
    assert marked.first.locator(".calc-mark").inner_text() == "differs"
    # Changing a field marks the comparison as out of date; Close hides it.
    page.locator(f"{WIDGET}-target_elements").fill("2")
    page.wait_for_selector(f"{WIDGET} .calc-compare-body[data-stale]", timeout=READY)
    assert "press Compare readings again" in page.locator(f"{WIDGET} .calc-compare .calc-stale-note").inner_text()
    page.locator(f"{WIDGET} .calc-compare-close").click()
    assert page.locator(f"{WIDGET} .calc-compare").is_hidden()


def test_an_error_a_reading_causes_names_the_reading(page, site_url):
    # COM R3 counting the whole personal pool cannot work out two players who both committed more dice than
    # the fewest: the error stands at the reading's own field, in words, and opens the Rulings group there.
    page.goto(site_url + "icehouse/defend/#calc=com-defend&p1=S%3D2%20dice%3Dd6%2Cd6%20home%3D1"
              "&p2=S%3D2%20dice%3Dd6%2Cd6%20home%3D1&p3=S%3D1%20dice%3Dd6&com_r3=whole-pool")
    err = page.locator("#calc-com-defend-com_r3-error")
    err.wait_for(state="visible", timeout=READY)
    assert "when ruling COM R3 counts the whole personal pool" in err.inner_text()
    assert "whole-pool" not in err.inner_text()



def test_a_bad_reading_in_a_link_opens_the_rulings_group_at_its_message(page, site_url):
    page.goto(site_url + "aqmf/tripods/#calc=aqmf-tow-cable&aqmf_r17=sometimes")
    bad = page.locator("#calc-aqmf-tow-cable-aqmf_r17-error")
    bad.wait_for(state="visible", timeout=READY)
    assert "must be one of" in bad.inner_text()
    assert page.locator("#calc-aqmf-tow-cable details.calc-rulings").get_attribute("open") is not None


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)], ids=["1280", "390"])
def test_a_link_to_a_ruling_keeps_the_address_on_it_when_the_reader_scrolls(new_page, site_url, size):
    """A rule's link (a ruling's, followed from the rules by instant navigation) lands with the ruling clear of
    the header, and the first scroll leaves the address on that ruling: Material's anchor tracking had rewritten
    it to the ruling before (a shared link to DIP R3 opened DIP R2), because the badge's own scroll margin
    stopped it just short of Material's line for a passed anchor."""
    page = new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(site_url + "diplomacy/rules/")
    link = page.locator("article a[href$='rulings/#dip-r3']").first
    link.scroll_into_view_if_needed()
    link.click()
    page.wait_for_url(re.compile(r".*/diplomacy/rulings/#dip-r3$"))
    # The address changes before instant navigation has put the new page in: wait for the ruling itself.
    page.wait_for_function("() => { const e = document.getElementById('dip-r3'); if (!e) return false;"
                           " const r = e.getBoundingClientRect(); return r.top > 0 && r.bottom < innerHeight; }",
                           timeout=15_000)
    page.wait_for_timeout(300)  # the landing scroll settles
    header = page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
    assert page.evaluate("document.getElementById('dip-r3').getBoundingClientRect().top") >= header
    page.mouse.move(size[0] / 2, size[1] / 2)
    page.mouse.wheel(0, 1)
    page.wait_for_timeout(600)  # Material's tracking answers a scroll within a frame or two
    assert page.evaluate("location.hash") == "#dip-r3"
