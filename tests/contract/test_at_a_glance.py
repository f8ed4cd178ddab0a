"""Issue 24, "Calculators at a glance": the answer in one line, and no column of fractions.

Every calculator's first result (its defaults; where they are incomplete, its first preset; where it has
none, its first known case in tests/data/cases) and every preset's result:
- has one headline (``summary``) of at most 140 characters, in plain words: no "P(...)" notation, no
  pointer to "Exact probabilities" (the details, the exact fractions and the method sit below it);
- shows no table column of exact fractions: a chance is one typed probability cell (percentage, "1 in N")
  that keeps its exact fraction in the data (``p``) for the page to show on request.
"""
from __future__ import annotations

import json
import pathlib
import re
from fractions import Fraction

import pytest

import calculators

HEADLINE = 140
CASES = pathlib.Path(__file__).resolve().parents[1] / "data" / "cases"
FRACTION_TEXT = re.compile(r"\s*-?\d+\s*/\s*\d+\s*")


def _first_case(calc_id: str) -> dict | None:
    path = CASES / f"{calc_id}.json"
    if not path.exists():
        return None
    for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
        result = calculators.run(calc_id, case.get("params", {}))
        if result["ok"]:
            return result
    return None


def _first(entry: dict) -> dict | None:
    """The result a player first sees: defaults, else the first preset, else the first known case."""
    result = calculators.run(entry["id"], {})
    if not result["ok"] and entry["presets"]:
        name = entry["presets"]["name"]
        result = calculators.run(entry["id"], {name: next(iter(calculators.presets(entry["id"])))})
    return result if result["ok"] else _first_case(entry["id"])


def _results():
    for entry in calculators.catalog():
        yield pytest.param(entry["id"], "first", id=f"{entry['id']}:first")
        for value in calculators.presets(entry["id"]):
            yield pytest.param(entry["id"], value, id=f"{entry['id']}:{value}")


def _result(calc_id: str, which: str) -> dict | None:
    entry = next(e for e in calculators.catalog() if e["id"] == calc_id)
    if which == "first":
        return _first(entry)
    return calculators.run(calc_id, {entry["presets"]["name"]: which})


@pytest.mark.parametrize("calc_id, which", list(_results()))
def test_one_plain_headline(calc_id, which):
    result = _result(calc_id, which)
    if result is None or not result["ok"]:
        assert which != "first", f"{calc_id}: no default, preset or known case gives a result"
        return  # a preset that is an error on purpose (its message is the point) has no headline
    headline = result["summary"]
    assert 0 < len(headline) <= HEADLINE, f"{len(headline)} characters: {headline}"
    assert "\n" not in headline
    assert not re.search(r"\bP\s*\(", headline), f"P(...) notation: {headline}"
    assert "Exact probabilities" not in headline and "exact fraction" not in headline, headline


def _is_fraction_cell(cell) -> bool:
    if isinstance(cell, dict):
        return cell.get("type") == "prob" and cell.get("show") == "fraction"
    return isinstance(cell, str) and bool(FRACTION_TEXT.fullmatch(cell)) and Fraction(cell) is not None


FOLDED = re.compile(r"<details\b.*?</details>", re.S)
DRAWN_FRACTION = re.compile(r"(?<![\d/])\d+/\d+(?![\d/])")


def _shown_unfolded(html: str) -> str:
    """The text of result HTML a reader sees without opening anything: every <details> left out."""
    return re.sub(r"<[^>]+>", " ", FOLDED.sub(" ", html))


@pytest.mark.parametrize("calc_id, which", list(_results()))
def test_no_column_of_fractions(calc_id, which):
    result = _result(calc_id, which)
    if result is None or not result["ok"]:
        return
    # As drawn (calculators.present, the page's one renderer): no exact fraction in a table cell unless asked
    # for, however short ("68.56% · 1 in 1.46", its "28435/41472" folded behind the cell's "exact").
    from calculators.present.tables import table_html
    for table in result["tables"]:
        body = table_html(table).split("<tbody>", 1)[-1]
        found = DRAWN_FRACTION.search(_shown_unfolded(body))
        assert not found, f"{table['title']}: {found.group(0)} shown unasked"
    for table in result["tables"]:
        for j, column in enumerate(table["columns"]):
            cells = [row[j] for row in table["rows"] if j < len(row)]
            assert not any(_is_fraction_cell(c) for c in cells), f"{table['title']} › {column}: {cells[:3]}"
        for row in table["rows"]:
            for cell in row:
                if isinstance(cell, dict) and cell.get("type") == "prob":
                    # the exact value stays in every probability cell, for the page to show on request
                    assert Fraction(cell["p"]) == Fraction(cell["p"]) and 0 <= Fraction(cell["p"]) <= 1, cell


