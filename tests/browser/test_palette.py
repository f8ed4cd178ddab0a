"""The light/dark palette (issue 25): applied as the header is read, with no whole-page restyle on load.

Material's palette component, mounted on every page load, put data-md-color-switching on <body> and took it
off again: a rule in Material's palette CSS matches every element under it, so each was a whole-page style
recalculation (0.1-0.3 s on a long page at a phone's CPU). The site's own toggle (overrides/partials/
javascripts/palette.html, docs/javascripts/palette.js) applies the palette before the page is drawn, and
switches (with transitions off for the switch) only when the reader asks."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

# Every change of the palette attributes on <body>, from the first script on.
RECORD = """window.__bodyChanges = [];
new MutationObserver((list) => {
  for (const m of list) if (m.target === document.body) window.__bodyChanges.push(m.attributeName);
}).observe(document, { attributes: true, subtree: true, attributeFilter:
  ["data-md-color-switching", "data-md-color-scheme", "data-md-color-primary", "data-md-color-accent"] });"""
STATE = """() => ({
  scheme: document.body.getAttribute("data-md-color-scheme"),
  shown: [...document.querySelectorAll("form[data-md-palette] label")].map((l) => !l.hidden),
  theme: document.querySelector("meta[name=theme-color]").content,
  colorScheme: document.querySelector("meta[name=color-scheme]").content,
  header: getComputedStyle(document.querySelector(".md-header")).backgroundColor,
  saved: __md_get("__palette"),
})"""


def _hex(rgb: str) -> str:
    return "#" + "".join(f"{int(v):02x}" for v in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3])


@pytest.mark.parametrize("system,scheme", [("light", "default"), ("dark", "slate")])
def test_the_palette_follows_the_system_and_loads_without_a_switch(new_page, site_url, system, scheme):
    pg = new_page(color_scheme=system)
    pg.add_init_script(RECORD)
    pg.goto(site_url + "diplomacy/")
    pg.wait_for_function("window.document$ && window.__mdPalette")
    pg.wait_for_timeout(500)
    state = pg.evaluate(STATE)
    assert state["scheme"] == scheme
    assert state["shown"] == ([True, False] if scheme == "default" else [False, True])  # the toggle to the other
    assert state["colorScheme"] == ("dark" if scheme == "slate" else "light")
    assert state["theme"] == _hex(state["header"])
    assert state["saved"] is None  # nothing chosen yet: the system's preference still rules
    # Before the body's content was read, the palette was set at most once (the dark one over the HTML's
    # light default); never the switching flag that restyles the whole page.
    changes = pg.evaluate("window.__bodyChanges")
    assert "data-md-color-switching" not in changes, changes
    assert changes == ([] if scheme == "default" else ["data-md-color-scheme"]), changes


def test_the_readers_choice_switches_persists_and_survives_navigation(new_page, site_url):
    pg = new_page(color_scheme="light")
    pg.goto(site_url + "diplomacy/")
    pg.wait_for_function("window.document$ && window.__mdPalette")
    pg.add_script_tag(content=RECORD)
    pg.locator("form[data-md-palette] label:visible").click()
    pg.wait_for_function("!document.body.hasAttribute('data-md-color-switching')")
    state = pg.evaluate(STATE)
    assert state["scheme"] == "slate" and state["shown"] == [False, True] and state["colorScheme"] == "dark"
    assert state["saved"]["index"] == 1 and state["saved"]["color"]["scheme"] == "slate"
    assert "data-md-color-switching" in pg.evaluate("window.__bodyChanges")  # transitions off for the switch
    # Enter on the focused toggle switches back (as in Material).
    pg.locator("#__palette_1").focus()
    pg.keyboard.press("Enter")
    pg.wait_for_function("document.body.getAttribute('data-md-color-scheme') === 'default'")
    pg.locator("form[data-md-palette] label:visible").click()
    pg.wait_for_function("document.body.getAttribute('data-md-color-scheme') === 'slate'")
    # A link followed in place (instant navigation) keeps it, and so does a fresh load, whatever the system.
    pg.evaluate("() => { const a = document.createElement('a'); a.href = 'rules/';"
                " document.body.append(a); a.click(); }")
    pg.wait_for_function("location.pathname.endsWith('/diplomacy/rules/') && document.querySelector('h1')")
    assert pg.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    pg.emulate_media(color_scheme="light")
    pg.goto(site_url + "glossary/")
    pg.wait_for_function("window.__mdPalette")
    assert pg.evaluate(STATE)["scheme"] == "slate"


def test_until_the_reader_chooses_a_change_of_system_preference_is_followed(new_page, site_url):
    pg = new_page(color_scheme="light")
    pg.goto(site_url + "glossary/")
    pg.wait_for_function("window.document$ && window.__mdPalette")
    pg.emulate_media(color_scheme="dark")
    pg.wait_for_function("document.body.getAttribute('data-md-color-scheme') === 'slate'")
    assert pg.evaluate(STATE)["shown"] == [False, True]
