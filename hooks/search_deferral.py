"""MkDocs hook: on a page with a calculator, Material's search worker waits for the engine.

The search index and Pyodide would otherwise start together and slow each other down;
pyodide/src/search-deferred.js starts Material's own worker once the engine says it is ready.

The change is made in the page's own configuration, Material's ``<script id="__config">`` JSON,
read and written as JSON: its "search" entry (the worker's URL) is pointed at the deferring
script. If a Material release changes that element or entry, the build fails and says so.
"""
from __future__ import annotations

import json
import re

import siteindex
from mkdocs.exceptions import PluginError

CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)
WORKER = re.compile(r"^(?P<base>.*?)assets/javascripts/workers/(?P<name>search\.[0-9a-f]+\.min\.js)$")
DEFERRED = "assets/engine/search-deferred.js"


def on_post_page(output, page, config):
    if not page.meta.get("_widgets"):
        return output
    m = siteindex.the_one(CONFIG, output, page, "Material __config script", "search_deferral.py")
    settings = json.loads(m.group(2))
    worker = WORKER.match(settings.get("search") or "")
    if worker is None:
        raise PluginError(f"{page.file.src_uri}: Material's search worker URL is not where hooks/search_deferral.py "
                          f"expects it (got {settings.get('search')!r}).")
    settings["search"] = f"{worker['base']}{DEFERRED}?worker={worker['name']}"
    text = json.dumps(settings, ensure_ascii=False).replace("</", "<\\/")
    return output[:m.start(2)] + text + output[m.end(2):]
