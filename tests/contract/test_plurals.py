"""Plurals right everywhere (issue 24): no "1 damage points", "1 volleys", "1 dice" or "centre(s)" in what a
reader sees of a result.

Over the catalog: every calculator's defaults and presets, and its defaults with each whole-number field at 1
(where a count of one is most likely to meet a noun written for many); runs that the input refuses are left out.
"""
from __future__ import annotations

import re

import pytest

import calculators

# "1" then a plural noun; the words after "1" that end in "s" and are no plural noun (verbs agreeing with one:
# "1 succeeds, 1 fails") are spared
SPARED = ("is", "was", "has", "does", "gives", "holds", "plus", "minus", "less", "times", "as", "its", "this", "us",
          "succeeds", "fails", "differs", "matches", "remains", "stays", "wins", "loses", "survives", "hits", "misses",
          "costs", "places")
ONE_THEN = re.compile(r"(?<![\d.,/%:+-])\b1 ((?:[a-z-]+ )?)([a-z-]+)\b|\(s\)")


def _wrong(text: str) -> str | None:
    """The first "1 <noun>s" ("1 volleys", "1 damage points", "1 dice") or "(s)" in ``text``."""
    for m in ONE_THEN.finditer(text):
        if m.group(0) == "(s)":
            return m.group(0)
        words = [w for w in (m.group(1).strip(), m.group(2)) if w]
        for word in words:  # the noun is the first or the second word after "1"
            if word in SPARED:
                break
            if word == "dice" or (word.endswith("s") and not word.endswith("ss")):
                return m.group(0)
    return None


def _texts(result: dict) -> list[str]:
    out = [result.get("summary", ""), *result.get("notes", [])]
    for table in result.get("tables", []):
        out += [str(table.get("title", "")), *(str(c) for c in table.get("columns", []))]
        out += [cell for row in table.get("rows", []) for cell in row if isinstance(cell, str)]
    out += [str(chart.get("title", "")) for chart in result.get("charts", [])]
    return out


def _runs():
    for entry in calculators.catalog():
        yield pytest.param(entry["id"], {}, id=f"{entry['id']}:defaults")
        for value in calculators.presets(entry["id"]):
            yield pytest.param(entry["id"], {entry["presets"]["name"]: value}, id=f"{entry['id']}:{value}")
        for param in entry["params"]:
            if param.get("type") == "int" and param.get("min", 0) <= 1 <= param.get("max", 1):
                yield pytest.param(entry["id"], {param["name"]: 1}, id=f"{entry['id']}:{param['name']}=1")


@pytest.mark.parametrize("calc_id, params", list(_runs()))
def test_no_count_of_one_with_a_plural_noun(calc_id, params):
    result = calculators.run(calc_id, params)
    if not result["ok"]:
        return
    for text in _texts(result):
        found = _wrong(text)
        assert found is None, f"{found!r} in: {text}"


def test_the_check_catches_what_it_is_for():
    for wrong in ("at least 1 damage points", "Tripod after 1 volleys", "1 dice each", "1 centre(s) destroyed"):
        assert _wrong(wrong), wrong
    for right in ("at least 1 damage point", "11 volleys", "1 in 2.5", "1 gives 3.6%", "1/2 points", "21 units",
                  "1 unit holds", "1 succeeds, 1 fails", "1 class"):
        assert _wrong(right) is None, right
