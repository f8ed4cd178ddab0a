"""The calculator contract, checked for every registered calculator from its own schema."""
from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

import calculators
from calculators.__main__ import main as cli

CATALOG = calculators.catalog()
IDS = [c["id"] for c in CATALOG]
KINDS = {"int", "decimal", "bool", "choice", "text", "group"}
GROUP_FIELD_KINDS = {"int", "decimal", "bool", "choice", "text"}


def test_catalog_is_not_empty_and_ids_unique():
    assert "wotw-virus" in IDS
    assert len(IDS) == len(set(IDS))


@pytest.mark.parametrize("entry", CATALOG, ids=IDS)
def test_catalog_entry_complete(entry):
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", entry["id"])
    for key in ("title", "game", "game_title", "description", "page"):
        assert isinstance(entry[key], str) and entry[key].strip(), key
    assert entry["rules"] and all(re.fullmatch(r"[A-Z]{2,5} R?\d+(\.\d+)*[a-z]?", r) for r in entry["rules"])
    assert entry["page"].endswith(".md")
    for p in entry["params"]:
        _check_param_schema(p, KINDS)
        if p["type"] == "group":
            _check_group_schema(p)
    json.dumps(entry)


def _check_param_schema(p, kinds):
    assert p["type"] in kinds, p
    assert p["name"] and p["label"] and isinstance(p["help"], str) and p["help"].strip(), p["name"]
    assert "default" in p
    if p["type"] in ("int", "decimal"):
        assert p["min"] is not None and p["max"] is not None, f"{p['name']} must be bounded"
    if p["type"] == "choice":
        assert p["choices"] and p["default"] in [c["value"] for c in p["choices"]]
    if p["type"] == "text":
        # A whole file's text (a game record) is bounded by its calculator, up to the document ceiling.
        assert 0 < p["max_length"] <= (1_000_000 if p.get("document") else 20_000)


def _check_group_schema(p):
    """The group kind as agreed with the widget (wt/briefs/group-spec.md)."""
    assert set(p) >= {"name", "type", "label", "help", "default", "fields", "min_items", "max_items", "item_label"}
    assert 0 <= p["min_items"] <= p["max_items"] and p["max_items"] >= 1
    assert isinstance(p["item_label"], str) and p["item_label"].strip()
    names = [f["name"] for f in p["fields"]]
    assert names and len(names) == len(set(names))
    for f in p["fields"]:
        _check_param_schema(f, GROUP_FIELD_KINDS)  # never a nested group
    assert isinstance(p["default"], list) and p["min_items"] <= len(p["default"]) <= p["max_items"]
    for item in p["default"]:
        assert isinstance(item, dict) and set(item) == set(names), item


