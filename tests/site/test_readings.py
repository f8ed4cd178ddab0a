"""Switchable rulings in the built site (issue 19): one source for the page, the option and the code.

For every ruling the engine can switch, its box on the rulings page must list exactly the engine's
readings (each with its permanent anchor, the site's marked), its prose must link the site's reading
under "Reading taken" and every other one under "Alternatives", and every calculator that offers the
ruling must offer exactly those readings. The boxes are read from the built HTML, not from the hook.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

import calculators
from calculators.core.rulings import all_rulings

pytestmark = pytest.mark.slow


def anchor(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class _Boxes(HTMLParser):
    """Each ruling admonition: its rule ID, its reading anchors with their list item's text, and per
    lead-in paragraph ("Reading taken", "Alternatives") the in-page anchors it links to."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.boxes: dict[str, dict] = {}
        self._depth = 0  # div depth inside the current box (0: outside)
        self._box: dict | None = None
        self._para: list | None = None  # [text parts, hrefs] of the current <p>
        self._li: list | None = None
        self._in_rule = False

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        classes = a.get("class", "").split()
        if tag == "div" and self._box is None and "admonition" in classes and "ruling" in classes:
            self._box, self._depth = {"id": None, "readings": {}, "paras": {}}, 1
            return
        if self._box is None:
            return
        if tag == "div":
            self._depth += 1
        elif tag == "p":
            self._para = [[], []]
        elif tag == "li":
            self._li = [[], None]
        elif tag == "a":
            if "rule-id" in classes and self._box["id"] is None:
                self._in_rule = True
            if "reading-id" in classes and self._li is not None:
                self._li[1] = a.get("id")
            if self._para is not None and a.get("href", "").startswith("#"):
                self._para[1].append(a["href"][1:])

    def handle_data(self, data):
        if self._in_rule:
            self._box["id"] = data.strip()
        for part in (self._para, self._li):
            if part is not None:
                part[0].append(data)

    def handle_endtag(self, tag):
        if self._box is None:
            return
        if tag == "a":
            self._in_rule = False
        elif tag == "p" and self._para is not None:
            text = "".join(self._para[0]).strip()
            lead = re.match(r"(Question|Reading taken|Why|Alternatives)\.", text)
            if lead:
                self._box["paras"][lead.group(1)] = self._para[1]
            self._para = None
        elif tag == "li" and self._li is not None:
            if self._li[1]:
                self._box["readings"][self._li[1]] = " ".join("".join(self._li[0]).split())
            self._li = None
        elif tag == "div":
            self._depth -= 1
            if self._depth == 0:
                self.boxes[self._box["id"]] = self._box
                self._box = None


@pytest.fixture(scope="module")
def boxes(built_site) -> dict[str, dict]:
    out = {}
    for page in sorted(built_site.glob("*/rulings/index.html")):
        parser = _Boxes()
        parser.feed(page.read_text(encoding="utf-8"))
        parser.close()
        out.update(parser.boxes)
    return out


RULINGS = sorted(all_rulings().values(), key=lambda r: r.id)


def test_the_engine_has_switchable_rulings_and_the_pages_have_boxes(boxes):
    assert {"COM R1", "COM R2", "COM R3", "AQMF R5", "AQMF R14", "AQMF R17"} <= {r.id for r in RULINGS}
    assert len(boxes) >= 60


@pytest.mark.parametrize("ruling", RULINGS, ids=[r.id for r in RULINGS])
def test_the_box_lists_exactly_the_engines_readings_the_sites_marked(boxes, ruling):
    box = boxes.get(ruling.id)
    assert box is not None, f"no ruling box for {ruling.id}"
    want = {anchor(f"{ruling.id}: {r.id}"): r for r in ruling.readings}
    assert set(box["readings"]) == set(want), f"{ruling.id}: the box lists {sorted(box['readings'])}"
    for a, reading in want.items():
        text = box["readings"][a]
        assert text.startswith(f"{ruling.id}: {reading.id} {reading.label}"), text
        assert ("(the site's reading)" in text) == reading.default, text


