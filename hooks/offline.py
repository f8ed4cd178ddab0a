"""MkDocs hook: the site works offline and installs as an app.

- A web app manifest and its icons (drawn by hooks/icons.py), linked from every page by
  overrides/main.html, with the header's colour as the theme colour.
- The service worker at the site's root (scope: every page), written after the build from
  pyodide/sw.js with the list of every file to keep offline and each file's sha256. The cache
  is named for a hash of that list, so each build that changes any file is a new version.

Under `mkdocs serve` the service worker is written as one that removes itself and its caches:
a cache in front of live reload would show stale pages.
"""
from __future__ import annotations

import glob
import hashlib
import json
import logging
import os
import re

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

import icons

log = logging.getLogger("mkdocs.hooks.offline")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SW_SOURCE = os.path.join(ROOT, "pyodide", "sw.js")
SW_NAME = "sw.js"
MANIFEST = "manifest.webmanifest"
ICON_DIR = "assets/icons"
ICONS = ((192, "any"), (512, "any"), (192, "maskable"), (512, "maskable"))
APPLE_ICON = f"{ICON_DIR}/apple-touch-icon.png"
# Built files a reader never needs offline: source maps, the compressed sitemap, and lunr's
# other languages (kept when the search plugin is set to one of them).
SKIP = (re.compile(r"\.map$"), re.compile(r"^sitemap\.xml\.gz$"))
LUNR = re.compile(r"^assets/javascripts/lunr/")
FALLBACK_THEME = "#ff6e42"  # Material's deep orange, if the palette cannot be read

state: dict = {"serve": False}


def on_startup(command, dirty):
    state["serve"] = command == "serve"


def on_config(config):
    colour = theme_colour(config)
    config.extra["offline"] = {
        "manifest": MANIFEST,
        "apple_icon": APPLE_ICON,
        "theme_color": colour,
        "service_worker": None if state["serve"] else SW_NAME,
    }
    return config


def theme_colour(config) -> str:
    """The header's colour: the first palette's primary, as Material's own palette CSS defines it,
    or, for ``primary: custom``, as the site's own stylesheets (extra_css) set it."""
    palette = config["theme"].get("palette") or {}
    first = palette[0] if isinstance(palette, list) and palette else palette
    name = str((first or {}).get("primary", "indigo")).replace(" ", "-")
    if name == "custom":
        colour = custom_primary(config, str((first or {}).get("scheme", "default")))
    else:
        colour = material_primary(config, name)
    if colour:
        return colour
    log.warning("offline: cannot find the header's colour (primary: %s); the app's theme colour is %s",
                name, FALLBACK_THEME)
    return FALLBACK_THEME


def material_primary(config, name: str) -> str | None:
    rule = re.compile(rf"\[data-md-color-primary={re.escape(name)}\]\{{--md-primary-fg-color:(#[0-9a-fA-F]{{3,8}})")
    for theme_dir in config["theme"].dirs:
        for css in glob.glob(os.path.join(theme_dir, "assets", "stylesheets", "palette.*.min.css")):
            with open(css, encoding="utf-8") as fh:
                m = rule.search(fh.read())
            if m:
                return m.group(1).lower()
    return None


CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
CSS_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
PRIMARY_DECL = re.compile(r"(?:^|;)\s*--md-primary-fg-color\s*:\s*(#[0-9a-fA-F]{3,8})\s*(?:;|$)")


def custom_primary(config, scheme: str) -> str | None:
    """``--md-primary-fg-color`` as the site's stylesheets (extra_css) leave it for the header of
    the first palette. Material puts the palette's attributes on <body>: a value set there (on
    the custom primary or on the palette's scheme) wins over one set on the root, and within
    each, the last one set wins."""
    on_body = {"[data-md-color-primary=custom]", f"[data-md-color-scheme={scheme}]"}
    on_root = {":root", "html"}
    found: dict[str, str] = {}
    for entry in config["extra_css"]:
        path = os.path.join(config["docs_dir"], str(entry))
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8") as fh:
            css = CSS_COMMENT.sub("", fh.read())
        for selectors, body in CSS_RULE.findall(css):
            names = {s.strip().replace('"', "").replace("'", "") for s in selectors.split(",")}
            m = PRIMARY_DECL.search(body)
            if m:
                for level, wanted in (("body", on_body), ("root", on_root)):
                    if names & wanted:
                        found[level] = m.group(1).lower()
    return found.get("body") or found.get("root")


