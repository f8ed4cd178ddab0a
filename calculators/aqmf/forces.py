"""The two quick-start scenarios' forces (AQMF 22.2, 23.3) as shooter and target presets."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Preset:
    key: str
    label: str
    unit: str | None  # a key of UNITS, or None for a custom profile
    elements: int
    kind: str  # "human", "tripod", "other" (removed, no morale) or "blip"


PRESETS: dict[str, Preset] = {p.key: p for p in (
    # Scenario 1: the Captain's stand fights as an infantry stand (ruling AQMF R9).
    Preset("boc-infantry", "Company C: Infantry Company (5 Doughboys + Captain, 6 stands)", "infantry", 6, "human"),
    Preset("boc-mg", "Company C: Machine Guns (3 HMG stands)", "machine-gunners", 3, "human"),
    Preset("boc-riders", "Company C: Rough Riders (3 stands)", "rough-riders", 3, "human"),
    Preset("boc-tripod", "Company C's foe: Assault Tripod", "assault-tripod", 1, "tripod"),
    # Scenario 2.
    Preset("mw-infantry", "Morale Wagon: Infantry Company (5 stands)", "infantry", 5, "human"),
    Preset("mw-mg", "Morale Wagon: Machine Guns (3 HMG stands)", "machine-gunners", 3, "human"),
    Preset("mw-tanks", "Morale Wagon: Mk II Baldwin tanks (6)", "mk2-baldwin", 6, "other"),
    Preset("mw-riders", "Morale Wagon: Rough Riders (3 stands)", "rough-riders", 3, "human"),
    Preset("mw-tripod", "Morale Wagon: one of the 3 Assault Tripods", "assault-tripod", 1, "tripod"),
    Preset("blip", "Decoy blip (Defense 5, Armor 4)", None, 1, "blip"),
    Preset("custom-human", "Custom human unit", None, 1, "human"),
    Preset("custom-tripod", "Custom tripod", None, 1, "tripod"),
    Preset("custom-other", "Custom other unit (no morale)", None, 1, "other"),
)}

SHOOTERS = ("boc-infantry", "boc-mg", "boc-riders", "boc-tripod", "mw-infantry", "mw-mg", "mw-tanks",
            "mw-riders", "mw-tripod", "custom-human", "custom-tripod")
TARGETS = ("boc-infantry", "boc-mg", "boc-riders", "boc-tripod", "mw-infantry", "mw-mg", "mw-riders",
           "mw-tripod", "blip", "custom-human", "custom-tripod", "custom-other")
BLIP_DEFENSE, BLIP_ARMOR = 5, 4  # AQMF 12.6


def choices(keys) -> list[tuple[str, str]]:
    return [(k, PRESETS[k].label) for k in keys]


