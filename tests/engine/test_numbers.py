"""core.numbers: the one place where text becomes a number (issue 26; conventions, "Numbers you type").

Expected values are the digits' values as Unicode names them (FULLWIDTH DIGIT THREE is 3, SUPERSCRIPT
TWO is no decimal digit), written out by hand, never read back from the module.
"""
from __future__ import annotations

import pytest

import calculators
from calculators.core.errors import InputError
from calculators.core.numbers import MAX_DIGITS, digit_hint, digits_only, number, percentage, visible
from calculators.core.params import int_param


@pytest.mark.parametrize("text, expected", [
    ("12", 12), (" 7 ", 7), ("0", 0), ("007", 7),
    ("\uff13", 3), ("\uff11\uff19\uff10\uff11", 1901),  # full-width, as a CJK phone keyboard types them
    ("\u0663", 3), ("\u0967\u0968", 12),  # Arabic-Indic three, Devanagari one two
    ("1\u200b2", 12), ("\u200e5\u200f", 5), ("\ufeff9", 9),  # zero-width space, LRM/RLM, a byte-order mark
    ("9" * MAX_DIGITS, int("9" * MAX_DIGITS)),
])
def test_digits_of_any_script_are_read(text, expected):
    assert number(text) == expected


@pytest.mark.parametrize("text", [
    "", " ", "\u00b2", "\u2081", "\u2460", "\u00bd", "\u216b", "1e3", "1_000", "0x10", "1.5", "1,000", "+5",
    "-5", "1 2", "l2", "O7", "9" * (MAX_DIGITS + 1), "9" * 5000,
])
def test_anything_else_is_not_a_number(text):
    assert number(text) is None


@pytest.mark.parametrize("text, expected", [
    ("-3", -3), ("+5", 5), ("\u22124", -4), (" - 2", None), ("+-5", None), ("--5", None), ("-", None),
])
def test_a_sign_only_where_the_field_allows_one(text, expected):
    assert number(text, signed=True) == expected


def test_helpers():
    assert digits_only("١٩٠١") and not digits_only("19o1") and not digits_only("")
    assert visible("a\u200bb\u202ec") == "abc"
    assert "\u00b2 is not a digit" in digit_hint("S=\u00b2") and digit_hint("S=2") == ""


def test_form_and_url_integers_read_the_same_digits():
    p = int_param("year", "Year", 1901, 1901, 1910)
    assert p.coerce("\uff11\uff19\uff10\uff13") == 1903
    assert p.coerce(" 1905 ") == 1905
    for bad in ("\u00b9\u2079\u2070\u00b3", "1e3", "9" * 40):
        with pytest.raises(ValueError):
            p.coerce(bad)


@pytest.mark.parametrize("text, expected", [
    ("50%", 50), ("50", 50), (" 50 % ", 50), ("\uff15\uff10\uff05", 50), ("75\u066a", 75), ("1%", 1),
    ("50%%", None), ("%", None), ("50.5%", None), ("%50", None), ("fifty%", None),
])
def test_a_percent_field_takes_its_sign(text, expected):
    """Issue 24: a field counted in percent (AQMF "Target chance") reads "50%" as 50; nothing else does."""
    assert percentage(text) == expected
    field = int_param("goal", "Target chance", 50, 1, 99, unit="%")
    if expected is None:
        with pytest.raises(InputError):
            field.coerce(text)
    else:
        assert field.coerce(text) == expected
    with pytest.raises(InputError):
        int_param("n", "Dice", 1, 0, 99).coerce("50%")  # a count is no percentage


def test_target_chance_accepts_a_percent_sign():
    assert calculators.run("aqmf-how-many", {"goal": "50%"}) == calculators.run("aqmf-how-many", {"goal": 50})
