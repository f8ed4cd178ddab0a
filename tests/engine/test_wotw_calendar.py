"""The War of the Worlds calendar moves on past a Summer with nothing to decide (issue 23, ruling WOTW R17):
a game played season after season through the adjudicator's own "continue" parameters, as the board plays it.

Expected seasons and positions are worked by hand: A Por, dislodged from Spain with MAO held, has no place to
retreat to (DIP 12.3, 12.4); without the virus (WOTW 9.2) the Summer would hold nothing, so Fall follows Spring;
with the virus active and a Martian unit, the Summer's removals are the Martian's to order, so it is played."""
from __future__ import annotations

import calculators

POSITION = "France: A Por; Centres France: Par; England: A Spa, F MAO; Centres England: Lon"
ATTACK = "England: A Spa - Por\nEngland: F MAO S A Spa - Por"


def _spring(position: str, year: int = 1902) -> dict:
    return calculators.run("wotw-adjudicate", {"season": "spring", "year": year, "position": position,
                                               "orders": ATTACK, "martian_orders": "", "landings": ""})


def test_a_summer_with_nothing_to_decide_is_not_played_and_the_game_goes_on_to_fall():
    spring = _spring(POSITION)
    nxt = spring["next"]
    assert nxt["label"] == "Fall 1902 movement" and nxt["params"]["season"] == "fall"
    lines = nxt["params"]["position"].splitlines()
    assert lines[0] == "England: F Mao, A Por" and not any(x.startswith(("France:", "Dislodged")) for x in lines)
    assert "1 unit disbanded: nowhere to retreat" in spring["summary"] and "WOTW R17" in spring["rules"]
    assert any(n.startswith("No Summer 1902 is played") for n in spring["notes"]), spring["notes"]
    fall = calculators.run("wotw-adjudicate", dict(nxt["params"], orders="England: A Por - Spa"))
    assert fall["summary"].startswith("Fall 1902: 1 of 1 order succeeds"), fall["summary"]
    assert fall["next"]["label"] == "Winter 1902 adjustments"  # Winter is always played (ruling WOTW R17)


def test_with_removals_due_the_summer_is_played_and_disbands_the_stranded_unit_there():
    spring = _spring(POSITION + "; Martian: A Bel; Destroyed: Bel; Virus: active", 1904)
    nxt = spring["next"]
    assert nxt["label"] == "Summer 1904 retreats" and "Dislodged France: A Por from Spa" in nxt["params"]["position"]
    summer = calculators.run("wotw-adjudicate", nxt["params"])
    fates = summer["data"]["fates"]
    assert fates["France A Por"] == "is disbanded"  # no retreat possible (DIP 12.4)
    assert summer["data"]["martian"] == []  # A Bel's single point and no more: taken by default (WOTW 9.3)
    assert summer["next"]["label"] == "Fall 1904 movement"
