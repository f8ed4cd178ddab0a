"""The rule-ID index: every ``<!-- rule: ID -->`` marker in the docs, found before any page renders.

Rule IDs are permanent (``WOTW 9.1``, ``DIP 5.2``, rulings ``WOTW R1``); the anchor is
derived from the ID alone, so a link never breaks when a rule moves between pages.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from calculators.core.games import RULE_ID_PATTERN

RULE_ID = RULE_ID_PATTERN  # one pattern for the engine, the hooks and the tests (calculators.core.games)
RULE_MARK = re.compile(r"<!--\s*rule:\s*(" + RULE_ID + r")\s*-->")
AMENDS_MARK = re.compile(r"<!--\s*amends:\s*(" + RULE_ID + r"(?:\s*,\s*" + RULE_ID + r")*)\s*-->")
REF = re.compile(r"\[\[(" + RULE_ID + r")\]\]")


CODE = re.compile(r"(^```.*?^```[ \t]*$|`[^`\n]+`)", re.M | re.S)


def mask_code(source: str) -> str:
    """Blank out code spans and fences (same length), so markers shown as examples do nothing."""
    return CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), source)


def outside_code(source: str, transform) -> str:
    """Apply ``transform`` to the text between code spans and fences only."""
    out, last = [], 0
    for m in CODE.finditer(source):
        out.append(transform(source[last:m.start()]))
        out.append(m.group(0))
        last = m.end()
    out.append(transform(source[last:]))
    return "".join(out)


def anchor(rule_id: str) -> str:
    """``WOTW 9.1`` -> ``wotw-9-1``: stable, derived from the ID only."""
    return re.sub(r"[^a-z0-9]+", "-", rule_id.lower()).strip("-")


@dataclass
class Rule:
    id: str
    page: str  # src_uri, e.g. "wotw/rules.md"
    text: str  # the first words of the rule, for the index and tooltips
    amends: list[str] = field(default_factory=list)
    amended_by: list[str] = field(default_factory=list)
    calculators: list[str] = field(default_factory=list)
    implemented_by: list[str] = field(default_factory=list)  # engine functions, from their docstrings


def _snippet(source: str, start: int) -> str:
    line = source[start:].split("\n\n", 1)[0].split("\n", 1)[0]
    line = re.sub(r"<!--.*?-->", "", line)
    line = re.sub(r"<[^>]+>", "", line)
    line = re.sub(r"\[\[(" + RULE_ID + r")\]\]", r"\1", line)
    line = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", line)
    line = re.sub(r"(\*\*|__|`)", "", line)
    line = re.sub(r'^[#!\s*>-]*(?:ruling|example|note|info)?\s*"?', "", line).strip(' "*')
    return line[:110] + ("..." if len(line) > 110 else "")


def scan(pages: dict[str, str]) -> tuple[dict[str, Rule], list[str]]:
    """Index every rule marker; return the index and a list of problems (duplicates, bad amends)."""
    rules: dict[str, Rule] = {}
    problems: list[str] = []
    for page, source in sorted(pages.items()):
        source = mask_code(source)
        current = None
        events = sorted([(m.start(), "rule", m) for m in RULE_MARK.finditer(source)]
                        + [(m.start(), "amends", m) for m in AMENDS_MARK.finditer(source)], key=lambda e: e[0])
        for _pos, kind, m in events:
            if kind == "rule":
                rid = m.group(1)
                if rid in rules:
                    problems.append(f"rule ID {rid} is defined twice: {rules[rid].page} and {page}")
                    continue
                current = Rule(rid, page, _snippet(source, m.end()))
                rules[rid] = current
            elif current is None:
                problems.append(f"{page}: an amends marker comes before any rule marker")
            else:
                current.amends.extend(x.strip() for x in m.group(1).split(","))
    for rule in rules.values():
        for target in rule.amends:
            if target not in rules:
                problems.append(f"{rule.id} amends {target}, which is not defined")
            else:
                rules[target].amended_by.append(rule.id)
    return rules, problems