def on_files(files, config):
    entries = []
    for size, purpose in ICONS:
        name = f"{ICON_DIR}/icon-{purpose}-{size}.png"
        files.append(File.generated(config, name, content=icons.png(size, purpose)))
        entries.append({"src": name, "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose})
    files.append(File.generated(config, APPLE_ICON, content=icons.png(180, "apple")))
    manifest = {
        "name": config["site_name"],
        "short_name": "Dip & Mars",  # a home screen label: at most 15 characters (test_offline_build)
        "description": config.get("site_description") or "",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": config.extra["offline"]["theme_color"],
        "background_color": "#{:02x}{:02x}{:02x}".format(*icons.NIGHT),
        "icons": entries,
    }
    files.append(File.generated(config, MANIFEST, content=json.dumps(manifest, indent=2)))
    return files


def on_post_build(config):
    site_dir = config["site_dir"]
    if state["serve"]:
        with open(os.path.join(site_dir, SW_NAME), "w", encoding="utf-8") as fh:
            fh.write(RETIRE)
        return
    version, listed = write_service_worker(site_dir, search_languages(config))
    total = sum(os.path.getsize(os.path.join(site_dir, p)) for p in listed)
    log.info("offline: service worker version %s, %d files, %.1f MB", version, len(listed), total / 1e6)


def write_service_worker(site_dir: str, languages: list[str]) -> tuple[str, dict[str, str]]:
    """Write sw.js for the built site in ``site_dir``: (its version, {path: sha256} of what it keeps)."""
    listed = precache_list(site_dir, languages)
    version = hashlib.sha256(json.dumps(listed, sort_keys=True).encode()).hexdigest()[:16]
    with open(SW_SOURCE, encoding="utf-8") as fh:
        source = fh.read()
    build = json.dumps({"version": version, "files": listed}, sort_keys=True, separators=(",", ":"))
    with open(os.path.join(site_dir, SW_NAME), "w", encoding="utf-8") as fh:
        fh.write(f"// Written by hooks/offline.py: this build's files and their sha256.\n"
                 f"const BUILD = {build};\n\n{source}")
    return version, listed


def search_languages(config) -> list[str]:
    search = config["plugins"].get("search")
    langs = (search.config.get("lang") if search else None) or ["en"]
    return [langs] if isinstance(langs, str) else list(langs)


def precache_list(site_dir: str, languages: list[str]) -> dict[str, str]:
    """Every built file a reader needs offline (relative path: sha256), in a stable order."""
    listed = {}
    for dirpath, _, names in os.walk(site_dir):
        for name in names:
            path = os.path.relpath(os.path.join(dirpath, name), site_dir).replace(os.sep, "/")
            if path == SW_NAME or any(p.search(path) for p in SKIP):
                continue
            if LUNR.search(path) and languages == ["en"]:
                continue
            with open(os.path.join(dirpath, name), "rb") as fh:
                listed[path] = hashlib.sha256(fh.read()).hexdigest()
    if "index.html" not in listed:
        raise PluginError("offline: the build has no index.html to keep offline")
    return dict(sorted(listed.items()))


RETIRE = """// Written by hooks/offline.py under `mkdocs serve`: no offline cache while pages are edited.
// A service worker left from a built copy of the site is replaced by this one, which clears
// the site's caches and unregisters itself.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil((async () => {
  for (const key of await caches.keys()) if (key.startsWith("martian-front-")) await caches.delete(key);
  await self.registration.unregister();
})()));
"""
