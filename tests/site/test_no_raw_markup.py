"""No built page shows Markdown that failed to render: a rule link left as "[[DIP R2]]", or an escape
left visible as "dip\\_r2=" (the generated "What each field takes" tables once showed both, the escape in a
code span). "[[" is looked for outside code only (the authors' guides show markers there on purpose);
"\\_" everywhere a reader sees text, code included (Markdown never leaves one there on purpose)."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest

UNSEEN = {"script", "style", "template", "textarea"}
CODE = {"code", "pre"}


class _Text(HTMLParser):
    """The text a reader sees, outside code, scripts and styles."""

    def __init__(self, skip: set[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.skip = skip
        self.depth = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.skip:
            self.depth += 1

    def handle_endtag(self, tag):
        if tag in self.skip and self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if not self.depth:
            self.parts.append(data)


def _shown(source: str, skip: set[str]) -> str:
    parser = _Text(skip)
    parser.feed(source)
    return " ".join(parser.parts)


def test_the_parser_sees_raw_markup_outside_code_only():
    source = "<p>see [[DIP R2]] and <code>[[WOTW 9.1]] a\\_b</code><script>x\\_y</script></p>"
    assert _shown(source, UNSEEN | CODE) == "see [[DIP R2]] and "
    assert "a\\_b" in _shown(source, UNSEEN) and "x\\_y" not in _shown(source, UNSEEN)


@pytest.mark.parametrize(("raw", "skip"), [("[[", UNSEEN | CODE), ("\\_", UNSEEN)], ids=["rule-link", "escape"])
def test_no_page_shows_raw_markup(built_site, raw, skip):
    pages = sorted(built_site.rglob("index.html"))
    assert len(pages) > 50
    shown = {}
    for path in pages:
        text = _shown(path.read_text(encoding="utf-8"), skip)
        if raw in text:
            at = text.index(raw)
            shown[str(path.relative_to(built_site))] = " ".join(text[max(0, at - 60):at + 60].split())
    assert not shown, shown


def test_the_field_tables_link_their_rulings(built_site):
    """The case the player reported: the ruling's ID is a link to its box, the link name is code."""
    page = (built_site / "calculators/dip-adjudicate/index.html").read_text(encoding="utf-8")
    table = page[page.index('id="what-each-field-takes"'):]
    assert 'href="../../diplomacy/rulings/#dip-r2"' in table
    assert "<code>dip_r2=</code>" in table
    page = (built_site / "calculators/com-reroll/index.html").read_text(encoding="utf-8")
    assert "<code>com_r1=</code>" in page[page.index('id="what-each-field-takes"'):]
