"""Martian orders and their parser (WOTW 4.2, WOTW 5.2-5.5, ruling WOTW R3).

Text becomes typed orders here only; everything after works on these values.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..core import InputError
from .board import lookup
from .units import MAX_UNITS, split_size

MAX_ORDERS = MAX_UNITS


@dataclass(frozen=True)
class Part:
    """One part of a move or split: ``size`` None means "the whole unit" (ruling WOTW R3)."""

    size: int | None
    dest: str


@dataclass(frozen=True)
class Move:
    """``3A Con - 2A Bul - BLA``: a plain move (one part) or a split (several)."""

    origin: str
    strength: int
    parts: tuple[Part, ...]
    text: str


@dataclass(frozen=True)
class Merge:
    """``2A Par merge Bur`` (WOTW 5.3)."""

    origin: str
    strength: int
    dest: str
    text: str


@dataclass(frozen=True)
class Hold:
    origin: str
    strength: int
    text: str


@dataclass(frozen=True)
class Support:
    """``2A Mun S A Ber - Kie`` or ``3A Bur S A Par`` (WOTW 6.1); ``dest`` None supports a hold."""

    origin: str
    strength: int
    target: str
    dest: str | None
    text: str


@dataclass(frozen=True)
class Convoy:
    """Recorded only to be refused: a Martian unit never convoys (WOTW 4.2)."""

    origin: str
    strength: int
    text: str


Order = Move | Merge | Hold | Support | Convoy

_HEAD = re.compile(r"^\s*([123]?)\s*a\s+(.*)$", re.I)
_MERGE = re.compile(r"\s+(?:merge|merges|m)(?:\s+(?:with|into|in|at))?\s+", re.I)
_SUPPORT = re.compile(r"\s+(?:s|supports?)\s+", re.I)
_CONVOY = re.compile(r"\s+(?:c|convoys?)\s+", re.I)
_HOLD = re.compile(r"\s+(?:h|holds?|stands?)\s*$", re.I)
_HYPHENATED = re.compile(r"mid-atlantic", re.I)
_ARROW = re.compile(r"\s*(?:->|=>|\u2192|-|\u2013|\u2014|\bto\b)\s*", re.I)  # the arrows Earth orders accept


def split_orders(text: str) -> list[str]:
    return [t.strip() for t in re.split(r"[,;\n]", text) if t.strip()]


_PREFIX = re.compile(r"^\s*(?:\d{1,3}[.)]\s+|[-*\u2022]\s+)?(?:martians?\s*:\s*)?", re.I)


def parse_order(line: str, field: str = "orders") -> Order:
    line = _PREFIX.sub("", line)  # a pasted list marker, or the power written before the order
    m = _HEAD.match(line)
    if not m:
        raise InputError(field, f"{line!r}: a Martian order starts with A, 2A or 3A and the unit's province.")
    strength = int(m.group(1) or 1)
    rest = _HYPHENATED.sub("Mid Atlantic", m.group(2))  # the one province name with a hyphen
    if _CONVOY.search(" " + rest):
        head = _CONVOY.split(" " + rest, maxsplit=1)[0]
        return Convoy(lookup(head, field, line), strength, line)
    if _SUPPORT.search(" " + rest):
        head, tail = _SUPPORT.split(" " + rest, maxsplit=1)
        origin = lookup(head, field, line)
        pieces = _ARROW.split(tail)
        _, target_text = split_size(pieces[0])
        target_text = re.sub(r"^\s*[af]\s+", "", target_text, flags=re.I)
        target = lookup(target_text, field, line)
        if len(pieces) > 2:
            raise InputError(field, f"{line!r}: a support names one move, e.g. 2A Mun S A Ber - Kie.")
        dest = lookup(pieces[1], field, line) if len(pieces) == 2 else None
        return Support(origin, strength, target, dest, line)
    if _MERGE.search(" " + rest + " "):
        head, tail = _MERGE.split(" " + rest + " ", maxsplit=1)
        return Merge(lookup(head, field, line), strength, lookup(tail, field, line), line)
    if _HOLD.search(" " + rest):
        head = _HOLD.split(" " + rest, maxsplit=1)[0]
        return Hold(lookup(head, field, line), strength, line)
    pieces = _ARROW.split(rest)
    if len(pieces) < 2:
        # A bare unit is a hold.
        return Hold(lookup(rest, field, line), strength, line)
    origin = lookup(pieces[0], field, line)
    parts = []
    for piece in pieces[1:]:
        size, where = split_size(piece)
        if size is not None and not 1 <= size <= 3:
            raise InputError(field, f"{line!r}: a part has strength 1, 2 or 3.")
        parts.append(Part(size, lookup(where, field, line)))
    return Move(origin, strength, tuple(parts), line)


def parse_orders(text: str, field: str = "orders") -> tuple[Order, ...]:
    lines = split_orders(text)
    if len(lines) > MAX_ORDERS:
        raise InputError(field, f"At most {MAX_ORDERS} orders (got {len(lines)}).")
    return tuple(parse_order(line, field) for line in lines)


_EARTH_SPLIT_MERGE = re.compile(r"\bmerges?\b|(?:-|\bto\b)\s*[123]\s*a\b", re.I)


def earth_split_merge(errors: list) -> list:
    """WOTW 5.1: an Earth order the standard parser rejected because it merges or splits says so."""
    from ..diplomacy.parser import ParseError

    out = []
    for err in errors:
        if _EARTH_SPLIT_MERGE.search(err.text):
            err = ParseError(err.line, err.text, "only the Martian may split or merge units (WOTW 5.1); "
                                                 "the order is ignored")
            err.rules = ("WOTW 5.1", "DIP R1")
        out.append(err)
    return out
