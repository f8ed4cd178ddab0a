"""The switchable-rulings core (issue 19): readings as data, a reading parameter per ruling, and the
``Readings`` value a calculator receives. Uses a made-up ruling and calculator, not the registry's."""
from __future__ import annotations

import pytest

from calculators.core import registry
from calculators.core.errors import InputError
from calculators.core.params import int_param, ruling_param_name
from calculators.core.result import Result
from calculators.core.rulings import Reading, Readings, Ruling

XR = Ruling("DIP R99", "Does the test ruling bite?",
            (Reading("no", "It does not", default=True), Reading("yes", "It does")))


def test_a_ruling_needs_one_default_and_two_distinct_readings():
    with pytest.raises(ValueError):
        Ruling("X R1", "?", (Reading("a", "A", default=True),))
    with pytest.raises(ValueError):
        Ruling("X R1", "?", (Reading("a", "A", default=True), Reading("b", "B", default=True)))
    with pytest.raises(ValueError):
        Ruling("X R1", "?", (Reading("a", "A", default=True), Reading("a", "B")))


def test_readings_answer_the_default_unless_chosen_and_refuse_unknown_ids():
    assert Readings({}, (XR,))["DIP R99"] == "no"
    chosen = Readings({"DIP R99": "yes"}, (XR,))
    assert chosen["DIP R99"] == "yes" and not chosen.is_default("DIP R99")
    assert chosen.cite("DIP R99") == "DIP R99: yes"
    assert chosen.defaults()["DIP R99"] == "no"
    with pytest.raises(KeyError):
        Readings({"DIP R99": "maybe"}, (XR,))
    with pytest.raises(KeyError):
        Readings({"DIP R98": "no"}, (XR,))


@pytest.fixture
def calc(monkeypatch):
    monkeypatch.setattr(registry, "all_rulings", lambda: {XR.id: XR})
    return registry.Calculator("dip-test", "Test", "diplomacy", (), (int_param("n", "N", 1, 0, 9),),
                               lambda v: Result("", {}, []), "", "diplomacy/rulings.md", rulings=(XR.id,))


def test_each_ruling_is_a_choice_parameter_in_the_rulings_group(calc):
    schema = calc.entry()["params"][-1]
    assert schema["name"] == ruling_param_name("DIP R99") == "dip_r99"
    assert schema["group"] == "rulings" and schema["ruling"] == "DIP R99"
    assert schema["default"] == "no" and [c["value"] for c in schema["choices"]] == ["no", "yes"]
    assert calc.entry()["rulings"] == ["DIP R99"]


def test_the_calculator_receives_the_readings_in_force(calc):
    assert registry.validate(calc, {})["readings"]["DIP R99"] == "no"
    values = registry.validate(calc, {"dip_r99": "yes", "n": 3})
    assert values["readings"]["DIP R99"] == "yes" and values["n"] == 3 and "dip_r99" not in values
    with pytest.raises(InputError) as err:
        registry.validate(calc, {"dip_r99": "maybe"})
    assert err.value.field == "dip_r99"