def test_the_checks_catch_what_they_are_for():
    assert _is_fraction_cell({"type": "prob", "p": "1/2", "float": 0.5, "show": "fraction"})
    assert _is_fraction_cell("34628541/39062500") and _is_fraction_cell(" 3/5 ")
    assert not _is_fraction_cell({"type": "prob", "p": "1/2", "float": 0.5, "show": "all"})
    assert not _is_fraction_cell("50.00%") and not _is_fraction_cell("2/3 of the board")
    assert DRAWN_FRACTION.search(_shown_unfolded('<td><span class="calc-frac">2/5</span></td>'))
    assert not DRAWN_FRACTION.search(_shown_unfolded('<td><details><summary>exact</summary>2/5</details></td>'))


def test_reroll_advice_is_worded_by_what_changes():
    """Issue 24: a reroll that changes only the pyramids lost never reads "from 0.0% to 0.0% (+0.0 points)"."""
    from calculators.icehouse.reroll import advice
    only_pyramids = advice("Reroll the d4 showing 1", Fraction(0), Fraction(0), Fraction(2), Fraction(3, 2))
    assert only_pyramids == ("Reroll the d4 showing 1: 1.50 pyramids lost on average instead of 2.00 if you stop; "
                             "the chance of ending as sole occupier stays 0.0%.")
    both = advice("Reroll the d12 showing 4", Fraction(0), Fraction(5, 16), Fraction(2), Fraction(53, 50))
    assert both == ("Reroll the d12 showing 4: sole occupier 31.2% instead of 0.0% if you stop; 1.06 pyramids lost "
                    "on average instead of 2.00.")
    only_chance = advice("Reroll the d6 showing 2", Fraction(1, 4), Fraction(1, 2), Fraction(1), Fraction(1))
    assert only_chance.endswith("sole occupier 50.0% instead of 25.0% if you stop; the same pyramids lost on average.")


def test_the_fire_plan_holds_column_shows_probabilities():
    """Issue 24's test item: the fire plan's "Holds" column (a unit of people as the target, so the table of
    elements lost and morale is built) is a probability cell like "Routed" and "All", drawn as a percentage;
    and Holds + Routed = All on every row, which a cell that names a fraction's size could not keep."""
    from calculators.present import result_html
    result = calculators.run("aqmf-fire-plan", {"attackers": [{"unit": "boc-tripod", "weapon": "heat-ray-sweep",
                                                               "range": 8}], "target": "boc-mg"})
    assert result["ok"], result
    table = next(t for t in result["tables"] if t["title"].startswith("Elements lost and morale"))
    assert table["columns"] == ["Lost", "Holds", "Routed", "All"]
    standing = [row for row in table["rows"] if "wiped out" not in str(row[0])]
    assert len(standing) == len(table["rows"]) - 1 >= 2
    for row in standing:
        holds, routed, every = row[1:]
        for cell in (holds, routed, every):
            assert isinstance(cell, dict) and cell.get("type") == "prob" and cell.get("show") == "all", row
        assert Fraction(holds["p"]) + Fraction(routed["p"]) == Fraction(every["p"]), row
    html = result_html({**result, "tables": [table]}, {})
    body = html.split("<tbody>")[1]
    holds_cells = [re.findall(r"<td>(.*?)</td>", tr)[1] for tr in body.split("</tr>")[:len(standing)]]
    assert all('class="calc-pct"' in cell for cell in holds_cells), holds_cells


def test_the_method_is_folded_below_the_open_tables():
    """Issue 24: "details, all the exact fractions and the method below it, folded": the notes (how the answer was
    worked out) sit in a closed <details> after the tables, which stay open (docs/conventions.md)."""
    from calculators.present import result_html
    result = calculators.run("aqmf-heat-ray", {})
    assert result["ok"] and result["notes"] and result["tables"]
    html = result_html(result, {})
    method = re.search(r'<details class="calc-method"><summary>How this was worked out \((\d+)\)</summary>'
                       r'<ul class="calc-method-notes">.*?</ul></details>', html, re.S)
    assert method and int(method.group(1)) == len(result["notes"]), html[:500]
    assert "<ul" not in html[:method.start()] and html.index('<table class="calc-table">') < method.start()
    assert not re.search(r"<details[^>]*>(?:(?!</details>).)*<table class=\"calc-table\"><caption>Elements",
                         html, re.S), "the result's own tables stay open"
