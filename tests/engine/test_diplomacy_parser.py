"""The order, position and phase parser: every notation of issue 5 and every error message."""
from __future__ import annotations

import pytest

from calculators.diplomacy.game import adjudicate_phase, reader_for
from calculators.diplomacy.orders import Status
from calculators.diplomacy.parser import ParseError, parse_phase, read_position
from calculators.diplomacy.units import Phase, PhaseKind, Season, UnitType
from calculators.diplomacy.variant import STANDARD

R = reader_for(STANDARD)
A, F = UnitType.ARMY, UnitType.FLEET


def one(text, power=None):
    return R.order(text, 1, power)


@pytest.mark.parametrize("text, kind, utype, loc, target, dest, via", [
    ("A Par - Bur", "move", A, "par", None, "bur", False),
    ("A Par -> Bur", "move", A, "par", None, "bur", False),
    ("a par-bur", "move", A, "par", None, "bur", False),
    ("  A   PAR   -   BUR  ", "move", A, "par", None, "bur", False),
    ("F Lon S A Wal - Bel", "support", F, "lon", "wal", "bel", False),
    ("A Lon - Bel via convoy", "move", A, "lon", None, "bel", True),
    ("A Lon - Bel by convoy", "move", A, "lon", None, "bel", True),
    ("F Nth C A Lon - Bel", "convoy", F, "nth", "lon", "bel", False),
    ("A Mun H", "hold", A, "mun", None, None, False),
    ("A Mun Hold", "hold", A, "mun", None, None, False),
    ("A Mun", "hold", A, "mun", None, None, False),
    ("fleet stands English Channel", "hold", F, "eng", None, None, False),
    ("army holds Munich", "hold", A, "mun", None, None, False),
    ("A Mun R Boh", "retreat", A, "mun", None, "boh", False),
    ("A Mun D", "disband", A, "mun", None, None, False),
    ("Build A Par", "build", A, "par", None, None, False),
    ("Build F StP/sc", "build", F, "stp/sc", None, None, False),
    ("Remove A Par", "disband", A, "par", None, None, False),
    ("army Berlin to Prussia", "move", A, "ber", None, "pru", False),
    ("army Berlin moves to Prussia", "move", A, "ber", None, "pru", False),
    ("fleet English Channel convoys army London to Belgium", "convoy", F, "eng", "lon", "bel", False),
    ("army Munich supports army Berlin to Prussia", "support", A, "mun", "ber", "pru", False),
    ("army Tyrolia supports army Munich", "support", A, "tyr", "mun", None, False),
    ("A Tyr S A Mun H", "support", A, "tyr", "mun", None, False),
    ("F Mid-Atlantic Ocean - Spain(nc)", "move", F, "mao", None, "spa/nc", False),
    ("F Mao - Spa (sc)", "move", F, "mao", None, "spa/sc", False),
    ("F Con - Bul/ec", "move", F, "con", None, "bul/ec", False),
    ("F StP/nc - Bar", "move", F, "stp/nc", None, "bar", False),
    ("F Gas - Spain north coast", "move", F, "gas", None, "spa/nc", False),
    ("F St. Petersburg (south coast) - Gulf of Bothnia", "move", F, "stp/sc", None, "bot", False),
    ("Par - Bur", "move", None, "par", None, "bur", False),
    ("A Lon - Nth - Bel", "move", A, "lon", None, "bel", True),
    ("A Gas -> Mar via Convoy", "move", A, "gas", None, "mar", True),
    ("F nth -> pic", "move", F, "nth", None, "pic", False),
    ("F por supports F mao -> spa", "support", F, "por", "mao", "spa", False),
    ("GER: A war build", "build", A, "war", None, None, False),
    ("FRA: A pic disband", "disband", A, "pic", None, None, False),
])
def test_notations(text, kind, utype, loc, target, dest, via):
    o = one(text)
    got = (o.spec.name, o.unit_type, o.location, o.target, o.dest, o.via_convoy)
    assert got == (kind, utype, loc, target, dest, via)


def test_power_prefixes_and_headings():
    assert one("England: F Lon - Eng").power == "England"
    assert one("ENG: F Lon - Eng").power == "England"
    assert one("english: F Lon - Eng").power == "England"
    assert one("Waive", "Russia").power == "Russia"
    assert one("England: Waive").spec.name == "waive"
    orders, errors = R.orders("France:\nA Par - Bur\n# a comment\n\nGermany:\nA Mun - Bur  # bounce\n")
    assert [(o.power, o.location, o.line) for o in orders] == [("France", "par", 2), ("Germany", "mun", 6)]
    assert errors == []


