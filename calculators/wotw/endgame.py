"""When things happen, and who has won: the landing seasons (WOTW 3.1), the virus check (WOTW 9.1,
ruling WOTW R1), the first removals (ruling WOTW R10) and the end of the game (WOTW 2.2-2.5, ruling
WOTW R11).  The readings of WOTW R1 and R10 come as their enums (``readings``), the site's by default."""
from __future__ import annotations

from typing import Any, NamedTuple

from ..diplomacy.api import Season
from .board import TOTAL_CENTRES
from .readings import DEFAULT, FirstCheck, RemovalsStart

# WOTW 3.1: one cylinder in each movement season from Spring 1901 to Fall 1903.
LANDING_SEASONS = ((Season.SPRING, 1901), (Season.FALL, 1901), (Season.SPRING, 1902), (Season.FALL, 1902),
                   (Season.SPRING, 1903), (Season.FALL, 1903))
LAST_LANDING = LANDING_SEASONS[-1]
MIN_DESTROYED = 12  # WOTW 9.1
VIRUS_MULTIPLE = 2  # WOTW 9.1: destroyed at least double the largest Earth power
REMOVAL_SEASONS = (Season.SUMMER, Season.WINTER)  # WOTW 9.2, ruling WOTW R5
# Ruling WOTW R1: the season at whose end the first virus check is made, under each reading.
FIRST_CHECK = {FirstCheck.FALL_1903: (Season.FALL, 1903), FirstCheck.WINTER_1903: (Season.WINTER, 1903),
               FirstCheck.SPRING_1904: (Season.SPRING, 1904)}


def season_key(year: int, season: Season) -> tuple[int, int]:
    return (year, season.rank)


def landing_site(schedule: tuple[str, ...], season: Season, year: int) -> str | None:
    """WOTW 3.1: the site for this movement season, if it is one of the six."""
    for (s, y), site in zip(LANDING_SEASONS, schedule, strict=False):
        if s is season and y == year:
            return site
    return None


def landings_after(season: Season, year: int) -> int:
    """WOTW 3.1: landings still to come after this season (six are always made)."""
    return sum(1 for s, y in LANDING_SEASONS if season_key(y, s) > season_key(year, season))


def check_applies(year: int, season: Season, first: FirstCheck = DEFAULT.first_check) -> bool:
    """WOTW 9.1 with ruling WOTW R1: the first check is at the end of Fall 1903, the sixth landing's season
    (or, under the other readings, at the end of Winter 1903 or of Spring 1904)."""
    when, year_of = FIRST_CHECK[first]
    return season_key(year, season) >= season_key(year_of, when)


def first_check_text(first: FirstCheck = DEFAULT.first_check) -> str:
    """``Fall 1903``: the season whose end is the first virus check (ruling WOTW R1)."""
    when, year = FIRST_CHECK[first]
    return f"{when.display} {year}"


class VirusCheck(NamedTuple):
    """A virus check (WOTW 9.1): whether it applies, the counts checked, each threshold, and how far each is.
    (A named tuple: cheap to define, which a first result in the browser pays for.)"""

    check_applies: bool
    destroyed: int  # the counts checked: a later step of the season may change them (ruling WOTW R14)
    largest: int
    twelve_met: bool
    double_met: bool
    active: bool  # the check applies and both thresholds are met: the virus strikes
    more_destroyed_for_twelve: int
    # Two routes to the doubling threshold: more centres destroyed, or the largest power shrinking.
    more_destroyed_for_double: int
    largest_must_fall_to: int
    largest_must_lose: int

    def to_json(self) -> dict[str, Any]:
        return self._asdict()


def virus_status(year: int, season: Season, destroyed: int, largest: int,
                 first: FirstCheck = DEFAULT.first_check) -> VirusCheck:
    """WOTW 9.1: at least 12 destroyed and destroyed >= 2 x the largest Earth power's centres."""
    applies = check_applies(year, season, first)
    enough = destroyed >= MIN_DESTROYED
    double = destroyed >= VIRUS_MULTIPLE * largest
    return VirusCheck(applies, destroyed, largest, enough, double, applies and enough and double,
                      max(0, MIN_DESTROYED - destroyed), max(0, VIRUS_MULTIPLE * largest - destroyed),
                      destroyed // VIRUS_MULTIPLE, max(0, largest - destroyed // VIRUS_MULTIPLE))


def next_removal_season(year: int, season: Season,
                        start: RemovalsStart = DEFAULT.removals_start) -> tuple[int, Season]:
    """Ruling WOTW R10: the first Summer or Winter after the season at whose end the virus struck (or that season
    itself, under the same-season reading, when it is a Summer or Winter)."""
    if start is RemovalsStart.SAME_SEASON and season in REMOVAL_SEASONS:
        return year, season
    order = list(Season)
    i = order.index(season)
    while True:
        i += 1
        if i == len(order):
            i, year = 0, year + 1
        if order[i] in REMOVAL_SEASONS:
            return year, order[i]


class GameEnd(NamedTuple):
    """Where the game stands after a season (WOTW 2.2-2.5): who has won, if anyone, and why not yet."""

    martian_wins: bool
    martian_eliminated: bool
    winner: str | None
    needed: int | None  # the centres an Earth power needs to win (None once the Martian has won)
    text: str
    remaining: int | None = None  # the centres not destroyed (not given once the Martian has won)

    def to_json(self) -> dict[str, Any]:
        out = {"martian_wins": self.martian_wins, "martian_eliminated": self.martian_eliminated,
               "winner": self.winner, "needed": self.needed}
        if self.remaining is not None:
            out["remaining"] = self.remaining
        out["text"] = self.text
        return out


def end_of_game(martian_units, landings_to_come: int, owners: dict[str, str], destroyed, after_fall: bool
                ) -> GameEnd:
    """WOTW 2.2, 2.3 with ruling WOTW R11: the Martian wins at 34 destroyed; once the Martian is
    eliminated (no unit and no cylinder to come), an Earth power wins after a Fall with more than
    half of the centres not destroyed.  Until then no Earth power wins and draws wait (WOTW 2.4), save a
    unanimous concession to the Martian (WOTW 2.5)."""
    n_destroyed = len(destroyed)
    remaining = TOTAL_CENTRES - n_destroyed
    if n_destroyed >= TOTAL_CENTRES:
        return GameEnd(True, False, "Martian", None,
                       f"All {TOTAL_CENTRES} supply centres are destroyed: the Martian wins (WOTW 2.2).")
    eliminated = not martian_units and landings_to_come == 0
    needed = remaining // 2 + 1
    winner = None
    if eliminated and after_fall:
        counts: dict[str, int] = {}
        for c, p in owners.items():
            if c not in destroyed:
                counts[p] = counts.get(p, 0) + 1
        best = [p for p, n in counts.items() if n >= needed]
        winner = best[0] if best else None
    if not eliminated:
        text = ("The Martian is still in the game: no Earth power can win, and draws are suspended "
                "(WOTW 2.3, 2.4); only a unanimous concession to the Martian ends it early (WOTW 2.5).")
    elif winner:
        text = (f"The Martian is eliminated and {winner} holds at least {needed} of the {remaining} remaining "
                f"centres: {winner} wins (WOTW 2.3).")
    else:
        text = (f"The Martian is eliminated: an Earth power needs {needed} of the {remaining} remaining centres "
                "after a Fall season to win (WOTW 2.3, ruling WOTW R11).")
    return GameEnd(False, eliminated, winner, needed, text, remaining)
