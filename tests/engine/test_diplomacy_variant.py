"""The standard adjudicator's extension points (``calculators.diplomacy.variant``), each tried on a
small position whose outcome is worked by hand from the rules cited."""
from __future__ import annotations

from calculators.diplomacy.legality import bind_movement
from calculators.diplomacy.map import standard_map
from calculators.diplomacy.movement import position_after
from calculators.diplomacy.parser import Reader
from calculators.diplomacy.position import Dislodged
from calculators.diplomacy.resolver import Resolver, _sea_adjacency
from calculators.diplomacy.units import Unit, UnitType

M = standard_map()
A, F = UnitType.ARMY, UnitType.FLEET


def _resolve(units, text, resolver=Resolver):
    parsed, errors = Reader(M).orders(text)
    assert not errors
    effective, _ = bind_movement(M, units, parsed, _sea_adjacency(M))
    return resolver(M, effective).run()


def test_position_after_a_supported_attack():
    # DIP 10.1, 10.2: 2 against 1 dislodges A Bur; the attacker came from Paris (ruling DIP R6).
    units = (Unit("France", A, "par"), Unit("France", A, "mar"), Unit("Germany", A, "bur"))
    res = _resolve(units, "France: A Par - Bur\nFrance: A Mar S A Par - Bur")
    after, dislodged, moves = position_after(res, units)
    assert after == [Unit("France", A, "bur"), Unit("France", A, "mar")]
    assert dislodged == [Dislodged(Unit("Germany", A, "bur"), "par")]
    assert moves == [("France", "par", "bur", True)]


def test_position_after_a_bounce_and_a_convoy():
    # DIP 9.1: 1 against 1 bounces, both stay; DIP 8.1 with ruling DIP R6: dislodged by a convoyed
    # army, the unit may retreat to where the army came from, so no origin is recorded.
    units = (Unit("France", A, "par"), Unit("Germany", A, "mun"))
    res = _resolve(units, "France: A Par - Bur\nGermany: A Mun - Bur")
    after, dislodged, moves = position_after(res, units)
    assert after == list(units) and dislodged == []
    assert moves == [("France", "par", "bur", False), ("Germany", "mun", "bur", False)]
    units = (Unit("England", A, "lon"), Unit("England", F, "nth"), Unit("England", F, "eng"),
             Unit("France", A, "bel"))
    res = _resolve(units, "England: A Lon - Bel\nEngland: F NTH C A Lon - Bel\nEngland: F ENG S A Lon - Bel")
    after, dislodged, moves = position_after(res, units)
    assert dislodged == [Dislodged(Unit("France", A, "bel"), None)]
    assert Unit("England", A, "bel") in after and moves == [("England", "lon", "bel", True)]


def _winter(units, owners):
    from calculators.diplomacy.position import Position
    from calculators.diplomacy.units import Phase, PhaseKind, Season
    return Position(Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENTS), tuple(units), owners)


def test_standard_builds_only_in_owned_vacant_home_centres():
    from calculators.diplomacy.adjustments import adjudicate_adjustments
    # France owns Par (home, vacant), Bel (neutral) and Mun (Germany's home): three builds due,
    # only Par is a site, so the other two builds are left over and waived (DIP 13.3).
    pos = _winter([], {"par": "France", "bel": "France", "mun": "France"})
    parsed, _ = Reader(M).orders("France: Build A Bel\nFrance: Build A Mun\nFrance: Build A Par")
    r = adjudicate_adjustments(M, pos, parsed)
    assert r.built == (Unit("France", A, "par"),)  # DIP 13.5
    assert [o.status.value for o in r.outcomes][:3] == ["fails", "fails", "succeeds"]
    assert r.outcomes[3].reason == "waived"


def test_build_site_hook_changes_where_a_power_may_build():
    from calculators.diplomacy.adjustments import adjudicate_adjustments

    def any_owned_centre(gmap, position, prov):  # a "build anywhere" rule
        return position.owners.get(prov) if gmap.provinces[prov].centre else None

    pos = _winter([], {"par": "France", "bel": "France", "mun": "France"})
    parsed, _ = Reader(M).orders("France: Build A Bel\nBuild A Mun\nFrance: Build A Par")
    r = adjudicate_adjustments(M, pos, parsed, any_owned_centre)
    # Three centres, no units: three builds; the unnamed build in Mun is the owner's (France).
    assert r.built == (Unit("France", A, "bel"), Unit("France", A, "mun"), Unit("France", A, "par"))


def test_unit_label_hook_names_units_in_explanations():
    from calculators.diplomacy.movement import explain

    class Named(Resolver):
        def label(self, i):
            return f"the {self.power[i]} unit in {self.prov[i]}"

    # DIP 9.2: 1 against 1 of the unit holding; DIP 10.2: dislodged by the supported attack.
    units = (Unit("France", A, "par"), Unit("Germany", A, "bur"), Unit("Germany", A, "mun"))
    res = _resolve(units, "France: A Par - Bur\nGermany: A Bur H", Named)
    assert explain(res, 0)[1] == "bounced: strength 1 against 1 of the Germany unit in bur holding"
    assert explain(_resolve(units, "France: A Par - Bur", Resolver), 0)[1] == \
        "bounced: strength 1 against 1 of A Bur holding"


def test_resolver_factory_and_supports_attached_by_the_caller():
    from calculators.diplomacy.game import adjudicate_phase
    from calculators.diplomacy.position import Position
    from calculators.diplomacy.units import Phase, PhaseKind, Season
    from calculators.diplomacy.variant import STANDARD, Variant

    units = (Unit("France", A, "par"), Unit("France", A, "mar"), Unit("Germany", A, "bur"))
    pos = Position(Phase(1901, Season.SPRING, PhaseKind.MOVEMENT), units, {})
    text = "France: A Par - Bur\nFrance: A Mar S A Par - Bur"
    # Standard: 2 against 1, A Bur is dislodged (DIP 10.1, 10.2).
    assert [d.unit.province for d in adjudicate_phase(pos, text, STANDARD).dislodged] == ["bur"]
    # A factory that attaches no support at all: 1 against 1, the move bounces (DIP 9.1).
    calls = []

    def unsupported(gmap, orders):
        calls.append(len(orders))
        return Resolver(gmap, orders, {})

    r = adjudicate_phase(pos, text, Variant("No support", M, make_resolver=unsupported))
    assert calls == [3] and r.dislodged == () and set(r.after.units) == set(units)
    # Attaching by hand what the standard rule would attach gives the standard result.
    res = _resolve(units, text, lambda gmap, orders: Resolver(gmap, orders, {0: [1]}))
    assert res.supports == [[1], [], []] and res.dislodged_by(2) == 0


def test_bind_hook_is_the_legality_check_of_the_phase():
    from calculators.diplomacy.game import adjudicate_phase
    from calculators.diplomacy.orders import Hold
    from calculators.diplomacy.position import Position
    from calculators.diplomacy.units import Phase, PhaseKind, Season
    from calculators.diplomacy.variant import Variant

    def frozen(gmap, units, parsed, sea_adj):  # a variant in which nothing moves
        effective, written = bind_movement(gmap, units, parsed, sea_adj)
        return [Hold(u) for u in units], written

    units = (Unit("France", A, "par"),)
    pos = Position(Phase(1901, Season.SPRING, PhaseKind.MOVEMENT), units, {})
    r = adjudicate_phase(pos, "France: A Par - Bur", Variant("Frozen", M, bind=frozen))
    assert r.after.units == units and r.moves == ()
