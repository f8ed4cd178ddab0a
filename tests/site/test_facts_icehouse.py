"""The Conquest of Mars rules page carries the source's key facts exactly (issue 8):
the action-point costs, the reroll grants and the poker hand ranking."""
from __future__ import annotations

import re
from html.parser import HTMLParser


class _Cells(HTMLParser):
    """Table rows (as lists of cell text) and list items, tags stripped."""

    def __init__(self):
        super().__init__()
        self.rows, self.items = [], []
        self._row = None
        self._cell = None
        self._li = []

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "li":
            self._li.append([])

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self._row.append(_norm("".join(self._cell)))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.rows.append(self._row)
            self._row = None
        elif tag == "li" and self._li:
            self.items.append(_norm("".join(self._li.pop())))

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        for item in self._li:
            item.append(data)


def _norm(text):
    return re.sub(r"\s+", " ", text).strip()


def _page(built_site, path):
    parser = _Cells()
    parser.feed((built_site / path / "index.html").read_text(encoding="utf-8"))
    return parser


def _strip_rule_ids(text):
    return re.sub(r"^COM \d+(\.\d+)*\s*", "", text)


def test_action_point_costs(built_site):
    rows = [[_strip_rule_ids(c) for c in r] for r in _page(built_site, "icehouse/rules").rows]
    costs = {r[0].split(" (")[0]: r[1] for r in rows if len(r) == 2}
    assert costs["A) Discover a new territory"] == "1"
    assert costs["B1) Deploy a small pyramid"] == "1"
    assert costs["B2) Deploy a medium pyramid"] == "2"
    assert costs["B3) Deploy a large pyramid"] == "3"
    assert costs["C) Defend your pyramids at a territory where other players have pyramids too"] == "1"


def test_reroll_grants(built_site):
    rows = _page(built_site, "icehouse/rules").rows
    grants = {r[0]: r[1] for r in rows if len(r) == 2}
    assert grants["small"] == "0"
    assert grants["medium"] == "1"
    assert grants["large"] == "2"


def test_hand_ranking_in_order(built_site):
    items = _page(built_site, "icehouse/rules").items
    ranking = ["highest single card", "a pair (when pairs tie, the higher pair wins)", "two pairs",
               "three of a kind", "flush: all five cards of one suit", "full house: three of a kind and a pair"]
    start = items.index(ranking[0])
    assert items[start:start + 6] == ranking
    text = (built_site / "icehouse/rules/index.html").read_text(encoding="utf-8")
    assert "Aces are always low" in text


def test_setup_and_turn_facts(built_site):
    text = _norm(re.sub(r"<[^>]+>", "", (built_site / "icehouse/rules/index.html").read_text(encoding="utf-8")))
    for fact in ["Set aside one d6 as the Points Die", "three nests of pyramids", "fewest faces, not physical size",
                 "Roll the Points Die", "at least five cards", "perhaps 6 or 7 each", "fewest faces takes the first turn"]:
        assert fact in text, fact
