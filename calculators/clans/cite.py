"""Rule citations in results: the IDs a reason's text names, in rule order."""
from __future__ import annotations

import re

_ID = re.compile(r"(?:CLAN|DIP) R?\d+(?:\.\d+)?")


def named_in(text: str) -> set[str]:
    return set(_ID.findall(text))


def rule_key(rid: str):
    """Variant rules first, numbered rules before rulings, numerically (CLAN 2.10 after CLAN 2.9)."""
    prefix, rest = rid.split(" ", 1)
    return (prefix != "CLAN", rest.startswith("R"), [int(x) for x in rest.lstrip("R").split(".")])


def in_order(ids) -> list[str]:
    return sorted(set(ids), key=rule_key)
