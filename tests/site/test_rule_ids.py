"""Rule IDs in the built site: each defined once, and every one the calculators cite resolves.

A rule's anchor is ``<a class='rule-id' id=...>``; the expected anchor of an ID is worked out
here from the convention alone (``WOTW 9.1`` -> ``wotw-9-1``), not taken from the hook.
"""
from __future__ import annotations

import json
import pathlib
import re
from html.parser import HTMLParser
from urllib.parse import parse_qsl, urlsplit

import pytest

import calculators
from calculators.core.games import RULE_ID_PATTERN

pytestmark = pytest.mark.slow

RULE_ID = re.compile(rf"^{RULE_ID_PATTERN}$")


def expected_anchor(rule_id: str) -> str:
    """``WOTW 9.1`` -> ``wotw-9-1``; ``AQMF R3`` -> ``aqmf-r3``."""
    out, dash = [], False
    for ch in rule_id.lower():
        if ch.isascii() and ch.isalnum():
            out.append(ch)
            dash = False
        elif not dash:
            out.append("-")
            dash = True
    return "".join(out).strip("-")


class _Anchors(HTMLParser):
    """Collects rule-ID anchors (id, text), reading anchors (id, text), every element ID, and calculator
    widgets and links."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rule_anchors: list[tuple[str, str]] = []
        self.reading_anchors: list[tuple[str, str]] = []
        self._kind = self.rule_anchors
        self.ids: set[str] = set()
        self.widgets: list[tuple[str, dict]] = []
        self.calc_links: list[str] = []
        self._open: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        if a.get("id"):
            self.ids.add(a["id"])
        classes = a.get("class", "").split()
        if tag == "a" and ("rule-id" in classes or "reading-id" in classes):
            self._open, self._text = a.get("id", ""), []
            self._kind = self.rule_anchors if "rule-id" in classes else self.reading_anchors
        if a.get("data-calc"):
            self.widgets.append((a["data-calc"], json.loads(a.get("data-defaults") or "{}")))
        if tag == "a" and "calc-link" in a.get("class", "").split():
            self.calc_links.append(a.get("href", ""))

    def handle_data(self, data):
        if self._open is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag == "a" and self._open is not None:
            self._kind.append((self._open, "".join(self._text).strip()))
            self._open = None


@pytest.fixture(scope="module")
def site(built_site):
    pages = {}
    for path in sorted(built_site.rglob("*.html")):
        p = _Anchors()
        p.feed(path.read_text(encoding="utf-8"))
        p.close()
        pages[path.relative_to(built_site).as_posix()] = p
    return pages


@pytest.fixture(scope="module")
def defined(site) -> dict[str, list[str]]:
    """Anchor ID -> the pages that define it (404.html repeats nothing, but is skipped to be safe)."""
    where: dict[str, list[str]] = {}
    for page, p in site.items():
        if page == "404.html":
            continue
        for anchor_id, _ in p.rule_anchors:
            where.setdefault(anchor_id, []).append(page)
    return where


@pytest.fixture(scope="module")
def readings_defined(site) -> dict[str, str]:
    """Reading anchor ID -> its page: a switchable ruling's readings (``COM R1: literal``)."""
    return {anchor_id: page for page, p in site.items() if page != "404.html" for anchor_id, _ in p.reading_anchors}


def test_expected_anchor_convention():
    assert expected_anchor("COM R1: one-to-ten") == "com-r1-one-to-ten"
    assert expected_anchor("WOTW 9.1") == "wotw-9-1"
    assert expected_anchor("DIP 14.8") == "dip-14-8"
    assert expected_anchor("AQMF R3") == "aqmf-r3"
    assert expected_anchor("CLAN 5.1a") == "clan-5-1a"


def test_the_site_defines_rule_ids(defined):
    assert len(defined) >= 60, f"only {len(defined)} rule anchors in the whole site"
    assert "dip-1-1" in defined and "wotw-9-1" in defined


def test_every_rule_id_is_unique_site_wide(defined):
    twice = {a: pages for a, pages in defined.items() if len(pages) > 1}
    assert not twice, f"rule anchors defined more than once: {twice}"


