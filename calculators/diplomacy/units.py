"""Units, seasons and phases: the small immutable values everything else is built from."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .map import province_of, show


class UnitType(str, Enum):
    ARMY = "A"
    FLEET = "F"

    @property
    def word(self) -> str:
        return "army" if self is UnitType.ARMY else "fleet"


@dataclass(frozen=True, order=True)
class Unit:
    """A unit on the board.  ``strength`` is 1 on the standard map; a variant may use more."""

    power: str
    type: UnitType
    location: str  # "par", "stp/nc"
    strength: int = 1

    @property
    def province(self) -> str:
        return province_of(self.location)

    def label(self) -> str:
        """``A Par``, ``F StP/nc`` as players write it."""
        return f"{self.type.value} {show(self.location)}"

    def at(self, location: str) -> "Unit":
        return Unit(self.power, self.type, location, self.strength)


class Season(str, Enum):
    SPRING = "spring"
    FALL = "fall"
    WINTER = "winter"


class PhaseKind(str, Enum):
    MOVEMENT = "movement"
    RETREATS = "retreats"
    ADJUSTMENTS = "adjustments"


@dataclass(frozen=True, order=True)
class Phase:
    """DIP 2.1-2.5: Spring movement, retreats; Fall movement, retreats; Winter adjustments."""

    year: int
    season: Season
    kind: PhaseKind

    def label(self) -> str:
        return f"{self.season.value.capitalize()} {self.year} {self.kind.value}"

    @property
    def code(self) -> str:
        """Short form used in game records: S1901M, F1901R, W1901A."""
        return f"{self.season.value[0].upper()}{self.year}{self.kind.value[0].upper()}"


START_PHASE = Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)
