"""The answer in one line (issue 24): on a 390 x 844 phone, where a calculator's form is long, a field changed
near its top shows the result's headline in a bar at the foot of the screen, whose button brings the headline
itself into view; the bar goes when the headline is on screen, gives way to the board's order menu, is one
per page, spans its widget's column at 1280 px, and is not there while a board's map (its answer drawn) is on
screen. Positions are read from the page; the headline is compared with the result box's own text, never with a
copy of the engine's output."""
from __future__ import annotations

import re

import pytest

from tests.browser.instant import follow_link
from tests.browser.test_a11y import type_bad_force

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
READY = 90_000
BOARDS = ("dip-adjudicate", "wotw-adjudicate")

# Where the bar is, whether it is drawn, what it says; where the headline is (viewport px).
READ = """(id) => {
  const w = document.querySelector('#calc-' + id);
  const bar = w.querySelector('.calc-answer-bar');
  const head = w.querySelector('.calc-result .calc-summary');
  const box = (e) => { if (!e || !e.getClientRects().length) return null;
    const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, height: r.height}; };
  return {shown: !!bar && bar.checkVisibility(), bar: box(bar),
          text: bar && bar.querySelector('.calc-answer-text').textContent,
          state: bar && bar.querySelector('.calc-answer-state').textContent,
          stateShown: !!bar && bar.querySelector('.calc-answer-state').checkVisibility(),
          head: box(head), headText: head && head.textContent.trim(), height: innerHeight,
          focused: document.activeElement === head,
          bars: document.querySelectorAll('.calc-answer-bar:not([hidden])').length,
          edge: bar && getComputedStyle(bar).borderTopColor};
}"""


# The bar's headline box: how many lines it shows, and whether the headline's answer (its first number after
# the first ": ", what the player came for) lies inside what it shows.
SHOWN = """(id) => {
  const line = document.querySelector('#calc-' + id + ' .calc-answer-line');
  const text = line.querySelector('.calc-answer-text').firstChild;
  const m = /: \\D*?(\\d[\\d.,%]*)/.exec(text.data);
  const range = document.createRange();
  range.setStart(text, m.index + m[0].length - m[1].length);
  range.setEnd(text, m.index + m[0].length);
  const box = line.getBoundingClientRect(), num = range.getBoundingClientRect();
  return {answer: m[1], lines: Math.round(line.clientHeight / parseFloat(getComputedStyle(line).lineHeight)),
          clamped: line.scrollHeight > line.clientHeight + 1,
          inside: num.bottom <= box.bottom + 0.5 && num.right <= box.right + 0.5 && num.top >= box.top - 0.5};
}"""


def _whole_or_cut_between_words(text: str, head: str) -> bool:
    """The bar's text is the headline, or its first words (a clause's end dropping its ",", ";", ":" or ".") and
    " …": never a word or a number cut ("at least 1…" for "at least 12")."""
    if text == head:
        return True
    if not text.endswith(" …"):
        return False
    kept = text[:-2]
    rest = head[len(kept):]
    return head.startswith(kept) and bool(re.match(r"[,;:.]?\s", rest))


def _open(pg, site_url, cid):
    pg.goto(site_url + f"calculators/{cid}/")
    pg.wait_for_selector(f"#calc-{cid}:is([data-state=done], [data-state=waiting])", timeout=READY)


def _settle(pg):
    """Two frames and a little more after a scroll: the observers report in the next frame."""
    pg.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    pg.wait_for_timeout(100)


def _top_then_read(pg, cid):
    pg.evaluate("() => window.scrollTo(0, 0)")
    _settle(pg)
    return pg.evaluate(READ, cid)


def _away_from_the_map(pg, cid):
    """Scrolled to the top; a board, to just below its map (while a board's map is on screen it is the answer,
    and no bar is shown), where its headline is still behind the bar or below the screen."""
    if cid in BOARDS:
        pg.evaluate("(id) => scrollTo(0, document.querySelector('#calc-' + id + ' .board-map')"
                    ".getBoundingClientRect().bottom + scrollY)", cid)
        _settle(pg)
        return pg.evaluate(READ, cid)
    return _top_then_read(pg, cid)


