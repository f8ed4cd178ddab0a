"""From a rule to its code in one hop: the rule index pages name, for each rule, the engine functions whose
docstrings cite it; every rule ID a docstring names is defined in the docs (the build refuses otherwise)."""
from __future__ import annotations

import pathlib
import re

import pytest

from calculators.core.games import RULE_ID_PATTERN
from calculators.core.implements import implemented

ROOT = pathlib.Path(__file__).resolve().parents[2]
MARK = re.compile(rf"<!--\s*rule:\s*({RULE_ID_PATTERN})\s*-->")


def test_every_implemented_rule_is_defined_in_the_docs():
    defined = {m.group(1) for p in (ROOT / "docs").rglob("*.md") for m in MARK.finditer(p.read_text(encoding="utf-8"))}
    unknown = {rid: names[0] for rid, names in implemented().items() if rid not in defined}
    assert not unknown


@pytest.mark.slow
def test_the_rule_index_shows_the_engine_function(built_site):
    page = (built_site / "diplomacy" / "index.html").read_text(encoding="utf-8")
    assert "<th>Engine</th>" in page
    assert "diplomacy.adjustments.update_ownership" in page
    wotw = (built_site / "wotw" / "index.html").read_text(encoding="utf-8")
    assert "wotw.season.fall_check" in wotw
