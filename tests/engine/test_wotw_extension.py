"""War of the Worlds through the standard adjudicator's extension points: the build-site rule
(WOTW 8.1, 8.2), worked by hand on the standard map."""
from __future__ import annotations

from calculators.diplomacy.adjustments import adjudicate_adjustments
from calculators.diplomacy.map import standard_map
from calculators.diplomacy.parser import Reader
from calculators.diplomacy.position import Position
from calculators.diplomacy.units import Phase, PhaseKind, Season, Unit, UnitType
from calculators.wotw.adjust import builder, builder_of

M = standard_map()
WINTER = Phase(1905, Season.WINTER, PhaseKind.ADJUSTMENTS)


def test_who_may_build_where():
    owners = {"par": "France", "bel": "France", "mun": "France", "hol": "Germany", "bre": "France"}
    destroyed = {"bre"}
    assert builder_of(M, owners, destroyed, "par") == "France"  # own home centre
    assert builder_of(M, owners, destroyed, "bel") == "France"  # controlled neutral centre (WOTW 8.2)
    assert builder_of(M, owners, destroyed, "mun") == "Germany"  # a captured home centre stays Germany's
    assert builder_of(M, owners, destroyed, "bre") is None  # destroyed (WOTW 8.1)
    assert builder_of(M, owners, destroyed, "spa") is None  # neutral, controlled by nobody
    assert builder_of(M, owners, destroyed, "bur") is None  # no centre


def test_winter_builds_with_the_wotw_rule():
    # France controls Par, Mar, Bel, Mun and Bre (destroyed, so left out of the owners): four
    # centres, one unit, three builds. Bre is destroyed, Mun is Germany's home: only Bel and Par.
    owners = {"par": "France", "mar": "France", "bel": "France", "mun": "France"}
    pos = Position(WINTER, (Unit("France", UnitType.ARMY, "mar"),), owners)
    parsed, _ = Reader(M).orders("France: Build A Bre\nFrance: Build A Mun\nBuild A Bel\nFrance: Build A Par")
    r = adjudicate_adjustments(M, pos, parsed, builder({"bre"}))
    assert r.built == (Unit("France", UnitType.ARMY, "bel"), Unit("France", UnitType.ARMY, "par"))
    assert [o.status.value for o in r.outcomes][:4] == ["fails", "fails", "succeeds", "succeeds"]
    # The standard rule on the same position refuses the neutral centre.
    r = adjudicate_adjustments(M, pos, parsed)
    assert r.built == (Unit("France", UnitType.ARMY, "par"),)


def _season(earth, martian, orders, martian_orders):
    from calculators.wotw.martian import check
    from calculators.wotw.orders import parse_orders
    from calculators.wotw.season import adjudicate_season
    parsed, errors = Reader(M).orders(orders)
    plan = check(martian, parse_orders(martian_orders))
    return adjudicate_season("spring", 1904, earth, plan, parsed, errors, {}, frozenset(), None)


def test_martian_units_are_named_by_their_strength_in_explanations():
    from calculators.wotw.units import MartianUnit
    # WOTW 4.3, 6.1: 2A Ber holds at strength 2, so A Mun (strength 1) bounces.
    r = _season((Unit("Germany", UnitType.ARMY, "mun"),), (MartianUnit("ber", 2),), "Germany: A Mun - Ber", "")
    line = next(ln for ln in r.lines if ln.power == "Germany")
    assert line.reason == "bounced: strength 1 against 2 of the Martian 2A Ber holding"
    # 2A Ber - Pru meets A Sil - Pru supported by A War: 2 against 2, both bounce (DIP 9.1); A Mun
    # then meets the Martian unit that failed to leave, at its strength 2 (DIP 9.2).
    earth = (Unit("Germany", UnitType.ARMY, "mun"), Unit("Russia", UnitType.ARMY, "sil"),
             Unit("Russia", UnitType.ARMY, "war"))
    r = _season(earth, (MartianUnit("ber", 2),), "Germany: A Mun - Ber\nRussia: A Sil - Pru\nRussia: A War S A Sil - Pru",
                "2A Ber - Pru")
    line = next(ln for ln in r.lines if ln.power == "Germany")
    assert line.reason == "bounced: strength 1 against 2 of the Martian 2A Ber which failed to move and stays"
