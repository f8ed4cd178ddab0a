"""Static HTML for a calculator result, so a reader sees the default numbers before Pyodide loads.

``pyodide/src/widgets.js`` draws the same structure in the browser (same classes, same
SVG geometry); ``tests/site`` checks both against one result.
"""
from __future__ import annotations

import re
from html import escape
from typing import Callable

W, H, PAD_L, PAD_B, PAD_T = 640, 260, 48, 56, 16


def result_html(result: dict, rule_href: Callable[[str], str | None]) -> str:
    if not result.get("ok"):
        err = result.get("error", {})
        return f'<div class="calc-output"><p class="calc-error" role="alert">{escape(str(err.get("message", "")))}</p></div>'
    out = ['<div class="calc-output">', f'<p class="calc-summary">{escape(result["summary"])}</p>']
    for table in result.get("tables", []):
        out.append(table_html(table))
    for chart in result.get("charts", []):
        if chart.get("type") == "svg":
            out.append(svg_html(chart))
        elif chart.get("type") == "bar":
            out.append(chart_html(chart))
    if result.get("notes"):
        out.append('<ul class="calc-notes">' + "".join(f"<li>{escape(str(n))}</li>" for n in result["notes"]) + "</ul>")
    if result.get("rules"):
        links = []
        for rid in result["rules"]:
            href = rule_href(rid)
            links.append(f'<a href="{escape(href)}">{escape(rid)}</a>' if href else escape(rid))
        out.append('<p class="calc-rules">Rules applied: ' + ", ".join(links) + "</p>")
    out.append("</div>")
    return "".join(out)


def table_html(table: dict) -> str:
    head = "".join(f"<th>{escape(str(c))}</th>" for c in table["columns"])
    body = "".join("<tr>" + "".join(f"<td>{escape(_cell(c))}</td>" for c in row) + "</tr>" for row in table["rows"])
    return (f'<div class="calc-table-wrap"><table class="calc-table"><caption>{escape(table["title"])}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>")


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


SVG_FORBIDDEN = re.compile(r"<\s*(script|foreignObject|iframe|image|use)\b|\bon[a-z]+\s*=|javascript:|href\s*=", re.I)


def svg_html(chart: dict) -> str:
    """An engine-drawn map. Pre-rendered from the page's fixed defaults, never from a reader's
    input; still refused outright if it holds anything active (the widget sanitises too)."""
    markup = str(chart.get("svg", ""))
    if not markup.lstrip().startswith("<svg") or SVG_FORBIDDEN.search(markup):
        raise ValueError("engine SVG chart holds forbidden markup")
    markup = markup.replace("<svg", '<svg class="calc-map"', 1)
    return f'<figure class="calc-chart"><figcaption>{escape(chart.get("title", ""))}</figcaption>{markup}</figure>'


def chart_html(chart: dict) -> str:
    """A bar chart as inline SVG: one group of bars per label, one bar per series."""
    labels = chart["labels"]
    series = chart["series"]
    top = max([max(s["values"], default=0) for s in series] + [1e-12])
    inner_w, inner_h = W - PAD_L - 8, H - PAD_T - PAD_B
    group_w = inner_w / max(1, len(labels))
    bar_w = max(1.0, group_w * 0.8 / max(1, len(series)))
    parts = [f'<svg class="calc-bar-chart" viewBox="0 0 {W} {H}" role="img" aria-label="{escape(chart["title"])}">']
    for frac in (0, 0.5, 1):
        y = PAD_T + inner_h * (1 - frac)
        parts.append(f'<line class="grid" x1="{PAD_L}" y1="{y:.1f}" x2="{W - 8}" y2="{y:.1f}"/>')
        parts.append(f'<text class="axis" x="{PAD_L - 4}" y="{y + 4:.1f}" text-anchor="end">{top * frac * 100:.0f}%</text>')
    for i, label in enumerate(labels):
        gx = PAD_L + i * group_w + group_w * 0.1
        for j, s in enumerate(series):
            v = s["values"][i]
            h = inner_h * v / top
            x = gx + j * bar_w
            parts.append(f'<rect class="bar s{j}" x="{x:.1f}" y="{PAD_T + inner_h - h:.1f}" width="{bar_w:.1f}" '
                         f'height="{h:.1f}"><title>{escape(s["name"])} {escape(str(label))}: {v * 100:.2f}%</title></rect>')
        parts.append(f'<text class="axis" x="{gx + group_w * 0.4:.1f}" y="{H - PAD_B + 16}" text-anchor="middle">{escape(str(label))}</text>')
    if chart.get("x_label"):
        parts.append(f'<text class="axis-title" x="{PAD_L + inner_w / 2:.1f}" y="{H - 22}" text-anchor="middle">{escape(chart["x_label"])}</text>')
    if len(series) > 1:
        for j, s in enumerate(series):
            x = PAD_L + j * 180
            parts.append(f'<rect class="bar s{j}" x="{x}" y="{H - 12}" width="10" height="10"/>'
                         f'<text class="legend" x="{x + 14}" y="{H - 3}">{escape(s["name"])}</text>')
    parts.append("</svg>")
    return f'<figure class="calc-chart"><figcaption>{escape(chart["title"])}</figcaption>{"".join(parts)}</figure>'
