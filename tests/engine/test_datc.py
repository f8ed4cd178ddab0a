"""The one generic DATC runner: every record of tests/data/datc/datc_v3_0.txt is one test, and every record
of datc_v3_0_readings.txt (the same cases under other readings of the switchable rulings, issue 19) too."""
from __future__ import annotations

import importlib.util
import json
import pathlib
import re
from dataclasses import replace

import pytest

from calculators.core.package_data import read_text
from calculators.core.rulings import Readings
from calculators.diplomacy import adjudicate as adjudicate_module
from calculators.diplomacy.game import adjudicate_phase, reader_for
from calculators.diplomacy.orders import Status
from calculators.diplomacy.parser import parse_phase, read_position
from calculators.diplomacy.readings import RULINGS, Options
from calculators.diplomacy.units import PhaseKind
from calculators.diplomacy.variant import STANDARD

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "datc" / "datc_v3_0.txt"
READINGS_DATA = DATA.with_name("datc_v3_0_readings.txt")
# The one reader of the record format: the script that writes the adjudicator's copy (calculators/diplomacy/
# datc_cases.json) from these records uses it too.
_spec = importlib.util.spec_from_file_location("datc_generate", DATA.with_name("generate.py"))
generate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(generate)
split_orders = generate.split_orders


def load_cases(path=DATA) -> list[dict]:
    return generate.read_records(path)


_EXPECT = re.compile(r"^(succeeds|fails|illegal|void)"
                     r"(?:\s*\(DATC: (?P<words>[^;()]+); (?P<ruling>[A-Z]+ R\d+(?:: [a-z0-9-]+)?)\))?$")


def check_outcomes(result, expect, case_id, stage):
    """Each annotated order's result is exactly the one written (no "fails" standing for illegal or void)."""
    by_line = {}
    for o in result.outcomes:
        if o.line:
            by_line.setdefault(o.line, o)
    for n, want in expect.items():
        m = _EXPECT.match(want)
        assert m, f"{case_id} {stage}: unknown expectation {want!r}"
        got = by_line.get(n)
        assert got is not None, f"{case_id} {stage}: no outcome for order line {n}"
        assert got.status is Status(m.group(1)), (f"{case_id} {stage}: {got.text!r} expected {m.group(1)}, "
                                                  f"got {got.status.value}: {got.reason}")
        if m.group("ruling"):
            # The DATC words it differently: the result must cite the ruling that settles the reading.
            assert m.group("ruling") in got.rules, (f"{case_id} {stage}: {got.text!r} is {got.status.value} "
                                                    f"by {m.group('ruling')}, but cites {got.rules}")


def units_text(units):
    return sorted(u.label() for u in units)


CASES = load_cases()
READING_CASES = load_cases(READINGS_DATA)


def options_of(case) -> Options:
    """The readings a record names (``DIP R4: fallback-to-land; DIP R2: 1982``), as the engine's options."""
    chosen = dict(item.split(": ", 1) for item in case.get("READINGS", "").split("; ") if item)
    return Options.from_readings(Readings(chosen, RULINGS))


def test_every_chapter_6_case_is_present():
    ids = {c["id"] for c in CASES}
    counts = {"A": 12, "B": 15, "C": 9, "D": 34, "E": 15, "F": 25, "G": 20, "H": 16, "I": 7, "J": 11}
    for sub, n in counts.items():
        for k in range(1, n + 1):
            assert f"6.{sub}.{k}" in ids


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_datc(case):
    assert "READINGS" not in case, "the site's own readings only: other readings go in datc_v3_0_readings.txt"
    run_case(case, Options())


@pytest.mark.parametrize("case", READING_CASES, ids=[c["id"] for c in READING_CASES])
def test_datc_under_other_readings(case):
    options = options_of(case)
    assert case.get("SOURCE") and options != Options(), f"{case['id']}: a record names its readings and source"
    assert case["id"].split(" / ")[0] in {c["id"] for c in CASES}, "the case is one of chapter 6"
    run_case(case, options)


# The calendar with every retreat phase played after a dislodgement, even one in which no unit has a place to go:
# the site's calendar disbands those units at once (DIP 12.4, ruling DIP R20), and a case's retreat orders still
# have to be refused as the case says.
EVERY_RETREAT = replace(STANDARD, calendar=tuple(replace(p, skippable=False) if p.kind is PhaseKind.RETREATS else p
                                                 for p in STANDARD.calendar))


