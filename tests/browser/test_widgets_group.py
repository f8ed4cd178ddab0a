"""The form for a "group" parameter (a repeated group of fields, briefs/group-spec.md), built from a
schema alone: one fieldset per item, add / remove / move within min and max, the state in the URL as
JSON text, and an error on the right input of the right item."""
from __future__ import annotations

import json
import pathlib
from urllib.parse import parse_qs

import pytest

from tests.browser.test_a11y import wait_live

pytestmark = pytest.mark.browser

FIELDS = [
    {"name": "unit", "type": "choice", "label": "Unit", "help": "Which unit fires.", "default": "hmg",
     "choices": [{"value": "hmg", "label": "HMG stands"}, {"value": "rifle", "label": "Rifle stands"}]},
    {"name": "range", "type": "int", "label": "Range", "help": "Inches.", "default": 12, "min": 0, "max": 48,
     "optional": False, "unit": "in"},
    {"name": "dug_in", "type": "bool", "label": "Target dug in", "help": "", "default": False},
]
SCHEMA = {"id": "aqmf-group-form", "title": "Group form", "presets": None,
          "run": {"mode": "live", "label": "Calculate"},
          "params": [{"name": "attackers", "type": "group", "label": "Attackers", "help": "Every unit that fires.",
                      "default": [{"unit": "hmg", "range": 12, "dug_in": False}], "fields": FIELDS,
                      "min_items": 1, "max_items": 3, "item_label": "Attacker"}]}
W = "#calc-aqmf-group-form"
AXE = pathlib.Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"


# Widgets made from SCHEMA, with these ids, put at the top of the article or after an element,
# then set up as the page's own widgets are.
INSERT = """([schema, ids, after]) => {
    for (const id of ids.slice().reverse()) {
      const w = document.createElement("div");
      w.className = "calc-widget"; w.id = id;
      w.dataset.calc = schema.id; w.dataset.root = "../../"; w.dataset.defaults = "{}";
      w.dataset.schema = JSON.stringify(schema);
      w.innerHTML = '<div class="calc-head"><span class="calc-title">Group</span>' +
        '<span class="calc-status" role="status"></span></div><div class="calc-form-slot"></div>' +
        '<div class="calc-result" aria-live="polite"></div>';
      if (after) document.querySelector(after).after(w);
      else document.querySelector("article").prepend(w);
    }
    window.martianWidgets.init(); }"""


def add_widget(page, site_url, hash_=""):
    page.goto(site_url + "wotw/virus/" + hash_)
    page.wait_for_selector("#calc-wotw-virus[data-state=done]", timeout=90_000)
    page.evaluate(INSERT, [SCHEMA, [W[1:]], None])
    page.wait_for_selector(f"{W} fieldset.calc-field-group")


def legends(page):
    return page.locator(f"{W} fieldset.calc-group-item > legend").all_inner_texts()


def wait_for_units(page, units):
    """The address bar follows a moment after a change: wait until it holds these units, in order."""
    page.wait_for_function("""(units) => { const q = new URLSearchParams(location.hash.slice(1));
        try { return JSON.stringify(JSON.parse(q.get('attackers')).map((a) => a.unit)) === JSON.stringify(units); }
        catch (e) { return false; } }""", arg=units)


def state(page):
    query = parse_qs(page.evaluate("location.hash").lstrip("#"))
    return json.loads(query["attackers"][0]) if "attackers" in query else None


def test_items_are_added_removed_and_moved_within_their_bounds(page, site_url):
    add_widget(page, site_url)
    assert legends(page) == ["Attacker 1"]
    assert page.locator(f"{W} .calc-group-remove").is_disabled(), "min_items 1"
    page.locator(f"{W} .calc-group-add").click()
    page.locator(f"{W} .calc-group-add").click()
    assert legends(page) == ["Attacker 1", "Attacker 2", "Attacker 3"]
    assert page.locator(f"{W} .calc-group-add").is_disabled(), "max_items 3"
    page.locator(f"{W}-attackers-1-range").fill("30")
    page.locator(f"{W}-attackers-2-unit").select_option("rifle")
    wait_for_units(page, ["hmg", "hmg", "rifle"])
    page.wait_for_function("location.hash.includes('%2230%22')")
    assert state(page) == [{"unit": "hmg", "range": "12", "dug_in": False},
                           {"unit": "hmg", "range": "30", "dug_in": False},
                           {"unit": "rifle", "range": "12", "dug_in": False}]
    # Move the third up: it becomes Attacker 2, its values with it.
    page.get_by_role("button", name="Move up: Attacker 3").click()
    assert page.locator(f"{W}-attackers-1-unit").input_value() == "rifle"
    assert page.locator(f"{W}-attackers-2-range").input_value() == "30"
    page.get_by_role("button", name="Remove: Attacker 1").click()
    assert legends(page) == ["Attacker 1", "Attacker 2"]
    assert page.locator(f"{W}-attackers-0-unit").input_value() == "rifle"
    wait_for_units(page, ["rifle", "hmg"])
    # Labels, help and errors stay tied to each item's own inputs.
    for i in range(2):
        described = page.locator(f"{W}-attackers-{i}-range").get_attribute("aria-describedby").split()
        base = f"calc-aqmf-group-form-attackers-{i}-range"
        assert described == [f"{base}-help", f"{base}-error"]
        assert page.locator(f"label[for='calc-aqmf-group-form-attackers-{i}-range']").inner_text() == "Range (in)"


