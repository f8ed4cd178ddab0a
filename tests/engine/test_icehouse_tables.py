"""Conquest of Mars results show every chance the one way every table does (issue 11): a typed
probability cell, so "1 in N" stands beside the percentage, a chance that is not 0 never reads
"0.00%", a long exact fraction waits behind a toggle, and a Monte Carlo estimate shows its 95%
interval instead of a fraction it does not have."""
from __future__ import annotations

import re
from fractions import Fraction

import pytest

import calculators
from calculators.present import result_html
from calculators.present.exact import exact_rows
from calculators.present.tables import cell_html

DEFEND = {"p1": "S=1 M=1 dice=d8,d6", "p2": "S=2 dice=d6,d6"}
TABLE = {"p1": "S=2 dice=d8:5,d6:3", "p2": "S=1 L=1 dice=d12:4,d4:2"}
MONTE_CARLO = {"method": "monte-carlo", "trials": 1000}
RUNS = [
    ("com-defend", DEFEND),
    ("com-defend", {**DEFEND, **MONTE_CARLO}),
    ("com-defend", {"p1": "S=1 M=1 L=1 dice=d20,d12,d10", "p2": "S=3 dice=d4,d4,d4"}),  # long fractions
    ("com-defend", {"p1": "S=3 dice=d100,d100,d100", "p2": "S=3 dice=d2,d2,d2", "policy": "none"}),  # tiny chances
    ("com-reroll", TABLE),
    ("com-reroll", {**TABLE, **MONTE_CARLO}),
    ("com-dice-advisor", {}),
    ("com-dice-advisor", MONTE_CARLO),
    ("com-card-odds", {}),
    ("com-card-odds", {"held": "2H 7S", "more": 3}),
    ("com-action-points", {}),
]
PERCENT = re.compile(r"\d\s*%")


def _cells(result):
    for table in result["tables"]:
        for row in table["rows"]:
            yield from row


@pytest.fixture(scope="module", params=RUNS, ids=lambda run: f"{run[0]} {sorted(run[1])}")
def result(request):
    calc_id, params = request.param
    out = calculators.run(calc_id, params)
    assert out["ok"], out
    return out


def test_no_chance_is_plain_text(result):
    text = [c for c in _cells(result) if isinstance(c, str) and PERCENT.search(c)]
    assert not text, f"probabilities written as text, not typed cells: {text[:3]}"
    assert any(isinstance(c, dict) and c.get("type") == "prob" for c in _cells(result))


def test_each_cell_reads_the_one_way(result):
    for cell in (c for c in _cells(result) if isinstance(c, dict) and c.get("type") == "prob"):
        p = Fraction(cell["p"])
        html = cell_html(cell)
        pct = re.search(r'class="calc-pct">([^<]*)<', html).group(1)
        if p > 0:
            assert pct not in ("0.00%", "0.0%"), (cell, pct)
        # "1 in N" below one half, the same way down a column; none for a likelier chance ("1 in 1.46" read oddly).
        odds = re.search(r'class="calc-odds">([^<]*)<', html)
        if 0 < p < Fraction(1, 2):
            assert odds and re.fullmatch(r"1 in [\d,.]+|almost always", odds.group(1)), html
        else:
            assert odds is None, html
        if "ci95" not in cell and (p * 100).denominator == 1:  # an exact whole percentage reads whole
            assert pct == f"{p * 100}%", (cell, pct)
        if "ci95" in cell:  # an estimate: its interval, and no fraction that would pass for exact
            lo, hi = cell["ci95"]
            assert lo <= cell["float"] <= hi
            assert "calc-ci" in html and "95%:" in html and "calc-frac" not in html
        elif p in (0, 1):  # exact and certain: "0%" or "100%" alone, no "0/1" beside it
            assert pct == f"{int(p * 100)}%" and "calc-frac" not in html, html
        else:  # the exact fraction, however short, folded behind its toggle (issue 24)
            assert '<details class="calc-frac">' in html and f"<code>{cell['p']}</code>" in html


def test_estimates_are_not_listed_as_exact(result):
    """"Exact probabilities" lists the exact chances in the data, never a Monte Carlo estimate."""
    listed = exact_rows(result["data"])
    if result["data"].get("method") == "monte-carlo":
        assert not listed, listed
    elif result["id"] != "com-action-points" or result["data"]["afford"]["p"] not in ("0/1", "1/1"):
        assert listed
    html = result_html(result, {})
    assert ("Exact probabilities" in html) == bool(listed)


def test_a_tiny_chance_reads_below_a_hundredth_of_a_percent():
    out = calculators.run("com-defend", {"p1": "S=3 dice=d100,d100,d100", "p2": "S=3 dice=d2,d2,d2",
                                         "policy": "none"})
    table = next(t for t in out["tables"] if t["title"] == "How the territory ends")
    row = next(r for r in table["rows"] if r[0] == "Player 2 sole occupier")
    # By hand: player 1 loses all three comparisons only with every d100 at 1 or 2 (each way 1/100 a die), and
    # player 2 keeps a pyramid only by beating a 1 with a 2 somewhere. With k twos among player 1's dice and m
    # among player 2's (both lined up high to low), player 1 loses every rank iff k <= m and player 2 wins one iff
    # k < m: the sum of C(3, k) C(3, m) over k < m is 7 + 12 + 3 = 22, so 22 / 100**3 / 2**3 = 11/4,000,000.
    assert Fraction(row[1]["p"]) == Fraction(11, 4_000_000)
    html = cell_html(row[1])
    assert "&lt; 0.01%" in html and "1 in 364,000" in html and "11/4000000" in html
