"""MkDocs hook: rule IDs. Every rule's permanent anchor, links between rules, rule-index tables.

Markers authors write (see docs/conventions.md):
  <!-- rule: WOTW 9.1 -->          a rule's permanent anchor, at the start of its block
  <!-- amends: DIP 6.2 -->         the variant rule just marked changes that standard rule
  [[WOTW 9.1]]                     a link to a rule, wherever it lives
  <!-- rule-index: WOTW -->        a table of every rule with that prefix, with the engine functions behind it
"""
from __future__ import annotations

import logging
import re

import ruleindex
import siteindex
from mkdocs.exceptions import PluginError

from calculators.core.implements import implemented, rule_key

log = logging.getLogger("mkdocs.hooks.rules")
H1 = re.compile(r"^# (.+)$", re.M)
INDEX_MARK = re.compile(r"^<!--\s*rule-index:\s*([A-Z]{2,5})\s*-->\s*$", re.M)


def on_files(files, config):
    """Index every rule marker before any page renders, and check what the calculators cite."""
    pages = {}
    for f in files.documentation_pages():
        pages[f.src_uri] = f.content_string  # calcpages.py's pages are made in memory
    rules, problems = ruleindex.scan(pages)
    for calc in siteindex.load_catalog().values():
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
    siteindex.rules.clear()
    siteindex.rules.update(rules)
    siteindex.urls.clear()
    siteindex.urls.update({f.src_uri: f.url for f in files.documentation_pages()})
    siteindex.titles.clear()
    siteindex.titles.update({src: m.group(1).strip() for src, text in pages.items() if (m := H1.search(text))})
    return files


def on_page_markdown(markdown, page, config, files):
    src = page.file.src_uri

    def expand(text: str) -> str:
        text = INDEX_MARK.sub(lambda m: _rule_index(m.group(1), src), text)
        text = ruleindex.RULE_MARK.sub(lambda m: _anchor(m.group(1), src), text)
        text = ruleindex.AMENDS_MARK.sub(lambda m: _amends(m.group(1), src), text)
        return ruleindex.REF.sub(lambda m: _ref(m.group(1), src), text)

    return ruleindex.outside_code(markdown, expand)


def _ref(rid: str, src: str) -> str:
    return siteindex.ref(rid, src, warn=log.warning)


def _anchor(rid: str, src: str) -> str:
    rule = siteindex.rules[rid]
    a = ruleindex.anchor(rid)
    extra = ""
    if rule.amended_by:
        amended = ", ".join(_ref(x, src) for x in rule.amended_by)
        extra += f" <span class='rule-amended'>amended by {amended}</span>"
    if rule.calculators:
        links = []
        for cid in rule.calculators:
            calc = siteindex.catalog[cid]
            # Its own page, where its form comes first; on that page, the form itself.
            target = f"#calc-{cid}" if calc["page"] == src else siteindex.md_link(calc["page"], src)
            links.append(f"[{calc['title']}]({target})")
        extra += " <span class='rule-calcs'>calculator: " + ", ".join(links) + "</span>"
    return f"<a class='rule-id' id='{a}' href='#{a}' title='Permanent link to {rid}'>{rid}</a>{extra}"


def _amends(ids: str, src: str) -> str:
    refs = ", ".join(_ref(x.strip(), src) for x in ids.split(","))
    return f"<span class='rule-amends'>changes standard rule {refs}</span>"


def _rule_index(prefix: str, src: str) -> str:
    """Every rule with that prefix, and the engine functions that implement it (from their docstrings)."""
    rows = [r for r in siteindex.rules.values() if r.id.split()[0] == prefix]
    rows.sort(key=lambda r: rule_key(r.id))
    lines = ["| Rule | Says | Page | Engine |", "|---|---|---|---|"]
    for r in rows:
        code = ", ".join(f"`{name.removeprefix('calculators.')}`" for name in r.implemented_by)
        lines.append(f"| {_ref(r.id, src)} | {r.text.replace('|', '/')} | {r.page.split('/')[-1][:-3]} | {code} |")
    return "\n".join(lines) + "\n"
