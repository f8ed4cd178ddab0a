"""MkDocs hook: the site's own stylesheets and page scripts, each served as one file.

Every page loads the site's six stylesheets and five scripts (the scripts on every page, because
Material's instant navigation runs no new script on a page it swaps in). Served one by one they
are eleven requests made together with the page's, and on a first visit to a calculator page they
queue in front of the engine worker's own (a browser opens six connections to a host over
HTTP/1.1): the worker started up to 0.2 s later than on a bare page (issue 12). Here the lists in
mkdocs.yml stay the source of truth; each is joined, in order, into one file that the pages link
instead. The separate files are still built (the tests and the offline cache know them by name).
"""
from __future__ import annotations

import re

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

CSS_BUNDLE = "stylesheets/site-bundle.css"
JS_BUNDLE = "assets/engine/page.js"  # beside widgets.js, which finds the engine from its own URL
SOURCE_MAP = re.compile(r"^//# sourceMappingURL=.*$", re.M)
_parts: dict[str, list[str]] = {}


def _path(entry) -> str:
    return entry if isinstance(entry, str) else entry.path


def on_config(config):
    _parts[CSS_BUNDLE] = [_path(e) for e in config.extra_css]
    _parts[JS_BUNDLE] = [_path(e) for e in config.extra_javascript]
    if any(p.startswith(("http:", "https:", "//")) for parts in _parts.values() for p in parts):
        raise PluginError("hooks/bundle.py joins the site's own files only; no outside stylesheet or script")
    config.extra_css[:] = [CSS_BUNDLE]
    config.extra_javascript[:] = [JS_BUNDLE]
    return config


def on_files(files, config):
    built = {f.dest_uri: f for f in files}  # the engine's files are copied under other source names
    for bundle, parts in _parts.items():
        end = "\n;" if bundle == JS_BUNDLE else ""  # each script ends its own statement
        texts = []
        for uri in parts:
            if uri not in built:
                raise PluginError(f"hooks/bundle.py: {uri} (named in mkdocs.yml) is not among the site's files")
            # A source map comment would name a file that is not shipped.
            texts.append(f"/* {uri} */\n" + SOURCE_MAP.sub("", built[uri].content_string).rstrip() + end)
        files.append(File.generated(config, bundle, content="\n".join(texts) + "\n"))
    return files
