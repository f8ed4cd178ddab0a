"""From a rule to its code in one hop: every rule the engine cites is named in a function's docstring."""
from __future__ import annotations

import ast
import doctest
import pathlib

import pytest

from calculators.core import implements
from calculators.core.games import GAMES
from calculators.core.implements import implemented, rule_ids, rule_key

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The game packages whose code names, for each rule it cites, the function that implements it.
PACKAGES = tuple(g.package for g in GAMES)


def _cited(package: str) -> dict[str, str]:
    """Rule IDs in the package's string literals other than docstrings: {rule ID: first file citing it}."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "calculators" / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and ast.get_docstring(node)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                for rid in rule_ids(node.value):
                    found.setdefault(rid, str(path.relative_to(ROOT)))
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_every_cited_rule_names_its_function(package):
    known = implemented()
    missing = {rid: where for rid, where in _cited(package).items() if rid not in known}
    assert not missing, f"rule IDs cited but named in no function's docstring: {missing}"


def test_names_are_functions_of_the_engine():
    known = implemented()
    assert "calculators.wotw.season.fall_check" in known["WOTW R14"]
    assert all(name.startswith("calculators.") for names in known.values() for name in names)
    assert list(known) == sorted(known, key=rule_key)


def test_runs_and_lists_of_rulings():
    assert rule_ids("CLAN 5.1-5.3 with rulings CLAN R19, R20 and R21") == [
        "CLAN 5.1", "CLAN 5.2", "CLAN 5.3", "CLAN R19", "CLAN R20", "CLAN R21"]
    assert rule_ids("DIP 14.1, 14.2, 14.8") == ["DIP 14.1", "DIP 14.2", "DIP 14.8"]
    assert sorted(["DIP 2.10", "DIP R1", "DIP 2.9"], key=rule_key) == ["DIP 2.9", "DIP 2.10", "DIP R1"]


def test_docstring_examples():
    assert doctest.testmod(implements).failed == 0
