"""Rule citations in results: the IDs a reason's text names, in rule order."""
from __future__ import annotations

from ..core.games import RULE_ID
from ..core.implements import rule_key as _in_reading_order


def named_in(text: str) -> set[str]:
    """The rule IDs a text names."""
    return set(RULE_ID.findall(text))


def rule_key(rid: str):
    """Variant rules first, then in reading order (numbered rules before rulings, 2.10 after 2.9)."""
    return (not rid.startswith("CLAN "), _in_reading_order(rid))


def in_order(ids) -> list[str]:
    return sorted(set(ids), key=rule_key)
