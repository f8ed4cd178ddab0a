"""Any input, from any caller, gets a result or an error naming a field: never an internal error.

Property-based (hypothesis) over every calculator's own schema: each field gets values of its
kind, values of other kinds, and hostile ones ("+-5", "--5", "²", 1e308, NaN, objects and lists
where a value belongs, huge and empty texts, names such as "constructor").
"""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import calculators

CATALOG = calculators.catalog()

HOSTILE_TEXT = ["+-5", "--5", "²", "٣", "1e3", "0x10", "1_000", " 7 ", "-0", "+5", "", " ", "NaN", "Infinity",
                "constructor", "toString", "__proto__", "hasOwnProperty", "<img src=x onerror=alert(1)>",
                "\x00", "\u202e", "9" * 40, "-" * 5, "1,2,3", "[1]", '{"a": 1}', "true", "null"]
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from(HOSTILE_TEXT),
    st.text(max_size=30), st.text(alphabet="0123456789+- ²³,.", max_size=8),
)
ANY = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                    st.dictionaries(st.text(max_size=8), inner, max_size=3)),
                   max_leaves=6)


def _own_kind(p: dict):
    """Values of the field's own kind, in and out of its range."""
    t = p["type"]
    if t == "int":
        lo, hi = p["min"], p["max"]
        return st.one_of(st.integers(lo - 3, hi + 3), st.integers(lo - 3, hi + 3).map(str))
    if t == "decimal":
        lo, hi = p["min"], p["max"]
        tenths = st.integers((lo - 3) * 10, (hi + 3) * 10)
        return st.one_of(tenths.map(lambda n: n / 10), tenths.map(lambda n: f"{n / 10:g}"), st.integers(lo - 3, hi + 3))
    if t == "bool":
        return st.sampled_from([True, False, "true", "false", "1", "0", "yes", "maybe"])
    if t == "choice":
        return st.sampled_from([c["value"] for c in p["choices"]] + ["__nope__", p["choices"][0]["label"]])
    if t == "int_list":
        items = st.integers(p["min"] - 2, p["max"] + 2).map(str)
        return st.lists(items, max_size=(p["max_items"] or 4) + 1).map(", ".join)
    if t == "group":
        item = st.fixed_dictionaries({}, optional={f["name"]: st.one_of(_own_kind(f), SCALARS) for f in p["fields"]})
        return st.one_of(st.lists(item, max_size=(p["max_items"] or 3) + 1),
                         st.lists(item, max_size=3).map(json.dumps))
    return st.one_of(st.text(max_size=60), st.sampled_from([p.get("placeholder") or "", p["default"] or ""]))


def _params(entry: dict):
    """Mostly values of each field's own kind, and any value at all in one or two fields."""
    kinds = {p["name"]: _own_kind(p) for p in entry["params"]}
    if entry.get("presets"):
        ps = entry["presets"]
        kinds[ps["name"]] = st.sampled_from([c["value"] for c in ps["choices"][:5]] + [ps["none_value"]])
    names = sorted(kinds)
    hostile = st.dictionaries(st.sampled_from(names), ANY, max_size=2)
    return st.tuples(st.fixed_dictionaries({}, optional=kinds), hostile).map(lambda pair: {**pair[0], **pair[1]})


def _field_names(entry: dict) -> set[str]:
    names = {p["name"] for p in entry["params"]}
    if entry.get("presets"):
        names.add(entry["presets"]["name"])
    return names


def _names_a_field(field, entry) -> bool:
    return isinstance(field, str) and field.split(".")[0] in _field_names(entry)


@pytest.mark.parametrize("entry", CATALOG, ids=[c["id"] for c in CATALOG])
def test_any_input_gives_a_result_or_a_field_error(entry):
    @settings(max_examples=60, deadline=None, database=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(params=_params(entry))
    def check(params):
        result = calculators.run(entry["id"], params)
        assert json.loads(json.dumps(result)) == result
        if result["ok"]:
            assert isinstance(result["summary"], str) and result["summary"].strip()
            return
        error = result["error"]
        assert "Internal error" not in error["message"], (params, error)
        assert _names_a_field(error["field"], entry), (params, error)
        assert 5 < len(error["message"]) <= 400, (params, error)

    check()
