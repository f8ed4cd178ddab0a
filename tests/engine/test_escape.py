"""core.escape against the standard library's html.escape (the oracle it replaces at start-up).

Brute force rather than sampling, so that it runs unchanged inside Pyodide (whose test wheels
hold no hypothesis, a package with a compiled part): every code point once, and every string of
up to four characters over the special characters and two plain ones.
"""
from __future__ import annotations

import html
import itertools

from calculators.core.escape import escape

ALPHABET = "&<>\"'a;#"


def test_every_code_point_is_escaped_as_html_escape_does():
    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)
    assert escape(every) == html.escape(every, quote=True)


def test_every_short_string_of_special_characters():
    for n in range(1, 5):
        for chars in itertools.product(ALPHABET, repeat=n):
            text = "".join(chars)
            assert escape(text) == html.escape(text, quote=True), text


def test_every_special_character():
    assert escape("&<>\"'") == "&amp;&lt;&gt;&quot;&#x27;"
