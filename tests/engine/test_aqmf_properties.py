"""AQMF: properties every odds result must have, over a grid of shooters, targets and options."""
from __future__ import annotations

import itertools
import json
import pathlib
from fractions import Fraction

import pytest

import calculators
from calculators.core.rulings import all_rulings

SHOOTERS = [
    {"shooter": "boc-infantry", "weapon": "unit", "range": 10},
    {"shooter": "boc-mg", "weapon": "unit", "range": 10},
    {"shooter": "mw-tanks", "weapon": "unit", "range": 10},
    {"shooter": "boc-riders", "weapon": "unit", "range": 10},
    {"shooter": "boc-tripod", "weapon": "heat-ray-focused", "range": 10},
    {"shooter": "boc-tripod", "weapon": "heat-ray-sweep", "range": 10},
    {"shooter": "boc-tripod", "weapon": "heat-ray-focused", "range": 5},
    {"shooter": "boc-tripod", "weapon": "unit", "attack": "assault"},
]
TARGETS = [{"target": "boc-infantry"}, {"target": "boc-mg"}, {"target": "boc-riders"}, {"target": "boc-tripod"},
           {"target": "custom-other", "defense": 8, "armor": 11}]
OPTIONS = [{}, {"lucky_strike": True}, {"tough_luck": True}, {"lucky_strike": True, "tough_luck": True}]


def run(calc, **params):
    out = calculators.run(calc, params)
    assert out["ok"], out
    return out


def frac(entry) -> Fraction:
    return Fraction(entry["p"])


def dist_total(entries) -> Fraction:
    return sum((frac(e) for e in entries), Fraction(0))


def p_any(result) -> Fraction:
    """P(at least one element destroyed), or P(tripod destroyed) for a tripod target."""
    data = result["data"]
    return frac(data["p_destroyed"]) if data["target"]["kind"] == "tripod" else frac(data["at_least"][1])


GRID = list(itertools.product(SHOOTERS, TARGETS, OPTIONS))


@pytest.mark.parametrize("shooter, target, opts", GRID)
def test_every_distribution_sums_to_exactly_one(shooter, target, opts):
    data = run("aqmf-attack", **shooter, **target, **opts)["data"]
    for key in ("hits", "damage", "destroyed", "armor_after"):
        if key in data:
            assert dist_total(data[key]) == 1, key
    if "chart" in data:
        assert sum((frac(v) for v in data["chart"].values()), Fraction(0)) == 1
    if "morale" in data:
        m = data["morale"]
        no_loss = frac(data["destroyed"][0])
        assert frac(m["p_tests"]) + frac(m["p_wiped_out"]) + no_loss == 1
        assert 0 <= frac(m["p_routs"]) <= frac(m["p_tests"])


@pytest.mark.parametrize("shooter, target", list(itertools.product(SHOOTERS, TARGETS)))
def test_more_elements_never_lower_p_at_least_one(shooter, target):
    # More elements than a scenario unit has make a custom unit with the same weapon (issue 15).
    custom = "custom-tripod" if "tripod" in shooter["shooter"] else "custom-human"
    weapon = shooter["weapon"]
    if weapon == "unit":
        weapon = {"boc-infantry": "rifle", "boc-riders": "rifle", "boc-mg": "machine-gun", "mw-tanks": "tank-gun",
                  "boc-tripod": "reaper-tentacles"}[shooter["shooter"]]
    shooter = dict(shooter, shooter=custom, weapon=weapon)
    last = Fraction(-1)
    for n in range(1, 6):
        p = p_any(run("aqmf-attack", **shooter, **target, elements=n))
        assert p >= last
        last = p


