"""The success shape of the contract, built in one place."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .dist import frac


@dataclass(frozen=True)
class Prob:
    """A probability in a table cell. The presenter shows it the one way every table does: the
    percentage (never "0.00%" for a chance that is not 0) with "1 in N" beside it, and the exact
    fraction, behind a toggle when it is too long to read. ``show`` is "all", or "percent" or
    "fraction" for a table that gives the two in columns of their own.

    ``ci95``: a Monte Carlo estimate (``p`` is then successes over trials) with its 95% interval,
    which the presenter shows where an exact chance shows its fraction: an estimate has none."""

    p: Fraction
    show: str = "all"
    ci95: tuple[float, float] | None = None

    def to_json(self) -> dict:
        out = {"type": "prob", "p": frac(self.p), "float": float(self.p), "show": self.show}
        if self.ci95 is not None:
            out["ci95"] = [float(self.ci95[0]), float(self.ci95[1])]
        return out


def prob_cells(p) -> list[Prob]:
    """A table's "P" and "%" columns for one probability: the exact fraction (a long one behind a
    toggle), and the percentage with "1 in N" beside it."""
    return [Prob(Fraction(p), "fraction"), Prob(Fraction(p), "percent")]


def cell_json(value: Any) -> Any:
    return value.to_json() if isinstance(value, Prob) else value


@dataclass
class Table:
    """A result table. ``marked``: one flag per row, for a table that marks some rows (the comparison
    view marks the figures that differ between readings); the presenter shows the mark in words too."""

    title: str
    columns: list[str]
    rows: list[list[Any]]
    marked: list[bool] | None = None

    def to_json(self) -> dict:
        out: dict[str, Any] = {"title": self.title, "columns": self.columns,
                               "rows": [[cell_json(c) for c in row] for row in self.rows]}
        if self.marked is not None:
            out["marked"] = [bool(m) for m in self.marked]
        return out


@dataclass(frozen=True)
class Next:
    """What "continue" carries into the form: the next state's parameters, and its name for people
    ("Fall 1901 retreats"). The page fills the form with ``params`` and waits for the player."""

    label: str
    params: dict

    def to_json(self) -> dict:
        return {"label": self.label, "params": dict(self.params)}


@dataclass
class BarChart:
    """A bar chart spec; the widget draws it as inline SVG (no chart library needed).

    ``series``: one or more named series over the same ``labels`` (two series
    make the comparison view, e.g. open ground vs dug in).
    """

    title: str
    labels: list[str]
    series: list[tuple[str, list[float]]]
    x_label: str = ""
    y_label: str = "probability"

    def to_json(self) -> dict:
        return {
            "type": "bar",
            "title": self.title,
            "labels": self.labels,
            "series": [{"name": n, "values": v} for n, v in self.series],
            "x_label": self.x_label,
            "y_label": self.y_label,
        }


@dataclass
class Result:
    summary: str
    data: dict
    rules: list[str]
    tables: list[Table] = field(default_factory=list)
    charts: list[Any] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    next: Next | None = None

    def to_json(self, calc_id: str) -> dict:
        return {
            "ok": True,
            "id": calc_id,
            "summary": self.summary,
            "data": self.data,
            "tables": [t.to_json() for t in self.tables],
            "charts": [c if isinstance(c, dict) else c.to_json() for c in self.charts],
            "notes": list(self.notes),
            "rules": list(self.rules),
            "next": self.next.to_json() if self.next else None,
        }
