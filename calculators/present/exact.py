"""The exact probabilities of a result, listed where a reader can find them.

A summary that gives a chance as a percentage because its fraction is too long to read says the
exact fraction is "under Exact probabilities": this is that place, a collapsed section at the end
of the result naming every probability in the result's data with its fraction.
"""
from __future__ import annotations

from fractions import Fraction
from ..core.escape import escape
from typing import Any

from ..core.dist import frac

TITLE = "Exact probabilities"
# A list item is named by one of these keys when it has it ("damage › 3", "destroyed within › volleys 2").
ITEM_KEYS = ("outcome", "k", "label", "name", "state", "volleys", "turn", "units", "player", "power")


def exact_rows(data: Any, path: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """(readable name, "n/d") for every {"p": "n/d", "float": x} anywhere in ``data``; a Monte Carlo
    estimate (successes over trials, with its "ci95") is no exact probability and is left out."""
    rows: list[tuple[str, str]] = []
    if isinstance(data, dict):
        if isinstance(data.get("p"), str) and "float" in data and "/" in data["p"] and "ci95" not in data:
            rows.append((" › ".join(path) or "probability", data["p"]))
        for key, value in data.items():
            if key not in ("p", "float") and isinstance(value, (dict, list)):
                rows += exact_rows(value, (*path, str(key).replace("_", " ")))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            rows += exact_rows(item, (*path, _item_name(item, i)))
    return rows


def _item_name(item: Any, index: int) -> str:
    if isinstance(item, dict):
        for key in ITEM_KEYS:
            value = item.get(key)
            if isinstance(value, (str, int)) and not isinstance(value, bool):
                return str(value) if key == "outcome" else f"{key} {value}"
    return str(index + 1)


def exact_html(data: Any) -> str:
    rows = exact_rows(data)
    if not rows:
        return ""
    body = "".join(f'<tr><th scope="row">{escape(name)}</th><td>{_fraction(p)}</td></tr>' for name, p in rows)
    return (f'<details class="calc-exact"><summary>{TITLE} ({len(rows)})</summary>'
            f'<div class="calc-table-wrap"><table class="calc-table"><thead><tr><th scope="col">Probability of</th>'
            f'<th scope="col">Exact fraction</th></tr></thead><tbody>{body}</tbody></table></div></details>')


def _fraction(p: str) -> str:
    """In this list every fraction is shown in full: the section is itself behind a toggle."""
    try:
        x = Fraction(p)
    except (ValueError, ZeroDivisionError):
        return escape(p)
    return f'<code class="calc-frac-full">{frac(x)}</code>'