@pytest.mark.parametrize("shooter, opts", list(itertools.product(SHOOTERS, OPTIONS)))
def test_cover_and_dug_in_never_raise_it(shooter, opts):
    for target in ("boc-infantry", "boc-mg"):
        base = p_any(run("aqmf-attack", **shooter, **opts, target=target))
        soft = p_any(run("aqmf-attack", **shooter, **opts, target=target, cover="soft"))
        hard = p_any(run("aqmf-attack", **shooter, **opts, target=target, cover="hard"))
        dug = p_any(run("aqmf-attack", **shooter, **opts, target=target, dug_in=True))
        soft_dug = p_any(run("aqmf-attack", **shooter, **opts, target=target, cover="soft", dug_in=True))
        assert hard <= soft <= base
        assert dug <= base and soft_dug <= soft and soft_dug <= dug


@pytest.mark.parametrize("target, opts", list(itertools.product(TARGETS, OPTIONS)))
def test_power_never_lowers_it(target, opts):
    """Same dice and range, Power 0 (rifle) < +1 (tank gun) < +3 (focused heat ray), all one die."""
    ps = [p_any(run("aqmf-attack", shooter="custom-tripod", weapon=w, range=10, **target, **opts))
          for w in ("rifle", "tank-gun", "heat-ray-focused")]
    assert ps == sorted(ps)
    sweep = p_any(run("aqmf-attack", shooter="custom-tripod", weapon="heat-ray-sweep", range=10,
                      **dict(target, target_elements=1) if target["target"] != "boc-tripod" else target, **opts))
    assert ps[1] <= sweep <= ps[2]


@pytest.mark.parametrize("shooter", ["boc-mg", "mw-tanks", "boc-infantry"])
def test_volleys_destroyed_within_never_falls_and_sums(shooter):
    data = run("aqmf-tripod-volleys", shooter=shooter, volleys=8, range=10)["data"]
    seq = [frac(x) for x in data["destroyed_within"]]
    assert seq == sorted(seq) and seq[0] > 0 and seq[-1] < 1
    assert dist_total(data["final"]) == 1


def test_volleys_immobilized_and_power_help():
    def p(**params):
        data = run("aqmf-tripod-volleys", shooter="custom-human", elements=3, volleys=4, **params)["data"]
        return frac(data["p_destroyed"])
    plain, held, gun = p(weapon="rifle"), p(weapon="rifle", immobilized=True), p(weapon="tank-gun")
    assert plain < held and plain < gun


@pytest.mark.parametrize("points", range(1, 12))
@pytest.mark.parametrize("armor", [1, 4, 9, 10, 15])
def test_damage_chart_sums_and_more_points_destroy_more(points, armor):
    data = run("aqmf-tripod-damage", points=points, armor=armor)["data"]
    assert sum((frac(v) for v in data["chart"].values()), Fraction(0)) == 1
    assert dist_total(data["armor_after"]) == 1
    if points > 1:
        before = frac(run("aqmf-tripod-damage", points=points - 1, armor=armor)["data"]["p_destroyed"])
        assert frac(data["p_destroyed"]) >= before


def test_heat_ray_sweep_more_elements_never_lower():
    last, last_p = Fraction(-1), Fraction(-1)
    for extra in range(0, 6):
        data = run("aqmf-heat-ray", others_open=extra)["data"]
        p = frac(data["sweep_at_least"][1])
        assert last_p <= p <= frac(data["p_hit"])  # the one hit roll caps it
        mean = frac(data["sweep_expected"])
        assert mean > last
        last, last_p = mean, p


@pytest.mark.parametrize("calc, params", [
    ("aqmf-morale", {"losses": 3, "left": 2}), ("aqmf-reinforcements", {"turns": 12, "units": 4}),
    ("aqmf-tow-cable", {"cables": 3, "phases": 20}), ("aqmf-initiative", {"martian_zombies": 2}),
    ("aqmf-explosion", {"target": "mw-riders"}), ("aqmf-heat-ray", {"others_open": 2, "others_dug_in": 2}),
])
def test_turn_calculators_distributions_sum_to_one(calc, params):
    data = run(calc, **params)["data"]
    for key in ("rally_attempts", "arrival", "units_arrived", "cables_placed", "margin", "destroyed", "sweep",
                "focused"):
        if key in data:
            assert dist_total(data[key]) == 1, key
    if calc == "aqmf-tow-cable":
        assert frac(data["p_freed"]) + frac(data["p_destroyed"]) + frac(data["p_still_held"]) == 1
        assert sum((frac(v) for v in data["fall_chart"].values()), Fraction(0)) == 1
    if calc == "aqmf-initiative":
        assert frac(data["p_human"]) + frac(data["p_martian"]) == 1


