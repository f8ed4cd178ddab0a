"""The only place text becomes data: orders, positions and phase names (DIP 4.1).

Orders are read the way players write them, short or long form, any case and spacing:
``A Par - Bur``, ``A Par -> Bur``, ``F Lon S A Wal - Bel``, ``A Lon - Bel via convoy``,
``F Nth C A Lon - Bel``, ``A Mun H``, ``A Mun R Boh``, ``A Mun D``, ``Build A Par``,
``Build F StP/sc``, ``Remove A Par``, ``Waive``, ``army Berlin to Prussia``,
``fleet English Channel convoys army London to Belgium``.  Coasts: ``StP/nc``, ``Spa (sc)``,
``Bul/ec``, ``Spain north coast``.  A line may start with the power: ``England: F Lon - Eng``.

The parser only reads; whether an order is possible on the board is ``legality``'s job.
"""
from __future__ import annotations

import re
from typing import NamedTuple, NoReturn

from ..core.numbers import digit_hint, digits_only, number, visible
from .map import GameMap, province_of, show
from .notation import canonical
from .orders import OrderKind, ParsedOrder
from .units import Phase, PhaseKind, Season, Unit, UnitType


Where = tuple[int, str]  # an order's line and its text, for a ParseError


class ParseError(ValueError):
    def __init__(self, line: int, text: str, message: str):
        super().__init__(f"line {line} \u201c{text}\u201d: {message}" if line else message)
        self.line = line
        self.text = text
        self.message = message


