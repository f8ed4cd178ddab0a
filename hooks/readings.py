"""MkDocs hook: switchable rulings. Each ruling box lists its readings from the engine's data.

The readings of a switchable ruling (``calculators/<game>/readings.py``) are written once, in the
engine; the ruling's box on its page shows them from there, so the page, the calculators' options
and the code cannot drift apart. Markers authors write (see docs/conventions.md):

  <!-- readings: COM R1 -->   inside the ruling's box: the list of its readings, each with its
                              permanent anchor (``com-r1-literal``), the site's marked, and the
                              calculators that offer the choice
  [[COM R1: literal]]         a link to one reading, wherever it lives

The build fails when a switchable ruling has no such list in its own box, when a list names a
ruling the engine cannot switch, or when the box's prose disagrees with the engine: its "Reading
taken" paragraph must link the site's reading and its "Alternatives" paragraph every other one.
"""
from __future__ import annotations

import re

import ruleindex
import siteindex
from mkdocs.exceptions import PluginError

from calculators.core.rulings import all_rulings

READINGS_MARK = re.compile(r"^([ \t]*)<!--\s*readings:\s*(" + ruleindex.RULE_ID + r")\s*-->[ \t]*$", re.M)
READING_REF = re.compile(r"\[\[(" + ruleindex.RULE_ID + r"): ([a-z0-9]+(?:-[a-z0-9]+)*)\]\]")
BOX = re.compile(r"^!!! ruling \"<!--\s*rule:\s*(" + ruleindex.RULE_ID + r")\s*-->", re.M)
LEAD = re.compile(r"\*\*(Question|Reading taken|Why|Alternatives)\.\*\*")


def reading_anchor(ruling_id: str, reading_id: str) -> str:
    """``COM R1``, ``literal`` -> ``com-r1-literal``: the cited form ``COM R1: literal`` made an anchor."""
    return ruleindex.anchor(f"{ruling_id}: {reading_id}")


def boxes(source: str) -> dict[str, str]:
    """Each ruling box of a page by its ruling ID: the box's text, up to the next box or heading."""
    source = ruleindex.mask_code(source)
    starts = list(BOX.finditer(source))
    out = {}
    for m in starts:
        end = len(source)
        nxt = re.compile(r"^(?:!!! |#)", re.M).search(source, m.end())
        if nxt:
            end = nxt.start()
        out[m.group(1)] = source[m.start():end]
    return out


def paragraphs(box: str) -> dict[str, str]:
    """A box's four lead-in paragraphs by lead-in ("Reading taken": its text up to the next lead-in)."""
    found = list(LEAD.finditer(box))
    return {m.group(1): box[m.end():(found[i + 1].start() if i + 1 < len(found) else len(box))]
            for i, m in enumerate(found)}


def problems_in(pages: dict[str, str]) -> list[str]:
    """Every disagreement between the pages' ruling boxes and the engine's switchable rulings."""
    switchable = all_rulings()
    found: dict[str, list[str]] = {}
    problems = []
    for page, source in sorted(pages.items()):
        masked = ruleindex.mask_code(source)
        page_boxes = boxes(source)
        for m in READINGS_MARK.finditer(masked):
            rid = m.group(2)
            found.setdefault(rid, []).append(page)
            if rid not in switchable:
                problems.append(f"{page}: <!-- readings: {rid} --> but the engine has no switchable ruling {rid}")
            elif m.group(0).strip() not in page_boxes.get(rid, ""):
                problems.append(f"{page}: the readings of {rid} are listed outside {rid}'s ruling box")
        for rid, box in page_boxes.items():
            if rid in switchable:
                problems += _prose_problems(page, switchable[rid], paragraphs(box))
        for m in READING_REF.finditer(masked):
            rid, reading = m.groups()
            if rid not in switchable or reading not in {r.id for r in switchable[rid].readings}:
                problems.append(f"{page}: [[{rid}: {reading}]] names no reading the engine has")
    for rid in switchable:
        if len(found.get(rid, [])) != 1:
            problems.append(f"switchable ruling {rid} needs one <!-- readings: {rid} --> in its box "
                            f"(found {len(found.get(rid, []))})")
    return problems


def _prose_problems(page: str, ruling, paras: dict[str, str]) -> list[str]:
    """The box's prose names the readings the engine has: the site's in "Reading taken", the others in
    "Alternatives" (each as a [[RID: reading]] link)."""
    def cited(text: str) -> set[str]:
        return {m.group(2) for m in READING_REF.finditer(text) if m.group(1) == ruling.id}
    out = []
    taken, alternatives = cited(paras.get("Reading taken", "")), cited(paras.get("Alternatives", ""))
    others = {r.id for r in ruling.readings if not r.default}
    if taken != {ruling.default.id}:
        out.append(f"{page}: {ruling.id}'s 'Reading taken' must link [[{ruling.id}: {ruling.default.id}]] "
                   f"(links {sorted(taken)})")
    if alternatives != others:
        out.append(f"{page}: {ruling.id}'s 'Alternatives' must link exactly its other readings {sorted(others)} "
                   f"(links {sorted(alternatives)})")
    return out


def on_files(files, config):
    pages = {f.src_uri: f.content_string for f in files.documentation_pages()}  # calcpages.py's are in memory
    problems = problems_in(pages)
    if problems:
        raise PluginError("Switchable rulings and their pages disagree:\n  " + "\n  ".join(problems))
    return files


def on_page_markdown(markdown, page, config, files):
    src = page.file.src_uri

    def expand(text: str) -> str:
        text = READINGS_MARK.sub(lambda m: _listing(m.group(1), m.group(2), src), text)
        return READING_REF.sub(lambda m: _ref(m.group(1), m.group(2), src), text)

    return ruleindex.outside_code(markdown, expand)


def _ref(rid: str, reading: str, src: str) -> str:
    rule = siteindex.rules[rid]
    target = "" if rule.page == src else siteindex.md_link(rule.page, src)
    label = all_rulings()[rid].reading(reading).label.replace('"', "'")
    # The reading by its label, as results name it (issue 24: an id such as "after-moves" never reaches a
    # reader); the id stays in the link's anchor and in the ruling's list of readings.
    text = label.replace("[", "(").replace("]", ")")
    return f'[{rid}: {text}]({target}#{reading_anchor(rid, reading)} "{rid}: {reading}")'


def _listing(indent: str, rid: str, src: str) -> str:
    """The readings of one ruling as a list: the permanent anchor, the label, the site's marked, what it does."""
    ruling = all_rulings()[rid]
    offered = [c for c in siteindex.catalog.values() if rid in c.get("rulings", [])]
    # Each calculator's own page, where its form comes first.
    where = ", ".join(f"[{c['title']}]({siteindex.md_link(c['page'], src)})" for c in offered) or "no calculator yet"
    lines = [f'**Readings you can choose.** Offered under "Rulings" by {where}; a result cites the reading it '
             "used, and one worked out under another reading says how the site's reading would differ.", ""]
    for r in sorted(ruling.readings, key=lambda r: not r.default):
        a = reading_anchor(rid, r.id)
        mark = " (the site's reading)" if r.default else ""
        lines.append(f"- <a class='reading-id' id='{a}' href='#{a}' title='Permanent link to {rid}: {r.id}'>"
                     f"{rid}: {r.id}</a> **{r.label}**{mark}. {r.summary}".rstrip())
    return "\n".join(indent + line if line else line for line in lines)