# A board's map with its result on screen, its controls under it: the bar is not shown, and a tap on Adjudicate
# (or Continue) meets the button.
MAP_ON_SCREEN = """(id) => {
  const w = document.querySelector('#calc-' + id);
  w.querySelector('.board-map').scrollIntoView({block: 'start'});
  return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => {
    const run = w.querySelector('.calc-run');
    const b = run.getBoundingClientRect();
    r({bar: w.querySelector('.calc-answer-bar').checkVisibility(), runOnScreen: b.bottom <= innerHeight,
       runHit: run.contains(document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2))});
  }, 100))));
}"""


def _adjudicate_then_edit(pg, w):
    """A board: its first result, then an order added near the top (the result is now out of date)."""
    pg.wait_for_selector(f"{w} .calc-board[data-state=ready]", timeout=READY)
    pg.locator(f"{w} .calc-run").click()
    pg.wait_for_selector(f"{w}[data-state=done]", timeout=READY)
    orders = pg.locator(f"{w} form textarea").first
    orders.fill(orders.input_value() + "\nA Vie H")


def _change_near_the_top(pg, cid):
    """Changes the form's first fields as a player does; returns when the new result is shown."""
    w = f"#calc-{cid}"
    if cid in BOARDS:
        _adjudicate_then_edit(pg, w)
        on_map = pg.evaluate(MAP_ON_SCREEN, cid)
        assert not on_map["bar"] and on_map["runOnScreen"] and on_map["runHit"], on_map
        seen = _away_from_the_map(pg, cid)
        assert seen["shown"] and seen["stateShown"] and seen["state"] == "Out of date", seen
        pg.locator(f"{w} .calc-run").click()  # the new result for the changed orders
    elif cid == "dip-replay":
        pg.locator(f"{w} select[data-preset]").select_option(index=1)  # Load: a sample game, played at once
    elif cid == "aqmf-fire-plan":
        pg.locator(f"{w} form input[type=text], {w} form input[inputmode]").first.fill("1")
    else:  # Conquest of Mars: player 1's first "+" (a touch stepper)
        pg.locator(f"{w} form .calc-kv-step:not([disabled])").nth(1).tap()
    pg.wait_for_timeout(200)  # the change is debounced (120 ms) before it runs
    pg.wait_for_selector(f"{w}[data-state=done]:not(:has(.calc-result[data-stale]))", timeout=READY)


@pytest.mark.parametrize("cid", ["dip-adjudicate", "wotw-adjudicate", "aqmf-fire-plan", "com-reroll", "dip-replay"])
def test_a_change_near_the_top_shows_the_answer_in_a_bar_and_its_button_shows_the_result(new_page, site_url, cid):
    pg = new_page(**PHONE)
    _open(pg, site_url, cid)
    _change_near_the_top(pg, cid)
    seen = _away_from_the_map(pg, cid)
    assert seen["head"]["bottom"] > seen["height"] - 64, f"the headline is on screen already: {seen}"
    assert seen["shown"] and seen["bars"] == 1, seen
    bar = seen["bar"]
    assert bar["bottom"] <= seen["height"] + 0.5 and bar["top"] >= seen["height"] - 80, f"bar not at the foot: {bar}"
    assert seen["text"] and _whole_or_cut_between_words(seen["text"], seen["headText"]), seen  # the new headline
    assert not seen["stateShown"], f"a current result is marked: {seen['state']}"
    # At most two lines of it on screen, the answer among them (one line cut "Reroll the d12 showing 4: sole …"),
    # nothing cut by the clamp.
    shown = pg.evaluate(SHOWN, cid)
    assert shown["lines"] <= 2 and shown["inside"] and not shown["clamped"], shown
    # Nothing stays under the bar: the form's last button (Reset), scrolled to just above the bar, is what a tap
    # there meets.
    hit = pg.evaluate("""([id, barTop]) => {
      const buttons = [...document.querySelectorAll('#calc-' + id + ' .calc-actions button')];
      const run = buttons.filter(b => b.checkVisibility()).pop();
      window.scrollBy(0, run.getBoundingClientRect().bottom - (barTop - 4));
      const r = run.getBoundingClientRect();
      return run.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    }""", [cid, bar["top"]])
    assert hit, "the form's last button cannot be scrolled clear of the bar"
    _away_from_the_map(pg, cid)
    go = pg.locator(f"#calc-{cid} .calc-answer-go")
    size = go.bounding_box()
    assert 36 - 0.5 <= size["height"] <= 36 + 0.5 and size["width"] >= 36, size
    go.tap()
    pg.wait_for_timeout(200)
    after = pg.evaluate(READ, cid)
    head = after["head"]
    assert head["top"] >= 0 and head["bottom"] <= after["height"], f"headline not brought into view: {head}"
    assert after["focused"], "the focus did not move to the headline"
    assert not after["shown"], "the bar stays while the headline is on screen"


