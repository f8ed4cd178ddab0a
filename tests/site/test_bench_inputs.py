"""The benchmarks' inputs are still inputs the engine answers: a rule or a bound added later (AQMF 5.2's
"only an enemy unit", issue 26's work bound for hidden rolls) had turned three of `make bench`'s queries into
refusals, and `make bench` stopped at the first one, before Lighthouse. Answers only, not timings (those are
the benchmarks' own figures)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import calculators

# In tests/site, not tests/engine: the engine tests also run inside Pyodide (tests/pyodide), which has no benchmarks.
BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


AQMF = _load("bench_aqmf")
ICEHOUSE = _load("bench_icehouse")


@pytest.mark.parametrize(("calc", "params"), [pytest.param(q[1], q[2], id=q[0]) for q in AQMF.QUERIES])
def test_every_aqmf_benchmark_query_is_answered(calc, params):
    out = calculators.run(calc, params)
    assert out["ok"], out


@pytest.mark.parametrize(("calc", "params"), [pytest.param(q[1], q[2], id=q[0]) for q in ICEHOUSE.QUERIES])
def test_every_icehouse_benchmark_query_is_answered(calc, params):
    out = calculators.run(calc, params)
    assert out["ok"], out


@pytest.mark.parametrize(("calc", "params", "field"), [pytest.param(*q[1:], id=q[0]) for q in ICEHOUSE.REFUSED])
def test_every_icehouse_benchmark_refusal_is_refused_naming_its_field(calc, params, field):
    out = calculators.run(calc, params)
    assert not out["ok"] and out["error"]["field"] == field, out
