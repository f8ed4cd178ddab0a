"""AQMF: brute-force oracles for the fast paths.

Each oracle rolls every die face by face (10 faces, and a second die where lucky strike calls
for one), exactly as a player would, and adds up the weights. Nothing here uses the engine's
binomials, chains or shortcuts; results are compared with calculators.run().
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import pytest

import calculators

TENTH = Fraction(1, 10)


def faces(need: int, lucky: bool, tough: bool) -> list[tuple[bool, Fraction]]:
    """Every way one to-hit or damage roll can come out, face by face, with its weight."""
    out = []
    for face in range(1, 11):
        if tough and face == 1:
            out.append((False, TENTH))
        elif need > 10:
            if lucky and face == 10:
                for second in range(1, 11):
                    out.append((second == 10, TENTH * TENTH))
            else:
                out.append((False, TENTH))
        else:
            out.append((face >= need, TENTH))
    return out


def brute_kills(dice: int, hit_need: int, dmg_need: int, lucky=False, tough=False) -> dict[int, Fraction]:
    """Roll all to-hit dice, then one damage die per hit, every face enumerated."""
    out: dict[int, Fraction] = {}
    hit_faces = faces(hit_need, lucky, tough)
    dmg_faces = faces(dmg_need, lucky, tough)
    for roll in itertools.product(hit_faces, repeat=dice):
        w = Fraction(1)
        for _, p in roll:
            w *= p
        hits = sum(1 for ok, _ in roll if ok)
        for dmg in itertools.product(dmg_faces, repeat=hits):
            w2 = w
            for _, p in dmg:
                w2 *= p
            k = sum(1 for ok, _ in dmg if ok)
            out[k] = out.get(k, 0) + w2
    return out


def chart_by_faces(armor: int, points: int, bonus: int = 0) -> dict:
    """The damage chart, face by face: next state (Armor left, 'destroyed' or 'exploded')."""
    out: dict = {}
    for face in range(1, 11):
        roll = face + points - 1 + bonus
        if roll >= 10:
            out["exploded"] = out.get("exploded", 0) + TENTH
        elif roll == 9:
            out["destroyed"] = out.get("destroyed", 0) + TENTH
        elif roll == 8:
            for loss in range(1, 11):
                key = "destroyed" if armor - loss <= 0 else armor - loss
                out[key] = out.get(key, 0) + TENTH * TENTH
        else:
            key = max(armor - 1, 0)
            out[key] = out.get(key, 0) + TENTH
    return out


def dist(entries) -> dict:
    return {e["outcome"]: Fraction(e["p"]) for e in entries}


def run(calc, **params):
    out = calculators.run(calc, params)
    assert out["ok"], out
    return out["data"]


# (shooter params, dice, power, target params, Defense after modifiers, Armor after modifiers, elements)
ATTACKS = [
    ({"shooter": "boc-infantry", "elements": 2, "range": 10}, 2, 0, {"target": "boc-mg", "target_elements": 3},
     5, 4, 3),
    ({"shooter": "boc-infantry", "elements": 2, "range": 10}, 2, 0, {"target": "boc-mg", "target_elements": 1},
     5, 4, 1),
    ({"shooter": "boc-riders", "elements": 2, "range": 15}, 2, 0,
     {"target": "mw-infantry", "target_elements": 2, "cover": "soft", "dug_in": True}, 6, 6, 2),
    ({"shooter": "boc-mg", "elements": 1, "range": 20}, 3, 0, {"target": "boc-riders", "target_elements": 2}, 7, 4, 2),
    ({"shooter": "mw-tanks", "elements": 2, "range": 30}, 2, 1,
     {"target": "custom-other", "defense": 8, "armor": 12, "target_elements": 2}, 8, 12, 2),
    ({"shooter": "custom-tripod", "elements": 2, "weapon": "heat-ray-focused", "range": 4}, 2, 3,
     {"target": "boc-infantry", "target_elements": 2, "dug_in": True}, 5, 4, 2),
    ({"shooter": "custom-tripod", "elements": 2, "weapon": "heat-ray-focused", "range": 8}, 2, 3,
     {"target": "boc-infantry", "target_elements": 2, "dug_in": True, "cover": "soft"}, 6, 6, 2),
    ({"shooter": "custom-human", "elements": 2, "weapon": "rifle", "range": 10}, 2, 0,
     {"target": "custom-other", "defense": 3, "armor": 4, "immobilized": True, "target_elements": 2}, -1, 4, 2),
    ({"shooter": "custom-human", "elements": 2, "weapon": "rifle", "range": 10}, 2, 0,
     {"target": "custom-human", "defense": 11, "armor": 3, "target_elements": 2}, 11, 3, 2),
]


@pytest.mark.parametrize("lucky, tough", [(False, False), (True, False), (False, True), (True, True)])
@pytest.mark.parametrize("shooter, dice, power, target, hit_need, armor, elements", ATTACKS)
def test_attack_matches_face_by_face_enumeration(shooter, dice, power, target, hit_need, armor, elements, lucky, tough):
    data = run("aqmf-attack", **shooter, **target, lucky_strike=lucky, tough_luck=tough)
    kills = brute_kills(dice, hit_need, armor - power, lucky, tough)
    destroyed: dict[int, Fraction] = {}
    for k, w in kills.items():
        destroyed[min(k, elements)] = destroyed.get(min(k, elements), 0) + w
    assert dist(data["damage"]) == {k: w for k, w in kills.items() if w}
    assert dist(data["destroyed"]) == {k: w for k, w in destroyed.items() if w}
    if target["target"] in ("boc-mg", "boc-riders", "mw-infantry", "custom-human"):
        rout = sum((w * sum((p for ok, p in faces(5 + k, False, False) if not ok), Fraction(0))
                    for k, w in destroyed.items() if 0 < k < elements), Fraction(0))
        assert Fraction(data["morale"]["p_routs"]["p"]) == rout


@pytest.mark.parametrize("dice, target, defense", [(1, {}, 9), (3, {}, 9), (2, {"immobilized": True}, 5)])
def test_attack_on_a_tripod_matches_enumeration(dice, target, defense):
    data = run("aqmf-attack", shooter="custom-human", weapon="machine-gun" if dice == 3 else "rifle",
               elements=1 if dice in (1, 3) else 2, range=10, target="boc-tripod", **target)
    kills = brute_kills(dice, defense, 10)
    states: dict = {}
    for k, w in kills.items():
        nxt = {10: Fraction(1)} if k == 0 else chart_by_faces(10, k)
        for s, p in nxt.items():
            states[s] = states.get(s, 0) + w * p
    down = states.get("destroyed", 0) + states.get("exploded", 0)
    assert Fraction(data["p_destroyed"]["p"]) == down
    assert Fraction(data["p_exploded"]["p"]) == states.get("exploded", 0)


def brute_sweep(hit_need, dmg_needs):
    out: dict[int, Fraction] = {}
    for hit_ok, w in faces(hit_need, False, False):
        if not hit_ok:
            out[0] = out.get(0, 0) + w
            continue
        for roll in itertools.product(*[faces(n, False, False) for n in dmg_needs]):
            w2 = w
            for _, p in roll:
                w2 *= p
            k = sum(1 for ok, _ in roll if ok)
            out[k] = out.get(k, 0) + w2
    return out


@pytest.mark.parametrize("params, hit_need, dmg_needs", [
    ({"range": 10, "others_open": 2}, 5, [2, 2, 2]),
    ({"range": 10, "others_open": 1, "others_dug_in": 2, "end_cover": "soft", "end_dug_in": True}, 6, [4, 2, 4, 4]),
    ({"range": 6, "others_open": 0, "others_dug_in_close": 2, "end_dug_in": True}, 5, [2, 2, 2]),
    ({"range": 6, "others_open": 1, "others_dug_in": 1, "others_dug_in_close": 1, "end_dug_in": True}, 5,
     [2, 2, 4, 2]),
    ({"range": 12, "target": "boc-riders", "others_open": 2, "end_cover": "hard"}, 10, [2, 2, 2]),
])
def test_heat_ray_sweep_matches_enumeration(params, hit_need, dmg_needs):
    data = run("aqmf-heat-ray", **params)
    want = {k: w for k, w in brute_sweep(hit_need, dmg_needs).items() if w}
    assert dist(data["sweep"]) == want
    focus = {k: w for k, w in brute_sweep(hit_need, [dmg_needs[0] - 1]).items() if w}
    assert dist(data["focused"]) == focus


def brute_volleys(dice: int, hit_need: int, power: int, armor: int, volleys: int) -> list[Fraction]:
    """Volley by volley; within a volley every to-hit, damage, chart and Armor-loss die face by face."""
    state: dict = {armor: Fraction(1)}
    down_by = []
    for _ in range(volleys):
        nxt: dict = {}
        for s, w in state.items():
            if s in ("destroyed", "exploded"):
                nxt[s] = nxt.get(s, 0) + w
                continue
            for k, pk in brute_kills(dice, hit_need, s - power).items():
                for s2, p in ({s: Fraction(1)} if k == 0 else chart_by_faces(s, k)).items():
                    nxt[s2] = nxt.get(s2, 0) + w * pk * p
        state = nxt
        down_by.append(state.get("destroyed", 0) + state.get("exploded", 0))
    return down_by


@pytest.mark.oracle  # inside Pyodide its first case only (tests/engine/conftest.py)
@pytest.mark.parametrize("params, dice, hit_need, power, armor, volleys", [
    ({"shooter": "custom-human", "weapon": "rifle", "elements": 1}, 1, 9, 0, 10, 3),
    ({"shooter": "custom-human", "weapon": "tank-gun", "elements": 2, "range": 20}, 2, 9, 1, 10, 2),
    ({"shooter": "custom-human", "weapon": "rifle", "elements": 2, "immobilized": True}, 2, 5, 0, 4, 3),
    ({"shooter": "custom-human", "weapon": "machine-gun", "elements": 1}, 3, 9, 0, 10, 2),
])
def test_volley_chain_matches_enumeration(params, dice, hit_need, power, armor, volleys):
    data = run("aqmf-tripod-volleys", **params, armor=armor, volleys=volleys)
    got = [Fraction(x["p"]) for x in data["destroyed_within"]]
    assert got == brute_volleys(dice, hit_need, power, armor, volleys)


@pytest.mark.parametrize("points, armor", [(1, 10), (2, 7), (4, 2), (11, 10), (1, 1)])
def test_damage_chart_matches_faces(points, armor):
    data = run("aqmf-tripod-damage", points=points, armor=armor)
    states = chart_by_faces(armor, points)
    assert Fraction(data["p_destroyed"]["p"]) == states.get("destroyed", 0) + states.get("exploded", 0)
    for entry in data["armor_after"]:
        if entry["outcome"].startswith("Armor ") and not entry["outcome"].startswith("Armor 0 or less"):
            assert Fraction(entry["p"]) == states[int(entry["outcome"].split()[1])]


def brute_tow(cables: int, speed: int, armor: int, phases: int) -> tuple[Fraction, Fraction]:
    @cache
    def go(left, arm, wait, phases_left):
        """(P freed, P destroyed) from here, rolling each phase's D10 face by face."""
        if phases_left == 0:
            return Fraction(0), Fraction(0)
        if wait:
            return go(left, arm, wait - 1, phases_left - 1)
        freed = down = Fraction(0)
        for face in range(1, 11):
            if face <= speed and face != 10:
                if left == 1:
                    freed += TENTH
                else:
                    f, d = go(left - 1, arm, 0, phases_left - 1)
                    freed += TENTH * f
                    down += TENTH * d
            else:
                for s, p in chart_by_faces(arm, 1, 3).items():
                    if s in ("destroyed", "exploded"):
                        down += TENTH * p
                    else:
                        f, d = go(left, s, 2, phases_left - 1)
                        freed += TENTH * p * f
                        down += TENTH * p * d
        return freed, down
    return go(cables, armor, 0, phases)


