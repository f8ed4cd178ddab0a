"""Cylinder landings: the six-landing schedule and what each landing does (WOTW 3.1-3.6, ruling WOTW R6)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..core import InputError, Result, Table, calculator, text_param
from ..core.numbers import matched
from ..diplomacy.api import Season
from .board import EARTH_POWERS, MARTIAN, board, can_land, is_centre, lookup, name, show
from .endgame import LANDING_SEASONS

RULES = ("WOTW 3.1", "WOTW 3.2", "WOTW 3.3", "WOTW 3.5", "WOTW 3.6", "WOTW R6")
_UNIT = re.compile(r"^\s*(?:([A-Za-z]+)\s*:?\s+)?([123]?[AaFf])\s+(.+?)\s*$")
_SEASON = re.compile(r"^\s*(spring|fall|autumn|summer|winter)\s+(\d{1,9})\s*", re.I)
POWERS = EARTH_POWERS + (MARTIAN,)


@dataclass(frozen=True)
class Landing:
    season: str
    year: int
    province: str
    legal: bool
    reason: str


def when(season: Season, year: int) -> str:
    return f"{season.display} {year}"


def check_schedule(sites: tuple[str, ...]) -> tuple[Landing, ...]:
    """WOTW 3.1, 3.5: one site per movement season, Spring 1901 to Fall 1903; land only, never Switzerland."""
    out = []
    for (season, year), prov in zip(LANDING_SEASONS, sites, strict=False):
        if prov == "swi":
            out.append(Landing(season.display, year, prov, False, "no cylinder may land in Switzerland (WOTW 3.5)."))
        elif not can_land(prov):
            out.append(Landing(season.display, year, prov, False,
                               f"{name(prov)} is a sea; cylinders land on land only (WOTW 3.5)."))
        else:
            out.append(Landing(season.display, year, prov, True, "a land province: legal."))
    return tuple(out)


def _named(items: list[str], field: str) -> tuple[str, ...]:
    """Sites written with their seasons ("Fall 1903 land Edi"), in any order: each of the six seasons once."""
    by_season: dict[tuple[Season, int], str] = {}
    for item in items:
        m = _SEASON.match(item)
        if m is None:
            raise InputError(field, f"{item.strip()!r}: write every site with its season, or none of them "
                                    "(e.g. Spring 1901 land Mar) (WOTW 3.1).")
        season = Season.FALL if m.group(1).lower() == "autumn" else Season(m.group(1).lower())
        key = (season, matched(m.group(2)[:9]))
        if key not in LANDING_SEASONS:
            raise InputError(field, f"{when(*key)} is not a landing season: the six cylinders land in the movement "
                                    "seasons from Spring 1901 to Fall 1903 (WOTW 3.1).")
        if key in by_season:
            raise InputError(field, f"{when(*key)} is given two landing sites; each season has one (WOTW 3.1).")
        site = re.sub(r"^\s*(?:land\s+)?", "", item[m.end():], flags=re.I).strip()
        by_season[key] = lookup(site, field, "Schedule")
    missing = [when(*k) for k in LANDING_SEASONS if k not in by_season]
    if missing:
        raise InputError(field, f"No landing site for {', '.join(missing)}: give one for each movement season from "
                                "Spring 1901 to Fall 1903 (WOTW 3.1, 3.2).")
    return tuple(by_season[k] for k in LANDING_SEASONS)


def parse_sites(text: str, field: str = "schedule") -> tuple[str, ...]:
    """WOTW 3.1, 3.2: six sites, in season order, or each written with its season in any order."""
    items = [t for t in re.split(r"[,;\n]", text) if t.strip()]
    if any(_SEASON.match(t) for t in items):
        return _named(items, field)
    items = [re.sub(r"^\s*(?:land\s+)?", "", t, flags=re.I).strip() for t in items]
    words = text.split()
    if len(items) == 1 and len(words) == 6 and all(board().lookup(w) for w in words):
        items = words  # six abbreviations separated by spaces only: "Mar Gal Pic Fin Ser Edi"
    if len(items) != 6:
        raise InputError(field, f"Give exactly six landing sites, one for each movement season from "
                                f"Spring 1901 to Fall 1903 (got {len(items)}) (WOTW 3.1, 3.2).")
    return tuple(lookup(t, field, "Schedule") for t in items)


def parse_position(text: str) -> dict[str, str]:
    """Units on the board, e.g. ``France A Mar, England F Edi, Martian 3A Ser``: province -> label."""
    items = [t for t in re.split(r"[,;\n]", text) if t.strip()]
    if len(items) > 40:
        raise InputError("units", f"At most 40 units (got {len(items)}).")
    units: dict[str, str] = {}
    for item in items:
        m = _UNIT.match(item)
        if not m:
            raise InputError("units", f"{item.strip()!r}: write a unit as [power] A/F/2A/3A province, "
                                      "e.g. France A Mar.")
        power = m.group(1)
        if power is not None and power.capitalize() not in POWERS:
            raise InputError("units", f"{item.strip()!r}: unknown power {power!r}.")
        prov = lookup(m.group(3), "units", item.strip())
        if prov in units:
            raise InputError("units", f"{item.strip()!r}: two units in {show(prov)}.")
        who = f"{power.capitalize()} " if power else ""
        units[prov] = f"{who}{m.group(2).upper()} {show(prov)}"
    return units


@calculator(
    id="wotw-landings",
    title="Landing schedule",
    game="wotw",
    rules=RULES,
    page="wotw/landings.md",
    description="Is a six-landing schedule legal, and what does each landing destroy or eliminate?",
    params=[
        text_param("schedule", "Landing sites", "Mar, Gal, Pic, Fin, Ser, Edi", max_length=300,
                   help="Six provinces in season order, Spring 1901 to Fall 1903."),
        text_param("units", "Units on the board", "", max_length=1500, multiline=True,
                   help="Units standing on the sites when the cylinders land: after that season's moves (ruling WOTW "
                        "R6; a table that lands the cylinder before the moves gives those there at the season's "
                        "start), e.g. France A Mar, Russia F Fin."),
        text_param("destroyed", "Centres already destroyed", "", max_length=300,
                   help="Supply centres destroyed before the first of these landings."),
    ],
)
def landings(v: dict) -> Result:
    sites = parse_sites(v["schedule"])
    units = parse_position(v["units"])
    destroyed_before = {lookup(t, "destroyed", "Destroyed") for t in re.split(r"[,;\n]", v["destroyed"]) if t.strip()}
    for d in destroyed_before:
        if not is_centre(d):
            raise InputError("destroyed", f"{name(d)} is not a supply centre.")
    schedule = check_schedule(sites)
    destroyed = set(destroyed_before)
    martian_at: dict[str, str] = {}
    rows: list[list[Any]] = []
    entries: list[dict[str, Any]] = []
    for ld in schedule:
        at = f"{ld.season} {ld.year}"
        eliminates: str | None = None
        destroys: str | None = None
        if ld.legal:
            p = ld.province
            if p in martian_at:  # WOTW 3.3: an earlier cylinder's 3A still there is eliminated too
                eliminates = f"Martian 3A {show(p)} (landed {martian_at[p]}), if still there"
            elif p in units:
                eliminates = units[p]
            if is_centre(p) and p not in destroyed:
                destroys = name(p)
                destroyed.add(p)
            martian_at[p] = at
        rows.append([at, f"land {show(ld.province)}", "legal" if ld.legal else "illegal: " + ld.reason,
                     eliminates or "-",
                     destroys or ("already destroyed" if ld.legal and is_centre(ld.province) else "-")])
        entries.append({"season": at, "province": show(ld.province), "legal": ld.legal, "reason": ld.reason,
                        "centre": is_centre(ld.province), "destroys": destroys, "eliminates": eliminates})
    legal = all(ld.legal for ld in schedule)
    new = len(destroyed) - len(destroyed_before)
    notes = ["The sites are given with the Spring 1901 orders and can never be changed or made conditional (WOTW 3.2).",
             "Each landing is a 3A that gives no order in its landing season (WOTW 3.6); every Earth move into the "
             "landing province that season bounces, whatever its support (WOTW 3.4).",
             TIMING_NOTE]
    repeats = sorted({show(s) for s in sites if sites.count(s) > 1})
    if repeats:
        notes.append("A site is used more than once (" + ", ".join(repeats) + "): legal, but the later cylinder "
                     "eliminates a Martian unit still there (WOTW 3.3).")
    bad = [e for e in entries if not e["legal"]]
    verdict = "The schedule is legal. " if legal else f"The schedule is illegal: {len(bad)} site(s) break WOTW 3.5. "
    summary = verdict + \
        f"The landings destroy {new} supply centre{'s' if new != 1 else ''}" + \
        (f" ({', '.join(e['destroys'] for e in entries if e['destroys'])})." if new else ".")
    data = {"legal": legal, "landings": entries, "centres_destroyed": new,
            "destroyed_total": len(destroyed), "eliminated": [e["eliminates"] for e in entries if e["eliminates"]]}
    return Result(summary=summary, data=data,
                  tables=[Table("Landings", ["Season", "Order", "Legal", "Eliminates", "Destroys"], rows)],
                  notes=notes, rules=list(RULES + ("WOTW 3.4",)))


# Ruling WOTW R6 is not switched here: the units are the ones the player says stand on the site when the cylinder
# lands, so its readings change what is typed, never what the calculator works out (the adjudicator switches it).
TIMING_NOTE = ("A unit that moves out of the site in the landing season escapes; one that stays is eliminated "
               "(ruling WOTW R6). The adjudicator plays the other reading, a landing before the moves, too.")
