"""The order notations players paste from online games and judges, for the parser (DIP 4.1, ruling DIP R31).

The parser (``parser.Reader``) reads the site's own notation, short or long (``A Par - Bur``,
``A Paris -> Burgundy``, ``F Bre S A Par - Pic``, ``Build A Par``).  Other sites and tools write
the same orders in their own words; this module turns those words into the reader's, before the reader
reads them, and names the notation a line is written in:

- ``short``: unit letters and province abbreviations, any case: ``A Par - Bur``, ``A PAR-BUR``;
- ``long names``: unit words or full province names: ``A Paris -> Burgundy``, ``Army Vienna HOLD``;
- ``diplomacy package``: the ``diplomacy`` Python package's own words: ``A YOR - BEL VIA``, ``F STP/SC B``;
- ``judge``: the results of an email judge, unit words, full names and a full stop:
  ``Army Munich -> Burgundy.  (*bounce*)``, ``Fleet Trieste SUPPORT Army Venice -> Tyrolia.``,
  ``Builds an army in Moscow.``, ``Removes the fleet in Kiel.``, ``Build waived.``;
- ``webDiplomacy``: ``The army at Paris move to Burgundy``,
  ``The fleet at Brest support move to Picardy from Paris``, ``Build army at Paris``.

    >>> canonical("the army at paris move to burgundy".split(), ValueError)
    ['army', 'paris', 'move', 'to', 'burgundy']
    >>> canonical("the fleet at brest support move to picardy from paris".split(), ValueError)
    ['fleet', 'brest', 'support', 'paris', '-', 'picardy']
    >>> canonical("a yor - bel via".split(), ValueError)
    ['a', 'yor', '-', 'bel', 'via', 'convoy']
"""
from __future__ import annotations

import re
from collections.abc import Callable
from enum import StrEnum

from .map import show
from .orders import ParsedOrder


class Notation(StrEnum):
    SHORT = "short"
    LONG = "long names"
    PACKAGE = "diplomacy package"
    JUDGE = "judge"
    WEBDIP = "webDiplomacy"


EXAMPLES = {
    Notation.SHORT: ("A Par - Bur", "A PAR-BUR", "F Bre S A Par - Pic", "F Nth C A Lon - Bel", "A Mun H",
                     "A Ser R Alb", "Build A Par", "Remove F Kie", "Waive", "France: A Par - Bur"),
    Notation.LONG: ("A Paris -> Burgundy", "Army Paris - Burgundy", "Fleet Brest supports Army Paris to Picardy",
                    "fleet English Channel convoys army London to Belgium", "Army Vienna holds"),
    Notation.PACKAGE: ("A YOR - BEL VIA", "F STP/SC B", "A PAR D", "WAIVE"),
    Notation.JUDGE: ("Germany: Army Munich -> Burgundy.  (*bounce*)", "Austria: Fleet Trieste SUPPORT Army Venice "
                     "-> Tyrolia.", "Russia: Builds an army in Moscow.", "Germany: Removes the fleet in Kiel.",
                     "France: Build waived."),
    Notation.WEBDIP: ("The army at Paris move to Burgundy", "The fleet at Brest support move to Picardy from Paris",
                      "The army at Marseilles support hold to Paris", "The fleet at North Sea convoy to Belgium from "
                      "London", "Build army at Paris", "Destroy the fleet at Kiel"),
}

UNIT_WORDS = frozenset({"army", "fleet"})
_AT = frozenset({"at", "in"})
_VERBS = frozenset({"move", "moves", "support", "supports", "convoy", "convoys", "hold", "holds", "retreat",
                    "retreats", "disband", "disbands"})
_JUDGE_ADJUST = re.compile(r"(?:builds|removes)\s+(?:an?|the)\s+(?:army|fleet)\s+in\b|build\s+waived\b|defaults\b")
_WEBDIP = re.compile(r"the\s+(?:army|fleet)\s+(?:at|in)\b|build\s+(?:army|fleet)\s+(?:at|in)\b|"
                     r"destroy\s+(?:the\s+)?(?:army|fleet)\s+(?:at|in)\b")
_ANNOTATION = re.compile(r"\(\*\s*([^*]*?)\s*\*\)")
_PACKAGE = re.compile(r"\s(?:via|b)\s*$")

Fail = Callable[[str], Exception]


