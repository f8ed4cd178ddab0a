"""MkDocs hook: page titles that say which game they belong to.

Five sections have a page called "Rules" (and three "Rulings"): in a tab bar, a bookmark or a
search result they must read "Rules · War of the Worlds". The page's title in the nav stays
short; the browser title (and Material's header, which reads the same ``meta.title``) gets the
section's name.
"""
from __future__ import annotations


def on_page_context(context, page, config, nav):
    if page.meta.get("title") or not page.title:
        return context
    top = page.ancestors[-1] if page.ancestors else None
    if top is not None and top.title and top.title != page.title:
        page.meta["title"] = f"{page.title} · {top.title}"
    return context
