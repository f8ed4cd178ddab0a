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
    if result.get("notes"):
        out.append('<ul class="calc-notes">' + "".join(f"<li>{escape(str(n))}</li>" for n in result["notes"]) + "</ul>")
    out.append(exact_html(result.get("data")))
    if result.get("rules"):
        out.append('<p class="calc-rules">Rules applied: ' + ", ".join(_rule_link(r, rule_urls, root)
                                                                      for r in result["rules"]) + "</p>")
    out.append("</div>")
    return "".join(out)


def _rule_link(rid: object, rule_urls: Mapping[str, str], root: str) -> str:
    url = rule_urls.get(rid) if isinstance(rid, str) else None
    return f'<a href="{escape(root + url)}">{escape(str(rid))}</a>' if url else escape(str(rid))
