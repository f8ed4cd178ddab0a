"""MkDocs hook: rule anchors and links, cross-links, calculator widgets, engine assets.

Markers authors write (see docs/conventions.md):
  <!-- rule: WOTW 9.1 -->          a rule's permanent anchor, at the start of its block
  <!-- amends: DIP 6.2 -->         the variant rule just marked changes that standard rule
  [[WOTW 9.1]]                     a link to a rule, wherever it lives
  <!-- calc: wotw-virus year=1903 season=fall -->   a widget, pre-rendered with those defaults
  <!-- calc-link: wotw-virus destroyed=14 | Try it -->  a link opening the calculator pre-filled
  <!-- rule-index: WOTW -->        a table of every rule with that prefix
  <!-- calc-catalog -->            a table of every calculator
"""
from __future__ import annotations

import json
import logging
import os
import posixpath
import re
import shlex
import sys
from html import escape
from urllib.parse import quote, urlencode

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File
from mkdocs.utils import get_relative_url

sys.path.insert(0, os.path.dirname(__file__))
import render  # noqa: E402
import ruleindex  # noqa: E402

log = logging.getLogger("mkdocs.hooks.site")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
import calculators  # noqa: E402
from calculators.core.implements import implemented, rule_key  # noqa: E402

CALC_MARK = re.compile(r"^([ \t]*)<!--\s*calc:\s*([a-z0-9-]+)(.*?)-->[ \t]*$", re.M)
CALC_LINK = re.compile(r"<!--\s*calc-link:\s*([a-z0-9-]+)(.*?)(?:\|\s*(.*?))?\s*-->")
INDEX_MARK = re.compile(r"^<!--\s*rule-index:\s*([A-Z]{2,5})\s*-->\s*$", re.M)
CATALOG_MARK = re.compile(r"^<!--\s*calc-catalog\s*-->\s*$", re.M)
GLOSSARY_MARK = re.compile(r"^<!--\s*glossary\s*-->\s*$", re.M)
ABBR = re.compile(r"^\*\[(.+?)\]:\s*(.+)$", re.M)
GLOSSARY_FILES = (("general", "General"), ("diplomacy", "Diplomacy"), ("wotw", "War of the Worlds"),
                  ("clans", "Game of the Clans II"), ("aqmf", "All Quiet on the Martian Front"),
                  ("icehouse", "Conquest of Mars"))
ENGINE_DIR = "assets/engine"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")

state: dict = {"rules": {}, "catalog": {}, "urls": {}}


def on_config(config):
    state["catalog"] = {c["id"]: c for c in calculators.catalog()}
    return config


def on_files(files, config):
    pages = {}
    for f in files.documentation_pages():
        with open(f.abs_src_path, encoding="utf-8") as fh:
            pages[f.src_uri] = fh.read()
    rules, problems = ruleindex.scan(pages)
    for calc in state["catalog"].values():
        for rid in calc["rules"]:
            if rid in rules:
                rules[rid].calculators.append(calc["id"])
            else:
                problems.append(f"calculator {calc['id']} cites {rid}, which no page defines")
        if calc["page"] not in pages:
            problems.append(f"calculator {calc['id']} names page {calc['page']}, which does not exist")
    for rid, functions in implemented().items():
        if rid in rules:
            rules[rid].implemented_by = functions
        else:
            problems.append(f"the docstring of {functions[0]} names {rid}, which no page defines")
    if problems:
        raise PluginError("Rule index problems:\n  " + "\n  ".join(problems))
    state["rules"] = rules
    state["urls"] = {f.src_uri: f.url for f in files.documentation_pages()}
    _add_engine_assets(files, config)
    return files


