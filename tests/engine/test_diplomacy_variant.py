"""The variant record (``calculators.diplomacy.variant``): each of its hooks tried on a small position
whose outcome is worked by hand from the rules cited."""
from __future__ import annotations

from dataclasses import replace

from calculators.diplomacy.api import (MOVEMENT_STEPS, STANDARD, BuildRule, Dislodged, Hold, Phase, PhaseKind,
                                       Position, Resolution, Resolver, Season, SeasonPlan, Turn, Unit, UnitType,
                                       adjudicate_phase, adjustment_step, check_orders, explain_moves, place_units,
                                       reader_for, resolve_moves, run, standard_map)
from calculators.wotw.variant import WOTW

M = standard_map()
A, F = UnitType.ARMY, UnitType.FLEET
SPRING = Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)


def _turn(units, text, variant=STANDARD):
    pos = Position(SPRING, tuple(units), {})
    parsed, errors = reader_for(variant).orders(text)
    assert not errors
    return Turn(variant, SPRING, pos, tuple(parsed), pos)


def _moved(units, text, variant=STANDARD):
    return run(_turn(units, text, variant), MOVEMENT_STEPS)


def test_position_after_a_supported_attack():
    # DIP 10.1, 10.2: 2 against 1 dislodges A Bur; the attacker came from Paris (ruling DIP R6).
    units = (Unit("France", A, "par"), Unit("France", A, "mar"), Unit("Germany", A, "bur"))
    t = _moved(units, "France: A Par - Bur\nFrance: A Mar S A Par - Bur")
    assert set(t.position.units) == {Unit("France", A, "bur"), Unit("France", A, "mar")}
    assert t.position.dislodged == (Dislodged(Unit("Germany", A, "bur"), "par"),)
    assert t.moves == (("France", "par", "bur", True),)


def test_position_after_a_bounce_and_a_convoy():
    # DIP 9.1: 1 against 1 bounces, both stay; DIP 8.1 with ruling DIP R6: dislodged by a convoyed
    # army, the unit may retreat to where the army came from, so no origin is recorded.
    units = (Unit("France", A, "par"), Unit("Germany", A, "mun"))
    t = _moved(units, "France: A Par - Bur\nGermany: A Mun - Bur")
    assert set(t.position.units) == set(units) and t.position.dislodged == ()
    assert t.moves == (("France", "par", "bur", False), ("Germany", "mun", "bur", False))
    units = (Unit("England", A, "lon"), Unit("England", F, "nth"), Unit("England", F, "eng"),
             Unit("France", A, "bel"))
    t = _moved(units, "England: A Lon - Bel\nEngland: F NTH C A Lon - Bel\nEngland: F ENG S A Lon - Bel")
    assert t.position.dislodged == (Dislodged(Unit("France", A, "bel"), None),)
    assert Unit("England", A, "bel") in t.position.units and t.moves == (("England", "lon", "bel", True),)


def _winter(variant, text):
    winter = Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENTS)
    pos = Position(winter, (), {"par": "France", "bel": "France", "mun": "France"})
    parsed, _ = reader_for(variant).orders(text)
    return adjustment_step(Turn(variant, winter, pos, tuple(parsed), pos))


def test_standard_builds_only_in_owned_vacant_home_centres():
    # France owns Par (home, vacant), Bel (neutral) and Mun (Germany's home): three builds due,
    # only Par is a site, so the other two builds are left over and waived (DIP 13.3); a build in a neutral or a
    # foreign centre breaks DIP 13.5 whatever else is ordered: illegal (ruling DIP R1, issue 26).
    r = _winter(STANDARD, "France: Build A Bel\nFrance: Build A Mun\nFrance: Build A Par")
    assert r.built == (Unit("France", A, "par"),)  # DIP 13.5
    assert [o.status.value for o in r.outcomes][:3] == ["illegal", "illegal", "succeeds"]
    assert r.outcomes[3].reason == "waived"


