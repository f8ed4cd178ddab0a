"""The switchable-rulings core (issue 19): readings as data, a reading parameter per ruling, and the
``Readings`` value a calculator receives. Uses a made-up ruling and calculator, not the registry's."""
from __future__ import annotations

import pytest

from calculators.core import registry
from calculators.core.compare import Figure, compare, default_note
from calculators.core.errors import InputError
from calculators.core.params import int_param, ruling_param_name
from calculators.core.result import Result, Table
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


# -- the reading cited, the note on the site's reading, the comparison view -----------------------------
YR = Ruling("DIP R98", "How far does it go?",
            (Reading("near", "Near", default=True), Reading("far", "Far"), Reading("nowhere", "Nowhere")))


def _bite(values):
    """A made-up calculation: n, doubled when DIP R99 bites (and it says so); DIP R98 adds 0, 10 or refuses."""
    r = values["readings"]
    n = values["n"] * (2 if r["DIP R99"] == "yes" else 1)
    if r["DIP R98"] == "nowhere":
        raise InputError("n", "Nowhere to go under this reading.")
    n += 10 if r["DIP R98"] == "far" else 0
    why = "doubled" if r["DIP R99"] == "yes" else "as given"
    return Result(f"It comes to {n}.", {"n": n, "why": why}, ["DIP 1.1"],
                  tables=[Table("Totals", ["What", "Value", "Same"], [["n", n, "x"]])])


def _figures(result):
    return {"N": Figure(result["data"]["n"]), "Why": Figure(result["data"]["why"], "reason")}


@pytest.fixture
def live(monkeypatch):
    """Two made-up rulings and a calculator registered through the decorator, reached through run()."""
    known = {XR.id: XR, YR.id: YR}
    monkeypatch.setattr(registry, "all_rulings", lambda: known)
    monkeypatch.setattr(registry, "_REGISTRY", {})
    monkeypatch.setattr(registry, "_loaded", True)
    registry.calculator(id="dip-bite", title="Bite", game="diplomacy", rules=["DIP 1.1"], page="diplomacy/rulings.md",
                        params=[int_param("n", "N", 1, 0, 9)], rulings=("DIP R99", "DIP R98"), figures=_figures)(_bite)
    registry.calculator(id="dip-plain", title="Plain", game="diplomacy", rules=["DIP 1.1"],
                        page="diplomacy/rulings.md", params=[int_param("n", "N", 1, 0, 9)],
                        rulings=("DIP R99", "DIP R98"))(_bite)


def test_a_result_cites_every_reading_in_force_and_says_nothing_more_at_the_site_readings(live):
    out = registry.run("dip-bite", {"n": 3})
    assert out["ok"] and out["summary"] == "It comes to 3."
    assert out["rules"] == ["DIP 1.1", "DIP R99: no", "DIP R98: near"]
    assert out["readings"] == {"in_force": {"DIP R99": "no", "DIP R98": "near"},
                               "site": {"DIP R99": "no", "DIP R98": "near"},
                               # as a reader sees each citation: ruling and label (the labels declared above)
                               "cited": {"DIP R99: no": "DIP R99: It does not", "DIP R98: near": "DIP R98: Near"}}
    assert out["notes"] == []  # nothing rerun at the site's readings


def test_another_reading_gets_the_site_reading_note_in_the_calculators_figures_and_the_readings_names(live):
    out = registry.run("dip-bite", {"n": 3, "dip_r99": "yes"})
    assert out["summary"] == "It comes to 6." and "DIP R99: yes" in out["rules"]
    assert out["readings"]["site_gives"] == "other-result"
    assert out["readings"]["site_differs"] == ["N: 3 (here 6)", "Why: as given (here doubled)"]
    assert out["notes"] == ["Worked out under DIP R99: It does, not the site's reading. Under the site's reading "
                            "(DIP R99: It does not): N: 3 (here 6); Why: as given (here doubled)."]


def test_the_same_result_for_another_reason_is_told_apart(live):
    out = registry.run("dip-bite", {"n": 0, "dip_r99": "yes"})  # 0 doubled is 0, but the reason is not the same
    assert out["readings"]["site_gives"] == "other-reason"
    assert out["notes"] == ["Worked out under DIP R99: It does, not the site's reading. The site's reading "
                            "(DIP R99: It does not) gives the same result, for another reason: Why: as given "
                            "(here doubled)."]


def test_without_figures_of_its_own_the_table_cells_are_compared(live):
    out = registry.run("dip-plain", {"n": 3, "dip_r98": "far"})
    assert out["readings"]["site_differs"] == ["Totals, n: Value: 3 (here 13)"]
    same = registry.run("dip-plain", {"n": 0, "dip_r99": "yes"})  # 0 doubled is 0: no cell differs
    assert same["readings"]["site_differs"] == [] and same["readings"]["site_gives"] == "same"
    assert same["notes"][0].endswith("The site's reading (DIP R99: It does not) gives the same result.")


