"""MkDocs hook: a rule found by its ID in the site's search (issue 24).

Typing "DIP 4.4" or "wotw r6" into Material's search should land on that rule. Material's index
holds one entry per section of a page, and a rule ID is a few words inside one, so the section
that merely cites a rule ranked as high as the one that defines it. After the search plugin has
written its index, this hook adds one entry per rule ID (and per reading of a switchable ruling),
titled by the ID (its first words as its text) and linking to the rule's permanent anchor. Titles
weigh most in Material's ranking, so the rule comes first and Enter in the search box goes to it.

Two things about Material's search decide the details:

- Its worker takes the first entry of a page's URL as that page's article and files the later
  ones under it: these entries go after the plugin's own, or a rule would stand in for its page.
- It adds a trailing wildcard to every word typed, so "DIP R1" also matches DIP R10 ... R19, and
  "dip" and "com" match "Diplomacy rules" and "Compare two plans", titles Material favours. Lunr
  scores a title by its words' inverse document frequency, so the rarer "r10" would outrank the
  exact "r1". Each entry's boost therefore divides out the weight of its own title's words
  (``weights``): every rule's entry scores the same for the ID that names it, above those titles;
  less by ``STEP`` for each shorter ID it begins with (what the wildcard matches), so the exact
  ID comes first; a reading's entry (whose label may begin with the typed word, "COM R3:
  Committed ...") less by ``READING`` than its ruling.

Runs before offline.py, which fingerprints every built file.
"""
from __future__ import annotations

import json
import math
import os
import re
from html import escape

import glossary
import siteindex
from mkdocs.exceptions import PluginError

from calculators.core.rulings import all_rulings

INDEX = os.path.join("search", "search_index.json")
# Checked with Material's own search worker over the built index, every rule ID typed
# (tests/browser/test_search.py): SCORE puts a rule's entry above the titles its words begin.
SCORE = 30.0
STEP = 0.7
READING = 0.5
TAG = re.compile(r"<[^>]+>")


def on_post_build(config):
    path = os.path.join(config.site_dir, INDEX)
    if not os.path.exists(path):
        raise PluginError("hooks/rulesearch.py: Material's search plugin wrote no search/search_index.json")
    with open(path, encoding="utf-8") as fh:
        index = json.load(fh)
    added = entries(siteindex.rule_urls())
    terms = glossary_entries(config)
    # The glossary page's tables indexed as one run of text ("Term Meaning adjustments After each ...") are
    # noise beside the entries of their rows: their sections keep only their titles.
    tables = {entry["location"].split("#")[0] for entry in terms}
    for doc in index["docs"]:
        if doc["location"].split("#")[0] in tables and doc.get("text", "").startswith("Term Meaning"):
            doc["text"] = ""
    index["docs"] += added + terms
    weights(added, index["docs"], re.compile(index["config"]["separator"]))
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(index, fh, separators=(",", ":"), ensure_ascii=False)


def entries(urls: dict[str, str]) -> list[dict]:
    """One search entry per rule ID and per reading of a switchable ruling, in ID order; "boost"
    holds the factor ``weights`` turns into the entry's boost."""
    ids = list(siteindex.rules)
    depth = {rid: sum(rid != other and rid.startswith(other) for other in ids) for rid in ids}
    out = [{"location": urls[rid], "title": rid, "text": _plain(rule.text), "boost": STEP ** depth[rid]}
           for rid, rule in sorted(siteindex.rules.items())]
    for rid, ruling in sorted(all_rulings().items()):
        if rid not in siteindex.rules:
            continue
        for reading in ruling.readings:
            # Named by its label, as everywhere a reader sees it: never the reading's raw id.
            out.append({"location": urls[f"{rid}: {reading.id}"], "title": f"{rid}: {reading.label}",
                        "text": _plain(reading.summary or ruling.question), "boost": STEP ** depth[rid] * READING})
    return out


def glossary_entries(config) -> list[dict]:
    """One entry per glossary row, titled by the term's forms and linking to its row: "dislodged" or "supply
    centre" typed lands on the definition, not on the glossary page's top (its tables read as one run of text)."""
    url = siteindex.urls.get("glossary.md", "glossary/")
    return [{"location": f"{url}#{anchor}", "title": ", ".join(forms), "text": _plain(text)}
            for _stem, anchor, forms, text in glossary.terms(config)]


def weights(added: list[dict], docs: list[dict], separator: re.Pattern) -> None:
    """Turn each added entry's factor into its boost: ``SCORE`` times the factor over the summed
    inverse document frequency of its title's words, as Lunr (Material's search) computes it."""
    def words(text: str) -> set[str]:
        return {w for w in separator.split(TAG.sub(" ", text).lower()) if w}

    df: dict[str, int] = {}
    for doc in docs:  # Lunr counts a word once per field it is in
        for field in ("title", "text"):
            for w in words(doc.get(field, "")):
                df[w] = df.get(w, 0) + 1
    n = len(docs)
    for entry in added:
        weight = sum(math.log(1 + abs((n - df[w] + 0.5) / (df[w] + 0.5))) for w in words(entry["title"]))
        entry["boost"] = round(SCORE * entry["boost"] / weight, 4)


def _plain(text: str) -> str:
    """A rule's first words as the search result shows them: no Markdown emphasis, HTML-escaped."""
    return escape(re.sub(r"[*_]{1,2}(\S[^*_]*?)[*_]{1,2}", r"\1", text), quote=False)
