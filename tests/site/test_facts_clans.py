"""The key facts of Game of the Clans II appear, exactly, on the right built page under the right rule.

Expected values are typed in by hand from the variant's source (68 centres, 35 to win, 12 for the
smaller partner, Spring 1491, the nine starting positions, the ten waters closed to English
fleets, the map notes), never read from the code or the docs.
"""
from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.slow

STARTS = {
    "England": "A Carlisle, A Newcastle, A/F South Channel, A/F Blyth Bay",
    "Campbell": "A Stalcair, A Tarbert, A Rothesay, A Loudoun, A Cawdor",
    "Fraser": "A Dingwall, A Tordarroch, A Invergarry, A Philorth, A Muchalls",
    "Gordon": "A Rothiemurchas, A Cluny, A Aboyne, A Gight, A Aberdeen",
    "Graham": "A Montrose, A Claverhouse, A Mugdock, A Dalhousie, A Avandale",
    "Keith": "A Berriedale, A Inverugie, A Caskieber, A Dunottar, A Crichton",
    "McDonald": "A Kiessimul, A Armadale, A Eilean Tioram, A Finlagan, A Skipness",
    "McLeod": "A Lewis, A Aultbea, A Eilean Donan, A Duart, A Ardverck",
    "Stewart": "A Blair, A Buchanan, A Stirling, A Crookston, A Morton",
}
WATERS = ["Solway Firth", "Wigton Bay", "Luce Bay", "Galloway Strait", "Firth of Clyde", "Bute Sound",
          "Wemyss Bay", "Sound of Jura", "Firth of Lorne", "Loch Linnhe"]


def _text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    text = re.sub(r"</?(abbr|a|span|strong|em|code)\b[^>]*>", "", html)
    text = re.sub(r"<[^>]+>", " ", text)
    for a, b in (("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&#39;", "'"), ("&nbsp;", " ")):
        text = text.replace(a, b)
    return re.sub(r"\s+", " ", text).strip()


def _article(built_site, page: str) -> str:
    path = built_site / "clans" / (page + "/index.html" if page else "index.html")
    m = re.search(r"<article\b.*?</article>", path.read_text(encoding="utf-8"), re.S)
    assert m, f"no article on clans/{page}"
    return m.group(0)


def _sections(article: str) -> dict[str, str]:
    """Rule ID -> the page HTML from its badge up to the next badge."""
    marks = list(re.finditer(r"<a class=['\"]rule-id['\"] id=['\"][a-z0-9-]+['\"][^>]*>([^<]+)</a>", article))
    return {m.group(1).strip(): article[m.start():nxt.start() if nxt else len(article)]
            for m, nxt in zip(marks, marks[1:] + [None])}


@pytest.fixture(scope="module")
def rules(built_site) -> dict[str, str]:
    return _sections(_article(built_site, "rules"))


def test_centres_and_victory(rules):
    assert "68 supply centres" in _text(rules["CLAN 5.2"])
    assert "35 centres" in _text(rules["CLAN 5.3"]) and "wins outright" in _text(rules["CLAN 5.3"])
    joint = _text(rules["CLAN 5.4"])
    assert "35 centres between them" in joint and "at least 12" in joint
    assert "Carlisle" in _text(rules["CLAN 5.1"]) and "Newcastle" in _text(rules["CLAN 5.1"])


def test_first_move_spring_1491(rules):
    assert "Spring 1491" in _text(rules["CLAN 6.1"])


def test_ten_players_nine_powers(rules):
    text = _text(rules["CLAN 1.1"])
    assert "ten players" in text and "nine powers" in text


def test_nine_starting_positions(rules):
    rows = re.findall(r"<tr>\s*<td>(.*?)</td>\s*<td>(.*?)</td>\s*</tr>", rules["CLAN 1.2"], re.S)
    table = {_text(a): _text(b) for a, b in rows}
    assert table == STARTS
    # 2 armies and 2 A/Fs of two units each (ruling CLAN R5) for England, five armies for each of 8 clans.
    assert "46 units in all" in _text(rules["CLAN 1.2"])


def test_summer_afs_and_offboard_centres(rules):
    summer = _text(rules["CLAN 1.3"])
    assert "Blyth Bay" in summer and "South Channel" in summer and "first game year" in summer
    off = _text(rules["CLAN 2.5"])
    assert "eight off-board supply centres" in off and "Spring 1492" in off


def test_ten_english_no_go_waters(rules):
    items = [_text(li) for li in re.findall(r"<li>(.*?)</li>", rules["CLAN 3.7"], re.S)]
    assert items == WATERS


def test_map_notes(rules):
    assert "Finlagan and Oban" in _text(rules["CLAN 7.1"])
    assert "Sound of Jura" in _text(rules["CLAN 7.2"]) and "Firth of Lorne" in _text(rules["CLAN 7.2"])
    notes = _text(rules["CLAN 7.3"])
    assert "Duart and Morvern" in notes and "Skipness and Brodick" in notes and "not" in notes
    coasts = _text(rules["CLAN 7.4"])
    assert "Armadale and Eilean Donan" in coasts
    assert "north coast (nc)" in coasts and "south coast (sc)" in coasts
    assert "Ireland is impassable" in _text(rules["CLAN 7.5"])


def test_amendments_link_to_standard_rules(rules):
    for rid, dip in (("CLAN 2.2", "DIP 13.5"), ("CLAN 3.6", "DIP 12.1"), ("CLAN 4.4", "DIP 5.4"),
                     ("CLAN 3.2", "DIP 8.1"), ("CLAN 5.3", "DIP 1.1")):
        assert "changes standard rule" in _text(rules[rid]) and dip in _text(rules[rid]), rid


def test_front_page_credits_and_missing_map(built_site):
    text = _text(_article(built_site, ""))
    assert "Wayne Hoheisel" in text and "Stephen Agar" in text
    assert "no public map data" in text


def test_rulings_page(built_site):
    rulings = _sections(_article(built_site, "rulings"))
    assert "nine" in _text(rulings["CLAN R1"]) and "ten" in _text(rulings["CLAN R1"])
    assert "no public map data" in _text(rulings["CLAN R2"])


def test_checks_page_hosts_the_four_calculators(built_site):
    article = _article(built_site, "checks")
    for cid in ("clans-victory", "clans-england-offboard", "clans-builds", "clans-orders"):
        assert f'data-calc="{cid}"' in article, cid


def test_every_rule_a_clans_result_cites_has_an_anchor(built_site):
    """Run every known case of the four checks and resolve each rule ID their results cite."""
    import json
    import pathlib

    import calculators

    anchors = set()
    for page in built_site.rglob("index.html"):
        anchors |= set(re.findall(r"<a class=['\"]rule-id['\"] id=['\"]([a-z0-9-]+)['\"]", page.read_text("utf-8")))
    cases = pathlib.Path(__file__).resolve().parents[1] / "data" / "cases"
    cited = set()
    for path in sorted(cases.glob("clans-*.json")):
        doc = json.loads(path.read_text("utf-8"))
        for case in doc["cases"]:
            result = calculators.run(doc["calculator"], case["params"])
            if result["ok"]:
                cited |= set(result["rules"])
    assert cited
    for rid in sorted(cited):
        assert re.sub(r"[^a-z0-9]+", "-", rid.lower()).strip("-") in anchors, rid