def _add_engine_assets(files, config):
    """The engine's browser side, self-hosted: Pyodide runtime, engine wheel, lock file, worker, widgets."""
    site_dir, use_dirs = config["site_dir"], config["use_directory_urls"]
    def add(src_dir: str, name: str, dest_uri: str) -> None:
        f = File(name, src_dir, site_dir, use_dirs)
        f.dest_uri = dest_uri
        files.append(f)

    src = os.path.join(ROOT, "pyodide", "src")
    for name in sorted(os.listdir(src)):
        add(src, name, f"{ENGINE_DIR}/{name}")
    runtime = os.path.join(ROOT, "pyodide", "node_modules", "pyodide")
    dist = os.path.join(ROOT, "pyodide", "dist")
    missing = [n for n in RUNTIME_FILES if not os.path.exists(os.path.join(runtime, n))]
    if missing or not os.path.isdir(dist):
        raise PluginError("The Pyodide runtime or the engine wheel is missing: run `make serve` or `make site` "
                          "(they install pyodide/ from npm and build the wheel).")
    for name in RUNTIME_FILES:
        add(runtime, name, f"{ENGINE_DIR}/pyodide/{name}")
    for name in sorted(os.listdir(dist)):
        if name.endswith((".whl", ".json")):
            add(dist, name, f"{ENGINE_DIR}/pyodide/{name}")
    rule_urls = {rid: f"{state['urls'][r.page]}#{ruleindex.anchor(rid)}" for rid, r in state["rules"].items()}
    files.append(File.generated(config, f"{ENGINE_DIR}/rules.json", content=json.dumps(rule_urls, sort_keys=True)))


# -- page transforms ----------------------------------------------------------

SEARCH_WORKER = re.compile(r'"search":\s*"([^"]*?)assets/javascripts/workers/(search\.[0-9a-f]+\.min\.js)"')


def on_post_page(output, page, config):
    """On a page that opens with a calculator, Material's search worker waits for the engine.

    The search index and Pyodide would otherwise start together and slow each other down;
    pyodide/src/search-deferred.js starts the real worker once the engine says it is ready.
    """
    if not page.meta.get("_widgets"):
        return output
    return SEARCH_WORKER.sub(
        lambda m: f'"search": "{m.group(1)}{ENGINE_DIR}/search-deferred.js?worker={m.group(2)}"', output, count=1)


def on_page_markdown(markdown, page, config, files):
    return ruleindex.outside_code(markdown, lambda text: _expand(text, page))


def _expand(markdown, page):
    src = page.file.src_uri
    markdown = CALC_MARK.sub(lambda m: _widget(m, page), markdown)
    markdown = CALC_LINK.sub(lambda m: _calc_link(m, page), markdown)
    markdown = INDEX_MARK.sub(lambda m: _rule_index(m.group(1), src), markdown)
    markdown = CATALOG_MARK.sub(lambda m: _catalog(src), markdown)
    markdown = GLOSSARY_MARK.sub(lambda m: _glossary(), markdown)
    markdown = ruleindex.RULE_MARK.sub(lambda m: _anchor(m.group(1), src), markdown)
    markdown = ruleindex.AMENDS_MARK.sub(lambda m: _amends(m.group(1), src), markdown)
    markdown = ruleindex.REF.sub(lambda m: _ref(m.group(1), src), markdown)
    return markdown


def _md_link(target_src: str, from_src: str) -> str:
    return posixpath.relpath(target_src, posixpath.dirname(from_src) or ".")


def _ref(rid: str, src: str) -> str:
    rule = state["rules"].get(rid)
    if rule is None:
        log.warning("%s links to rule %s, which no page defines", src, rid)
        return rid
    target = "" if rule.page == src else _md_link(rule.page, src)
    return f'[{rid}]({target}#{ruleindex.anchor(rid)} "{_attr(rule.text)}")'


def _attr(text: str) -> str:
    return text.replace('"', "'").replace("[", "(").replace("]", ")")


def _anchor(rid: str, src: str) -> str:
    rule = state["rules"][rid]
    a = ruleindex.anchor(rid)
    extra = ""
    if rule.amended_by:
        extra += " <span class='rule-amended'>amended by " + ", ".join(_ref(x, src) for x in rule.amended_by) + "</span>"
    if rule.calculators:
        links = []
        for cid in rule.calculators:
            calc = state["catalog"][cid]
            target = "" if calc["page"] == src else _md_link(calc["page"], src)
            links.append(f"[{calc['title']}]({target}#calc-{cid})")
        extra += " <span class='rule-calcs'>calculator: " + ", ".join(links) + "</span>"
    return f"<a class='rule-id' id='{a}' href='#{a}' title='Permanent link to {rid}'>{rid}</a>{extra}"


