"""Conquest of Mars readings in the page (issue 19): COM R1, COM R2 and COM R3 carried by a share link and a
saved state on the Defend page, each shown in the closed "Rulings" group and cited by the result."""
from __future__ import annotations

import pytest

import calculators

pytestmark = pytest.mark.browser
WIDGET = "#calc-com-defend"
READY = 90_000  # ms: a cold Pyodide start, on a loaded machine
# A Defend in which each reading counts: a d10, a medium's reroll, a player with a die at home.
PARAMS = {"p1": "S=2 dice=d6,d6 home=1", "p2": "M=1 dice=d10 home=1", "policy": "best"}
CHOSEN = {"com_r1": "literal", "com_r2": "hidden", "com_r3": "whole-pool"}


def wait_summary(page, text: str):
    page.wait_for_function("([w, t]) => (document.querySelector(w + ' .calc-summary')?.textContent || '') === t",
                           arg=[WIDGET, text], timeout=READY)


def link(site_url: str, params: dict) -> str:
    from urllib.parse import urlencode
    return site_url + "icehouse/defend/#" + urlencode({"calc": "com-defend", **params})


def rulings_summary(page) -> str:
    return page.locator(f"{WIDGET} details.calc-rulings > summary").inner_text()


def test_a_share_link_and_a_saved_state_carry_the_com_readings(page, site_url):
    want = calculators.run("com-defend", {**PARAMS, **CHOSEN})
    site = calculators.run("com-defend", PARAMS)
    assert want["ok"] and site["ok"] and want["summary"] != site["summary"], "the readings change this Defend"

    page.goto(link(site_url, {**PARAMS, **CHOSEN}))
    page.wait_for_selector(f"{WIDGET}[data-state=done]", timeout=READY)
    wait_summary(page, want["summary"])
    for key, reading in CHOSEN.items():
        assert page.locator(f"{WIDGET}-{key}").input_value() == reading
    assert rulings_summary(page) == ("Rulings: COM R1: A d10 counts 0 to 9; COM R2: Dice stay hidden until step 3; "
                                     "COM R3: The whole personal pool (not the site's)")
    assert page.locator(f"{WIDGET} details.calc-rulings").get_attribute("open") is None
    for cited in ("COM R1: literal", "COM R2: hidden", "COM R3: whole-pool"):
        anchor = "icehouse/rulings/#" + cited.lower().replace(":", "").replace(" ", "-")
        cite = page.locator(f'{WIDGET} p.calc-rules a[href$="{anchor}"]')
        # shown by its ruling and label ("COM R2: Dice stay hidden until step 3"), never its id
        assert cite.inner_text() == want["readings"]["cited"][cited] != cited

    # Saved in this browser, then back to the site's readings, then restored: the readings come back.
    page.locator(f"{WIDGET} .calc-save").click()
    page.locator(f"{WIDGET} .calc-reset").click()
    page.wait_for_function("document.querySelector('#calc-com-defend-com_r2').value === 'open'", timeout=READY)
    assert rulings_summary(page) == "Rulings: the site's readings"
    page.locator(f"{WIDGET} .calc-restore").click()
    page.wait_for_function("document.querySelector('#calc-com-defend-com_r3').value === 'whole-pool'",
                           timeout=READY)
    wait_summary(page, want["summary"])
    assert page.locator(f"{WIDGET}-com_r1").input_value() == "literal"

    # Switching one reading back in the form updates the link it shares.
    page.locator(f"{WIDGET} details.calc-rulings > summary").click()
    page.select_option(f"{WIDGET}-com_r2", "open")
    want_open = calculators.run("com-defend", {**PARAMS, **CHOSEN, "com_r2": "open"})
    wait_summary(page, want_open["summary"])
    page.wait_for_function("location.hash.includes('com_r2=open') && location.hash.includes('com_r3=whole-pool')",
                           timeout=READY)
