"""MkDocs hook: the scripts a page runs as it opens are marked for eager compiling (issue 25).

A browser compiles most of a script's functions only when one is first called, on the page's main thread, in
the middle of the script's run: Material's bundle and the site's page and calculator code are mostly set-up
called as the page opens, so their first run was one long task of compiling and running (Material's bundle
140-150 ms under Lighthouse's 4x slower phone CPU, the largest task on a board page). A script that starts with
the magic comment ``//# allFunctionsCalledOnLoad`` (V8's explicit compile hints, Chrome 136 and later; other
browsers read a comment) has all its functions compiled while it streams in, off the main thread.

Measured on the board pages (Lighthouse mobile, the two builds interleaved, 4 runs each, medians): WotW
adjudicator total blocking time 207 -> 87 ms, Diplomacy adjudicator 136 -> 99 ms.

Marked: what every page runs as it opens (Material's bundle, ``assets/engine/page.js``) and what a page with a
calculator runs as it opens (its early form, the calculator code, the sanitiser its first result goes through).
Not marked: scripts loaded on demand (search, the offline page's), whose functions are mostly not called.
Material's bundle keeps its name; its source map gains an empty first line, so that it still maps the code.
"""
from __future__ import annotations

import json
import re

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

HINT = "//# allFunctionsCalledOnLoad\n"
MATERIAL = re.compile(r"assets/javascripts/bundle\.[0-9a-f]+\.min\.js")
# hooks/bundle.py builds these (it runs before this hook).
OURS = ("assets/engine/page.js", "assets/engine/widgets.js", "assets/engine/purify.min.js",
        "assets/engine/early-form.js")


def shifted(source_map: str) -> str:
    """A source map of a script that gained one line at its top: every mapping one line lower."""
    data = json.loads(source_map)
    data["mappings"] = ";" + data["mappings"]
    return json.dumps(data, separators=(",", ":"))


def _read(f: File) -> str:
    if f.generated_by:
        return f.content_string
    with open(f.abs_src_path, encoding="utf-8") as fh:
        return fh.read()


def on_files(files, config):
    material = [f for f in files if MATERIAL.fullmatch(f.src_uri)]
    by_uri = {f.src_uri: f for f in files}
    missing = [uri for uri in OURS if uri not in by_uri]
    if len(material) != 1 or missing:
        raise PluginError(f"hooks/compile_hints.py: expected Material's one bundle and {', '.join(OURS)}; "
                          f"found {len(material)} bundle(s), missing {missing}")
    # The hint on a line of its own before the code.
    changed = [(f, HINT + _read(f)) for f in material + [by_uri[uri] for uri in OURS]]
    source_map = by_uri.get(material[0].src_uri + ".map")
    if source_map:
        changed.append((source_map, shifted(_read(source_map))))
    for f, text in changed:
        files.remove(f)
        files.append(File.generated(config, f.src_uri, content=text))
    return files
