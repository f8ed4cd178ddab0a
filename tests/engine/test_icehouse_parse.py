"""Conquest of Mars input parsing: dice and forces (COM 1.2, COM 2.4, COM 6.2, rulings COM R1, COM R9)."""
from __future__ import annotations

import pytest

from calculators.core import InputError
from calculators.icehouse.parse import parse_dice, parse_force


@pytest.mark.parametrize("text, faces", [
    ("d6", (6,)), ("D20", (20,)), ("6", (6,)), ("2d8", (8, 8)), ("d4, d12,d6", (12, 6, 4)),
    ("d10", (10,)), ("d100", (100,)), ("", ()), ("none", ()),
])
def test_dice_forms(text, faces):
    assert parse_dice(text, "p1") == faces


@pytest.mark.parametrize("text", ["d0", "d1", "d-6", "d101", "0d6", "x6", "d6.5"])
def test_bad_dice(text):
    with pytest.raises(InputError) as err:
        parse_dice(text, "p3")
    assert err.value.field == "p3"


def test_force_fields():
    f = parse_force("S=2 M=1 L=0 dice=d6,d6,d8", "p2", "none")
    assert (f.small, f.medium, f.large, f.dice, f.rerolls, f.pyramids) == (2, 1, 0, (8, 6, 6), 1, 3)
    g = parse_force("l=2 small=1 dice=d6 reroll=answer-earlier", "p1", "none")
    assert (g.small, g.large, g.rerolls, g.policy) == (1, 2, 4, "answer-earlier")
    assert parse_force("   ", "p4", "none") is None


@pytest.mark.parametrize("text", ["S=1 S=2 dice=d6", "S=1 small=1", "S=1 dice=d6 dice=d6", "S=x", "S=1 foo=2",
                                  "S=1 d6", "S=1 dice=d6 reroll=maybe", "S=1 M=1 dice=3d6", "dice=d6"])
def test_bad_forces(text):
    with pytest.raises(InputError) as err:
        parse_force(text, "p5", "none")
    assert err.value.field == "p5"
