"""Conquest of Mars Defend odds: the exact solver against a brute-force enumeration (COM 6.1-6.7).

The oracle below is written from the rules alone: it enumerates every ordered roll and every
reroll result, plays the reroll policies as the Defend page describes them, and resolves the
comparisons step by step. It shares no code with calculators/icehouse except the Force type.
"""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest

import calculators
from calculators.core.progress import run_to_end
from calculators.icehouse.combat import resolve
from calculators.icehouse.exact import IidChain, LumpedChain, scan
from calculators.icehouse.forces import Force
from calculators.icehouse.rolls import final_dist
from calculators.icehouse.solver import exact, exact_kind, monte_carlo


# -- the oracle ----------------------------------------------------------------

def oracle_pick(dice, policy, context):
    """dice: list of [value, faces]; returns an index or None."""
    if policy == "answer-earlier" and context:
        order = sorted(range(len(dice)), key=lambda i: (-dice[i][0], -dice[i][1]))
        pick = None
        for rank, i in enumerate(order):
            if rank < len(context) and dice[i][0] <= context[rank] and dice[i][0] < dice[i][1]:
                pick = i
        return pick
    if policy in ("below-average", "answer-earlier"):
        below = [i for i, (v, f) in enumerate(dice) if 2 * v < f + 1]
        if not below:
            return None
        return max(below, key=lambda i: ((dice[i][1] + 1) / 2 - dice[i][0], dice[i][1]))
    return None


def oracle_finals(faces, rerolls, policy, context):
    """Every ordered first roll, then every reroll result: {sorted final values: probability}."""
    out = {}

    def go(dice, left, p):
        i = oracle_pick(dice, policy, context) if left else None
        if i is None:
            key = tuple(sorted((v for v, _ in dice), reverse=True))
            out[key] = out.get(key, 0) + p
            return
        f = dice[i][1]
        for value in range(1, f + 1):
            nxt = [list(d) for d in dice]
            nxt[i][0] = value
            go(nxt, left - 1, p / f)

    total = 1
    for f in faces:
        total *= f
    for roll in product(*[range(1, f + 1) for f in faces]):
        go([[v, f] for v, f in zip(roll, faces, strict=True)], rerolls, Fraction(1, total))
    return out


def oracle_combat(finals, pyramids):
    """COM 6.5-6.6 with rulings COM R3, COM R4, step by step."""
    dice = [list(t) for t in finals]
    left = list(pyramids)
    lost = [0] * len(finals)
    players = [i for i in range(len(finals)) if left[i] > 0]
    while True:
        shown = {i: (dice[i][0] if dice[i] else 0) for i in players}
        low = min(shown.values())
        for i in players:
            if shown[i] == low:
                lost[i] += 1
                left[i] -= 1
            if dice[i]:
                dice[i].pop(0)
        if any(not dice[i] for i in players):
            return tuple(lost)
        players = [i for i in players if left[i] > 0]
        if len(players) < 2:
            return tuple(lost)


def oracle(forces):
    states = {(): Fraction(1)}
    for i, f in enumerate(forces):
        rr = f.rerolls if f.policy != "none" and f.dice else 0
        nxt = {}
        for finals, p in states.items():
            ctx = None
            if finals and f.policy == "answer-earlier" and i > 0:
                # only the ranks that will be compared: the fewest dice any player committed
                depth = min(min(len(t) for t in finals), min(len(g.dice) for g in forces))
                ctx = tuple(min(t[r] for t in finals) for r in range(depth))
            for t, q in oracle_finals(f.dice, rr, f.policy, ctx).items():
                nxt[finals + (t,)] = nxt.get(finals + (t,), 0) + p * q
        states = nxt
    out = {}
    for finals, p in states.items():
        k = oracle_combat(finals, [f.pyramids for f in forces])
        out[k] = out.get(k, 0) + p
    return out


def F(s=0, m=0, large=0, dice=(), policy="none"):
    return Force(s, m, large, tuple(sorted(dice, reverse=True)), policy)


