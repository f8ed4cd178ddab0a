"""England's off-board centres (CLAN 2.5, CLAN 1.3, rulings CLAN R4, R5, R7): worked by hand."""
from __future__ import annotations

import pytest

import calculators
from calculators.clans.england import offboard_centres


def run(**params):
    return calculators.run("clans-england-offboard", params)


# 8 in 1491, then one lost each spring from 1492: counted by hand.
@pytest.mark.parametrize("year, expected", [(1491, 8), (1492, 7), (1493, 6), (1494, 5), (1495, 4), (1496, 3),
                                            (1497, 2), (1498, 1), (1499, 0), (1500, 0), (1600, 0)])
def test_schedule(year, expected):
    assert offboard_centres(year) == expected
    assert run(year=year, season="spring", on_board=2, armies=2, army_fleets=0)["data"]["offboard"] == expected


def test_every_season_of_a_year_has_the_same_count():
    for season in ("spring", "fall", "winter"):
        assert run(year=1495, season=season)["data"]["offboard"] == 4


def test_the_spring_the_last_one_goes():
    r = run(year=1499, season="spring", on_board=5, armies=3, fleets=2, army_fleets=0)
    assert r["data"]["offboard"] == 0 and r["data"]["last_offboard_spring"] == 1499
    assert any("last off-board centre" in n for n in r["notes"])
    assert run(year=1498, season="spring")["data"]["offboard"] == 1


def test_winter_1491_after_the_summer_afs_is_even():
    # 2 + 8 = 10 centres; 2 armies + 4 A/Fs of two units = 10 units (ruling CLAN R5).
    r = run(year=1491, season="winter", on_board=2, armies=2, fleets=0, army_fleets=4)
    assert r["data"]["supply"] == 10 and r["data"]["units"] == 10 and r["data"]["adjustment"] == 0


def test_winter_1491_without_the_summer_afs_builds_four():
    r = run(year=1491, season="winter", on_board=2, armies=2, fleets=0, army_fleets=2)
    assert r["data"]["units"] == 6 and r["data"]["adjustment"] == 4 and r["data"]["status"] == "build"


def test_winter_1492_same_position_removes_one():
    r = run(year=1492, season="winter", on_board=2, armies=2, fleets=0, army_fleets=4)
    assert r["data"]["supply"] == 9 and r["data"]["adjustment"] == -1 and r["data"]["status"] == "remove"


def test_winter_1498_versus_1499():
    assert run(year=1498, season="winter", on_board=5, armies=3, fleets=2, army_fleets=0)["data"]["adjustment"] == 1
    assert run(year=1499, season="winter", on_board=5, armies=3, fleets=2, army_fleets=0)["data"]["adjustment"] == 0


def test_builds_beyond_four_sites_are_flagged():
    r = run(year=1491, season="winter", on_board=10, armies=2, fleets=0, army_fleets=2)
    assert r["data"]["adjustment"] == 12
    assert any("at most 4" in n for n in r["notes"])


def test_no_adjustment_outside_winter():
    r = run(year=1493, season="fall", on_board=4, armies=4, fleets=0, army_fleets=0)
    assert r["data"]["adjustment"] == 0 and r["data"]["projected"] == 6 and r["data"]["status"] == "no-adjustment"


def test_summer_only_in_1491():
    assert run(year=1491, season="summer")["data"]["status"] == "summer-af-builds"
    r = run(year=1492, season="summer")
    assert r["ok"] is False and r["error"]["field"] == "season"


def test_no_centres_on_the_board_means_eliminated():
    r = run(year=1493, season="winter", on_board=0, armies=0, fleets=1, army_fleets=0)
    assert any("eliminated" in n for n in r["notes"])


@pytest.mark.parametrize("params, field", [({"on_board": 69}, "on_board"), ({"year": 1490}, "year"),
                                           ({"armies": -1}, "armies"), ({"season": "autumn"}, "season")])
def test_bad_input(params, field):
    r = run(**params)
    assert r["ok"] is False and r["error"]["field"] == field


# CLAN 6.1: the game starts in Spring 1491; there is no earlier season.
def test_calendar_starts_spring_1491():
    r = run(year=1491, season="spring", on_board=2, armies=2, fleets=0, army_fleets=2)
    assert r["ok"] and r["data"]["offboard"] == 8 and r["data"]["units"] == 6
    assert "CLAN 6.1" in r["rules"]
    entry = next(c for c in calculators.catalog() if c["id"] == "clans-england-offboard")
    assert next(p for p in entry["params"] if p["name"] == "year")["min"] == 1491
