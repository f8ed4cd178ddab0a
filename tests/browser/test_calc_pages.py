"""A page of its own for every calculator (issue 24): its form on the first phone screen, an input
error that puts the old result away, and a print that drops fraction columns and keeps maps and
tables whole."""
from __future__ import annotations

import re

import pytest

import calculators

from tests.browser.instant import follow_link

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
READY = 90_000
# A form's first control. On a board (the adjudicators, issue 23) that is a unit on the map: on a phone
# the map comes first and a tap on a unit gives its orders, written into the orders box below the map.
FIELD = ":is(input:not([type=hidden]), select, textarea, svg.dip-board .orderable)"
# Before the engine has drawn the live map, the board shows the page's own map in its place, not yet
# clickable (issue 25: nothing moves when the live one arrives): its map is then what the player sees first,
# and counts as on the first screen when its upper half is.
WAITING_MAP = ".board-map:not(:has(.orderable)) > svg.dip-board"


def _first_field_box(pg, cid):
    """The first field of the calculator's form (or the first unit on its board; or the upper half of a board's
    map not yet live), where the page shows it (its top and bottom, px)."""
    return pg.evaluate("""([id, field, waiting]) => {
        const f = document.querySelector(`#calc-${id} form ${field}`);
        const m = document.querySelector(`#calc-${id} form ${waiting}`);
        if (!f && !m) return null;
        const r = (m || f).getBoundingClientRect();
        const bottom = m ? r.top + r.height / 2 : r.bottom;
        return {top: r.top, bottom, height: bottom - r.top, scrollY};
    }""", [cid, FIELD, WAITING_MAP])


def _off_screen(box) -> bool:
    return not (box and box["scrollY"] == 0 and box["height"] > 0 and box["top"] >= 0 and box["bottom"] <= 844)


def test_every_calculators_own_page_has_its_first_field_on_the_first_phone_screen(new_page, site_url):
    """At 390 x 844 each catalog entry's page shows its first field without scrolling: as the page is
    first drawn (the early form, on a full load) and once the live form has replaced it (reached by
    instant navigation, the engine kept)."""
    pg = new_page(**PHONE)
    catalog = calculators.catalog()
    assert len(catalog) >= 28
    urls = {c["id"]: site_url + c["page"].removesuffix(".md") + "/" for c in catalog}
    low = {}
    for cid, url in urls.items():
        pg.goto(url, wait_until="domcontentloaded")
        box = _first_field_box(pg, cid)
        if _off_screen(box):
            low[f"{cid} (first drawn)"] = box
    pg.goto(site_url)
    for cid, url in urls.items():
        follow_link(pg, url)
        # A board draws its map from a run of its own, after the widget's first result: wait for it too.
        pg.wait_for_selector(f"#calc-{cid}:is([data-state=done], [data-state=waiting])"
                             ":not(:has(.calc-board:not([data-state=ready])))", timeout=READY)
        box = _first_field_box(pg, cid)
        if _off_screen(box):
            low[f"{cid} (live)"] = box
    assert not low, f"first field not on the first 390 x 844 screen: {low}"


# -- input errors --------------------------------------------------------------------------------

def _open(pg, site_url, cid):
    pg.goto(site_url + f"calculators/{cid}/")
    pg.wait_for_selector(f"#calc-{cid}[data-state=done]", timeout=READY)


def test_the_home_page_opens_the_adjudicator_and_the_calculators_from_its_first_phone_screen(new_page, site_url):
    """A new player found the calculators two screens down the home page on a phone: its first screen links the
    adjudicator and the list of calculators, and each link opens its page."""
    pg = new_page(**PHONE)
    pg.goto(site_url)
    for name, path in (("Adjudicate orders", "diplomacy/adjudicator/"), ("All calculators", "calculators/")):
        link = pg.get_by_role("link", name=name, exact=True).first
        box = link.bounding_box()
        assert box and box["y"] + box["height"] <= 844, (name, box)
        assert link.get_attribute("href").rstrip("/").endswith(path.rstrip("/")), link.get_attribute("href")
    pg.get_by_role("link", name="All calculators", exact=True).first.click()
    pg.wait_for_url(site_url + "calculators/")


