"""Rule-by-rule engine tests for the parts of War of the Worlds outside the movement resolution:
builds (WOTW 8.2), the end of the game (WOTW 2.2, 2.3, ruling WOTW R11), the virus removals
(WOTW 9.2, 9.3, rulings WOTW R5, R9, R10), landings (WOTW 3.1, 3.5) and the Martian order parser."""
from __future__ import annotations

import itertools

import pytest

from calculators.core import InputError
from calculators.diplomacy.api import Illegal, Season, standard_map
from calculators.wotw.adjust import build_sites, centre_counts
from calculators.wotw.board import martian
from calculators.wotw.endgame import LANDING_SEASONS, end_of_game, next_removal_season
from calculators.wotw.landings import check_schedule, parse_sites
from calculators.wotw.orders import parse_order
from calculators.wotw.removal import apply, plan
from calculators.wotw.units import parse_units

S = Season

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
    assert end_of_game((), 0, {}, frozenset(MAP.centres), False).martian_wins is True


@pytest.mark.parametrize("destroyed, held, wins", [(12, 12, True), (12, 11, False), (0, 18, True), (0, 17, False),
                                                   (13, 11, True), (13, 10, False)])
def test_simple_majority_of_remaining(destroyed, held, wins):
    centres = sorted(MAP.centres)
    gone = frozenset(centres[:destroyed])
    owners = {c: "France" for c in centres[destroyed:destroyed + held]}
    end = end_of_game((), 0, owners, gone, True)
    assert (end.winner == "France") is wins
    assert end.needed == (34 - destroyed) // 2 + 1


def test_no_earth_win_while_martian_lives_or_before_fall():
    owners = {c: "France" for c in sorted(MAP.centres)[:30]}
    assert end_of_game((martian("bur", 1),), 0, owners, frozenset(), True).winner is None
    assert end_of_game((), 2, owners, frozenset(), True).martian_eliminated is False
    assert end_of_game((), 0, owners, frozenset(), False).winner is None


# -- WOTW 9.2, 9.3, R5, R9, R10 -------------------------------------------------------------------
@pytest.mark.parametrize("year, season, first", [
    (1903, S.FALL, (1903, S.WINTER)), (1904, S.SPRING, (1904, S.SUMMER)),
    (1904, S.SUMMER, (1904, S.WINTER)), (1904, S.WINTER, (1905, S.SUMMER))])
def test_first_removal_season(year, season, first):
    assert next_removal_season(year, season) == first


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
    units = tuple(martian(p, s) for p, s in zip(provs, strengths, strict=True))
    removals, after = apply(units, ())
    assert {r.province: r.points for r in removals} == _brute_default(units, 2)
    assert sum(u.strength for u in after) == sum(strengths) - 2


def test_ordered_removals_first_then_defaults():
    removals, after = apply((martian("par", 3), martian("ber", 1)), (("par", 1),))
    assert [(r.province, r.points, r.by_default) for r in removals] == [("par", 1, False), ("ber", 1, True)]
    assert after == (martian("par", 2),)


def test_schedule_until_nothing_left():
    seasons = plan((martian("par", 3), martian("ber", 2)), 1904, S.SPRING)
    assert [(r.year, r.season, r.due) for r in seasons] == [(1904, S.SUMMER, 2), (1904, S.WINTER, 2),
                                                            (1905, S.SUMMER, 1)]
    assert seasons[-1].after == ()


def test_too_many_removals_refused():
    with pytest.raises(Illegal):
        apply((martian("par", 3),), (("par", 3),))


# -- WOTW 3.1, 3.5 ---------------------------------------------------------------------------------
def test_six_landing_seasons():
    assert LANDING_SEASONS == ((S.SPRING, 1901), (S.FALL, 1901), (S.SPRING, 1902), (S.FALL, 1902),
                               (S.SPRING, 1903), (S.FALL, 1903))


