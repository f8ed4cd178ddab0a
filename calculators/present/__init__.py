"""The one result renderer: a calculator's result (the contract's JSON) as HTML.

The site build pre-renders every widget with it, and the browser's worker returns its HTML with
each live result (``calculators.present.worker``), so a result looks the same before and after
the engine starts. Every text is escaped here; the page still passes the HTML through an
allow-list sanitiser (``allowlist.json``) before inserting it.

    >>> from calculators.present import result_html
    >>> html = result_html({"ok": True, "summary": "1 < 2", "tables": [], "charts": [], "notes": [],
    ...                     "rules": ["DIP 9.1"]}, {"DIP 9.1": "diplomacy/rules/#dip-9-1"}, "../../")
    >>> "1 &lt; 2" in html and 'href="../../diplomacy/rules/#dip-9-1"' in html
    True
"""
from __future__ import annotations

from collections.abc import Mapping
from ..core.escape import escape

from .charts import chart_html
from .exact import exact_html
from .tables import table_html


METHOD = "How this was worked out"


def root_prefix(page_url: str) -> str:
    """The relative path from a page (``wotw/virus/``) back to the site's root (``../../``)."""
    return "../" * page_url.count("/")


def result_html(result: dict, rule_urls: Mapping[str, str], root: str = "") -> str:
    """``result`` as HTML; rule IDs link to ``root + rule_urls[id]`` (site-root-relative URLs)."""
    if not result.get("ok"):
        message = str((result.get("error") or {}).get("message", ""))
        return f'<div class="calc-output"><p class="calc-error" role="alert">{escape(message)}</p></div>'
    out = ['<div class="calc-output">', f'<p class="calc-summary">{escape(str(result.get("summary", "")))}</p>']
    out += [table_html(t) for t in result.get("tables", [])]
    out += [chart_html(c) for c in result.get("charts", [])]
    out += _notes_html([str(n) for n in result.get("notes") or []], result.get("readings") or {})
    out.append(exact_html(result.get("data")))
    out += _rules_html(result.get("rules") or [], result.get("readings") or {}, rule_urls, root)
    out.append("</div>")
    return "".join(out)


def _notes_html(notes: list[str], readings: Mapping) -> list[str]:
    """The method, folded below the tables (issue 24, docs/conventions.md); what the readings change stays in view:
    the comparison view's notes are its answer, and a result under readings not the site's ends with the note
    saying how the site's would differ (``core.registry``)."""
    kept = len(notes) if "compared" in readings else 1 if "site_gives" in readings else 0
    method, shown = notes[:len(notes) - kept], notes[len(notes) - kept:]
    out = []
    if method:
        items = "".join(f"<li>{escape(n)}</li>" for n in method)
        out.append(f'<details class="calc-method"><summary>{METHOD} ({len(method)})</summary>'
                   f'<ul class="calc-method-notes">{items}</ul></details>')
    if shown:
        out.append('<ul class="calc-notes">' + "".join(f"<li>{escape(n)}</li>" for n in shown) + "</ul>")
    return out


def _rules_html(rules: list, readings: Mapping, rule_urls: Mapping[str, str], root: str) -> list[str]:
    """The rules applied, then the readings used (issue 24): a reading the player chose, not the site's, in
    plain view; the site's own readings folded, since the rules pages already state them. A reading is
    shown by its ruling and label ("DIP R4: 2023 rulebook"), its link landing on the reading's box."""
    labels: Mapping[str, str] = readings.get("cited") or {}
    in_force, site = readings.get("in_force") or {}, readings.get("site") or {}

    def links(ids: list) -> str:
        return ", ".join(_rule_link(r, rule_urls, root, labels.get(r)) for r in ids)

    plain = [r for r in rules if r not in labels]
    chosen = [r for r in rules if r in labels and in_force.get(r.split(":")[0]) != site.get(r.split(":")[0])]
    usual = [r for r in rules if r in labels and r not in chosen]
    out = [f'<p class="calc-rules">Rules applied: {links(plain)}</p>'] if plain else []
    if chosen:
        out.append(f'<p class="calc-rules">Readings applied, not the site\'s: {links(chosen)}</p>')
    if usual:
        out.append(f'<details class="calc-rules calc-site-readings"><summary>The site\'s readings applied '
                   f'({len(usual)})</summary><p>{links(usual)}</p></details>')
    return out


def _rule_link(rid: object, rule_urls: Mapping[str, str], root: str, text: str | None = None) -> str:
    url = rule_urls.get(rid) if isinstance(rid, str) else None
    shown = escape(text or str(rid))
    return f'<a href="{escape(root + url)}">{shown}</a>' if url else shown
