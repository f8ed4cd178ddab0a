"""What a new player reads on the forms (every game's, for the units) and the AQMF calculators list: plain words,
each said once."""
from __future__ import annotations

import re

import pytest

import calculators

AQMF = [c for c in calculators.catalog() if c["id"].startswith("aqmf")]
PIECES = ("armies", "fleets", "a/fs", "units", "elements", "tripods")


def _fields(entry: dict):
    for p in entry["params"]:
        yield p
        yield from p.get("fields", [])


@pytest.mark.parametrize("entry", calculators.catalog(), ids=[c["id"] for c in calculators.catalog()])
def test_no_label_repeats_its_unit(entry):
    """The form shows "Label (unit)": a label that names its unit already ("Elements attacking", "Centres
    destroyed") gets no unit. Every calculator's form, not only AQMF's."""
    for p in _fields(entry):
        unit = p.get("unit", "").rstrip("s").lower()
        assert not unit or unit not in p["label"].lower(), (p["name"], p["label"], p["unit"])
        # A count of pieces named by the piece ("Armies", "A/Fs") needs no "(units)" either.
        assert not (unit == "unit" and p["label"].lower() in PIECES), (p["name"], p["label"], p["unit"])


@pytest.mark.parametrize("entry", AQMF, ids=[c["id"] for c in AQMF])
def test_no_jargon_on_the_list_or_the_charts(entry):
    """The calculators list shows the description; charts' tables head their column as the tables do ("Chance")."""
    assert not re.search(r"\bP\(|\bE\[", entry["description"]), entry["description"]
    out = calculators.run(entry["id"], {})
    for chart in out.get("charts", []) if out["ok"] else []:
        for series in chart.get("series", []):
            assert series.get("name") != "probability", (chart["title"], series.get("name"))
