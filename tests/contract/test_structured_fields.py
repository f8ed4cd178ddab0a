"""Issue 26: every structured text field, written in its own syntax and salted as phones and pasted text salt it.

tests/contract/test_any_input.py throws any value at any field; most of those are refused at once. This one
writes what a player would write in each field (forces "S=1 M=1 dice=d8,d6", hands "AS 10H", Diplomacy and
War of the Worlds orders and positions, phases, landing schedules, Martian units, the digits of the numeric
fields) and then salts it: digits of other scripts (full-width, Arabic-Indic) and number signs that are not
digits (superscripts, subscripts, circled), zero-width and direction marks, Cyrillic and Greek letters that
look Latin, and punctuation that looks like "-", "=", ",", ":". Every calculator of the catalog gets such
inputs; none may end in an internal error, a refusal names one of the calculator's fields, and an answer
under the hidden-rolls reading stays within the work guard (every ``hidden.Guard`` made is checked).

Deterministic (``derandomize=True``) and cheap: the forces are kept small so that each run is quick.
Every text field of every calculator must have a generator here, so a new free-text field cannot go
unfuzzed (``test_every_text_field_has_a_generator``).
"""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import calculators
from calculators.icehouse import hidden

CATALOG = calculators.catalog()
EXAMPLES = 20  # per calculator: 580 runs in all, about 12 s of CPU (issue 26: well under a minute)

# -- salt ----------------------------------------------------------------------------------------------------
INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u2066", "\u2069", "\u202e", "\ufeff", "\u00ad"]
SPACES = ["\u00a0", "\u2009", "\u3000", "\t"]
HOMOGLYPHS = {"A": "\u0410", "a": "\u0430", "B": "\u0412", "C": "\u0421", "c": "\u0441", "E": "\u0415",
              "e": "\u0435", "H": "\u041d", "K": "\u041a", "M": "\u041c", "O": "\u041e", "o": "\u043e",
              "P": "\u0420", "p": "\u0440", "S": "\u0405", "s": "\u0455", "T": "\u0422", "x": "\u0445",
              "L": "\u13de", "d": "\u0501", "i": "\u0456", "F": "\u03dc", "l": "\u04cf"}
LOOKALIKE = {"-": ["\u2010", "\u2011", "\u2012", "\u2212", "\ufe63", "\uff0d"], "=": ["\uff1d", "\u2550", "\ua78a"],
             ",": ["\uff0c", "\u201a", "\u060c"], ":": ["\uff1a", "\u2236", "\u02d0"], ";": ["\uff1b", "\u037e"],
             "/": ["\u2044", "\u2215", "\uff0f"], ".": ["\uff0e", "\u2024"]}
SCRIPTS = [None, 0xFF10, 0x0660, 0x0966]  # ASCII, full-width, Arabic-Indic, Devanagari: digits (read)
NOT_DIGITS = ["\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079",  # superscripts (refused)
              "\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089",  # subscripts
              "\u24ea\u2460\u2461\u2462\u2463\u2464\u2465\u2466\u2467\u2468"]  # circled


def _digit(ch: str, how: int) -> str:
    if not ch.isdigit() or not ch.isascii() or how == 0:
        return ch
    if how <= 3:
        return chr(SCRIPTS[how] + int(ch)) if SCRIPTS[how] else ch
    return NOT_DIGITS[how - 4][int(ch)]


@st.composite
def salted(draw, base):
    """``base`` (a strategy of clean text) with a few characters changed or inserted."""
    text = draw(base)
    if not text or draw(st.integers(0, 2)):
        return text  # two in three stay clean, so that calculators with many fields still reach an answer
    chars = list(text)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(chars)))
        kind = draw(st.integers(0, 4))
        if kind == 0:
            chars.insert(i, draw(st.sampled_from(INVISIBLE + SPACES)))
        elif i < len(chars):
            ch = chars[i]
            if kind == 1 and ch.isdigit():
                chars[i] = _digit(ch, draw(st.integers(1, 6)))
            elif kind == 2 and ch in HOMOGLYPHS:
                chars[i] = HOMOGLYPHS[ch]
            elif kind == 3 and ch in LOOKALIKE:
                chars[i] = draw(st.sampled_from(LOOKALIKE[ch]))
            elif kind == 4:
                chars[i] = "".join(_digit(c, draw(st.integers(1, 6))) for c in ch)
    return "".join(chars)


def num(lo: int, hi: int):
    return st.integers(lo, hi).map(str)


# -- Conquest of Mars -------------------------------------------------------------------------------------------
FACES = st.sampled_from(["4", "6", "8", "10", "12", "20"])


