"""The key facts of the Diplomacy rules appear, exactly, on the Diplomacy rules page, under the right rule.

Expected values are typed in by hand from the source summary (18 centres, 15 minutes, the written
order examples, the five adjustment points) and from the standard game (75 provinces, 34 supply
centres, the three two-coast provinces, the 1901 starting position), never read from the code.
"""
from __future__ import annotations

import pathlib
import re
from html.parser import HTMLParser

import pytest

pytestmark = pytest.mark.slow

# Every rule ID the Diplomacy rules page must define (section headings and rules).
REQUIRED = (
    ["DIP 1.1"]
    + [f"DIP 2.{i}" for i in range(1, 6)]
    + ["DIP 3.1"]
    + [f"DIP 4.{i}" for i in range(1, 5)]
    + [f"DIP 5.{i}" for i in range(1, 6)]
    + ["DIP 6.1", "DIP 6.2", "DIP 7.1", "DIP 7.2", "DIP 8.1", "DIP 8.2"]
    + [f"DIP 9.{i}" for i in range(1, 4)]
    + [f"DIP 10.{i}" for i in range(1, 5)]
    + ["DIP 11.1"]
    + [f"DIP 12.{i}" for i in range(1, 6)]
    + [f"DIP 13.{i}" for i in range(1, 6)]
    + [f"DIP 14.{i}" for i in range(1, 10)]
    + [f"DIP {i}" for i in range(1, 15)]
)

# Standard Diplomacy, Spring 1901 (22 units).
STARTING_POSITION = {
    "Austria": {"army Vienna", "army Budapest", "fleet Trieste"},
    "England": {"fleet London", "fleet Edinburgh", "army Liverpool"},
    "France": {"fleet Brest", "army Paris", "army Marseilles"},
    "Germany": {"fleet Kiel", "army Berlin", "army Munich"},
    "Italy": {"fleet Naples", "army Rome", "army Venice"},
    "Russia": {"fleet St Petersburg (south coast)", "army Moscow", "army Warsaw", "fleet Sevastopol"},
    "Turkey": {"fleet Ankara", "army Constantinople", "army Smyrna"},
}

ORDER_EXAMPLES = {
    "DIP 4.1": "army Berlin to Prussia",
    "DIP 4.2": "fleet stands English Channel",
    "DIP 4.3": "army Berlin supports army Silesia to Prussia",
    "DIP 4.4": "fleet English Channel convoys army London to Belgium",
}


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