def test_a_conquest_of_mars_force_error_puts_the_old_result_away(page, site_url):
    """After an input error the old result is not on show (issue 24: it stayed); the note says why,
    and the next good input brings a result back."""
    w = "#calc-com-defend"
    _open(page, site_url, "com-defend")
    before = page.locator(f"{w} .calc-summary").inner_text()
    text = page.locator(f"{w} .calc-kv-text input").first  # a force as text, under "... or as text"
    good = text.input_value()
    if not text.is_visible():
        page.locator(f"{w} .calc-kv-more:has(.calc-kv-text input) > summary").first.click()
    text.fill("S=1 M=1 dice=d8,zz")
    page.wait_for_selector(f"{w}[data-state=error]", timeout=30_000)
    assert page.locator(f"{w} .calc-result").get_attribute("data-stale") == "error"
    assert page.locator(f"{w} .calc-output").is_hidden()
    note = page.locator(f"{w} .calc-stale-note:not(.calc-compare *)")
    assert "no result until it is fixed" in note.inner_text()
    assert page.locator(f"{w} .calc-field-error:not([hidden])").first.is_visible()
    text.fill(good)
    page.wait_for_selector(f"{w}[data-state=done]", timeout=30_000)
    assert page.locator(f"{w} .calc-output").is_visible()
    assert page.locator(f"{w} .calc-summary").inner_text() == before
    assert note.is_hidden()


# -- print -----------------------------------------------------------------------------------------

def _style(pg, selector, prop):
    return pg.eval_on_selector(selector, "(e, p) => getComputedStyle(e).getPropertyValue(p)", prop)


def test_print_drops_fraction_columns_and_keeps_tables_and_maps_whole(page, site_url):
    """On paper: no exact fractions (a chance is its percentage and "1 in N"; the fraction, folded
    in the cell on screen, is left off), tables and the board's map whole and within the page."""
    page.goto(site_url + "calculators/aqmf-fire-plan/")
    page.wait_for_selector("#calc-aqmf-fire-plan[data-state=done]", timeout=READY)
    table = page.locator("#calc-aqmf-fire-plan table.calc-table").filter(
        has=page.locator("caption", has_text="Tripod after the turn")).first
    heads = table.locator("thead th")
    assert heads.all_inner_texts() == ["State", "Chance"]
    cell = table.locator("tbody tr").first.locator("td").nth(1)
    frac = cell.locator("details.calc-frac")
    assert frac.is_visible()  # on screen: the fraction's toggle is there to open
    page.emulate_media(media="print")
    assert not frac.is_visible()
    assert heads.nth(0).is_visible() and heads.nth(1).is_visible()
    assert cell.locator(".calc-pct").is_visible() and all(o.is_visible() for o in cell.locator(".calc-odds").all())
    assert "/" not in cell.inner_text()
    assert page.locator("#calc-aqmf-fire-plan details.calc-exact").first.is_hidden()
    assert table.evaluate("(e) => getComputedStyle(e).breakInside") == "avoid"
    # A map: the adjudicator's board (the result is drawn on it), printed, one piece on one sheet.
    page.emulate_media(media="screen")
    page.goto(site_url + "calculators/dip-adjudicate/")
    page.wait_for_selector("#calc-dip-adjudicate .calc-board[data-state=ready] figure.board-map > svg.dip-board",
                           timeout=READY)
    # The board opens waiting for orders (issue 23): adjudicated, it has a result to print.
    page.locator("#calc-dip-adjudicate button", has_text="Adjudicate").first.click()
    page.wait_for_selector("#calc-dip-adjudicate[data-state=done] .calc-summary", timeout=READY)
    board_map = page.locator("#calc-dip-adjudicate figure.board-map")
    page.emulate_media(media="print")
    assert board_map.is_visible()
    assert _style(page, "#calc-dip-adjudicate figure.board-map", "break-inside") == "avoid"
    # Nothing of it cut off or scrolled away at the page's width.
    assert board_map.evaluate("(f) => f.scrollWidth <= f.clientWidth")
    # The result prints under it; the order boxes and buttons do not.
    assert page.locator("#calc-dip-adjudicate .calc-summary").first.is_visible()
    assert page.locator("#calc-dip-adjudicate textarea:visible, #calc-dip-adjudicate button:visible").count() == 0


def test_a_page_read_in_the_dark_palette_prints_in_the_light_one(new_page, site_url):
    """Printed from the dark palette, the title and the rules lists were pale grey on white and the board's map a
    dark sheet (a new player): as the print starts the page takes the light palette, and gives it back after."""
    page = new_page(color_scheme="dark")
    page.goto(site_url + "calculators/dip-adjudicate/")
    page.wait_for_selector("#calc-dip-adjudicate .calc-board[data-state=ready] figure.board-map > svg.dip-board",
                           timeout=READY)
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
    page.emulate_media(media="print")
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    assert page.evaluate("document.body.dataset.mdColorScheme") == "default"
    dark_text = page.evaluate("""() => { const [r, g, b] = getComputedStyle(document.querySelector('h1'))
      .color.match(/\\d+/g).map(Number); return r + g + b < 200; }""")
    assert dark_text, "the title prints dark on the white page"
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    page.emulate_media(media="screen")
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"


