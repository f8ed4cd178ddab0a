"""Property tests of the War of the Worlds season on random positions (issue 6): Martian strength is
conserved by merges and splits except where a rule removes it; no two units share a province; no
Martian unit above 3; the result does not depend on the order in which orders are listed."""
from __future__ import annotations

import random

import pytest

from calculators.diplomacy.api import Phase, PhaseKind, Position, Season, Unit, UnitType, adjudicate_phase, standard_map
from calculators.wotw.board import MARTIAN, martian
from calculators.wotw.readings import DislodgedMartian, Landing, SeasonOrder
from calculators.wotw.season import MartianState, WotwOptions
from calculators.wotw.variant import WOTW

MAP = standard_map()
POWERS = MAP.power_names
LAND = sorted(p for p, i in MAP.provinces.items() if i.terrain.value in ("land", "coast"))
ALL = sorted(p for p, i in MAP.provinces.items() if i.terrain.value != "impassable")


def _n(p: str) -> str:
    return "StP" if p == "stp" else (p.upper() if MAP.is_sea(p) else p.capitalize())


def _d(s: int) -> str:
    return "A" if s == 1 else f"{s}A"


def martian_unit(province: str, strength: int) -> Unit:
    return martian(province, strength)


def _units(rng, area):
    earth, martians = [], []
    for p in area:
        if rng.random() < 0.3:
            martians.append(martian_unit(p, rng.randint(1, 3)))
        else:
            power = rng.choice(POWERS)
            if MAP.is_sea(p):
                earth.append(Unit(power, UnitType.FLEET, p))
            elif MAP.provinces[p].coasts or rng.random() < 0.6:
                earth.append(Unit(power, UnitType.ARMY, p))
            else:
                earth.append(Unit(power, UnitType.FLEET, p))
    return earth, martians


def _earth_orders(rng, earth, martians, occupied):
    """Moves (half of them at Martian units), supports of those moves, hold supports, holds."""
    lines, moves = [], []
    mprov = {m.province for m in martians}
    for u in earth:
        adj = sorted(MAP.neighbours(u.province))
        targets = [p for p in adj if p in mprov]
        r = rng.random()
        if (targets and r < 0.5) or r < 0.6:
            d = rng.choice(targets) if targets and r < 0.5 else rng.choice(adj)
            lines.append(f"{u.power}: {u.type.value} {_n(u.province)} - {_n(d)}")
            moves.append((u, d))
    for u in earth:
        if any(x is u for x, _ in moves):
            continue
        helpable = [(x, d) for x, d in moves if d in set(MAP.neighbours(u.province))]
        if helpable and rng.random() < 0.8:
            x, d = rng.choice(helpable)
            lines.append(f"{u.power}: {u.type.value} {_n(u.province)} S {x.type.value} {_n(x.province)} - {_n(d)}")
        elif rng.random() < 0.5:
            lines.append(f"{u.power}: {u.type.value} {_n(u.province)} S A {_n(rng.choice(occupied))}")
        else:
            lines.append(f"{u.power}: {u.type.value} {_n(u.province)} H")
    return lines


def _martian_orders(rng, martians, occupied):
    """Merges, splits, supports and moves."""
    lines = []
    for m in martians:
        adj = sorted(MAP.neighbours(m.province))
        r = rng.random()
        if r < 0.25:
            lines.append(f"{_d(m.strength)} {_n(m.province)} merge {_n(rng.choice(adj + [rng.choice(occupied)]))}")
        elif r < 0.45 and m.strength > 1:
            dests = rng.sample(adj + [m.province], 2)
            lines.append(f"{_d(m.strength)} {_n(m.province)} - {_d(m.strength - 1)} {_n(dests[0])} - {_n(dests[1])}")
        elif r < 0.6:
            lines.append(f"{_d(m.strength)} {_n(m.province)} S A {_n(rng.choice(occupied))} - {_n(rng.choice(adj))}")
        else:
            lines.append(f"{_d(m.strength)} {_n(m.province)} - {_n(rng.choice(adj))}")
    return lines


def random_season(seed: int):
    rng = random.Random(seed)
    centre = rng.choice(LAND)
    area = {centre}
    for _ in range(2):
        area |= {q for p in area for q in MAP.neighbours(p)}
    area = sorted(area)
    rng.shuffle(area)
    k = min(len(area), rng.randint(3, 12))
    earth, martians = _units(rng, area[:k])
    occupied = [u.province for u in earth] + [m.province for m in martians]
    lines = _earth_orders(rng, earth, martians, occupied)
    mlines = _martian_orders(rng, martians, occupied)
    landing = rng.choice(LAND) if rng.random() < 0.3 else None
    return tuple(earth), tuple(martians), lines, mlines, landing


SPRING_1903 = Phase(1903, Season.SPRING, PhaseKind.MOVEMENT)  # the fifth landing season (WOTW 3.1)


class Result:
    """The season as the properties see it: the units after it and the variant's account of it."""

    def __init__(self, turn):
        self.earth = tuple(u for u in turn.position.units if u.power != MARTIAN)
        self.martian = tuple(sorted(u for u in turn.position.units if u.power == MARTIAN))
        self.dislodged = turn.position.dislodged
        self.stranded = turn.removed  # dislodged with nowhere to go, disbanded at once (DIP 12.4, ruling WOTW R17)
        self.reductions = turn.report.reductions
        self.landed_on = turn.report.landed_on
        self.eliminated_by_landing = turn.report.eliminated


