"""Conquest of Mars action points (COM 3.1-3.3, COM 5.1) and the die-choice advisor (COM 6.2, ruling COM R9)."""
from __future__ import annotations

from fractions import Fraction

import pytest

import calculators


@pytest.mark.parametrize("plan, p", [
    ({"small": 0, "medium": 0, "large": 1, "discover": 0, "defend": 1}, "1/2"),  # 3 + 1 = 4: rolls 4-6
    ({"small": 3, "medium": 0, "large": 0, "discover": 0, "defend": 0}, "2/3"),
    ({"small": 0, "medium": 3, "large": 0, "discover": 0, "defend": 0}, "1/6"),  # 6: only a 6
    ({"small": 0, "medium": 0, "large": 3, "discover": 0, "defend": 0}, "0/1"),  # 9 > 6
    ({"small": 0, "medium": 0, "large": 0, "discover": 0, "defend": 0}, "1/1"),
    ({"small": 1, "medium": 1, "large": 0, "discover": 1, "defend": 1}, "1/3"),  # 1 + 2 + 1 + 1 = 5
])
def test_plan_odds(plan, p):
    r = calculators.run("com-action-points", plan)
    assert r["data"]["afford"]["p"] == p


def test_costs_and_points_die():
    r = calculators.run("com-action-points", {})
    assert r["data"]["costs"] == {"discover": 1, "small": 1, "medium": 2, "large": 3, "defend": 1}
    assert [x["p"] for x in r["data"]["points"]] == ["1/6"] * 6
    # at least k one-point actions: the die must show k or more, (7 - k) of 6 faces
    assert [x["p"] for x in r["data"]["at_least_small"]] == ["1/1", "5/6", "2/3", "1/2", "1/3", "1/6"]


@pytest.mark.parametrize("params, field", [({"small": 4}, "small"), ({"defend": -1}, "defend"),
                                           ({"large": "x"}, "large")])
def test_points_bad_input(params, field):
    r = calculators.run("com-action-points", params)
    assert r["ok"] is False and r["error"]["field"] == field


def test_advisor_agrees_with_defend_for_each_choice():
    r = calculators.run("com-dice-advisor", {"you": "S=1 M=1 pool=d4,d6,d8", "seat": 2, "o1": "S=2 dice=d6,d6",
                                             "policy": "none"})
    assert r["ok"] and r["data"]["method"] == "exact"
    opts = r["data"]["options"]
    assert len(opts) == 3  # {d8,d6}, {d8,d4}, {d6,d4}
    for o in opts:
        dice = ",".join(f"d{f}" for f in o["commit"])
        d = calculators.run("com-defend", {"p1": "S=2 dice=d6,d6", "p2": f"S=1 M=1 dice={dice}", "policy": "none"})
        assert o["sole"]["p"] == d["data"]["players"][1]["sole"]["p"]
    sole = [Fraction(o["sole"]["p"]) for o in opts]
    assert sole == sorted(sole, reverse=True)
    assert opts[0]["commit"] == [8, 6] and opts[0]["keep"] == [4]


def test_advisor_short_pool_commits_everything():
    """Ruling COM R9: fewer dice than pyramids means the whole pool goes in."""
    r = calculators.run("com-dice-advisor", {"you": "S=3 pool=d6", "seat": 1, "o1": "S=1 dice=d6", "policy": "none"})
    assert len(r["data"]["options"]) == 1 and r["data"]["options"][0]["sole"]["p"] == "7/12"


@pytest.mark.parametrize("params, field", [
    ({"you": ""}, "you"),
    ({"you": "S=1 pool=d6", "seat": 3}, "seat"),
    ({"o1": ""}, "o1"),
    ({"you": "S=3 M=3 L=3 pool=" + ",".join(f"d{n}" for n in range(4, 17))}, "you"),
    ({"you": "S=3 M=3 L=3 pool=" + ",".join(f"d{n}" for n in range(4, 16))}, "you"),  # 220 choices > 40
])
def test_advisor_bad_input(params, field):
    r = calculators.run("com-dice-advisor", params)
    assert r["ok"] is False and r["error"]["field"] == field, r
