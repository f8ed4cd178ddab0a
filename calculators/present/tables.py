"""Result tables, and the one way a probability is shown in a cell.

A probability cell (``core.result.Prob``, JSON ``{"type": "prob", "p": "n/d", "float": x}``)
reads "16.67% · 1 in 6 · exact": the percentage is never "0.00%" for a chance that is not 0 (and an exact
whole one reads "20%"), "1 in N" sits beside a chance below one half (none beside a likelier one), and the
exact fraction (1/6) waits folded behind "exact", shown on request only (issue 24);
an exact 0 or 1 reads "0%" or "100%" alone. A Monte
Carlo estimate (the cell also has ``"ci95": [lo, hi]``) reads "16.70% · 1 in 5.99 · 95%: 16.19%
to 17.22%": its interval stands where an exact chance has its fraction.

    >>> import re
    >>> re.sub(r"<[^>]+>", "", cell_html({"type": "prob", "p": "1/70000", "float": 1 / 70000}))
    '&lt; 0.01% 1 in 70,000 exact1/70000'
    >>> re.sub(r"<[^>]+>", "", cell_html({"type": "prob", "p": "0/1", "float": 0.0}))
    '0%'
    >>> re.sub(r"<[^>]+>", "", cell_html({"type": "prob", "p": "334/2000", "float": 0.167, "ci95": [0.1512, 0.1839]}))
    '16.70% 1 in 5.99 95%: 15.12% to 18.39%'
"""
from __future__ import annotations

import json
from fractions import Fraction
from ..core.escape import escape
from typing import Any

from ..core.dist import exact_percent, frac, one_in, percent


MARK = '<strong class="calc-mark">differs</strong> '  # a marked row says so in words, not by colour alone


def table_html(table: dict) -> str:
    """A table; a table with ``marked`` flags (one per row) marks those rows, in words and by style."""
    head = "".join(f'<th scope="col">{escape(cell_text(c))}</th>' for c in table.get("columns", []))
    marked = table.get("marked") or []
    rows = []
    for i, row in enumerate(table.get("rows", [])):
        mark = i < len(marked) and marked[i] is True
        cells = [f"<td>{MARK if mark and j == 0 else ''}{cell_html(c)}</td>" for j, c in enumerate(row)]
        rows.append(('<tr class="calc-marked">' if mark else "<tr>") + "".join(cells) + "</tr>")
    return (f'<div class="calc-table-wrap"><table class="calc-table"><caption>{escape(str(table.get("title", "")))}'
            f"</caption><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")


def cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def cell_html(value: Any) -> str:
    if isinstance(value, dict) and isinstance(value.get("p"), str) and "float" in value:
        try:
            return prob_html(value["p"], str(value.get("show", "all")), _interval(value.get("ci95")))
        except (ValueError, ZeroDivisionError):
            pass
    return escape(cell_text(value))


def _interval(ci95: Any) -> tuple[float, float] | None:
    if isinstance(ci95, list) and len(ci95) == 2 and all(isinstance(x, (int, float)) for x in ci95):
        return float(ci95[0]), float(ci95[1])
    return None


def prob_html(p: str, show: str = "all", ci95: tuple[float, float] | None = None) -> str:
    """A probability "n/d" as percentage with "1 in N", and as a fraction (exact) or with its 95%
    interval (a Monte Carlo estimate, ``ci95`` given)."""
    x = Fraction(p)
    # An exact 0 or 1 is "0%" or "100%", whole and alone: "0.00% · 0/1" read oddly to a new player.
    certain = ci95 is None and x in (0, 1)
    parts = []
    if show in ("all", "percent"):
        # An exact whole percentage reads whole ("20%", not "20.00%"), as a headline writes it; an estimate never.
        pct = percent(x, 2) if ci95 is not None else exact_percent(x, 2)
        parts.append(f'<span class="calc-pct">{escape(pct)}</span>')
        # "1 in N" below one half, the same way down a column ("2 in 5" beside "1 in 2.5" read unevenly); a
        # likelier chance reads best as its percentage alone ("1 in 1.46" read oddly).
        if 0 < x < Fraction(1, 2):
            parts.append(f'<span class="calc-odds">{one_in(x)}</span>')
    if show in ("all", "fraction") and not (certain and show == "all"):
        if ci95 is None:
            parts.append(fraction_html(x))
        else:
            lo, hi = ci95
            parts.append(f'<span class="calc-ci">95%: {escape(percent(lo, 2))} to {escape(percent(hi, 2))}</span>')
    return '<span class="calc-prob">' + " ".join(parts) + "</span>"


def fraction_html(x: Fraction) -> str:
    """The exact fraction on request only (issue 24): folded in its cell behind "exact", however short, so a
    cell reads "68.56%" or "16.67% · 1 in 6" and a table is never a column of fractions (print leaves them out)."""
    # No title on "exact": on a phone its tooltip covered the fraction just opened (a new player).
    return f'<details class="calc-frac"><summary>exact</summary><code>{frac(x)}</code></details>'
