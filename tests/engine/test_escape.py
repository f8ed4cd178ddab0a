"""core.escape against the standard library's html.escape (the oracle it replaces at start-up)."""
from __future__ import annotations

import html

from hypothesis import given
from hypothesis import strategies as st

from calculators.core.escape import escape


@given(st.text())
def test_escape_is_html_escape(text):
    assert escape(text) == html.escape(text, quote=True)


def test_every_special_character():
    assert escape("&<>\"'") == "&amp;&lt;&gt;&quot;&#x27;"
