"""AQMF fire plan and "how many do I need?": brute force over the dice, and agreement with the
single-unit calculators.

The oracles roll every die face by face, as players would: each attacker's to-hit and damage
dice (test_aqmf_oracle.faces / brute_kills), the damage chart's D10 and the Armor D10 of an 8,
each tow-cable die, each morale D10. They share nothing with the engine's chains.
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

import pytest
from test_aqmf_oracle import TENTH, brute_sequential_sweeps, faces
from test_aqmf_oracle import brute_kills as _brute_kills

import calculators

DOWN = ("destroyed", "exploded")
brute_kills = lru_cache(maxsize=None)(_brute_kills)  # the same face-by-face rolls, each worked out once


def run(calc, **params):
    out = calculators.run(calc, params)
    assert out["ok"], out
    return out["data"]


def F(entry) -> Fraction:
    return Fraction(entry["p"])


# -- a tripod, face by face ---------------------------------------------------------------------

def chart_faces(armor: int, points: int):
    """The damage chart (AQMF 20.4) face by face: (crippled?, disabled?, next state, weight)."""
    for face in range(1, 11):
        roll = face + points - 1
        if roll >= 10:
            yield False, False, "exploded", TENTH
        elif roll == 9:
            yield False, False, "destroyed", TENTH
        elif roll == 8:
            for loss in range(1, 11):
                yield False, False, ("destroyed" if armor - loss <= 0 else armor - loss), TENTH * TENTH
        else:
            yield roll == 6, roll == 7, max(armor - 1, 0), TENTH


def brute_tripod(attacks, defense: int, armor: int, held: bool, lucky=False, tough=False) -> dict:
    """attacks: (kind, dice, power); kind "tow" rolls one die per element for a cable."""
    state = {(armor, False, False, held): Fraction(1)}
    for kind, dice, power in attacks:
        nxt: dict = {}

        def add(key, w, nxt=nxt):
            nxt[key] = nxt.get(key, 0) + w
        for s, w in state.items():
            if s in DOWN:
                add(s, w)
                continue
            arm, crip, dis, hold = s
            need = defense - (4 if hold else 0)
            if kind == "tow":
                for roll in itertools.product(faces(need, False, False), repeat=dice):
                    p = w
                    for _, q in roll:
                        p *= q
                    add((arm, crip, dis, hold or any(ok for ok, _ in roll)), p)
                continue
            for k, pk in brute_kills(dice, need, arm - power, lucky, tough).items():
                if k == 0:
                    add(s, w * pk)
                    continue
                for c2, d2, nstate, q in chart_faces(arm, k):
                    add(nstate if nstate in DOWN else (nstate, crip or c2, dis or d2, hold), w * pk * q)
        state = nxt
    return {k: v for k, v in state.items() if v}


def engine_tripod(data) -> dict:
    out = {}
    for e in data["tripod"]["final"]:
        key = e["outcome"] if e["outcome"] in DOWN else (e["armor"], e["crippled"], e["weapons_disabled"],
                                                         e["immobilized"])
        out[key] = F(e)
    return out


TRIPOD_PLANS = [
    # (attackers, target params, oracle attacks (kind, dice, power), Defense with cover, Armor, held, options)
    ([{"unit": "mw-tanks", "elements": 1, "range": 20}, {"unit": "custom-human", "weapon": "rifle", "elements": 2,
                                                          "range": 10}],
     {"target": "boc-tripod"}, [("fire", 1, 1), ("fire", 2, 0)], 9, 10, False, {}),
    ([{"unit": "custom-human", "weapon": "rifle", "elements": 2, "range": 10},
      {"unit": "mw-tanks", "elements": 1, "range": 20}, {"unit": "mw-tanks", "elements": 1, "range": 20}],
     {"target": "custom-tripod", "defense": 6, "armor": 3}, [("fire", 2, 0), ("fire", 1, 1), ("fire", 1, 1)], 6, 3,
     False, {}),
    ([{"unit": "boc-riders", "elements": 2, "attack": "tow-cables"}, {"unit": "custom-human", "weapon": "rifle",
                                                                       "elements": 2, "range": 10}],
     {"target": "boc-tripod", "cover": "soft"}, [("tow", 2, 0), ("fire", 2, 0)], 10, 10, False, {}),
    ([{"unit": "custom-human", "weapon": "tank-gun", "elements": 1, "range": 10},
      {"unit": "custom-human", "weapon": "tank-gun", "elements": 2, "range": 10}],
     {"target": "custom-tripod", "defense": 11, "armor": 12},
     [("fire", 1, 1), ("fire", 2, 1)], 11, 12, False, {"lucky_strike": True, "tough_luck": True}),
    ([{"unit": "custom-human", "weapon": "tank-gun", "elements": 1, "attack": "assault"},
      {"unit": "custom-human", "weapon": "rifle", "elements": 1, "range": 5}],
     {"target": "custom-tripod", "defense": 7, "armor": 2, "immobilized": True}, [("fire", 1, 1), ("fire", 1, 0)],
     7, 2, True, {"tough_luck": True}),
]


@pytest.mark.parametrize("attackers, target, oracle, defense, armor, held, opts", TRIPOD_PLANS)
def test_tripod_plan_matches_every_die_face(attackers, target, oracle, defense, armor, held, opts):
    data = run("aqmf-fire-plan", attackers=attackers, **target, **opts)
    lucky, tough = opts.get("lucky_strike", False), opts.get("tough_luck", False)
    want = brute_tripod(oracle, defense, armor, held, lucky, tough)
    assert engine_tripod(data) == want
    assert sum(want.values()) == 1
    down = sum((w for k, w in want.items() if k in DOWN), Fraction(0))
    assert F(data["headline"]) == F(data["tripod"]["p_destroyed"]) == down
    first = brute_tripod(oracle[:1], defense, armor, held, lucky, tough)
    assert F(data["after_each"][0]["headline"]) == sum((w for k, w in first.items() if k in DOWN), Fraction(0))


# -- a human unit, face by face ------------------------------------------------------------------

def brute_units(attacks, elements: int, hit_need: int, lost_before: int, morale=True, lucky=False, tough=False,
                shooting_only=False, after_each=False, tests_at_end=None):
    """attacks: (kind, dice, damage need, sweep?); states (alive, routed, shot), morale dice face by face.

    The readings of rulings AQMF R18 and R31, played as a table would: ``shooting_only`` deducts only the
    elements lost to shooting (the elements lost earlier counted as such); ``after_each`` tests after every
    attack that kills, and not at the end of the Combat Phase. ``tests_at_end``, a list, receives P(the unit
    takes the end-of-phase test), a routed unit included (AQMF 9.2)."""
    state = {(elements, False, False, 0): Fraction(1)}

    def test(alive, assault_lost, w, routed, shot, out):
        lost = lost_before + elements - alive - (assault_lost if shooting_only else 0)
        for face in range(1, 11):
            key = (alive, routed or face - lost < 5, shot, assault_lost)
            out[key] = out.get(key, 0) + w * TENTH

    for kind, dice, dmg_need, sweep in attacks:
        nxt: dict = {}
        for (alive, routed, shot, a_lost), w in state.items():
            if alive == 0:
                nxt[(alive, routed, shot, a_lost)] = nxt.get((alive, routed, shot, a_lost), 0) + w
                continue
            if sweep:
                kills = brute_sequential_sweeps(dice, hit_need, dmg_need, alive)
            else:
                kills = {}
                for k, p in brute_kills(dice, hit_need, dmg_need, lucky, tough).items():
                    kills[min(k, alive)] = kills.get(min(k, alive), 0) + p
            for k, p in kills.items():
                left = alive - k
                lost_here = a_lost + (k if kind == "assault" else 0)
                now_shot = shot or (k > 0 and kind == "shooting" and not after_each)
                if k and (kind == "assault" or after_each) and morale and left and not routed:
                    test(left, lost_here, w * p, routed, now_shot, nxt)
                else:
                    key = (left, routed, now_shot, lost_here)
                    nxt[key] = nxt.get(key, 0) + w * p
        state = nxt
    if morale:
        if tests_at_end is not None:
            tests_at_end.append(sum((w for (alive, _, shot, _), w in state.items() if shot and alive), Fraction(0)))
        end: dict = {}
        for (alive, routed, shot, a_lost), w in state.items():
            if shot and alive and not routed:  # a routed unit tests too, but stays routed whatever it rolls
                test(alive, a_lost, w, routed, shot, end)
            else:
                end[(alive, routed, shot, a_lost)] = end.get((alive, routed, shot, a_lost), 0) + w
        state = end
    return _merge(state)


def _merge(state: dict) -> dict:
    """The states without the assault losses, which only the tests read."""
    out: dict = {}
    for (alive, routed, shot, _), w in state.items():
        out[(alive, routed, shot)] = out.get((alive, routed, shot), 0) + w
    return out


UNIT_PLANS = [
    # (attackers, target params, oracle (kind, dice, damage need, sweep), elements, hit need, lost before, options)
    # The attackers are Martian (AQMF 5.2): custom tripods carry the rifles that make small dice counts.
    ([{"unit": "custom-tripod", "weapon": "rifle", "elements": 2, "range": 10}, {"unit": "mw-tripod", "range": 10}],
     {"target": "mw-mg", "cover": "soft", "dug_in": True}, [("shooting", 2, 6, False), ("shooting", 1, 3, False)],
     3, 6, 0, {}),
    ([{"unit": "mw-tripod", "attack": "assault"}, {"unit": "custom-tripod", "weapon": "rifle", "elements": 2,
                                                   "range": 10}],
     {"target": "mw-infantry", "target_elements": 2, "lost_earlier": 1},
     [("assault", 1, 3, False), ("shooting", 2, 4, False)], 2, 5, 1, {}),
    ([{"unit": "custom-tripod", "weapon": "rifle", "elements": 1, "attack": "assault"},
      {"unit": "mw-tripod", "attack": "assault"}, {"unit": "mw-tripod", "range": 5}],
     {"target": "boc-mg", "dug_in": True}, [("assault", 1, 4, False), ("assault", 1, 3, False),
                                            ("shooting", 1, 1, False)], 3, 5, 0, {}),
    ([{"unit": "custom-tripod", "weapon": "heat-ray-sweep", "elements": 2, "range": 12}],
     {"target": "boc-riders", "target_elements": 2}, [("shooting", 2, 2, True)], 2, 7, 0, {}),
    ([{"unit": "custom-tripod", "weapon": "rifle", "elements": 2, "range": 10},
      {"unit": "custom-tripod", "weapon": "heat-ray-focused", "elements": 1, "range": 4}],
     {"target": "custom-human", "defense": 11, "armor": 3, "target_elements": 3},
     [("shooting", 2, 3, False), ("shooting", 1, 0, False)], 3, 11, 0, {"lucky_strike": True, "tough_luck": True}),
]


@pytest.mark.parametrize("attackers, target, oracle, elements, hit_need, lost_before, opts", UNIT_PLANS)
def test_unit_plan_matches_every_die_face(attackers, target, oracle, elements, hit_need, lost_before, opts):
    data = run("aqmf-fire-plan", attackers=attackers, **target, **opts)
    want = brute_units(oracle, elements, hit_need, lost_before, True, opts.get("lucky_strike", False),
                       opts.get("tough_luck", False))
    assert sum(want.values()) == 1
    lost: dict = {}
    for (alive, _, _), w in want.items():
        lost[elements - alive] = lost.get(elements - alive, 0) + w
    assert {e["outcome"]: F(e) for e in data["unit"]["lost"] if F(e)} == {k: v for k, v in lost.items() if v}
    routed = sum((w for (alive, r, _), w in want.items() if alive and r), Fraction(0))
    wiped = sum((w for (alive, _, _), w in want.items() if not alive), Fraction(0))
    assert F(data["unit"]["morale"]["p_routed"]) == routed
    assert F(data["unit"]["p_wiped_out"]) == wiped
    assert F(data["headline"]) == routed + wiped


READINGS = [(False, False), (True, False), (False, True), (True, True)]  # (AQMF R18 shooting-only, R31 after-each)


def _readings(shooting_only: bool, after_each: bool) -> dict:
    return {"aqmf_r18": "shooting-only" if shooting_only else "all-losses",
            "aqmf_r31": "after-each-attack" if after_each else "end-of-combat-phase"}


def _broken(want: dict) -> Fraction:
    return sum((w for (alive, routed, _), w in want.items() if not alive or routed), Fraction(0))


@pytest.mark.parametrize("readings", READINGS, ids=["site", "shooting-only", "after-each", "both"])
@pytest.mark.parametrize("attackers, target, oracle, elements, hit_need, lost_before, opts", UNIT_PLANS)
def test_morale_readings_match_every_die_face(attackers, target, oracle, elements, hit_need, lost_before, opts,
                                              readings):
    """Rulings AQMF R18 and R31, each reading against the oracle that rolls every die and every morale D10."""
    data = run("aqmf-fire-plan", attackers=attackers, **target, **opts, **_readings(*readings))
    want = brute_units(oracle, elements, hit_need, lost_before, True, opts.get("lucky_strike", False),
                       opts.get("tough_luck", False), *readings)
    assert F(data["headline"]) == _broken(want)
    routed = sum((w for (alive, r, _), w in want.items() if alive and r), Fraction(0))
    assert F(data["unit"]["morale"]["p_routed"]) == routed


# Issue 27's plans, rebuilt from the review's descriptions; its figures come from an independent re-derivation.
P8 = ([{"unit": "boc-tripod", "attack": "assault"}, {"unit": "boc-tripod", "attack": "assault"},
       {"unit": "boc-tripod", "weapon": "heat-ray-sweep", "range": 8}], {"target": "boc-mg", "dug_in": True},
      # tentacles in contact strip dug in (Armor 4, +1: 3+); the sweep at 8" does not (Armor 6, +2: 4+)
      [("assault", 1, 3, False), ("assault", 1, 3, False), ("shooting", 1, 4, True)], 3, 5, 0, "71253/312500")
P13 = ([{"unit": "boc-tripod", "attack": "assault"}, {"unit": "boc-tripod", "range": 4}],
       {"target": "boc-riders", "cover": "hard"}, [("assault", 1, 3, False), ("shooting", 1, 1, False)], 3, 10, 0,
       "1/10")
P18 = ([{"unit": "mw-tripod", "attack": "assault"}, {"unit": "mw-tripod", "weapon": "heat-ray-sweep", "range": 8},
        {"unit": "mw-tripod", "weapon": "heat-ray-focused", "range": 12}],
       {"target": "mw-infantry", "target_elements": 3, "lost_earlier": 2},
       [("assault", 1, 3, False), ("shooting", 1, 2, True), ("shooting", 1, 1, False)], 3, 5, 2, "23547/78125")


@pytest.mark.parametrize("readings", READINGS, ids=["site", "shooting-only", "after-each", "both"])
@pytest.mark.parametrize("plan", [P8, P13, P18], ids=["P8", "P13", "P18"])
def test_issue_27_plans_match_every_die_face(plan, readings):
    """AQMF 9.2, ruling AQMF R31: a routed unit still takes the end-of-phase test (P(test) as the review gives it);
    and every reading of AQMF R18 and R31 on these plans."""
    attackers, target, oracle, elements, hit_need, lost_before, tests = plan
    data = run("aqmf-fire-plan", attackers=attackers, **target, **_readings(*readings))
    at_end: list = []
    want = brute_units(oracle, elements, hit_need, lost_before, True, False, False, *readings, tests_at_end=at_end)
    assert F(data["headline"]) == _broken(want)
    if readings[1]:
        assert data["unit"]["morale"]["p_tests_at_end"] is None  # no test waits for the end under after-each
    else:
        assert F(data["unit"]["morale"]["p_tests_at_end"]) == at_end[0]
        if not readings[0]:
            assert at_end[0] == Fraction(tests)


@pytest.mark.parametrize("target", [{"target": "blip"},
                                    {"target": "custom-other", "defense": 6, "armor": 5, "target_elements": 2}])
def test_blip_and_no_morale_units_match_every_die_face(target):
    # A blip is shot at by the Martian (AQMF 5.2, 12.6): custom tripods with a rifle and a tank gun.
    attackers = [{"unit": "custom-tripod", "weapon": "rifle", "elements": 2, "range": 10},
                 {"unit": "custom-tripod", "weapon": "tank-gun", "elements": 1, "range": 20}]
    data = run("aqmf-fire-plan", attackers=attackers, **target)
    if target["target"] == "blip":
        want = brute_units([("shooting", 2, 4, False), ("shooting", 1, 3, False)], 1, 5, 0, morale=False)
        assert F(data["unit"]["p_revealed"]) == F(data["headline"]) == want[(0, False, True)]
        assert data["headline"]["event"] == "blip revealed"
    else:
        want = brute_units([("shooting", 2, 5, False), ("shooting", 1, 4, False)], 2, 6, 0, morale=False)
        assert F(data["headline"]) == want.get((0, False, True), 0)
        assert data["unit"]["morale"] is None and data["headline"]["event"] == "unit wiped out"


# -- one-unit plans agree with the single-unit calculators ----------------------------------------

SHOOTERS = [
    {"shooter": "boc-mg", "range": 10}, {"shooter": "mw-tanks", "range": 20}, {"shooter": "boc-infantry", "range": 10},
    {"shooter": "boc-tripod", "range": 10}, {"shooter": "boc-tripod", "range": 5},
    {"shooter": "boc-tripod", "weapon": "heat-ray-sweep", "range": 12}, {"shooter": "boc-tripod", "attack": "assault"},
    {"shooter": "boc-riders", "attack": "assault", "elements": 2},
]
TARGETS = [{"target": "boc-tripod"}, {"target": "boc-tripod", "cover": "soft", "armor": 6},
           {"target": "boc-infantry", "dug_in": True, "cover": "soft"}, {"target": "boc-mg", "target_elements": 2},
           {"target": "blip"}, {"target": "custom-other", "defense": 8, "armor": 11, "target_elements": 3}]
OPTIONS = [{}, {"lucky_strike": True, "tough_luck": True}]


def _as_attacker(shooter: dict) -> dict:
    return {"unit" if k == "shooter" else k: v for k, v in shooter.items()}


def _enemies(shooter: dict, target: dict) -> bool:
    """AQMF 5.2: the fire plan takes only an enemy unit as the target (a custom unit with no morale may be either)."""
    martian = shooter["shooter"].endswith("tripod")
    return target["target"] == "custom-other" or martian != (target["target"] == "boc-tripod")


@pytest.mark.parametrize("shooter, target, opts", [(s, t, o) for s, t, o in itertools.product(SHOOTERS, TARGETS,
                                                                                               OPTIONS)
                                                   if _enemies(s, t)])
def test_a_one_unit_plan_agrees_with_the_attack_calculator(shooter, target, opts):
    one = run("aqmf-attack", **shooter, **target, **opts)
    plan = run("aqmf-fire-plan", attackers=[_as_attacker(shooter)], **target, **opts)
    if target["target"] == "boc-tripod":
        assert plan["tripod"]["p_destroyed"] == one["p_destroyed"]
        assert F(plan["headline"]) == F(one["p_destroyed"])
        assert plan["tripod"]["p_exploded"] == one["p_exploded"]
        assert plan["tripod"]["armor_left"] == one["armor_after"]
        return
    assert [e for e in plan["unit"]["lost"] if F(e)] == one["destroyed"]
    if target["target"] == "blip":
        assert plan["unit"]["p_revealed"] == one["p_revealed"]
    elif "morale" in one:
        assert plan["unit"]["morale"]["p_routed"] == one["morale"]["p_routs"]
        assert plan["unit"]["p_wiped_out"] == one["morale"]["p_wiped_out"]


@pytest.mark.parametrize("shooter", [{"shooter": "boc-mg"}, {"shooter": "mw-tanks", "range": 25},
                                     {"shooter": "custom-human", "weapon": "rifle", "elements": 4},
                                     {"shooter": "boc-infantry", "cover": "hard"},
                                     {"shooter": "boc-mg", "immobilized": True, "armor": 7, "tough_luck": True}])
def test_volleys_agree_with_the_volley_calculator(shooter):
    params = {"range": 10, **shooter}
    target = {k: params.pop(k) for k in ("cover", "immobilized", "armor") if k in params}
    opts = {k: params.pop(k) for k in ("lucky_strike", "tough_luck") if k in params}
    volleys = run("aqmf-tripod-volleys", **params, **target, **opts, volleys=4)
    want = [x["p"] for x in volleys["destroyed_within"]]
    plan = run("aqmf-fire-plan", attackers=[_as_attacker(params)] * 4, **target, **opts)
    assert [x["headline"]["p"] for x in plan["after_each"]] == want
    many = run("aqmf-how-many", **params, **target, **opts, most=4)
    assert [x["p"] for x in many["curve"]] == want


@pytest.mark.parametrize("unit", [{"unit": "boc-infantry", "elements": 2}, {"unit": "mw-mg", "dug_in": True},
                                  {"unit": "boc-tripod"}, {"unit": "custom-other", "defense": 4, "armor": 6,
                                                           "elements": 2, "cover": "soft"}])
def test_explosion_agrees_with_the_explosion_calculator(unit):
    attackers = [{"unit": "mw-tanks", "range": 20}]
    plan = run("aqmf-fire-plan", attackers=attackers, nearby=[unit])["explosion"]
    p_exp = F(plan["p_exploded"])
    assert p_exp == F(run("aqmf-fire-plan", attackers=attackers)["tripod"]["p_exploded"])
    blast = run("aqmf-explosion", target=unit["unit"], **{("target_elements" if k == "elements" else k): v
                                                            for k, v in unit.items() if k != "unit"})
    got = plan["units"][0]
    if unit["unit"] == "boc-tripod":
        assert F(got["p_destroyed"]) == p_exp * F(blast["p_destroyed"])
        return
    for e in blast["destroyed"]:
        k = e["outcome"]
        want = p_exp * F(e) + (1 - p_exp if k == 0 else 0)
        assert F(got["lost"][k]) == want


@pytest.mark.parametrize("shooter, target", [({"shooter": "boc-mg"}, {"target": "boc-tripod"}),
                                             ({"shooter": "boc-tripod"}, {"target": "boc-infantry"}),
                                             ({"shooter": "mw-tanks", "range": 20}, {"target": "boc-mg"})])
def test_counting_elements_agrees_with_the_attack_calculator(shooter, target):
    curve = run("aqmf-how-many", **shooter, **target, count="elements", event="hurt", most=6)["curve"]
    weapon = {"boc-mg": "machine-gun", "boc-tripod": "heat-ray-focused", "mw-tanks": "tank-gun"}[shooter["shooter"]]
    custom = "custom-tripod" if shooter["shooter"] == "boc-tripod" else "custom-human"
    for n, point in enumerate(curve, 1):
        one = run("aqmf-attack", **{**shooter, "shooter": custom, "weapon": weapon, "elements": n}, **target)
        if target["target"] == "boc-tripod":
            assert F(point) == F(one["damage_at_least"][1])
        else:
            assert F(point) == F(one["at_least"][1])


# -- properties ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("target", TARGETS)
def test_distributions_sum_to_one_and_tripod_chances_never_fall(target):
    if target["target"] == "boc-tripod":
        attackers = [{"unit": "boc-mg", "range": 10}, {"unit": "mw-tanks", "range": 20},
                     {"unit": "custom-human", "weapon": "tank-gun", "range": 10}, {"unit": "boc-infantry", "range": 10}]
    else:
        attackers = [{"unit": "boc-tripod", "range": 10},
                     {"unit": "custom-tripod", "weapon": "machine-gun", "range": 10},
                     {"unit": "boc-tripod", "weapon": "heat-ray-sweep", "range": 10}, {"unit": "mw-tripod", "range": 4}]
    data = run("aqmf-fire-plan", attackers=attackers, **target)
    if data["tripod"]:
        assert sum(F(e) for e in data["tripod"]["final"]) == 1
        assert sum(F(e) for e in data["tripod"]["armor_left"]) == 1
        ps = [F(x["headline"]) for x in data["after_each"]]
        assert ps == sorted(ps)
    else:
        assert sum(F(e) for e in data["unit"]["lost"]) == 1
        key = "p_revealed" if target["target"] == "blip" else "expected_lost"  # a blip only is revealed (AQMF 12.6)
        lost = [F(x[key]) for x in data["after_each"]]
        assert lost == sorted(lost)


def test_order_matters_only_through_the_armor():
    """Two different units at a tripod: firing order changes the answer (the second faces lower Armor)."""
    a = [{"unit": "mw-tanks", "range": 20}, {"unit": "boc-mg", "range": 10}]
    ab = F(run("aqmf-fire-plan", attackers=a)["headline"])
    ba = F(run("aqmf-fire-plan", attackers=a[::-1])["headline"])
    assert ab != ba
    both = run("aqmf-fire-plan", attackers=a, compare=a[::-1])
    assert F(both["headline"]) == ab and F(both["compare"]["headline"]) == ba


def test_docstring_examples_run():
    """Every example shown in a docstring runs (house rule 10)."""
    import doctest

    from calculators.aqmf import fireplan

    assert doctest.testmod(fireplan, raise_on_error=True).attempted >= 1


def _defaults(calc_id: str) -> dict:
    entry = next(c for c in calculators.catalog() if c["id"] == calc_id)
    return {p["name"]: p["default"] for p in entry["params"]}


def test_a_target_on_the_attackers_side_names_every_attacker_at_the_target():
    """AQMF 5.2, from a new player's report: the defaults (two Morale Wagon units, both human) with a Morale Wagon
    Infantry Company as the target. One plain sentence names both attackers, the rule, and is attached to the
    target (the one change that mends both) and to each attacker's Unit."""
    out = calculators.run("aqmf-fire-plan", {**_defaults("aqmf-fire-plan"), "target": "mw-infantry"})
    assert out["ok"] is False
    err = out["error"]
    assert err["field"] == "target"
    assert err["fields"] == ["target", "attackers.0.unit", "attackers.1.unit"]
    msg = err["message"]
    assert msg.startswith("Attacker 1 (Morale Wagon: Mk II Baldwin tanks (6)) and Attacker 2 (Morale Wagon: Machine "
                          "Guns (3 HMG stands)) cannot attack Morale Wagon: Infantry Company (5 stands): they are "
                          "human")
    assert "(AQMF 5.2)" in msg and "Unit:" not in msg


def test_one_attacker_on_the_targets_side_is_named_alone():
    """AQMF 5.2: a human tank unit and a tripod against a human target: only Attacker 1 is on the target's side;
    the error names it (its Unit field first), the target too, and not the tripod."""
    out = calculators.run("aqmf-fire-plan", {"target": "mw-infantry", "attackers": [
        {"unit": "mw-tanks", "range": 20}, {"unit": "boc-tripod", "range": 12}]})
    err = out["error"]
    assert err["field"] == "attackers.0.unit" and err["fields"] == ["target", "attackers.0.unit"]
    assert err["message"].startswith("Attacker 1 (Morale Wagon: Mk II Baldwin tanks (6)) cannot attack")
    assert "Attacker 2" not in err["message"]