def test_morale_more_losses_never_help():
    ps = [frac(run("aqmf-morale", losses=k, left=1)["data"]["p_pass"]) for k in range(1, 11)]
    assert ps == sorted(ps, reverse=True) and ps[-1] == 0


CASES = pathlib.Path(__file__).resolve().parents[1] / "data" / "cases"


def test_every_result_cites_only_rules_its_catalog_entry_lists():
    """The catalog's rule list is what the rule pages link from: every result's rules must be in it."""
    catalog = {e["id"]: e for e in calculators.catalog() if e["game"] == "aqmf"}
    assert len(catalog) == 11
    for path in sorted(CASES.glob("aqmf-*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        entry = catalog[doc["calculator"]]
        for case in [{"params": {}}] + doc["cases"]:
            out = calculators.run(entry["id"], case["params"])
            if not out["ok"]:
                continue
            assert out["rules"]
            # besides, the reading in force of each ruling it depends on ("AQMF R5: option-only")
            readings = {f"{r}: {x.id}" for r in entry["rulings"] for x in all_rulings()[r].readings}
            extra = set(out["rules"]) - set(entry["rules"]) - readings
            assert not extra, (entry["id"], case.get("name"), extra)


def test_every_error_names_a_field_of_its_own_form():
    """A widget highlights the field an error names: it must be one of that calculator's parameters."""
    catalog = {e["id"]: {p["name"] for p in e["params"]} for e in calculators.catalog() if e["game"] == "aqmf"}
    for path in sorted(CASES.glob("aqmf-*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for case in doc["cases"]:
            out = calculators.run(doc["calculator"], case["params"])
            if not out["ok"]:
                # A field of a group is named "<group>.<index>.<field>" (the group's own field is checked there).
                field = out["error"]["field"].split(".")[0]
                assert field in catalog[doc["calculator"]], (doc["calculator"], case["name"], out)
                assert "Traceback" not in out["error"]["message"] and "Internal error" not in out["error"]["message"]


@pytest.mark.parametrize("power, tough", [(0, False), (1, False), (3, True)])
def test_a_tripod_at_armor_0_plays_as_at_armor_1(power, tough):
    """The forms' Armor starts at 1 and their help says 0 plays the same (ruling AQMF R15):
    every damage roll succeeds at both, results 1-7 leave 0 at both, an 8 destroys at both."""
    from calculators.aqmf.damage import after_attack
    from calculators.aqmf.dice import RollOptions
    from calculators.aqmf.towcable import break_free
    from calculators.aqmf.tripods import volley_chain

    opts = RollOptions(tough=tough)
    for points in range(1, 11):
        for bonus in (0, 3):
            zero, one = after_attack({points: Fraction(1)}, 0, bonus), after_attack({points: Fraction(1)}, 1, bonus)
            assert zero == one
    down0, final0 = volley_chain(4, Fraction(3, 10), power, 0, 3, opts)
    down1, final1 = volley_chain(4, Fraction(3, 10), power, 1, 3, opts)
    assert down0 == down1
    assert {s: p for s, p in final0.items() if s != 0} == {s: p for s, p in final1.items() if s not in (0, 1)}
    assert final0.get(0, 0) == final1.get(0, 0) + final1.get(1, 0)
    assert break_free(2, 8, 0, 6)[0] == break_free(2, 8, 1, 6)[0]
