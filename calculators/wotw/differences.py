"""How a War of the Worlds season comes out under the site's readings, against the readings chosen (issue 19).

``differ`` is the adjudicator's ``@calculator(differ=...)``: given the result under the readings chosen and
the result under the site's, it says in the game's words what the site's readings change: the orders whose
result differs, the Martian units left, the landing's victims, the centres destroyed, the virus.
"""
from __future__ import annotations

SHOWN = 8  # differences listed in a note at most (the comparison view shows them all)


def _is(status: str) -> str:
    """``succeeds``, ``fails``, ``is illegal``, ``is void``: an order's result as a verb."""
    return status if status in ("succeeds", "fails") else f"is {status}"


def _listed(items) -> str:
    return ", ".join(items) or "none"


def differ(result, default) -> list[str]:
    """WOTW adjudicator: what the site's readings (``default``) change against the readings chosen (``result``)."""
    mine, site = result.data, default.data
    lines = []
    orders = {(o["power"], o["order"]): o for o in mine.get("orders", [])}
    for o in site.get("orders", []):
        m = orders.get((o["power"], o["order"]))
        if m is not None and m["result"] != o["result"]:
            lines.append(f"{o['order']} {_is(o['result'])}: {o['reason']} (here it {_is(m['result'])})")
    facts = (("martian", "the Martian units after the season are {}"),
             ("eliminated_by_landing", "the cylinder eliminates {}"),
             ("martian_losses", "the Martian losses: {}"),
             ("dislodged", "the units to retreat are {}"),
             ("destroyed", "the centres destroyed are {}"),
             ("removals", "the virus removes {}"))
    for key, words in facts:
        if key in site and key in mine and site[key] != mine[key]:
            lines.append(f"{words.format(_listed(site[key]))} (here {_listed(mine[key])})")
    if site.get("after_retreats") and not mine.get("after_retreats"):
        lines.append("the centres' owners, the virus check and the end of the game wait for the Fall retreats")
    if site.get("virus_active") != mine.get("virus_active"):
        lines.append("the virus is active" if site.get("virus_active") else "the virus is not active")
    for key, when in (("virus", "this season's"), ("fall_virus", "the Fall")):
        a, b = site.get(key), mine.get(key)
        if (a is None) != (b is None) and not (key == "virus" and site.get("after_retreats")):
            lines.append(f"{when} virus check is {'made' if a is not None else 'not made'}")
    winner = site.get("end", {}).get("winner")
    if winner != mine.get("end", {}).get("winner"):
        lines.append(f"{winner} wins" if winner else "nobody wins this season")
    if len(lines) > SHOWN:
        lines = lines[:SHOWN] + [f"and {len(lines) - SHOWN} more differences (the comparison view lists them all)"]
    return lines
