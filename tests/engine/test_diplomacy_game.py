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


def test_a_year_through_the_calculator_and_its_next_state():
    """Spring 1901 to Spring 1902 via calculators.run, each phase loaded from data["next"].

    Worked by hand: in Fall 1901 A Gal - Rum with Serbia's support (2 against 1) dislodges F Rum;
    Armenia is a stand-off; Bulgaria, left by Turkey, is the fleet's only retreat (Black Sea and
    Sevastopol stay occupied, Galicia is inland). After the retreat Russia owns Bulgaria.
    """
    from calculators import run

    def play(params, orders):
        r = run("dip-adjudicate", dict(params, orders=orders))
        assert r["ok"], r
        return r

    r = run("dip-adjudicate", {"load": "start", "orders": ""})
    start = dict(r["data"]["next"], phase="Spring 1901 movement",
                 position=format_position(STANDARD.map, initial_position(STANDARD.map)))
    r = play(start, "Austria: A Vienna - Galicia;  A Bud-Ser ; F Tri -> Alb\n"
                    "Russia: A War - Ukr\nRussia: F Sev - Rumania\nRussia: A Mos - Sev\nRussia: F StP sc - Bot\n"
                    "turkey: a con - bul\nTURKEY: F Ankara - Black Sea\nTurkey: A Smy - Con")
    assert [o["result"] for o in r["data"]["orders"] if o["line"]] == ["succeeds"] * 10
    r = play(r["data"]["next"], "Austria: army Galicia to Rumania; A Ser S A Gal - Rum; F Alb - Gre\n"
                                "Russia: F Rum H; A Ukr H; A Sev - Arm; F Bot - Swe\n"
                                "Turkey: F Bla - Arm; A Con - Smy; A Bul - Con")
    d = r["data"]
    assert d["next_phase"] == "Fall 1901 retreats"
    assert d["dislodged"] == [{"power": "Russia", "unit": "F Rum", "attacked_from": "Gal", "retreats": ["Bul/ec"]}]
    assert [o["result"] for o in d["orders"] if o["order"].endswith("- Arm")] == ["fails", "fails"]  # stand-off
    assert {o["order"]: o["result"] for o in d["orders"] if o["line"]}["A Bul - Con"] == "succeeds"
    r = play(d["next"], "Russia: F Rum R Bulgaria (east coast)")
    d = r["data"]
    assert [o["result"] for o in d["orders"]] == ["succeeds"]
    assert d["next_phase"] == "Winter 1901 adjustments"
    assert d["adjustments"] == {"Austria": 3, "Russia": 2}
    r = play(d["next"], "Austria: Build A Vie; Build A Bud; Build F Tri\nRussia: Build A Mos; Build F StP/nc")
    d = r["data"]
    assert [o["result"] for o in d["orders"] if o["line"]] == ["succeeds"] * 5
    assert d["next"]["phase"] == "Spring 1902 movement"
    lines = d["next"]["position"].splitlines()
    assert "Austria: A Bud, F Gre, A Rum, A Ser, F Tri, A Vie" in lines
    assert "Russia: F Bul/ec, A Mos, A Sev, F StP/nc, F Swe, A Ukr" in lines
    assert "Centres Russia: Bul, Mos, Sev, StP, Swe, War" in lines
    assert "Centres Austria: Bud, Gre, Rum, Ser, Tri, Vie" in lines
