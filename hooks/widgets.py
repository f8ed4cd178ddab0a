"""MkDocs hook: calculator widgets, pre-rendered with the engine's own presenter.

Markers authors write (see docs/conventions.md):
  <!-- calc: wotw-virus year=1903 season=fall -->   a widget, pre-rendered with those defaults
  <!-- calc-link: wotw-virus destroyed=14 | Try it -->  a link opening the calculator pre-filled
  <!-- calc-catalog -->            a table of every calculator

The pre-rendered result is ``calculators.present.result_html``, the same function the browser's
worker uses, so the live result replaces it without a change in shape. The widget's HTML goes
into the page after Markdown has run (a slot marks its place): inside a content tab Markdown
would otherwise treat it as text and add glossary tooltips to the result and the presets.
"""
from __future__ import annotations

import json
import re
import shlex
from html import escape
from urllib.parse import quote, urlencode

import ruleindex
import siteindex
from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

import calculators
from calculators.present import result_html, root_prefix

CALC_MARK = siteindex.CALC_MARK
CALC_LINK = re.compile(r"<!--\s*calc-link:\s*([a-z0-9-]+)(.*?)(?:\|\s*(.*?))?\s*-->")
CATALOG_MARK = re.compile(r"^<!--\s*calc-catalog\s*-->\s*$", re.M)
# The slot carries the widget's id, so that MkDocs' link check finds the anchor (#calc-<id>).
# Runs as the page is read, where assets/engine/early-form.js has loaded (overrides/main.html loads it on
# pages with a widget; after an instant navigation the calculator code lays the form out itself), and takes
# itself out of the page: a widget holds no script.
EARLY_FORM = "<script>(window.__calcEarlyForm||function(s){s.remove()})(document.currentScript)</script>"
# A page with a board says so on its <body> (board.css hides Material's "Back to top", which would sit over the map).
# In the HTML, not set by a script as the page opens: a change of the body's class makes the browser work out the
# style of the whole page again (issue 25: 94 ms of a phone's main thread at 4x slower CPU as the page opened).
# navigation.js sets or clears it when instant navigation swaps a page in.
BODY = re.compile(r"<body(?=[\s>])")
BOARD_PAGE = "calc-board-page"
SLOT = re.compile(r'(?:<p>\s*)?<div class="calc-slot" data-slot="(\d+)" id="[a-z0-9-]+"></div>(?:\s*</p>)?')


def on_page_markdown(markdown, page, config, files):
    def expand(text: str) -> str:
        text = CALC_MARK.sub(lambda m: _widget(m, page), text)
        text = CALC_LINK.sub(lambda m: _calc_link(m, page), text)
        return CATALOG_MARK.sub(lambda m: _catalog(page.file.src_uri), text)

    return ruleindex.outside_code(markdown, expand)


def on_page_content(html, page, config, files):
    widgets = page.meta.get("_widget_html", [])
    found = [int(m.group(1)) for m in SLOT.finditer(html)]
    if sorted(found) != list(range(len(widgets))):
        raise PluginError(f"{page.file.src_uri}: {len(widgets)} widget(s) but slots {found} in the rendered page")
    return SLOT.sub(lambda m: widgets[int(m.group(1))], html)


def on_post_page(output, page, config):
    if not page.meta.get("_has_board"):
        return output
    body = siteindex.the_one(BODY, output, page, "<body> tag", "widgets.py")
    return f'{output[:body.start()]}<body class="{BOARD_PAGE}"{output[body.end():]}'


def _parse_args(text: str, where: str) -> dict:
    args = {}
    for token in shlex.split(text.strip()):
        if "=" not in token:
            raise PluginError(f"{where}: calculator argument {token!r} is not key=value")
        k, v = token.split("=", 1)
        # A marker is one line: "\n" in a value stands for a line break (multi-line orders).
        args[k] = v.replace("\\n", "\n")
    return args


def _calc(cid: str, where: str) -> dict:
    if cid not in siteindex.catalog:
        raise PluginError(f"{where}: unknown calculator {cid!r}")
    return siteindex.catalog[cid]