def test_every_land_province_but_switzerland_may_be_a_site():
    for p, info in MAP.provinces.items():
        legal = check_schedule((p,))[0].legal
        assert legal is (info.terrain.value in ("land", "coast")), p
    assert check_schedule(("swi",))[0].legal is False


# -- the Martian order parser ----------------------------------------------------------------------
@pytest.mark.parametrize("text, kind, origin, strength, rest", [
    ("3A Con - 2A Bul - BLA", "split", "con", 3, {"parts": ((2, "bul"), (None, "bla"))}),
    ("2a par merge bur", "merge", "par", 2, {"dest": "bur"}),
    ("A Tyrolia merge Venice", "merge", "tyr", 1, {"dest": "ven"}),
    ("3A Mun S A Ber - Kie", "support", "mun", 3, {"target": "ber", "dest": "kie"}),
    ("2A NAO -> Mid-Atlantic", "move", "nao", 2, {"dest": "mao"}),
    ("3A StP/nc - Bar", "move", "stp", 3, {"dest": "bar"}),
])
def test_parser(text, kind, origin, strength, rest):
    o = parse_order(text)
    assert (o.spec.name, o.location, o.strength, o.power, o.text) == (kind, origin, strength, "Martian", text)
    assert {k: getattr(o, k) for k in rest} == rest


@pytest.mark.parametrize("text", ["F Con - Bul", "3A Atlantis - Bul", "Con - Bul", "3A Con - 4A Bul"])
def test_parser_rejects(text):
    with pytest.raises(InputError):
        parse_order(text)


def test_units_rejects_above_three_and_duplicates():
    with pytest.raises(InputError, match="strength is 1 to 3"):
        parse_units("4A Par")
    with pytest.raises(InputError):
        parse_units("A Par, 2A Paris")
    assert parse_units("3A Con; 2A North Atlantic Ocean\nA Vie") == (martian("con", 3), martian("nao", 2),
                                                                    martian("vie", 1))


def test_landing_schedule_by_season_names_in_any_order():
    """WOTW 3.1, 3.2: the names say which season each site is for, whatever order they are written in."""
    text = "Fall 1903 land Edi, Spring 1903 land Ser, Fall 1902 land Fin, Spring 1902 land Pic, Fall 1901 land Gal, " \
           "Spring 1901 land Mar"
    assert parse_sites(text) == ("mar", "gal", "pic", "fin", "ser", "edi")


@pytest.mark.parametrize("text, message", [
    ("Spring 1905 land Mar, Fall 1901 land Gal", "Spring 1905 is not a landing season"),
    ("Spring 1901 land Mar, Spring 1901 land Gal", "Spring 1901 is given two landing sites"),
    ("Spring 1901 land Mar, Gal", "write every site with its season, or none of them"),
    ("Spring 1901 land Mar, Fall 1901 land Gal", "No landing site for Spring 1902, Fall 1902, Spring 1903, Fall 1903"),
])
def test_landing_schedule_refusals(text, message):
    with pytest.raises(InputError, match=message):
        parse_sites(text)


# -- WOTW 3.3, ruling WOTW R6: a unit the cylinder lands on ------------------------------------------------------
def test_the_results_table_row_of_a_unit_the_cylinder_lands_on_says_eliminated():
    """A new player's report: Spring 1901, France A Par - Bur; A Mar, given no order, holds and the cylinder lands
    on it after the moves (WOTW 3.3, ruling WOTW R6). Its row says so; the rows of units elsewhere do not."""
    import calculators

    r = calculators.run("wotw-adjudicate", {"load": "start", "orders": "France: A Par - Bur"})
    rows = {row[1]: row for row in r["tables"][0]["rows"]}
    assert rows["A Mar (no order: holds)"] == [
        "France", "A Mar (no order: holds)", "eliminated",
        "holds; then eliminated: the cylinder lands in Mar after the moves (WOTW 3.3)", "DIP 6.1, WOTW 3.3, WOTW R6"]
    assert rows["F Bre (no order: holds)"][2] == "succeeds"
    assert rows["A Par - Bur"][2] == "succeeds"
