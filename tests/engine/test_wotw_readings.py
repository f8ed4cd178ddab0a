"""War of the Worlds readings (issues 19, 27): one source for the rulings' readings and the engine's options, and
the adjudicator's figures saying in the game's words how the site's readings would have played a season."""
from __future__ import annotations

import json
import pathlib

import pytest

import calculators
from calculators.core import registry
from calculators.core.compare import OTHER_RESULT, SAME, compare
from calculators.wotw.readings import FIELDS, RULINGS
from calculators.wotw.season import DEFAULT, WotwOptions
from calculators.wotw.variant import calendar_for

CASES = pathlib.Path(__file__).resolve().parents[1] / "data" / "cases" / "wotw-adjudicate-readings.json"


def test_every_reading_is_an_option_value_and_the_default_is_the_sites():
    assert set(FIELDS) == {r.id for r in RULINGS}
    for ruling in RULINGS:
        name, kind = FIELDS[ruling.id]
        assert [r.id for r in ruling.readings] == [k.value for k in kind]
        assert getattr(DEFAULT, name).value == ruling.default.id


def test_every_other_reading_changes_the_calendar_or_a_check():
    """R4, R6, R10 and R14 are steps of the pipeline: each reading other than the site's gives other seasons.
    (R1 is read by the virus check itself.)"""
    site = calendar_for(DEFAULT)
    for ruling in RULINGS:
        name, kind = FIELDS[ruling.id]
        for value in kind:
            if value.value == ruling.default.id or ruling.id == "WOTW R1":
                continue
            assert calendar_for(WotwOptions(**{name: value})) != site, (ruling.id, value)


def _result(calc, params):
    return calc.func(registry.validate(calc, params))


# The readings' cases by hand (tests/data/cases), and what the site's reading changes in each, in words.
DIFFERS = {
    "wotw_r4": ["France's A Par - Bur: fails", "The units to retreat: none (here Martian A Bur)"],
    "wotw_r6": ["France's A Mar - Bur: succeeds", "The cylinder eliminates: none (here France A Mar)"],
    "wotw_r1": ["The virus: active"],
    "wotw_r10": ["The virus removes: none (here 2A Bel (default))"],
    "wotw_r14": ["The virus"],
    "dip_r8": ["France's F Par - Bur: succeeds"],
    # The standard game's readings on DATC cases played in War of the Worlds (WOTW 1.1).
    "dip_r2": ["England's F Wales - English Channel: succeeds", "France's A Brest - London: fails"],
    "dip_r4": ["A Belgium - Holland via convoy: fails", "England's A Norway - Sweden"],
    "dip_r6": ["Italy's A Mar: may retreat to: Gas, Pie, Spa (here Pie, Spa)"],
    "dip_r11": ["Italy's units after the season: A War (here A Tus)"],
    "dip_r14": ["England's A London - Belgium: succeeds (here fails)"],
    "dip_r15": ["Italy's A Venice Supports F Albania - Trieste: succeeds (here fails)"],
    "dip_r16": ["France's F Norwegian Sea - Norway: fails (here succeeds)"],
}


def _switched():
    for case in json.loads(CASES.read_text(encoding="utf-8"))["cases"]:
        switched = [k for k in case["params"] if k.startswith(("wotw_r", "dip_r"))]
        # A pushed-out Martian unit exists only under WOTW R4's attacker-moves-in: the site refuses that input.
        if switched and case["expect"].get("ok", True) and "Dislodged Martian" not in case["params"]["position"] \
                and "the same as the site's" not in case["name"]:
            yield pytest.param(case["params"], switched[0], id=case["name"][:60])


@pytest.mark.parametrize(("params", "ruling"), list(_switched()))
def test_the_figures_say_what_the_sites_reading_changes(params, ruling):
    calculators.catalog()
    calc = registry._REGISTRY["wotw-adjudicate"]
    chosen = _result(calc, params)
    site = _result(calc, {k: v for k, v in params.items() if k != ruling})
    found = compare(chosen, site, calc.figures, calc.id)
    assert found.verdict == OTHER_RESULT, "a reading whose case differs by hand must be worded as differing"
    text = "; ".join(found.lines(None))
    assert any(phrase in text for phrase in DIFFERS[ruling]), text
    assert compare(site, site, calc.figures, calc.id).verdict == SAME
