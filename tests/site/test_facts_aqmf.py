"""Every row of the AQMF quick-start's tables appears, exactly, on the right built page.

Expected rows are typed in by hand from the quick-start (stats, weapons, cover,
reinforcements, initiative modifiers, tripod damage chart, the scenarios' forces and points),
never read from the code or the docs. Each table must sit under its rule ID.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

pytestmark = pytest.mark.slow


class _Tables(HTMLParser):
    """Collect each <table>'s rows (cell texts), tagged with the last rule badge seen before it."""

    def __init__(self):
        super().__init__()
        self.tables: list[tuple[str | None, list[list[str]]]] = []
        self.rule = None
        self._badge = False
        self._row = None
        self._cell = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "a" and a.get("class") == "rule-id":
            self._badge = True
        elif tag == "table":
            self.tables.append((self.rule, []))
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag == "a":
            self._badge = False
        elif tag in ("td", "th") and self._cell is not None:
            self._row.append(re.sub(r"\s+", " ", "".join(self._cell)).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.tables[-1][1].append(self._row)
            self._row = None

    def handle_data(self, data):
        if self._badge:
            self.rule = data.strip()
        if self._cell is not None:
            self._cell.append(data)


def _tables(built_site, page: str) -> dict[str, list[list[str]]]:
    html = (built_site / "aqmf" / page / "index.html").read_text(encoding="utf-8")
    article = re.search(r"<article\b.*?</article>", html, re.S).group(0)
    parser = _Tables()
    parser.feed(article)
    out: dict[str, list[list[str]]] = {}
    for rule, rows in parser.tables:
        out.setdefault(rule, []).extend(rows)
    return out


HUMANS = [
    ["Infantry", "Infantry", '6"', "5", "4", "Rifle", "Stealth"],
    ["Machine Gunners", "Infantry", '6"', "5", "4", "Machine Gun", "Stealth"],
    ["Rough Riders", "Infantry", '10"', "7", "4", "(none listed)", "Rough Rider, Tow Cable"],
]
MARTIANS = [["Assault Tripod", "Tripod", '8"', "9", "10", "Heat Ray", "Massive"]]
WEAPONS = [
    ["Rifles", '15"', "–", "–"],
    ["Machine Gun", '20"', "–", "Rapid Fire – Roll 3 dice to shoot per stand"],
    ["Tank Gun", '30"', "+1", "–"],
    ["Heat Ray – Focused", '3"–30+', "+3", "–"],
    ["Heat Ray – Sweep", '3"–15"', "+2", "Sweep"],
    ["Reaper Tentacles", "Assault", "+1", "–"],
]
COVER = [["Hard Cover", "+3"], ["Soft Cover", "+1"]]
INITIATIVE = [
    ["Each Martian Tripod unit destroyed in the previous turn", "+3"],
    ["Each Martian Machine unit destroyed in the previous turn", "+2"],
    ["Each Martian Zombie unit destroyed in the previous turn", "+1"],
    ["Each Human Ironclad machine unit destroyed in the previous turn", "-3"],
    ["Each Human vehicle/tank or artillery unit destroyed in the previous turn", "-2"],
    ["Each Human infantry unit destroyed in the previous turn", "-1"],
]
# Die-roll bands with the words each result must contain.
REINFORCEMENTS = [("1–5", ["No show", "does not arrive", "again next turn"]),
                  ("6–8", ["moves onto the table", "cannot attack"]),
                  ("9–10", ["moves onto the table", "may attack this turn"])]
DAMAGE_CHART = [("1–5", ["Damaged", "Armor -1"]),
                ("6", ["crippled", "Armor -1", "both players roll a D10", "does not move"]),
                ("7", ["weapons disabled", "Armor -1", "double", "does not shoot"]),
                ("8", ["Badly damaged", "a D10", "0 or less", "destroyed"]),
                ("9", ["Destroyed"]),
                ("10+", ["explodes", '6"', "3 attacks at Power +2"])]


@pytest.fixture(scope="module")
def tables(built_site):
    return _tables(built_site, "tables")


@pytest.mark.parametrize("rule, rows", [("AQMF 19.1", HUMANS), ("AQMF 19.2", MARTIANS), ("AQMF 19.3", WEAPONS),
                                        ("AQMF 20.1", COVER), ("AQMF 20.3", INITIATIVE)])
def test_every_row_exact_under_its_rule(tables, rule, rows):
    assert rule in tables, f"no table under {rule}"
    for row in rows:
        assert row in tables[rule], f"{rule}: row {row} missing; have {tables[rule]}"


def test_baldwin_row_says_its_stats_are_not_given(tables):
    row = next(r for r in tables["AQMF 19.1"] if r[0] == "Mk II Baldwin")
    assert row[1] == "Tank" and all(c == "(not given)" for c in row[2:])


@pytest.mark.parametrize("rule, bands", [("AQMF 20.2", REINFORCEMENTS), ("AQMF 20.4", DAMAGE_CHART)])
def test_banded_tables(tables, rule, bands):
    rows = {r[0]: r[1] for r in tables[rule] if len(r) == 2}
    assert [b for b, _ in bands] == [r[0] for r in tables[rule][1:]], "bands in order, none missing or extra"
    for band, words in bands:
        for w in words:
            assert w in rows[band], f"{rule} {band}: {w!r} not in {rows[band]!r}"


def test_turn_sequence(tables):
    rows = tables["AQMF 20.5"]
    assert [r[:2] for r in rows[1:]] == [["Phase 1", "Initiative Phase"], ["Phase 2", "Side 'A's Turn"],
                                         ["Phase 3", "Side 'B's Turn"], ["Phase 4", "End Phase"]]
    assert rows[2][2] == rows[3][2] == "First Move Phase, Combat Phase and Second Move Phase"


def test_scenario_forces_and_points(built_site):
    t = _tables(built_site, "scenarios")
    assert ["Infantry Company (5 stands of Doughboys and 1 stand with the Captain)", "60"] in t["AQMF 22.2"]
    assert ["1 unit of Machine Guns (3 stands of HMG Teams)", "40"] in t["AQMF 22.2"]
    assert ["Reinforcements: 1 unit of Rough Riders (3 stands of two figures each)", "45"] in t["AQMF 22.2"]
    assert ["1 Assault Tripod with Heat Ray, Gripper Claw and Tentacles", "200"] in t["AQMF 22.2"]
    assert ["Infantry Company (5 stands of Doughboys)", "60"] in t["AQMF 23.3"]
    assert ["1 unit of Machine Guns (3 stands of HMG Teams)", "40"] in t["AQMF 23.3"]
    assert ["6 Mk II Baldwin Tanks", "480"] in t["AQMF 23.3"]
    assert ["1 unit of Rough Riders (3 stands of two figures each)", "45"] in t["AQMF 23.3"]
    assert ["3 Assault Tripods with Heat Ray, Gripper Claw and Tentacles", "600"] in t["AQMF 23.3"]


def _text(built_site, page):
    html = (built_site / "aqmf" / page / "index.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", " ", re.search(r"<article\b.*?</article>", html, re.S).group(0))
    text = text.replace("&quot;", '"').replace("&#39;", "'").replace("&amp;", "&")
    return re.sub(r"\s+", " ", text)


def test_scenario_key_facts(built_site):
    text = _text(built_site, "scenarios")
    for fact in ["six turns", "within 24 inches of the farm buildings", "at least 6 stands", "5 stands or fewer",
                 "moves 4 inches in each movement phase", "within 4 inches of the far table edge",
                 "8-inch deployment zone", "destroying 2 tripods", "20 x 100mm", "40mm rounds", "40mm x 40mm",
                 "Ambush, Reinforcements and Hidden Movement"]:
        assert fact in text, fact


def test_rules_key_numbers(built_site):
    text = _text(built_site, "rules")
    for fact in ["minimum range of 3\"", "15\" maximum range", "+2 to its Armor", "within 6\"", "-4 to its Defense",
                 "5 or more", "4 or less", "+3 to the roll", "3 attacks at Power +2", "within 12\"",
                 "up to two decoy", "Defense 5 and Armor 4", "Speed of 6\"", "more than 1\""]:
        assert fact in text, fact
