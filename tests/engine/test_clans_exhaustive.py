"""Every combination of the order and build checks' choices gives a verdict or a field error, never an
internal error; and the verdicts keep the rules' invariants, checked independently of the code paths."""
from __future__ import annotations

from itertools import product

import calculators

NO_GO = {"solway-firth", "wigton-bay", "luce-bay", "galloway-strait", "firth-of-clyde", "bute-sound",
         "wemyss-bay", "sound-of-jura", "firth-of-lorne", "loch-linnhe"}


def _choices(calc_id: str, name: str) -> list[str]:
    entry = next(c for c in calculators.catalog() if c["id"] == calc_id)
    return [c["value"] for c in next(p for p in entry["params"] if p["name"] == name)["choices"]]


def test_every_order_combination():
    units, locations = _choices("clans-orders", "unit"), _choices("clans-orders", "location")
    orders, targets = _choices("clans-orders", "order"), _choices("clans-orders", "target")
    seen = 0
    for power, unit, loc, order, target in product(("england", "campbell"), units, locations, orders, targets):
        r = calculators.run("clans-orders", {"power": power, "unit": unit, "location": loc, "order": order,
                                             "target": target})
        if not r["ok"]:
            assert r["error"]["field"] == "target", r
            continue
        seen += 1
        v = r["data"]["verdict"]
        assert v in ("legal", "illegal", "fails")
        # CLAN 3.7: no English fleet or A/F is ever in, or goes into, one of the ten waters.
        if unit in ("fleet", "af") and (loc in NO_GO or (target in NO_GO and order in ("move", "retreat", "support"))):
            assert v == "illegal", (unit, loc, order, target)
        # CLAN 2.1, 3.2: clans have no fleets or A/Fs.
        if power == "campbell" and unit in ("fleet", "af"):
            assert v == "illegal"
        # CLAN 3.4 and 4.3.
        if unit == "af" and loc in ("inland", "coastal"):
            assert v == "illegal"
        if unit == "army-bb" and loc == "inland":
            assert v == "illegal"
        # CLAN 3.5: an A/F never moves into or supports into land.
        if unit == "af" and order in ("move", "support") and target in ("inland", "coastal"):
            assert v == "illegal"
        # CLAN 3.6 and 7.5.
        if unit in ("army", "army-bb") and order == "retreat" and target == "fleet":
            assert v == "illegal"
        if target == "ireland" and order in ("move", "retreat", "support"):
            assert v == "illegal"
        # CLAN 4.10: England never builds a BB.
        if power == "england" and order == "build-bb":
            assert v == "illegal"
        assert r["rules"] and "CLAN 0.1" in r["rules"]
    assert seen > 5000


def test_every_build_combination():
    units, sites = _choices("clans-builds", "unit"), _choices("clans-builds", "site")
    for power, unit, site, owned, empty, home, nominated, total, season in product(
            ("england", "mcdonald"), units, sites, (True, False), (True, False), (0, 1, 2, 5), (True, False),
            range(4), ("winter", "summer")):
        r = calculators.run("clans-builds", {"power": power, "unit": unit, "site": site, "site_owned": owned,
                                             "empty": empty, "home_owned": home, "nominated": nominated,
                                             "nominated_total": total, "season": season})
        if not r["ok"]:
            assert r["error"]["field"] in ("home_owned", "nominated_total"), r
            continue
        legal = r["data"]["legal"]
        if not empty:
            assert not legal  # no build into an occupied space
        if power == "mcdonald" and unit != "army":
            assert not legal  # CLAN 2.1
        if unit == "af":
            assert legal == (power == "england" and season == "summer" and site in ("blyth-bay", "south-channel")
                             and empty)  # CLAN 1.3, 2.4
        if season == "summer" and unit != "af":
            assert not legal  # ruling CLAN R4
        if power == "mcdonald" and site not in ("home",) and home >= 2:
            assert not legal  # CLAN 2.2: temporary centres only below two home centres
        if power == "mcdonald" and site not in ("home",) and legal:
            assert nominated and 1 <= total <= 2 and owned and home < 2
