"""MkDocs hook: the glossary. Tooltips for each game's terms, and the glossary page's tables.

Each page gets the glossaries of its own game (includes/glossary-*.md, appended as snippets):
the general terms everywhere; the standard Diplomacy terms on the Diplomacy pages and on the
pages of the two Diplomacy variants, followed by the variant's own file, whose definitions of
the same words (supply centre, home centre, build...) replace the standard ones there. So a
War of the Worlds page never says "18 wins" of a supply centre.

Headings get no tooltips: a dotted underline in a title reads as a link that is not there.

Marker: <!-- glossary -->  every term of every glossary, as one table per game.
"""
from __future__ import annotations

import os
import re

import ruleindex
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

from calculators.core import games

GLOSSARY_MARK = re.compile(r"^<!--\s*glossary\s*-->\s*$", re.M)
ABBR = re.compile(r"^\*\[(.+?)\]:\s*(.+)$", re.M)
GAMES = (("general", "General"),) + tuple((g.package, g.title) for g in games.GAMES)
# A page's top folder -> the glossaries it reads, later files overriding earlier ones.
BY_SECTION = {g.package: g.glossaries for g in games.GAMES}
HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


def glossaries_for(src_uri: str) -> tuple[str, ...]:
    section = src_uri.split("/", 1)[0] if "/" in src_uri else ""
    return BY_SECTION.get(section, ("general",))


def on_config(config):
    config["markdown_extensions"].append(_NoTooltipsInHeadings())
    return config


def on_page_markdown(markdown, page, config, files):
    markdown = ruleindex.outside_code(markdown, lambda text: GLOSSARY_MARK.sub(lambda m: _table(config), text))
    snippets = "\n".join(f'--8<-- "glossary-{stem}.md"' for stem in glossaries_for(page.file.src_uri))
    return f"{markdown}\n\n{snippets}\n"


def terms(config) -> list[tuple[str, str, list[str], str]]:
    """Every row of the glossary page: (game's glossary stem, the row's anchor, the term's forms, its meaning).
    Plurals and capitalised forms share a definition: one row lists every form."""
    root = os.path.join(os.path.dirname(config["config_file_path"]), "includes")
    out = []
    for stem, _title in GAMES:
        with open(os.path.join(root, f"glossary-{stem}.md"), encoding="utf-8") as fh:
            found = ABBR.findall(fh.read())
        rows: dict[str, list[str]] = {}
        for term, text in found:
            forms = rows.setdefault(text.strip(), [])
            if term.lower() not in [f.lower() for f in forms]:
                forms.append(term)
        seen: set[str] = set()
        for text, forms in sorted(rows.items(), key=lambda kv: kv[1][0].lower()):
            anchor = f"{stem}-" + (re.sub(r"[^a-z0-9]+", "-", forms[0].lower()).strip("-") or "term")
            while anchor in seen:  # two rows whose first forms slug alike
                anchor += "-2"
            seen.add(anchor)
            out.append((stem, anchor, forms, text))
    return out


def _table(config) -> str:
    """Every term of every glossary, as one table per game; each row an anchor that search links to."""
    out, current = [], None
    titles = dict(GAMES)
    for stem, anchor, forms, text in terms(config):
        if stem != current:
            out += ([""] if current else []) + [f"## {titles[stem]}\n\n| Term | Meaning |\n|---|---|"]
            current = stem
        out.append(f'| <span id="{anchor}"></span>**{"**, **".join(forms)}** | {text.replace("|", "/")} |')
    return "\n".join(out) + "\n\n"


class _AtomicHeadings(Treeprocessor):
    """Marks the text inside headings as final, so the abbreviation step (next) leaves it alone."""

    def run(self, root):
        for heading in (el for el in root.iter() if el.tag in HEADINGS):
            for el in heading.iter():
                if el.text and not isinstance(el.text, AtomicString):
                    el.text = AtomicString(el.text)
                if el is not heading and el.tail and not isinstance(el.tail, AtomicString):
                    el.tail = AtomicString(el.tail)


class _NoTooltipsInHeadings(Extension):
    def extendMarkdown(self, md):
        md.treeprocessors.register(_AtomicHeadings(md), "glossary_headings", 7.5)  # abbr runs at 7
