"""The Martian virus check (WOTW 9.1, ruling WOTW R1)."""
from __future__ import annotations

from ..core import InputError, Result, Table, calculator, choice_param, int_param, more, text_param
from ..core.words import counted
from ..diplomacy.api import Season
from .board import EARTH_POWERS, TOTAL_CENTRES
from .endgame import MIN_DESTROYED, VIRUS_MULTIPLE, VirusCheck, first_check_text, virus_status
from .readings import FirstCheck, RemovalsStart
from .units import parse_units

POWERS = EARTH_POWERS


def _power_param(name: str):
    # Blank unless given: a pre-filled count would silently add to every check (and turn a
    # raised "Centres destroyed" into "more than the board's 34 centres").
    return int_param(name.lower(), name, None, 0, TOTAL_CENTRES, optional=True, unit="centres",
                     help=f"{name}'s supply centres now. Give all seven powers, or none and the largest "
                          "Earth power's centres above.")


@calculator(
    id="wotw-virus",
    title="Virus check",
    game="wotw",
    rules=("WOTW 9.1", "WOTW R1", "WOTW 9.2", "WOTW 9.3", "WOTW 9.4", "WOTW R5", "WOTW R9", "WOTW R10"),
    page="wotw/virus.md",
    rulings=("WOTW R1", "WOTW R10"),
    description="Does the Martian contract the virus at the end of this season, and how far is each threshold?",
    params=[
        int_param("year", "Year", 1904, 1901, 2100, help="Game year of the season that has just ended."),
        choice_param("season", "Season", "spring",
                     [("spring", "Spring"), ("summer", "Summer"), ("fall", "Fall"), ("winter", "Winter")],
                     help="The season that has just ended (the check is made at its end)."),
        int_param("destroyed", "Centres destroyed", 12, 0, TOTAL_CENTRES,
                  help=f"Supply centres the Martians have destroyed so far (0 to {TOTAL_CENTRES})."),
        int_param("largest", "Largest Earth power", None, 0, TOTAL_CENTRES, optional=True, unit="centres",
                  placeholder="6",
                  help="Centres held by the largest Earth power. Leave empty if you give all seven powers below."),
        *more(*[_power_param(p) for p in POWERS]),
        *more(text_param("martian_units", "Martian units", "", max_length=400,
                         help="Optional: the Martian units now (e.g. 3A Par, A Lvn), for the removal schedule once "
                              "active."),
              text_param("removals", "Removals the Martian chooses", "", max_length=100,
                         help="Optional: the removals the Martian orders in the first removal season (e.g. A Par); "
                              "the rest are chosen by default, alphabetically by province.")),
    ],
)
def virus_check(v: dict) -> Result:
    year, season, destroyed = v["year"], v["season"], v["destroyed"]
    readings = v["readings"]
    first, start = FirstCheck.read(readings), RemovalsStart.read(readings)
    largest, leaders = _largest(v, destroyed)
    s = virus_status(year, Season(season), destroyed, largest, first)
    # "Fall 1903 (ruling WOTW R1)": when the first check is, under the reading in force.
    from_first = f"{first_check_text(first)} (ruling WOTW R1)"
    who = " and ".join(leaders) if leaders else "the largest Earth power"
    martian_won = destroyed >= TOTAL_CENTRES
    notes = []
    if len(leaders) > 1:
        notes.append(f"{' and '.join(leaders)} are tied as the largest power: every one of them must fall to "
                     f"{s.largest_must_fall_to} for the doubling threshold to be met by shrinking.")
    if s.active and not martian_won:
        notes.append("Once active the Martian removes two strength points in each adjustment season "
                     "(Summer and Winter) (WOTW 9.2).")
    summary = _summary(s, year, season, destroyed, largest, who, martian_won, from_first)
    if martian_won:
        s = s._replace(active=False)  # the game is over (WOTW 2.2): no virus to catch
    data = dict(s.to_json(), year=year, season=season, destroyed=destroyed, largest=largest, martian_wins=martian_won,
                largest_powers=leaders, thresholds={"min_destroyed": MIN_DESTROYED, "multiple": VIRUS_MULTIPLE})
    tables = [Table("Thresholds", ["Condition", "Met", "How far"], _rows(s, largest, who, leaders, from_first))]
    rules = ["WOTW 9.1", "WOTW R1"] + (["WOTW 2.2"] if martian_won else [])
    martian = parse_units(v["martian_units"], "martian_units")
    first_removals = _first_removals(v["removals"])
    if first_removals and not martian:
        raise InputError("martian_units", "Give the Martian units to order removals from.")
    if s.active and martian:
        data["removals"] = _removals(martian, year, season, first_removals, tables, start)
        notes.append("Removals not ordered by the Martian are made by default, strength points first from the unit "
                     "whose province comes first alphabetically by full name (WOTW 9.3, ruling WOTW R9); they cannot "
                     "be conditional on the other powers' retreats or adjustments (WOTW 9.4).")
        rules += ["WOTW 9.2", "WOTW 9.3", "WOTW 9.4", "WOTW R5", "WOTW R9", "WOTW R10"]
    rules += [readings.cite(r) for r in readings if not readings.is_default(r)]
    return Result(summary=summary, data=data, tables=tables, notes=notes, rules=rules)