TYPES = {"a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET, "fleet": UnitType.FLEET}
FILLER = {"the", "in", "at", "of", "unit"}
# A variant's unit named by its strength (War of the Worlds' 2A, 3A, WOTW 4.3): as the target of a
# support or convoy only its province counts (ruling DIP R8).
STRENGTHS = {"1a": 1, "2a": 2, "3a": 3}

_COAST_WORD = {"n": "nc", "s": "sc", "e": "ec", "w": "wc", "north": "nc", "south": "sc", "east": "ec", "west": "wc"}
_COAST_RE = re.compile(r"\s*[/(]\s*(nc|sc|ec|wc|n|s|e|w|north|south|east|west)\s*(?:\.?\s*c\.?|coast)?\s*\)?(?=\s|$|-)")
_COAST_WORDS_RE = re.compile(r"\s+(north|south|east|west)\s+coast\b")
# A bare coast code after the province, as in "F StP sc - Bot" or "Build F Spa nc".
_LIST_MARK = re.compile(r"^(?:\d{1,3}[.)]|[-*\u2022])\s+")
_MARKS = frozenset("0123456789-*\u2022")
_BARE_COAST_RE = re.compile(r"(?<=[a-z])\s+(nc|sc|ec|wc)(?=\s|$|-)")


_ARROWS = ("\u2192", "->", "=>", "\u2013", "\u2014")


def _norm(text: str) -> str:
    """Lower case, arrows as "-", coasts as "/nc", punctuation as spaces: the words an order is read from."""
    return " ".join(_tokens(text))


def _tokens(text: str) -> list[str]:
    s = text.lower()
    for arrow in _ARROWS:
        if arrow in s:
            s = s.replace(arrow, " - ")
    if "mid-atlantic" in s:
        s = s.replace("mid-atlantic", "mid atlantic")
    if "." in s:
        s = s.replace(".", ". ")
    if "coast" in s:
        s = _COAST_WORDS_RE.sub(lambda m: "/" + _COAST_WORD[m.group(1)], s)
    if "/" in s or "(" in s:
        s = _COAST_RE.sub(lambda m: "/" + _COAST_WORD.get(m.group(1), m.group(1)), s)
    if " nc" in s or " sc" in s or " ec" in s or " wc" in s:
        s = _BARE_COAST_RE.sub(lambda m: "/" + m.group(1), s)
    if "-" in s:
        s = s.replace("-", " - ")
    if "," in s or ";" in s:
        s = s.replace(",", " ").replace(";", " ")
    return s.replace(". ", " ").split()


class Segment(NamedTuple):
    """One order as written in a block of orders: its line, its text, the power it stands under (a heading
    or an earlier order on its line), and the order it reads as or the error; ``alone``: the only order on
    its line; ``comment``: the line's comment (``# ...``), which belongs to no order."""

    line: int
    text: str
    power: str | None
    order: ParsedOrder | None
    error: ParseError | None
    comment: str = ""
    alone: bool = True

    def standalone(self) -> str:
        """The order written to stand on a line of its own with the same meaning: its power before it."""
        body = _LIST_MARK.sub("", self.text) if self.text[:1] in _MARKS else self.text
        power = self.order.power if self.order is not None else self.power
        if ":" in body or power is None:
            return body
        return f"{power}: {body}"


class Reader:
    """Parses text for one map and one set of order kinds; holds the phrase table of province and power names."""

    def __init__(self, gmap: GameMap, kinds=OrderKind):
        self.gmap = gmap
        self.kinds = tuple(kinds)
        self.names: dict[str, str] = {}
        for name, abbr in gmap.aliases.items():
            self.names[_norm(name)] = abbr
        self.longest = max(len(k.split()) for k in self.names)
        self.starts_longer = {k.split()[0] for k in self.names if " " in k}  # first words of longer names
        self.powers: dict[str, str] = {}
        for p in gmap.powers:
            for key in (p.name, p.adjective, p.abbr):
                self.powers[key.lower()] = p.name
        self.leading = {w: k for k in self.kinds for w in k.value.leading}
        self.verbs = {w: k for k in self.kinds for w in k.value.verbs}
        self.hold = OrderKind.HOLD  # a unit written with no order word holds

    # -- pieces, for the order kinds' readers --------------------------------------------
    def power(self, word: str) -> str | None:
        return self.powers.get(word.strip().lower())

    def place(self, toks: list[str], k: int, ctx: Where) -> tuple[str, int]:
        """A province (with coast if written) starting at toks[k]; returns (location, next k)."""
        if k >= len(toks):
            raise ParseError(*ctx, "a province is missing at the end")
        word = toks[k]
        if word not in self.starts_longer:  # a one-word name (most are): no longer phrase to try first
            last, _, coast = word.partition("/")
            abbr = self.names.get(last)
            if abbr is not None:
                return (f"{abbr}/{coast}" if coast else abbr), k + 1
        for n in range(min(self.longest, len(toks) - k), 0, -1):
            words = toks[k:k + n]
            last, _, coast = words[-1].partition("/")
            key = " ".join(words[:-1] + [last])
            abbr = self.names.get(key)
            if abbr is not None:
                return (f"{abbr}/{coast}" if coast else abbr), k + n
        bad, hint = self._suggest(toks, k)
        raise ParseError(*ctx, f"unknown province \u2018{bad}\u2019{hint}")

    def _suggest(self, toks: list[str], k: int) -> tuple[str, str]:
        """The unknown words and a close spelling of a known province (1 to 3 words from toks[k])."""
        import difflib  # only for a misspelling: ~19 ms of the browser's first start-up otherwise (issue 12)

        best, score, words = None, 0.0, toks[k].partition("/")[0]
        for n in range(1, min(self.longest, len(toks) - k) + 1):
            phrase = " ".join(toks[k:k + n]).partition("/")[0]
            for match in difflib.get_close_matches(phrase, self.names, n=1, cutoff=0.8):
                ratio = difflib.SequenceMatcher(None, phrase, match).ratio()
                if ratio > score:
                    best, score, words = match, ratio, phrase
        if best is None:
            return words, ""
        abbr = self.names[best]
        return words, f" (did you mean {self.gmap.provinces[abbr].name}, {show(abbr)}?)"

    def owner(self, toks: list[str], k: int) -> tuple[str | None, int]:
        """An optional power naming the unit that follows (``S Austria A Vie - Gal``, ``S Austrian A Vie``; DATC
        4.C.5, 4.C.6): (power or None, next k).  A word that is also a province (``Eng``) is a power only before
        a unit's letter."""
        if k + 1 >= len(toks) or toks[k] not in self.powers:
            return None, k
        if toks[k] in self.names and toks[k + 1] not in TYPES and toks[k + 1] not in STRENGTHS:
            return None, k
        return self.powers[toks[k]], k + 1

    def unit(self, toks: list[str], k: int, ctx: Where, designation: bool = True
             ) -> tuple[UnitType | None, str, int | None, int]:
        """An optional A/F (or a strength 2A, 3A) and a place: (type, location, strength, next k)."""
        utype = strength = None
        while k < len(toks) and toks[k] in FILLER:
            k += 1
        if k + 1 < len(toks) and (toks[k] in TYPES or (designation and toks[k] in STRENGTHS)):
            utype = TYPES.get(toks[k], UnitType.ARMY)
            strength = STRENGTHS.get(toks[k])
            k += 1
        loc, k = self.place(toks, k, ctx)
        return utype, loc, strength, k

    @staticmethod
    def end(toks: list[str], k: int, ctx: Where) -> None:
        if k < len(toks):
            raise ParseError(*ctx, f"unexpected \u2018{' '.join(toks[k:])}\u2019 at the end")

    @staticmethod
    def fail(ctx: Where, message: str) -> NoReturn:
        raise ParseError(*ctx, message)

    # -- orders -------------------------------------------------------------------
    def order(self, text: str, line: int = 0, default_power: str | None = None) -> ParsedOrder | None:
        """One order line; None for a blank line or a power heading (``England:``)."""
        raw = visible(text).strip()  # pasted text carries invisible marks (a BOM, zero-width spaces)
        ctx = (line, raw)
        power = default_power
        body = _LIST_MARK.sub("", raw) if raw[:1] in _MARKS else raw  # pasted lists: "1. A Par - Bur", "- A Par"
        if ":" in body:
            head, body = body.split(":", 1)
            power = self.power(head)
            if power is None:
                raise ParseError(*ctx, f"unknown power \u2018{head.strip()}\u2019")
        toks = _tokens(body)
        if toks and toks[0] in self.powers and toks[0] not in self.names:
            power = self.powers[toks[0]]
            toks = toks[1:]
        toks = canonical(toks, lambda message: ParseError(*ctx, message))  # other sites' notations (notation.py)
        if not toks:
            return None
        if toks[0] in self.leading:
            kind = self.leading[toks[0]]
            return ParsedOrder(line, raw, power, kind, **kind._value_.read_leading(self, toks, 1, ctx))
        if len(toks) > 2 and toks[0] in TYPES and toks[1] in self.hold._value_.verbs:
            # The summary's own hold example puts the verb first: "fleet stands English Channel" (DIP 4.2).
            loc, k = self.place(toks, 2, ctx)
            self.end(toks, k, ctx)
            return ParsedOrder(line, raw, power, self.hold, TYPES[toks[0]], loc)
        utype, loc, _, k = self.unit(toks, 0, ctx, designation=False)
        if k == len(toks):
            return ParsedOrder(line, raw, power, self.hold, utype, loc)
        kind = self.verbs.get(toks[k])
        if kind is None:
            raise ParseError(*ctx, f"unknown order word \u2018{toks[k]}\u2019 (use - S C H R D, or Build/Remove/Waive)")
        return ParsedOrder(line, raw, power, kind, utype, loc, **kind._value_.read(self, toks, k + 1, ctx))

    def segments(self, text: str) -> list[Segment]:
        """Every order of a block of text where it stands: its line, its place on the line, the power it is
        written under, and what it reads as (or why it cannot be read).  A line ``England:`` sets the power for
        those after it; several orders may share a line, separated by semicolons, and a power written before
        the first (``Russia: F Sev - Rum; A Mos S F Sev - Rum``) stands for the rest of the line."""
        out: list[Segment] = []
        power = None
        for n, line in enumerate(visible(text).splitlines(), 1):
            line_power = power
            comment = ""
            if "#" in line:
                line, comment = line.split("#", 1)
                comment = "#" + comment
            first = len(out)
            for part in line.split(";") if ";" in line else (line,):
                s = part.strip()
                if not s:
                    continue
                if s.endswith(":") and self.power(s.rstrip(":")):
                    power = line_power = self.power(s.rstrip(":"))
                    continue
                under = line_power
                try:
                    o = self.order(s, n, line_power)
                except ParseError as err:
                    out.append(Segment(n, s, under, None, err, comment))
                    continue
                if o is not None:
                    out.append(Segment(n, s, under, o, None, comment))
                    line_power = o.power
            if len(out) - first > 1:
                for i in range(first, len(out)):
                    out[i] = out[i]._replace(alone=False)
        return out

    def orders(self, text: str) -> tuple[list[ParsedOrder], list[ParseError]]:
        """Every order in a block of text, and an error for each that cannot be read (``segments``)."""
        found = self.segments(text)
        return [s.order for s in found if s.order is not None], [s.error for s in found if s.error is not None]

    # -- positions ------------------------------------------------------------------
    def position_lines(self, text: str):
        """Yield (line number, section, power, items) for a position text.

        Sections: ``units`` (``England: F Lon, F Edi, A Lvp``), ``centres``
        (``Centres England: Lon, Edi, Lvp``), ``dislodged`` (``Dislodged Austria: A Ser from Bul``),
        ``contested`` (``Contested: Gal, Rum``).
        """
        power = None
        for n, line in enumerate(visible(text).splitlines(), 1):
            s = line.split("#", 1)[0].strip()
            if not s:
                continue
            section = "units"
            low = s.lower()
            for word, sec in (("supply centres", "centres"), ("supply centers", "centres"),
                              ("centres", "centres"), ("centers", "centres"), ("owns", "centres"),
                              ("sc", "centres"), ("dislodged", "dislodged"), ("contested", "contested")):
                if low.startswith(word + " ") or low.startswith(word + ":"):
                    section, s = sec, s[len(word):].strip()
                    break
            if section == "contested":
                yield n, section, None, s.lstrip(":").strip(), line.strip()
                continue
            if ":" in s:
                head, s = s.split(":", 1)
                power = self.power(head)
                if power is None:
                    raise ParseError(n, line.strip(), f"unknown power \u2018{head.strip()}\u2019")
            elif self.power(s.split()[0]) and len(s.split()) > 1 and s.split()[0].lower() not in self.names:
                power, s = self.power(s.split()[0]), s.split(None, 1)[1]
            if power is None:
                raise ParseError(n, line.strip(), "start the line with the power (England: F Lon, A Lvp)")
            yield n, section, power, s.strip(), line.strip()

    def _unit_chunks(self, items: str, n: int, raw: str, what: str):
        """The comma- or semicolon-separated units of a position line, each starting with A or F."""
        for chunk in re.split(r"[,;]", items):
            toks = _norm(chunk).split()
            if not toks:
                continue
            if toks[0] not in TYPES:
                raise ParseError(n, raw, f"{what} starts with A or F (got \u2018{chunk.strip()}\u2019)")
            yield toks, (n, raw)

    def position_units(self, power: str, items: str, n: int, raw: str) -> list[Unit]:
        units = []
        for toks, ctx in self._unit_chunks(items, n, raw, "each unit"):
            k = 0
            while k < len(toks):
                # Units may also be separated by spaces only: "England: F Lon F Edi A Lvp".
                if toks[k] not in TYPES:
                    self.end(toks, k, ctx)
                loc, nk = self.place(toks, k + 1, ctx)
                units.append(Unit(power, TYPES[toks[k]], loc))
                k = nk
        return units

    def dislodged_items(self, power: str, items: str, n: int, raw: str):
        out = []
        for toks, ctx in self._unit_chunks(items, n, raw, "a dislodged unit"):
            loc, k = self.place(toks, 1, ctx)
            origin = None
            if k < len(toks) and toks[k] in ("from", "by"):
                origin, k = self.place(toks, k + 1, ctx)
                origin = province_of(origin)
            elif k < len(toks) and toks[k] == "convoyed":
                k += 1
            self.end(toks, k, ctx)
            out.append((Unit(power, TYPES[toks[0]], loc), origin))
        return out

    def provinces(self, items: str, n: int, raw: str) -> list[str]:
        out = []
        toks = _norm(items).split()
        k = 0
        while k < len(toks):
            loc, k = self.place(toks, k, (n, raw))
            out.append(province_of(loc))
        return out


_SEASONS = {"spring": Season.SPRING, "s": Season.SPRING, "fall": Season.FALL, "autumn": Season.FALL,
            "f": Season.FALL, "winter": Season.WINTER, "w": Season.WINTER}
_KINDS = {"movement": PhaseKind.MOVEMENT, "moves": PhaseKind.MOVEMENT, "move": PhaseKind.MOVEMENT,
          "m": PhaseKind.MOVEMENT, "orders": PhaseKind.MOVEMENT, "retreat": PhaseKind.RETREATS,
          "retreats": PhaseKind.RETREATS, "r": PhaseKind.RETREATS, "adjustment": PhaseKind.ADJUSTMENTS,
          "adjustments": PhaseKind.ADJUSTMENTS, "builds": PhaseKind.ADJUSTMENTS, "build": PhaseKind.ADJUSTMENTS,
          "a": PhaseKind.ADJUSTMENTS, "b": PhaseKind.ADJUSTMENTS}


def parse_phase(text: str) -> Phase:
    """``Spring 1901 movement``, ``Fall 1902 retreats``, ``Winter 1901``, or the codes ``S1901M``, ``F1901R``."""
    s = visible(text).strip().lower()
    m = re.fullmatch(r"([sfw])(\d{1,9})([mrab]?)", s)
    if m:
        words = [w for w in m.groups() if w]
    else:
        # "fall1901" as "fall 1901"; "phase" and "of" are filler ("Spring 1901 movement phase").
        s = re.sub(r"([a-z])(\d)", r"\1 \2", s.replace(",", " "))
        words = [w for w in s.split() if w not in ("phase", "of", "season")]
    season = kind = year = None
    for w in words:
        if digits_only(w) and year is None:
            # any number is a year, so that 99999 gets the range message as 1900 does (digits: core.numbers)
            year = number(w[:9])
        elif w in _SEASONS and season is None:
            season = _SEASONS[w]
        elif w in _KINDS:
            kind = _KINDS[w]
        elif w == "summer":
            # Summer is a season of the War of the Worlds variant only (ruling WOTW R5).
            raise ParseError(0, text, "phase: standard Diplomacy has no Summer; Summer is a War of the Worlds "
                                      "season (use that adjudicator)")
        else:
            raise ParseError(0, text, f"phase: unknown word \u2018{w}\u2019 (write e.g. Spring 1901 movement)"
                                      + digit_hint(w))
    if season is None or year is None:
        raise ParseError(0, text, "phase: give a season and a year, e.g. Fall 1901 retreats")
    if not 1901 <= year <= 3000:
        raise ParseError(0, text, "phase: the year must be between 1901 and 3000")
    if season is Season.WINTER:
        if kind not in (None, PhaseKind.ADJUSTMENTS):
            raise ParseError(0, text, "phase: Winter has only the adjustment phase (DIP 2.5)")
        kind = PhaseKind.ADJUSTMENTS
    elif kind is None:
        kind = PhaseKind.MOVEMENT
    elif kind is PhaseKind.ADJUSTMENTS:
        raise ParseError(0, text, "phase: adjustments are made in Winter (DIP 2.5)")
    return Phase(year, season, kind)


def read_position(reader: Reader, phase: Phase, text: str):
    """A position from text: unit lines, ``Centres`` lines, ``Dislodged`` lines, a ``Contested`` line."""
    from .position import Dislodged, Position

    units, dislodged, contested = [], [], set()
    owners: dict[str, str] = {}
    for n, section, power, items, raw in reader.position_lines(text):
        if section == "units":
            units.extend(reader.position_units(power, items, n, raw))
        elif section == "centres":
            for prov in reader.provinces(items, n, raw):
                if not reader.gmap.provinces[prov].centre:
                    raise ParseError(n, raw, f"{reader.gmap.provinces[prov].name} is not a supply centre")
                if prov in owners and owners[prov] != power:
                    raise ParseError(n, raw, f"{reader.gmap.provinces[prov].name} is owned twice")
                owners[prov] = power
        elif section == "dislodged":
            for unit, origin in reader.dislodged_items(power, items, n, raw):
                dislodged.append(Dislodged(unit, origin))
        else:
            contested.update(reader.provinces(items, n, raw))
    return Position(phase, tuple(units), owners, tuple(dislodged), frozenset(contested))
