"""Shooting and assault resolution (AQMF 5, 6, 7): who rolls how many dice, the numbers needed,
and the exact distributions of hits, damage and elements destroyed."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from ..core import InputError
from ..core.params import decimal_text
from .exact import IntDist
from .dice import QUICK_START, RollOptions, p_damage, p_success
from .forces import BLIP_ARMOR, BLIP_DEFENSE, PRESETS, Preset
from .stats import COVER_BONUS, DUG_IN_ARMOR, IMMOBILIZED_DEFENSE, UNITS, WEAPONS, Weapon

MAX_ELEMENTS = 20
MAX_RANGE = 120  # inches; the quick-start table is about 4 ft square


@dataclass(frozen=True)
class Shooter:
    label: str
    weapon: Weapon
    elements: int
    tripod: bool

    @property
    def dice(self) -> int:
        return self.elements * self.weapon.dice

    @property
    def strips_dug_in(self) -> bool:
        """Within 6" of the target, dug in gives no Armor against it (AQMF 13.3; ruling AQMF R14 for a blast)."""
        return self.tripod or self.weapon.ignores_dug_in


@dataclass(frozen=True)
class Target:
    label: str
    kind: str  # human / tripod / other / blip
    elements: int
    defense: int  # printed (or custom) Defense
    armor: int  # printed (or custom, or current tripod) Armor
    cover: str
    dug_in: bool
    immobilized: bool

    def hit_need(self) -> int:
        """AQMF 5.4 with cover (AQMF 14.2) and immobilized (AQMF 17.1)."""
        return self.defense + COVER_BONUS[self.cover] + (IMMOBILIZED_DEFENSE if self.immobilized else 0)

    def armor_against(self, shooter_is_tripod: bool, within_six: bool) -> int:
        """AQMF 13.3: +2 Armor dug in, except against a tripod within 6" (ruling AQMF R12)."""
        bonus = DUG_IN_ARMOR if self.dug_in and not (shooter_is_tripod and within_six) else 0
        return self.armor + bonus


def check_tripod_armor(target: Target) -> None:
    """Ruling AQMF R15: a tripod at Armor 0 plays exactly as at 1, so the turn calculators ask for 1
    (their "damaged" counts rely on Armor falling from where it starts)."""
    if target.kind == "tripod" and target.armor < 1:
        raise InputError("armor", "A tripod at Armor 0 or less plays exactly as at 1 (ruling AQMF R15): enter 1.")


def binomial(n: int, p: Fraction) -> IntDist:
    """Exact Binomial(n, p) by the closed form, in integer weights."""
    return IntDist.binomial(n, p)


def _exactly(range_in: Fraction) -> str:
    """Ruling AQMF R33 cited where a fraction of an inch decided the check."""
    return "" if range_in.denominator == 1 else " (ruling AQMF R33)"


def resolve_shooter(shooter: str, weapon: str, elements: int | None, attack: str, range_in: Fraction) -> Shooter:
    """The shooter's weapon and dice, checking the weapon suits the unit, the attack and the range (ruling
    AQMF R11: no heat ray in an assault, where a tripod uses its Reaper Tentacles). ``range_in`` is exact (a
    Fraction, ruling AQMF R33): 15.5" is beyond a 15" weapon, 15" is not (ruling AQMF R12)."""
    preset = PRESETS[shooter]
    unit = UNITS[preset.unit] if preset.unit else None
    if weapon == "unit":
        if unit is None:
            raise InputError("weapon", "A custom shooter needs a weapon: pick one from the weapons table.")
        key = "reaper-tentacles" if attack == "assault" and unit.tripod else unit.weapons[0]  # ruling AQMF R11
    else:
        key = weapon
        if unit is not None and key not in unit.weapons:
            carried = ", ".join(WEAPONS[w].name for w in unit.weapons)
            raise InputError("weapon", f"{unit.name} do not carry {WEAPONS[key].name}; they use: {carried}.")
        if unit is None and shooter == "custom-human" and key in ("heat-ray-focused", "heat-ray-sweep",
                                                                  "reaper-tentacles"):
            raise InputError("weapon", f"{WEAPONS[key].name} is a tripod weapon: pick a custom tripod as the shooter.")
    w = WEAPONS[key]
    if attack == "assault" and w.shooting_only:
        raise InputError("weapon", f"{w.name} cannot be used in an assault: base contact is inside its 3\" "
                                   "minimum range (ruling AQMF R11). A tripod assaults with Reaper Tentacles.")
    if attack == "shooting":
        if w.assault_only:
            raise InputError("weapon", f"{w.name} can only be used in an assault.")
        if range_in < w.min_range:
            raise InputError("range", f"{decimal_text(range_in)}\" is inside the minimum range of the {w.name} "
                                     f"({w.min_range}\"){_exactly(range_in)}.")
        if w.max_range is not None and range_in > w.max_range:
            raise InputError("range", f"{decimal_text(range_in)}\" is out of range: the range of the {w.name} is "
                                     f"{w.max_range}\"{_exactly(range_in)}.")
    n = within_size(preset, elements, "elements", "can attack")
    tripod = preset.kind == "tripod"
    return Shooter(unit_label(preset, n, "attacking"), w, n, tripod)


