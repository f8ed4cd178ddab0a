"""The quick-start stat tables as data: units (AQMF 19.1, 19.2), weapons (AQMF 19.3), cover (AQMF 20.1)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Weapon:
    """One row of the weapons table (AQMF 19.3; Rapid Fire, AQMF 5.8; rulings AQMF R10, R11)."""

    key: str
    name: str
    power: int
    dice: int = 1  # dice per element; Rapid Fire rolls 3 (AQMF 5.8)
    min_range: int = 0
    max_range: int | None = None  # None: no maximum (heat ray focused, ruling AQMF R10)
    assault_only: bool = False
    shooting_only: bool = False  # the heat ray cannot be used in an assault (ruling AQMF R11)
    sweep: bool = False
    auto_hit: bool = False  # no to-hit roll: an explosion's attacks under ruling AQMF R14's automatic-hits
    ignores_dug_in: bool = False  # dug-in troops lose their +2 against it, as against a tripod within 6" (AQMF R14)


WEAPONS: dict[str, Weapon] = {w.key: w for w in (
    Weapon("rifle", "Rifles", 0, max_range=15),
    Weapon("machine-gun", "Machine Gun", 0, dice=3, max_range=20),
    Weapon("tank-gun", "Tank Gun", 1, max_range=30),
    Weapon("heat-ray-focused", "Heat Ray (focused)", 3, min_range=3, shooting_only=True),
    Weapon("heat-ray-sweep", "Heat Ray (sweep)", 2, min_range=3, max_range=15, shooting_only=True, sweep=True),
    Weapon("reaper-tentacles", "Reaper Tentacles", 1, assault_only=True),
)}


@dataclass(frozen=True)
class Unit:
    """One row of the unit tables (AQMF 19.1, 19.2; digging in, AQMF 13.1, ruling AQMF R20; rulings AQMF R6,
    R7, R8 for the units the tables leave without stats)."""

    key: str
    name: str
    type: str
    speed: int | None
    defense: int | None
    armor: int | None
    weapons: tuple[str, ...]  # weapon keys this unit may use
    human: bool
    tripod: bool = False
    can_dig_in: bool = False  # AQMF 13.1, ruling AQMF R20

    def as_target(self) -> tuple[int, int]:
        """Its Defense and Armor as a target (a unit printed without them, ruling AQMF R8, is offered as none)."""
        if self.defense is None or self.armor is None:
            raise ValueError(f"{self.name} has no Defense or Armor to be a target (ruling AQMF R8)")
        return self.defense, self.armor


UNITS: dict[str, Unit] = {u.key: u for u in (
    Unit("infantry", "Infantry", "Infantry", 6, 5, 4, ("rifle",), human=True, can_dig_in=True),
    Unit("machine-gunners", "Machine Gunners", "Infantry", 6, 5, 4, ("machine-gun",), human=True, can_dig_in=True),
    # No weapon is printed for them; ruling AQMF R6 gives them the infantry's rifles.
    Unit("rough-riders", "Rough Riders", "Infantry", 10, 7, 4, ("rifle",), human=True),
    # No stats are printed; ruling AQMF R8: a Tank Gun as a shooter, no target stats.
    Unit("mk2-baldwin", "Mk II Baldwin", "Tank", None, None, None, ("tank-gun",), human=True),
    # Gripper Claw has no stats and is not offered (ruling AQMF R7).
    Unit("assault-tripod", "Assault Tripod", "Tripod", 8, 9, 10,
         ("heat-ray-focused", "heat-ray-sweep", "reaper-tentacles"), human=False, tripod=True),
)}

COVER_BONUS = {"none": 0, "soft": 1, "hard": 3}  # AQMF 20.1: added to Defense
DUG_IN_ARMOR = 2  # AQMF 13.3
DUG_IN_TRIPOD_RANGE = 6  # AQMF 13.3: no bonus against a tripod within 6"
IMMOBILIZED_DEFENSE = -4  # AQMF 17.1
EXPLOSION_ATTACKS = 3  # AQMF 18.7
EXPLOSION_POWER = 2