@pytest.mark.parametrize("ruling", RULINGS, ids=[r.id for r in RULINGS])
def test_the_boxs_prose_names_the_same_readings(boxes, ruling):
    """'Reading taken' links the site's reading; 'Alternatives' links every other reading, and no more."""
    box = boxes[ruling.id]
    mine = {anchor(f"{ruling.id}: {r.id}"): r for r in ruling.readings}
    taken = {a for a in box["paras"].get("Reading taken", []) if a in mine}
    alternatives = {a for a in box["paras"].get("Alternatives", []) if a in mine}
    assert taken == {anchor(f"{ruling.id}: {ruling.default.id}")}
    assert alternatives == {a for a, r in mine.items() if not r.default}


def test_every_calculator_offers_exactly_the_readings_the_box_lists(boxes):
    offered = 0
    for calc in calculators.catalog():
        for p in calc["params"]:
            if not p.get("ruling"):
                continue
            offered += 1
            box = boxes[p["ruling"]]
            assert p["ruling"] in calc["rulings"] and p["group"] == "rulings"
            assert {anchor(f"{p['ruling']}: {c['value']}") for c in p["choices"]} == set(box["readings"]), calc["id"]
            site = next(a for a, text in box["readings"].items() if "(the site's reading)" in text)
            assert anchor(f"{p['ruling']}: {p['default']}") == site, calc["id"]
    assert offered >= 10


def _hook():
    import importlib
    import pathlib
    import sys
    hooks = str(pathlib.Path(__file__).resolve().parents[2] / "hooks")
    if hooks not in sys.path:
        sys.path.insert(0, hooks)  # as MkDocs runs them: the hooks import each other by name
    return importlib.import_module("readings")


def test_the_build_refuses_a_box_that_disagrees_with_the_engine():
    """The hook's own check, on page text: a missing list, a list outside its box, prose naming the wrong
    reading, a reading that does not exist."""
    import pathlib
    page = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "icehouse" / "rulings.md").read_text(encoding="utf-8")
    pages = {"icehouse/rulings.md": page,
             "aqmf/rulings.md": (pathlib.Path(__file__).resolve().parents[2] / "docs" / "aqmf" / "rulings.md")
             .read_text(encoding="utf-8")}
    found = [p for p in _hook().problems_in(pages) if p.startswith(("icehouse", "aqmf", "switchable ruling COM",
                                                                     "switchable ruling AQMF"))]
    assert found == []
    broken = dict(pages)
    broken["icehouse/rulings.md"] = (page.replace("    <!-- readings: COM R1 -->\n", "")
                                     .replace("([[COM R3: skip-if-empty]])", "([[COM R3: never]])")
                                     .replace("[[COM R2: hidden]]", "[[COM R2: open]]"))
    found = _hook().problems_in(broken)
    assert any("COM R1 needs one <!-- readings: COM R1 -->" in p for p in found), found
    assert any("[[COM R3: never]] names no reading" in p for p in found), found
    assert any("COM R2's 'Alternatives' must link exactly" in p for p in found), found


# A reading named in a page's prose: a link to its anchor whose title is "RULE ID: reading id".
PROSE_REF = re.compile(r'<a href="[^"]*#[a-z]+-r\d+-[a-z0-9-]+" title="([A-Z]+ R\d+): ([a-z0-9-]+)">([^<]*)</a>')


def test_a_reading_named_in_prose_reads_as_its_label_not_its_id(built_site):
    """Issue 24: raw reading ids ("DIP R16: literal", "WOTW R6: after-moves") never reach a reader. The prose's
    links name the reading by its label; the id is kept in the link's target and title."""
    refs = [(path, m) for path in sorted(built_site.rglob("index.html"))
            for m in PROSE_REF.finditer(path.read_text(encoding="utf-8"))]
    assert len(refs) > 20, "the prose links the readings it names"
    raw = [(str(path.relative_to(built_site)), m.group(3)) for path, m in refs
           if m.group(3) == f"{m.group(1)}: {m.group(2)}"]
    assert not raw, raw[:5]