@pytest.mark.parametrize("cables, speed, armor, phases", [(1, 8, 10, 6), (2, 8, 10, 8), (3, 5, 4, 9), (2, 10, 10, 5)])
def test_tow_cable_matches_enumeration(cables, speed, armor, phases):
    data = run("aqmf-tow-cable", cables=cables, speed=speed, armor=armor, phases=phases)
    freed, down = brute_tow(cables, speed, armor, phases)
    assert Fraction(data["p_freed"]["p"]) == freed
    assert Fraction(data["p_destroyed"]["p"]) == down


@pytest.mark.parametrize("params, modifier", [({}, 0), ({"martian_tripods": 1}, 3), ({"human_infantry": 2}, -2),
                                              ({"martian_zombies": 4, "human_ironclads": 1}, 1)])
def test_initiative_rerolls_converge_to_the_formula(params, modifier):
    """Roll off round after round (ties again), face by face; the answer is squeezed in between."""
    data = run("aqmf-initiative", **params)
    p_human = Fraction(data["p_human"]["p"])
    won, tie_mass = Fraction(0), Fraction(1)
    for _ in range(30):
        round_win = round_tie = Fraction(0)
        for h, m in itertools.product(range(1, 11), repeat=2):
            if h + modifier > m:
                round_win += Fraction(1, 100)
            elif h + modifier == m:
                round_tie += Fraction(1, 100)
        won += tie_mass * round_win
        tie_mass *= round_tie
    assert won <= p_human <= won + tie_mass
    assert tie_mass < Fraction(1, 10**25)