def test_the_bar_marks_an_error_and_gives_way_to_the_order_menu(new_page, site_url):
    """An error is named in the bar (the result is put away: no old headline as if current); on a board, the
    order menu's panel at the foot of the screen is never covered by the bar."""
    pg = new_page(**PHONE)
    _open(pg, site_url, "com-reroll")
    w = "#calc-com-reroll"
    answer = _top_then_read(pg, "com-reroll")
    type_bad_force(pg, w)
    pg.wait_for_timeout(200)
    seen = _top_then_read(pg, "com-reroll")
    error = pg.locator(f"{w} .calc-field-error:not([hidden])").first.inner_text()
    assert seen["shown"] and seen["state"] == "Error" and seen["text"] == error.strip(), seen
    # Its edge is the errors' red (forms.css #c62828) for an error only: an answer's is grey (a red edge on every
    # answer read as an error to a new player).
    assert answer["shown"] and seen["edge"] == "rgb(198, 40, 40)", (answer, seen)
    r, g, b = (int(v) for v in answer["edge"][answer["edge"].index("(") + 1:].split(",")[:3])
    assert max(r, g, b) - min(r, g, b) < 40, answer
    _open(pg, site_url, "dip-adjudicate")
    w = "#calc-dip-adjudicate"
    _adjudicate_then_edit(pg, w)
    assert _away_from_the_map(pg, "dip-adjudicate")["shown"]
    pg.evaluate("(w) => document.querySelector(w).calcBoard.entry.select('par', false)", w)
    pg.wait_for_selector(f"{w} .board-menu:not([hidden])")
    assert not pg.evaluate(READ, "dip-adjudicate")["shown"], "the bar covers the order menu"


# How many bars are drawn, and whether one overlaps Material's "Back to top" button (shown as the reader scrolls up).
BARS = """() => {
  const shown = [...document.querySelectorAll('.calc-answer-bar')].filter(b => b.checkVisibility());
  const top = document.querySelector('.md-top');
  const t = top && !top.hidden && top.checkVisibility() ? top.getBoundingClientRect() : null;
  const over = t && shown.some(b => {
    const r = b.getBoundingClientRect();
    return r.top < t.bottom && t.top < r.bottom;
  });
  return [shown.length, !!over];
}"""


def test_one_bar_at_a_time_on_a_page_of_several_calculators(new_page, site_url):
    """Down clans/checks (four calculators) and back up: never two bars, never one over "Back to top"."""
    pg = new_page(**PHONE)
    pg.goto(site_url + "clans/checks/")
    height = pg.evaluate("document.documentElement.scrollHeight")
    most, overlaps = 0, []
    steps = list(range(0, height, 600))
    for y in steps + steps[::-1]:
        pg.mouse.wheel(0, y - pg.evaluate("scrollY"))
        pg.wait_for_timeout(200)
        count, over = pg.evaluate(BARS)
        most = max(most, count)
        if over:
            overlaps.append(y)
    assert most == 1, f"{most} bars at once (or none ever shown)"
    assert not overlaps, f"a bar over Back to top at {overlaps}"