def test_a_reading_under_which_the_site_refuses_the_input_says_so():
    r = Readings({"DIP R98": "far"}, (XR, YR))
    note = default_note(r, compare(Result("", {}, []), "Too far."))[0]
    assert note.endswith("Under the site's reading (DIP R98: Near) this input is refused: Too far.")


def test_the_comparison_view_shows_only_what_differs_a_column_per_reading_that_changes_anything(live):
    out = registry.run("dip-bite", {"n": 3, "compare_readings": True})
    assert out["ok"], out
    table = out["tables"][0]
    assert table["columns"] == ["", "The site's readings", "DIP R99: It does", "DIP R98: Far", "DIP R98: Nowhere"]
    rows = {row[0]: row[1:] for row in table["rows"]}
    assert rows == {"The input": ["worked out", "worked out", "worked out",
                                  "refused: Nowhere to go under this reading."],
                    "N": [3, 6, 13, "-"], "Why": ["as given", "doubled", "as given", "-"]}
    assert table["marked"] == [True, True, False]  # the reason alone does not change the result
    assert out["summary"] == "Bite: 3 of 3 other readings change the result (1 refuses the input)."
    assert [c["verdict"] for c in out["data"]["comparison"]] == ["site", "other-result", "other-result", "refused"]
    assert [c["ok"] for c in out["data"]["comparison"]] == [True, True, True, False]
    assert out["rules"] == ["DIP R99", "DIP R98"]  # the rulings compared, each a link to its box


def test_the_comparison_view_keeps_a_same_result_for_another_reason_apart_and_drops_the_same(live):
    out = registry.run("dip-bite", {"n": 0, "compare_readings": True})
    table = out["tables"][0]
    assert table["columns"] == ["", "The site's readings", "DIP R99: It does", "DIP R98: Far", "DIP R98: Nowhere"]
    out = registry.run("dip-plain", {"n": 0, "compare_readings": True})
    table = out["tables"][0]
    assert table["columns"] == ["", "The site's readings", "DIP R98: Far", "DIP R98: Nowhere"]  # R99 changes nothing
    assert "The same result as the site's readings under DIP R99: It does." in out["notes"]
    bite = registry.run("dip-bite", {"n": 0, "compare_readings": True})
    assert "DIP R99: It does: the same result, for another reason." in bite["notes"]
    assert bite["summary"] == ("Bite: 2 of 3 other readings change the result (1 refuses the input); 1 gives the same "
                               "result for another reason.")


def test_the_comparison_and_the_separate_runs_agree(live):
    view = registry.run("dip-bite", {"n": 0, "compare_readings": True})["data"]["comparison"]
    for column, params in zip(view[1:], ({"dip_r99": "yes"}, {"dip_r98": "far"}, {"dip_r98": "nowhere"}), strict=True):
        alone = registry.run("dip-bite", {"n": 0, **params})
        if column["verdict"] == "refused":
            assert not alone["ok"]
        else:
            assert alone["readings"]["site_gives"] == column["verdict"]
            assert alone["readings"]["site_differs"] == column["differences"]


def test_the_comparison_adds_the_readings_chosen_when_several_are_switched(live):
    out = registry.run("dip-bite", {"n": 3, "dip_r99": "yes", "dip_r98": "far", "compare_readings": "true"})
    assert out["tables"][0]["columns"][-1] == "As chosen: DIP R99: It does; DIP R98: Far"
    assert out["tables"][0]["rows"][1][-1] == 16


def test_the_comparison_of_a_refused_input_is_the_inputs_error(live):
    out = registry.run("dip-bite", {"n": 3, "dip_r98": "nowhere", "compare_readings": True})
    assert out == {"ok": False, "error": {"field": "n", "message": "Nowhere to go under this reading."}}
    bad = registry.run("dip-bite", {"n": 3, "compare_readings": "perhaps"})
    assert not bad["ok"] and bad["error"]["field"] == "compare_readings"


def test_figures_need_rulings_and_compare_readings_is_reserved():
    with pytest.raises(ValueError):
        registry.calculator(id="dip-x", title="X", game="diplomacy", rules=["DIP 1.1"], page="diplomacy/rulings.md",
                            params=[], figures=_figures)
    with pytest.raises(ValueError):
        registry.calculator(id="dip-x", title="X", game="diplomacy", rules=["DIP 1.1"], page="diplomacy/rulings.md",
                            params=[int_param("compare_readings", "C", 1, 0, 9)])
    plain = registry.run("wotw-merge-split", {"compare_readings": True})
    assert not plain["ok"] and "no switchable ruling" in plain["error"]["message"]