def stranded_at_once(result, case_id: str) -> None:
    """No dislodged unit could retreat: each is disbanded in the movement phase, and no retreat phase follows."""
    assert result.removed and result.after.phase.kind is not PhaseKind.RETREATS, f"{case_id}: no retreat phase"
    assert not set(result.removed) & set(result.after.units)
    stranded = {o.order.unit for o in result.outcomes if o.line == 0 and "no place to retreat" in o.reason}
    assert stranded == set(result.removed), case_id


def run_case(case, options: Options):
    reader = reader_for(STANDARD)
    phase = parse_phase(case["PHASE"])
    position = read_position(reader, phase, "\n".join(case["UNITS"]))
    text, expect = split_orders(case["ORDERS"])
    result = adjudicate_phase(position, text, options=options)
    check_outcomes(result, expect, case["id"], "orders")
    if case["RETREATS"]:
        if result.after.phase.kind is not PhaseKind.RETREATS:
            stranded_at_once(result, case["id"])
            result = adjudicate_phase(position, text, EVERY_RETREAT, options=options)
        assert result.after.phase.kind is PhaseKind.RETREATS, f"{case['id']}: no retreat phase followed"
        rtext, rexpect = split_orders(case["RETREATS"])
        retreat_position = result.after
        result = adjudicate_phase(retreat_position, rtext, options=options)
        check_outcomes(result, rexpect, case["id"], "retreats")
    for line in case["EXPECT"]:
        kind, _, rest = line.partition(" ")
        if kind == "deviation":
            pytest.xfail(rest)
        if rest == "none":
            got = {"built": result.built, "removed": result.removed, "dislodged": dislodged(result)}[kind]
            assert not got, f"{case['id']}: expected no {kind} units, got {units_text(got)}"
            continue
        power, _, items = rest.partition(":")
        want = sorted(reader.position_units(power.strip(), items, 0, line) and
                      [u.label() for u in reader.position_units(power.strip(), items, 0, line)])
        if kind == "units":
            got = [u for u in result.after.units if u.power == power.strip()]
        elif kind == "built":
            got = [u for u in result.built if u.power == power.strip()]
        elif kind == "removed":
            got = [u for u in result.removed if u.power == power.strip()]
        elif kind == "dislodged":
            got = [u for u in dislodged(result) if u.power == power.strip()]
        else:
            raise AssertionError(f"unknown EXPECT line {line!r}")
        assert units_text(got) == want, f"{case['id']}: {kind} {power}: expected {want}, got {units_text(got)}"


def dislodged(result) -> list:
    """The units a movement phase dislodged: waiting to retreat, or disbanded at once with no place to go."""
    moving = result.phase.kind is PhaseKind.MOVEMENT
    return [d.unit for d in result.dislodged] + (list(result.removed) if moving else [])


def test_every_reading_changes_some_case():
    """Issue 19: each reading other than the site's gives at least one record a result the site's readings do not
    (the same record, run under the site's readings, fails its expectations)."""
    for ruling in RULINGS:
        for reading in ruling.readings:
            if reading.default:
                continue
            named = [c for c in READING_CASES if f"{ruling.id}: {reading.id}" in c["READINGS"].split("; ")]
            assert named, f"no record for {ruling.id}: {reading.id}"
            changed = []
            for case in named:
                try:
                    run_case(case, Options())
                except AssertionError:
                    changed.append(case["id"])
            assert changed, f"{ruling.id}: {reading.id} changes none of its records"


def test_calculator_copy_matches_this_data():
    """calculators/diplomacy/datc_cases.json (what the adjudicator's Load offers) is what tests/data/datc/generate.py
    makes of these records (``make`` runs it when they change): run it if this fails."""
    # Read through the package, so the check also runs against the wheel the browser imports (Pyodide).
    copy = json.loads(read_text(adjudicate_module.__name__, "datc_cases.json"))
    assert copy == json.loads(generate.calculator_cases(CASES))
    assert {c["id"] for c in copy["cases"]} == {c["id"] for c in CASES}