@st.composite
def force(draw, key="dice", showing=False):
    sizes = {s: draw(st.integers(0, 2)) for s in "SML"}
    if not any(sizes.values()):
        sizes["S"] = 1
    n = max(1, min(3, sum(sizes.values()) - draw(st.integers(0, 1))))
    if showing:
        dice = [f"{'d' if draw(st.booleans()) else ''}{f}:{draw(st.integers(1, int(f)))}"
                for f in draw(st.lists(FACES, min_size=n, max_size=n))]
    else:
        dice = [draw(st.sampled_from(["d", "1d", ""])) + f for f in draw(st.lists(FACES, min_size=n, max_size=n))]
    parts = [f"{s}={v}" for s, v in sizes.items() if v or draw(st.booleans())]
    parts.append(f"{key}=" + draw(st.sampled_from([",", ", ", " "])).join(dice))
    if draw(st.integers(0, 5)) == 0:
        parts.append(f"home={draw(st.integers(0, 3))}")
    if draw(st.integers(0, 5)) == 0:
        parts.append("reroll=" + draw(st.sampled_from(["best", "none", "below-average"])))
    return " ".join(draw(st.permutations(parts)))


CARDS = [r + s for r in ["A", "K", "Q", "J", "10", "T", "9", "7", "2"] for s in "SHDC\u2660\u2665"]
hand = st.lists(st.sampled_from(CARDS), min_size=0, max_size=6, unique=True).map(" ".join)
poker_hand = st.lists(st.sampled_from(CARDS), min_size=5, max_size=7, unique=True).map(" ".join)

# -- Diplomacy and War of the Worlds ----------------------------------------------------------------------------
POWERS = ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"]
LAND = ["Par", "Mun", "Ber", "Vie", "Bud", "Mos", "War", "Bur", "Ser", "Gal", "Sil", "Boh"]
COAST = ["Lon", "Edi", "Lvp", "Bre", "Mar", "Kie", "Tri", "Rom", "Ven", "Sev", "Con", "Ank", "Pic", "Bel", "Hol",
         "Spa/nc", "StP/sc", "Bul/ec", "english channel"]
SEA = ["Nth", "Eng", "Mid-Atlantic Ocean", "Bla", "Adr"]
PROVINCES = LAND + COAST + SEA
prov = st.sampled_from(PROVINCES)
power = st.sampled_from(POWERS)
unit = st.one_of(st.sampled_from(LAND + COAST).map(lambda p: f"A {p}"),
                 st.sampled_from(COAST + SEA).map(lambda p: f"F {p}"))
phase = st.one_of(
    st.tuples(st.sampled_from(["Spring", "Fall", "Autumn", "S", "F"]), num(1901, 1910),
              st.sampled_from(["", " movement", " retreats", " moves"])).map(lambda t: f"{t[0]} {t[1]}{t[2]}"),
    st.tuples(st.sampled_from(["Winter", "W"]), num(1901, 1910), st.sampled_from(["", " adjustments", " builds"])
              ).map(lambda t: f"{t[0]} {t[1]}{t[2]}"),
    st.tuples(st.sampled_from("SF"), num(1901, 1910), st.sampled_from(["M", "R", ""])).map("".join),
    st.sampled_from(["Spring 1900", "Summer 1901", "W1901M"]))  # and a few that are refused


@st.composite
def order(draw):
    u, kind = draw(unit), draw(st.integers(0, 6))
    body = (u if kind == 0 else f"{u} H" if kind == 1 else f"{u} - {draw(prov)}" if kind == 2 else
            f"{u} S {draw(unit)} - {draw(prov)}" if kind == 3 else f"{u} C {draw(unit)} - {draw(prov)}" if kind == 4
            else f"Build {draw(unit)}" if kind == 5 else draw(st.sampled_from([f"Remove {u}", f"{u} R {draw(prov)}",
                                                                                "Waive", f"{u} D"])))
    lead = draw(st.sampled_from(["", "1. ", "- "]))
    return lead + (f"{draw(power)}: {body}" if draw(st.booleans()) else body)


orders = st.lists(order(), max_size=5).map(lambda xs: "\n".join(xs))


@st.composite
def position(draw, martian=False):
    """Units on distinct provinces, armies on land or coast, fleets on coast or sea; now and then centres and a
    dislodged unit."""
    places = draw(st.lists(st.sampled_from(PROVINCES), min_size=1, max_size=6, unique_by=lambda p: p[:3]))
    units = [("A " if p in LAND or (p in COAST and draw(st.booleans())) else "F ") + p for p in places]
    owners = draw(st.lists(power, min_size=1, max_size=3, unique=True))
    lines, k = [], 0
    for n, who in enumerate(owners):
        take = units[k:] if n == len(owners) - 1 else units[k:k + draw(st.integers(1, 2))]
        k += len(take)
        if take:
            lines.append(f"{who}: " + ", ".join(take))
    if draw(st.booleans()):
        lines.append(f"Centres {owners[0]}: " + ", ".join(draw(st.lists(st.sampled_from(["Lon", "Par", "Ber", "Mun",
                                                                                             "Bel", "Hol", "Spa"]),
                                                                          max_size=3, unique=True))))
    if martian:
        free = [p for p in LAND + COAST[:6] if p not in places]
        sites = draw(st.lists(st.sampled_from(free), min_size=1, max_size=2, unique=True))
        lines.append("Martian: " + ", ".join(f"{draw(strength)}A {p}" for p in sites))
    if draw(st.integers(0, 4)) == 0:
        lines.append(f"Dislodged {draw(power)}: {draw(unit)} from {draw(prov)}")
    return "\n".join(lines)


