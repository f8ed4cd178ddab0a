"""The facts of CLAN 1.2, 3.7, 5.2-5.4 and 6.1 as the engine holds them, checked against the rules by hand."""
from __future__ import annotations

from calculators.clans import board
from calculators.clans.board import Power, UnitType


def test_nine_powers_listed():
    assert [p.title for p in board.POWERS] == ["England", "Campbell", "Fraser", "Gordon", "Graham", "Keith",
                                               "McDonald", "McLeod", "Stewart"]
    assert len(board.CLANS) == 8


def test_starting_units():
    assert [(u.unit, u.place) for u in board.STARTING_UNITS[Power.ENGLAND]] == [
        (UnitType.ARMY, "Carlisle"), (UnitType.ARMY, "Newcastle"),
        (UnitType.ARMY_FLEET, "South Channel"), (UnitType.ARMY_FLEET, "Blyth Bay")]
    for clan in board.CLANS:
        units = board.STARTING_UNITS[clan]
        assert len(units) == 5 and all(u.unit is UnitType.ARMY for u in units)
    assert [u.place for u in board.STARTING_UNITS[Power.STEWART]] == ["Blair", "Buchanan", "Stirling",
                                                                      "Crookston", "Morton"]


def test_home_centres_are_distinct():
    assert len(board.HOME_OWNER) == 2 + 8 * 5 == 42
    assert board.HOME_CENTRES[Power.ENGLAND] == ("Carlisle", "Newcastle")


def test_constants():
    assert (board.TOTAL_CENTRES, board.OUTRIGHT_WIN, board.JOINT_SMALLER_MIN) == (68, 35, 12)
    assert board.FIRST_YEAR == 1491 and board.OFFBOARD_START == 8 and board.MAX_BB_PER_CLAN == 3


def test_ten_waters():
    assert board.ENGLISH_NO_GO_WATERS == ("Solway Firth", "Wigton Bay", "Luce Bay", "Galloway Strait",
                                          "Firth of Clyde", "Bute Sound", "Wemyss Bay", "Sound of Jura",
                                          "Firth of Lorne", "Loch Linnhe")


def test_rule_citation_order():
    from calculators.clans.cite import in_order, named_in
    assert in_order(["CLAN R10", "DIP 5.4", "CLAN R3", "CLAN 2.10", "CLAN 2.9", "CLAN R3"]) == [
        "CLAN 2.9", "CLAN 2.10", "CLAN R3", "CLAN R10", "DIP 5.4"]
    assert named_in("see CLAN 3.5 and ruling CLAN R14 (DIP 12.1)") == {"CLAN 3.5", "CLAN R14", "DIP 12.1"}


def test_every_clans_starting_armies_as_the_rules_list_them():
    # CLAN 1.2, copied by hand from the rules' list, in its order and spelling.
    expected = {
        Power.CAMPBELL: ["Stalcair", "Tarbert", "Rothesay", "Loudoun", "Cawdor"],
        Power.FRASER: ["Dingwall", "Tordarroch", "Invergarry", "Philorth", "Muchalls"],
        Power.GORDON: ["Rothiemurchas", "Cluny", "Aboyne", "Gight", "Aberdeen"],
        Power.GRAHAM: ["Montrose", "Claverhouse", "Mugdock", "Dalhousie", "Avandale"],
        Power.KEITH: ["Berriedale", "Inverugie", "Caskieber", "Dunottar", "Crichton"],
        Power.MCDONALD: ["Kiessimul", "Armadale", "Eilean Tioram", "Finlagan", "Skipness"],
        Power.MCLEOD: ["Lewis", "Aultbea", "Eilean Donan", "Duart", "Ardverck"],
        Power.STEWART: ["Blair", "Buchanan", "Stirling", "Crookston", "Morton"],
    }
    assert {p: [u.place for u in board.STARTING_UNITS[p]] for p in board.CLANS} == expected
    # Ruling CLAN R5: each A/F is a fleet and an army, so 2 + 2 x 2 = 6 English units and 46 in all.
    english = sum(2 if u.unit is UnitType.ARMY_FLEET else 1 for u in board.STARTING_UNITS[Power.ENGLAND])
    assert english == 6 and english + sum(len(board.STARTING_UNITS[c]) for c in board.CLANS) == 46
