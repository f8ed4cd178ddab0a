"""What a phase's result comes to, in a player's words, for the comparison of readings (issues 19, 27).

``fates`` says what became of every unit in a phase (``"France A Bel": "moves to Hol"``); the presenter
puts it in the result's data.  ``figures`` is the adjudicator's ``@calculator(figures=...)``: the result's
figures under readable labels ("France's A Bel": "moves to Hol"; "France's A Belgium - Holland": "succeeds",
and why as a reason), which ``core.compare`` sets beside the site's: the note on a result under other
readings and the comparison view both read them, so they agree.
"""
from __future__ import annotations

from ..core.compare import Figure
from .map import province_of, show
from .turn import Turn
from .units import PhaseKind


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
    disbanded = {(u.power, u.location) for u in turn.removed}  # dislodged with nowhere to go (DIP 12.4)
    gone = {(u.power, u.location) for u in turn.eliminated}  # a variant's own rule took it off (WOTW 3.3)
    out = {}
    for u in turn.start.units:
        key = (u.power, u.location)
        dest = moved.get(key)
        if key in gone:
            fate = f"is eliminated in {show(province_of(dest) if dest else u.province)}"
        elif dest is not None:
            fate = f"moves to {show(province_of(dest))}"
        elif key in disbanded:
            fate = f"is dislodged from {show(u.province)} and disbanded"
        elif key in dislodged:
            fate = f"is dislodged from {show(u.province)}"
        else:
            fate = f"stays in {show(u.province)}"
        out[f"{u.power} {u.label()}"] = fate
    return out


def _whose(key: str) -> str:
    power, _, unit = key.partition(" ")
    return f"{power}'s {unit}"


# A unit in one result's adjustments and not in the other's was not removed, or not built, there.
ABSENT = {"is removed": "stays", "is built": "is not built"}


def _order_name(order: dict, taken: dict) -> str:
    """``"England's F London Supports F Wales - English Channel"``: an order as its power wrote it; the same
    order twice is told apart by its line."""
    power, text = order["power"], order["order"]
    text = text[len(power) + 2:] if text.startswith(power + ": ") else text
    name = f"{power}'s {text}"
    if name in taken:
        name += f" (line {order['line']})"
    return name


def figures(result: dict) -> dict[str, Figure]:
    """dip-adjudicate's figures for the comparison of readings (``core.compare``): what became of each unit,
    each written order's result and, as a reason, why (an entry the adjudicator made up, such as a removal in
    civil disorder, only why); the retreats open, the adjustments due, the centres, the winner."""
    data = result.get("data", {})
    out: dict[str, Figure] = {}
    for key, fate in data.get("fates", {}).items():
        out[_whose(key)] = Figure(fate, absent=ABSENT.get(fate, "-"))
    for o in data.get("orders", []):
        name = _order_name(o, out)
        if o["line"]:  # a generated entry (a unit without orders, a disband in civil disorder): its fate says it
            out[name] = Figure(_status(o))
        out[f"{name}: why"] = Figure(o["reason"], "reason")
    for d in data.get("dislodged", []):
        out[f"{d['power']}'s {d['unit']}: may retreat to"] = Figure(", ".join(d["retreats"]) or "nowhere")
    for power, n in data.get("adjustments", {}).items():
        out[f"{power}: builds (+) or disbands (-) due"] = Figure(f"{n:+d}", absent="none")
    for power, n in data.get("centres", {}).items():
        out[f"{power}: supply centres"] = Figure(n)
    if data.get("winner"):
        out["Winner"] = Figure(data["winner"], absent="nobody yet")
    return out


def _status(order: dict) -> str:
    """``succeeds``, ``fails and is dislodged``, ``is illegal``: an order's result as a verb."""
    result = order["result"] if order["result"] in ("succeeds", "fails") else f"is {order['result']}"
    return result + (" and is dislodged" if order["dislodged"] else "")
