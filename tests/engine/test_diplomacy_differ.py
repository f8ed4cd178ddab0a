"""dip-adjudicate's figures (issues 19, 27): how the site's readings would have played the phase, in a player's
words, on known cases of the readings (DATC 6.G.8 under DIP R4, a wrong letter under DIP R8, DATC 6.J.6 under
DIP R11)."""
from __future__ import annotations

import pytest

import calculators
from calculators.core import registry
from calculators.core.compare import OTHER_RESULT, SAME, compare

CASES = [
    ({"load": "datc-6.G.8", "dip_r4": "fallback-to-land"},
     "France's A Bel: stays in Bel (here moves to Hol)"),
    ({"phase": "Spring 1901 movement", "position": "France: A Par, A Mar\nGermany: A Mun",
      "orders": "France: F Par - Bur", "dip_r8": "strict"},
     "France's A Par: moves to Bur (here stays in Par)"),
    # DATC 6.J.6: the 2023 count removes F Bot, the home-centre count F Nth; each stays under the other.
    ({"load": "datc-6.J.6", "dip_r11": "home-centres"},
     "Russia's F Bot: is removed (here stays)"),
]


@pytest.mark.parametrize(("params", "expected"), CASES)
def test_the_figures_name_each_unit_whose_fate_changes(params, expected):
    calculators.catalog()
    calc = registry._REGISTRY["dip-adjudicate"]
    values = registry.validate(calc, params)
    chosen, site = calc.func(values), calc.func({**values, "readings": values["readings"].defaults()})
    found = compare(chosen, site, calc.figures, calc.id)
    assert found.verdict == OTHER_RESULT
    assert found.lines()[0] == expected
    assert compare(site, site, calc.figures, calc.id).verdict == SAME


def test_datc_6j6_names_both_units_in_plain_words():
    out = calculators.run("dip-adjudicate", {"load": "datc-6.J.6", "dip_r11": "home-centres"})
    assert out["readings"]["site_differs"][:2] == ["Russia's F Bot: is removed (here stays)",
                                                   "Russia's F Nth: stays (here is removed)"]
