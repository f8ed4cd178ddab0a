"""The variant's typed values: its part of a position (``MartianState``) and its account of a season (``Report``);
the readings a season is played under are ``readings.WotwOptions`` (``options_of``).

Both are subclasses of the standard package's placeholders (``VariantState``, ``SeasonReport``), so the standard
season carries them untouched; ``state`` and ``report`` read them back as the variant's own types.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..diplomacy.api import Position, SeasonReport, Turn, VariantState
from .endgame import GameEnd, VirusCheck
from .readings import WotwOptions
from .removal import Removal


def options_of(turn: Turn) -> WotwOptions:
    return WotwOptions.of(turn.options)


@dataclass(frozen=True)
class MartianState(VariantState):
    """The variant's part of a position: the centres destroyed (WOTW 8.1), whether the virus is active
    (WOTW 9.1, ruling WOTW R10: once active it never ends), and the six landing sites (WOTW 3.1, 3.2)."""

    destroyed: frozenset[str] = frozenset()
    virus: bool = False
    schedule: tuple[str, ...] = ()


@dataclass(frozen=True)
class Report(SeasonReport):
    """What the variant's steps did this season, for the result."""

    landing: str | None = None
    eliminated: tuple[str, ...] = ()  # units the cylinder landed on
    landed_on: int = 0  # Martian strength the cylinder eliminated
    reduced: frozenset[str] = frozenset()  # provinces whose Martian unit lost a point and stayed (ruling WOTW R4)
    reductions: tuple[tuple[str, int, int], ...] = ()  # (province, strength before, after) for dislodged Martians
    losses: tuple[str, ...] = ()
    destroyed_now: tuple[str, ...] = ()
    deferred: bool = False  # a Fall with retreats to come: owners, win and virus wait for them (DIP 14.3)
    fall_check: VirusCheck | None = None  # the end-of-Fall virus check, made in Winter after the Fall retreats
    virus: VirusCheck | None = None  # the virus check at the end of this season
    removals: tuple[Removal, ...] = ()
    end: GameEnd | None = None  # the end of the game as the season leaves it (``season.game_end``)


_NO_STATE = MartianState()
_NO_REPORT = Report()


def state(position: Position) -> MartianState:
    """The position's Martian part (none yet: nothing destroyed, no virus, no landings)."""
    st = position.state
    return st if type(st) is MartianState else _NO_STATE


def report_of(turn: Turn) -> Report:
    """What the variant's steps have done so far this season."""
    r = turn.report
    return r if type(r) is Report else _NO_REPORT
