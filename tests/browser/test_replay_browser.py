"""Replay a game in the browser (issue 29): a game opened from a file is stepped through to its tenth phase and
back, and played on from there on the adjudicator's board; a pasted list with an unreadable line keeps the rest
and names it; a phase that differs from the recording is marked, its difference named with the ruling, and the
reading that reproduces the recording is one click away; the game downloaded is the file opened, byte for byte.

The games are the sample games of tests/data/replay (written with the diplomacy package: tests/data/replay/
make_games.py). What the page must show is the engine's own result for the same game (``calculators.run`` on
CPython), never read from the page; the page is checked to show it, phase by phase, and to pass its data on."""
from __future__ import annotations

import json
import pathlib
from urllib.parse import parse_qsl, urlsplit

import pytest

import calculators
from tests.browser.test_a11y import AXE_TAGS, RUN_AXE, _axe_source, _report

pytestmark = pytest.mark.browser
GAMES = pathlib.Path(__file__).resolve().parents[1] / "data" / "replay"
W = "#calc-dip-replay"
READY = 90_000
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def replayed(game: str, **params) -> dict:
    result = calculators.run("dip-replay", {"game": game, **params})
    assert result["ok"], result
    return result


def open_replay(page, site_url):
    page.goto(site_url + "diplomacy/replay/")
    page.wait_for_selector(f"{W}[data-state=done] .replay-game:not([hidden])", timeout=READY)


def wait_phase(page, i: int):
    """The replay shows phase i (0-based), its map drawn for it."""
    page.wait_for_selector(f"{W} .replay-panel[data-phase='{i}'] .replay-map[data-state=ready][data-phase='{i}'] svg",
                           timeout=30_000)


def open_file(page, path: pathlib.Path, phases: int):
    page.set_input_files(f"{W} .replay-file", str(path))
    page.wait_for_function(f"document.querySelector('{W} .replay-select').options.length === {phases} && "
                           f"document.querySelector('{W}').dataset.state === 'done'", timeout=60_000)
    wait_phase(page, 0)


def shown(page) -> dict:
    return page.evaluate(f"""() => {{
      const p = document.querySelector('{W} .replay-panel');
      return {{verdict: p.querySelector('.replay-verdict').textContent,
               where: p.querySelector('.replay-where').textContent,
               select: p.querySelector('.replay-select').value,
               map: p.querySelector('.replay-map svg').getAttribute('aria-label'),
               rows: [...p.querySelectorAll('.replay-table tbody tr')].map(r => [...r.cells].map(c => c.textContent)),
               idle: (p.querySelector('.replay-idle') || {{}}).textContent || '',
               diffs: [...p.querySelectorAll('.replay-diff')].map(d => d.textContent),
               prev: p.querySelector('.replay-prev').disabled, next: p.querySelector('.replay-next').disabled}};
    }}""")


def check_phase(page, phase: dict, i: int, n: int):
    got = shown(page)
    assert got["select"] == str(i)
    assert got["where"].startswith(f"Phase {i + 1} of {n}: ")
    assert got["verdict"].startswith(phase["label"])
    assert phase["label"] in got["map"], got["map"]  # the map is this phase's
    # A unit given no order that held, undisturbed, is named in one line under the table; every other has a row.
    held = [o for o in phase["orders"] if o.get("line") == 0 and not o.get("dislodged") and o["matches"] is not False
            and o["result"] == "succeeds"]
    rows = [o for o in phase["orders"] if o not in held]
    assert [r[1].split("line ")[0] for r in got["rows"]] == [o["order"] for o in rows]
    assert [r[2] for r in got["rows"]] == [("differs: " if o["matches"] is False else "") + o["result"] +
                                           (" (dislodged)" if o.get("dislodged") else "") for o in rows]
    for o in held:
        assert o["order"].removesuffix(" (no order: holds)") in got["idle"]
    assert got["idle"].startswith(f"No order given: {len(held)} unit") if held else got["idle"] == ""
    return got


