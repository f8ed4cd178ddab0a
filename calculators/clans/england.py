"""England's off-board supply centres and adjustments (CLAN 2.5, CLAN 1.3, CLAN 6.1; rulings CLAN R4, R5, R6,
R7, R8)."""
from __future__ import annotations

from ..core import InputError, Result, Table, calculator, choice_param, int_param
from ..core.words import counted, plural
from .board import ENGLISH_ARMY_SITES, ENGLISH_FLEET_SITES, FIRST_YEAR, OFFBOARD_START, TOTAL_CENTRES

RULES = ["CLAN 1.3", "CLAN 2.3", "CLAN 2.5", "CLAN 6.1", "CLAN R4", "CLAN R5", "CLAN R6", "CLAN R7", "CLAN R8"]
SEASONS = ("spring", "summer", "fall", "winter")
LAST_YEAR = 1600
BUILD_SITES = len(ENGLISH_ARMY_SITES) + len(ENGLISH_FLEET_SITES)


def offboard_centres(year: int) -> int:
    """CLAN 2.5 with ruling CLAN R7: 8 in 1491; one fewer from each spring from 1492 on, never below 0.

    Within a year the count is the same in every season, since the loss comes at the start of spring.
    """
    return max(0, OFFBOARD_START - max(0, year - FIRST_YEAR))


def last_offboard_spring() -> int:
    """The spring in which England loses its last off-board centre."""
    return FIRST_YEAR + OFFBOARD_START


def unit_count(armies: int, fleets: int, army_fleets: int) -> int:
    """Ruling CLAN R5: an A/F is two units, the fleet and the army it carries."""
    return armies + fleets + 2 * army_fleets


def adjustment(supply: int, units: int) -> int:
    """Builds (positive) or removals (negative) at a winter adjustment (standard rules, CLAN 0.1)."""
    return supply - units


def _would(delta: int) -> str:
    if delta > 0:
        return f"build {delta}"
    return f"remove {-delta}" if delta < 0 else "neither build nor remove"


@calculator(
    id="clans-england-offboard",
    title="England's off-board centres",
    game="clans",
    rules=RULES,
    page="clans/checks.md",
    description="England's off-board supply centres in a given season, and the builds or removals it gets each winter.",
    params=[
        int_param("year", "Year", FIRST_YEAR, FIRST_YEAR, LAST_YEAR, help="Game year (the game starts in 1491)."),
        choice_param("season", "Season", "winter",
                     [("spring", "Spring"), ("summer", "Summer (1491 only)"), ("fall", "Fall"), ("winter", "Winter")],
                     help="Summer exists only in 1491, for England's extra A/Fs (ruling CLAN R4)."),
        int_param("on_board", "Centres on the board", 2, 0, TOTAL_CENTRES,
                  help="Supply centres England owns on the board (it starts with Carlisle and Newcastle)."),
        int_param("armies", "Armies", 2, 0, TOTAL_CENTRES,
                  help="English armies on land (not counting armies carried by A/Fs)."),
        int_param("fleets", "Fleets", 0, 0, TOTAL_CENTRES,
                  help="English fleets carrying no army."),
        int_param("army_fleets", "A/Fs", 4, 0, TOTAL_CENTRES,
                  help="English fleets carrying an army (2 at the start, 4 after the Summer 1491 builds); each is "
                       "two units, a fleet and an army (ruling CLAN R5)."),
    ],
)
def england_offboard(v: dict) -> Result:
    """CLAN 2.5 and 6.1 (the game starts in 1491) with rulings CLAN R4, R5, R6, R7: England's winter count."""
    year, season = v["year"], v["season"]
    if season == "summer" and year != FIRST_YEAR:
        raise InputError("season", f"Summer is a season only in {FIRST_YEAR}, the first game year (ruling CLAN R4).")
    off = offboard_centres(year)
    supply = v["on_board"] + off
    units = unit_count(v["armies"], v["fleets"], v["army_fleets"])
    delta = adjustment(supply, units)
    when = f"{season.capitalize()} {year}"
    lost = year > FIRST_YEAR and year <= last_offboard_spring()
    notes = []
    if year == last_offboard_spring():
        notes.append(f"Spring {year} is when England loses its last off-board centre; from then on it has none.")
    if year >= FIRST_YEAR + 1:
        notes.append(f"From Spring 1492 England loses one off-board centre each spring "
                     f"({'one was lost this spring' if lost else 'none are left to lose'}).")
    if season == "summer":
        summary = (f"Summer {year}: England has {off} off-board and {v['on_board']} on-board centres "
                   f"({supply} in all). "
                   f"This summer England may build one more A/F in each of Blyth Bay and South Channel, "
                   f"if the space is empty (CLAN 1.3, ruling CLAN R4); no other adjustment is made.")
        status = "summer-af-builds"
    elif season == "winter":
        if delta > 0:
            placeable = min(delta, BUILD_SITES)
            summary = (f"Winter {year}: {v['on_board']} on-board plus {off} off-board = "
                       f"{counted(supply, 'centre')} against {counted(units, 'unit')}, so England may build {delta}.")
            if placeable < delta:
                notes.append(f"England has only {BUILD_SITES} build sites (armies in Carlisle and Newcastle, fleets in "
                             f"Blyth Bay and South Channel), so at most {placeable} of the {delta} builds can be "
                             "placed "
                             f"this winter, and then only in empty sites it may use (CLAN 2.3, ruling CLAN R8).")
            status = "build"
        elif delta < 0:
            summary = (f"Winter {year}: {v['on_board']} on-board plus {off} off-board = "
                       f"{counted(supply, 'centre')} against {counted(units, 'unit')}, so England must remove "
                       f"{-delta}.")
            status = "remove"
        else:
            summary = (f"Winter {year}: {counted(supply, 'centre')} and {counted(units, 'unit')}: no builds and "
                       "no removals.")
            status = "none"
    else:
        summary = (f"{when}: England has {counted(off, 'off-board centre')} and {v['on_board']} on the board, "
                   f"{supply} in all, against {counted(units, 'unit')}. Adjustments come in the winter; "
                   f"with these counts England would {_would(delta)}.")
        status = "no-adjustment"
    notes += _count_notes(v)
    schedule = [[y, offboard_centres(y)] for y in range(FIRST_YEAR, last_offboard_spring() + 2)]
    data = {
        "year": year, "season": season, "offboard": off, "on_board": v["on_board"], "supply": supply,
        "units": units, "adjustment": delta if season == "winter" else 0, "projected": delta, "status": status,
        "last_offboard_spring": last_offboard_spring(),
    }
    return Result(summary=summary, data=data, rules=RULES, notes=notes,
                  tables=[Table("Off-board centres by year (every season of that year)", ["Year", "Off-board centres"],
                                schedule)])


def _count_notes(v: dict) -> list[str]:
    """What the counts entered mean: no centre on the board (CLAN 5.1), an A/F two units (ruling CLAN R5)."""
    notes = []
    if v["on_board"] == 0:
        notes.append("With no centre on the board England owns neither Carlisle nor Newcastle: it has been "
                     "eliminated (CLAN 5.1), whatever its off-board centres.")
    if v["army_fleets"]:
        af = v["army_fleets"]
        notes.append(f"The {counted(af, 'A/F')} {plural(af, 'counts', 'count')} as {2 * af} units (ruling CLAN R5).")
    return notes
