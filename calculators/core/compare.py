"""Results under other readings (issue 19): how the site's readings would differ, and readings side by side.

What a calculator with switchable rulings gets from the registry, worked out here once for all:

* **The note.** A result worked out under a reading other than the site's says how the site's
  readings would differ. The registry reruns the calculation with the site's readings and words
  the difference with the calculator's ``differ(result, default_result) -> list[str]`` (in the
  game's terms: "under DIP R4's default reading, A Bel stays; under fallback-to-land it moves to
  Hol"), or, for a calculator without one, with :func:`generic_differ`, which compares the two
  results' summaries and table cells.
* **The comparison view.** ``run(id, {..., "compare_readings": true})`` answers with one result
  that sets the site's readings beside every other reading of each ruling the calculator depends
  on (one ruling switched at a time), and beside the readings chosen if they switch several at
  once: one table of the figures that differ, each marked, and the count of those that do not.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .dist import percent
from .result import Result, Table
from .rulings import Readings

# The reserved parameter that asks run() for the comparison view instead of one result.
COMPARE_KEY = "compare_readings"
SHOWN_DIFFERENCES = 6  # a note lists at most this many differing figures; the comparison view lists them all
SUMMARY = "Summary"


def readings_text(readings: Readings, only_changed: bool = False) -> str:
    """``"COM R1: literal, COM R2: hidden"`` (every reading in force, or only those not the site's)."""
    return ", ".join(readings.cite(rid) for rid in readings if not (only_changed and readings.is_default(rid)))


# -- figures: a result flattened to "where it is" -> cell -------------------------------------------
def figures(result: dict) -> dict[str, Any]:
    """A result (the contract's JSON) as its named figures: the summary, then every table cell
    named ``"table › row › column"`` (a row is named by its first cell)."""
    out: dict[str, Any] = {SUMMARY: result.get("summary", "")}
    for table in result.get("tables", []):
        columns = [str(c) for c in table.get("columns", [])]
        seen: Counter = Counter()
        for row in table.get("rows", []):
            if not row:
                continue
            head = cell_text(row[0])
            seen[head] += 1
            name = head if seen[head] == 1 else f"{head} ({seen[head]})"
            for col, cell in zip(columns[1:], row[1:], strict=False):
                out[f"{table.get('title', '')} › {name} › {col}"] = cell
    return out


def same(a: Any, b: Any) -> bool:
    """Two cells show the same thing (a probability by its exact value)."""
    if _is_prob(a) and _is_prob(b):
        return a["p"] == b["p"]
    return a == b


def cell_text(cell: Any) -> str:
    """A cell in words, for a note (a probability as its percentage)."""
    if _is_prob(cell):
        return percent(float(cell["float"]), 2)
    if cell is None:
        return "-"
    if isinstance(cell, bool):
        return "yes" if cell else "no"
    return str(cell)


def _is_prob(cell: Any) -> bool:
    return isinstance(cell, dict) and isinstance(cell.get("p"), str) and "float" in cell


def generic_differ(result: Result, default: Result) -> list[str]:
    """How ``default`` (the site's readings) differs from ``result``, figure by figure: the fallback
    for a calculator that registered no ``differ`` of its own."""
    mine, theirs = figures(result.to_json("")), figures(default.to_json(""))
    lines = []
    if not same(mine[SUMMARY], theirs[SUMMARY]):
        lines.append(f"the result reads: {theirs[SUMMARY]}")
    changed = [k for k in mine if k != SUMMARY and k in theirs and not same(mine[k], theirs[k])]
    lines += [f"{k}: {cell_text(theirs[k])} (here {cell_text(mine[k])})" for k in changed[:SHOWN_DIFFERENCES]]
    if len(changed) > SHOWN_DIFFERENCES:
        lines.append(f"and {len(changed) - SHOWN_DIFFERENCES} more figures differ (the comparison view lists them all)")
    only = [k for k in theirs if k not in mine] + [k for k in mine if k not in theirs]
    if only:
        lines.append(f"{len(only)} figures appear under one reading only")
    return lines


# -- the note on a result under readings other than the site's ------------------------------------------
Differ = Callable[[Result, Result], list[str]]


def default_note(readings: Readings, differences: list[str] | None, refused: str | None = None) -> list[str]:
    """The notes saying how the site's readings would differ from the readings chosen."""
    site = readings_text(readings.defaults(), only_changed=False)
    chosen = readings_text(readings, only_changed=True)
    if refused is not None:
        return [f"Worked out under {chosen}, not the site's reading. Under the site's readings ({site}) this "
                f"input is refused: {refused}"]
    if not differences:
        return [f"Worked out under {chosen}, not the site's reading. The site's readings ({site}) give the same "
                "result."]
    return [f"Worked out under {chosen}, not the site's reading. Under the site's readings ({site}): "
            + "; ".join(differences) + "."]


# -- the comparison view ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Variant:
    """One column of the comparison: a set of readings and how the column is headed."""

    label: str
    readings: Readings


def variants(chosen: Readings) -> list[Variant]:
    """The site's readings, each other reading with the rest at the site's, and the readings chosen when
    they switch several rulings at once."""
    site = chosen.defaults()
    out = [Variant("The site's readings", site)]
    for rid in site:
        for reading in chosen.ruling(rid).readings:
            if reading.id != site[rid]:
                out.append(Variant(f"{rid}: {reading.id}", site.switched(rid, reading.id)))
    if sum(not chosen.is_default(r) for r in chosen) > 1:
        out.append(Variant("As chosen: " + readings_text(chosen, only_changed=True), chosen))
    return out


def comparison(calc_id: str, title: str, rules: list[str], columns: list[Variant],
               outcomes: list[Result | str], differ: Differ | None) -> dict:
    """The comparison view's result: ``outcomes[i]`` is column i's result, or the message it was refused with."""
    shown = [figures(o.to_json(calc_id)) if isinstance(o, Result) else {SUMMARY: f"Refused: {o}"} for o in outcomes]
    names: list[str] = []
    for f in shown:
        names += [k for k in f if k not in names]
    rows, marked, differing = [], [], 0
    answered = [isinstance(o, Result) for o in outcomes]
    for name in names:
        cells = [f.get(name) for f in shown]
        # A column whose input is refused differs in its summary only: its figures are not there to compare.
        present = [c for c, ok in zip(cells, answered, strict=True) if ok or name == SUMMARY]
        differs = any(not same(present[0], c) for c in present[1:])
        if name == SUMMARY or differs:
            rows.append([name, *[("-" if c is None else c) for c in cells]])
            marked.append(differs)
            differing += differs and name != SUMMARY
    notes = []
    site = outcomes[0]
    for col, out in zip(columns[1:], outcomes[1:], strict=True):
        if isinstance(out, Result) and isinstance(site, Result) and differ is not None:
            notes += [f"{col.label}: {line}" for line in differ(out, site)]
    same_count = len(names) - 1 - differing
    summary = (f"{title} under {len(columns)} sets of readings: {differing} figure{'s' * (differing != 1)} "
               f"differ, {same_count} {'is' if same_count == 1 else 'are'} the same under every reading.")
    table = Table("The result under each reading (figures that differ are marked)",
                  ["Figure", *[c.label for c in columns]], rows, marked=marked)
    cited = list(dict.fromkeys([*rules, *(v.readings.cite(r) for v in columns for r in v.readings)]))
    return {
        "ok": True, "id": calc_id, "summary": summary,
        "data": {"comparison": [{"label": c.label, "readings": dict(c.readings),
                                 "ok": isinstance(o, Result), "summary": f[SUMMARY]}
                                for c, o, f in zip(columns, outcomes, shown, strict=True)],
                 "differing": differing, "same": same_count},
        "tables": [table.to_json()], "charts": [], "notes": notes, "rules": cited, "next": None,
        "readings": {"compared": [c.label for c in columns]},
    }
