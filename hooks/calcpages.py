"""MkDocs hook: a page of its own for every calculator (issue 24), made from the catalog.

Each calculator's catalog entry names its page (``calculators/<id>.md``); this hook writes that page
unless an author has written one in docs/, and puts every such page under the "Calculators" section
of the nav, by game, in the catalog's order. So adding a calculator adds its page, with nothing to
write here: the page opens with the calculator's title, its one-line purpose and the form (the
widget marker, expanded by widgets.py); below it, where the rules page explains it, the rules it
applies, and what each field takes.

The widget starts from the values its rules page embeds it with (the first ``<!-- calc: id ... -->``
there), so that its pre-rendered result is the one the rules page shows; with no such embed, from
the calculator's own defaults.

Runs before rules.py: that hook indexes every page, these included.
"""
from __future__ import annotations

import posixpath
import re

import ruleindex
import siteindex
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from calculators.core.params import places_text, ruling_param_name

SECTION = "Calculators"
INDEX = "calculators/index.md"


def on_config(config):
    """The nav's "Calculators" section gets one subsection per game ("<game> calculators"), each calculator's
    page in it."""
    section = next((item for item in config.nav or [] if isinstance(item, dict) and SECTION in item), None)
    if section is None or INDEX not in section[SECTION]:
        raise PluginError(f"hooks/calcpages.py: the nav needs a section '{SECTION}' holding {INDEX}")
    games: dict[str, list] = {}
    for calc in siteindex.load_catalog().values():
        games.setdefault(calc["game_title"], []).append({calc["title"]: calc["page"]})
    # "<game> calculators", not the game's name alone: Material names each section's nav landmark after
    # its title, and the game's own section already holds that name (axe: landmark-unique).
    section[SECTION] = [INDEX] + [{f"{game} calculators": pages} for game, pages in games.items()]
    return config


def on_files(files, config):
    catalog = siteindex.load_catalog()
    sources = {f.src_uri: f for f in files.documentation_pages()}
    for calc in catalog.values():
        if calc["page"] in sources:
            continue  # an author's own page for it
        rules_page = sources.get(calc["rules_page"])
        if rules_page is None:
            raise PluginError(f"calculator {calc['id']} names rules page {calc['rules_page']}, which does not exist")
        args = embed_args(rules_page.content_string, calc["id"])
        files.append(File.generated(config, calc["page"], content=page_markdown(calc, args)))
    return files


def on_page_markdown(markdown, page, config, files):
    """A rules page says under its title, in one line, where its calculators' own pages are (the widgets it
    embeds sit below the rules that explain them, far down on a phone); a game's overview, all the game's."""
    src = page.file.src_uri
    folder = posixpath.dirname(src)
    overview = src == f"{folder}/index.md"
    calcs = [c for c in siteindex.catalog.values()
             if c["rules_page"] == src or (overview and posixpath.dirname(c["rules_page"]) == folder)]
    if not calcs:
        return markdown
    links = ", ".join(f"[{_md_text(c['title'])}]({siteindex.md_link(c['page'], src)})" for c in calcs)
    line = f'<p class="calc-where" markdown>Work it out in the calculator{"s" if len(calcs) > 1 else ""}: {links}</p>'
    m = re.search(r"^# .*$", markdown, re.M)
    if m is None:
        raise PluginError(f"{src}: a rules page with calculators needs a '# ' title to put their links under")
    return f"{markdown[:m.end()]}\n\n{line}\n{markdown[m.end():]}"


def embed_args(source: str, cid: str) -> str:
    """The arguments of the first widget marker for ``cid`` in a page's source ("" if none)."""
    for m in siteindex.CALC_MARK.finditer(ruleindex.mask_code(source)):
        if m.group(2) == cid:
            return m.group(3).strip()
    return ""


