"""Results under other readings (issues 19, 24, 27): one comparison, used by the note and the comparison view.

A result's *figures* are what a player reads off it, each under a label a player can read ("France's A Bel",
"Elements lost, 2"). A figure is part of the result (an order's success, a unit's fate, a probability) or a
*reason* (why an order failed, in words). A calculator gives its own figures with
``@calculator(figures=fn)``, ``fn(result_json) -> {label: Figure}``; for any other the table cells are its
figures, and its summary counts when nothing else tells two results apart (:func:`table_figures`).

:func:`compare` sets one answer beside the site's and says which of four things holds: the same result,
the same result for another reason, another result, or an input one of them refuses. Both faces of the
readings are made from it, so they cannot disagree:

* **the note** on a result worked out under readings other than the site's (:func:`default_note`): how the
  site's readings would differ, or that they give the same result (for another reason, if so);
* **the comparison view**, ``run(id, {..., "compare_readings": true})`` (:func:`comparison`): the site's
  readings beside every other reading of each ruling the calculator depends on (one switched at a time, and
  the readings chosen when they switch several), in one table that holds only what differs, a column per
  reading that changes anything, headed by the reading's name.

A reading is always named for people ("DIP R16: No, never (the rulebook's letter)", :func:`reading_name`):
its id ("literal") is for links and parameters, never for a sentence.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .dist import percent
from .result import Result, Table
from .rulings import Readings

# The reserved parameter that asks run() for the comparison view instead of one result.
COMPARE_KEY = "compare_readings"
SHOWN_DIFFERENCES = 6  # a note lists at most this many differing figures; the comparison view lists them all
SUMMARY = "In a sentence"  # the label of a calculator's summary among its figures
REFUSAL = "The input"  # the comparison view's row for a reading under which the input is refused

# What a comparison finds: the same result; the same result for another reason; another result; an input
# refused under one of the two readings and not the other.
SAME, OTHER_REASON, OTHER_RESULT, REFUSED = "same", "other-reason", "other-result", "refused"


@dataclass(frozen=True)
class Figure:
    """One thing a player reads off a result. ``kind``: "result" (part of the result), "reason" (why, in
    words: a difference here alone leaves the result the same) or "summary" (the result in a sentence: it
    counts only when no other figure tells two results apart). ``absent``: what a result without this
    figure shows in its place ("is not built")."""

    value: Any
    kind: str = "result"
    absent: str = "-"


Figures = Callable[[dict], dict[str, Figure]]
Answer = Result | str  # a result, or the message the input was refused with


# -- figures ---------------------------------------------------------------------------------------------
def table_figures(result: dict) -> dict[str, Figure]:
    """Any calculator's figures: its summary, and every table cell as ``"<table>, <row>: <column>"`` (the
    column left out where a row holds one figure; a probability given twice, as a fraction and as a
    percentage, counted once; an aside in brackets left out of the names, so that "to damage (Armor 6 minus
    Power 2)" is one row whatever the Armor). A column headed "Rules" only cites: it is not a figure."""
    out: dict[str, Figure] = {SUMMARY: Figure(result.get("summary", ""), "summary")}
    for table in result.get("tables", []):
        columns = [str(c) for c in table.get("columns", [])]
        title = _plain(str(table.get("title", "")))
        seen: dict[str, int] = {}
        for row in table.get("rows", []):
            if not row:
                continue
            head = _plain(cell_text(row[0]))
            seen[head] = seen.get(head, 0) + 1
            name = head if seen[head] == 1 else f"{head} ({seen[head]})"
            cells = _distinct(list(zip(columns[1:], row[1:], strict=False)))
            for col, cell in cells:
                if col.lower() == "rules":
                    continue
                label = f"{title}, {name}" if len(cells) == 1 else f"{title}, {name}: {col}"
                out[label] = Figure(cell)
    return out


def _plain(name: str) -> str:
    """A name without its asides in brackets (unless that leaves nothing)."""
    return re.sub(r"\s*\([^()]*\)", "", name).strip() or name