def canonical(toks: list[str], fail: Fail) -> list[str]:
    """The words of an order in any notation above as the reader's own (the short and long notations are
    the reader's already).  ``fail(message)`` makes the error raised for a line that is no order."""
    cut = next((i for i, t in enumerate(toks) if t.startswith("(*")), None)
    if cut is not None:
        toks = toks[:cut]  # a judge's result after the order: not part of it
    if len(toks) > 2 and toks[0] == "the" and toks[1] in UNIT_WORDS and toks[2] in _AT:
        return _webdip_unit(toks[1:2] + toks[3:])
    if len(toks) > 2 and toks[0] in ("build", "destroy"):
        return _webdip_adjustment(toks)
    if toks[:1] in (["builds"], ["removes"]) and len(toks) > 3 and toks[1] in ("a", "an", "the") and toks[3] == "in":
        return [toks[0], toks[2]] + toks[4:]  # judge: Builds an army in Moscow
    if toks[:2] == ["build", "waived"]:
        return ["waive"] + toks[2:]
    if toks[:1] == ["defaults"]:
        raise fail("a judge's default removal is a result, not an order: the site removes the units of a power that "
                   "orders too few removals itself (DIP 14.5)")
    if len(toks) > 2 and toks[-1] == "via":
        return toks + ["convoy"]  # the diplomacy package: A YOR - BEL VIA
    return toks


def _webdip_unit(toks: list[str]) -> list[str]:
    """``army paris support move to picardy from brest`` -> ``army paris support brest - picardy``."""
    verb = next((i for i, t in enumerate(toks) if t in _VERBS), None)
    if verb is None:
        return toks
    word, rest = toks[verb], toks[verb + 1:]
    if word.startswith("support") and rest[:2] == ["hold", "to"]:
        return toks[:verb + 1] + rest[2:]
    if word.startswith(("support", "convoy")):
        if word.startswith("support") and rest[:1] == ["move"]:
            rest = rest[1:]
        if rest[:1] == ["to"] and "from" in rest:
            cut = rest.index("from")
            return toks[:verb + 1] + rest[cut + 1:] + ["-"] + rest[1:cut]
    return toks


def _webdip_adjustment(toks: list[str]) -> list[str]:
    """``build army at paris`` -> ``build army paris``; ``destroy the fleet at kiel`` -> ``remove fleet kiel``."""
    rest = toks[1:]
    if rest[:1] == ["the"]:
        rest = rest[1:]
    if len(rest) > 2 and rest[0] in UNIT_WORDS and rest[1] in _AT:
        return ["build" if toks[0] == "build" else "remove", rest[0]] + rest[2:]
    return toks


_JUDGE_HEADING = re.compile(r"(movement|retreat|adjustment)s?\s+results\s+for\s+(spring|summer|fall|autumn|winter)"
                            r"\s+of\s+(\d{4})\b", re.IGNORECASE)


def judge_heading(line: str) -> str | None:
    """A judge's heading of a phase's results as the phase it names: ``Movement results for Spring of 1901.``
    -> ``Spring 1901 movement`` (None for any other line)."""
    m = _JUDGE_HEADING.match(line.strip())
    if m is None:
        return None
    kind, season, year = m.groups()
    return f"{season} {year} {kind}"


def recorded_result(text: str) -> str | None:
    """A judge's result written after the order (``(*bounce*)``), or None."""
    found = _ANNOTATION.findall(text)
    return ", ".join(found) if found else None


def notation_of(body: str, long_names: Callable[[list[str]], bool]) -> Notation:
    """The notation a line (without its power) is written in, by what the reader needed to read it:
    ``long_names(words)`` says whether a unit word or full province name is among the words."""
    s = " ".join(body.lower().split())
    if _WEBDIP.match(s):
        return Notation.WEBDIP
    if "(*" in s or _JUDGE_ADJUST.match(s) or (s.endswith(".") and s.split()[0] in UNIT_WORDS):
        return Notation.JUDGE
    if _PACKAGE.search(s):
        return Notation.PACKAGE
    if long_names(s.replace(".", " ").split()):
        return Notation.LONG
    return Notation.SHORT


def written(order: ParsedOrder) -> str:
    """The order in the site's short notation, its power first when known: ``France: A Par - Bur``."""
    text = _body(order)
    return f"{order.power}: {text}" if order.power else text


def _place(location: str | None) -> str:
    return show(location) if location else "?"


def _unit(unit_type, location: str | None) -> str:
    place = _place(location)
    return f"{unit_type.value} {place}" if unit_type is not None else place


def _body(o: ParsedOrder) -> str:
    name = o.spec.name
    me = _unit(o.unit_type, o.location)
    if name == "waive":
        return "Waive"
    if name == "build":
        return f"Build {me}"
    if name == "move":
        return f"{me} - {_place(o.dest)}" + (" via convoy" if o.via_convoy else "")
    if name == "support":
        target = _unit(o.target_type, o.target)
        return f"{me} S {target}" + (f" - {show(o.dest)}" if o.dest else "")
    if name == "convoy":
        return f"{me} C {_unit(o.target_type, o.target)} - {_place(o.dest)}"
    if name == "retreat":
        return f"{me} R {_place(o.dest)}"
    if name == "disband":
        return f"{me} D"
    return f"{me} H"
