"""MkDocs hook: every page's table of contents lists its sections, ruling boxes included.

A ruling is a box (``!!! ruling "<!-- rule: DIP R1 --> Question"``), not a heading, so Markdown's
table of contents left the rulings pages with one entry ("DATC test cases") or none. Each ruling
box whose title carries a rule ID becomes an entry, under the heading it follows, titled by its ID
and its question, linking to its permanent anchor.
"""
from __future__ import annotations

import re
from html import unescape

from mkdocs.structure.toc import AnchorLink

RULING = re.compile(r'<div class="admonition ruling">\s*<p class="admonition-title">'
                    r"<a class='rule-id' id='([a-z0-9-]+)'[^>]*>([^<]+)</a>(.*?)</p>", re.S)
ASIDE = re.compile(r"<span class='rule-(?:calcs|amended|amends)'>.*?</span>", re.S)
TAG = re.compile(r"<[^>]+>")


def on_page_content(html, page, config, files):
    html = _rulings_listed(html, page)
    return _listed_in_page(html, page)


def _listed_in_page(html, page):
    """A page that hides the side table of contents (a board's page, to give the map the width) lists its sections
    in the page instead, before its first section: the list is then on every screen, a phone's included."""
    if "toc" not in (page.meta.get("hide") or []) or not page.toc.items:
        return html
    items = [item for top in page.toc.items for item in (top.children if top.level == 1 else [top])]
    first = html.find(f'id="{items[0].id}"') if items else -1
    start = html.rfind("<h", 0, first) if first >= 0 else -1
    if start < 0:
        return html
    nav = ('<nav class="page-toc" aria-labelledby="page-toc-title"><p class="page-toc-title" id="page-toc-title">'
           f"On this page</p>{_list(items)}</nav>\n")
    return html[:start] + nav + html[start:]


def _list(items) -> str:
    entries = "".join(f'<li><a href="#{item.id}">{item.title}</a>{_list(item.children) if item.children else ""}</li>'
                      for item in items)
    return f"<ul>{entries}</ul>"


def _rulings_listed(html, page):
    rulings = [(m.start(), m.group(1), m.group(2), _text(m.group(3))) for m in RULING.finditer(html)]
    if not rulings:
        return html
    headings = [(html.find(f'id="{item.id}"'), item) for item in _walk(page.toc)]
    headings = sorted((pos, item) for pos, item in headings if pos >= 0)
    for pos, anchor, rid, question in rulings:
        parent = next((item for p, item in reversed(headings) if p < pos), None)
        link = AnchorLink(f"{rid} {question}".strip(), anchor, (parent.level if parent else 1) + 1)
        (parent.children if parent else page.toc.items).append(link)
        link.position = pos
    for item in [*_walk(page.toc), None]:
        items = item.children if item else page.toc.items
        items.sort(key=lambda x: getattr(x, "position", None) or html.find(f'id="{x.id}"'))
    return html


def _walk(items):
    for item in items:
        yield item
        yield from _walk(item.children)


def _text(title_html: str) -> str:
    """The question of a ruling's title, as the table of contents shows it (HTML-escaped text)."""
    text = unescape(TAG.sub("", ASIDE.sub("", title_html))).strip()
    return text.replace("&", "&amp;").replace("<", "&lt;")
