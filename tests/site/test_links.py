"""Walk the built site: no broken internal link or anchor, and no request to anywhere outside it.

Every HTML page of the `mkdocs build --strict` output is parsed; each internal reference (a
relative URL, a bare ``#fragment``, or an absolute path under the site's own base path) must
name a file that exists, and its fragment an element ID on the target page. External links
(``https://...`` in ``<a href>``, ``mailto:``) are allowed: a reader follows them by choice.
What the site must never do is make the browser fetch anything from elsewhere, so any
resource (script, stylesheet, icon, image, font, frame, media, CSS import) with a scheme or
a protocol-relative URL is a failure.
"""
from __future__ import annotations

import pathlib
import posixpath
import re
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

import pytest

import calculators
from calculators.core.games import GAMES

pytestmark = pytest.mark.slow

# <link rel=...> values that make the browser fetch the href; canonical/next/prev/alternate do not.
FETCHING_RELS = {"stylesheet", "icon", "shortcut", "apple-touch-icon", "preload", "prefetch",
                 "modulepreload", "manifest", "preconnect", "dns-prefetch", "mask-icon"}
# Attributes that load a resource, by tag.
RESOURCE_ATTRS = {
    "script": ("src",), "img": ("src", "srcset"), "source": ("src", "srcset"), "iframe": ("src",),
    "video": ("src", "poster"), "audio": ("src",), "embed": ("src",), "object": ("data",),
    "track": ("src",), "input": ("src",), "image": ("href", "xlink:href"),
}
SCHEME = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|//)")
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")\s]+)|@import\s+['"]([^'"]+)""")
JS_REMOTE = re.compile(
    r"""(?:\bimport\s*\(|\bimportScripts\s*\(|\bfetch\s*\(|\bfrom\s+|indexURL\s*:|new\s+Worker\s*\()\s*['"`](?:https?:)?//""")


def _base_path(site: pathlib.Path) -> str:
    """The path part of the site's URL (``/`` or e.g. ``/martian-front/``), read from the home page's
    canonical link: absolute links under it (the 404 page uses them) are internal."""
    html = (site / "index.html").read_text(encoding="utf-8")
    m = re.search(r"""<link\b[^>]*rel=["']?canonical["']?[^>]*href=["']([^"']+)""", html)
    path = urlsplit(m.group(1)).path if m else "/"
    return path if path.endswith("/") else path + "/"


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str]] = []       # (tag, url) navigations: a, area
        self.resources: list[tuple[str, str]] = []   # (what, url) fetched by the browser
        self.inline_css: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        for key in ("id", "name") if tag in ("a", "map") else ("id",):
            if a.get(key):
                self.ids.add(a[key])
        if tag in ("a", "area") and "href" in a:
            self.links.append((tag, a["href"]))
        if tag == "link" and "href" in a:
            rels = set(a.get("rel", "").lower().split())
            if rels & FETCHING_RELS:
                self.resources.append((f"link rel={a.get('rel')}", a["href"]))
            else:
                self.links.append(("link", a["href"]))
        for attr in RESOURCE_ATTRS.get(tag, ()):
            if a.get(attr):
                urls = [u.strip().split()[0] for u in a[attr].split(",") if u.strip()] if attr == "srcset" else [a[attr]]
                self.resources.extend((f"{tag} {attr}", u) for u in urls)
        if a.get("style"):
            self.inline_css.append(a["style"])
        if tag == "style":
            self._in_style = True

    handle_startendtag = handle_starttag

    def handle_endtag(self, tag):
        if tag == "style":
            self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self.inline_css.append(data)


@pytest.fixture(scope="module")
def pages(built_site):
    parsed = {}
    for path in sorted(built_site.rglob("*.html")):
        p = _Page()
        p.feed(path.read_text(encoding="utf-8"))
        p.close()
        parsed[path.relative_to(built_site).as_posix()] = p
    assert "index.html" in parsed, "the built site has no home page"
    return parsed


def _resolve(site: pathlib.Path, page: str, url: str, base: str) -> tuple[str | None, str]:
    """The site-relative file an internal URL names (None if it leaves the site), and its fragment."""
    parts = urlsplit(url)
    path = unquote(parts.path)
    if not path:
        return page, parts.fragment
    if path.startswith("/"):
        if not path.startswith(base) and path + "/" != base:
            return None, parts.fragment
        target = path[len(base):]
    else:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
        if target.startswith(".."):
            return None, parts.fragment
        if path.endswith("/") and target != ".":
            target += "/"
    if target in ("", "."):
        target = "index.html"
    elif target.endswith("/"):
        target += "index.html"
    elif (site / target).is_dir():
        target += "/index.html"
    return target, parts.fragment


def _ignored_fragment(fragment: str) -> bool:
    """Empty (top of page) or a calculator's state in the hash (``#calc=...``), which is not an ID."""
    return fragment == "" or fragment.startswith("calc=")


def test_site_has_pages(pages):
    for name in ("index.html", "diplomacy/index.html", "diplomacy/rules/index.html", "glossary/index.html",
                 "about/index.html"):
        assert name in pages, f"{name} is missing from the built site"