def test_a_game_from_a_file_stepped_to_its_tenth_phase_and_back_then_played_on(page, site_url):
    path = GAMES / "long.json"
    data = replayed(path.read_text(encoding="utf-8"))["data"]
    phases = data["phases"]
    n = len(phases)
    assert n >= 10
    open_replay(page, site_url)
    open_file(page, path, n)
    assert page.locator(f"{W}-game").input_value() == path.read_text(encoding="utf-8")
    options = page.locator(f"{W} .replay-select option").all_text_contents()
    assert options == [f"{i + 1}. {p['label']}" + (" · differs" if p["matches"] is False else "")
                       for i, p in enumerate(phases)]
    check_phase(page, phases[0], 0, n)
    for i in range(1, 10):
        page.locator(f"{W} .replay-next").click()
        wait_phase(page, i)
    tenth = check_phase(page, phases[9], 9, n)
    assert not tenth["prev"] and not tenth["next"]
    for i in range(8, -1, -1):
        page.locator(f"{W} .replay-prev").click()
        wait_phase(page, i)
    assert check_phase(page, phases[0], 0, n)["prev"]
    # From the phase list straight to the tenth, and on to the board from there.
    page.locator(f"{W} .replay-select").select_option("9")
    wait_phase(page, 9)
    page.locator(f"{W} .replay-playon").click()
    page.wait_for_url("**/diplomacy/adjudicator/#calc=dip-adjudicate*", timeout=30_000)
    page.wait_for_selector("#calc-dip-adjudicate[data-state=done]", timeout=READY)
    params = page.evaluate("document.querySelector('#calc-dip-adjudicate').calcWidget.params()")
    for name, value in phases[9]["params"].items():
        assert params[name] == value, name
    summary = page.locator("#calc-dip-adjudicate .calc-result .calc-summary").inner_text()
    assert summary == calculators.run("dip-adjudicate", phases[9]["params"])["summary"]


def test_a_pasted_list_keeps_the_readable_lines_and_names_the_unreadable_one(page, site_url):
    game = "France: A Par - Bur\nItaly: A Ven - Piedmonte\nThe army at Munich move to Ruhr\nA Marseilles -> Spain"
    result = replayed(game)
    lines = result["data"]["lines"]
    bad = [x for x in lines if x["error"]]
    assert [x["line"] for x in bad] == [2]
    open_replay(page, site_url)
    page.locator(f"{W}-game").fill(game)
    page.locator(f"{W} .calc-run").click()
    page.wait_for_function(f"document.querySelector('{W} .replay-unread-line') && document.querySelector('{W} "
                           f".replay-unread-line').textContent.includes('Piedmonte') && "
                           f"document.querySelector('{W}').dataset.state === 'done'", timeout=60_000)
    wait_phase(page, 0)
    named = page.locator(f"{W} .replay-unread-line").all_text_contents()
    assert named == [f"Line 2 “Italy: A Ven - Piedmonte”: {bad[0]['error']}"]
    phase = result["data"]["phases"][0]
    got = check_phase(page, phase, 0, len(result["data"]["phases"]))
    # Every line is there, each with its number and, when read, the notation it was read in; the unreadable
    # one is given to the adjudicator as written, which refuses it (its result above is the engine's).
    for x in lines:
        row = next(r for r in got["rows"] if r[1].startswith(x["read_as"] or x["text"]))
        assert (f"line {x['line']}, read as {x['notation']} notation" if x["notation"] else f"line {x['line']}") \
            in row[1]
    found = _axe(page)
    assert not found, _report({"replay (a pasted list)": found})


def _axe(page) -> list:
    page.add_script_tag(content=_axe_source())
    return page.evaluate(RUN_AXE, AXE_TAGS)