def _widget(m, page) -> str:
    indent, cid = m.group(1), m.group(2)
    where = page.file.src_uri
    calc = _calc(cid, where)
    defaults = _parse_args(m.group(3), where)
    result = calculators.run(cid, defaults)
    if not result["ok"]:
        raise PluginError(f"{where}: the defaults of widget {cid} are rejected: {result['error']}")
    page.meta["_widgets"] = page.meta.get("_widgets", 0) + 1
    # The first widget of a calculator on a page is #calc-<id>, the anchor rule badges link to.
    seen = page.meta.setdefault("_widget_ids", {})
    seen[cid] = seen.get(cid, 0) + 1
    wid = f"calc-{cid}" if seen[cid] == 1 else f"calc-{cid}-{seen[cid]}"
    rules = ", ".join(siteindex.ref(r, where) for r in calc["rules"])
    root = root_prefix(page.url)
    static = result_html(result, siteindex.rule_urls(), root)
    schema = {"id": cid, "title": calc["title"], "params": calc["params"], "presets": calc["presets"],
              "run": calc["run"], "board": calc["board"]}
    # Presets travel in an attribute: Material's instant navigation re-runs every <script> in
    # the page as JavaScript, whatever its type, and search would index a hidden element's text.
    presets = ""
    if calc["presets"]:
        presets = f' data-presets="{escape(json.dumps(calculators.presets(cid), separators=(",", ":")))}"'
    schema_text = escape(json.dumps(schema, separators=(",", ":")))
    # Only the page's first widget lays its form out as the page is read: it is the one a reader may see
    # first. The others are set up as the reader nears them (widgets.js), off screen, so their forms
    # cost the page's first drawing nothing (a form of a large calculator is 30-150 ms on a phone).
    early = EARLY_FORM if page.meta["_widgets"] == 1 else ""
    page.meta["_has_board"] = page.meta.get("_has_board") or calc["board"]  # its <body>'s class (on_post_page)
    if early and calc["board"]:
        # The page is first drawn once this widget has been read (overrides/main.html): its early form has brought
        # the board up by then on a wide screen (board/arrival.js bringUpEarly), so the page opens there.
        page.meta["_board_first"] = wid
    # Left out of the search index (its pre-rendered result is not the page's text): a <section>, not a
    # <div>, because Material's search parser (9.8) tells elements apart by tag only, so the first inner
    # </div> would end the exclusion and index the rest of the result (issue 24). The script lays the
    # form out as the page is read (earlyForm in pyodide/src/calculator/form.js), so that the page is first
    # drawn with the form in place and the live one replaces it without moving anything (issue 25).
    # A widget with a board is marked so from the first drawing (board.css: its padding, and its pre-rendered
    # result laid out only when it comes near the screen, issue 25), not only once the board is set up.
    # After the attributes every widget has, in their order (the tests read them so). The result's id is what a
    # page opening on a board waits for before it is first drawn (overrides/main.html): it comes after the early form.
    tail = (" data-has-board" if calc["board"] else "") + " data-search-exclude"
    html = (
        f'<section class="calc-widget" id="{wid}" data-calc="{escape(cid)}" data-root="{escape(root)}" '
        f'data-defaults="{escape(json.dumps(defaults))}" data-schema="{schema_text}"{presets}{tail}>\n'
        f'<div class="calc-head"><span class="calc-title">{escape(calc["title"])}</span>'
        f'<span class="calc-status" role="status">Pre-computed for the starting values; '
        f"the live calculator needs JavaScript.</span></div>\n"
        f'<div class="calc-form-slot"></div>{early}\n'
        f'<div class="calc-result" id="{wid}-result" aria-live="polite" data-html-hash="{html_hash(static)}">'
        f"{static}</div>\n"
        f"</section>"
    )
    slots = page.meta.setdefault("_widget_html", [])
    slots.append(html)
    markdown = (f'\n<div class="calc-slot" data-slot="{len(slots) - 1}" id="{wid}"></div>\n\n'
                f'<p class="calc-meta" data-search-exclude markdown>Calculator `{cid}` · implements {rules}</p>\n')
    # Inside a content tab or an admonition the slot keeps the marker's indentation.
    return "\n".join(indent + line if line else line for line in markdown.split("\n"))


def html_hash(text: str) -> str:
    """The print of a result's HTML that the page compares its first live result with (htmlHash in
    pyodide/src/calculator/result.js): its length and FNV-1a (32 bits) over its UTF-16 code units, in hex.
    The same presenter's HTML, to the character, keeps the pre-rendered nodes (issue 25)."""
    h = 0x811C9DC5
    units = text.encode("utf-16-le")
    for i in range(0, len(units), 2):
        h = ((h ^ (units[i] | units[i + 1] << 8)) * 0x01000193) & 0xFFFFFFFF
    return f"{len(units) // 2}:{h:08x}"


def _calc_link(m, page) -> str:
    cid, args, label = m.group(1), m.group(2), m.group(3) or "Open this in the calculator"
    where = page.file.src_uri
    calc = _calc(cid, where)
    params = _parse_args(args, where)
    # Always the calculator's own page, where the form comes first, even from a rules page that embeds it
    # lower down (a new player on a phone found the Defend form 5,700 px below such a link).
    here = calc["page"] == page.file.src_uri
    target = "" if here else get_relative_url(siteindex.urls[calc["page"]], page.url)
    if not params:  # no state to carry: a plain link to the calculator's page (its form, on that page)
        href = f"#calc-{cid}" if here else target
        return f'<a class="calc-link" href="{escape(href)}">{escape(label)}</a>'
    check = calculators.run(cid, params)
    if not check["ok"]:
        raise PluginError(f"{where}: calc-link to {cid} has parameters it rejects: {check['error']}")
    href = f"{target}#{urlencode({'calc': cid, **params}, quote_via=quote)}"
    return f'<a class="calc-link" href="{escape(href)}">{escape(label)}</a>'


def _catalog(src: str) -> str:
    """Every calculator, by game: its own page, what it answers, and the rules page that explains it."""
    # In a box of its own (calc-catalog): on a phone each row is drawn as a card (site.css), the four columns
    # having squeezed "What it answers" to a word a line and pushed "Explained on" off screen.
    lines = ['<div class="calc-catalog" markdown>', "",
             "| Calculator | Game | What it answers | Explained on |", "|---|---|---|---|"]
    for c in siteindex.catalog.values():
        explained = siteindex.md_link(c["rules_page"], src)
        lines.append(f"| [{c['title']}]({siteindex.md_link(c['page'], src)}) | {c['game_title']} | {c['description']} "
                     f"| [{_page_title(c['rules_page'])}]({explained}#calc-{c['id']}) |")
    return "\n".join(lines) + "\n\n</div>\n"


def _page_title(src: str) -> str:
    """A rules page's name in a table: "War of the Worlds: Virus check" style, from its first heading."""
    return siteindex.titles.get(src, src)
