"""Build legality (CLAN 1.3, CLAN 2.1-2.4, rulings CLAN R3, R4, R8, R9, R10): worked by hand."""
from __future__ import annotations

import pytest

import calculators


def run(**params):
    return calculators.run("clans-builds", params)


def legal(**params) -> bool:
    r = run(**params)
    assert r["ok"], r
    return r["data"]["legal"]


# CLAN 2.1: clans build armies only, in their own home centres.
def test_clan_army_in_own_home_centre():
    assert legal(power="mcdonald", unit="army", site="home", home_owned=5)


def test_clan_cannot_build_fleets_or_afs():
    assert not legal(power="mcdonald", unit="fleet", site="home")
    assert not legal(power="mcdonald", unit="af", site="home")


def test_clan_needs_the_home_centre_owned_and_empty():
    assert not legal(power="keith", unit="army", site="home", site_owned=False, home_owned=3)
    assert not legal(power="keith", unit="army", site="home", empty=False)


def test_home_centres_are_the_starting_provinces():
    r = run(power="mcleod")
    assert r["data"]["home_centres"] == ["Lewis", "Aultbea", "Eilean Donan", "Duart", "Ardverck"]


# CLAN 2.2: temporary build centres while fewer than two home centres are owned.
def test_exactly_two_home_centres_no_temporary_centre():
    assert not legal(power="mcdonald", unit="army", site="other-home", home_owned=2, nominated=True, nominated_total=1)


def test_one_home_centre_allows_a_temporary_centre():
    assert legal(power="mcdonald", unit="army", site="other-home", home_owned=1, nominated=True, nominated_total=1)
    assert legal(power="mcdonald", unit="army", site="other-centre", home_owned=0, nominated=True, nominated_total=2)


def test_temporary_centre_must_be_nominated_owned_and_empty():
    base = dict(power="gordon", unit="army", site="other-centre", home_owned=1)
    assert not legal(**base, nominated=False)
    assert not legal(**base, nominated=True, nominated_total=1, site_owned=False)
    assert not legal(**base, nominated=True, nominated_total=1, empty=False)


def test_at_most_two_temporary_centres():
    assert legal(power="gordon", unit="army", site="other-centre", home_owned=0, nominated=True, nominated_total=2)
    assert not legal(power="gordon", unit="army", site="other-centre", home_owned=0, nominated=True,
                     nominated_total=3)


def test_a_clan_may_nominate_captured_carlisle():
    assert legal(power="stewart", unit="army", site="carlisle", home_owned=1, nominated=True, nominated_total=1)


def test_no_clan_build_at_sea():
    assert not legal(power="campbell", unit="army", site="blyth-bay", home_owned=0, nominated=True, nominated_total=1)
    assert not legal(power="campbell", unit="army", site="other-space", home_owned=0, nominated=True,
                     nominated_total=1)


# CLAN 2.3 with ruling CLAN R8: England's four sites.
@pytest.mark.parametrize("unit, site, ok", [
    ("army", "carlisle", True), ("army", "newcastle", True), ("army", "home", True),
    ("army", "blyth-bay", False), ("army", "other-centre", False),
    ("fleet", "blyth-bay", True), ("fleet", "south-channel", True),
    ("fleet", "carlisle", False), ("fleet", "other-centre", False), ("fleet", "other-space", False),
])
def test_england_sites(unit, site, ok):
    assert legal(power="england", unit=unit, site=site) is ok


def test_england_army_needs_the_centre_owned():
    assert not legal(power="england", unit="army", site="carlisle", site_owned=False)


def test_england_fleet_needs_only_an_empty_space():
    assert legal(power="england", unit="fleet", site="south-channel", site_owned=False)
    assert not legal(power="england", unit="fleet", site="south-channel", empty=False)


# CLAN 1.3, CLAN 2.4 with ruling CLAN R4: A/Fs only in Summer 1491.
def test_summer_1491_afs():
    assert legal(power="england", unit="af", site="blyth-bay", year=1491, season="summer")
    assert legal(power="england", unit="af", site="south-channel", year=1491, season="summer")
    assert not legal(power="england", unit="af", site="south-channel", year=1491, season="summer", empty=False)
    assert not legal(power="england", unit="af", site="carlisle", year=1491, season="summer")
    assert not legal(power="england", unit="fleet", site="blyth-bay", year=1491, season="summer")
    assert not legal(power="campbell", unit="army", site="home", year=1491, season="summer")


def test_no_afs_in_winter():
    assert not legal(power="england", unit="af", site="blyth-bay", year=1491, season="winter")
    assert not legal(power="england", unit="af", site="blyth-bay", year=1495, season="winter")


@pytest.mark.parametrize("params, field", [
    ({"power": "macgregor"}, "power"),
    ({"site": "edinburgh"}, "site"),
    ({"unit": "tank"}, "unit"),
    ({"year": 1492, "season": "summer"}, "season"),
    ({"home_owned": 6}, "home_owned"),
    ({"site": "home", "home_owned": 0}, "home_owned"),
    ({"nominated": True, "nominated_total": 0}, "nominated_total"),
])
def test_bad_input(params, field):
    r = run(**params)
    assert r["ok"] is False and r["error"]["field"] == field