def _run(earth, martian_units, lines, mlines, landing):
    schedule = ("mar", "gal", "pic", "fin", landing, "edi") if landing else ()
    position = Position(SPRING_1903, tuple(earth) + tuple(martian_units), {}, state=MartianState(schedule=schedule))
    text = "\n".join(lines) + "\n" + "\n".join(f"Martian: {m}" for m in mlines)
    return Result(adjudicate_phase(position, text, WOTW))


SEASONS = [random_season(s) for s in range(300)]


@pytest.mark.parametrize("season", SEASONS)
def test_strength_accounted_for(season):
    earth, martian, lines, mlines, landing = season
    r = _run(*season)
    before = sum(m.strength for m in martian)
    removed = sum(b - a for _, b, a in r.reductions) + r.landed_on
    added = 3 if landing else 0
    assert not r.stranded or not r.dislodged  # the Summer is played for them all or for none (ruling WOTW R17)
    assert sum(m.strength for m in r.martian) == before - removed + added
    assert all(1 <= m.strength <= 3 for m in r.martian)


@pytest.mark.parametrize("season", SEASONS)
def test_one_unit_per_province_and_earth_units_accounted_for(season):
    earth, martian, lines, mlines, landing = season
    r = _run(*season)
    places = [u.province for u in r.earth] + [m.province for m in r.martian]
    assert len(places) == len(set(places)), places
    assert len(r.earth) + len(r.dislodged) + len(r.stranded) + len(r.eliminated_by_landing) - \
        (1 if r.landed_on else 0) == len(earth)
    for d in r.dislodged:
        assert d.attacker_from != d.unit.province


@pytest.mark.parametrize("season", SEASONS[:150])
def test_listing_order_does_not_matter(season):
    earth, martian, lines, mlines, landing = season
    a = _run(*season)
    b = _run(tuple(reversed(earth)), tuple(reversed(martian)), list(reversed(lines)), list(reversed(mlines)), landing)
    assert sorted(u.label() + u.power for u in a.earth) == sorted(u.label() + u.power for u in b.earth)
    assert a.martian == b.martian
    assert sorted(d.unit.label() for d in a.dislodged) == sorted(d.unit.label() for d in b.dislodged)


def test_random_seasons_exercise_the_rules():
    """Enough dislodged Martians, landings, merges and splits that the properties bite."""
    results = [_run(*s) for s in SEASONS]
    assert sum(1 for r in results if r.reductions) > 10
    assert sum(1 for r in results if r.landed_on or r.eliminated_by_landing) > 5
    assert sum(1 for r in results if r.dislodged) > 30


# -- the same properties under the movement readings other than the site's (issue 19) -----------------------
READINGS = [WotwOptions(dislodged_martian=DislodgedMartian.ATTACKER_MOVES_IN),
            WotwOptions(landing=Landing.BEFORE_MOVES),
            WotwOptions(dislodged_martian=DislodgedMartian.ATTACKER_MOVES_IN, landing=Landing.BEFORE_MOVES,
                        season_order=SeasonOrder.VIRUS_BEFORE_LANDING)]


def _run_under(options, earth, martian_units, lines, mlines, landing):
    schedule = ("mar", "gal", "pic", "fin", landing, "edi") if landing else ()
    position = Position(SPRING_1903, tuple(earth) + tuple(martian_units), {}, state=MartianState(schedule=schedule))
    text = "\n".join(lines) + "\n" + "\n".join(f"Martian: {m}" for m in mlines)
    return Result(adjudicate_phase(position, text, WOTW, options))


@pytest.mark.parametrize("options", READINGS, ids=lambda o: f"{o.dislodged_martian.value},{o.landing.value}")
@pytest.mark.parametrize("season", SEASONS)
def test_strength_and_units_accounted_for_under_other_readings(options, season):
    """Rulings WOTW R4 (attacker-moves-in: a reduced Martian unit is pushed out, strength kept in the retreat) and
    R6 (before-moves): no point appears or vanishes but by a rule, and no two units share a province."""
    earth, martian, lines, mlines, landing = season
    r = _run_under(options, *season)
    pushed = [d.unit for d in r.dislodged if d.unit.power == MARTIAN] + [u for u in r.stranded if u.power == MARTIAN]
    removed = sum(b - a for _, b, a in r.reductions) + r.landed_on
    assert sum(m.strength for m in r.martian) + sum(m.strength for m in pushed) == \
        sum(m.strength for m in martian) - removed + (3 if landing else 0)
    places = [u.province for u in r.earth] + [m.province for m in r.martian]
    assert len(places) == len(set(places)), places
    earth_out = [d.unit for d in r.dislodged if d.unit.power != MARTIAN] + [u for u in r.stranded if u.power != MARTIAN]
    earth_lost = [e for e in r.eliminated_by_landing if not e.startswith("Martian")]
    assert len(r.earth) + len(earth_out) + len(earth_lost) == len(earth)
    if options.landing is Landing.BEFORE_MOVES and landing:
        assert any(m.province == landing and m.strength == 3 for m in r.martian)  # the new 3A holds the site


def test_attacker_moves_in_pushes_martian_units_out():
    """The random seasons push a reduced Martian unit out under WOTW R4's attacker-moves-in reading (rare: an Earth
    attack must beat a 2A or 3A), and land a cylinder before the moves under WOTW R6's before-moves."""
    pushed = [_run_under(READINGS[0], *s) for s in SEASONS]
    out = [[d.unit for d in r.dislodged] + list(r.stranded) for r in pushed]  # stranded: disbanded at once (R17)
    assert sum(1 for units in out if any(u.power == MARTIAN for u in units)) >= 2
    landed = [_run_under(READINGS[1], *s) for s in SEASONS]
    assert sum(1 for r in landed if r.eliminated_by_landing) > 5
