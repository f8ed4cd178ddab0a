"""The replay page's examples run: every line of its notation table reads as the table says, and the bounds
it states are the engine's (docs/diplomacy/replay.md)."""
from __future__ import annotations

import pathlib
import re

import pytest

import calculators
from calculators.diplomacy.gamefile.record import MAX_CHARS, MAX_DEPTH, MAX_ORDERS, MAX_PHASES
from calculators.diplomacy.replay.explain import MAX_SEARCHED

PAGE = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "diplomacy" / "replay.md").read_text(encoding="utf-8")


def _rows() -> list[tuple[str, str, str]]:
    section = PAGE.split("## Order notations", 1)[1].split("\n## ", 1)[0]
    rows, notation = [], ""
    for line in section.splitlines():
        m = re.fullmatch(r"\|\s*([^|`]*?)\s*\|\s*`([^`]+)`\s*\|\s*([^|]+?)\s*\|", line.strip())
        if m:
            notation = m.group(1).strip() or notation
            rows.append((notation, m.group(2), m.group(3).strip()))
    return rows


ROWS = _rows()


def test_the_table_shows_every_notation():
    assert len(ROWS) >= 20
    assert {n for n, _, _ in ROWS} == {"short", "long names", "diplomacy package", "judge", "webDiplomacy"}


@pytest.mark.parametrize("notation, line, read_as", ROWS, ids=[r[1] for r in ROWS])
def test_each_example_reads_as_the_page_says(notation, line, read_as):
    result = calculators.run("dip-replay", {"game": line})
    assert result["ok"], result
    (read,) = result["data"]["lines"]
    recorded = re.search(r" \(recorded: (.+)\)$", read_as)
    assert read["notation"] == notation and read["error"] is None
    assert read["read_as"] == (read_as[:recorded.start()] if recorded else read_as)
    assert read["recorded_result"] == (recorded.group(1) if recorded else None)


def test_the_bounds_the_page_states_are_the_engine_s():
    stated = " ".join(PAGE.split())
    assert f"**{MAX_PHASES} phases**" in stated and f"**{MAX_CHARS:,} characters**" in stated
    assert f"at most {MAX_ORDERS} orders in a phase" in stated and f"nests more than {MAX_DEPTH} deep" in stated
    assert f"the first {MAX_SEARCHED} phases that differ" in stated
