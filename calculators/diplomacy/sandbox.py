"""The board's engine side (issue 14): every legal order as the clicks that choose it, and the orders as typed,
checked and drawn before adjudication.

The page's board (``pyodide/src/board.js``) is one generic component that knows no order kind.  The options
calculators give it, for each legal order, the province a player clicks first (``at``: the unit ordered, or
the centre a build goes in), the mode it belongs to (move, support, ...) and the provinces clicked after it
(``path``); and, for the orders typed so far, where each stands in its box, the unit it orders and what the
adjudicator's own checks make of it.  The map of the typed orders is drawn here, with ``board_svg``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import Table
from .board_svg import Mark, mark_of
from .game import adjudicate_parsed
from .map import province_of, show
from .orders import OrderKind, ParsedOrder, Status, describe
from .parser import Segment
from .position import Position


@dataclass(frozen=True)
class Mode:
    """A group of orders on the board's menu, and what to click for one of them."""

    id: str
    label: str
    hint: str
    coasts: str = ""
    """Added to the hint only for a unit that has a coast to choose in this mode (the board sees it in its
    choices: two orders with the same clicks that name two coasts of one province)."""


MODES = (
    Mode("move", "Move", "Click the province it moves to.",
         "For a province with two coasts, then click the coast on the map (or its button)."),
    Mode("via", "Move via convoy", "Click where it goes by convoy."),
    Mode("support", "Support", "Click the unit it supports, then where that unit moves (or the unit again: "
                               "support it to hold)."),
    Mode("convoy", "Convoy", "Click the army it convoys, then where the army goes."),
    Mode("hold", "Hold", "It stays where it is."),
    Mode("retreat", "Retreat", "Click the province it retreats to.",
         "For a province with two coasts, then click the coast on the map (or its button)."),
    Mode("disband", "Disband", "It is removed from the board."),
    Mode("build", "Build", "Choose the unit to build.",
         "For a fleet, click its coast on the map (or its button)."),
    Mode("waive", "Waive", "Decline one build."),
)
"""The standard game's modes, in menu order (a variant adds its own)."""


@dataclass(frozen=True)
class Click:
    """How a player chooses one legal order: the province clicked first, the mode, the provinces after it
    (in that order, or in any order for a Martian split)."""

    at: str | None
    mode: str
    path: tuple[str | None, ...] = ()
    any_order: bool = False


def _p(location: str | None) -> str | None:
    return province_of(location) if location else None


def standard_click(p: ParsedOrder) -> Click:
    """DIP 4.1-4.4, 12.1, 13.1: the clicks of an order of the standard kinds."""
    kind, at = p.kind, _p(p.location)
    if kind is OrderKind.MOVE:
        return Click(at, "via" if p.via_convoy else "move", (_p(p.dest),))
    if kind is OrderKind.SUPPORT:
        return Click(at, "support", (_p(p.target), _p(p.dest) or _p(p.target)))
    if kind is OrderKind.CONVOY:
        return Click(at, "convoy", (_p(p.target), _p(p.dest)))
    if kind is OrderKind.RETREAT:
        return Click(at, "retreat", (_p(p.dest),))
    return Click(at, p.spec.name)


def click_rows(lists, read: Callable[[str, str], ParsedOrder | None], click: Callable[[ParsedOrder], Click],
               field_of: Callable[[str], tuple[str, bool]], position: Position, names: Mapping[str, str]) -> list[dict]:
    """The options lists with what the board needs: for each row, the box its orders are written in
    (``field``; ``bare``: written there without the power) and, for each order, its clicks: as the listing gave
    them (a row's fourth item, ``options.Choice`` per order), else read back from the order's text."""
    rows = []
    for power, unit, orders, *given in lists:
        field, bare = field_of(power)
        known = given[0] if given and given[0] is not None else [None] * len(orders)
        choices = []
        for text, g in zip(orders, known, strict=True):
            if g is not None:
                c = Click(*g[:3])
            else:
                parsed = read(power, text)
                if parsed is None:
                    raise ValueError(f"{power}: {text!r} is listed as a legal order but cannot be read back")
                c = click(parsed)
            choice: dict[str, Any] = {"at": c.at, "mode": c.mode, "path": list(c.path)}
            if g is not None and len(g) > 3:
                choice[g[3]] = True  # "alias": not offered on the board's menu
            if c.any_order:
                choice["any_order"] = True
            if not unit:
                choice["subject"] = _subject(power, c, position, names)
            choices.append(choice)
        rows.append({"power": power, "unit": unit, "orders": [f"{power}: {o}" for o in orders], "field": field,
                     "bare": bare, "choices": choices})
    return rows


def _subject(power: str, c: Click, position: Position, names: Mapping[str, str]) -> str:
    """What a power's order (not a unit's) is about, as the board names it: a centre to build in, a unit."""
    if c.at is None:
        return f"{power} (no unit: waive a build)"
    unit = position.unit_in(c.at)
    if c.mode != "build" and unit is not None:
        return f"{power}: {unit.label()}"
    return f"{names.get(c.at, show(c.at))} ({power} builds)"