@pytest.mark.parametrize("text, message", [
    ("A Xyz - Bur", "unknown province \u2018xyz\u2019"),
    ("A Par - Atlantis", "unknown province \u2018atlantis\u2019"),
    ("Prussia: A Ber - Sil", "unknown power \u2018Prussia\u2019"),
    ("Waive now", "nothing may follow \u2018waive\u2019"),
    ("A Par -", "a province is missing at the end"),
    ("A Lon - Bel via boat", "write \u2018via convoy\u2019"),
    ("F Nth C A Lon", "a convoy needs the army's destination (F Nth C A Lon - Bel)"),
    ("A Par jumps Bur", "unknown order word \u2018jumps\u2019 (use - S C H R D, or Build/Remove/Waive)"),
    ("A Par - Bur please", "unexpected \u2018please\u2019 at the end"),
    ("A Mun H now", "unexpected \u2018now\u2019 at the end"),
])
def test_order_errors(text, message):
    with pytest.raises(ParseError) as err:
        one(text)
    assert err.value.message == message
    assert text.strip() in str(err.value)


def test_parse_errors_are_reported_and_ignored():
    orders, errors = R.orders("A Par - Bur\nA Xyz - Bur\n")
    assert len(orders) == 1 and len(errors) == 1 and errors[0].line == 2


@pytest.mark.parametrize("text, phase", [
    ("Spring 1901 movement", Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)),
    ("spring 1901", Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)),
    ("Fall 1902 retreats", Phase(1902, Season.FALL, PhaseKind.RETREATS)),
    ("Autumn 1902 retreat", Phase(1902, Season.FALL, PhaseKind.RETREATS)),
    ("Winter 1903", Phase(1903, Season.WINTER, PhaseKind.ADJUSTMENTS)),
    ("Winter 1903 adjustments", Phase(1903, Season.WINTER, PhaseKind.ADJUSTMENTS)),
    ("S1901M", Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)),
    ("F1902R", Phase(1902, Season.FALL, PhaseKind.RETREATS)),
    ("W1903A", Phase(1903, Season.WINTER, PhaseKind.ADJUSTMENTS)),
])
def test_phases(text, phase):
    assert parse_phase(text) == phase


@pytest.mark.parametrize("text, message", [
    ("Summer 1901", "phase: standard Diplomacy has no Summer; Summer is a War of the Worlds season "
                    "(use that adjudicator)"),
    ("Monsoon 1901", "phase: unknown word \u2018monsoon\u2019 (write e.g. Spring 1901 movement)"),
    ("Spring", "phase: give a season and a year, e.g. Fall 1901 retreats"),
    ("Spring 1800", "phase: the year must be between 1901 and 3000"),
    ("Winter 1901 retreats", "phase: Winter has only the adjustment phase (DIP 2.5)"),
    ("Spring 1901 builds", "phase: adjustments are made in Winter (DIP 2.5)"),
])
def test_phase_errors(text, message):
    with pytest.raises(ParseError) as err:
        parse_phase(text)
    assert err.value.message == message


START = Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)


def test_position_text():
    p = read_position(R, Phase(1901, Season.FALL, PhaseKind.RETREATS),
                      "England: F Lon, A Yor\nRussia:\nF StP/nc; A War\nCentres England: Lon, Edi\n"
                      "Dislodged Austria: A Ser from Bul, F Tri\nContested: Gal, Rum  # stand-offs\n")
    assert sorted(u.label() for u in p.units) == ["A War", "A Yor", "F Lon", "F StP/nc"]
    assert dict(p.owners) == {"edi": "England", "lon": "England"}
    assert [(d.unit.label(), d.attacker_from) for d in p.dislodged] == [("A Ser", "bul"), ("F Tri", None)]
    assert p.contested == frozenset({"gal", "rum"})


@pytest.mark.parametrize("text, message", [
    ("A Lon", "start the line with the power (England: F Lon, A Lvp)"),
    ("England: Lon", "each unit starts with A or F (got \u2018Lon\u2019)"),
    ("Dislodged England: Lon", "a dislodged unit starts with A or F (got \u2018Lon\u2019)"),
    ("Centres England: Yor", "Yorkshire is not a supply centre"),
    ("Centres England: Lon\nCentres France: Lon", "London is owned twice"),
    ("Persia: A Lon", "unknown power \u2018Persia\u2019"),
    ("England: A Lon Yor", "unexpected \u2018yor\u2019 at the end"),
])
def test_position_errors(text, message):
    with pytest.raises(ParseError) as err:
        read_position(R, START, text)
    assert err.value.message == message


