"""MkDocs hook: the engine's browser side, self-hosted under assets/engine/.

The pinned Pyodide runtime (from npm, pyodide/package.json); from pyodide/dist the engine wheel,
its lock file and the runtime's standard library compiled where start-up needs it (the runtime's
own source-only python_stdlib.zip is not shipped); the scripts at the top of pyodide/src, each as it
is (the worker and its start-up, Material's deferred search worker, and the page modules that
hooks/bundle.py also bundles); the site's rule links (rules.json) and the result allow-list
(allowlist.json, the copy shipped in the wheel). The page's bundles (page.js, widgets.js and
DOMPurify's purify.min.js) are hooks/bundle.py's.
"""
from __future__ import annotations

import json
import os

import siteindex
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

import calculators.present

ENGINE_DIR = "assets/engine"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
ALLOWLIST = os.path.join(os.path.dirname(calculators.present.__file__), "allowlist.json")


def on_files(files, config):
    root = os.path.dirname(config["config_file_path"])
    site_dir, use_dirs = config["site_dir"], config["use_directory_urls"]

    def add(src_dir: str, name: str, dest_uri: str) -> None:
        f = File(name, src_dir, site_dir, use_dirs)
        f.dest_uri = dest_uri
        files.append(f)

    src = os.path.join(root, "pyodide", "src")
    for name in sorted(os.listdir(src)):
        if os.path.isfile(os.path.join(src, name)):  # the folders are modules bundled by hooks/bundle.py
            add(src, name, f"{ENGINE_DIR}/{name}")
    modules = os.path.join(root, "pyodide", "node_modules")
    runtime = os.path.join(modules, "pyodide")
    dist = os.path.join(root, "pyodide", "dist")
    needed = [os.path.join(runtime, n) for n in RUNTIME_FILES] + [os.path.join(modules, "dompurify", "package.json")]
    missing = [p for p in needed if not os.path.exists(p)]
    if missing or not os.path.isdir(dist):
        raise PluginError("The Pyodide runtime, DOMPurify or the engine wheel is missing: run `make serve` or "
                          "`make site` (they install pyodide/ from npm and build the wheel). Missing: "
                          + ", ".join(missing or [dist]))
    for name in RUNTIME_FILES:
        add(runtime, name, f"{ENGINE_DIR}/pyodide/{name}")
    for name in sorted(os.listdir(dist)):
        if name.endswith((".whl", ".json", ".zip")):
            add(dist, name, f"{ENGINE_DIR}/pyodide/{name}")
    add(os.path.dirname(ALLOWLIST), "allowlist.json", f"{ENGINE_DIR}/allowlist.json")
    files.append(File.generated(config, f"{ENGINE_DIR}/rules.json",
                                content=json.dumps(siteindex.rule_urls(), sort_keys=True)))
    return files