def _dist_entries(obj):
    """Every {"p": ..., "float": ...} probability anywhere in a result."""
    if isinstance(obj, dict):
        if "p" in obj and "float" in obj:
            yield obj
        for v in obj.values():
            yield from _dist_entries(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _dist_entries(v)


def _examples(calc_id: str) -> dict:
    """The examples a calculator shows as placeholders in its empty fields."""
    entry = next(c for c in CATALOG if c["id"] == calc_id)
    return {p["name"]: p["placeholder"] for p in entry["params"] if p.get("placeholder")}


@pytest.mark.parametrize("calc_id", IDS)
def test_defaults_run_or_ask_for_a_field_that_shows_an_example(calc_id):
    """Defaults never hold sample input: where a calculator cannot answer without input, its
    error names a field that shows an example (a placeholder), and the examples together run."""
    result = calculators.run(calc_id, {})
    if not result["ok"]:
        assert result["error"]["field"] in _examples(calc_id), result
        result = calculators.run(calc_id, _examples(calc_id))
    assert result["ok"] is True, result
    assert json.loads(json.dumps(result)) == result
    assert set(result) == {"ok", "id", "summary", "data", "tables", "charts", "notes", "rules", "next", "readings"}
    assert result["id"] == calc_id
    assert isinstance(result["summary"], str) and result["summary"].strip()
    assert result["rules"], "every result cites the rules it applied"
    for entry in _dist_entries(result["data"]):
        assert re.fullmatch(r"\d+/\d+", entry["p"]), entry
        assert abs(float(Fraction(entry["p"])) - entry["float"]) < 1e-12


@pytest.mark.parametrize("calc_id", IDS)
def test_unknown_parameter_is_a_field_error(calc_id):
    result = calculators.run(calc_id, {"no_such_parameter": 1})
    assert result == {"ok": False, "error": {"field": "no_such_parameter", "message": result["error"]["message"]}}
    assert "no_such_parameter" in result["error"]["message"]


def _bad_values(p):
    """Values the schema itself says are out of range, one parameter at a time."""
    t = p["type"]
    if t == "decimal":
        yield p["max"] + 0.5
        yield "1." + "5" * (p["places"] + 1)
    if t in ("int", "decimal"):
        yield p["max"] + 1
        yield p["min"] - 1
        yield "not a number"
    elif t == "choice":
        yield "__no_such_choice__"
    elif t == "bool":
        yield "maybe"
    elif t == "text":
        yield "x" * (p["max_length"] + 1)
    elif t == "group":  # errors about the list itself name the group
        yield json.dumps([{}] * (p["max_items"] + 1))
        yield "not a list ["
        yield "[1]"
        yield '[{"no_such_field": 1}]'
        yield {"an": "object"}
        if p["min_items"]:
            yield "[]"


CASES = [(c["id"], p["name"], bad) for c in CATALOG for p in c["params"] for bad in _bad_values(p)]


@pytest.mark.parametrize("calc_id, name, bad", CASES, ids=[f"{c}:{n}:{str(b)[:12]}" for c, n, b in CASES])
def test_out_of_range_is_a_field_error(calc_id, name, bad):
    result = calculators.run(calc_id, {name: bad})
    assert result["ok"] is False, result
    assert result["error"]["field"] == name
    assert isinstance(result["error"]["message"], str) and 5 < len(result["error"]["message"]) < 400


@pytest.mark.parametrize("params", [None, [], "year=1904", 3])
def test_params_must_be_an_object(params):
    result = calculators.run("wotw-virus", params)
    if params is None:
        assert result == calculators.run("wotw-virus", {})
    else:
        assert result["ok"] is False and result["error"]["field"] is None


def test_unknown_calculator():
    result = calculators.run("no-such-calculator", {})
    assert result["ok"] is False and result["error"]["field"] == "id"


def test_iter_run_ends_with_the_result():
    events = list(calculators.iter_run("wotw-virus", {"largest": 6}))
    assert events[-1] == calculators.run("wotw-virus", {"largest": 6}) and events[-1]["ok"]


def test_cli_list(capsys):
    assert cli(["list"]) == 0
    assert [c["id"] for c in json.loads(capsys.readouterr().out)] == IDS


def test_cli_run_pairs_and_json(capsys):
    assert cli(["run", "wotw-virus", "destroyed=11", "largest=6"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["data"]["destroyed"] == 11
    assert cli(["run", "wotw-virus", "largest=5", "--json", '{"destroyed": 10}']) == 0
    assert json.loads(capsys.readouterr().out)["data"]["destroyed"] == 10


def test_cli_bad_input_exits_2_with_message_on_stderr(capsys):
    assert cli(["run", "wotw-virus", "destroyed=99"]) == 2
    captured = capsys.readouterr()
    assert json.loads(captured.out)["error"]["field"] == "destroyed"
    assert "destroyed" in captured.err and "at most 34" in captured.err
    assert cli(["run", "wotw-virus", "--json", "[1]"]) == 2
    assert cli(["run", "wotw-virus", "oops"]) == 2


def test_each_game_manifest_names_the_module_that_registers_each_calculator():
    """``run`` imports only the module a game's manifest (``CALCULATORS``) names for a calculator, so every module
    under calculators/ is imported here: a calculator registered by a module the manifest leaves out (or names
    wrongly) is found, as is a manifest entry no module registers."""
    import importlib
    import pkgutil

    from calculators.core import registry

    registry.catalog()
    for info in pkgutil.walk_packages(calculators.__path__, "calculators."):
        importlib.import_module(info.name)
    found = {i: c.func.__module__ for i, c in registry._REGISTRY.items()}
    listed = {i: f"calculators.{game}.{module}" for game in registry.GAMES
              for i, module in getattr(importlib.import_module(f"calculators.{game}"), "CALCULATORS", {}).items()}
    assert len(found) == len(CATALOG) > 20
    assert found == listed, {i: (found.get(i), listed.get(i)) for i in set(found) | set(listed)
                             if found.get(i) != listed.get(i)}


# -- the "group" kind (a repeated group of fields) ----------------------------------------------

GROUPS = [(c["id"], p) for c in CATALOG for p in c["params"] if p["type"] == "group"]
GROUP_IDS = [f"{c}:{p['name']}" for c, p in GROUPS]


def _items(p):
    """A valid list for group ``p``: its default items, at least 2 if it may hold 2 (else 1)."""
    n = 2 if p["max_items"] >= 2 else 1
    items = [dict(x) for x in p["default"][:n]] + [{}] * max(0, n - len(p["default"]))
    return items


FIELD_CASES = [(cid, g, f, bad) for cid, g in GROUPS for f in g["fields"] for bad in _bad_values(f)]


@pytest.mark.parametrize("calc_id, group, field, bad", FIELD_CASES,
                         ids=[f"{c}:{g['name']}.{f['name']}:{str(b)[:12]}" for c, g, f, b in FIELD_CASES])
def test_a_bad_field_in_an_item_names_its_path_and_counts_from_1(calc_id, group, field, bad):
    items = _items(group)
    i = len(items) - 1
    items[i] = dict(items[i], **{field["name"]: bad})
    for value in (items, json.dumps(items)):  # a list, or its JSON text (URL hash, saved state, CLI)
        result = calculators.run(calc_id, {group["name"]: value})
        assert result["ok"] is False, result
        assert result["error"]["field"] == f"{group['name']}.{i}.{field['name']}"
        assert result["error"]["message"].startswith(f"{group['item_label']} {i + 1}, {field['label']}: ")
        assert len(result["error"]["message"]) < 400


@pytest.mark.parametrize("calc_id, group", GROUPS, ids=GROUP_IDS)
def test_a_group_as_json_text_is_the_same_as_the_list(calc_id, group):
    items = _items(group)
    as_text = calculators.run(calc_id, {group["name"]: json.dumps(items)})
    assert as_text == calculators.run(calc_id, {group["name"]: items})


@pytest.mark.parametrize("calc_id, group", GROUPS, ids=GROUP_IDS)
def test_a_field_missing_from_an_item_takes_its_default(calc_id, group):
    from calculators.core import registry

    param = next(p for p in registry.get(calc_id).params if p.name == group["name"])
    defaults = {f["name"]: f["default"] for f in group["fields"]}
    n = max(1, group["min_items"])
    assert param.coerce([{}] * n) == tuple(defaults for _ in range(n))
    assert param.coerce(json.dumps([{}] * n)) == param.coerce([defaults] * n)


@pytest.mark.parametrize("calc_id, group", GROUPS, ids=GROUP_IDS)
@pytest.mark.parametrize("bad", [5, True, None, "x", "[", "{}", "[[]]", '["a"]', "[" * 5000, "]" * 30_000,
                                 [None], [[1, 2]], {"unit": "boc-mg"}])
def test_a_group_never_gives_an_internal_error(calc_id, group, bad):
    result = calculators.run(calc_id, {group["name"]: bad})
    if result["ok"]:  # "[]" or None may be a valid empty list for an optional group
        assert group["min_items"] == 0
        return
    assert result["error"]["field"] == group["name"], result
    assert "Internal error" not in result["error"]["message"] and len(result["error"]["message"]) < 400


def test_group_param_refuses_nested_groups_and_bad_bounds():
    from calculators.core import group_param, int_param

    inner = group_param("g", "G", [int_param("a", "A", 1, 0, 9)], [], 0, 2)
    with pytest.raises(ValueError):
        group_param("outer", "Outer", [inner], [], 0, 2)
    with pytest.raises(ValueError):
        group_param("g", "G", [int_param("a", "A", 1, 0, 9)], [], 3, 2)
    with pytest.raises(ValueError):
        group_param("g", "G", [int_param("a", "A", 1, 0, 9), int_param("a", "A2", 1, 0, 9)], [], 0, 2)


def test_group_error_message_matches_the_agreed_form():
    from calculators.core import InputError, group_param, int_param

    g = group_param("attackers", "Attackers", [int_param("range", "Range", 12, 0, 48)], [{}], 1, 8,
                    item_label="Attacker")
    with pytest.raises(InputError) as err:
        g.coerce([{"range": 1}, {"range": 60}])
    assert err.value.field == "attackers.1.range"
    assert err.value.message == "Attacker 2, Range: must be at most 48 (got 60)."
    with pytest.raises(InputError) as err:
        g.coerce([{}] * 9)
    assert (err.value.field, err.value.message) == ("attackers", "Attackers: give 1 to 8 attackers (got 9).")
    with pytest.raises(InputError) as err:
        g.coerce([{"range": 1, "rnage": 2, "x": 3}])
    assert err.value.field == "attackers" and "'rnage', 'x'" in err.value.message


def test_cli_runs_a_group_given_as_json_text(capsys):
    """The command shown in calculators/__main__.py's docstring."""
    assert cli(["run", "aqmf-fire-plan", 'attackers=[{"unit": "boc-mg", "range": 12}]', "target=boc-tripod"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["data"]["attackers"][0]["dice"] == 9
    assert cli(["run", "aqmf-fire-plan", 'attackers=[{"unit": "boc-mg", "range": 12}, {"range": 200}]']) == 2
    captured = capsys.readouterr()
    assert json.loads(captured.out)["error"]["field"] == "attackers.1.range"
    assert "error in attackers.1.range: Attacker 2, Range: must be at most 120 (got 200)." in captured.err


@pytest.mark.parametrize("raw, shown", [(1e308, "1e+308"), (-1e300, "-1e+300"), (10**40, "a number of 41 digits"),
                                        ("9" * 13, "'9999999999999'")])
def test_bad_numbers_are_echoed_briefly(raw, shown):
    result = calculators.run("wotw-virus", {"destroyed": raw})
    assert result["ok"] is False and result["error"]["field"] == "destroyed"
    assert f"(got {shown})" in result["error"]["message"] and len(result["error"]["message"]) < 120


def test_cli_plays_exactly_the_players_given(capsys):
    """No sample player joins a game given on the command line (com-poker, com-defend)."""
    assert cli(["run", "com-poker", "p1=KH KS 7D 7C 2H", "p2=KD KC 7H 7S 2D"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["data"]["winners"] == [1, 2] and [p["player"] for p in out["data"]["players"]] == [1, 2]
    assert cli(["run", "com-defend", "p1=S=1 dice=d6"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["field"] == "p2"


def test_a_preset_fills_the_fields_and_a_field_given_overrides_it():
    start = calculators.presets("dip-adjudicate")["start"]["params"]
    assert calculators.run("dip-adjudicate", {"load": "start"}) == calculators.run("dip-adjudicate", start)
    mine = calculators.run("dip-adjudicate", {"load": "start", "orders": "France: A Par - Bur"})
    assert mine == calculators.run("dip-adjudicate", dict(start, orders="France: A Par - Bur"))
    assert len([o for o in mine["data"]["orders"] if o["line"]]) == 1
    assert calculators.run("dip-adjudicate", {"load": "constructor"})["error"]["field"] == "load"
    assert calculators.run("dip-adjudicate", {"load": {"x": 1}})["error"]["field"] == "load"


@pytest.mark.parametrize("entry", [c for c in CATALOG if c["presets"]], ids=lambda c: c["id"])
def test_every_preset_runs(entry):
    for value, preset in calculators.presets(entry["id"]).items():
        result = calculators.run(entry["id"], preset["params"])
        assert result["ok"], (value, result)
