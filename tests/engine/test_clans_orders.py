"""Unit and order rules (CLAN 3, CLAN 4, CLAN 7.5; rulings CLAN R11-R16): worked by hand."""
from __future__ import annotations

import pytest

import calculators

NO_GO = ["solway-firth", "wigton-bay", "luce-bay", "galloway-strait", "firth-of-clyde", "bute-sound",
         "wemyss-bay", "sound-of-jura", "firth-of-lorne", "loch-linnhe"]


def run(**params):
    return calculators.run("clans-orders", params)


def verdict(**params) -> str:
    r = run(**params)
    assert r["ok"], r
    return r["data"]["verdict"]


def cites(rule: str, **params) -> bool:
    return rule in [x["rule"] for x in run(**params)["data"]["reasons"]]


# CLAN 3.1: English fleets convoy as usual.
def test_fleet_convoys_to_a_coast():
    assert verdict(power="england", unit="fleet", location="sea", order="convoy", target="coastal") == "legal"
    assert verdict(power="england", unit="fleet", location="sea", order="convoy", target="inland") == "illegal"
    assert verdict(power="campbell", unit="army", location="coastal", order="convoy", target="coastal") == "illegal"


# CLAN 3.2 with ruling CLAN R11: A/Fs are English.
def test_afs_and_fleets_are_english():
    assert verdict(power="campbell", unit="af", location="sea", order="hold") == "illegal"
    assert verdict(power="campbell", unit="fleet", location="sea", order="hold") == "illegal"
    assert verdict(power="england", unit="af", location="sea", order="hold") == "legal"


# CLAN 3.3: boarding and landing.
def test_english_army_boards_from_a_coast():
    assert verdict(power="england", unit="army", location="coastal", order="embark", target="fleet") == "legal"
    assert verdict(power="england", unit="army", location="inland", order="embark", target="fleet") == "illegal"
    assert verdict(power="england", unit="army", location="coastal", order="embark",
                   target="sound-of-jura") == "illegal"


def test_scottish_army_does_not_board():
    assert verdict(power="fraser", unit="army", location="coastal", order="embark", target="fleet") == "illegal"
    assert cites("CLAN R11", power="fraser", unit="army", location="coastal", order="embark", target="fleet")


def test_fleet_must_stand_while_boarding():
    r = run(power="england", unit="fleet", location="sea", order="embark")
    assert r["data"]["verdict"] == "legal" and "must stand" in r["data"]["reasons"][0]["text"]
    assert verdict(power="england", unit="af", location="sea", order="embark") == "illegal"


def test_af_disembarks_onto_a_coast_only():
    assert verdict(power="england", unit="af", location="sea", order="disembark", target="coastal") == "legal"
    assert verdict(power="england", unit="af", location="sea", order="disembark", target="inland") == "illegal"
    assert verdict(power="england", unit="fleet", location="sea", order="disembark", target="coastal") == "illegal"


# CLAN 3.4: an A/F only at sea.
@pytest.mark.parametrize("location", ["coastal", "inland"])
def test_af_only_at_sea(location):
    assert verdict(power="england", unit="af", location=location, order="hold") == "illegal"


# CLAN 3.5: no attack on a coast, no support on land (the source's Cuillin Sound example).
def test_af_may_not_attack_a_coast():
    assert verdict(power="england", unit="af", location="sea", order="move", target="coastal") == "illegal"
    assert verdict(power="england", unit="af", location="sea", order="move", target="sea") == "legal"


def test_cuillin_sound_example():
    r = run(power="england", unit="af", location="sea", order="support", target="coastal")
    assert r["data"]["verdict"] == "illegal" and r["data"]["reasons"][0]["rule"] == "CLAN 3.5"
    assert verdict(power="england", unit="af", location="sea", order="support", target="inland") == "illegal"
    assert verdict(power="england", unit="af", location="sea", order="support", target="sea") == "legal"
    assert verdict(power="england", unit="fleet", location="sea", order="support", target="coastal") == "legal"


def test_af_may_convoy():
    assert verdict(power="england", unit="af", location="sea", order="convoy", target="coastal") == "legal"


# CLAN 3.6: no retreat onto a fleet.
def test_no_retreat_onto_a_fleet():
    assert verdict(power="england", unit="army", location="coastal", order="retreat", target="fleet") == "illegal"
    assert cites("CLAN 3.6", power="england", unit="army", location="coastal", order="retreat", target="fleet")
    assert verdict(power="keith", unit="army", location="coastal", order="retreat", target="inland") == "legal"


def test_af_retreats_only_to_sea():
    assert verdict(power="england", unit="af", location="sea", order="retreat", target="sea") == "legal"
    assert verdict(power="england", unit="af", location="sea", order="retreat", target="coastal") == "illegal"


# CLAN 3.7: the ten waters.
@pytest.mark.parametrize("water", NO_GO)
def test_english_fleets_never_enter_the_ten_waters(water):
    for unit in ("fleet", "af"):
        assert verdict(power="england", unit=unit, location="sea", order="move", target=water) == "illegal"
        assert verdict(power="england", unit=unit, location="sea", order="retreat", target=water) == "illegal"
        assert verdict(power="england", unit=unit, location=water, order="hold") == "illegal"
    assert verdict(power="england", unit="fleet", location="sea", order="support", target=water) == "illegal"
    # A Scottish army with a Boat Bunch is not barred from them.
    assert verdict(power="mcdonald", unit="army-bb", location="coastal", order="move", target=water) == "legal"


