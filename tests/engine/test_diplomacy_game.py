"""A game stepped through its phases: 1901 opening, Fall captures, Winter builds (DIP 2, 13, 14.3, 14.8).

Expected counts are worked by hand: every one of the 12 neutral centres is taken in Fall 1901.
"""
from __future__ import annotations

from calculators.diplomacy.game import GameRecord, adjudicate_phase
from calculators.diplomacy.position import format_position, initial_position
from calculators.diplomacy.units import PhaseKind
from calculators.diplomacy.variant import STANDARD

SPRING = """England: F Lon - Nth
England: F Edi - Nwg
England: A Lvp - Yor
France: A Par - Bur
France: A Mar - Spa
France: F Bre - Mao
Germany: A Mun - Ruh
Germany: A Ber - Kie
Germany: F Kie - Den
Russia: A War - Ukr
Russia: F Sev - Rum
Russia: F StP/sc - Bot
Austria: A Vie - Gal
Austria: A Bud - Ser
Austria: F Tri - Alb
Italy: A Ven - Pie
Italy: A Rom - Apu
Italy: F Nap - Ion
Turkey: A Con - Bul
Turkey: A Smy - Con
Turkey: F Ank - Bla"""

FALL = """England: F Nth C A Yor - Nwy
England: A Yor - Nwy
France: F Mao - Por
France: A Bur - Bel
Germany: A Ruh - Hol
Russia: F Bot - Swe
Russia: A Mos - StP
Austria: F Alb - Gre
Italy: F Ion - Tun"""

WINTER = """France: Build A Par
France: Build A Mar
France: Build F Bre
England: Build F Lon
Russia: Build A War
Russia: Build F Sev
Germany: Build A Mun
Germany: Waive
Austria: Build A Vie
Austria: Build A Bud
Italy: Build F Nap
Turkey: Build A Smy"""


def test_a_year_of_play():
    gmap = STANDARD.map
    record = GameRecord()
    pos = initial_position(gmap)
    assert pos.phase.label() == "Spring 1901 movement"
    assert len(pos.units) == 22 and len(pos.owners) == 22

    spring = adjudicate_phase(pos, SPRING)
    assert all(o.status.value == "succeeds" for o in spring.outcomes)
    record.add(format_position(gmap, pos), pos.phase, SPRING, "all moves succeed")
    pos = spring.after
    assert pos.phase.label() == "Fall 1901 movement"
    assert pos.owners == initial_position(gmap).owners  # ownership changes only after Fall (DIP 14.3)

    fall = adjudicate_phase(pos, FALL)
    assert [o.text for o in fall.outcomes if o.status.value != "succeeds"] == []
    record.add(format_position(gmap, pos), pos.phase, FALL, "neutral centres taken")
    pos = fall.after
    assert pos.phase.label() == "Winter 1901 adjustments"
    counts = {p.name: pos.centre_count(p.name) for p in gmap.powers}
    assert counts == {"Austria": 5, "England": 4, "France": 6, "Germany": 5, "Italy": 4, "Russia": 6, "Turkey": 4}
    assert sum(counts.values()) == 34

    winter = adjudicate_phase(pos, WINTER)
    assert [o.status.value for o in winter.outcomes if o.line] == ["succeeds"] * 12
    record.add(format_position(gmap, pos), pos.phase, WINTER, "builds")
    pos = winter.after
    assert pos.phase.label() == "Spring 1902 movement" and pos.phase.kind is PhaseKind.MOVEMENT
    units = {p.name: len(pos.units_of(p.name)) for p in gmap.powers}
    # Germany waived one build; Turkey may build one; everyone else built all.
    assert units == {"Austria": 5, "England": 4, "France": 6, "Germany": 4, "Italy": 4, "Russia": 6, "Turkey": 4}

    again = GameRecord.from_json(record.to_json())
    assert again == record and [e["code"] for e in again.entries] == ["S1901M", "F1901M", "W1901A"]