class _Rules(HTMLParser):
    """Text under each rule badge (up to the next badge), each worked-example box, and every table row."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[list] = []        # open elements: [tag, texts, is_example]
        self.starts: list[tuple[str, int]] = []  # (rule ID, where its badge starts in self.text)
        self.examples: list[str] = []      # text of each example admonition, in order
        self.rows: list[list[str]] = []
        self._badge: list[str] | None = None
        self._row: list[str] | None = None
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        classes = a.get("class", "").split()
        if tag in ("br", "img", "hr", "input", "meta", "link"):
            return
        self.stack.append([tag, [], tag == "div" and "admonition" in classes and "example" in classes])
        if tag == "a" and "rule-id" in classes:
            self._badge = []
            self._badge_at = len(self.text)
        if tag == "tr":
            self._row = []

    def handle_endtag(self, tag):
        while self.stack:
            el = self.stack.pop()
            text = _norm("".join(el[1]))
            if el[0] == "a" and self._badge is not None:
                self.starts.append((_norm("".join(self._badge)), self._badge_at))
                self._badge = None
            if el[2]:
                self.examples.append(text)
            if el[0] in ("td", "th") and self._row is not None:
                self._row.append(text)
            if el[0] == "tr" and self._row is not None:
                self.rows.append(self._row)
                self._row = None
            if el[0] == tag:
                break

    def handle_data(self, data):
        for el in self.stack:
            el[1].append(data)
        if self._badge is not None:
            self._badge.append(data)
        self.text.append(data)

    @property
    def order(self) -> list[str]:
        return [rid for rid, _ in self.starts]

    @property
    def rules(self) -> dict[str, str]:
        """Rule ID -> the page text from its badge up to the next badge."""
        ends = [at for _, at in self.starts[1:]] + [len(self.text)]
        return {rid: _norm("".join(self.text[at:end])) for (rid, at), end in zip(self.starts, ends)}


@pytest.fixture(scope="module")
def page(built_site) -> _Rules:
    html = (built_site / "diplomacy" / "rules" / "index.html").read_text(encoding="utf-8")
    article = re.search(r"<article\b.*?</article>", html, re.S)
    assert article, "no article on the Diplomacy rules page"
    p = _Rules()
    p.feed(article.group(0))
    p.close()
    return p


def rule(page: _Rules, rid: str) -> str:
    rules = page.rules
    assert rid in rules, f"{rid} is not on the Diplomacy rules page"
    return rules[rid]


def test_every_required_rule_id_is_on_the_page(page):
    missing = [r for r in REQUIRED if r not in page.rules]
    assert not missing, f"missing rule IDs: {missing}"
    extra = [r for r in page.rules if r not in REQUIRED]
    assert not extra, f"rule IDs beyond the agreed list: {extra}"


def test_rules_are_in_numeric_order(page):
    key = [tuple(int(n) for n in r.split()[1].split(".")) for r in page.order]
    assert key == sorted(key)


def test_object_18_centres(page):
    text = rule(page, "DIP 1.1")
    assert "18 supply centres" in text and "first" in text
    assert "most supply centres at the end of the session" in text


def test_sequence_of_play(page):
    assert "15 minutes" in rule(page, "DIP 2.1")
    assert "usually" in rule(page, "DIP 2.1")
    assert "same time" in rule(page, "DIP 2.3")
    assert "Retreats" in rule(page, "DIP 2.4")
    assert "Fall" in rule(page, "DIP 2.5")
    items = [page.order.index(f"DIP 2.{i}") for i in range(1, 6)]
    assert items == sorted(items)


def test_diplomacy_binds_nobody(page):
    text = rule(page, "DIP 3.1")
    for fact in ("secret", "overhear", "public announcements", "documents", "binds"):
        assert fact in text, fact


@pytest.mark.parametrize("rid", sorted(ORDER_EXAMPLES))
def test_written_order_examples_exactly(page, rid):
    example = ORDER_EXAMPLES[rid]
    boxes = [e for e in page.examples if example in e]
    assert boxes, f"no worked-example box carries {example!r}"
    assert example in rule(page, rid), f"the box with {example!r} is not under {rid}"


def test_order_templates(page):
    assert "[unit] [present location] to [space intended to be occupied]" in rule(page, "DIP 4.1")
    assert "[unit] holds [present location]" in rule(page, "DIP 4.2")
    assert "[unit] [present location] supports [unit] [present location] to [intended move]" in rule(page, "DIP 4.3")
    assert "[unit] [present location] convoys [unit] [present location] to [intended move]" in rule(page, "DIP 4.4")


def test_movement(page):
    assert "one unit" in rule(page, "DIP 5.1")
    assert all(w in rule(page, "DIP 5.2") for w in ("some", "none", "all"))
    assert "adjacent" in rule(page, "DIP 5.3")
    assert "convoy" in rule(page, "DIP 5.4")
    assert "adjacent" in rule(page, "DIP 5.5") and "coastal" in rule(page, "DIP 5.5")


def test_support_convoy_standoff_strength(page):
    assert "supported" in rule(page, "DIP 6.2")
    assert "give up its own move" in rule(page, "DIP 7.1")
    assert "could itself move" in rule(page, "DIP 7.2")
    assert "(a)" in rule(page, "DIP 8.1") and "(b)" in rule(page, "DIP 8.1")
    assert "chain of fleets" in rule(page, "DIP 8.2")
    assert "two or more units" in rule(page, "DIP 9.1")
    assert "better-supported" in rule(page, "DIP 10.1")
    assert "retreat" in rule(page, "DIP 10.2") and "disbanded" in rule(page, "DIP 10.2")
    assert "same player" in rule(page, "DIP 10.3")
    assert "more support" in rule(page, "DIP 10.4")
    assert "other than the one it is supporting into" in rule(page, "DIP 11.1")


def test_retreats(page):
    assert "empty" in rule(page, "DIP 12.1")
    assert "stand-off" in rule(page, "DIP 12.2")
    assert "attacker came from" in rule(page, "DIP 12.3")
    assert "disbanded" in rule(page, "DIP 12.4")
    assert "cannot be supported" in rule(page, "DIP 12.5") and "convoyed" in rule(page, "DIP 12.5")


def test_adjustments_five_points(page):
    assert "Spring" in rule(page, "DIP 13.1") and "Fall" in rule(page, "DIP 13.1")
    assert "build" in rule(page, "DIP 13.2")
    assert "more units" in rule(page, "DIP 13.3")
    assert "enemy unit" in rule(page, "DIP 13.4") and "one unit" in rule(page, "DIP 13.4")
    text = rule(page, "DIP 13.5")
    assert "home supply centres" in text and "army or a fleet" in text and "coast" in text


def test_standard_map_facts(page):
    text = rule(page, "DIP 14.1")
    for fact in ("75 provinces", "56 land provinces", "19 bodies of water", "34 of the land provinces are supply centres",
                 "22 home supply centres", "12 neutral", "Switzerland is impassable"):
        assert fact in text, fact
    coasts = rule(page, "DIP 14.2")
    for fact in ("Spain (north and south coasts)", "St Petersburg (north and south coasts)",
                 "Bulgaria (east and south coasts)", "names the coast"):
        assert fact in coasts, fact


def test_standard_rules_beyond_the_summary(page):
    assert "end of a Fall turn" in rule(page, "DIP 14.3") and "until another power" in rule(page, "DIP 14.3")
    assert "all of them are disbanded" in rule(page, "DIP 14.4")
    assert "farthest" in rule(page, "DIP 14.5") and "fleet goes before an army" in rule(page, "DIP 14.5")
    assert "cannot trade places" in rule(page, "DIP 14.6")
    assert "same power" in rule(page, "DIP 14.7")
    assert "22 units" in rule(page, "DIP 14.8")
    assert "empty" in rule(page, "DIP 14.9") and "still owns" in rule(page, "DIP 14.9")


def test_starting_position_exactly(page):
    table = {row[0]: {u.strip() for u in re.split(r",(?![^(]*\))", row[1])}
             for row in page.rows if len(row) == 2 and row[0] in STARTING_POSITION}
    assert table == STARTING_POSITION
    assert sum(len(units) for units in STARTING_POSITION.values()) == 22


def test_glossary_tooltips_on_the_rules_page(built_site):
    html = (built_site / "diplomacy" / "rules" / "index.html").read_text(encoding="utf-8")
    for term in ("supply centres", "dislodged", "stand-off", "convoy", "retreat", "home supply centres"):
        assert re.search(r"<abbr title=\"[^\"]+\">" + re.escape(term) + "</abbr>", html), term


GLOSSARY_LINE = re.compile(r"^\*\[([^\]]+)\]: (\S.*)$")


# A variant's glossary is read after the standard one on the variant's pages (hooks/glossary.py):
# there, and only there, a standard word may be defined again, with the variant's meaning.
VARIANT_GLOSSARIES = {"glossary-wotw.md", "glossary-clans.md"}
STANDARD_GLOSSARIES = {"glossary-general.md", "glossary-diplomacy.md"}


def test_glossary_files_are_well_formed_and_define_each_term_once():
    """One ``*[term]: definition`` per line; a term defined twice would silently lose one definition,
    except a variant's own meaning of a standard word, which is meant to replace it on its pages."""
    root = pathlib.Path(__file__).resolve().parents[2] / "includes"
    seen: dict[str, str] = {}
    problems = []
    for path in sorted(root.glob("glossary-*.md"), key=lambda p: (p.name in VARIANT_GLOSSARIES, p.name)):
        here: set[str] = set()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip() or (line.startswith("<!--") and line.rstrip().endswith("-->")):
                continue
            m = GLOSSARY_LINE.match(line)
            if not m:
                problems.append(f"{path.name}:{n}: not a glossary line: {line[:60]!r}")
                continue
            term = m.group(1)
            override = path.name in VARIANT_GLOSSARIES and seen.get(term) in STANDARD_GLOSSARIES
            if term in here or (term in seen and not override):
                problems.append(f"{path.name}:{n}: {term!r} is already defined in {seen.get(term, path.name)}")
            here.add(term)
            seen.setdefault(term, path.name)
    assert not problems, "\n  ".join(problems)
    for term in ("supply centre", "dislodge", "stand-off", "support cut", "convoy", "hold", "retreat", "build",
                 "disband", "home centre", "coast", "province", "adjudicator", "civil disorder"):
        assert term in seen, f"the glossary lacks {term!r}"


def _article_text(built_site, page: str) -> str:
    html = (built_site / page).read_text(encoding="utf-8")
    article = re.search(r"<article\b.*?</article>", html, re.S).group(0)
    return _norm(re.sub(r"<[^>]+>", " ", article).replace("&amp;", "&").replace("&#39;", "'"))


def test_diplomacy_front_page_indexes_every_rule(built_site, page):
    html = (built_site / "diplomacy" / "index.html").read_text(encoding="utf-8")
    for rid in REQUIRED:
        anchor = rid.lower().replace(" ", "-").replace(".", "-")
        assert f'href="../rules/#{anchor}"' in html or f'href="rules/#{anchor}"' in html, f"the rule index lacks {rid}"
    assert "Allan B. Calhamer" in _article_text(built_site, "diplomacy/index.html")


def test_about_page_credits_every_designer(built_site):
    text = _article_text(built_site, "about/index.html")
    for name in ("Mark Wightman", "H. G. Wells", "Wayne Hoheisel", "Stephen Agar", "Alien Dungeon", "Ryan Hackel",
                 "Allan B. Calhamer", "Lucas Kruijswijk", "Ted Driggs"):
        assert name in text, name