def test_on_a_wide_screen_the_bar_is_its_widgets_width(new_page, site_url):
    """A new player found a desktop calculator's answer below the first screen: at 1280 px the bar shows it too,
    as wide as the widget's column (not over the navigation beside it), and goes once the headline is on screen."""
    pg = new_page(viewport={"width": 1280, "height": 900})
    _open(pg, site_url, "com-reroll")
    pg.locator("#calc-com-reroll form .calc-kv-step:not([disabled])").nth(1).click()
    pg.wait_for_timeout(200)
    pg.wait_for_selector("#calc-com-reroll[data-state=done]", timeout=READY)
    seen = _top_then_read(pg, "com-reroll")
    assert seen["head"]["top"] > 900, "the headline is on screen: nothing to test"
    assert seen["shown"] and seen["bars"] == 1 and _whole_or_cut_between_words(seen["text"], seen["headText"]), seen
    bar, widget = pg.evaluate("""() => [document.querySelector('#calc-com-reroll .calc-answer-bar'),
        document.querySelector('#calc-com-reroll')].map((e) => e.getBoundingClientRect().toJSON())""")
    assert abs(bar["left"] - widget["left"]) <= 1 and abs(bar["right"] - widget["right"]) <= 1, (bar, widget)
    assert bar["bottom"] <= 900 + 0.5
    pg.locator("#calc-com-reroll .calc-answer-go").click()
    _settle(pg)
    assert not pg.evaluate(READ, "com-reroll")["shown"]


def test_a_jump_past_the_headline_takes_the_bar_away(new_page, site_url):
    """Read past in one jump (a link, PageDown, a fling: no frame with the headline on screen), the headline is
    above the screen and the bar must go (a new player found it still over the rules text under the result)."""
    pg = new_page(**PHONE)
    _open(pg, site_url, "com-reroll")
    _change_near_the_top(pg, "com-reroll")
    assert _top_then_read(pg, "com-reroll")["shown"]
    pg.evaluate("""() => {
      const head = document.querySelector('#calc-com-reroll .calc-result .calc-summary').getBoundingClientRect();
      scrollTo(0, head.bottom + scrollY + 40);
    }""")
    _settle(pg)
    seen = pg.evaluate(READ, "com-reroll")
    assert seen["head"]["bottom"] < 0 and not seen["shown"], seen
    onscreen = pg.evaluate("() => document.querySelector('#calc-com-reroll').getBoundingClientRect().bottom > 0")
    assert onscreen, "the calculator is off screen: nothing to test"


def test_a_headline_too_long_for_the_bar_is_cut_where_a_clause_ends(new_page, site_url):
    """The virus check's headline at 12 centres read "..., at least 1…" in the bar (cut mid-number): now the
    clauses that fit, then "…", and never a number cut."""
    pg = new_page(**PHONE)
    pg.goto(site_url + "calculators/wotw-virus/#calc=wotw-virus&year=1904&season=spring&destroyed=12&largest=6")
    pg.wait_for_selector("#calc-wotw-virus[data-state=done]", timeout=READY)
    seen = _top_then_read(pg, "wotw-virus")
    assert seen["shown"], seen
    head, text = seen["headText"], seen["text"]
    assert len(head) > 90, f"a headline that needs cutting on a 390 px bar: {head}"
    assert text != head and _whole_or_cut_between_words(text, head), (text, head)
    assert re.match(r"[,;.]\s", head[len(text) - 2:]), f"cut where a clause ends: {text!r} of {head!r}"
    shown = pg.evaluate(SHOWN, "wotw-virus")
    assert not shown["clamped"] and shown["inside"], shown


def test_no_bar_over_a_played_phase_viewed_on_the_board(new_page, site_url):
    """A new player stepped back to Spring 1901 and met a bar over its map saying "Waiting for orders · Fall 1901
    movement … Show the answer", whose button jumped to the other phase: a played phase's map, shown in the map's
    place, is the board's answer as much as the live map."""
    for size in ({"viewport": {"width": 1280, "height": 900}}, PHONE):
        pg = new_page(**size)
        _open(pg, site_url, "dip-adjudicate")
        w = "#calc-dip-adjudicate"
        pg.wait_for_selector(f"{w} .calc-board[data-state=ready]", timeout=READY)
        pg.locator(f"{w}-orders").fill("France: A Par - Bur")
        pg.locator(f"{w} .calc-run").click()
        pg.wait_for_selector(f"{w}[data-state=done]", timeout=READY)
        pg.locator(f"{w} .calc-next").click()
        pg.wait_for_selector(f"{w}[data-state=waiting] .calc-board[data-state=ready]", timeout=READY)
        pg.locator(f"{w} .board-prev").click()
        pg.wait_for_selector(f"{w} .board-view-map svg", timeout=READY)
        pg.evaluate("(w) => document.querySelector(w + ' .board-stage').scrollIntoView({block: 'start'})", w)
        _settle(pg)
        pg.wait_for_timeout(300)
        assert not pg.locator(f"{w} .calc-answer-bar").evaluate("(b) => b.checkVisibility()"), size