def test_a_link_restores_the_items_and_an_error_lands_on_its_item(page, site_url):
    items = [{"unit": "rifle", "range": 6}, {"unit": "hmg", "range": 60, "dug_in": True}]
    add_widget(page, site_url, "#calc=aqmf-group-form&attackers=" + json.dumps(items))
    page.wait_for_function(f"document.querySelectorAll('{W} fieldset.calc-group-item').length === 2")
    assert page.locator(f"{W}-attackers-1-range").input_value() == "60"
    assert page.locator(f"{W}-attackers-1-dug_in").is_checked()
    # The link's own run answers first (its answer clears the errors shown), then the error is put on.
    page.wait_for_function(f"""(() => {{ const w = document.querySelector('{W}');
        return w.calcWidget.current === null && ['done', 'error'].includes(w.dataset.state); }})()""")
    page.evaluate(f"""document.querySelector('{W}').calcWidget.showError({{field: "attackers.1.range",
        fields: [], message: "Attacker 2, Range: must be at most 48 (got 60)."}})""")
    error = page.locator(f"{W}-attackers-1-range-error")
    assert error.is_visible() and "Attacker 2, Range" in error.inner_text()
    assert page.locator(f"{W}-attackers-1-range").get_attribute("aria-invalid") == "true"
    assert page.locator(f"{W}-attackers-0-range-error").is_hidden()
    # An error about the list itself goes on the group.
    page.evaluate(f"""document.querySelector('{W}').calcWidget.showError({{field: "attackers",
        message: "Attackers: at most 3 (got 4)."}})""")
    assert page.locator(f"{W}-attackers-error").is_visible()


def test_a_link_that_is_not_a_list_is_kept_for_the_engine_to_name(page, site_url):
    add_widget(page, site_url, "#calc=aqmf-group-form&attackers=%7Bnot%20json")
    page.wait_for_selector(f"{W} fieldset.calc-field-group")
    assert page.locator(f"{W} fieldset.calc-group-item").count() == 0
    params = page.evaluate(f"document.querySelector('{W}').calcWidget.params()")
    assert params == {"attackers": "{not json"}, "sent as it came, so the error names the field"


FIRE = "#calc-aqmf-fire-plan"


def test_the_fire_plan_form_end_to_end(page, site_url):
    """The real group calculator: the page's attackers as fieldsets, an added attacker computed by the
    engine exactly as calculators.run computes it, an error on the attacker that caused it."""
    import calculators

    page.goto(site_url + "aqmf/fire-plan/")
    page.wait_for_selector(f"{FIRE}[data-state=done]", timeout=90_000)
    assert page.locator(f"{FIRE} fieldset.calc-field-group").first.locator(
        ":scope > .calc-group-items > fieldset > legend").all_inner_texts() == ["Attacker 1", "Attacker 2"]
    page.locator(f"{FIRE} [data-param=attackers] .calc-group-add").click()
    page.locator(f"{FIRE}-attackers-2-range").fill("8")
    page.wait_for_function(f"location.hash.includes('attackers=') && document.querySelector('{FIRE}')"
                           ".dataset.state === 'done' && location.hash.includes('%22range%22%3A%228%22')",
                           timeout=60_000)
    params = page.evaluate(f"document.querySelector('{FIRE}').calcWidget.params()")
    assert len(params["attackers"]) == 3
    want = calculators.run("aqmf-fire-plan", params)
    assert want["ok"], want
    page.wait_for_function(f"(document.querySelector('{FIRE} .calc-summary')?.textContent || '')"
                           f" === {want['summary']!r}",
                           timeout=60_000)
    # An out-of-range value in attacker 2 is an error on attacker 2's range.
    page.locator(f"{FIRE}-attackers-1-range").fill("99")
    error = page.locator(f"{FIRE}-attackers-1-range-error")
    error.wait_for(state="visible", timeout=60_000)
    assert error.inner_text().startswith("Attacker 2, Range")
    assert page.locator(f"{FIRE} .calc-result").get_attribute("data-stale") == "error"
    # The link holds the list as JSON text, and reopens it.
    url = page.url
    other = page.context.new_page()
    other.goto(url)
    other.wait_for_selector(f"{FIRE}[data-state=error]", timeout=90_000)
    assert other.locator(f"{FIRE}-attackers-1-range").input_value() == "99"
    assert other.locator(f"{FIRE} [data-param=attackers] fieldset.calc-group-item").count() == 3


def test_every_form_on_a_page_has_its_own_name(page, site_url):
    """A named form is a landmark, and landmarks need distinct names: two copies of one calculator
    are told apart by the section each sits in, and two in the same place by their order."""
    page.goto(site_url + "aqmf/fire-plan/")
    wait_live(page)
    page.evaluate(INSERT, [SCHEMA, [W[1:], W[1:] + "-2"], "article h1"])
    # Set up in turn, a task apiece: the forms are named once both are (landmarks.js).
    page.wait_for_function(f"[...document.querySelectorAll('{W}, {W}-2')].every((w) => w.dataset.ready && "
                           "w.querySelector(':scope > form.calc-form[aria-labelledby]'))")
    title = "Fire plan: a turn of fire at one target"
    for name in (title, f"{title} (Compare two plans)", "How many do I need?", "Group (A turn of fire)",
                 "Group (A turn of fire, 2)"):
        assert page.get_by_role("form", name=name, exact=True).count() == 1, name
    assert page.get_by_role("form").count() == 5
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document, {runOnly: ['landmark-unique']})).violations.length")
    assert found == 0
