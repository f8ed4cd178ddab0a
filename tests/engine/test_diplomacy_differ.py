"""dip-adjudicate's differ() (issue 19): how the site's readings would have played the phase, in a player's words,
on the known cases of the readings (DATC 6.G.8 under DIP R4, a wrong letter under DIP R8)."""
from __future__ import annotations

import pytest

import calculators
from calculators.core import registry

CASES = [
    ({"load": "datc-6.G.8", "dip_r4": "fallback-to-land"},
     "France's A Bel stays in Bel (here it moves to Hol)"),
    ({"phase": "Spring 1901 movement", "position": "France: A Par, A Mar\nGermany: A Mun",
      "orders": "France: F Par - Bur", "dip_r8": "strict"},
     "France's A Par moves to Bur (here it stays in Par)"),
]


@pytest.mark.parametrize(("params", "expected"), CASES)
def test_differ_names_each_unit_whose_fate_changes(params, expected):
    calculators.catalog()
    calc = registry._REGISTRY["dip-adjudicate"]
    values = registry.validate(calc, params)
    chosen, site = calc.func(values), calc.func({**values, "readings": values["readings"].defaults()})
    lines = calc.differ(chosen, site)
    assert lines[0] == expected
    assert calc.differ(site, site) == []
