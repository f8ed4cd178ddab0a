"""Game of the Clans II victory (CLAN 5.1-5.4, rulings CLAN R6, R17-R20): expected values worked by hand."""
from __future__ import annotations

from itertools import product

import pytest

import calculators
from calculators.clans.victory import joint_extra_needed, joint_win_ok

ORDER = ["england", "campbell", "fraser", "gordon", "graham", "keith", "mcdonald", "mcleod", "stewart"]


def counts(**given):
    base = dict.fromkeys(ORDER, 0)
    base.update(given)
    return base


def run(**params):
    return calculators.run("clans-victory", params)


# CLAN 5.3: 35 wins outright, 34 does not.
def test_34_is_not_an_outright_win():
    r = run(**counts(england=2, campbell=34, fraser=5))
    assert r["ok"] and r["data"]["status"] != "outright" and r["data"]["winner"] is None
    assert r["data"]["shortfalls"]["campbell"]["outright"] == 1


def test_35_is_an_outright_win():
    r = run(**counts(england=2, campbell=35, fraser=5))
    assert r["data"]["status"] == "outright" and r["data"]["winner"] == "campbell"
    assert r["data"]["shortfalls"]["campbell"]["outright"] == 0


def test_england_can_win_outright_with_35_on_the_board():
    r = run(**counts(england=35, campbell=5))
    assert r["data"]["winner"] == "england"


# CLAN 5.4: 35 between two, the smaller at least 12.
def test_joint_win_with_a_12_centre_partner():
    r = run(**counts(england=2, campbell=23, gordon=12))
    assert r["data"]["status"] == "joint-available"
    assert r["data"]["joint_pairs"] == [["campbell", "gordon"]]


def test_no_joint_win_with_an_11_centre_partner():
    r = run(**counts(england=2, campbell=24, gordon=11))
    assert r["data"]["status"] == "none" and r["data"]["joint_pairs"] == []
    # One centre moving from Campbell to Gordon (or Gordon taking one from anyone) is enough.
    assert r["data"]["shortfalls"]["gordon"]["joint"] == 1
    assert r["data"]["shortfalls"]["gordon"]["partners"] == ["campbell"]


def test_joint_win_needs_35_between_them():
    r = run(**counts(england=2, campbell=22, gordon=12))
    assert r["data"]["joint_pairs"] == []
    assert r["data"]["shortfalls"]["campbell"]["joint"] == 1


def test_equal_partners_both_need_12():
    assert joint_win_ok(23, 12) and joint_win_ok(12, 23) and joint_win_ok(18, 17)
    assert not joint_win_ok(24, 11) and not joint_win_ok(11, 24) and not joint_win_ok(17, 17)


def test_joint_win_may_include_england():
    r = run(**counts(england=20, stewart=15))
    assert r["data"]["joint_pairs"] == [["england", "stewart"]]


def test_overlapping_pairs_are_all_listed():
    r = run(**counts(england=20, campbell=15, fraser=15))
    assert r["data"]["joint_pairs"] == [["england", "campbell"], ["england", "fraser"]]


# CLAN 5.1 with rulings CLAN R17, R18, R19.
def test_england_eliminated_when_both_taken_by_different_clans():
    r = run(**counts(england=3, campbell=8, fraser=0, gordon=6, graham=10, keith=5, mcdonald=6, mcleod=4, stewart=12),
            carlisle="stewart", newcastle="graham")
    assert r["data"]["status"] == "england-eliminated"
    # Fraser owns nothing and does not share (ruling CLAN R18).
    assert r["data"]["sharing"] == ["campbell", "gordon", "graham", "keith", "mcdonald", "mcleod", "stewart"]


def test_england_eliminated_whatever_else_it_holds():
    r = run(**counts(england=30, campbell=2, fraser=1), carlisle="campbell", newcastle="campbell")
    assert r["data"]["england_eliminated"] and r["data"]["status"] == "england-eliminated"
    assert r["data"]["sharing"] == ["campbell", "fraser"]


def test_one_of_two_is_not_enough():
    r = run(**counts(england=5, campbell=5), carlisle="campbell")
    assert not r["data"]["england_eliminated"] and r["data"]["status"] == "none"


def test_outright_takes_precedence_over_the_shared_win():
    r = run(**counts(england=0, campbell=36, fraser=2), carlisle="campbell", newcastle="fraser")
    assert r["data"]["status"] == "outright" and r["data"]["winner"] == "campbell"
    assert r["data"]["england_eliminated"] and r["data"]["sharing"] == []


# Bad input: counts above 68, a total over 68, an unknown power, owners without centres.
def test_count_above_68_is_rejected():
    r = run(**counts(campbell=69))
    assert r["ok"] is False and r["error"]["field"] == "campbell"


def test_total_over_68_is_rejected_at_the_power_that_passes_it():
    r = run(**counts(england=30, campbell=30, fraser=8, gordon=1))
    assert r["ok"] is False and r["error"]["field"] == "gordon"
    assert run(**counts(england=30, campbell=30, fraser=8))["ok"] is True


def test_unknown_clan_is_rejected():
    r = run(carlisle="macgregor")
    assert r["ok"] is False and r["error"]["field"] == "carlisle"
    r = run(macgregor=5)
    assert r["ok"] is False and r["error"]["field"] == "macgregor"


def test_owner_needs_the_centres():
    r = run(**counts(england=2, campbell=0, fraser=5), carlisle="campbell")
    assert r["ok"] is False and r["error"]["field"] == "carlisle"
    r = run(**counts(england=2, campbell=1), carlisle="campbell", newcastle="campbell")
    assert r["ok"] is False and r["error"]["field"] == "carlisle"


# Brute force oracle for the joint shortfall: search every way the pair can gain centres from
# third parties (ga, gb) and pass centres between them (t), cheapest first.
def _brute_extra(a: int, b: int) -> int:
    best = None
    for ga, gb in product(range(36), repeat=2):
        for t in range(-35, 36):
            fa, fb = a + ga - t, b + gb + t
            if fa < 0 or fb < 0 or fa + fb > 68:
                continue
            if fa + fb >= 35 and min(fa, fb) >= 12:
                cost = ga + gb + abs(t)
                best = cost if best is None else min(best, cost)
    return best


@pytest.mark.parametrize("a, b", [(0, 0), (5, 5), (11, 11), (12, 12), (23, 11), (24, 11), (30, 2), (34, 0),
                                  (22, 12), (17, 17), (20, 9), (1, 33)])
def test_joint_shortfall_matches_brute_force(a, b):
    assert joint_extra_needed(a, b) == _brute_extra(a, b)


def test_start_position_nearest_joint_win():
    # Two clans of 5 need 25 more between them (35 - 10); England (2) with a clan of 5 needs 28.
    # So the 28 clan pairs tie (8 choose 2) and no England pair does.
    r = run()
    assert r["data"]["status"] == "none"
    assert "needs 25 centres" in r["summary"] and "28 pairs tie" in r["notes"][0]
    assert r["data"]["shortfalls"]["england"]["joint"] == 28
    assert r["data"]["shortfalls"]["campbell"]["joint"] == 25
