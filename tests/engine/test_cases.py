"""The one generic runner for known cases: every record in tests/data/cases/*.json is one test.

A file holds {"calculator": id, "source": where the expected values come from,
"cases": [{"name", "params", "expect": {path: value}}]}. A path is dotted with
[i] for list items, e.g. "data.active" or "data.kills[2].p", or [key=value] for the one list item
whose key has that value, e.g. "data.orders[order=France: A Par - Bur].result" (orders are named by
their text, never by their place in the list); the value must equal exactly (fractions are compared
as their "n/d" strings).
"""
from __future__ import annotations

import json
import pathlib
import re

import pytest

import calculators

CASES = pathlib.Path(__file__).resolve().parents[1] / "data" / "cases"


def _records():
    for path in sorted(CASES.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for i, case in enumerate(doc["cases"]):
            yield pytest.param(doc["calculator"], case, id=f"{path.stem}:{case.get('name', i)}")


def lookup(obj, path: str):
    for part in re.findall(r"\[[^\]]*\]|[^.\[\]]+", path):
        if part.startswith("["):
            inner = part[1:-1]
            if inner.isdigit():
                obj = obj[int(inner)]
                continue
            # [key=value]: the one list item whose key is exactly value, e.g. an order by its text.
            key, _, value = inner.partition("=")
            found = [item for item in obj if isinstance(item, dict) and item.get(key) == value]
            if len(found) != 1:
                raise KeyError(f"{len(found)} items with {key} = {value!r}")
            obj = found[0]
        else:
            obj = obj[part]
    return obj


@pytest.mark.parametrize("calc_id, case", list(_records()))
def test_case(calc_id, case):
    result = calculators.run(calc_id, case.get("params", {}))
    assert json.loads(json.dumps(result)) == result
    for path, expected in case["expect"].items():
        try:
            got = lookup(result, path)
        except (KeyError, IndexError, TypeError):
            pytest.fail(f"{path} missing from result: {json.dumps(result)[:600]}")
        assert got == expected, f"{path}: expected {expected!r}, got {got!r}"