def test_no_broken_internal_links_or_anchors(built_site, pages):
    base = _base_path(built_site)
    broken = []
    for page, parsed in pages.items():
        for tag, url in parsed.links:
            url = url.strip()
            if SCHEME.match(url):
                continue  # an external link (https:, mailto:, ...): followed only by choice
            target, fragment = _resolve(built_site, page, url, base)
            if target is None:
                broken.append(f"{page}: <{tag}> {url!r} points outside the site")
                continue
            if not (built_site / target).is_file():
                broken.append(f"{page}: <{tag}> {url!r} -> {target}, which does not exist")
                continue
            if _ignored_fragment(fragment) or not target.endswith(".html"):
                continue
            if unquote(fragment) not in pages[target].ids:
                broken.append(f"{page}: <{tag}> {url!r} -> no id {fragment!r} on {target}")
    assert not broken, f"{len(broken)} broken internal links:\n  " + "\n  ".join(broken[:60])


def test_internal_resources_exist(built_site, pages):
    base = _base_path(built_site)
    missing = []
    for page, parsed in pages.items():
        for what, url in parsed.resources:
            if SCHEME.match(url.strip()) or url.startswith("data:"):
                continue  # external ones are the next test's business
            target, _ = _resolve(built_site, page, url.strip(), base)
            if target is None or not (built_site / target).is_file():
                missing.append(f"{page}: {what} {url!r} is not in the built site")
    assert not missing, "\n  ".join(missing[:60])


def test_no_request_outside_the_site(built_site, pages):
    outside = []
    for page, parsed in pages.items():
        for what, url in parsed.resources:
            if SCHEME.match(url.strip()) and not url.strip().startswith("data:"):
                outside.append(f"{page}: {what} loads {url}")
        for css in parsed.inline_css:
            for m in CSS_URL.finditer(css):
                url = m.group(1) or m.group(2)
                if SCHEME.match(url) and not url.startswith("data:"):
                    outside.append(f"{page}: inline CSS loads {url}")
    for css_file in built_site.rglob("*.css"):
        for m in CSS_URL.finditer(css_file.read_text(encoding="utf-8", errors="replace")):
            url = m.group(1) or m.group(2)
            if SCHEME.match(url) and not url.startswith("data:"):
                outside.append(f"{css_file.relative_to(built_site)}: loads {url}")
    # The site's own scripts (not Material's or Pyodide's minified bundles) must not fetch from elsewhere.
    own_js = [p for d in ("assets/engine", "javascripts") if (built_site / d).is_dir()
              for p in (built_site / d).glob("*.*js") if p.is_file()]
    for js in own_js:
        for m in JS_REMOTE.finditer(js.read_text(encoding="utf-8", errors="replace")):
            outside.append(f"{js.relative_to(built_site)}: fetches from elsewhere: {m.group(0)}")
    assert not outside, "the site makes requests outside itself:\n  " + "\n  ".join(outside[:60])


def test_checker_sees_breakage(tmp_path):
    """The resolver itself: a missing page, a missing anchor and a remote script are all caught."""
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text("<h1 id='x'>A</h1>", encoding="utf-8")
    (tmp_path / "index.html").write_text("", encoding="utf-8")
    assert _resolve(tmp_path, "index.html", "a/#x", "/site/") == ("a/index.html", "x")
    assert _resolve(tmp_path, "a/index.html", "../b/", "/site/") == ("b/index.html", "")
    assert _resolve(tmp_path, "a/index.html", "../../elsewhere/", "/site/")[0] is None
    assert _resolve(tmp_path, "404.html", "/site/a/", "/site/") == ("a/index.html", "")
    assert _resolve(tmp_path, "404.html", "/other/a/", "/site/")[0] is None
    assert _resolve(tmp_path, "a/index.html", "#x", "/site/") == ("a/index.html", "x")
    p = _Page()
    p.feed("<script src='https://cdn.example/x.js'></script><link rel='stylesheet' href='//f.example/c.css'>"
           "<link rel='canonical' href='https://example.invalid/'><a id='k' href='#k'>k</a>")
    assert [u for _, u in p.resources] == ["https://cdn.example/x.js", "//f.example/c.css"]
    assert all(SCHEME.match(u) for _, u in p.resources)
    assert ("link", "https://example.invalid/") in p.links and "k" in p.ids
    assert _ignored_fragment("calc=wotw-virus&year=1904") and not _ignored_fragment("calc-wotw-virus")
    assert JS_REMOTE.search("await import('https://cdn.jsdelivr.net/pyodide/v0/full/pyodide.mjs')")
    assert JS_REMOTE.search('loadPyodide({indexURL: "https://cdn.example/"})')
    assert not JS_REMOTE.search("import('./pyodide/pyodide.mjs')")


def test_home_page_reaches_every_game_and_calculator_in_one_click(built_site, pages):
    base = _base_path(built_site)
    # links inside the page's own content, not the navigation tabs, are what a newcomer sees first
    html = (built_site / "index.html").read_text(encoding="utf-8")
    article = re.search(r"<article\b.*?</article>", html, re.S).group(0)
    content = _Page()
    content.feed(article)
    targets = {_resolve(built_site, "index.html", url, base) for _, url in content.links if not SCHEME.match(url)}
    for game in (g.package for g in GAMES):
        assert (f"{game}/index.html", "") in targets, f"the home page does not link {game}/"
    for calc in calculators.catalog():
        page = calc["page"][:-3]
        page = page[: -len("index")] if page.endswith("index") else page + "/"
        assert (page + "index.html", f"calc-{calc['id']}") in targets, f"the home page does not link {calc['id']}"