def test_reinforcements_match_turn_by_turn_enumeration():
    data = run("aqmf-reinforcements", turns=6, units=1)
    waiting = Fraction(1)
    arrive = {}
    for turn in range(2, 7):
        for face in range(1, 11):
            if face >= 6:
                arrive[turn] = arrive.get(turn, 0) + waiting * TENTH
        waiting *= sum((TENTH for face in range(1, 11) if face <= 5), Fraction(0))
    got = dist(data["arrival"])
    assert got["never"] == waiting
    assert all(got[t] == arrive[t] for t in arrive)


def brute_sequential_sweeps(shots: int, hit_need: int, dmg_need: int, elements: int) -> dict[int, Fraction]:
    """Sweep after sweep, face by face: a hit roll on the end element, then a damage roll for each survivor."""
    state = {elements: Fraction(1)}
    for _ in range(shots):
        nxt: dict[int, Fraction] = {}
        for left, w in state.items():
            if left == 0:
                nxt[0] = nxt.get(0, 0) + w
                continue
            for hit_ok, ph in faces(hit_need, False, False):
                if not hit_ok:
                    nxt[left] = nxt.get(left, 0) + w * ph
                    continue
                for roll in itertools.product(faces(dmg_need, False, False), repeat=left):
                    p = w * ph
                    for _, pr in roll:
                        p *= pr
                    gone = sum(1 for ok, _ in roll if ok)
                    nxt[left - gone] = nxt.get(left - gone, 0) + p
        state = nxt
    return {elements - left: w for left, w in state.items() if w}


@pytest.mark.parametrize("shots, target, hit_need, dmg_need, elements", [
    (2, {"target": "boc-mg"}, 5, 2, 3),
    (3, {"target": "boc-riders", "target_elements": 2, "cover": "soft"}, 8, 2, 2),
    (2, {"target": "boc-infantry", "target_elements": 3, "dug_in": True}, 5, 4, 3),
])
def test_several_sweeps_match_sequential_enumeration(shots, target, hit_need, dmg_need, elements):
    data = run("aqmf-attack", shooter="custom-tripod", elements=shots, weapon="heat-ray-sweep", range=12, **target)
    assert dist(data["destroyed"]) == brute_sequential_sweeps(shots, hit_need, dmg_need, elements)