def modes_data(modes: Iterable[Mode]) -> list[dict]:
    return [{"id": m.id, "label": m.label, "hint": m.hint, "coasts": m.coasts} for m in modes]


# -- the orders as typed ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Typed:
    """One order as typed, with the adjudicator's check of it.  ``status``: "accepted" (it will be
    adjudicated), "illegal" (the checks refuse it: the unit holds) or "unreadable"."""

    field: str
    segment: Segment
    own: str  # the order written to stand on a line of its own in its box
    status: str
    reason: str
    order: Any | None  # the typed order, when accepted
    power: str
    at: str | None  # the province of the unit it orders (or of the build)

    def data(self) -> dict:
        s = self.segment
        return {"field": self.field, "line": s.line, "alone": s.alone, "own": self.own, "comment": s.comment,
                "text": s.text, "power": self.power, "at": self.at, "status": self.status, "reason": self.reason}


def check_typed(variant, position: Position, boxes: Sequence[tuple[str, Sequence[Segment], bool]]) -> list[Typed]:
    """The orders of every box, checked as the adjudicator checks them: the phase is adjudicated with them and
    each order's result is read for whether it was carried out (never for whether it succeeded)."""
    entries = [(field, seg, bare) for field, segs, bare in boxes for seg in segs]
    parsed = [seg.order._replace(line=k) for k, (_, seg, _) in enumerate(entries, 1) if seg.order is not None]
    outcomes = {o.line: o for o in adjudicate_parsed(position, parsed, variant).outcomes if o.line}
    out = []
    for k, (field, seg, bare) in enumerate(entries, 1):
        own = seg.text if bare else seg.standalone()
        p = seg.order
        if p is None:
            why = seg.error.message if seg.error is not None else "unreadable"
            out.append(Typed(field, seg, own, "unreadable", why, None, seg.power or "", None))
            continue
        o = outcomes.get(k)
        order = o.order if o is not None and o.status is not Status.ILLEGAL else None
        unit = getattr(order, "unit", None)
        at = unit.province if unit is not None else p.province
        there = position.unit_in(at) if at else None
        power = (o.power if o is not None else "") or p.power or (there.power if there is not None else "")
        if order is not None:
            out.append(Typed(field, seg, own, "accepted", "", order, power, at))
        else:
            why = o.reason if o is not None else "this order has no effect in this phase"
            out.append(Typed(field, seg, own, "illegal", why, None, power, at))
    return out


def typed_marks(typed: Iterable[Typed], variant_mark: Callable[..., list[Mark]] | None = None) -> list[Mark]:
    """The typed orders as drawn: an accepted one as typed, a refused one marked illegal where it can be drawn."""
    out: list[Mark] = []
    for t in typed:
        p = t.segment.order
        if t.order is not None:
            text = f"{t.power}: {describe(t.order)} (as typed, not yet adjudicated)"
            mark = mark_of(t.order, t.power, None, text, "typed")
            out += [mark] if mark is not None else (variant_mark(t.order, t.power, text) if variant_mark else [])
        elif p is not None and p.location is not None:
            out += parsed_marks(p, t.power, f"{t.power}: {t.segment.text} (illegal: {t.reason})")
    return out


def parsed_marks(p: ParsedOrder, power: str, text: str) -> list[Mark]:
    """A written order the checks refuse, drawn from what was written: arrows for moves, lines for supports."""
    name, at = p.spec.name, p.location or ""
    if p.target is not None and name in ("support", "convoy"):
        return [Mark(name, power, at, p.target, p.dest, None, text, state="illegal")]
    if p.parts:
        return [Mark("move", power, at, d, None, None, text, state="illegal") for _, d in p.parts
                if province_of(d) != province_of(at)]
    if p.dest is not None and province_of(p.dest) != province_of(at):
        return [Mark("retreat" if name == "retreat" else "move", power, at, p.dest, None, None, text, state="illegal")]
    if name == "build":
        kind = p.unit_type.value if p.unit_type is not None else "A"
        return [Mark("build", power, at, None, None, None, text, kind, state="illegal")]
    kind = "disband" if name in ("disband", "removal") else "hold"
    return [Mark(kind, power, at, None, None, None, text, state="illegal")]


def typed_summary(typed: Sequence[Typed]) -> str:
    if not typed:
        return "No orders typed yet."
    n = {s: sum(1 for t in typed if t.status == s) for s in ("accepted", "illegal", "unreadable")}
    parts = [f"{n['accepted']} accepted"] + [f"{n[s]} {s}" for s in ("illegal", "unreadable") if n[s]]
    return f"{len(typed)} order{'s' if len(typed) != 1 else ''} typed: " + ", ".join(parts) + "."


def typed_table(typed: Sequence[Typed]) -> Table:
    return Table("Your orders, as typed", ["Order", "Check", "Why"],
                 [[t.own, t.status, t.reason or "-"] for t in typed])