def _distinct(cells: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """A row's cells, a probability shown twice in a row (fraction, then percentage) kept once."""
    out: list[tuple[str, Any]] = []
    for col, cell in cells:
        if out and _is_prob(cell) and _is_prob(out[-1][1]) and out[-1][1]["p"] == cell["p"]:
            continue
        out.append((col, cell))
    return out


def same(a: Any, b: Any) -> bool:
    """Two cells show the same thing (a probability, or an exact number, by its exact value)."""
    if _is_prob(a) and _is_prob(b):
        return a["p"] == b["p"]
    if _is_exact(a) and _is_exact(b):
        return a["value"] == b["value"]
    return a == b


def cell_text(cell: Any) -> str:
    """A cell in words, for a note (a probability as its percentage, an exact number to 3 places)."""
    if _is_prob(cell):
        return percent(float(cell["float"]), 2)
    if _is_exact(cell):
        return f"{float(cell['float']):.3f}"
    if cell is None:
        return "-"
    if isinstance(cell, bool):
        return "yes" if cell else "no"
    return str(cell)


def _is_prob(cell: Any) -> bool:
    return isinstance(cell, dict) and isinstance(cell.get("p"), str) and "float" in cell


def _is_exact(cell: Any) -> bool:
    """An exact number that is not a probability (a mean): ``{"value": "n/d", "float": x}``."""
    return isinstance(cell, dict) and isinstance(cell.get("value"), str) and "float" in cell


def _shown(cell: Any) -> Any:
    """A cell as the comparison table shows it: a probability as its percentage, "1 in N" and fraction; an
    exact number to 3 places."""
    if _is_prob(cell):
        return {"type": "prob", "p": cell["p"], "float": cell["float"], "show": "all"}
    return cell_text(cell) if _is_exact(cell) else cell


# -- one comparison --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Difference:
    """A figure that differs: its label, its value here and under the site's readings."""

    label: str
    here: Any
    site: Any
    reason: bool  # a reason only: the result is the same


@dataclass(frozen=True)
class Comparison:
    """An answer beside the site's: ``verdict`` is SAME, OTHER_REASON, OTHER_RESULT or REFUSED."""

    verdict: str
    differences: tuple[Difference, ...] = ()
    refused_here: str | None = None  # the message, when the input is refused under the readings compared
    refused_site: str | None = None  # ... under the site's readings

    def lines(self, limit: int | None = SHOWN_DIFFERENCES) -> list[str]:
        """The differences in words, from the site's side: "France's A Bel: stays in Bel (here moves to Hol)"."""
        shown = [f"{d.label}: {cell_text(d.site)} (here {cell_text(d.here)})" for d in self.differences]
        if limit is not None and len(shown) > limit:
            shown = shown[:limit] + [f"and {len(shown) - limit} more (the comparison view lists them all)"]
        return shown


def compare(here: Answer, site: Answer, figures: Figures | None = None, calc_id: str = "") -> Comparison:
    """``here`` (an answer under some readings) beside ``site`` (the answer under the site's readings)."""
    if isinstance(here, str) or isinstance(site, str):
        if isinstance(here, str) and isinstance(site, str):
            return Comparison(SAME if here == site else REFUSED, (), here, site)
        return Comparison(REFUSED, (), here if isinstance(here, str) else None,
                          site if isinstance(site, str) else None)
    fig = figures or table_figures
    mine, theirs = fig(here.to_json(calc_id)), fig(site.to_json(calc_id))
    diffs: dict[str, list[Difference]] = {"result": [], "reason": [], "summary": []}
    for label in list(theirs) + [k for k in mine if k not in theirs]:
        a, b = mine.get(label), theirs.get(label)
        if a is not None and b is not None and same(a.value, b.value):
            continue
        kind = (a if a is not None else theirs[label]).kind  # the label is one of them, here or at the site's
        diffs[kind].append(Difference(label, a.value if a else (b.absent if b else "-"),
                                      b.value if b else (a.absent if a else "-"), kind == "reason"))
    if diffs["result"]:
        return Comparison(OTHER_RESULT, tuple(diffs["result"] + diffs["reason"]))
    if diffs["summary"]:
        return Comparison(OTHER_RESULT, tuple(diffs["summary"] + diffs["reason"]))
    if diffs["reason"]:
        return Comparison(OTHER_REASON, tuple(diffs["reason"]))
    return Comparison(SAME)


# -- reading names ---------------------------------------------------------------------------------------
def reading_name(readings: Readings, ruling_id: str) -> str:
    """``"DIP R16: No, never (the rulebook's letter)"``: a reading as a player reads it."""
    return f"{ruling_id}: {readings.ruling(ruling_id).reading(readings[ruling_id]).label}"


def readings_text(readings: Readings, only_changed: bool = False) -> str:
    """The readings in force by name, or only those not the site's, joined with semicolons."""
    return "; ".join(reading_name(readings, rid) for rid in readings if not (only_changed and readings.is_default(rid)))


# -- the note on a result under readings other than the site's ------------------------------------------
def default_note(readings: Readings, found: Comparison) -> list[str]:
    """The note saying how the site's readings would differ from the readings chosen."""
    site = readings.defaults()
    changed = [rid for rid in readings if not readings.is_default(rid)]
    chosen = "; ".join(reading_name(readings, r) for r in changed)
    theirs = "; ".join(reading_name(site, r) for r in changed)
    head = f"Worked out under {chosen}, not the site's reading."
    if found.verdict == REFUSED and found.refused_site is not None:
        return [f"{head} Under the site's reading ({theirs}) this input is refused: {found.refused_site}"]
    if found.verdict == SAME:
        return [f"{head} The site's reading ({theirs}) gives the same result."]
    if found.verdict == OTHER_REASON:
        return [f"{head} The site's reading ({theirs}) gives the same result, for another reason: "
                + "; ".join(found.lines()) + "."]
    return [f"{head} Under the site's reading ({theirs}): " + "; ".join(found.lines()) + "."]


# -- the comparison view ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Variant:
    """One column of the comparison: a set of readings and how the column is headed."""

    label: str
    readings: Readings


SITE = "The site's readings"


def variants(chosen: Readings) -> list[Variant]:
    """The site's readings, each other reading with the rest at the site's, and the readings chosen when
    they switch several rulings at once."""
    site = chosen.defaults()
    out = [Variant(SITE, site)]
    for rid in site:
        for reading in chosen.ruling(rid).readings:
            if reading.id != site[rid]:
                switched = site.switched(rid, reading.id)
                out.append(Variant(reading_name(switched, rid), switched))
    if sum(not chosen.is_default(r) for r in chosen) > 1:
        out.append(Variant("As chosen: " + readings_text(chosen, only_changed=True), chosen))
    return out


VERDICT_WORDS = {OTHER_RESULT: "another result", OTHER_REASON: "the same result for another reason",
                 REFUSED: "a refusal", SAME: "the same result"}


def comparison(calc_id: str, title: str, columns: list[Variant], outcomes: list[Answer],
               figures: Figures | None) -> dict:
    """The comparison view's result: ``outcomes[i]`` is column i's answer (``columns[0]`` the site's)."""
    site = outcomes[0]
    found = [compare(o, site, figures, calc_id) for o in outcomes[1:]]
    kept = [i for i, f in enumerate(found) if f.verdict != SAME]
    rows, marked = _rows(found, kept, site)
    counts = {v: sum(f.verdict == v for f in found) for v in VERDICT_WORDS}
    summary = _summary(title, len(found), counts)
    notes = []
    for i in kept:
        if found[i].verdict == OTHER_REASON:
            notes.append(f"{columns[i + 1].label}: the same result, for another reason.")
    unchanged = [columns[i + 1].label for i, f in enumerate(found) if f.verdict == SAME]
    if unchanged:
        notes.append("The same result as the site's readings under " + "; ".join(unchanged) + ".")
    tables = []
    if kept:
        tables.append(Table("What differs under each reading (rows marked \"differs\" change the result; the others "
                            "only its reasons)", ["", SITE, *[columns[i + 1].label for i in kept]], rows,
                            marked=marked).to_json())
    # The rulings compared, each a link to its box (where every reading is listed), not every reading's id.
    cited = list(dict.fromkeys(r for v in columns for r in v.readings))
    return {
        "ok": True, "id": calc_id, "summary": summary,
        "data": {"comparison": [{"label": c.label, "readings": dict(c.readings), "ok": not isinstance(o, str),
                                 "verdict": "site" if k == 0 else found[k - 1].verdict,
                                 "differences": [] if k == 0 else found[k - 1].lines(None)}
                                for k, (c, o) in enumerate(zip(columns, outcomes, strict=True))],
                 "differing": counts[OTHER_RESULT] + counts[REFUSED], "other_reason": counts[OTHER_REASON],
                 "same": counts[SAME]},
        "tables": tables, "charts": [], "notes": notes, "rules": cited, "next": None,
        "readings": {"compared": [c.label for c in columns]},
    }


def _rows(found: list[Comparison], kept: list[int], site: Answer) -> tuple[list[list], list[bool]]:
    """One row per figure that differs under some reading kept, the result's figures first; a row for the
    input when some reading refuses it."""
    order: dict[str, bool] = {}
    for i in kept:
        for d in found[i].differences:
            order.setdefault(d.label, d.reason)
    rows, marked = [], []
    if any(found[i].verdict == REFUSED for i in kept):
        def said(f: Comparison, mine: bool) -> str:
            msg = f.refused_here if mine else f.refused_site
            return "worked out" if msg is None else f"refused: {msg}"
        rows.append([REFUSAL, "refused" if isinstance(site, str) else "worked out",
                     *[said(found[i], True) for i in kept]])
        marked.append(True)
    for label, reason in sorted(order.items(), key=lambda kv: kv[1]):
        site_value = next((d.site for i in kept for d in found[i].differences if d.label == label), None)
        cells = []
        for i in kept:
            here = next((d for d in found[i].differences if d.label == label), None)
            cells.append(_shown(site_value if here is None else here.here) if found[i].verdict != REFUSED else "-")
        rows.append([label, _shown(site_value), *cells])
        marked.append(not reason)
    return rows, marked


def _summary(title: str, others: int, counts: Mapping[str, int]) -> str:
    changed = counts[OTHER_RESULT] + counts[REFUSED]
    text = f"{title}: {changed} of {others} other reading{'s' * (others != 1)} change{'s' * (changed == 1)} the result"
    if counts[REFUSED]:
        text += f" ({counts[REFUSED]} refuse{'s' * (counts[REFUSED] == 1)} the input)"
    if counts[OTHER_REASON]:
        text += f"; {counts[OTHER_REASON]} give{'s' * (counts[OTHER_REASON] == 1)} the same result for another reason"
    return text + "."
