"""Issue 26: text becomes a number in one place only, ``calculators/core/numbers.py``.

``str.isdigit()`` takes "²" that ``int()`` then refuses (the fuzzer's internal errors), and an ``int()`` on a
long run of digits costs time and fails past 4,300 of them: so no parser calls either on its own. This reads
the engine's source (not shipped to the browser, hence here and not in tests/engine, which Pyodide reruns).
"""
from __future__ import annotations

import pathlib
import re

ENGINE = pathlib.Path(__file__).resolve().parents[2] / "calculators"
THE_PLACE = ENGINE / "core" / "numbers.py"
# The engine's own text, never a user's: rule IDs read from the engine's docstrings and DATC case names.
OWN_TEXT = {ENGINE / "core" / "implements.py", ENGINE / "diplomacy" / "adjudicate.py"}
# The modules where user text is read (the parsers); any module reading text with a regex joins them.
CHECKS = re.compile(r"\.(?:isdigit|isdecimal|isnumeric)\(")
INT_OF_TEXT = re.compile(r"\bint\(\s*(?:[\w.]+\.group\(|m\[|"
                         r"(?:text|value|word|w|written|tok|s|part)\s*(?:\)|\[| or\b))")


def engine_files():
    return sorted(p for p in ENGINE.rglob("*.py") if p != THE_PLACE)


def test_no_module_asks_a_string_whether_it_is_digits():
    found = [f"{p.relative_to(ENGINE)}:{n}: {line.strip()}" for p in engine_files() if p not in OWN_TEXT
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if CHECKS.search(line)]
    assert not found, "read numbers with calculators.core.numbers:\n" + "\n".join(found)


def test_no_module_turns_matched_or_typed_text_into_an_int():
    found = [f"{p.relative_to(ENGINE)}:{n}: {line.strip()}" for p in engine_files() if p not in OWN_TEXT
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if INT_OF_TEXT.search(line)]
    assert not found, "read numbers with calculators.core.numbers:\n" + "\n".join(found)


# The modules that read numbers out of a user's text (wotw/orders.py hands its strengths to wotw/units.py).
PARSERS = ["core/params.py", "diplomacy/parser.py", "icehouse/parse.py", "wotw/units.py", "wotw/landings.py"]


def test_every_parser_reads_its_numbers_in_the_one_place():
    for name in PARSERS:
        text = (ENGINE / name).read_text(encoding="utf-8")
        assert re.search(r"from \.{1,2}(?:core\.)?numbers import", text), name


def test_the_checks_catch_what_they_are_for():
    assert CHECKS.search('if w.isdigit() and year is None:')
    assert INT_OF_TEXT.search("count = int(m.group(1)) if m.group(1) else 1")
    assert INT_OF_TEXT.search("strength = int(written or 1)")
    assert INT_OF_TEXT.search("year = int(w[:9])")
    assert not INT_OF_TEXT.search("trials = max(100, int(BUDGET_US / cost))")
    assert not INT_OF_TEXT.search('"class_rank": int(value.cls)')
