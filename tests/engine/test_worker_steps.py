"""The browser worker's steps (calculators/present/worker.py): a step works for a slice of time before it
reports, so a calculation of many short parts (the comparison view, one run per reading) is not slowed by a
yield per part, and a long one still reports its progress and can be cancelled between slices."""
from __future__ import annotations

import json

import pytest

import calculators
from calculators.core.registry import iter_run
from calculators.present import worker

# The Defend page's example under every reading: 5 runs of com-defend, dozens of progress reports.
DEFEND = {"p1": "S=1 M=1 dice=d8,d6", "p2": "S=2 dice=d6,d6", "compare_readings": True}


def _steps(calc: str, params: dict) -> list[dict]:
    return [json.loads(e) for e in iter(worker.start(calc, json.dumps(params), "").step, "null")]


class Clock:
    """A clock that moves ``tick`` seconds each time it is read."""

    def __init__(self, tick: float):
        self.now, self.tick = 0.0, tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


def test_within_one_slice_only_the_result_crosses(monkeypatch):
    monkeypatch.setattr(worker, "clock", Clock(0.0))  # time stands still: everything fits in the first slice
    reports = sum("progress" in e for e in iter_run("com-defend", DEFEND))
    assert reports > 20  # the case is one of many parts, so the test can fail
    (only,) = _steps("com-defend", DEFEND)
    assert only["result"] == calculators.run("com-defend", DEFEND)
    assert isinstance(only["html"], str)


def test_a_run_longer_than_a_slice_reports_its_progress(monkeypatch):
    # Every read of the clock a slice later: each progress report ends its step, as before slicing.
    monkeypatch.setattr(worker, "clock", Clock(worker.SLICE_S))
    expected = [e for e in iter_run("com-defend", DEFEND) if "progress" in e]
    events = _steps("com-defend", DEFEND)
    assert [e for e in events if "progress" in e] == expected
    assert events[-1]["result"] == calculators.run("com-defend", DEFEND)


@pytest.mark.parametrize("tick", [0.0, 0.01])
def test_progress_only_goes_forward(monkeypatch, tick):
    monkeypatch.setattr(worker, "clock", Clock(tick))
    values = [e["progress"] for e in _steps("com-defend", DEFEND) if "progress" in e]
    assert values == sorted(values) and all(0 <= v <= 1 for v in values)