def test_a_marked_difference_and_its_reading_in_one_click(new_page, site_url, tmp_path):
    path = GAMES / "over-land.json"
    text = path.read_text(encoding="utf-8")
    site = replayed(text)["data"]
    under_result = replayed(text, dip_r4="fallback-to-land")
    under = under_result["data"]
    i = next(k for k, p in enumerate(site["phases"]) if p["matches"] is False)
    phase = site["phases"][i]
    reading = phase["differences"][0]["explained_by"][0]
    assert reading["ruling"] == "DIP R4" and reading["param"] == "dip_r4"
    assert under["phases"][i]["matches"] is True
    page = new_page(color_scheme="dark", **PHONE)
    open_replay(page, site_url)
    open_file(page, path, len(site["phases"]))
    # The phase that differs is marked in the list, and one click away.
    page.locator(f"{W} .replay-jump-to", has_text=phase["label"]).click()
    wait_phase(page, i)
    got = check_phase(page, phase, i, len(site["phases"]))
    assert got["diffs"] == [f"{d['part']}: {d['text']}" for d in phase["differences"]]
    assert "DIP R4" in got["diffs"][0]
    assert page.locator(f"{W} .replay-verdict").get_attribute("data-matches") == "false"
    # Both palettes, on a phone: axe, and nothing wider than the screen.
    for scheme in ("dark", "light"):
        if scheme == "light":  # the reader's own switch (Material's palette toggle)
            page.locator("form[data-md-palette] label:visible").click()
        page.wait_for_function("(s) => document.body.getAttribute('data-md-color-scheme') === s",
                               arg={"light": "default", "dark": "slate"}[scheme])
        found = _axe(page)
        assert not found, _report({f"replay ({scheme})": found})
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The game comes back as it was opened.
    with page.expect_download() as down:
        page.locator(f"{W} .replay-export-json").click()
    saved = tmp_path / "back.json"
    down.value.save_as(saved)
    assert down.value.suggested_filename == "replay-over-land.json"
    assert saved.read_bytes() == path.read_bytes()
    # One click: the whole game replayed under the reading, the same phase in view, now matching.
    page.locator(f"{W} .replay-use-reading[data-value='{reading['value']}']").click()
    page.wait_for_function(f"document.querySelector('{W} .replay-verdict').dataset.matches === 'true'",
                           timeout=60_000)
    wait_phase(page, i)
    assert page.locator(f"{W}-{reading['param']}").input_value() == reading["value"]
    why = " ".join(r[3] for r in check_phase(page, under["phases"][i], i, len(under["phases"]))["rows"])
    # The order that fell back to the land route cites the reading by its label, never its id (issue 24).
    assert "DIP R4: fallback-to-land" not in why
    assert under_result["readings"]["cited"]["DIP R4: fallback-to-land"] in why
    assert page.locator(f"{W} .replay-diff").count() == 0
    assert page.evaluate("document.activeElement.classList.contains('replay-verdict')")  # the focus is not lost
    assert page.locator(f"{W} .replay-panel[data-stale]").count() == 0


def test_a_war_of_the_worlds_game_file_replays_and_plays_on_on_its_own_board(page, site_url, tmp_path):
    from tests.engine.test_replay import _wotw_file

    path = tmp_path / "wotw-game.json"
    path.write_text(json.dumps(_wotw_file()), encoding="utf-8")
    data = replayed(path.read_text(encoding="utf-8"))["data"]
    assert data["calculator"] == "wotw-adjudicate"
    open_replay(page, site_url)
    page.set_input_files(f"{W} .replay-file", str(path))
    page.wait_for_function(f"document.querySelector('{W} .replay-select').options.length === {len(data['phases'])}"
                           f" && document.querySelector('{W}').dataset.state === 'done'", timeout=60_000)
    wait_phase(page, 0)
    check_phase(page, data["phases"][0], 0, len(data["phases"]))
    href = page.locator(f"{W} .replay-playon").get_attribute("href")
    url = urlsplit(href)
    assert url.path.endswith("/wotw/adjudicator/")
    state = dict(parse_qsl(url.fragment, keep_blank_values=True))
    assert state.pop("calc") == "wotw-adjudicate"
    assert state == {k: v if isinstance(v, str) else json.dumps(v) for k, v in data["phases"][0]["params"].items()}
