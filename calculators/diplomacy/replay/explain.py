"""Which reading of the site's switchable rulings reproduces a recording (ruling DIP R32).

A phase that differs is played again under every other reading of every switchable ruling, one at a time
(``readings.RULINGS``: DIP R2, R4, R6, R8, R11, R14, R15, R16); each reading under which it then matches the
recording names the ruling that explains the difference.  For the whole game, the readings found are tried
together on every phase: a set under which every phase matches is the one a player can switch to with one
click.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...core.params import ruling_param_name
from ...core.rulings import RulingEnum
from ..gamefile.record import ImportedGame
from ..readings import FIELDS, Options
from .phases import PhaseReplay, replay_game, replay_phase

# The differing phases searched for a reading at most: each search adjudicates the phase a dozen times, so a
# game in which every phase differs (one recorded under other rules) stays within the engine's time budget.
MAX_SEARCHED = 30


@dataclass(frozen=True)
class FoundReading:
    """One reading of one switchable ruling, as the result names it and a form sets it (``dip_r4=...``)."""

    ruling: str
    value: RulingEnum

    @property
    def param(self) -> str:
        return ruling_param_name(self.ruling)

    @property
    def label(self) -> str:
        return self.value.reading.label

    @property
    def name(self) -> str:
        """As a reader reads it: ``DIP R4: Fall back to the land route``."""
        return f"{self.ruling}: {self.label}"

    def to_json(self) -> dict:
        return {"ruling": self.ruling, "reading": self.value.value, "label": self.label, "name": self.name,
                "param": self.param, "value": self.value.value, "cite": f"{self.ruling}: {self.value.value}"}


def with_readings(options: Options, readings) -> Options:
    changes: dict[str, Any] = {FIELDS[r.ruling][0]: r.value for r in readings}
    return replace(options, **changes)  # each field its ruling's enum (FIELDS)


def reproducing(played: PhaseReplay, options: Options) -> tuple[FoundReading, ...]:
    """Ruling DIP R32: every single other reading under which the phase matches its recording."""
    found: list[FoundReading] = []
    for rid, (name, kind) in FIELDS.items():
        for value in kind:
            if value is getattr(options, name):
                continue
            change: dict[str, Any] = {name: value}  # the field's own enum (FIELDS)
            trial = replay_phase(played.recorded, played.start, played.following, replace(options, **change),
                                 played.origin)
            if trial.matches:
                found.append(FoundReading(rid, value))
    return tuple(found)


def game_reading(game: ImportedGame, options: Options,
                 found: list[tuple[FoundReading, ...]]) -> tuple[FoundReading, ...] | None:
    """Ruling DIP R32: readings, one per ruling, under which every phase of the game matches (the first reading
    found for each differing phase, taken together), or None when there is none."""
    if not found or not all(found):
        return None
    chosen: dict[str, FoundReading] = {}
    for readings in found:
        if not any(r.ruling in chosen and chosen[r.ruling] == r for r in readings):
            first = readings[0]
            if first.ruling in chosen:
                return None  # two phases need two readings of one ruling
            chosen[first.ruling] = first
    together = tuple(chosen.values())
    trial = with_readings(options, together)
    if all(p.matches is not False for p in replay_game(game, trial)):
        return together
    return None
