"""MkDocs hook: Material's stylesheet served with its positional rules naming the element they style (issue 25).

Material shows the chosen content tab with rules such as
``.tabbed-set>input:nth-child(2):checked~.tabbed-content>:nth-child(2)``: their last part, the element styled,
is any element in some position. Chromium checks every element of a page against such a rule and so marks the
children of every element as depending on their position; a child then put anywhere but last (a board's panel
into its form, the live form into its widget, a line into a list) makes it restyle every element after it,
subtrees included: the adjudicator's widget, 1,041 elements for one paragraph put into it; the article, 1,735.

Here each such rule names what stands there in pymdownx.tabbed's markup (a tab's ``label``, its
``.tabbed-block``; a navigation list's ``.md-nav__item``): the same elements are styled, and the same insertions
restyle 10 and 69 elements. Material's rule for the element after a plain table (``table:not([class])+*``) is
taken out: it styles nothing on this site (hooks/tables.py gives every content table a class, and the engine's
tables have one) and its any-element subject has the same effect. The served file keeps its name; its source
map still describes Material's original. If a Material release no longer has one of these rules, the build
fails: the hook must be looked at again.
"""
from __future__ import annotations

import re

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

MAIN_CSS = re.compile(r"assets/stylesheets/main\.[0-9a-f]+\.min\.css")
# (what Material writes, what is served): the element at that place named.
NAMED = (
    (".tabbed-labels>:", ".tabbed-labels>label:"),
    (".tabbed-content>:", ".tabbed-content>.tabbed-block:"),
    (".md-nav__list>:first-child", ".md-nav__list>.md-nav__item:first-child"),
)
AFTER_A_TABLE = ".md-typeset table:not([class])+*{margin-top:1.5em}"


def served(css: str) -> str:
    """Material's stylesheet as this site serves it (see the module's docstring)."""
    for old, new in NAMED + ((AFTER_A_TABLE, ""),):
        if old not in css:
            raise PluginError(f"hooks/material_css.py: Material's stylesheet has no {old!r}; this Material release "
                              "writes its rules differently: update the hook.")
        css = css.replace(old, new)
    return css


def on_files(files, config):
    found = [f for f in files if MAIN_CSS.fullmatch(f.src_uri) and f.abs_src_path]
    if len(found) != 1:
        raise PluginError(f"hooks/material_css.py: expected Material's one main stylesheet, found {len(found)}")
    with open(found[0].abs_src_path, encoding="utf-8") as fh:
        css = served(fh.read())
    files.remove(found[0])
    files.append(File.generated(config, found[0].src_uri, content=css))
    return files