def _results(position_text, orders_text, phase=START):
    result = adjudicate_phase(read_position(R, phase, position_text), orders_text)
    return {o.line: o for o in result.outcomes if o.line}


@pytest.mark.parametrize("orders, status, reason", [
    ("A Xyz - Bur", Status.UNREADABLE, "unknown province \u2018xyz\u2019; the order is ignored"),
    ("A Ruh - Bur", Status.ILLEGAL, "there is no unit in Ruh"),
    ("Germany: F Lon - Nth", Status.ILLEGAL, "the unit in Lon is England's, not Germany's"),
    ("A Par - Mun", Status.ILLEGAL, "Par is not adjacent to Mun, and no convoy can reach it; the unit holds"),
    ("F Lon - Bel", Status.ILLEGAL, "Lon is not adjacent to Bel for a fleet; the unit holds"),
    ("F Gas - Par", Status.ILLEGAL, "a fleet cannot move inland to Paris; the unit holds"),
    ("A Par - Eng", Status.ILLEGAL, "an army cannot move into English Channel (sea); the unit holds"),
    ("F Mao - Spa", Status.ILLEGAL, "say which coast of Spain: Spa/nc or Spa/sc; the unit holds"),
    ("F Gas - Spa/sc", Status.ILLEGAL, "a fleet in Gas cannot reach Spa/sc; the unit holds"),
    ("A Par - Par", Status.ILLEGAL, "A Par cannot move to its own province; the unit holds"),
    ("A Mun S A Par - Pic", Status.ILLEGAL,
     "A Mun could not move to Pic, so cannot support a move there; the unit holds"),
    ("F Lon S A Par", Status.ILLEGAL, "F Lon could not move to Par, so cannot support there; the unit holds"),
    ("A Mun S A Par - Gas", Status.ILLEGAL,
     "A Mun could not move to Gas, so cannot support a move there; the unit holds"),
    ("A Mun S A Ber - Lon", Status.ILLEGAL,
     "A Mun could not move to Lon, so cannot support a move there; the unit holds"),
    ("F Gas S A Par - Bur", Status.ILLEGAL,
     "F Gas could not move to Bur, so cannot support a move there; the unit holds"),
    ("A Bur S A Par - Gas", Status.VOID, "void: A Par did not move to Gas"),
    ("A Mun S A Mun", Status.ILLEGAL, "a unit cannot support itself; the unit holds"),
    ("F Lon C A Par - Bel", Status.ILLEGAL, "a fleet convoys only from a sea province, not London; the unit holds"),
    ("F Eng C A Wal - Pic", Status.ILLEGAL, "there is no army to convoy in Wal; the unit holds"),
    ("A Mun R Boh", Status.ILLEGAL, "a retreat order is given only in the retreat phase"),
    ("Build A Par", Status.ILLEGAL, "a build order is given only in the adjustment phase"),
])
def test_illegal_order_messages(orders, status, reason):
    got = _results("England: F Lon, F Eng\nFrance: A Par, F Gas, F Mao, A Bur\nGermany: A Mun, A Ber", orders)[1]
    assert got.status is status
    assert got.reason == reason


def test_unit_type_and_coast_of_ordered_unit_are_not_checked():
    got = _results("France: F Spa/sc", "A Spa/nc - Lyo")[1]
    assert got.status is Status.SUCCEEDS


def test_two_different_orders_hold_and_identical_count_once():
    got = _results("France: A Par", "A Par - Bur\nA Par - Pic")
    assert got[1].status is Status.ILLEGAL and got[2].status is Status.ILLEGAL
    got = _results("France: A Par", "A Par - Bur\nA Par - Bur")
    assert got[1].status is Status.SUCCEEDS and got[2].status is Status.ILLEGAL


@pytest.mark.parametrize("text, loc, dest", [
    ("F StP sc - Bot", "stp/sc", "bot"),
    ("F Mao - Spa nc", "mao", "spa/nc"),
    ("F Con - Bul ec", "con", "bul/ec"),
    ("F Spa SC-Lyo", "spa/sc", "lyo"),
])
def test_bare_coast_codes(text, loc, dest):
    o = one(text)
    assert (o.location, o.dest) == (loc, dest)