def within_size(preset: Preset, elements: int | None, field: str, doing: str) -> int:
    """A scenario unit has the elements its roster gives; more is a custom unit (issue: never mislabel)."""
    if elements is None:
        return preset.elements
    if preset.unit is not None and elements > preset.elements:
        raise InputError(field, f"{preset.label} has {preset.elements} element{'s' if preset.elements > 1 else ''}: "
                                f"at most {preset.elements} {doing} (got {elements}). For a bigger unit pick a "
                                "custom unit with the same weapon or stats.")
    return elements


def unit_label(preset: Preset, n: int, doing: str) -> str:
    """The preset's name, saying how many of its elements take part when that is not all of them."""
    if preset.unit is None:
        return preset.label if preset.kind in ("tripod", "blip") and n == 1 else \
            f"{preset.label} ({n} element{'s' if n > 1 else ''})"
    if n == preset.elements:
        return preset.label
    return f"{preset.label}, {n} of its {preset.elements} {doing}"


def resolve_target(target: str, elements: int | None, defense: int | None, armor: int | None, cover: str,
                   dug_in: bool, immobilized: bool) -> Target:
    """AQMF 12.6, 13.1, 14.3 and ruling AQMF R20: the target's Defense and Armor, and who may dig in where."""
    preset = PRESETS[target]
    unit = UNITS[preset.unit] if preset.unit else None
    if preset.key == "blip":
        base_def, base_arm = BLIP_DEFENSE, BLIP_ARMOR
        if armor is not None:
            raise InputError("armor", "A decoy blip always has Armor 4 (AQMF 12.6); leave Armor empty.")
    elif unit is None:
        if defense is None:
            raise InputError("defense", "A custom target needs its Defense.")
        if armor is None:
            raise InputError("armor", "A custom target needs its Armor.")
        base_def, base_arm = defense, armor
    else:
        base_def, base_arm = unit.as_target()
        if armor is not None:
            if not unit.tripod:
                raise InputError("armor", "Armor can be set only for a custom target or a damaged tripod; "
                                          f"{unit.name} have Armor {unit.armor}.")
            base_arm = armor
    if defense is not None and unit is not None:
        raise InputError("defense", f"Defense can be set only for a custom target; {unit.name} have Defense "
                                    f"{unit.defense} (add cover or immobilized instead).")
    if preset.kind in ("tripod", "blip") and elements not in (None, 1):
        what = "A tripod" if preset.kind == "tripod" else "A blip"
        raise InputError("target_elements", f"{what} is a single element here (got {elements}).")
    n = within_size(preset, elements, "target_elements", "can be left")
    if dug_in:
        if preset.kind == "tripod":
            raise InputError("dug_in", "Tripods cannot dig in: only infantry types can (AQMF 13.1).")
        if unit is not None and not unit.can_dig_in:
            raise InputError("dug_in", f"{unit.name} cannot dig in (AQMF 13.1, ruling AQMF R20).")
        if cover == "hard":
            raise InputError("dug_in", "Troops cannot dig in in hard cover (AQMF 14.3).")
    return Target(unit_label(preset, n, "left"), preset.kind, n, base_def, base_arm, cover, dug_in, immobilized)