strength = st.sampled_from(["", "", "2", "3", "1", "4"])  # 4A: one in six, refused (WOTW 4.4)
martian_unit = st.tuples(strength, st.sampled_from(LAND + COAST[:6])).map(lambda t: f"{t[0]}A {t[1]}")
martian_units = st.lists(martian_unit, max_size=4).map(", ".join)


@st.composite
def martian_order(draw):
    u = draw(martian_unit)
    kind = draw(st.integers(0, 3))
    return (f"{u} H" if kind == 0 else f"{u} - {draw(prov)}" if kind == 1 else
            f"{u} - {draw(martian_unit)} - {draw(prov)}" if kind == 2 else f"{u} S {draw(martian_unit)}")


martian_orders = st.lists(martian_order(), max_size=3).map(lambda xs: "\n".join(xs))
SITES = ["Mar", "Gal", "Pic", "Fin", "Ser", "Edi", "Bur", "Par", "Mar", "Gal", "Swi", "Nth"]  # Swi, Nth refused
SEASONS = [("Spring", 1901), ("Fall", 1901), ("Spring", 1902), ("Fall", 1902), ("Spring", 1903), ("Fall", 1903)]
schedule = st.one_of(
    st.lists(st.sampled_from(SITES), min_size=6, max_size=6).map(", ".join),
    st.lists(st.sampled_from(SITES), min_size=5, max_size=7).map(", ".join),
    st.permutations(SEASONS).flatmap(lambda ss: st.lists(st.sampled_from(SITES), min_size=6, max_size=6).map(
        lambda sites: ", ".join(f"{s} {y} land {x}" for (s, y), x in zip(ss, sites, strict=True)))))
provinces = st.lists(prov, max_size=4).map(", ".join)
removals = st.lists(martian_unit.map(lambda u: f"Remove {u}"), max_size=3).map("\n".join)
dip_unit = st.one_of(unit, power, st.just(""))
HEADINGS = ["", "Spring 1901 movement", "S1901M", "Fall 1901 movement", "Movement results for Fall of 1901.",
            "Winter 1901"]


@st.composite
def game(draw):
    """dip-replay: orders pasted under phase headings, or a small saved game of the diplomacy package (its
    units, orders and results in the package's capitals)."""
    if draw(st.booleans()):
        heads = draw(st.lists(st.sampled_from(HEADINGS), min_size=1, max_size=2))
        return "\n".join(f"{h}\n{draw(orders)}" for h in heads).strip()
    units = {p.upper(): draw(st.lists(unit.map(str.upper), max_size=2)) for p in draw(st.lists(power, max_size=2))}
    given = [u for us in units.values() for u in us]
    phases = [{"name": draw(st.sampled_from(["S1901M", "F1901M", "W1901A", "F1901R", "COMPLETED"])),
               "state": {"units": units, "centers": {p: draw(st.lists(st.sampled_from(["PAR", "LON", "BEL"]),
                                                                       max_size=2, unique=True)) for p in units}},
               "orders": {p: [f"{u} {draw(st.sampled_from(['H', '- BUR', 'S A PAR', 'B', 'D']))}" for u in us]
                          for p, us in units.items()},
               "results": {u: draw(st.lists(st.sampled_from(["", "bounce", "void", "dislodged"]), max_size=1))
                           for u in given}} for _ in range(draw(st.integers(1, 2)))]
    return json.dumps({"map": "standard", "phases": phases})

