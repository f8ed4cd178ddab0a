"""AQMF cross-check against an independent dice library, icepool (test-only, CPython only).

icepool builds each die from its faces and does its own exact arithmetic; nothing here
shares code with the engine.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

import calculators

icepool = pytest.importorskip("icepool")
d10 = icepool.d10


def roll_ok(need: int):
    """One quick-start roll as a 0/1 die (need 1 or less always, more than 10 never)."""
    return d10.map(lambda face: int(face >= need))


def kill_die(hit_need: int, dmg_need: int):
    """One shooting die: to hit, and only on a hit a damage die."""
    return d10.map(lambda face: roll_ok(dmg_need) if face >= hit_need else 0)


def run(calc, **params):
    out = calculators.run(calc, params)
    assert out["ok"], out
    return out["data"]


def as_dict(entries):
    return {e["outcome"]: Fraction(e["p"]) for e in entries}


def die_dict(die):
    return {k: Fraction(die.probability(k)) for k in die.outcomes() if die.probability(k)}


@pytest.mark.parametrize("params, dice, hit_need, dmg_need, elements", [
    ({"shooter": "boc-mg", "range": 10, "target": "boc-infantry"}, 9, 5, 4, 6),
    ({"shooter": "boc-infantry", "range": 15, "target": "mw-riders", "cover": "soft"}, 6, 8, 4, 3),
    ({"shooter": "mw-tanks", "range": 30, "target": "mw-mg", "dug_in": True}, 6, 5, 5, 3),
    ({"shooter": "custom-tripod", "elements": 3, "weapon": "heat-ray-focused", "range": 10, "target": "mw-infantry",
      "cover": "soft", "dug_in": True}, 3, 6, 3, 5),
    ({"shooter": "boc-tripod", "attack": "assault", "target": "boc-mg", "dug_in": True}, 1, 5, 3, 3),
])
def test_elements_destroyed_and_rout(params, dice, hit_need, dmg_need, elements):
    data = run("aqmf-attack", **params)
    kills = dice @ kill_die(hit_need, dmg_need)
    destroyed = kills.map(lambda k: min(k, elements))
    assert as_dict(data["destroyed"]) == die_dict(destroyed)
    # Morale: a test only if some but not all were lost; it fails on D10 - losses <= 4.
    rout = destroyed.map(lambda k: d10.map(lambda f: int(f - k <= 4)) if 0 < k < elements else 0)
    assert Fraction(data["morale"]["p_routs"]["p"]) == Fraction(rout.probability(1))


def _chart(k: int, armor: int):
    if k == 0:
        return "up"
    return (d10 + (k - 1)).map(
        lambda r: "down" if r >= 9 else d10.map(lambda loss: "down" if armor - loss <= 0 else "up") if r == 8 else "up")


@pytest.mark.parametrize("points, armor", [(1, 10), (2, 10), (3, 6), (5, 2), (10, 10)])
def test_damage_chart(points, armor):
    data = run("aqmf-tripod-damage", points=points, armor=armor)
    assert Fraction(data["p_destroyed"]["p"]) == Fraction(_chart(points, armor).probability("down"))


@pytest.mark.parametrize("weapon, elements, dice, hit_need, power", [
    ("machine-gun", 3, 9, 9, 0), ("tank-gun", 6, 6, 9, 1), ("rifle", 4, 4, 5, 0)])
def test_tripod_target_one_attack(weapon, elements, dice, hit_need, power):
    data = run("aqmf-attack", shooter="custom-human", weapon=weapon, elements=elements, range=10, target="boc-tripod",
               immobilized=hit_need == 5)
    points = dice @ kill_die(hit_need, 10 - power)
    assert Fraction(data["p_destroyed"]["p"]) == Fraction(points.map(lambda k: _chart(k, 10)).probability("down"))


@pytest.mark.parametrize("params, modifier", [({}, 0), ({"martian_tripods": 1}, 3), ({"human_vehicles": 2}, -4)])
def test_initiative(params, modifier):
    data = run("aqmf-initiative", **params)
    diff = d10 + modifier - d10
    assert Fraction(data["first_roll"]["tie"]["p"]) == Fraction(diff.probability(0))
    higher = sum((Fraction(diff.probability(k)) for k in diff.outcomes() if k > 0), Fraction(0))
    lower = sum((Fraction(diff.probability(k)) for k in diff.outcomes() if k < 0), Fraction(0))
    assert Fraction(data["p_human"]["p"]) == higher / (higher + lower)


def test_heat_ray_sweep():
    data = run("aqmf-heat-ray", range=10, others_open=2, others_dug_in=1)
    under = roll_ok(2) + roll_ok(2) + roll_ok(2) + roll_ok(4)  # end + 2 open (Armor 4 - 2), 1 dug in (6 - 2)
    sweep = d10.map(lambda face: under if face >= 5 else 0)
    assert as_dict(data["sweep"]) == die_dict(sweep)


def test_explosion_on_a_stand():
    data = run("aqmf-explosion", target="boc-infantry", target_elements=1)
    blast = (3 @ kill_die(5, 2)).map(lambda k: min(k, 1))
    assert as_dict(data["destroyed"]) == die_dict(blast)