@dataclass(frozen=True)
class AttackOdds:
    """Everything one attack produces, as exact distributions."""

    p_hit: Fraction
    p_damage: Fraction  # per hit
    hits: IntDist  # dice (or sweep shots) that hit
    damage: IntDist  # damage rolls that succeed (damage points against a tripod)
    destroyed: IntDist  # elements destroyed (capped at the target's elements)


def attack_odds(shooter: Shooter, target: Target, within_six: bool, opts: RollOptions = QUICK_START) -> AttackOdds:
    """AQMF 5.4-5.5 (and 6.2 for a sweep): hits, damage and elements destroyed; the damage roll against the
    target's Armor less the weapon's Power (ruling AQMF R13)."""
    p_hit = Fraction(1) if shooter.weapon.auto_hit else p_success(target.hit_need(), opts)
    p_dmg = p_damage(target.armor_against(shooter.strips_dug_in, within_six), shooter.weapon.power, opts)
    hits = binomial(shooter.dice, p_hit)
    if shooter.weapon.sweep and target.elements > 1:
        damage, destroyed = sweep_sequence(shooter.dice, p_hit, p_dmg, target.elements)
    else:
        damage = binomial(shooter.dice, p_hit * p_dmg)
        destroyed = damage.cap(target.elements)
    return AttackOdds(p_hit, p_dmg, hits, damage, destroyed)


@lru_cache(maxsize=1024)
def sweep_sequence(shots: int, p_hit: Fraction, p_dmg: Fraction, elements: int) -> tuple[IntDist, IntDist]:
    """Ruling AQMF R19: each sweep hits or misses its end element, then damages every survivor under it.

    Worked by the number of sweeps that hit, H ~ Binomial(shots, p_hit): an element survives
    only if it survives each of the H damage rolls made against it, independently of the other
    elements, so the elements destroyed are Binomial(elements, 1 - (1 - p_dmg)^H). (Once every
    element is dead, later sweeps change nothing, so the count is exact.) Integer weights over
    hit_den**shots * dmg_den**(shots * elements).
    """
    hn, hd = p_hit.numerator, p_hit.denominator
    dn, dd = p_dmg.numerator, p_dmg.denominator
    miss = dd - dn
    out = [0] * (elements + 1)
    for h in range(shots + 1):
        ph = comb(shots, h) * hn ** h * (hd - hn) ** (shots - h)
        if not ph:
            continue
        live, full = miss ** h, dd ** h  # one element survives h damage rolls with live/full
        dead = full - live
        scale = ph * dd ** ((shots - h) * elements)
        for k in range(elements + 1):
            out[k] += scale * comb(elements, k) * dead ** k * live ** (elements - k)
    destroyed = IntDist(tuple(out), hd ** shots * dd ** (shots * elements))
    return destroyed, destroyed


def mixed_sweep(p_hit: Fraction, p_dmgs: list[Fraction]) -> IntDist:
    """AQMF 6.2: one hit roll, then one damage roll for each element under the template."""
    groups: dict[Fraction, int] = {}
    for p in p_dmgs:
        groups[p] = groups.get(p, 0) + 1
    under = IntDist((1,), 1)
    for p, n in groups.items():
        under = under + IntDist.binomial(n, p)
    hn, hd = p_hit.numerator, p_hit.denominator
    weights = [w * hn for w in under.weights]
    weights[0] += (hd - hn) * under.den
    return IntDist(tuple(weights), under.den * hd)


def p_rout(destroyed: IntDist, elements: int) -> Fraction:
    """AQMF 9.2-9.3: a unit that loses L (not all) elements routs on D10 - L of 4 or less."""
    from .morale import p_fail
    return destroyed.weighted(lambda k: p_fail(k) if 0 < k < elements else 0)