def test_semicolons_separate_orders_and_carry_the_power():
    orders, errors = R.orders("Russia: F Sev - Rum; A Mos S F Sev - Rum;\nA Par - Bur ; A Mar S A Par - Bur")
    assert errors == []
    assert [(o.power, o.location, o.line) for o in orders] == [
        ("Russia", "sev", 1), ("Russia", "mos", 1), (None, "par", 2), (None, "mar", 2)]
    orders, errors = R.orders("France:\nA Par - Bur; Germany: A Mun - Bur; A Ber - Kie\nA Mar H")
    assert [(o.power, o.location) for o in orders] == [
        ("France", "par"), ("Germany", "mun"), ("Germany", "ber"), ("France", "mar")]


@pytest.mark.parametrize("text, message", [
    ("A Pari - Bur", "unknown province \u2018pari\u2019 (did you mean Paris, Par?)"),
    ("A Par - Burgandy", "unknown province \u2018burgandy\u2019 (did you mean Burgundy, Bur?)"),
    ("F St Petersberg/sc - Bot", "unknown province \u2018st petersberg\u2019 (did you mean St Petersburg, StP?)"),
    ("A Mun - Romania", "unknown province \u2018romania\u2019 (did you mean Rumania, Rum?)"),
    ("A Qqq - Bur", "unknown province \u2018qqq\u2019"),
])
def test_unknown_province_suggests_a_close_spelling(text, message):
    with pytest.raises(ParseError) as err:
        one(text)
    assert err.value.message == message


@pytest.mark.parametrize("orders, status, reason", [
    ("F Par - Pic", Status.SUCCEEDS, "moved to Pic (strength 1, unopposed); note: the unit in Par is an army "
     "(the letters and coasts written are not checked, ruling DIP R8)"),
    ("F Bur - Eng", Status.ILLEGAL, "an army cannot move into English Channel (sea); note: the unit in Bur is an army "
     "(the letters and coasts written are not checked, ruling DIP R8); the unit holds"),
    ("F Spa/nc - Wes", Status.SUCCEEDS, "moved to Wes (strength 1, unopposed); note: the fleet is on Spa/sc, not "
     "Spa/nc (the letters and coasts written are not checked, ruling DIP R8)"),
    ("A Bur S F Par - Pic", Status.VOID, "void: A Par did not move to Pic; note: the unit in Par is an army "
     "(the letters and coasts written are not checked, ruling DIP R8)"),
    ("A Mun D", Status.ILLEGAL, "a disband order is given only in a retreat or an adjustment phase"),
])
def test_designation_notes_and_phase_messages(orders, status, reason):
    got = _results("France: A Par, A Bur, F Spa/sc\nGermany: A Mun", orders)[1]
    assert got.status is status
    assert got.reason == reason
    assert ("DIP R8" in got.rules) == ("note:" in reason)


def test_a_variant_unit_named_by_strength_as_a_support_target():
    o = one("A Mun S 2A Par - Bur")
    assert (o.spec.name, o.target_type, o.target, o.dest) == ("support", A, "par", "bur")
    assert one("F Nth S 3a Lon").target == "lon"
    with pytest.raises(ParseError):
        one("2A Par - Bur")  # only as a target: an ordered unit is A or F


@pytest.mark.parametrize("text", ["1. A Par - Bur", "12) A Par - Bur", "- A Par - Bur", "* A Par - Bur",
                                  "\u2022 A Par - Bur", "A Par => Bur"])
def test_pasted_list_markers_and_arrows(text):
    o = one(text)
    assert (o.spec.name, o.location, o.dest) == ("move", "par", "bur")
    assert one("2. France: A Par - Bur").power == "France"


@pytest.mark.parametrize("text, phase", [
    ("S1901", Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)),
    ("W1901", Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENTS)),
    ("fall1902", Phase(1902, Season.FALL, PhaseKind.MOVEMENT)),
    ("Fall 1902 retreat phase", Phase(1902, Season.FALL, PhaseKind.RETREATS)),
    ("Spring 1903 movement phase", Phase(1903, Season.SPRING, PhaseKind.MOVEMENT)),
])
def test_more_phase_spellings(text, phase):
    assert parse_phase(text) == phase


def test_position_units_separated_by_spaces_and_supply_centre_lines():
    p = read_position(R, START, "England: F Lon F Edi A Lvp\nSupply centres England: Lon, Edi\n"
                                "Supply centers England: Lvp")
    assert sorted(u.label() for u in p.units) == ["A Lvp", "F Edi", "F Lon"]
    assert dict(p.owners) == {"edi": "England", "lon": "England", "lvp": "England"}
    with pytest.raises(ParseError) as err:
        read_position(R, START, "England: F Lon Yor")
    assert err.value.message == "unexpected \u2018yor\u2019 at the end"
