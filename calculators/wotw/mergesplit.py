"""The ``wotw-merge-split`` calculator: check a set of Martian orders before sending them."""
from __future__ import annotations

from ..core import InputError, Result, Table, calculator, text_param
from .board import lookup, show
from .martian import check, resolve
from .orders import parse_orders
from .units import designation, parse_units

RULES = ("WOTW 4.1", "WOTW 4.3", "WOTW 4.4", "WOTW 5.2", "WOTW 5.3", "WOTW 5.4", "WOTW 5.5", "WOTW 5.6",
         "WOTW 5.7", "WOTW 5.8", "WOTW 5.9", "WOTW 6.1", "WOTW R2", "WOTW R3", "WOTW R8", "WOTW R12")


def _blocked(text: str) -> frozenset[str]:
    items = [t.strip() for t in text.replace(";", ",").split(",") if t.strip()]
    if len(items) > 20:
        raise InputError("blocked", "At most 20 blocked provinces.")
    return frozenset(lookup(t, "blocked", "Blocked") for t in items)


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
    plan = check(units, orders)
    out = resolve(plan, blocked)

    rows = [[vd.text, "legal" if vd.legal else "illegal", vd.reason, ", ".join(vd.rules)] for vd in plan.verdicts]
    arrivals = []
    for dest, attacks in sorted(out.attack.items()):
        for who, strength in attacks:
            arrivals.append([show(dest), who, strength])
    moved = [m for m in plan.movers]
    results = [[m.text, f"{designation(m.size)} to {show(m.dest)}", "succeeds" if out.success[m] else "fails"]
               for m in moved]
    final = [f"{designation(s)} {show(p)}" for p, s in out.final.items()]
    before = sum(u.strength for u in units)
    after = sum(out.final.values())

    notes = []
    by_unit: dict[str, int] = {}
    for m in plan.movers:
        if m.group is None:
            by_unit[m.origin] = by_unit.get(m.origin, 0) + 1
    for origin, n in by_unit.items():
        if n >= 2:
            notes.append(f"{show(origin)} splits: any parts whose moves fail merge again in {show(origin)} "
                         f"(automatic merger, WOTW 5.7), and a Martian move into {show(origin)} then bounces (WOTW 5.8).")
    leaving = {m.origin for m in plan.movers}
    for m in plan.movers:
        if m.group is not None and m.dest in leaving and m.origin == min(x.origin for x in plan.movers
                                                                          if x.group == m.group):
            notes.append(f"The merge in {show(m.dest)} needs the Martian unit there to get out: if its move fails "
                         f"and the total would exceed 3, every merge order into {show(m.dest)} fails (WOTW 5.9).")
    if blocked:
        notes.append("Assumed blocked by other powers: " + ", ".join(show(b) for b in sorted(blocked)) + ".")
    else:
        notes.append("Outcome assuming no other power's unit gets in the way; name provinces under "
                     "'Moves assumed to fail' to see what happens when they do.")

    legal = plan.legal
    bad = sum(1 for vd in plan.verdicts if not vd.legal)
    summary = (("All orders are legal. " if legal else f"{bad} order{'s are' if bad > 1 else ' is'} illegal (the unit holds). ")
               + ("Result: " + ", ".join(final) + "." if final else "No Martian unit is left."))
    data = {
        "legal": legal,
        "orders": [{"order": vd.text, "legal": vd.legal, "reason": vd.reason, "rules": list(vd.rules)}
                   for vd in plan.verdicts],
        "arrivals": {show(d): [{"from": who, "strength": s} for who, s in a] for d, a in sorted(out.attack.items())},
        "moves": [{"order": m.text, "part": designation(m.size), "to": show(m.dest), "succeeds": out.success[m]}
                  for m in moved],
        "final": final,
        "strength_before": before,
        "strength_after": after,
        "blocked": [show(b) for b in sorted(blocked)],
    }
    tables = [Table("Orders", ["Order", "Legal", "Read as / why", "Rules"], rows)]
    if arrivals:
        tables.append(Table("Strength arriving", ["Destination", "From", "Strength (with support)"], arrivals))
    if results:
        tables.append(Table("Moves", ["Order", "Part", "Result"], results))
    tables.append(Table("Martian units after the moves", ["Unit"], [[f] for f in final]))
    return Result(summary=summary, data=data, tables=tables, notes=notes, rules=list(RULES))
