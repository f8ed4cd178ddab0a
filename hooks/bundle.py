"""MkDocs hook: the site's own stylesheets and page scripts, each served as one file.

Every page loads the site's six stylesheets and its scripts (on every page, because Material's
instant navigation runs no new script on a page it swaps in). Served one by one they were eleven
requests made together with the page's, and on a first visit to a calculator page they queued in
front of the engine worker's own (a browser opens six connections to a host over HTTP/1.1): the
worker started up to 0.2 s later than on a bare page (issue 12). So:

- the stylesheets mkdocs.yml lists (extra_css) are joined, in order, into ``stylesheets/site-bundle.css``;
- the scripts mkdocs.yml lists (extra_javascript) are ES modules, bundled in that order by esbuild
  (pinned in pyodide/package.json) into ``assets/engine/page.js``, every page's one script (a module);
- the calculator code (pyodide/src/calculator/widgets.js and what it imports) is bundled into
  ``assets/engine/widgets.js``: page.js imports it only once a page with a widget is on screen
  (pyodide/src/navigation.js), and such pages preload it from <head> (overrides/main.html);
- DOMPurify (pinned in pyodide/package.json) is bundled, minified, into ``assets/engine/purify.min.js``,
  an ES module the calculator code imports when its first result is to be shown;
- the form's layout code (pyodide/src/calculator/early-form.js) is bundled, minified, into
  ``assets/engine/early-form.js``, a classic script pages with a widget load from <head>, so that each
  widget's form is laid out before the page is first drawn (issue 25).

The lists in mkdocs.yml stay the source of truth; the separate files are still built (the tests and
the offline cache know them by name). esbuild's output is the same for the same sources, so an
unchanged build keeps the offline cache's version (hooks/offline.py).
"""
from __future__ import annotations

import json
import os
import re
import subprocess

from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

CSS_BUNDLE = "stylesheets/site-bundle.css"
JS_BUNDLE = "assets/engine/page.js"  # beside the engine's files, which navigation.js finds from its own URL
CALCULATORS = ("assets/engine/widgets.js", "pyodide/src/calculator/widgets.js")
SANITISER = ("assets/engine/purify.min.js", 'export { default } from "dompurify";')
EARLY_FORM = ("assets/engine/early-form.js", "pyodide/src/calculator/early-form.js")
ESBUILD = os.path.join("pyodide", "node_modules", "esbuild", "bin", "esbuild")  # the Makefile installs it
ESBUILD_ARGS = ["--bundle", "--format=esm", "--charset=utf8", "--log-level=warning"]
_parts: dict[str, list[str]] = {}


def _path(entry) -> str:
    return entry if isinstance(entry, str) else entry.path


def on_config(config):
    _parts[CSS_BUNDLE] = [_path(e) for e in config.extra_css]
    _parts[JS_BUNDLE] = [_path(e) for e in config.extra_javascript]
    if any(p.startswith(("http:", "https:", "//")) for parts in _parts.values() for p in parts):
        raise PluginError("hooks/bundle.py joins the site's own files only; no outside stylesheet or script")
    script = ExtraScriptValue(JS_BUNDLE)
    script.type = "module"
    config.extra_css[:] = [CSS_BUNDLE]
    config.extra_javascript[:] = [script]
    return config


def esbuild(root: str, args: list[str], stdin: str | None = None, cwd: str | None = None,
            base: list[str] = ESBUILD_ARGS) -> str:
    """esbuild's output for ``args`` (an entry file, or ``stdin``), run from ``cwd`` (the project's root)."""
    binary = os.path.join(root, ESBUILD)
    if not os.path.exists(binary):
        raise PluginError("esbuild is missing: run `make serve` or `make site` (they install pyodide/ from npm).")
    proc = subprocess.run([binary, *base, *args], input=stdin, cwd=cwd or root, capture_output=True,
                          text=True, timeout=120)
    if proc.returncode != 0 or proc.stderr.strip():
        raise PluginError(f"hooks/bundle.py: esbuild {' '.join(args)} failed:\n{proc.stderr}")
    return proc.stdout


def on_files(files, config):
    root = os.path.dirname(config["config_file_path"])
    built = {f.dest_uri: f for f in files}  # the engine's files are copied under other source names
    for uri in _parts[CSS_BUNDLE] + _parts[JS_BUNDLE]:
        # A file of docs/, or one an earlier hook made (hooks/tables.py: stylesheets/data-tables.css).
        if uri not in built or not (built[uri].abs_src_path or built[uri].generated_by):
            raise PluginError(f"hooks/bundle.py: {uri} (named in mkdocs.yml) is not among the site's files")
    css = [f"/* {uri} */\n" + built[uri].content_string.rstrip() for uri in _parts[CSS_BUNDLE]]
    files.append(File.generated(config, CSS_BUNDLE, content="\n".join(css) + "\n"))
    # One module that imports each listed script, in order: esbuild puts them one after the other.
    entry = "".join(f"import {json.dumps(built[uri].abs_src_path)};\n" for uri in _parts[JS_BUNDLE])
    # Whitespace only: every page parses it (issue 25), and its names stay readable in a browser's debugger.
    page = esbuild(root, ["--minify-whitespace", "--sourcefile=page.js"], stdin=entry)
    calculators = esbuild(root, [CALCULATORS[1]])
    sanitiser = esbuild(root, ["--minify", "--legal-comments=inline", "--sourcefile=purify.js"], stdin=SANITISER[1],
                        cwd=os.path.join(root, "pyodide"))
    classic = [a for a in ESBUILD_ARGS if a != "--format=esm"] + ["--format=iife"]
    early = esbuild(root, ["--minify", EARLY_FORM[1]], base=classic)
    for name, text in ((JS_BUNDLE, page), (CALCULATORS[0], calculators), (SANITISER[0], sanitiser),
                       (EARLY_FORM[0], early)):
        files.append(File.generated(config, name, content=_relative_paths(text, root)))
    return files


def _relative_paths(text: str, root: str) -> str:
    """esbuild names each module it bundled in a comment: relative to the project, whatever the clone's folder."""
    return re.sub(re.escape(root.rstrip(os.sep) + os.sep), "", text)