SMALL_CASES = [
    (F(1, dice=[6]), F(1, dice=[6])),
    (F(2, dice=[6, 6]), F(1, 1, dice=[8, 4])),
    (F(3, dice=[6]), F(1, dice=[6])),
    (F(1, 1, dice=[4, 6], policy="below-average"), F(2, dice=[6, 6])),
    (F(0, 1, 1, dice=[8, 6], policy="below-average"), F(1, 1, dice=[6, 4], policy="below-average")),
    (F(0, 0, 1, dice=[10], policy="below-average"), F(0, 2, dice=[4, 4], policy="below-average")),
    (F(1, 1, dice=[6, 4], policy="answer-earlier"), F(0, 2, dice=[6, 6], policy="answer-earlier")),
    (F(1, dice=[4]), F(1, dice=[4]), F(1, dice=[4])),
    (F(2, dice=[4, 4]), F(1, 1, dice=[6, 2], policy="below-average"), F(1, dice=[3])),
    (F(1, dice=[4]), F(0, 1, dice=[4], policy="answer-earlier"), F(0, 1, dice=[6], policy="answer-earlier")),
    (F(2, dice=[]), F(1, dice=[6])),
    (F(1, dice=[]), F(1, dice=[]), F(2, dice=[2])),
    (F(1, 0, 1, dice=[3, 5], policy="below-average"), F(3, dice=[5, 3, 2])),
]


@pytest.mark.parametrize("forces", SMALL_CASES, ids=[str(i) for i in range(len(SMALL_CASES))])
def test_exact_matches_brute_force(forces):
    plan = exact_kind(forces)
    assert plan is not None
    assert exact(forces, plan).lost == oracle(forces)


def test_d6_against_d6_by_hand():
    """COM 6.5: 15 of 36 rolls each side alone lower, 6 ties."""
    out = exact((F(1, dice=[6]), F(1, dice=[6])), "scan").lost
    assert out == {(1, 0): Fraction(5, 12), (0, 1): Fraction(5, 12), (1, 1): Fraction(1, 6)}


def test_three_player_tie_empties_territory():
    r = calculators.run("com-defend", {"p1": "S=1 dice=d4", "p2": "S=1 dice=d4", "p3": "S=1 dice=d4",
                                       "policy": "none"})
    assert r["data"]["empty"]["p"] == "1/16"  # all three equal: 4 of 64
    # Player 1 is left alone only when the other two tie below them: sum over the tied value v of
    # (4 - v) higher faces = 3 + 2 + 1 = 6 of 64 rolls.
    assert [p["sole"]["p"] for p in r["data"]["players"]] == ["3/32"] * 3
    assert r["data"]["disputed"]["p"] == "21/32"  # 1 - 4/64 - 3 x 6/64


def test_player_without_dice_loses_one_and_combat_stops():
    """COM 6.5: no dice counts as 0; ruling COM R3: that ends the combat after one comparison."""
    r = calculators.run("com-defend", {"p1": "S=1 dice=d4", "p2": "S=3 M=3 L=3 dice=", "policy": "below-average"})
    d = r["data"]
    assert d["method"] == "exact"
    assert d["players"][0]["lost"] == [{"outcome": 0, "p": "1/1", "float": 1.0}]
    assert d["players"][1]["lost"] == [{"outcome": 1, "p": "1/1", "float": 1.0}]
    assert d["players"][0]["dice_given_up"]["value"] == "1/1"
    assert d["players"][1]["dice_given_up"]["value"] == "0/1"
    assert d["disputed"]["p"] == "1/1"


def test_pyramids_running_out_leaves_territory_empty():
    r = calculators.run("com-defend", {"p1": "S=1 dice=d6", "p2": "S=1 dice=d6", "policy": "none"})
    assert r["data"]["empty"]["p"] == "1/6"
    assert r["data"]["disputed"]["p"] == "0/1"


def test_short_pool_by_hand():
    """Three pyramids, one d6, against one pyramid and a d6: one comparison only."""
    r = calculators.run("com-defend", {"p1": "S=3 dice=d6", "p2": "S=1 dice=d6", "policy": "none"})
    d = r["data"]
    assert d["players"][0]["sole"]["p"] == "7/12"
    assert d["disputed"]["p"] == "5/12"
    assert d["players"][0]["dice_given_up"]["value"] == "1/1"


def test_resolve_fast_path_matches_step_by_step():
    rng = random.Random(7)
    for _ in range(3000):
        n = rng.randint(2, 4)
        finals, pyr = [], []
        for _ in range(n):
            k = rng.randint(0, 4)
            finals.append(tuple(sorted((rng.randint(1, 6) for _ in range(k)), reverse=True)))
            pyr.append(rng.randint(max(1, k), 5))
        assert resolve(tuple(finals), tuple(pyr))[0] == oracle_combat(finals, pyr)


def test_resolver_drops_a_player_out_of_pyramids():
    """Ruling COM R4, reached only with more dice than pyramids: the player leaves, the rest go on."""
    lost, given = resolve(((1, 1, 1), (5, 5, 5), (6, 6, 6)), (1, 3, 3))
    assert lost == (1, 2, 0) and given == (1, 3, 3)