def page_markdown(calc: dict, args: str) -> str:
    explained = siteindex.md_link(calc["rules_page"], calc["page"])
    # A board is a play surface (issue 23): its page gives it the whole width, as its rules page does (the
    # sidebars hidden), so that the map, its order menu and Adjudicate fit on one screen.
    wide = ["hide:", "  - navigation", "  - toc"] if calc.get("board") else []
    lines = [
        "---",
        f"title: {_yaml(calc['title'] + ' (calculator) · ' + calc['game_title'])}",
        *wide,
        "---",
        "",
        f"# {calc['title']} {{: .calc-page-title }}",  # forms.css (a class, not a :has() rule: issue 25)
        "",
        '<div class="calc-page" markdown>',
        "",
        f'<p class="calc-purpose">{_md_text(calc["description"])}</p>',
        "",
        f"<!-- calc: {calc['id']} {args} -->".replace("  ", " "),
        "",
        "</div>",
        "",
        "## About this calculator",
        "",
        f"How it works, with worked examples you can open in it: [{_md_text(calc['title'])} on the "
        f"{_md_text(calc['game_title'])} pages]({explained}), where it is embedded too. "
        f"[All calculators]({siteindex.md_link(INDEX, calc['page'])}) lists the others.",
        "",
        "Rules it applies: " + ", ".join(f"[[{rid}]]" for rid in calc["rules"]) + ".",
        "",
        "## What each field takes",
        "",
        *_fields_table(calc),
        "",
    ]
    return "\n".join(lines)


def _fields_table(calc: dict) -> list[str]:
    rows = ["| Field | What it takes |", "|---|---|"]
    for p in calc["params"]:
        where = {"more": " (under More options)", "rulings": " (under Rulings)"}.get(p.get("group", ""), "")
        label = _md_text(p["label"] + (f" ({p['unit']})" if p.get("unit") else ""))
        if p.get("ruling"):
            # The ruling's ID as a link to its box (rules.py expands [[ID]]), its question as text.
            label = f"[[{p['ruling']}]] {_md_text(p['label'].split(': ', 1)[-1])}"
        rows.append(f"| {_cell(label)}{where} | {_cell(_takes(p))} |")
    if calc["presets"]:
        ps = calc["presets"]
        takes = ps.get("help") or "Fills the fields with a ready-made case."
        rows.insert(2, f"| {_cell(_md_text(ps['label']))} | {_cell(_md_text(takes))} |")
    return rows


def _takes(p: dict) -> str:
    """A field's help and the values it accepts, from its schema, as Markdown (engine text escaped)."""
    kind = p["type"]
    if kind == "int":
        accepts = f"A whole number from {p['min']} to {p['max']}" + (", or empty" if p.get("optional") else "")
    elif kind == "decimal":
        accepts = f"A number from {p['min']} to {p['max']}, with at most {places_text(p['places'])} (7.5)"
    elif kind == "bool":
        accepts = "On or off"
    elif kind == "choice" and p.get("ruling"):
        # A code span, not escaped text: inside one a backslash would show ("dip\_r2=").
        accepts = f"One of its {len(p['choices'])} readings (`{ruling_param_name(p['ruling'])}=` in a link)"
    elif kind == "choice":
        labels = [c["label"] for c in p["choices"]]
        more = [f"and {len(labels) - 8} more"] if len(labels) > 8 else []
        accepts = _md_text("One of: " + "; ".join(labels[:8] + more))
    elif kind == "group":
        accepts = _md_text(f"{p['min_items']} to {p['max_items']} {p['item_label'].lower()}s, each with " + ", ".join(
            f["label"].lower() for f in p["fields"]))
    else:
        accepts = f"Text, at most {p['max_length']} characters"
    help_text = _md_text(p["help"].strip().rstrip("."))
    return f"{help_text}. {accepts}." if help_text else accepts + "."


def _cell(markdown: str) -> str:
    """Markdown as one table cell."""
    return markdown.replace("|", "\\|").replace("\n", " ")


def _md_text(text: str) -> str:
    """Engine text as Markdown text: no markup taken from it."""
    return text.replace("\\", "\\\\").replace("<", "&lt;").replace("*", "\\*").replace("_", "\\_").replace("[", "\\[")


def _yaml(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