def test_a_printed_result_says_which_inputs_it_is_for(page, site_url):
    """The form does not print: a printed answer said "Tripod destroyed or exploded: 3.6%" with no word of the
    shooter, target or range (a new player). As the print starts each result gets a line of its inputs."""
    page.goto(site_url + "calculators/aqmf-heat-ray/")
    w = "#calc-aqmf-heat-ray"
    page.wait_for_selector(f"{w}[data-state=done] .calc-summary", timeout=READY)
    labels = page.locator(f"{w} .calc-form label[for]").all_inner_texts()
    page.emulate_media(media="print")
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    line = page.locator(f"{w} .calc-result > .calc-print-inputs")
    assert line.is_visible()
    text = line.inner_text()
    assert text.startswith("For ") and sum(label.strip() + ": " in text for label in labels) >= 2, (text, labels)
    assert page.locator(f"{w} .calc-form").is_hidden()
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    page.emulate_media(media="screen")
    assert line.count() == 0


# Every row of the list of calculators: its cells' boxes (px), and the page's width against the screen's.
CATALOG_ROWS = """() => {
  const rows = [...document.querySelectorAll('.calc-catalog tbody tr')];
  return {width: innerWidth, scroll: document.documentElement.scrollWidth,
          rows: rows.map(tr => [...tr.cells].map(td => {
            const r = td.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, width: r.width};
          }))};
}"""


def test_short_fractions_are_folded_on_screen_and_left_off_in_print(page, site_url):
    """Issue 24: a chance reads "40% · 1 in 2.5" with its exact fraction ("2/5", however short) shown only on
    request, behind the cell's "exact"; on paper the fraction is not printed at all."""
    page.goto(site_url + "calculators/aqmf-heat-ray/")
    w = "#calc-aqmf-heat-ray"
    page.wait_for_selector(f"{w}[data-state=done] .calc-output table.calc-table", timeout=READY)
    cells = page.locator(f"{w} .calc-output table.calc-table td:has(.calc-odds)")
    assert cells.count() >= 4
    texts = cells.all_inner_texts()
    assert not any(re.search(r"\d/\d", t) for t in texts), texts  # no fraction shown unasked
    first = cells.first
    toggle = first.locator("details.calc-frac")
    assert toggle.is_visible() and not toggle.locator("code").is_visible()
    toggle.locator("summary").click()
    assert re.fullmatch(r"\d+/\d+", toggle.locator("code").inner_text())  # on request: the exact fraction
    page.emulate_media(media="print")
    assert not toggle.is_visible()
    table_text = " ".join(page.locator(f"{w} .calc-output > .calc-table-wrap > table.calc-table").all_inner_texts())
    assert not re.search(r"\d/\d", table_text), table_text
    assert first.locator(".calc-pct").is_visible() and first.locator(".calc-odds").is_visible()
    page.emulate_media(media="screen")


@pytest.mark.parametrize("path", ["calculators/", ""])
def test_the_list_of_calculators_reads_as_cards_on_a_phone_and_as_a_table_when_wide(browser, new_page, site_url, path):
    """A new player found the list's four columns squeezed on a phone ("What it answers" a word a line, "Explained
    on" off screen): on a phone each calculator is a card at the screen's width, still a table to a screen reader;
    at 1280 px its four columns stand side by side."""
    pg = new_page(**PHONE)
    pg.goto(site_url + path)
    seen = pg.evaluate(CATALOG_ROWS)
    assert len(seen["rows"]) == len(calculators.catalog()) and seen["scroll"] <= seen["width"], seen["scroll"]
    for cells in seen["rows"]:
        assert all(c["left"] >= 0 and c["right"] <= seen["width"] for c in cells), cells
        assert cells[2]["width"] >= 0.75 * seen["width"], f"what it answers is squeezed: {cells}"
        assert cells[3]["top"] > cells[2]["top"] > cells[0]["top"] == cells[1]["top"], cells
    cdp = pg.context.new_cdp_session(pg)
    root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    table = cdp.send("DOM.querySelector", {"nodeId": root, "selector": ".calc-catalog table"})["nodeId"]
    role = cdp.send("Accessibility.getPartialAXTree", {"nodeId": table, "fetchRelatives": False})["nodes"][0]["role"]
    assert role["value"] == "table"
    wide = new_page(viewport={"width": 1280, "height": 900})
    wide.goto(site_url + path)
    for cells in wide.evaluate(CATALOG_ROWS)["rows"]:
        assert len({round(c["top"]) for c in cells}) == 1 and cells[0]["right"] <= cells[3]["left"], cells
