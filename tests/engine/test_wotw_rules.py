"""Rule-by-rule engine tests for the parts of War of the Worlds outside the movement resolution:
builds (WOTW 8.2), the end of the game (WOTW 2.2, 2.3, ruling WOTW R11), the virus removals
(WOTW 9.2, 9.3, rulings WOTW R5, R9, R10), landings (WOTW 3.1, 3.5) and the Martian order parser."""
from __future__ import annotations

import itertools

import pytest

from calculators.core import InputError
from calculators.diplomacy.map import standard_map
from calculators.wotw.adjust import build_sites, centre_counts
from calculators.wotw.endgame import end_of_game
from calculators.wotw.landings import LANDING_SEASONS, check_schedule
from calculators.wotw.orders import Merge, Move, Part, Support, parse_order
from calculators.wotw.removals import apply_season, next_adjustment, schedule
from calculators.wotw.units import MartianUnit, parse_units

MAP = standard_map()


# -- WOTW 8.2 --------------------------------------------------------------------------------
def test_build_in_own_home_and_captured_neutral_only():
    owners = {"par": "France", "bre": "France", "mar": "France", "spa": "France", "mun": "France", "bel": "France"}
    sites = build_sites("France", owners, destroyed={"mar"}, occupied={"bre"})
    assert sites == ("bel", "par", "spa")  # not Mar (destroyed), Bre (occupied), Mun (Germany's home)


def test_destroyed_centres_count_for_nobody():
    assert centre_counts({"par": "France", "mar": "France", "ber": "Germany"}, {"mar"}) == {"France": 1, "Germany": 1}


# -- WOTW 2.2, 2.3, R11 ---------------------------------------------------------------------------
def test_martian_wins_at_34():
    assert end_of_game((), 0, {}, frozenset(MAP.centres), "spring")["martian_wins"] is True


@pytest.mark.parametrize("destroyed, held, wins", [(12, 12, True), (12, 11, False), (0, 18, True), (0, 17, False),
                                                   (13, 11, True), (13, 10, False)])
def test_simple_majority_of_remaining(destroyed, held, wins):
    centres = sorted(MAP.centres)
    gone = frozenset(centres[:destroyed])
    owners = {c: "France" for c in centres[destroyed:destroyed + held]}
    end = end_of_game((), 0, owners, gone, "fall")
    assert (end["winner"] == "France") is wins
    assert end["needed"] == (34 - destroyed) // 2 + 1


def test_no_earth_win_while_martian_lives_or_before_fall():
    owners = {c: "France" for c in sorted(MAP.centres)[:30]}
    assert end_of_game((MartianUnit("bur", 1),), 0, owners, frozenset(), "fall")["winner"] is None
    assert end_of_game((), 2, owners, frozenset(), "fall")["martian_eliminated"] is False
    assert end_of_game((), 0, owners, frozenset(), "spring")["winner"] is None


# -- WOTW 9.2, 9.3, R5, R9, R10 -------------------------------------------------------------------
@pytest.mark.parametrize("year, season, first", [(1903, "fall", (1903, "winter")), (1904, "spring", (1904, "summer")),
                                                 (1904, "summer", (1904, "winter")), (1904, "winter", (1905, "summer"))])
def test_first_removal_season(year, season, first):
    assert next_adjustment(year, season) == first


def _brute_default(units, due):
    """Independent oracle: list every strength point as (full name, province); take the first ``due``."""
    points = sorted((MAP.provinces[u.province].name, u.province) for u in units for _ in range(u.strength))
    taken = {}
    for _, prov in points[:due]:
        taken[prov] = taken.get(prov, 0) + 1
    return taken


@pytest.mark.parametrize("provs", list(itertools.combinations(["lvp", "lvn", "par", "ber", "nao", "bla", "stp"], 3)))
@pytest.mark.parametrize("strengths", [(1, 1, 1), (3, 1, 2), (1, 2, 3)])
def test_default_removals_match_the_oracle(provs, strengths):
    units = tuple(MartianUnit(p, s) for p, s in zip(provs, strengths))
    removals, after = apply_season(units, ())
    assert {r.province: r.points for r in removals} == _brute_default(units, 2)
    assert sum(u.strength for u in after) == sum(strengths) - 2


def test_ordered_removals_first_then_defaults():
    removals, after = apply_season((MartianUnit("par", 3), MartianUnit("ber", 1)), (("par", 1),))
    assert [(r.province, r.points, r.by_default) for r in removals] == [("par", 1, False), ("ber", 1, True)]
    assert after == (MartianUnit("par", 2),)


def test_schedule_until_nothing_left():
    plan = schedule((MartianUnit("par", 3), MartianUnit("ber", 2)), 1904, "spring")
    assert [(r.year, r.season, r.due) for r in plan] == [(1904, "summer", 2), (1904, "winter", 2), (1905, "summer", 1)]
    assert plan[-1].after == ()


def test_too_many_removals_refused():
    with pytest.raises(InputError):
        apply_season((MartianUnit("par", 3),), (("par", 3),))


# -- WOTW 3.1, 3.5 ---------------------------------------------------------------------------------
def test_six_landing_seasons():
    assert LANDING_SEASONS == (("Spring", 1901), ("Fall", 1901), ("Spring", 1902), ("Fall", 1902),
                               ("Spring", 1903), ("Fall", 1903))


def test_every_land_province_but_switzerland_may_be_a_site():
    for p, info in MAP.provinces.items():
        legal = check_schedule((p,))[0].legal
        assert legal is (info.terrain.value in ("land", "coast")), p
    assert check_schedule(("swi",))[0].legal is False


# -- the Martian order parser ----------------------------------------------------------------------
@pytest.mark.parametrize("text, order", [
    ("3A Con - 2A Bul - BLA", Move("con", 3, (Part(2, "bul"), Part(None, "bla")), "3A Con - 2A Bul - BLA")),
    ("2a par merge bur", Merge("par", 2, "bur", "2a par merge bur")),
    ("A Tyrolia merge Venice", Merge("tyr", 1, "ven", "A Tyrolia merge Venice")),
    ("3A Mun S A Ber - Kie", Support("mun", 3, "ber", "kie", "3A Mun S A Ber - Kie")),
    ("2A NAO -> Mid-Atlantic", Move("nao", 2, (Part(None, "mao"),), "2A NAO -> Mid-Atlantic")),
    ("3A StP/nc - Bar", Move("stp", 3, (Part(None, "bar"),), "3A StP/nc - Bar")),
])
def test_parser(text, order):
    assert parse_order(text) == order


@pytest.mark.parametrize("text", ["F Con - Bul", "3A Atlantis - Bul", "Con - Bul", "3A Con - 4A Bul"])
def test_parser_rejects(text):
    with pytest.raises(InputError):
        parse_order(text)


def test_units_rejects_above_three_and_duplicates():
    with pytest.raises(InputError):
        parse_units("4A Par")
    with pytest.raises(InputError):
        parse_units("A Par, 2A Paris")
    assert parse_units("3A Con; 2A North Atlantic Ocean\nA Vie") == (MartianUnit("con", 3), MartianUnit("nao", 2),
                                                                    MartianUnit("vie", 1))