def test_lumped_chain_matches_iid_chain_without_rerolls():
    for faces in [(6, 6), (8, 4, 4), (10,), (12, 6, 2)]:
        vmax = 12
        a = scan([IidChain(faces), IidChain((6, 6))], (len(faces), 2), (3, 3), vmax)
        b = scan([LumpedChain(final_dist(faces, 0, "none"), vmax), IidChain((6, 6))], (len(faces), 2), (3, 3), vmax)
        assert a == b


def test_final_dist_matches_oracle_with_rerolls():
    for faces, rr in [((6, 6), 2), ((8, 4), 3), ((10, 6, 4), 2)]:
        assert final_dist(faces, rr, "below-average") == oracle_finals(faces, rr, "below-average", None)


def test_monte_carlo_agrees_with_exact_within_interval():
    forces = (F(1, 1, dice=[8, 6], policy="below-average"), F(2, dice=[6, 6]))
    ex = exact(forces, exact_kind(forces)).lost
    mc = run_to_end(monte_carlo(forces, 20_000, 12345))
    for key, p in ex.items():
        share = mc.lost.get(key, 0) / mc.trials
        sigma = (float(p) * (1 - float(p)) / mc.trials) ** 0.5
        assert abs(share - float(p)) <= 3.5 * sigma, key
    r = calculators.run("com-defend", {"p1": "S=1 M=1 dice=d8,d6", "p2": "S=2 dice=d6,d6", "policy": "below-average",
                                       "method": "monte-carlo", "trials": 20000, "seed": 12345})
    e = calculators.run("com-defend", {"p1": "S=1 M=1 dice=d8,d6", "p2": "S=2 dice=d6,d6", "policy": "below-average"})
    assert r["data"]["method"] == "monte-carlo" and r["data"]["trials"] == 20000
    lo, hi = r["data"]["players"][0]["sole"]["ci95"]
    assert lo <= e["data"]["players"][0]["sole"]["float"] <= hi


def test_big_pools_fall_back_to_monte_carlo_with_progress():
    params = {"p1": "L=3 M=3 S=3 dice=9d20", "p2": "L=3 M=3 S=3 dice=9d20", "p3": "S=3 dice=3d100",
              "trials": 4000}
    events = list(calculators.iter_run("com-defend", params))
    progress = [e["progress"] for e in events if "progress" in e]
    assert progress and all(0 < p <= 1 for p in progress)
    final = events[-1]
    assert final["ok"] and final["data"]["method"] == "monte-carlo" and final["data"]["seed"] == 1


def test_rerolls_value_is_reported_against_none():
    r = calculators.run("com-defend", {"p1": "L=1 dice=d20", "p2": "S=1 dice=d20", "policy": "below-average"})
    p1 = r["data"]["players"][0]
    # Without rerolls d20 vs d20 is symmetric: 19/40 each sole occupier (190 of 400 rolls lower).
    assert p1["without_rerolls"]["sole"]["p"] == "19/40"
    assert p1["rerolls_gain_sole"] > 0


def test_the_policies_are_compared_only_on_request():
    """Issue 25: the comparison (up to four more Defends) is asked for; an answer without it says how to get it,
    and a Defend asked with nobody rerolling can still be compared."""
    params = {"p1": "S=1 M=1 dice=d8,d6", "p2": "S=1 L=1 dice=d12,d4", "policy": "below-average"}
    plain = calculators.run("com-defend", params)
    assert plain["ok"] and "policies" not in plain["data"]
    assert not any(t["title"].startswith("Reroll policies compared") for t in plain["tables"])
    assert any("Compare the reroll policies" in n for n in plain["notes"])
    compared = calculators.run("com-defend", {**params, "compare": True})
    assert [c["policy"] for c in compared["data"]["policies"]] == ["best", "below-average", "answer-earlier", "none"]
    assert compared["data"]["players"] == plain["data"]["players"]  # the Defend asked is the same either way
    nobody = calculators.run("com-defend", {**params, "policy": "none", "compare": True})
    assert len(nobody["data"]["policies"]) == 4


def test_same_seed_same_answer():
    params = {"p1": "S=1 M=1 dice=d8,d6", "p2": "S=2 dice=d6,d6", "method": "monte-carlo", "trials": 2000, "seed": 9}
    assert calculators.run("com-defend", params) == calculators.run("com-defend", params)