def test_build_rule_changes_where_a_power_may_build():
    def any_owned_centre(gmap, position, prov):  # a "build anywhere" rule
        return position.owners.get(prov) if gmap.provinces[prov].centre else None

    anywhere = replace(STANDARD, name="Build anywhere", build_rule=BuildRule(any_owned_centre))
    r = _winter(anywhere, "France: Build A Bel\nBuild A Mun\nFrance: Build A Par")
    # Three centres, no units: three builds; the unnamed build in Mun is the owner's (France).
    assert r.built == (Unit("France", A, "bel"), Unit("France", A, "mun"), Unit("France", A, "par"))


def test_naming_hook_names_units_in_explanations():
    named = replace(STANDARD, name="Named", name_in_explanations=lambda u: f"the {u.power} unit in {u.province}")
    # DIP 9.2: 1 against 1 of the unit holding.
    units = (Unit("France", A, "par"), Unit("Germany", A, "bur"), Unit("Germany", A, "mun"))
    t = _moved(units, "France: A Par - Bur\nGermany: A Bur H", named)
    assert t.outcomes[0].reason == "bounced: strength 1 against 1 of the Germany unit in bur holding"
    assert _moved(units, "France: A Par - Bur").outcomes[0].reason == "bounced: strength 1 against 1 of A Bur holding"


def test_supports_attached_by_the_caller():
    units = (Unit("France", A, "par"), Unit("France", A, "mar"), Unit("Germany", A, "bur"))
    checked = check_orders(_turn(units, "France: A Par - Bur\nFrance: A Mar S A Par - Bur")).check
    mar, par, bur = (next(i for i, o in enumerate(checked.resolution.orders) if o.unit.province == p)
                     for p in ("mar", "par", "bur"))
    # Standard: 2 against 1, A Bur is dislodged (DIP 10.1, 10.2).
    assert Resolver(M, checked.resolution).run().dislodged_by(bur) == par
    # No support attached at all: 1 against 1, the move bounces (DIP 9.1).
    res = Resolver(M, replace(checked.resolution, supports={})).run()
    assert res.dislodged_by(bur) is None and not res.succeeded(par)
    # Attaching by hand what the standard rule attaches gives the standard result.
    res = Resolver(M, Resolution(checked.resolution.orders, {par: (mar,)})).run()
    assert res.supports[par] == [mar] and res.dislodged_by(bur) == par


def test_a_variant_adds_a_step_and_never_re_orchestrates():
    def frozen(turn):  # a variant in which nothing moves: every checked order becomes a hold
        holds = tuple(Hold(o.unit) for o in turn.check.effective)
        res = replace(turn.check.resolution, orders=holds, sources=holds, supports={})
        return replace(turn, check=replace(turn.check, effective=holds, resolution=res))

    steps = (check_orders, frozen, resolve_moves, explain_moves, place_units)
    plan = SeasonPlan(Season.SPRING, PhaseKind.MOVEMENT, steps + STANDARD.plan(SPRING).steps[len(MOVEMENT_STEPS):])
    variant = replace(STANDARD, name="Frozen", calendar=(plan,) + STANDARD.calendar[1:])
    units = (Unit("France", A, "par"),)
    r = adjudicate_phase(Position(SPRING, units, {}), "France: A Par - Bur", variant)
    assert r.after.units == units and r.moves == ()


def test_the_standard_game_and_war_of_the_worlds_are_two_values_of_one_record():
    assert type(WOTW) is type(STANDARD)
    assert [(p.season.value, p.kind.value) for p in STANDARD.calendar] == [
        ("spring", "movement"), ("spring", "retreats"), ("fall", "movement"), ("fall", "retreats"),
        ("winter", "adjustments")]
    assert [p.season.value for p in WOTW.calendar] == ["spring", "summer", "fall", "winter"]  # ruling WOTW R5
    standard_steps = set(STANDARD.plan(SPRING).steps)
    assert set(MOVEMENT_STEPS) <= standard_steps and set(MOVEMENT_STEPS) <= set(WOTW.plan(SPRING).steps)
    assert len(WOTW.unit_types) == len(STANDARD.unit_types) + 1
    assert set(STANDARD.order_kinds) < set(WOTW.order_kinds)
