"""The scripts a page runs as it opens are compiled off its main thread (hooks/compile_hints.py, issue 25)."""
from __future__ import annotations

import json
import pathlib
import re

import material

HINT = "//# allFunctionsCalledOnLoad\n"
SCRIPT_SRC = re.compile(r'<script\b[^>]*\bsrc="([^"]+)"')
PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)"')
MATERIAL = pathlib.Path(material.__file__).parent / "templates" / "assets" / "javascripts"


def _opening_scripts(built_site, page):
    html = (built_site / page / "index.html").read_text(encoding="utf-8")
    urls = SCRIPT_SRC.findall(html) + PRELOAD.findall(html)
    return {(built_site / page / url).resolve() for url in urls}


def test_every_script_a_board_page_runs_as_it_opens_starts_with_the_hint(built_site):
    """Material's bundle, the page's script, the early form and the calculator code (named by the page itself),
    and the sanitiser its first result goes through: V8 compiles a file so marked while it streams in, instead
    of function by function on the main thread during its first run (Material's bundle was the board pages'
    longest task)."""
    scripts = _opening_scripts(built_site, "wotw/adjudicator") | _opening_scripts(built_site, "diplomacy/adjudicator")
    scripts.add(built_site / "assets" / "engine" / "purify.min.js")
    names = sorted(p.name for p in scripts)
    assert len(scripts) == 5 and any(re.fullmatch(r"bundle\.[0-9a-f]+\.min\.js", n) for n in names), names
    for path in scripts:
        assert path.read_text(encoding="utf-8").startswith(HINT), path.name


def test_materials_bundle_is_served_unchanged_under_the_hint_and_its_map_still_maps_it(built_site):
    """The hint is a line of its own above Material's code: the source map (Material's, from its package) gains
    one empty line of mappings, so that every position still points at the same place in Material's sources."""
    [original] = sorted(MATERIAL.glob("bundle.*.min.js"))
    served = built_site / "assets" / "javascripts" / original.name
    assert served.read_text(encoding="utf-8") == HINT + original.read_text(encoding="utf-8")
    before = json.loads(original.with_name(original.name + ".map").read_text(encoding="utf-8"))
    after = json.loads(served.with_name(served.name + ".map").read_text(encoding="utf-8"))
    assert after["mappings"] == ";" + before["mappings"]
    assert {k: v for k, v in after.items() if k != "mappings"} == {k: v for k, v in before.items() if k != "mappings"}
