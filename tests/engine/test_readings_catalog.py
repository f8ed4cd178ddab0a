"""Every switchable reading does what its ruling says, where it is offered (issue 27), and no reader ever sees a
reading's raw id (issue 24).

* Over the catalog: each reading a calculator offers changes the result (a figure, not only a reason) in some
  known case of that calculator (tests/data/cases, the record that names the reading), compared with the same
  record under the site's reading; each such record gives its source. A reading that can change nothing in a
  calculator is not offered there.
* The comparison view and the separate runs agree: each column's verdict and differences are the note's.
* Presented text (summaries, notes, table cells, the comparison view) never shows ``"DIP R16: literal"``,
  ``"DIP R16 literal"`` or a reading id such as ``must-roll`` on its own: readings are named by their labels.
"""
from __future__ import annotations

import json
import pathlib
import re

import pytest

import calculators
from calculators.core.params import ruling_param_name
from calculators.core.rulings import all_rulings

CASES = pathlib.Path(__file__).resolve().parents[1] / "data" / "cases"


def _records() -> dict[str, list[tuple[str, dict]]]:
    """calculator id -> [(file's source, record)] for every known case."""
    out: dict[str, list[tuple[str, dict]]] = {}
    for path in sorted(CASES.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for case in doc["cases"]:
            out.setdefault(doc["calculator"], []).append((doc.get("source", ""), case))
    return out


RECORDS = _records()
OFFERED = [(entry["id"], rid, reading.id) for entry in calculators.catalog() for rid in entry["rulings"]
           for reading in all_rulings()[rid].readings if not reading.default]


@pytest.mark.parametrize(("calc", "ruling", "reading"), OFFERED, ids=[f"{c}:{r}:{x}" for c, r, x in OFFERED])
def test_every_offered_reading_changes_a_figure_in_a_known_case(calc, ruling, reading):
    name = ruling_param_name(ruling)
    named = [(source, case) for source, case in RECORDS.get(calc, []) if case.get("params", {}).get(name) == reading]
    assert named, f"{calc}: no known case in tests/data/cases names {ruling}: {reading}"
    changed = []
    for source, case in named:
        assert case.get("source") or source, f"{case['name']}: a known case says where its expected values come from"
        out = calculators.run(calc, case["params"])
        if out["ok"] and out["readings"].get("site_gives") in ("other-result", "refused"):
            changed.append(case["name"])
    assert changed, (f"{calc}: {ruling}: {reading} changes no figure in its known cases "
                     f"{[c['name'] for _, c in named]}: make it change what it should, or do not offer it here")


def test_the_dip_r4_1971_kidnap_and_szykman_and_r14_cases_are_kept_apart():
    """DATC 6.F.14 (issue 27): a different result (DIP R2 all-hold), the same result for another reason (DIP R2
    1982), and the same result (DIP R14 1971: one route, nothing for the 1971 rule to decide)."""
    view = calculators.run("dip-adjudicate", {"load": "datc-6.F.14", "compare_readings": True})
    verdicts = {c["label"]: c["verdict"] for c in view["data"]["comparison"]}
    assert verdicts["DIP R2: All hold"] == "other-result"
    assert verdicts["DIP R2: 1982 rule"] == "other-reason"
    assert verdicts["DIP R14: 1971 rulebook: any broken route"] == "same"


AGREEMENT = [
    ("dip-adjudicate", {"load": "datc-6.F.14"}),
    ("dip-adjudicate", {"load": "datc-6.G.2"}),
    ("dip-adjudicate", {"load": "datc-6.J.6"}),
    ("aqmf-tow-cable", {"cables": 1, "phases": 4, "tries": "once-a-turn"}),
    ("aqmf-fire-plan", {"attackers": [{"unit": "custom-tripod", "weapon": "rifle", "elements": 1, "range": 10}] * 2,
                        "target": "custom-human", "defense": 1, "armor": 6, "target_elements": 3}),
]


@pytest.mark.parametrize(("calc", "params"), AGREEMENT, ids=[f"{c}:{i}" for i, (c, _) in enumerate(AGREEMENT)])
def test_the_comparison_view_and_the_separate_runs_agree(calc, params):
    view = calculators.run(calc, {**params, "compare_readings": True})
    assert view["ok"], view
    for column in view["data"]["comparison"][1:]:
        switched = {ruling_param_name(r): x for r, x in column["readings"].items()
                    if x != all_rulings()[r].default.id}
        alone = calculators.run(calc, {**params, **switched})
        if column["verdict"] == "refused" and not alone["ok"]:
            continue
        assert alone["readings"]["site_gives"] == column["verdict"], column["label"]
        assert alone["readings"].get("site_differs", []) == column["differences"], column["label"]


# -- raw reading ids never reach a reader -----------------------------------------------------------
def _raw_patterns() -> list[re.Pattern]:
    pats = []
    for rid, ruling in all_rulings().items():
        for reading in ruling.readings:
            r = re.escape(reading.id)
            # "DIP R16: literal", "DIP R16 literal"; not a label that starts with its id ("DIP R2: 1982 rule")
            label = reading.label
            rest = re.escape(label[len(reading.id):]) if label.lower().startswith(reading.id.lower()) else None
            pats.append(re.compile(rf"{re.escape(rid)}(?::|'s)?\s+{r}\b" + (f"(?!{rest})" if rest else "")))
            if "-" in reading.id:
                pats.append(re.compile(rf"(?<![\w#=/-]){r}(?![\w-])"))  # "must-roll" on its own
    return pats


PATTERNS = _raw_patterns()


def _presented(result: dict) -> list[str]:
    """What a reader sees of a result: the summary, the notes, every table cell and heading, the adjudicators'
    "Rules" column too (plain text in the page); only the rules list keeps ids, each drawn as a link named by its
    reading's label."""
    out = [result.get("summary", ""), *result.get("notes", [])]
    for table in result.get("tables", []):
        columns = [str(c) for c in table.get("columns", [])]
        out.append(str(table.get("title", "")))
        out += columns
        for row in table.get("rows", []):
            out += [str(cell) for cell in row if not isinstance(cell, dict)]
    return out


def test_no_raw_reading_id_in_a_form():
    """The forms' labels, help and choices name readings by their labels too (a choice's value is its id)."""
    for entry in calculators.catalog():
        for param in entry["params"]:
            texts = [param.get("label", ""), param.get("help", "")]
            texts += [c["label"] for c in param.get("choices", [])]
            for field in param.get("fields", []):
                texts += [field.get("label", ""), field.get("help", "")]
            for text in texts:
                for pat in PATTERNS:
                    assert not pat.search(str(text)), f"{entry['id']}.{param['name']}: {pat.pattern!r} in: {text}"


def _reading_runs():
    """Every known case that switches a reading, as a result and as the comparison view."""
    for entry in calculators.catalog():
        for _, case in RECORDS.get(entry["id"], []):
            params = case.get("params", {})
            if any(ruling_param_name(r) in params for r in entry["rulings"]):
                yield pytest.param(entry["id"], params, id=f"{entry['id']}:{case['name'][:50]}")


@pytest.mark.parametrize(("calc", "params"), list(_reading_runs()))
def test_no_raw_reading_id_reaches_a_reader(calc, params):
    for out in (calculators.run(calc, params), calculators.run(calc, {**params, "compare_readings": True})):
        # A bad value for a reading's own parameter lists the values a link may carry: those are parameter values.
        texts = _presented(out) if out["ok"] else [] if "must be one of" in out["error"]["message"] else \
            [out["error"]["message"]]
        for text in texts:
            for pat in PATTERNS:
                assert not pat.search(text), f"raw reading id {pat.pattern!r} in: {text[:300]}"
