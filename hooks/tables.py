"""MkDocs hook: the content's tables wrapped at build time, as Material wraps them when a page opens (issue 25).

Material styles a Markdown table as ``.md-typeset table:not([class])`` and, when a page opens (and after
each instant navigation), moves each such table into ``div.md-typeset__scrollwrap > div.md-typeset__table``
(its scrolling box). Moving a table throws away its style and layout: the whole table is restyled and laid
out again inside Material's script, the page's longest task on a page with a long table (the Diplomacy
overview's province table: ~0.2 s of style recalculation at a phone's CPU; Lighthouse, Chrome traces).

Here each plain ``<table>`` of a page's content is written inside the same two boxes and marked
``class="md-data-table"``, so that Material's ``table:not([class])`` no longer finds it and nothing moves. Its
look is Material's own: the rules of Material's stylesheet that style ``table:not([class])`` are copied, as the
build finds them, with that selector made ``table.md-data-table``, into ``stylesheets/data-tables.css`` (one of
the stylesheets hooks/bundle.py joins). If a Material release no longer has such rules, the build fails.
"""
from __future__ import annotations

import glob
import os
import re

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

CLASS = "md-data-table"
CSS = "stylesheets/data-tables.css"
MATERIAL = "table:not([class])"
OURS = f"table.{CLASS}"
TABLE = re.compile(r"<table>(.*?)</table>", re.S)
WRAPPED = (f'<div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table class="{CLASS}">'
           r"\1</table></div></div>")


def on_page_content(html, page, config, files):
    return TABLE.sub(WRAPPED, html)


def _blocks(css: str):
    """(prelude, body) of each top-level block of a minified stylesheet, braces balanced."""
    depth, start, head = 0, 0, 0
    for i, ch in enumerate(css):
        if ch == "{":
            if depth == 0:
                head, start = i, i + 1
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                prelude = css[css.rfind("}", 0, head) + 1:head].rsplit(";", 1)[-1]
                yield prelude.strip(), css[start:i]


def _rules(css: str, media: str = "") -> list[str]:
    """Material's rules for its data tables, the selector rewritten; those inside @media kept inside."""
    out = []
    for prelude, body in _blocks(css):
        if prelude.startswith("@media"):
            inner = _rules(body, prelude)
            if inner:
                out.append(prelude + "{" + "".join(inner) + "}")
        elif not prelude.startswith("@") and MATERIAL in prelude:
            # Not the rule for the element after a table: here the table is its wrapper's only child, and a rule
            # for any element there costs restyles (hooks/material_css.py).
            selectors = [s for s in prelude.split(",") if MATERIAL in s and not s.strip().endswith(MATERIAL + "+*")]
            if selectors:
                out.append(",".join(s.replace(MATERIAL, OURS) for s in selectors) + "{" + body + "}")
    return out


def data_table_css(config) -> str:
    for theme_dir in config["theme"].dirs:
        for path in glob.glob(os.path.join(theme_dir, "assets", "stylesheets", "main.*.min.css")):
            with open(path, encoding="utf-8") as fh:
                rules = _rules(re.sub(r"/\*.*?\*/", "", fh.read(), flags=re.S))
            if rules:
                return ("/* Material's rules for its data tables (table:not([class])), for the tables hooks/tables.py "
                        "wrapped at build time. */\n" + "\n".join(rules) + "\n")
    raise PluginError("hooks/tables.py: no rule for table:not([class]) in Material's stylesheet; "
                      "this Material release styles its tables differently: update the hook.")


def on_files(files, config):
    files.append(File.generated(config, CSS, content=data_table_css(config)))
    return files
