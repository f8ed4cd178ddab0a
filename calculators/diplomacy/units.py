"""Units, seasons and phases: the small immutable values everything else is built from.

A unit's *kind* (``UnitType``) is a value, not a fixed list: the standard game has the army and the
fleet; a variant adds its own kinds (War of the Worlds' Martian unit) as values of the same type,
saying where they stand and move, whether they are convoyed, and whether they retreat.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from .map import Reach, province_of, show


@dataclass(frozen=True, order=True)
class UnitType:
    """A kind of unit: the letter players write, where it goes, and what it may do.

    ``moves_rule`` is cited when an order asks the unit to go where it cannot, ``convoy_rule`` when
    it is asked to convoy or be convoyed and may not; ``written`` names a
    unit of this kind when the plain ``A Par`` form is not the variant's (``3A NAO``).
    """

    ARMY: ClassVar[UnitType]  # the standard game's two kinds, defined below
    FLEET: ClassVar[UnitType]

    value: str  # the letter players write: A, F
    word: str  # army, fleet
    reach: Reach
    convoyed: bool = True  # may be carried by a convoy (DIP 8.1)
    convoys: bool = False  # may convoy an army (DIP 8.1)
    retreats: bool = True  # retreats when dislodged (DIP 10.2); otherwise the variant's loss rule applies
    moves_rule: tuple[str, ...] = ()
    convoy_rule: tuple[str, ...] = ("DIP 8.1",)  # cited when a convoy is refused for this kind
    written: Callable[[Unit], str] | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return self.value

    def __hash__(self) -> int:  # equal kinds share letter and word; hashing the rest on every use is slow
        return hash((self.value, self.word))


UnitType.ARMY = UnitType("A", "army", Reach.LAND, convoyed=True, convoys=False, moves_rule=("DIP 5.4",))
UnitType.FLEET = UnitType("F", "fleet", Reach.SEA, convoyed=False, convoys=True, moves_rule=("DIP 5.5",))
STANDARD_TYPES = {"A": UnitType.ARMY, "F": UnitType.FLEET}


@dataclass(frozen=True, order=True, slots=True)
class Unit:
    """A unit on the board.  ``strength`` is 1 on the standard map; a variant may use more."""

    power: str
    type: UnitType
    location: str  # "par", "stp/nc"
    strength: int = 1
    province: str = field(init=False, compare=False, repr=False)  # the location's province, read often

    def __post_init__(self):
        object.__setattr__(self, "province", province_of(self.location))

    def label(self) -> str:
        """``A Par``, ``F StP/nc`` as players write it (or as the unit's kind writes it)."""
        if self.type.written is not None:
            return self.type.written(self)
        return f"{self.type.value} {show(self.location)}"

    def at(self, location: str) -> Unit:
        return Unit(self.power, self.type, location, self.strength)

    def with_strength(self, strength: int) -> Unit:
        return Unit(self.power, self.type, self.location, strength)


class Season(StrEnum):
    """The seasons of a game year, for every game in the engine (the standard game plays no Summer)."""

    SPRING = "spring"
    SUMMER = "summer"
    FALL = "fall"
    WINTER = "winter"

    @property
    def rank(self) -> int:
        """Its place in the year: Spring 0 to Winter 3."""
        return _SEASON_ORDER.index(self)

    @property
    def display(self) -> str:
        return self.value.capitalize()


_SEASON_ORDER = (Season.SPRING, Season.SUMMER, Season.FALL, Season.WINTER)


class PhaseKind(StrEnum):
    MOVEMENT = "movement"
    RETREATS = "retreats"
    ADJUSTMENTS = "adjustments"


@dataclass(frozen=True)
class Phase:
    """DIP 2.1-2.5: Spring movement, retreats; Fall movement, retreats; Winter adjustments."""

    year: int
    season: Season
    kind: PhaseKind

    def label(self) -> str:
        return f"{self.season.display} {self.year} {self.kind.value}"

    @property
    def key(self) -> tuple[int, int, int]:
        """For sorting phases in time order."""
        return (self.year, self.season.rank, list(PhaseKind).index(self.kind))

    @property
    def code(self) -> str:
        """Short form used in game records: S1901M, F1901R, W1901A (Summer: U1901R)."""
        letter = "U" if self.season is Season.SUMMER else self.season.value[0].upper()
        return f"{letter}{self.year}{self.kind.value[0].upper()}"


START_PHASE = Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)
