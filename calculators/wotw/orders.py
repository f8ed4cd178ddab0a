"""Reading War of the Worlds orders (WOTW 4.2, 5.1-5.5, 9.2, ruling WOTW R3): the variant's order-reading hook.

Earth orders are read by the standard reader.  Martian orders have their own syntax (``3A Con - 2A
Bul - BLA``, ``2A Par merge Bur``, ``remove A Par``) and are read here into the same written-order
values, of the standard kinds (hold, move, support, convoy) or the Martian ones (split, merge,
removal).  A line of the orders text that starts with ``Martian:`` is a Martian order.
"""
from __future__ import annotations

import re
from enum import Enum

from ..core import InputError
from ..diplomacy.api import OrderKind, Outcome, ParsedOrder, Phase, PhaseKind, Status, reader_for, register, unreadable
from . import merge, removal, split
from .board import MARTIAN, lookup
from .units import MAX_UNITS, split_size, strength_of


class MartianOrderKind(Enum):
    """The Martian's own order kinds: the registry of their modules."""

    SPLIT = split.SPEC
    MERGE = merge.SPEC
    REMOVAL = removal.SPEC


register(MartianOrderKind)

MAX_ORDERS = MAX_UNITS
_HEAD = re.compile(r"^\s*(\d*)\s*a\s+(.*)$", re.I)
_MERGE = re.compile(r"\s+(?:merge|merges|m)(?:\s+(?:with|into|in|at))?\s+", re.I)
_SUPPORT = re.compile(r"\s+(?:s|supports?)\s+", re.I)
_CONVOY = re.compile(r"\s+(?:c|convoys?)\s+", re.I)
_HOLD = re.compile(r"\s+(?:h|holds?|stands?)\s*$", re.I)
_HYPHENATED = re.compile(r"mid-atlantic", re.I)
_ARROW = re.compile(r"\s*(?:->|=>|\u2192|-|\u2013|\u2014|\bto\b)\s*", re.I)  # the arrows Earth orders accept
_PREFIX = re.compile(r"^\s*(?:\d{1,3}[.)]\s+|[-*\u2022]\s+)?(?:martians?\s*(?::\s*|\s+(?=\d*\s*a\b|remove|disband)))?",
                     re.I)
_REMOVAL = re.compile(r"^\s*(?:remove\s+|disband\s+)?(\d*)\s*a\s+(.+?)\s*$", re.I)
_RETREAT_DISBAND = re.compile(r"^\s*(\d*)\s*a\s+(.+?)\s+(?:d|disbands?)\s*$", re.I)
_RETREAT = re.compile(r"^\s*(\d*)\s*a\s+(.+?)\s+(?:r|retreats?|->|=>|\u2192|-|\u2013|to)\s+(.+?)\s*$", re.I)


def split_orders(text: str) -> list[str]:
    return [t.strip() for t in re.split(r"[,;\n]", text) if t.strip()]


def _order(line: str, n: int, kind, strength: int, origin: str, **fields) -> ParsedOrder:
    return ParsedOrder(n, line, MARTIAN, kind, location=origin, strength=strength, **fields)


def _support(line: str, n: int, strength: int, rest: str, field: str) -> ParsedOrder:
    head, tail = _SUPPORT.split(" " + rest, maxsplit=1)
    pieces = _ARROW.split(tail)
    if len(pieces) > 2:
        raise InputError(field, f"{line!r}: a support names one move, e.g. 2A Mun S A Ber - Kie.")
    _, target_text = split_size(pieces[0], field, line)
    target = lookup(re.sub(r"^\s*[af]\s+", "", target_text, flags=re.I), field, line)
    dest = lookup(pieces[1], field, line) if len(pieces) == 2 else None
    return _order(line, n, OrderKind.SUPPORT, strength, lookup(head, field, line), target=target, dest=dest)


def _move(line: str, n: int, strength: int, rest: str, field: str) -> ParsedOrder:
    pieces = _ARROW.split(rest)
    origin = lookup(pieces[0], field, line)
    if len(pieces) < 2:
        return _order(line, n, OrderKind.HOLD, strength, origin)  # a bare unit holds
    parts = []
    for piece in pieces[1:]:
        size, where = split_size(piece, field, line)
        parts.append((size, lookup(where, field, line)))
    if len(parts) == 1 and parts[0][0] is None:
        return _order(line, n, OrderKind.MOVE, strength, origin, dest=parts[0][1])
    return _order(line, n, MartianOrderKind.SPLIT, strength, origin, parts=tuple(parts))


def parse_order(line: str, n: int = 0, field: str = "orders") -> ParsedOrder:
    """One Martian order of a movement season (WOTW 4.2, 5.2, 5.3, 6.1; ruling WOTW R3)."""
    line = _PREFIX.sub("", line)  # a pasted list marker, or the power written before the order
    m = _HEAD.match(line)
    if not m:
        raise InputError(field, f"{line!r}: a Martian order starts with A, 2A or 3A and the unit's province.")
    strength = strength_of(m.group(1), field, repr(line))
    rest = _HYPHENATED.sub("Mid Atlantic", m.group(2))  # the one province name with a hyphen
    if _CONVOY.search(" " + rest):
        head = _CONVOY.split(" " + rest, maxsplit=1)[0]
        return _order(line, n, OrderKind.CONVOY, strength, lookup(head, field, line))
    if _SUPPORT.search(" " + rest):
        return _support(line, n, strength, rest, field)
    if _MERGE.search(" " + rest + " "):
        head, tail = _MERGE.split(" " + rest + " ", maxsplit=1)
        return _order(line, n, MartianOrderKind.MERGE, strength, lookup(head, field, line),
                      dest=lookup(tail, field, line))
    if _HOLD.search(" " + rest):
        return _order(line, n, OrderKind.HOLD, strength, lookup(_HOLD.split(" " + rest, maxsplit=1)[0], field, line))
    return _move(line, n, strength, rest, field)