FIELDS = {
    ("dip-adjudicate", "phase"): phase, ("dip-adjudicate", "position"): position(),
    ("dip-adjudicate", "orders"): orders,
    ("dip-options", "phase"): phase, ("dip-options", "position"): position(), ("dip-options", "unit"): dip_unit,
    ("dip-options", "orders"): orders, ("dip-replay", "game"): game(),
    ("wotw-adjudicate", "position"): position(martian=True), ("wotw-adjudicate", "orders"): orders,
    ("wotw-adjudicate", "martian_orders"): martian_orders, ("wotw-adjudicate", "landings"): schedule,
    ("wotw-landings", "schedule"): schedule, ("wotw-landings", "units"): martian_units,
    ("wotw-landings", "destroyed"): provinces,
    ("wotw-merge-split", "units"): martian_units, ("wotw-merge-split", "orders"): martian_orders,
    ("wotw-merge-split", "blocked"): provinces,
    ("wotw-options", "position"): position(martian=True), ("wotw-options", "unit"): st.one_of(dip_unit, martian_unit),
    ("wotw-options", "orders"): orders, ("wotw-options", "martian_orders"): martian_orders,
    ("wotw-options", "landings"): schedule,
    ("wotw-virus", "martian_units"): martian_units, ("wotw-virus", "removals"): removals,
    ("com-card-odds", "held"): hand, ("com-card-odds", "gone"): hand,
    **{("com-defend", f"p{i}"): force() for i in range(1, 7)},
    ("com-dice-advisor", "you"): force("pool"), **{("com-dice-advisor", f"o{i}"): force() for i in range(1, 6)},
    **{("com-poker", f"p{i}"): poker_hand for i in range(1, 7)},
    **{("com-reroll", f"p{i}"): force(showing=True) for i in range(1, 7)},
}
SPARE = {"p3", "p4", "p5", "p6", "o2", "o3", "o4", "o5"}  # extra players: mostly left out, to keep runs quick


def _field(entry: dict, p: dict):
    t = p["type"]
    if t == "text":
        return salted(FIELDS[(entry["id"], p["name"])])
    if t == "int":
        return salted(num(p["min"], p["max"]))
    if t == "decimal":  # a whole number, or one with a point and a digit (7.5), salted like any number
        return salted(st.tuples(num(p["min"], p["max"]), st.sampled_from(["", ".0", ".5", ".25"])).map("".join))
    if t == "choice":
        return st.sampled_from([c["value"] for c in p["choices"]])
    if t == "bool":
        return st.sampled_from([True, False, "true", "false"])
    if t == "group":
        item = st.fixed_dictionaries({f["name"]: _field(entry, f) for f in p["fields"]})
        return st.lists(item, min_size=p["min_items"], max_size=min(p["max_items"], 2)).map(json.dumps)
    raise AssertionError(t)


# Fields that go together: all given or none (wotw-virus wants every power's count or only the largest).
TOGETHER = {"wotw-virus": ("austria", "england", "france", "germany", "italy", "russia", "turkey")}


def _params(entry: dict):
    """The text fields always (the extra COM players at most one at a time), the other fields now and then."""
    together = TOGETHER.get(entry["id"], ())
    fields = {p["name"]: _field(entry, p) for p in entry["params"]}
    text = {n: f for n, f in fields.items() if n not in SPARE and n not in together
            and next(p for p in entry["params"] if p["name"] == n)["type"] == "text"}
    other = {n: f for n, f in fields.items() if n not in SPARE and n not in text and n not in together}
    spare = sorted(n for n in fields if n in SPARE)
    extra = st.sampled_from(spare).flatmap(lambda n: fields[n].map(lambda v: {n: v})) if spare else st.just({})
    group = st.fixed_dictionaries({n: fields[n] for n in together}) if together else st.just({})
    return st.tuples(st.fixed_dictionaries(text, optional=other), st.one_of(st.just({}), extra),
                     st.one_of(st.just({}), group)).map(lambda t: {**t[0], **t[1], **t[2]})


def test_every_text_field_has_a_generator():
    text = {(c["id"], p["name"]) for c in CATALOG for p in c["params"] if p["type"] == "text"}
    assert text == set(FIELDS), ("give each new text field a generator of its own syntax", text ^ set(FIELDS))


@pytest.fixture
def guards(monkeypatch):
    """Every hidden-rolls work guard made during a run, to check after it."""
    made: list = []
    real = hidden.Guard.__init__

    def init(self, *args, **kwargs):
        real(self, *args, **kwargs)
        made.append(self)
    monkeypatch.setattr(hidden.Guard, "__init__", init)
    return made


@pytest.mark.parametrize("entry", CATALOG, ids=[c["id"] for c in CATALOG])
def test_salted_syntax_gives_an_answer_or_a_field_error(entry, guards):
    names = {p["name"] for p in entry["params"]} | ({entry["presets"]["name"]} if entry.get("presets") else set())

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                     HealthCheck.function_scoped_fixture])
    @given(params=_params(entry))
    def check(params):
        guards.clear()
        result = calculators.run(entry["id"], params)
        assert json.loads(json.dumps(result)) == result
        for g in guards:  # the hidden-rolls search stayed within its allowance, and charged what it did
            assert g.done <= g.spent <= g.limit, (params, g.spent, g.limit)
        if result["ok"]:
            assert result["summary"].strip()
            return
        error = result["error"]
        assert "Internal error" not in error["message"], (params, error)
        assert isinstance(error["field"], str) and error["field"].split(".")[0] in names, (params, error)

    check()
