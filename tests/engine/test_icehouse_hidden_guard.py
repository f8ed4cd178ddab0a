"""Issue 26: best play with hidden rolls (ruling COM R2's hidden reading) answers within the work guard.

The inputs the fuzzer found hanging (11 s to over 60 s) must now be answered or refused with the reason at
their field, and whatever runs is bounded by the guard's units, not by a clock: every loop's work is
charged before it is done (``done <= spent``), a charge never passes the limit, and the bound made before
starting covers the table of moves and the planned rounds of answers, the depth of the rerolls included.
"""
from __future__ import annotations

import pytest

import calculators
from calculators.icehouse import hidden
from calculators.icehouse.parse import parse_force

HANGS = [
    ("com-dice-advisor", {"o1": "L=3 M=2 dice=2d6,2d10", "com_r2": "hidden"}),
    ("com-dice-advisor", {"o1": "L=3 M=2 dice=2d6,2d10", "com_r2": "hidden", "method": "monte-carlo", "trials": 1000}),
    ("com-defend", {"p1": "S=1 dice=d6", "p2": "L=3 M=3 dice=d20,d20,d20,d20,d20,d20", "com_r2": "hidden"}),
    ("com-defend", {"p1": "S=1 dice=d6", "p2": "S=3 M=3 L=3 dice=9d20", "com_r2": "hidden"}),
    ("com-reroll", {"p1": "S=1 dice=6:3", "p2": "L=3 M=3 dice=20:1,20:2,20:3,20:4,20:5,20:6", "turn": 2,
                    "com_r2": "hidden"}),
]


@pytest.mark.parametrize("calc_id, params", HANGS, ids=[f"{c}-{i}" for i, (c, _) in enumerate(HANGS)])
def test_the_hang_inputs_are_answered_or_refused_with_the_reason(calc_id, params):
    out = calculators.run(calc_id, params)
    if not out["ok"]:
        assert out["error"]["field"] == "com_r2", out["error"]
        assert "Internal error" not in out["error"]["message"]
        assert f"{hidden.MAX_WORK:,}" in out["error"]["message"]


def forces_of(*texts):
    return tuple(parse_force(t, f"p{i + 1}", "best") for i, t in enumerate(texts))


@pytest.mark.parametrize("deep, shallow", [
    (("S=1 M=1 dice=d6,d6", "L=3 M=3 dice=6d20"), ("S=1 M=1 dice=d6,d6", "M=1 S=3 L=0 dice=4d20")),
    (("S=1 dice=d6", "S=3 M=3 L=3 dice=9d20"), ("S=1 dice=d6", "S=3 M=1 L=1 dice=5d20")),
    (("S=1 M=1 dice=d12,d8", "L=3 M=2 dice=2d6,2d10"), ("S=1 M=1 dice=d12,d8", "M=1 S=3 dice=2d6,2d10")),
])
def test_the_bound_counts_the_depth_of_the_rerolls(deep, shallow):
    """Six d20 with nine rerolls: 177,100 sorted rolls (C(25, 6)), each weighing 6 x 20 rerolls at each of nine
    depths, is past any allowance; fewer dice with one reroll are far cheaper."""
    assert hidden.work(forces_of(*deep)) > hidden.work(forces_of(*shallow))
    if "6d20" in deep[1]:
        assert hidden.work(forces_of(*deep)) > 177_100 * 6 * 20 * 9 > hidden.MAX_WORK  # the programme, by hand


@pytest.mark.parametrize("texts", [
    ("S=2 dice=d8,d6", "S=1 L=1 dice=d12,d4"), ("M=2 dice=d8,d6", "L=1 S=1 dice=d10,d4"),
    ("S=1 M=1 dice=d4,d6", "L=3 M=2 dice=2d6,2d10"), ("L=1 M=1 dice=d12,d10", "L=2 dice=d8,d8"),
    ("M=1 L=1 dice=d8,d6", "M=1 dice=d10", "L=1 dice=d4"),
])
def test_the_work_done_is_charged_and_bounded(texts):
    forces = forces_of(*texts)
    hidden._MOVES.clear()  # the tables built, not borrowed from an earlier test
    guard = hidden.Guard()
    hidden.equilibrium(forces, "sole", None, guard)
    assert 0 < guard.done <= guard.spent <= guard.limit
    best = len(hidden.players_best(forces))
    planned = sum(u for _, u in guard.charges[:best * (1 + hidden.PLANNED_ROUNDS)])
    assert planned <= hidden.work(forces)  # tables and the planned rounds: within the bound made beforehand


def test_a_search_that_runs_out_of_work_is_refused_with_the_reason():
    forces = forces_of("M=3 dice=3d6", "L=3 dice=3d8")
    hidden._MOVES.clear()
    guard = hidden.Guard(limit=hidden.work(forces) // 3)
    with pytest.raises(hidden.TooMuchWork) as err:
        hidden.equilibrium(forces, "sole", None, guard)
    assert guard.spent <= guard.limit and guard.done <= guard.spent
    assert err.value.field == "com_r2" and f"{guard.limit:,}" in err.value.message
