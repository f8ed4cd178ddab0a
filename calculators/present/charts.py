"""Charts: bar charts as a table of labelled bars, and the engine's maps.

A bar chart is an HTML table whose bars are small SVGs with no text in them: its labels and
percentages are page text, legible at a phone's 390 px as at 1280 px, and its colours come
from the page's palette (CSS classes). A map is the engine's own SVG, checked against the
allow-list, in a figure that spans the content column and scrolls sideways where the column is
narrower than the map's labels need.
"""
from __future__ import annotations

import re
from ..core.escape import escape

from ..core.dist import percent
from .allowlist import problems

BAR_W, BAR_H = 100, 8
SVG_OPEN = re.compile(r"\s*<svg\b([^>]*)>")
CLASS_ATTR = re.compile(r'\sclass="([^"]*)"')


def chart_html(chart: dict) -> str:
    kind = chart.get("type")
    if kind == "svg":
        return map_html(chart)
    if kind == "bar":
        return bar_chart_html(chart)
    return ""


def bar_chart_html(chart: dict) -> str:
    labels = [str(x) for x in chart.get("labels", [])]
    series = chart.get("series", [])
    top = max([max((float(v) for v in s.get("values", [])), default=0.0) for s in series] + [1e-12])
    head = f'<th scope="col">{escape(str(chart.get("x_label") or ""))}</th>' + "".join(
        f'<th scope="col">{escape(str(s.get("name", "")))}</th>' for s in series)
    rows = []
    for i, label in enumerate(labels):
        cells = "".join(_bar_cell(float(s["values"][i]) if i < len(s.get("values", [])) else 0.0, top, j)
                        for j, s in enumerate(series))
        rows.append(f'<tr><th scope="row">{escape(label)}</th>{cells}</tr>')
    return (f'<figure class="calc-chart calc-bars"><figcaption>{escape(str(chart.get("title", "")))}</figcaption>'
            f'<table class="calc-bar-table"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
            "</figure>")


def _bar_cell(value: float, top: float, series: int) -> str:
    width = max(0.0, min(BAR_W, BAR_W * value / top))
    # A certain 0 or 1 reads "0%" or "100%", as a table's cell does ("0.00%" beside a table's "0%" read oddly).
    shown = f"{int(value * 100)}%" if value in (0.0, 1.0) else percent(value, 2)
    return (f'<td><span class="calc-bar-value">{escape(shown)}</span>'
            f'<svg class="calc-bar" viewBox="0 0 {BAR_W} {BAR_H}" preserveAspectRatio="none" aria-hidden="true">'
            f'<rect class="bar s{series}" width="{width:.2f}" height="{BAR_H}"/></svg></td>')


def map_html(chart: dict) -> str:
    """An engine-drawn map. Refused outright (ValueError) if it holds anything the allow-list would
    strip in the page: a drawing that breaks it is a bug to fix, not a map to show in part."""
    markup = str(chart.get("svg", ""))
    opening = SVG_OPEN.match(markup)
    found = problems(markup)
    if opening is None or found:
        raise ValueError("engine SVG chart breaks the allow-list: " + "; ".join(found[:5] or ["not an <svg>"]))
    attrs = opening.group(1)
    cls = CLASS_ATTR.search(attrs)
    if cls:
        attrs = attrs[:cls.start()] + f' class="{cls.group(1)} calc-map"' + attrs[cls.end():]
    else:
        attrs += ' class="calc-map"'
    markup = f"<svg{attrs}>" + markup[opening.end():]
    # The figure is the map's frame: on a phone it scrolls sideways rather than shrink the labels.
    return (f'<figure class="calc-chart calc-map-figure"><figcaption>{escape(str(chart.get("title", "")))}'
            f"</figcaption>{markup.strip()}</figure>")
