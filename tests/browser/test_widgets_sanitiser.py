"""Result HTML enters the page only through DOMPurify, configured from the one allow-list: everything
the presenter makes passes unchanged, anything active is removed."""
from __future__ import annotations

import json

import pytest

import calculators
from calculators.present import result_html

pytestmark = pytest.mark.browser

HOSTILE = ('<p class="calc-summary" onclick="window.pwned=1">x<img src=x onerror="window.pwned=2">'
           '<script>window.pwned=3</script><iframe src="https://example.org"></iframe>'
           '<a href="javascript:window.pwned=4">j</a><a href="https://example.org/">out</a>'
           '<a href="//example.org/">proto</a><a href="../rules/#dip-9-1">in</a><span style="color:red">s</span></p>'
           '<svg viewBox="0 0 10 10" onload="window.pwned=5"><foreignObject><p>f</p></foreignObject>'
           '<use href="https://example.org/s.svg#a"/><use xlink:href="data:image/svg+xml,x"/><use href="#ok"/>'
           '<rect fill="url(https://example.org/p.svg#g)" width="1" height="1"/>'
           '<rect fill="url(#g)" width="1" height="1"/>'
           '<image href="https://example.org/i.png"/><a href="javascript:alert(1)"><text>t</text></a>'
           '<animate attributeName="href" to="javascript:alert(1)"/><set attributeName="onload" to="alert(1)"/></svg>')


@pytest.fixture
def engine_page(page, site_url):
    page.goto(site_url + "diplomacy/adjudicator/")
    # The board opens waiting for orders (issue 23), its map drawn through the sanitiser, which is loaded then.
    page.wait_for_selector("#calc-dip-adjudicate .calc-board[data-state=ready]", timeout=90_000)
    page.wait_for_function("window.martianWidgets && window.martianWidgets.sanitise", timeout=90_000)
    return page


def test_everything_the_presenter_makes_passes_unchanged(engine_page, built_site):
    rule_urls = json.loads((built_site / "assets" / "engine" / "rules.json").read_text())
    htmls = {}
    for calc in calculators.catalog():
        result = calculators.run(calc["id"], {})
        if not result["ok"]:  # a calculator that needs input: its examples
            examples = {p["name"]: p["placeholder"] for p in calc["params"] if p.get("placeholder")}
            result = calculators.run(calc["id"], examples)
        htmls[calc["id"]] = result_html(result, rule_urls, "../../")
    changed = engine_page.evaluate("""async (htmls) => {
        const out = [];
        for (const [id, html] of Object.entries(htmls)) {
          const clean = await window.martianWidgets.sanitise(html);
          const raw = document.createElement("template"); raw.innerHTML = html;
          if (!raw.content.isEqualNode(clean)) out.push(id);
        }
        return out; }""", htmls)
    assert changed == []


def test_anything_active_is_removed(engine_page):
    out = engine_page.evaluate("""async (html) => {
        const box = document.createElement("div");
        box.append(await window.martianWidgets.sanitise(html));
        document.body.append(box);
        await new Promise((r) => setTimeout(r, 300));
        const q = (s) => box.querySelectorAll(s).length;
        const all = Array.from(box.querySelectorAll("*"));
        return {html: box.innerHTML, pwned: window.pwned || null, img: q("img"), script: q("script"),
                iframe: q("iframe"), fo: q("foreignObject"), image: q("image"), animate: q("animate, set"),
                style: q("[style]"),
                onattrs: all.flatMap((e) => e.getAttributeNames()).filter((n) => n.startsWith("on")),
                hrefs: all.map((e) => e.getAttribute("href") || e.getAttribute("xlink:href")),
                fills: Array.from(box.querySelectorAll("rect")).map((e) => e.getAttribute("fill"))}; }""", HOSTILE)
    assert out["pwned"] is None
    for key in ("img", "script", "iframe", "fo", "image", "animate", "style"):
        assert out[key] == 0, (key, out["html"])
    assert out["onattrs"] == []
    assert sorted(h for h in out["hrefs"] if h) == ["#ok", "../rules/#dip-9-1"], out["hrefs"]
    assert out["fills"] == [None, "url(#g)"]


def _maps() -> dict[str, str]:
    """Engine maps of each kind the board draws: the start, an adjudicated opening (arrows, failures), a
    War of the Worlds position (Martians, cylinder), and the hostile SVG above on its own."""
    out = {}
    for name, calc, params in (("start", "dip-adjudicate", {}), ("opening", "dip-adjudicate", {"load": "opening"}),
                               ("wotw", "wotw-adjudicate", {"season": "spring", "year": "1901"})):
        result = calculators.run(calc, params)
        assert result["ok"], result
        out[name] = next(c["svg"] for c in result["charts"] if "svg" in c)
    # As XML (the engine's maps are): namespaces declared, so that it parses as the SVG it means to be.
    out["hostile"] = HOSTILE[HOSTILE.index("<svg"):].replace(
        "<svg ", '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ', 1)
    return out


def test_a_map_sanitised_in_parts_is_the_map_sanitised_whole(engine_page):
    """The board sanitises a map a part at a time, a task each (board/in-parts.js, issue 25): the oracle is the
    same map through the sanitiser in one pass. Every element, attribute and text is the same, the hostile SVG
    loses the same things, and the parts were sanitised apart."""
    out = engine_page.evaluate("""async (maps) => {
        const tidy = (el) => { for (const n of [...el.childNodes]) if (n.nodeType === 3 && !n.data.trim()) n.remove();
                               return el; };
        const res = {};
        for (const [name, text] of Object.entries(maps)) {
          const whole = tidy((await window.martianWidgets.sanitise(text)).querySelector("svg"));
          const {svg, calls} = await window.martianWidgets.sanitiseMap(text);
          const parts = tidy(svg);
          res[name] = {same: whole.isEqualNode(parts), calls, nodes: parts.querySelectorAll("*").length,
                       whole: whole.outerHTML.slice(0, 900), parts: parts.outerHTML.slice(0, 900)};
        }
        return res; }""", _maps())
    for name, r in out.items():
        assert r["same"], (name, r)
    # Parts, each its own call of the sanitiser after a turn for the page (schedule.nextTurn).
    assert out["start"]["nodes"] > 300 and out["start"]["calls"] >= 6, out["start"]
