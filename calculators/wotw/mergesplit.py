"""The ``wotw-merge-split`` calculator: check a set of Martian orders before sending them.

It is the adjudicator's own movement steps (``variant.MOVE_CORE``) on a board with no Earth units:
the same checks, the same resolution, the same placement of the units after the moves.  A province
"assumed blocked" is a barrier that every Martian move into it fails against, as if another power
stood it off.
"""
from __future__ import annotations

from ..core import InputError, Result, Table, calculator, text_param
from ..diplomacy.api import (Barrier, Hold, Move, Phase, PhaseKind, Position, Season, Support, Turn, defend_strength,
                             describe, run)
from .board import MARTIAN, lookup, show
from .merge import Merge
from .orders import parse_orders
from .state import MartianState
from .split import Split
from .units import designation, parse_units
from .variant import MOVE_CORE, WOTW

RULES = ("WOTW 4.1", "WOTW 4.3", "WOTW 4.4", "WOTW 5.2", "WOTW 5.3", "WOTW 5.4", "WOTW 5.5", "WOTW 5.6",
         "WOTW 5.7", "WOTW 5.8", "WOTW 5.9", "WOTW 6.1", "WOTW R2", "WOTW R3", "WOTW R8", "WOTW R12")
PHASE = Phase(1904, Season.SPRING, PhaseKind.MOVEMENT)


def _blocked(text: str) -> frozenset[str]:
    items = [t.strip() for t in text.replace(";", ",").split(",") if t.strip()]
    if len(items) > 20:
        raise InputError("blocked", "At most 20 blocked provinces.")
    return frozenset(lookup(t, "blocked", "Blocked") for t in items)


def resolve_martian(units, orders, blocked: frozenset[str] = frozenset()) -> Turn:
    """The Martian's moves with no Earth unit on the board; moves into ``blocked`` provinces fail."""
    position = Position(PHASE, tuple(units), {}, state=MartianState())
    barrier = Barrier(frozenset({MARTIAN}), "fails: another power is assumed to stop every Martian move there",
                      ("WOTW 5.6",))
    turn = Turn(WOTW, PHASE, position, tuple(orders), position, barriers={p: barrier for p in blocked})
    return run(turn, MOVE_CORE)


def reading(order) -> tuple[str, tuple[str, ...]]:
    """How a legal Martian order is read, in words, with its rules (WOTW 1.1: a unit that holds holds as in the
    standard game; WOTW 4.1, 5.2-5.5, 6.1 for the Martian's own orders)."""
    if isinstance(order, Split):
        here = order.unit.province
        bits = [f"{designation(s)} stays in {show(d)}" if d == here else f"{designation(s)} to {show(d)}"
                for s, d in order.parts]
        return "splits: " + ", ".join(bits) + ".", ("WOTW 5.2", "WOTW R3")
    if isinstance(order, Merge):
        if order.reading == "stay":
            return "no other unit merges here, so it holds.", ("WOTW 5.5",)
        if order.reading == "move":
            return (f"read as a move at strength {order.unit.strength} to {show(order.dest)}: {order.why}.",
                    ("WOTW 5.5",))
        if order.dest == order.unit.province:
            return f"stays in {show(order.dest)} for the merge there (total {order.total}).", ("WOTW 5.4",)
        return f"merges into {show(order.dest)} (combined strength {order.total}).", ("WOTW 5.3",)
    if isinstance(order, Move):
        return f"moves at strength {order.unit.strength} to {show(order.dest)}.", ("WOTW 4.1",)
    if isinstance(order, Support):
        what = f"the move {show(order.target)} - {show(order.dest)}" if order.dest else \
            f"the unit in {show(order.target)} holding"
        return f"supports {what} with its full strength of {order.unit.strength}.", ("WOTW 6.1",)
    if isinstance(order, Hold):
        return "holds.", ("WOTW 1.1",)
    return describe(order) + ".", ()


def _verdicts(turn: Turn) -> list[dict]:
    out = []
    for w in turn.checked.written:
        if w.order is None:
            out.append({"order": w.parsed.text, "legal": False, "reason": w.error + ". The unit holds.",
                        "rules": list(w.rules)})
            continue
        here = w.order.unit.province
        effective = next((o for o in turn.checked.effective if o.unit.province == here), w.order)
        reason, rules = reading(effective)
        out.append({"order": w.parsed.text, "legal": True, "reason": reason, "rules": list(rules)})
    return out


def _moves(turn: Turn) -> list[dict]:
    """Every part moving, in the order the orders were written."""
    facts = turn.resolved
    text = {w.order.unit.province: (w.parsed.line, w.parsed.text) for w in turn.checked.written
            if w.order is not None}
    rows = []
    for i in range(len(turn.checked.resolution.orders)):
        o = facts.order(i)
        if isinstance(o, Move):
            line, written = text.get(o.unit.province, (0, o.unit.label()))
            rows.append((line, i, {"order": written, "part": designation(o.unit.strength), "to": show(o.dest),
                                   "succeeds": facts.succeeded(i)}))
    return [r for _, _, r in sorted(rows, key=lambda r: r[:2])]