# The form's tab stops in order (DOM order: the site sets no positive tabindex), as boxes on screen.
TAB_STOPS = """(id) => Array.from(document.querySelectorAll('#calc-' + id + ' form :is(input, select, textarea, button,'
  + ' [tabindex]):not([disabled], [tabindex="-1"], [type=hidden])')).filter((e) => e.checkVisibility())"""

# Scrolls so that tab stop k's top sits just inside the bar's band, and says whether stop k - 1 is then on show
# (below the site's header, above the bar) and the bar still up: the next Tab's target is under the bar.
UNDER_THE_BAR = """([id, k]) => {
  const stops = (TAB_STOPS)(id);
  const bar = document.querySelector('#calc-' + id + ' .calc-answer-bar');
  const barTop = innerHeight - bar.getBoundingClientRect().height;
  window.scrollBy({top: stops[k].getBoundingClientRect().top - barTop - 4, behavior: 'instant'});
  return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => {
    const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
    const prev = stops[k - 1].getBoundingClientRect(), next = stops[k].getBoundingClientRect();
    const b = bar.getBoundingClientRect();
    r({ok: bar.checkVisibility() && prev.top >= header && prev.bottom <= b.top && next.top >= b.top
        && next.top < innerHeight, stops: stops.length});
  })));
}""".replace("TAB_STOPS", TAB_STOPS)

# Whether the focused element is on show: inside the screen, below the header, not under the bar, and what a
# tap at its middle meets.
FOCUS_SEEN = """(id) => {
  const f = document.activeElement, r = f.getBoundingClientRect();
  const bar = document.querySelector('#calc-' + id + ' .calc-answer-bar');
  const barTop = bar.checkVisibility() ? bar.getBoundingClientRect().top : innerHeight;
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {name: f.name || f.id || f.className, inForm: !!f.closest('#calc-' + id + ' form'),
          seen: r.top >= header - 0.5 && r.bottom <= barTop + 0.5 && (hit === f || f.contains(hit) || hit?.contains(f)),
          top: r.top, bottom: r.bottom, barTop};
}"""


@pytest.mark.parametrize("cid", ["clans-england-offboard", "aqmf-how-many"])
def test_tab_to_a_field_under_the_bar_brings_it_above_the_bar(new_page, site_url, cid):
    """A new player at 390 px pressed Tab (a phone keyboard's "next") from "Fleets" to "A/Fs" on England's
    off-board centres and typed into a field hidden under the bar: the browser scrolled the field into the
    screen, not above the bar fixed to the screen's foot. Every such move must land the field in sight."""
    pg = new_page(**PHONE)
    _open(pg, site_url, cid)
    seen = _top_then_read(pg, cid)
    assert seen["shown"], f"the bar is not up at the form's top: nothing to test ({seen})"
    tried = 0
    for k in range(1, pg.evaluate(f"(id) => ({TAB_STOPS})(id).length", cid)):
        _top_then_read(pg, cid)
        if not pg.evaluate(UNDER_THE_BAR, [cid, k])["ok"]:
            continue
        pg.evaluate(f"([id, k]) => ({TAB_STOPS})(id)[k - 1].focus({{preventScroll: true}})", [cid, k])
        pg.keyboard.press("Tab")
        _settle(pg)
        focus = pg.evaluate(FOCUS_SEEN, cid)
        assert focus["inForm"] and focus["seen"], (k, focus)
        tried += 1
    assert tried >= 2, f"fewer than two fields could be put under the bar ({tried}): nothing to test"
    # The padding is the bar's height while it shows, and goes with its page on an instant navigation.
    seen = _top_then_read(pg, cid)
    pad = "() => getComputedStyle(document.documentElement).scrollPaddingBottom"
    assert seen["shown"] and abs(float(pg.evaluate(pad).removesuffix("px")) - seen["bar"]["height"]) < 1, seen
    follow_link(pg, pg.evaluate("new URL('../../glossary/', location.href).href"))
    assert pg.evaluate(pad) == "auto"