def _amends(ids: str, src: str) -> str:
    refs = ", ".join(_ref(x.strip(), src) for x in ids.split(","))
    return f"<span class='rule-amends'>changes standard rule {refs}</span>"


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
    if cid not in state["catalog"]:
        raise PluginError(f"{where}: unknown calculator {cid!r}")
    return state["catalog"][cid]


def _page_url(src_target: str, page) -> str:
    return get_relative_url(state["urls"][src_target], page.url)


def rule_href(rid: str, page) -> str | None:
    rule = state["rules"].get(rid)
    if rule is None:
        return None
    return _page_url(rule.page, page) + "#" + ruleindex.anchor(rid)


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
    rules = ", ".join(_ref(r, where) for r in calc["rules"])
    static = render.result_html(result, lambda rid: rule_href(rid, page))
    schema = json.dumps({"id": cid, "title": calc["title"], "params": calc["params"]}, separators=(",", ":"))
    html = (
        f'\n<div class="calc-widget" id="{wid}" data-calc="{escape(cid)}" '
        f'data-defaults="{escape(json.dumps(defaults))}" data-schema="{escape(schema)}">\n'
        f'<div class="calc-head"><span class="calc-title">{escape(calc["title"])}</span>'
        f'<span class="calc-status" role="status">Pre-computed for the defaults below. The live calculator loads with JavaScript.</span></div>\n'
        f'<div class="calc-form-slot"></div>\n'
        f'<div class="calc-result" aria-live="polite">{static}</div>\n'
        f"</div>\n\n"
        f'<p class="calc-meta" markdown>Calculator `{cid}` · implements {rules}</p>\n'
    )
    # Inside a content tab or an admonition the widget keeps the marker's indentation.
    return "\n".join(indent + line if line else line for line in html.split("\n"))


def _calc_link(m, page) -> str:
    cid, args, label = m.group(1), m.group(2), m.group(3) or "Open this in the calculator"
    where = page.file.src_uri
    calc = _calc(cid, where)
    params = _parse_args(args, where)
    check = calculators.run(cid, params)
    if not check["ok"]:
        raise PluginError(f"{where}: calc-link to {cid} has parameters it rejects: {check['error']}")
    target = _page_url(calc["page"], page)
    href = f"{target}#{urlencode({'calc': cid, **params}, quote_via=quote)}"
    return f'<a class="calc-link" href="{escape(href)}">{escape(label)}</a>'


def _rule_index(prefix: str, src: str) -> str:
    rows = [r for r in state["rules"].values() if r.id.split()[0] == prefix]
    rows.sort(key=lambda r: rule_key(r.id))
    lines = ["| Rule | Says | Page | Engine |", "|---|---|---|---|"]
    for r in rows:
        code = ", ".join(f"`{name.removeprefix('calculators.')}`" for name in r.implemented_by)
        lines.append(f"| {_ref(r.id, src)} | {r.text.replace('|', '/')} | {r.page.split('/')[-1][:-3]} | {code} |")
    return "\n".join(lines) + "\n"


def _catalog(src: str) -> str:
    lines = ["| Calculator | Game | What it answers | Rules |", "|---|---|---|---|"]
    for c in state["catalog"].values():
        link = _md_link(c["page"], src)
        rules = ", ".join(_ref(r, src) for r in c["rules"])
        lines.append(f"| [{c['title']}]({link}#calc-{c['id']}) | {c['game_title']} | {c['description']} | {rules} |")
    return "\n".join(lines) + "\n"


def _glossary() -> str:
    """Every term of the auto-appended glossary files, as one table per game."""
    out = []
    for stem, title in GLOSSARY_FILES:
        path = os.path.join(ROOT, "includes", f"glossary-{stem}.md")
        with open(path, encoding="utf-8") as fh:
            terms = ABBR.findall(fh.read())
        # Plurals and capitalised forms share a definition: one row lists every form.
        rows: dict[str, list[str]] = {}
        for term, text in terms:
            forms = rows.setdefault(text.strip(), [])
            if term.lower() not in [f.lower() for f in forms]:
                forms.append(term)
        if not rows:
            continue
        out.append(f"## {title}\n\n| Term | Meaning |\n|---|---|")
        for text, forms in sorted(rows.items(), key=lambda kv: kv[1][0].lower()):
            out.append(f"| **{'**, **'.join(forms)}** | {text.replace('|', '/')} |")
        out.append("")
    return "\n".join(out) + "\n"
