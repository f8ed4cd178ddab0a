"""What the build hooks share (not a hook itself): the rule index, the calculator catalog and
every page's URL, found once per build by ``rules.py`` and read by the other hooks.

MkDocs runs each hook file with its folder on ``sys.path``, so the hooks import this module by
name and all see the one instance.
"""
from __future__ import annotations

import posixpath
import re

from mkdocs.exceptions import PluginError
from ruleindex import Rule, anchor

import calculators
from calculators.core.rulings import all_rulings

# A calculator widget marker, ``<!-- calc: wotw-virus year=1903 -->`` on its own line (widgets.py expands it).
CALC_MARK = re.compile(r"^([ \t]*)<!--\s*calc:\s*([a-z0-9-]+)(.*?)-->[ \t]*$", re.M)

rules: dict[str, Rule] = {}
catalog: dict[str, dict] = {}
urls: dict[str, str] = {}  # page src_uri -> site-root-relative URL
titles: dict[str, str] = {}  # page src_uri -> its first heading


def load_catalog() -> dict[str, dict]:
    catalog.clear()
    catalog.update({c["id"]: c for c in calculators.catalog()})
    return catalog


def md_link(target_src: str, from_src: str) -> str:
    return posixpath.relpath(target_src, posixpath.dirname(from_src) or ".")


def rule_urls() -> dict[str, str]:
    """``{rule id: its URL relative to the site root}``: what rules.json holds for the browser. A
    switchable ruling's readings are there too, as results cite them (``COM R1: literal``)."""
    out = {rid: f"{urls[r.page]}#{anchor(rid)}" for rid, r in rules.items()}
    for rid, ruling in all_rulings().items():
        if rid in rules:
            page = urls[rules[rid].page]
            out.update({f"{rid}: {r.id}": f"{page}#{anchor(f'{rid}: {r.id}')}" for r in ruling.readings})
    return out


def ref(rid: str, src: str, warn=None) -> str:
    """A Markdown link to rule ``rid`` from page ``src``, its first words as the tooltip."""
    rule = rules.get(rid)
    if rule is None:
        if warn:
            warn(f"{src} links to rule {rid}, which no page defines")
        return rid
    target = "" if rule.page == src else md_link(rule.page, src)
    text = rule.text.replace('"', "'").replace("[", "(").replace("]", ")")
    return f'[{rid}]({target}#{anchor(rid)} "{text}")'


def the_one(pattern: re.Pattern, output: str, page, what: str, hook: str) -> re.Match:
    """The single match of ``pattern`` in a page's HTML as Material wrote it; the build fails, naming the hook to
    update, if a Material release has changed it (none or more than one)."""
    found = pattern.findall(output)
    if len(found) != 1:
        raise PluginError(f"{page.file.src_uri}: expected one {what}, found {len(found)}; "
                          f"hooks/{hook} needs updating for this Material version.")
    return pattern.search(output)