@pytest.mark.parametrize("params, field", [
    ({"p1": "S=1 dice=d0"}, "p1"),
    ({"p1": "S=1 dice=d-4"}, "p1"),
    ({"p1": "S=1 M=1 dice=d8,d6", "p2": "S=1 dice=d1"}, "p2"),
    ({"p1": "S=1 dice=d101"}, "p1"),
    ({"p1": "S=1 dice=d6,d6"}, "p1"),
    ({"p1": "S=3 M=3 L=3 dice=10d6"}, "p1"),
    ({"p1": "S=4 dice=d6"}, "p1"),
    ({"p1": "S=1 dice=d6 reroll=always"}, "p1"),
    ({"policy": "always"}, "policy"),
    ({"p1": "S=0 dice="}, "p1"),
    ({"p1": "S=1 M=1 dice=d8,d6", "p2": ""}, "p2"),
    ({"p1": "X=1"}, "p1"),
    ({"p1": ""}, "p1"),
    ({"trials": 10}, "trials"),
    ({"p7": "S=1"}, "p7"),
])
def test_bad_input(params, field):
    r = calculators.run("com-defend", params)
    assert r["ok"] is False and r["error"]["field"] == field, r


@pytest.mark.parametrize("forces, seed", [
    ((F(1, 1, 1, dice=[12, 8, 4], policy="below-average"), F(3, dice=[10, 6, 6])), 5),
    ((F(1, 1, dice=[6, 4], policy="answer-earlier"), F(0, 2, dice=[8, 6], policy="answer-earlier")), 6),
    ((F(2, dice=[6, 3]), F(1, 1, 1, dice=[6, 6], policy="answer-earlier"), F(0, 1, 1, dice=[3])), 8),
])
def test_monte_carlo_paths_agree_with_exact(forces, seed):
    """The simulation's inlined below-average roll and its answer-earlier path, against the exact answer."""
    ex = exact(forces, exact_kind(forces)).lost
    mc = run_to_end(monte_carlo(forces, 30_000, seed))
    for key, p in ex.items():
        share = mc.lost.get(key, 0) / mc.trials
        sigma = (float(p) * (1 - float(p)) / mc.trials) ** 0.5
        assert abs(share - float(p)) <= 3.5 * sigma + 1e-9, key


def _random_small_cases(count, seed):
    rng = random.Random(seed)
    cases = []
    while len(cases) < count:
        players = rng.choice([2, 2, 3])
        forces = []
        for _ in range(players):
            s, m, lg = rng.randint(0, 2), rng.randint(0, 1), rng.randint(0, 1)
            if s + m + lg == 0:
                s = 1
            k = rng.randint(0, min(2, s + m + lg))
            dice = [rng.choice([2, 3, 4, 6]) for _ in range(k)]
            forces.append(F(s, m, lg, dice=dice, policy=rng.choice(["none", "below-average", "answer-earlier"])))
        cases.append(tuple(forces))
    return cases


@pytest.mark.parametrize("forces", _random_small_cases(40, 2024))
def test_exact_matches_brute_force_random_small(forces):
    """Every small random Defend (up to 3 players, 2 dice each, mixed policies) against the oracle."""
    plan = exact_kind(forces)
    assert plan is not None
    assert exact(forces, plan).lost == oracle(forces)


def test_monte_carlo_with_a_diceless_player_is_certain():
    """COM 6.5: a player without dice always loses the one comparison; the simulation agrees every time."""
    out = run_to_end(monte_carlo((F(1, dice=[4]), F(2, 1, dice=[])), 3000, 4))
    assert out.lost == {(0, 1): 3000}
    assert out.given_mean == (1, 0)
    out = run_to_end(monte_carlo((F(2, dice=[6, 6]), F(1, 1, dice=[6, 6, ][:1])), 3000, 4))
    assert sum(out.lost.values()) == 3000 and out.given_mean == (1, 1)


def test_simulation_draws_from_the_planned_distributions():
    """No work thrown away: final-dice distributions built while planning feed the simulation."""
    from calculators.icehouse.budget import _samplers
    from calculators.icehouse.solver import build_chains
    forces = (F(1, 1, dice=[8, 6], policy="below-average"), F(2, dice=[6, 6]),
              F(0, 1, dice=[4], policy="below-average"))
    chains = build_chains(forces)
    samplers = _samplers(forces, chains)
    assert set(samplers) == {0, 2}
    ex = exact(forces, "scan", chains).lost
    mc = run_to_end(monte_carlo(forces, 20_000, 3, samplers))
    for key, p in ex.items():
        share = mc.lost.get(key, 0) / mc.trials
        sigma = (float(p) * (1 - float(p)) / mc.trials) ** 0.5
        assert abs(share - float(p)) <= 3.5 * sigma + 1e-9, key
