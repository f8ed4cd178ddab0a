"""How a phase comes out under the site's readings, against the readings chosen (issue 19), in a player's words.

``fates`` says what became of every unit in a phase (``"France A Bel": "moves to Hol"``); the presenter
puts it in the result's data.  ``differ`` is the adjudicator's ``@calculator(differ=...)``: given the
result under the readings chosen and the result under the site's, it lists what the site's readings
change: "France's A Bel stays in Bel (here it moves to Hol)", and each order whose result differs.
"""
from __future__ import annotations

from .map import province_of, show
from .turn import Turn
from .units import PhaseKind

SHOWN = 8  # differences listed in a note at most (the comparison view shows them all)


def fates(turn: Turn) -> dict[str, str]:
    """What became of each unit of the phase, keyed ``"<power> <unit>"`` (DIP 2.3-2.5)."""
    kind = turn.phase.kind
    if kind is PhaseKind.ADJUSTMENTS:
        out = {f"{u.power} {u.label()}": "is removed" for u in turn.removed}
        out.update({f"{u.power} {u.label()}": "is built" for u in turn.built})
        return out
    moved = {(power, origin): dest for power, origin, dest, ok in turn.moves if ok}
    if kind is PhaseKind.RETREATS:
        out = {}
        for d in turn.start.dislodged:
            dest = moved.get((d.unit.power, d.unit.location))
            out[f"{d.unit.power} {d.unit.label()}"] = f"retreats to {show(dest)}" if dest else "is disbanded"
        return out
    dislodged = {(d.unit.power, d.unit.location) for d in turn.position.dislodged}
    out = {}
    for u in turn.start.units:
        key = (u.power, u.location)
        dest = moved.get(key)
        if dest is not None:
            fate = f"moves to {show(province_of(dest))}"
        elif key in dislodged:
            fate = f"is dislodged from {show(u.province)}"
        else:
            fate = f"stays in {show(u.province)}"
        out[f"{u.power} {u.label()}"] = fate
    return out


def _whose(key: str) -> str:
    power, _, unit = key.partition(" ")
    return f"{power}'s {unit}"


def differ(result, default) -> list[str]:
    """DIP adjudicator: what the site's readings (``default``) change against the readings chosen (``result``)."""
    mine, site = result.data, default.data
    lines = []
    here, there = mine.get("fates", {}), site.get("fates", {})
    for key in there:
        if key in here and here[key] != there[key]:
            lines.append(f"{_whose(key)} {there[key]} (here it {here[key]})")
    for key in sorted(set(there) - set(here)):
        lines.append(f"{_whose(key)} {there[key]} (here it does not)")
    for key in sorted(set(here) - set(there)):
        lines.append(f"{_whose(key)} does not {here[key].split(' ', 1)[0].removesuffix('s')} "
                     f"{here[key].split(' ', 1)[1]} (here it does)" if " " in here[key] else f"{_whose(key)} differs")
    orders = {(o["line"], o["order"]): o for o in mine.get("orders", [])}
    for o in site.get("orders", []):
        m = orders.get((o["line"], o["order"]))
        if m is not None and (m["result"], m["dislodged"]) != (o["result"], o["dislodged"]):
            lines.append(f"{o['order']} {_status(o)}: {o['reason']} (here it {_status(m)})")
    retreats = {d["unit"]: d["retreats"] for d in mine.get("dislodged", [])}
    for d in site.get("dislodged", []):
        if d["unit"] in retreats and retreats[d["unit"]] != d["retreats"]:
            lines.append(f"{d['unit']} may retreat to {', '.join(d['retreats']) or 'nowhere'} "
                         f"(here to {', '.join(retreats[d['unit']]) or 'nowhere'})")
    if len(lines) > SHOWN:
        lines = lines[:SHOWN] + [f"and {len(lines) - SHOWN} more differences (the comparison view lists them all)"]
    return lines


def _status(order: dict) -> str:
    """``succeeds``, ``fails and is dislodged``, ``is illegal``: an order's result as a verb."""
    result = order["result"] if order["result"] in ("succeeds", "fails") else f"is {order['result']}"
    return result + (" and is dislodged" if order["dislodged"] else "")
