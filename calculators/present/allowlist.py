"""The allow-list for result HTML (``allowlist.json``), checked in Python.

The page enforces the same list with DOMPurify before it inserts the engine's HTML
(``pyodide/src/widgets.js``); this side refuses a drawing that breaks it when it is made, so
a map that would lose parts in the page fails loudly at build time and in the tests instead.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache

from ..core.package_data import read_text

LOCAL_URL = re.compile(r"url\(\s*#[\w.:-]+\s*\)", re.I)
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)


@lru_cache(maxsize=1)
def rules() -> dict:
    """The allow-list as sets: tags and attributes by kind."""
    doc = json.loads(read_text(__name__, "allowlist.json"))
    return {key: frozenset(value) for key, value in doc.items() if key != "about"}


def site_link(value: str) -> bool:
    """A link inside the site: relative, or an anchor; never another scheme or host."""
    value = value.strip()
    return not SCHEME.match(value) and not value.startswith(("//", "\\"))


def attribute_problem(tag: str, name: str, value: str) -> str | None:
    """Why ``name="value"`` may not stand on ``<tag>``, or None when it may."""
    allow = rules()
    svg = tag in allow["svg_tags"]
    if name.startswith(("data-", "aria-")):
        pass
    elif name not in allow["global_attributes"] and name not in allow["svg_attributes" if svg else "html_attributes"]:
        return f"attribute {name!r} on <{tag}>"
    if name in ("href", "xlink:href"):
        if tag == "use":
            if not value.startswith("#"):
                return f"<use> may reference only a local id (got {value[:40]!r})"
        elif tag != "a" or not site_link(value):
            return f"link {value[:40]!r} on <{tag}>"
    if "url(" in value.lower() and LOCAL_URL.sub("", value).lower().count("url(") > 0:
        return f"{name} refers outside the drawing: {value[:40]!r}"
    return None


@lru_cache(maxsize=1)
def _checker_class() -> type:
    # html.parser (and the html package's entity table under it) is imported on the first drawing
    # checked, not with the presenter: most results have no drawing, and in the browser the two
    # imports cost about 60 ms of the first visit's start-up (issue 12).
    from html.parser import HTMLParser

    class Checker(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.problems: list[str] = []

        def handle_starttag(self, tag, attrs):
            allow = rules()
            if tag not in allow["html_tags"] and tag not in allow["svg_tags"]:
                self.problems.append(f"element <{tag}>")
                return
            for name, value in attrs:
                problem = attribute_problem(tag, name, value or "")
                if problem:
                    self.problems.append(problem)

        handle_startendtag = handle_starttag

    return Checker


def problems(markup: str) -> list[str]:
    """Everything in ``markup`` that the allow-list refuses (empty: it passes unchanged)."""
    checker = _checker_class()()
    checker.feed(markup)
    checker.close()
    return checker.problems