def parse_removal(line: str, n: int = 0, field: str = "removals") -> ParsedOrder:
    """``remove 2A Mun``, ``A Par``: points the Martian orders removed (WOTW 9.2)."""
    m = _REMOVAL.match(_PREFIX.sub("", line))
    if not m:
        raise InputError(field, f"{line.strip()!r}: write a removal as A, 2A or 3A and a province, e.g. A Par.")
    points = strength_of(m.group(1), field, repr(line.strip()))
    return _order(line.strip(), n, MartianOrderKind.REMOVAL, points, lookup(m.group(2), field, line.strip()))


def parse_retreat(line: str, n: int = 0, field: str = "martian_orders") -> ParsedOrder | None:
    """``2A Bur R Mun``, ``2A Bur - Mun``, ``2A Bur D``: a pushed-out Martian unit's retreat or disband (ruling
    WOTW R4, attacker-moves-in), or None when the line is not written as one."""
    text = _PREFIX.sub("", line)
    if re.match(r"^\s*(?:remove|disband)\b", text, re.I):
        return None
    d = _RETREAT_DISBAND.match(text)
    if d:
        return _order(line.strip(), n, OrderKind.DISBAND, strength_of(d.group(1), field, repr(line.strip())),
                      lookup(d.group(2), field, line.strip()))
    m = _RETREAT.match(_HYPHENATED.sub("Mid Atlantic", text))
    if not m:
        return None
    return _order(line.strip(), n, OrderKind.RETREAT, strength_of(m.group(1), field, repr(line.strip())),
                  lookup(m.group(2), field, line.strip()), dest=lookup(m.group(3), field, line.strip()))


def parse_after_moves(line: str, n: int = 0, field: str = "martian_orders") -> ParsedOrder:
    """A Martian order of Summer or Winter: a removal (WOTW 9.2), or a pushed-out unit's retreat where it is
    written as one (ruling WOTW R4, attacker-moves-in)."""
    return parse_retreat(line, n, field) or parse_removal(line, n, field)


def parse_orders(text: str, field: str = "orders", removals: bool = False) -> tuple[ParsedOrder, ...]:
    """Every Martian order in a text (commas, semicolons or new lines between them).  In Summer and Winter
    (``removals``) a line is a removal, or a retreat where it is written as one."""
    lines = split_orders(text)
    if len(lines) > MAX_ORDERS:
        raise InputError(field, f"At most {MAX_ORDERS} orders (got {len(lines)}).")
    if removals:
        return tuple(parse_after_moves(line, n, field) for n, line in enumerate(lines, 1))
    return tuple(parse_order(line, n, field) for n, line in enumerate(lines, 1))


def martian_box(text: str, phase: Phase, first: int = 0, field: str = "martian_orders") -> tuple[ParsedOrder, ...]:
    """The orders of the Martian's own box (no power written before them; commas, semicolons or new lines between
    them), each read as a ``Martian:`` line of the orders is, numbered from ``first + 1``."""
    lines = split_orders(text)
    if len(lines) > MAX_ORDERS:
        raise InputError(field, f"At most {MAX_ORDERS} orders (got {len(lines)}).")
    read = parse_order if phase.kind is PhaseKind.MOVEMENT else parse_after_moves
    # a player may still write the power ("Martian: 3A Mar - Bur"): it is read once, not twice
    return tuple(read(f"Martian: {_PREFIX.sub('', line)}", n, field) for n, line in enumerate(lines, first + 1))


_EARTH_SPLIT_MERGE = re.compile(r"\bmerges?\b|(?:-|\bto\b)\s*[123]\s*a\b", re.I)
_MARTIAN_LINE = re.compile(r"^\s*(?:\d{1,3}[.)]\s+|[-*\u2022]\s+)?martians?\s*:", re.I)


def read_orders(variant, phase: Phase, text: str) -> tuple[tuple[ParsedOrder, ...], tuple]:
    """The variant's reading hook: Earth lines by the standard reader, ``Martian:`` lines as Martian orders.

    An Earth order the standard reader refuses because it merges or splits says that only the Martian
    may (WOTW 5.1); a Martian line that cannot be read is an input error (field ``martian_orders``).
    """
    earth = [line for line in text.splitlines() if not _MARTIAN_LINE.match(line)]
    martian = "\n".join(line for line in text.splitlines() if _MARTIAN_LINE.match(line))
    parsed, errors = reader_for(variant).orders("\n".join(earth))
    mine = parse_orders(martian, "martian_orders", removals=phase.kind is not PhaseKind.MOVEMENT)
    return tuple(parsed) + mine, tuple(_unreadable(e) for e in errors)


def _unreadable(err) -> Outcome:
    """An Earth line that cannot be read; one that merges or splits says only the Martian may (WOTW 5.1)."""
    if _EARTH_SPLIT_MERGE.search(err.text):
        return Outcome("", err.text, None, Status.ILLEGAL, "only the Martian may split or merge units (WOTW 5.1); "
                       "the order is ignored", ("WOTW 5.1", "DIP R1"), line=err.line)
    return unreadable(err)