def test_every_rule_anchor_is_well_formed(site):
    bad = []
    for page, p in site.items():
        for anchor_id, text in p.rule_anchors:
            if not RULE_ID.match(text):
                bad.append(f"{page}: badge text {text!r} is not a rule ID")
            elif expected_anchor(text) != anchor_id:
                bad.append(f"{page}: {text} has anchor {anchor_id!r}, expected {expected_anchor(text)!r}")
    assert not bad, "\n  ".join(bad)


def test_every_rule_id_cited_by_a_calculator_resolves(defined):
    catalog = calculators.catalog()
    assert catalog, "the catalog is empty"
    missing = []
    for calc in catalog:
        assert calc["rules"], f"calculator {calc['id']} cites no rule"
        for rid in calc["rules"]:
            if expected_anchor(rid) not in defined:
                missing.append(f"{calc['id']} cites {rid} (#{expected_anchor(rid)})")
    assert not missing, "rule IDs cited by calculators with no anchor in the site:\n  " + "\n  ".join(missing)


def test_every_calculator_page_hosts_its_widget(site):
    """A calculator's catalog page must hold the widget the catalog and rule badges link to."""
    missing = []
    for calc in calculators.catalog():
        page = calc["page"][:-3]
        page = "index.html" if page == "index" else (page[:-len("index")] if page.endswith("/index") else page + "/") + "index.html"
        if page not in site or f"calc-{calc['id']}" not in site[page].ids:
            missing.append(f"{calc['id']}: no #calc-{calc['id']} on {page}")
    assert not missing, "\n  ".join(missing)


def _cited_by_results(site) -> list[tuple[str, str, str]]:
    """(where, calculator, rule ID) for every rule a result cites, for every widget default and calc-link."""
    runs = []
    for page, p in site.items():
        for cid, defaults in p.widgets:
            runs.append((f"{page} widget", cid, {k: str(v) for k, v in defaults.items()}))
        for href in p.calc_links:
            params = dict(parse_qsl(urlsplit(href).fragment, keep_blank_values=True))
            cid = params.pop("calc", None)
            if cid:
                runs.append((f"{page} calc-link", cid, params))
    cited = []
    for where, cid, params in runs:
        result = calculators.run(cid, params)
        assert result["ok"], f"{where}: {cid} rejects {params}: {result.get('error')}"
        for rid in result.get("rules", []):
            cited.append((where, cid, rid))
    return cited


def test_every_rule_id_cited_by_a_result_resolves(site, defined, readings_defined):
    """A result cites rules (``COM 6.5``) and the readings it used (``COM R1: one-to-ten``): each lands on
    its anchor, a reading on its own (in its ruling's box, see test_readings.py)."""
    cited = _cited_by_results(site)
    assert cited, "no calculator result on the site cites a rule"
    readings = [rid for _, _, rid in cited if ":" in rid]
    assert readings, "no result on the site cites the reading it used"
    missing = sorted({f"{where}: {cid} result cites {rid}" for where, cid, rid in cited
                      if expected_anchor(rid) not in (readings_defined if ":" in rid else defined)})
    assert not missing, "\n  ".join(missing)


def test_every_reading_of_every_switchable_ruling_resolves(readings_defined):
    """Every reading a result can cite, under any choice, has its anchor in the built site."""
    every = {f"{p['ruling']}: {c['value']}" for calc in calculators.catalog() for p in calc["params"] if p.get("ruling")
             for c in p["choices"]}
    assert every, "no calculator offers a switchable ruling"
    missing = sorted(r for r in every if expected_anchor(r) not in readings_defined)
    assert not missing, f"readings with no anchor in the site: {missing}"


def test_rules_json_points_at_the_anchors(built_site, site):
    """The browser turns cited rule IDs and readings into links with assets/engine/rules.json: each must land."""
    path = built_site / "assets" / "engine" / "rules.json"
    table = json.loads(path.read_text(encoding="utf-8"))
    bad = []
    for rid, url in table.items():
        page, _, frag = url.partition("#")
        page = (page + "index.html") if page.endswith("/") or page == "" else page
        if frag != expected_anchor(rid) or page not in site or frag not in site[page].ids:
            bad.append(f"{rid} -> {url}")
    assert not bad, "\n  ".join(bad)
    every = {a for p in site.values() for a, _ in p.rule_anchors + p.reading_anchors}
    assert {expected_anchor(r) for r in table} == every, "rules.json and the site's rule anchors differ"