def _arrivals(turn: Turn) -> dict[str, list[dict]]:
    """The strength each move (a merge as one) brings to its destination, supports included."""
    facts, seen = turn.resolved, set()
    out: dict[str, list[dict]] = {}
    for i in range(len(turn.checked.resolution.orders)):
        o = facts.order(i)
        if not isinstance(o, Move) or facts.group_of(i) in seen:
            continue
        seen.add(facts.group_of(i))
        who = " + ".join(facts.source(j).unit.label() for j in facts.group_of(i) if isinstance(facts.order(j), Move))
        out.setdefault(show(o.dest), []).append({"from": who, "strength": defend_strength(facts, i)})
    return dict(sorted(out.items()))


def _notes(turn: Turn, blocked: frozenset[str]) -> list[str]:
    notes = []
    for o in turn.checked.effective:
        if isinstance(o, Split) and sum(1 for _, d in o.parts if d != o.unit.province) >= 2:
            p = show(o.unit.province)
            notes.append(f"{p} splits: any parts whose moves fail merge again in {p} (automatic merger, WOTW 5.7), "
                         f"and a Martian move into {p} then bounces (WOTW 5.8).")
    leaving = {o.unit.province for o in turn.checked.effective if isinstance(o, (Move, Split))}
    for dest in sorted({o.dest for o in turn.checked.effective if isinstance(o, Merge) and o.reading == "merge"}):
        if dest in leaving:
            notes.append(f"The merge in {show(dest)} needs the Martian unit there to get out: if its move fails and "
                         f"the total would exceed 3, every merge order into {show(dest)} fails (WOTW 5.9).")
    if blocked:
        notes.append("Assumed blocked by other powers: " + ", ".join(show(b) for b in sorted(blocked)) + ".")
    else:
        notes.append("Outcome assuming no other power's unit gets in the way; name provinces under "
                     "'Moves assumed to fail' to see what happens when they do.")
    return notes


@calculator(
    id="wotw-merge-split",
    title="Merge and split checker",
    game="wotw",
    rules=RULES,
    page="wotw/merge-split.md",
    description="Are these Martian orders legal, what strength arrives where, and which units form?",
    params=[
        text_param("units", "Martian units", "3A Con", max_length=400,
                   help="The Martian units now, e.g. 3A Con, 2A Bul, A Vie."),
        text_param("orders", "Martian orders", "3A Con - 2A Bul - BLA", max_length=2000, multiline=True,
                   help="One order a line (or separated by commas): 3A Con - 2A Bul - BLA, 2A Par merge Bur, "
                        "3A Mun S A Ber - Kie, A Mar H."),
        text_param("blocked", "Moves assumed to fail", "", max_length=200,
                   help="Provinces where another power stops every Martian move (e.g. Ser, Tri), to see the "
                        "automatic merger and the strength cap at work. Empty: no other power interferes."),
    ],
)
def merge_split(v: dict) -> Result:
    units = parse_units(v["units"])
    if not units:
        raise InputError("units", "Give at least one Martian unit, e.g. 3A Con.")
    orders = parse_orders(v["orders"])
    blocked = _blocked(v["blocked"])
    turn = resolve_martian(units, orders, blocked)
    verdicts, moves = _verdicts(turn), _moves(turn)
    final = [u.label() for u in turn.position.units]
    bad = sum(1 for vd in verdicts if not vd["legal"])
    summary = (("All orders are legal. " if not bad else f"{bad} order{'s are' if bad > 1 else ' is'} illegal "
                "(the unit holds). ") + ("Result: " + ", ".join(final) + "." if final else "No Martian unit is left."))
    arrivals = _arrivals(turn)
    data = {"legal": not bad, "orders": verdicts, "arrivals": arrivals, "moves": moves, "final": final,
            "strength_before": sum(u.strength for u in units),
            "strength_after": sum(u.strength for u in turn.position.units),
            "blocked": [show(b) for b in sorted(blocked)]}
    tables = [Table("Orders", ["Order", "Legal", "Read as / why", "Rules"],
                    [[vd["order"], "legal" if vd["legal"] else "illegal", vd["reason"], ", ".join(vd["rules"])]
                     for vd in verdicts])]
    rows = [[d, a["from"], a["strength"]] for d, items in arrivals.items() for a in items]
    if rows:
        tables.append(Table("Strength arriving", ["Destination", "From", "Strength (with support)"], rows))
    if moves:
        tables.append(Table("Moves", ["Order", "Part", "Result"],
                            [[m["order"], f"{m['part']} to {m['to']}", "succeeds" if m["succeeds"] else "fails"]
                             for m in moves]))
    tables.append(Table("Martian units after the moves", ["Unit"], [[f] for f in final]))
    return Result(summary=summary, data=data, tables=tables, notes=_notes(turn, blocked), rules=list(RULES))

