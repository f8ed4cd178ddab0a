"""What a War of the Worlds season's result comes to, in a player's words, for the comparison of readings
(issues 19, 27).

``figures`` is the adjudicator's ``@calculator(figures=...)``: each order's result (and why, as a reason),
the units left, the landing's victims, the centres destroyed and their owners, the virus and the end of the
game, under labels a player reads ("Martian's 2A Bur - Mun", "The centres destroyed"). ``core.compare`` sets
them beside the site's: the note on a season under other readings and the comparison view both read them.
"""
from __future__ import annotations

from ..core.compare import Figure
from ..core.words import counted

# (data key, label): the season's facts that are lists, each shown as one figure.
LISTS = (("martian", "The Martian units after the season"),
         ("eliminated_by_landing", "The cylinder eliminates"),
         ("martian_losses", "The Martian losses"),
         ("dislodged", "The units to retreat"),
         ("destroyed", "The centres destroyed"),
         ("removals", "The virus removes"))


def _is(status: str) -> str:
    """``succeeds``, ``fails``, ``is illegal``, ``is void``: an order's result as a verb."""
    return status if status in ("succeeds", "fails") else f"is {status}"


def _listed(items) -> str:
    return ", ".join(items) or "none"


def _check(check: dict | None) -> str:
    """A virus check in words (WOTW 9.1): made or not, and what it found."""
    if check is None:
        return "not made"
    return (f"made: {counted(int(check.get('destroyed') or 0), 'centre')} destroyed, "
            f"the largest Earth power holds {check.get('largest')}; "
            f"the thresholds are {'met' if check.get('thresholds_met') else 'not met'}")


def figures(result: dict) -> dict[str, Figure]:
    """wotw-adjudicate's figures for the comparison of readings (``core.compare``)."""
    data = result.get("data", {})
    out: dict[str, Figure] = {}
    for o in data.get("orders", []):
        power, text = o["power"], o["order"]
        text = text[len(power) + 2:] if text.startswith(power + ": ") else text
        name, k = f"{power}'s {text}", 2
        while name in out:
            name, k = f"{power}'s {text} ({k})", k + 1
        out[name] = Figure(_is(o["result"]))
        out[f"{name}: why"] = Figure(o["reason"], "reason")
    for power, units in data.get("earth", {}).items():
        out[f"{power}'s units after the season"] = Figure(_listed(units), absent="none")
    for key, label in LISTS:
        if key in data and data[key] is not None:
            out[label] = Figure(_listed(data[key]))
    for table in result.get("tables", []):  # where each dislodged unit may go (the data lists only the units)
        if table.get("title") == "Retreats due":
            for power, unit, _, places in table.get("rows", []):
                out[f"{power}'s {unit}: may retreat to"] = Figure(places)
    for centre, owner in data.get("owners", {}).items():
        out[f"{centre}: owned by"] = Figure(owner, absent="nobody")
    for power, a in (data.get("adjustments") or {}).items():
        out[f"{power}: builds (+) or disbands (-) due"] = Figure(f"{a['due']:+d}", absent="none")
    if "after_retreats" in data:
        out["The centres' owners, the virus check and the end of the game"] = Figure(
            "wait for the Fall retreats" if data["after_retreats"] else "come at the end of the season")
    out["The virus"] = Figure("active" if data.get("virus_active") else "not active")
    out["This season's virus check"] = Figure(_check(data.get("virus")))
    if "fall_virus" in data:
        out["The Fall virus check, after its retreats"] = Figure(_check(data.get("fall_virus")))
    out["Winner"] = Figure(data.get("end", {}).get("winner") or "nobody yet")
    return out