def _largest(v: dict, destroyed: int) -> tuple[int, list[str]]:
    """The largest Earth power's centres, from the seven counts or the one number, and who holds them."""
    given = {p: v[p.lower()] for p in POWERS if v[p.lower()] is not None}
    if given and len(given) != len(POWERS):
        missing = [p for p in POWERS if p not in given]
        raise InputError(missing[0].lower(), f"Give all seven powers' centres or none ({', '.join(missing)} missing).")
    if given:
        largest = max(given.values())
        if v["largest"] is not None and v["largest"] != largest:
            raise InputError("largest", f"Largest Earth power says {v['largest']} but the seven powers' counts give "
                                        f"{largest}.")
        held = sum(given.values())
        if destroyed + held > TOTAL_CENTRES:
            raise InputError("destroyed", f"{destroyed} destroyed plus {held} held by the powers is more than the "
                                          f"board's {TOTAL_CENTRES} centres.")
        return largest, [p for p, n in given.items() if n == largest]
    if v["largest"] is None:
        raise InputError("largest", "Give the largest Earth power's centres, or all seven powers' counts.")
    if destroyed + v["largest"] > TOTAL_CENTRES:
        raise InputError("largest", f"{destroyed} destroyed plus {v['largest']} held is more than the board's "
                                    f"{TOTAL_CENTRES} centres.")
    return v["largest"], []


def _summary(s: VirusCheck, year: int, season: str, destroyed: int, largest: int, who: str, martian_won: bool,
             from_first: str) -> str:
    when = f"the end of {season.capitalize()} {year}"
    if martian_won:
        return (f"The Martian has already won: all {TOTAL_CENTRES} supply centres are destroyed (WOTW 2.2), "
                "so the game is over and no virus check is made.")
    if not s.check_applies:
        return f"No virus at {when}: the check starts only at the end of {from_first}, once all six cylinders " \
               "have landed."
    if s.active:
        # Both thresholds named as thresholds: "destroyed 12 centres, at least 12 and at least double the 6 ..."
        # read as a muddle to a new player.
        return (f"Virus now active: {counted(destroyed, 'centre')} destroyed, meeting both thresholds (at least "
                f"{MIN_DESTROYED}; at least double the {largest} held by {who}).")
    reasons = []
    if not s.twelve_met:
        reasons.append(f"only {counted(destroyed, 'centre')} destroyed, {s.more_destroyed_for_twelve} short of "
                       f"{MIN_DESTROYED}")
    if not s.double_met:
        reasons.append(f"{destroyed} is less than double the {largest} held by {who}")
    return f"No virus at {when}: " + " and ".join(reasons) + "."


def _rows(s: VirusCheck, largest: int, who: str, leaders: list[str], from_first: str) -> list[list]:
    return [
        ["All six cylinders landed (check applies)", "yes" if s.check_applies else "no",
         f"from the end of {from_first}"],
        [f"At least {MIN_DESTROYED} centres destroyed", "yes" if s.twelve_met else "no",
         "met" if s.twelve_met else f"{s.more_destroyed_for_twelve} more must be destroyed"],
        [f"Destroyed at least double the largest power ({largest} x 2 = {VIRUS_MULTIPLE * largest})",
         "yes" if s.double_met else "no",
         "met" if s.double_met else
         (f"{s.more_destroyed_for_double} more destroyed, or {who} down to {s.largest_must_fall_to} "
          f"(lose {s.largest_must_lose})" + (" each" if len(leaders) > 1 else ""))],
    ]




# The order parser and the removal planner bring the whole adjudicator with them (half the check's import time
# in CPython): imported only when the Martian's units or removals are given, so that the page's first answer in the
# browser does not wait for them.
def _first_removals(text: str) -> tuple[tuple[str | None, int | None], ...]:
    """The removals the Martian chooses for the first removal season (WOTW 9.2), as (province, strength)."""
    if not text.strip():
        return ()
    from .orders import parse_orders
    return tuple((p.province, p.strength) for p in parse_orders(text, "removals", removals=True))


def _removals(martian, year: int, season: str, first, tables: list, start: RemovalsStart) -> list[dict]:
    """WOTW 9.2-9.4, rulings WOTW R9, R10: every removal season until nothing is left, the units standing still."""
    from ..diplomacy.api import Illegal
    from .removal import describe, plan
    try:
        seasons = plan(martian, year, Season(season), first, start)
    except Illegal as err:
        raise InputError("removals", f"{err.message[0].upper()}{err.message[1:]} ({', '.join(err.rules)}).") from None
    tables.append(Table("Removal schedule (units standing still)", ["Season", "Points due", "Removed",
                                                                     "Martian units left"],
                        [[f"{r.season.display} {r.year}", r.due, ", ".join(describe(x) for x in r.removals),
                          ", ".join(u.label() for u in r.after) or "none: the Martian is eliminated"]
                         for r in seasons]))
    return [{"season": f"{r.season.display} {r.year}", "due": r.due, "removed": [describe(x) for x in r.removals],
             "after": [u.label() for u in r.after]} for r in seasons]
