"""The board's engine side for War of the Worlds (issue 14): the Martian's orders as clicks and as typed.

The standard game's ``diplomacy.sandbox`` does the work; this module adds what the variant changes: the
Martian box (orders without the power's name, separated by commas, semicolons or new lines), the clicks of a
split (its places in any order), a merge and a removal, and how those orders are drawn (WOTW 5.2, 5.3, 9.2).
"""
from __future__ import annotations

import re

from ..core import InputError
from ..diplomacy.api import (MODES, Click, Mark, Mode, ParseError, ParsedOrder, PhaseKind, Segment, reader_for,
                             standard_click)
from .board import MARTIAN
from .merge import Merge
from .orders import MartianOrderKind, parse_after_moves, parse_order
from .removal import Removal
from .split import Split
from .variant import WOTW

WOTW_MODES = MODES + (
    Mode("split", "Split", "Click the places its parts go, its own province for a part that stays; then choose "
                           "the sizes."),
    Mode("merge", "Merge", "Click the province the merged unit forms in."),
    Mode("remove", "Remove points", "Choose how many strength points the virus takes from it."),
)


def martian_segments(text: str, phase_kind: PhaseKind) -> list[Segment]:
    """WOTW 4.2, 9.2: every Martian order where it stands in the Martian box (one a line, or several on a line
    separated by commas or semicolons); a removal in Summer and Winter, a move, split, merge or support else."""
    read = parse_order if phase_kind is PhaseKind.MOVEMENT else parse_after_moves
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        parts = [s.strip() for s in re.split(r"[,;]", line) if s.strip()]
        for s in parts:
            try:
                out.append(Segment(n, s, MARTIAN, read(s, n, "martian_orders"), None, "", len(parts) == 1))
            except InputError as err:
                out.append(Segment(n, s, MARTIAN, None, ParseError(n, s, err.message), "", len(parts) == 1))
    return out


def earth_segments(text: str) -> list[Segment]:
    """The Earth box as the adjudicator reads it, a semicolon ending a line (so that a power written before it
    does not carry past it); each order keeps the line it stands on in the box."""
    source = []  # a line of the text read -> the line of the box it comes from
    for n, line in enumerate(text.splitlines(), 1):
        source += [n] * (line.count(";") + 1)
    found = [s._replace(line=source[s.line - 1]) for s in reader_for(WOTW).segments(text.replace(";", "\n"))]
    per_line: dict[int, int] = {}
    for s in found:
        per_line[s.line] = per_line.get(s.line, 0) + 1
    return [s._replace(alone=per_line[s.line] == 1) for s in found]


def wotw_click(p: ParsedOrder) -> Click:
    """WOTW 5.2, 5.3, 9.2: a split's places in any order, a merge's destination, a removal's unit alone."""
    kind = p.kind
    if kind is MartianOrderKind.SPLIT:
        return Click(p.province, "split", tuple(d for _, d in p.parts), any_order=True)
    if kind is MartianOrderKind.MERGE:
        return Click(p.province, "merge", (p.dest,))
    if kind is MartianOrderKind.REMOVAL:
        return Click(p.province, "remove")
    return standard_click(p)


def martian_marks(order, power: str, text: str) -> list[Mark]:
    """The Martian's own orders as drawn: a split's parts that leave and a merge as moves, a removal as a cross."""
    if isinstance(order, Split):
        here = order.unit.province
        return [Mark("move", power, here, d, None, None, text, state="typed") for _, d in order.parts if d != here]
    if isinstance(order, Merge):
        kind = "hold" if order.dest == order.unit.province else "move"
        return [Mark(kind, power, order.unit.province, None if kind == "hold" else order.dest, None, None, text,
                     state="typed")]
    if isinstance(order, Removal):
        return [Mark("disband", power, order.province, None, None, None, text, state="typed")]
    return []


__all__ = ["WOTW_MODES", "earth_segments", "martian_marks", "martian_segments", "wotw_click"]