def test_exactly_ten_waters_offered():
    entry = next(c for c in calculators.catalog() if c["id"] == "clans-orders")
    target = next(p for p in entry["params"] if p["name"] == "target")
    assert [c["value"] for c in target["choices"] if c["value"] in NO_GO] == NO_GO
    assert len([c for c in target["choices"] if "no English fleets" in c["label"]]) == 10


# CLAN 4.1, 4.2: building a BB.
def test_build_bb_standing_on_a_coast():
    assert verdict(power="mcdonald", unit="army", location="coastal", order="build-bb") == "legal"
    assert verdict(power="mcdonald", unit="army", location="inland", order="build-bb") == "illegal"


def test_build_bb_fails_when_attacked():
    assert verdict(power="mcdonald", unit="army", location="coastal", order="build-bb", attacked=True) == "fails"


# CLAN 4.3: only coastal and sea spaces.
def test_bb_never_inland():
    assert verdict(power="mcdonald", unit="army-bb", location="inland", order="hold") == "illegal"
    assert verdict(power="mcdonald", unit="army-bb", location="coastal", order="move", target="inland") == "legal"
    assert cites("CLAN R13", power="mcdonald", unit="army-bb", location="coastal", order="move", target="inland")
    assert verdict(power="mcdonald", unit="army-bb", location="sea", order="move", target="inland") == "illegal"


# CLAN 4.4: into a sea space; a plain army may not.
def test_army_with_bb_goes_to_sea_plain_army_does_not():
    assert verdict(power="mcdonald", unit="army-bb", location="coastal", order="move", target="sea") == "legal"
    assert verdict(power="mcdonald", unit="army-bb", location="sea", order="move", target="sea") == "legal"
    assert verdict(power="mcdonald", unit="army", location="coastal", order="move", target="sea") == "illegal"
    assert verdict(power="mcdonald", unit="army", location="sea", order="hold") == "illegal"


# CLAN 4.5: one BB per army.
def test_one_bb_per_army():
    assert verdict(power="mcdonald", unit="army-bb", location="coastal", order="build-bb") == "illegal"


# CLAN 4.6: at most three per clan.
def test_third_bb_allowed_fourth_not():
    assert verdict(power="mcleod", unit="army", location="coastal", order="build-bb", bb_count=2) == "legal"
    assert verdict(power="mcleod", unit="army", location="coastal", order="build-bb", bb_count=3) == "illegal"


# CLAN 4.7, 4.8: abandon and destroy.
def test_abandon_and_destroy():
    assert verdict(power="gordon", unit="army-bb", location="coastal", order="abandon-bb") == "legal"
    assert verdict(power="gordon", unit="army-bb", location="sea", order="abandon-bb") == "illegal"
    assert verdict(power="gordon", unit="army-bb", location="coastal", order="destroy-bb") == "legal"
    assert verdict(power="gordon", unit="army", location="coastal", order="destroy-bb") == "illegal"


# CLAN 4.9: a dislodged army retreats without its BB.
def test_dislodged_army_with_bb_retreats_to_land():
    assert verdict(power="gordon", unit="army-bb", location="sea", order="retreat", target="coastal") == "legal"
    assert verdict(power="gordon", unit="army-bb", location="sea", order="retreat", target="sea") == "illegal"


# CLAN 4.10: England builds none, may use captured ones.
def test_england_and_bbs():
    assert verdict(power="england", unit="army", location="coastal", order="build-bb") == "illegal"
    assert verdict(power="england", unit="army-bb", location="coastal", order="move", target="sea") == "legal"


# CLAN 7.5: Ireland.
@pytest.mark.parametrize("unit, location", [("army", "coastal"), ("fleet", "sea"), ("army-bb", "sea")])
def test_ireland_impassable(unit, location):
    power = "england" if unit == "fleet" else "campbell"
    assert verdict(power=power, unit=unit, location=location, order="move", target="ireland") == "illegal"


@pytest.mark.parametrize("params, field", [
    ({"power": "macgregor"}, "power"), ({"unit": "galley"}, "unit"), ({"location": "ireland"}, "location"),
    ({"order": "pillage"}, "order"), ({"order": "move", "target": "none"}, "target"), ({"bb_count": 4}, "bb_count"),
])
def test_bad_input(params, field):
    r = run(**params)
    assert r["ok"] is False and r["error"]["field"] == field


# CLAN 0.1: everything else is the standard rules.
def test_standard_rules_apply_elsewhere():
    r = run(power="stewart", unit="army", location="inland", order="move", target="coastal")
    assert r["data"]["verdict"] == "legal" and r["data"]["reasons"][0]["rule"] == "CLAN 0.1"
    r = run(power="england", unit="fleet", location="sea", order="move", target="inland")
    assert r["data"]["verdict"] == "illegal" and r["data"]["reasons"][0]["rule"] == "CLAN 0.1"
    assert verdict(power="england", unit="fleet", location="sea", order="retreat", target="fleet") == "illegal"
