"""A turn of fire at one target: the engine of the fire plan and of "how many do I need?".

Every attacking unit, in order, is one step of an exact chain over the target's state:

* a tripod: its Armor, whether it is crippled (a 6, AQMF 18.3), its weapons disabled (a 7,
  AQMF 18.4) and held by tow cables (AQMF 16.1, 17.1), or destroyed (AQMF 18.5-18.6) or
  exploded (AQMF 18.7). Each unit's damage points make one chart roll with +1 per point past
  the first (AQMF 18.1, ruling AQMF R16), against the Armor the tripod has *then*;
* a human unit (or a blip, or a unit with no morale): the elements left, whether it has
  routed, and whether it lost an element to shooting this Combat Phase. Each assault with a
  loss ends with a morale test; the end of the Combat Phase brings one test with every element
  lost that turn (AQMF 9.2, 9.3, ruling AQMF R31). The other readings (``MoraleReadings``): a
  test after every attack with a loss (AQMF R31: after-each-attack), and only the elements lost
  to shooting deducted (AQMF R18: shooting-only, which keeps the assault losses in the state).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from .chain import STAY, Chain
from .combat import Shooter, Target, sweep_sequence
from .damage import CHART_DEN, EXPLODED, is_down, transition_weights
from .dice import D10, QUICK_START, RollOptions, p_damage, p_success
from .exact import IntDist
from .morale import p_fail, p_pass
from .readings import MoraleLosses, MoraleTests
from .stats import COVER_BONUS, IMMOBILIZED_DEFENSE
from .tripods import points_numerators

SHOOTING, ASSAULT, TOW = "shooting", "assault", "tow-cables"
CRIPPLED, DISABLED = 1, 2  # the chart results that stay with a tripod, as bits of a flag
FLAG = {"crippled": CRIPPLED, "weapons disabled": DISABLED}
# Exact fractions stay exact, but past this many digits they are neither readable nor cheap to send
# (and CPython refuses to print integers past 4,300 digits): a turn stops before it gets there.
MAX_DIGITS = 4000


@dataclass(frozen=True)
class Attack:
    """One attacking unit of the plan."""

    label: str
    shooter: Shooter
    kind: str  # SHOOTING, ASSAULT or TOW (a tow-cable assault: cables, no damage)
    within_six: bool  # within 6" of the target (an assault always is): no dug-in bonus against a tripod


class TripodState(NamedTuple):
    """A standing tripod (immutable; a named tuple because the chains hash states millions of times)."""

    armor: int
    crippled: bool
    disabled: bool
    held: bool


class UnitState(NamedTuple):
    alive: int
    routed: bool
    shot: bool  # lost an element to shooting in this Combat Phase: it tests at its end
    assault_lost: int = 0  # elements lost in assaults this turn, counted only under AQMF R18 shooting-only


@dataclass(frozen=True)
class MoraleReadings:
    """Rulings AQMF R18 and R31 as a turn of fire plays them; the default is the site's readings."""

    shooting_only: bool = False  # AQMF R18 shooting-only: a test deducts only the elements lost to shooting
    after_each: bool = False  # AQMF R31 after-each-attack: a test after every attack with a loss, none at the end

    @classmethod
    def of(cls, readings) -> MoraleReadings:
        """From the readings in force (a ``core.rulings.Readings``)."""
        return cls(MoraleLosses.read(readings) is MoraleLosses.SHOOTING_ONLY,
                   MoraleTests.read(readings) is MoraleTests.AFTER_EACH_ATTACK)

    def deduction(self, s: UnitState, elements: int, lost_before: int) -> int:
        """AQMF 9.3: 1 per element lost that turn (ruling AQMF R18: to shooting and assault, or to shooting only;
        the elements lost earlier are taken as the form gives them)."""
        return lost_before + elements - s.alive - s.assault_lost


SITE_MORALE = MoraleReadings()


@dataclass
class Turn:
    """The chain after the whole plan, and the chance that matters after each attacker."""

    chain: Chain
    after: list[dict]  # per attacker: {name: Fraction}
    tests_at_end: Fraction = Fraction(0)  # units: P(a morale test at the end of the Combat Phase)
    cut: int | None = None  # attackers worked out before the fractions would pass MAX_DIGITS (None: all)


@dataclass
class Plan:
    """One fire plan, resolved: its attacks in order, its target, and the turn they make."""

    name: str
    attacks: list[Attack]
    target: Target
    lost_before: int
    turn: Turn
    opts: RollOptions
    morale: MoraleReadings


def _step(chain: Chain, move) -> bool:
    """One attack; False (and the chain unchanged) if its exact fractions would pass MAX_DIGITS."""
    before = chain.copy()
    chain.step(move)
    if chain.digits() <= MAX_DIGITS:
        return True
    chain.weights, chain.den = before.weights, before.den
    return False


# -- a tripod -------------------------------------------------------------------------------

def tripod_hit_need(target: Target, held: bool) -> int:
    """AQMF 5.4 with cover (AQMF 14.2, ruling AQMF R29) and, while held, immobilized (AQMF 17.1)."""
    return target.defense + COVER_BONUS[target.cover] + (IMMOBILIZED_DEFENSE if held else 0)


@lru_cache(maxsize=4096)
def _damage_move(armor: int, dice: int, q_num: int, q_den: int) -> tuple[tuple[int, int | str, int], ...]:
    """One unit's attack on a standing tripod at ``armor``: (flag, next Armor or down, weight over
    q_den**dice * 100), each die damaging with q_num/q_den; all damage points make one chart roll."""
    out: dict[tuple[int, int | str], int] = {}
    for k, pk in points_numerators(dice, q_num, q_den):
        if k == 0:
            out[(0, armor)] = out.get((0, armor), 0) + pk * CHART_DEN
            continue
        for cat, nxt, t in transition_weights(armor, k):
            key = (FLAG.get(cat, 0), nxt)
            out[key] = out.get(key, 0) + pk * t
    return tuple((flag, nxt, w) for (flag, nxt), w in out.items())


def tripod_move(attack: Attack, target: Target, opts: RollOptions):
    power, dice = attack.shooter.weapon.power, attack.shooter.dice
    needs = (tripod_hit_need(target, False), tripod_hit_need(target, True))

    def move(s):
        if is_down(s):
            return STAY
        if attack.kind == TOW:
            return _tow_move(s, attack.shooter.elements, target)
        return _fire_move(s, dice, power, needs[s.held], opts)

    return move


@lru_cache(maxsize=16384)
def _fire_move(s: TripodState, dice: int, power: int, hit_need: int, opts: RollOptions):
    """A damage attack's next states from ``s`` (remembered: volleys and repeated units meet the same states)."""
    q = p_success(hit_need, opts) * p_damage(s.armor, power, opts)
    pairs = tuple((nxt if is_down(nxt) else
                   TripodState(nxt, s.crippled or flag == CRIPPLED, s.disabled or flag == DISABLED, s.held), w)
                  for flag, nxt, w in _damage_move(s.armor, dice, q.numerator, q.denominator))
    return pairs, q.denominator ** dice * CHART_DEN


def _tow_move(s: TripodState, elements: int, target: Target):
    """AQMF 16.1: each element places a cable on a hit; one cable is enough to hold it (ruling AQMF R17:
    the rolls are made together, against the Defense at the time, with the quick-start dice)."""
    if s.held:
        return STAY
    p = p_success(tripod_hit_need(target, False), QUICK_START)
    den = p.denominator ** elements
    none = (p.denominator - p.numerator) ** elements
    return ((TripodState(s.armor, s.crippled, s.disabled, True), den - none), (None, none)), den


def tripod_turn(attacks: list[Attack], target: Target, opts: RollOptions) -> Turn:
    """The tripod's exact state after each attacker and after the turn."""
    chain: Chain[TripodState | str] = Chain(TripodState(target.armor, False, False, target.immobilized))
    after: list[dict[str, Fraction]] = []
    for i, attack in enumerate(attacks):
        if not _step(chain, tripod_move(attack, target, opts)):
            return Turn(chain, after, cut=i)
        after.append({"down": chain.p(is_down), "exploded": chain.p(lambda s: s == EXPLODED),
                      "held": chain.p(lambda s: not is_down(s) and s.held),
                      "hurt": chain.p(lambda s: is_down(s) or s.armor < target.armor)})
    return Turn(chain, after)


# -- a human unit, a blip or a unit with no morale ----------------------------------------------

def units_move(attack: Attack, target: Target, opts: RollOptions, lost_before: int,
               morale: MoraleReadings = SITE_MORALE):
    """One attack on the unit; an assault with a loss ends with a morale test (AQMF 7.2, 9.2, ruling AQMF R31), and
    under AQMF R31's after-each-attack reading a shooting attack too (AQMF 5.6)."""
    sh = attack.shooter
    p_hit = p_success(target.hit_need(), opts)
    p_dmg = p_damage(target.armor_against(sh.tripod, attack.within_six), sh.weapon.power, opts)  # AQMF R30
    plain = IntDist.binomial(sh.dice, p_hit * p_dmg)
    human = target.kind == "human"
    assault = attack.kind == ASSAULT
    tests = human and (assault or morale.after_each)
    n0 = target.elements
    kills_by_alive: dict[int, IntDist] = {}

    def kills(alive: int) -> IntDist:
        if alive not in kills_by_alive:  # a sweep hits every survivor (ruling AQMF R19)
            kills_by_alive[alive] = (sweep_sequence(sh.dice, p_hit, p_dmg, alive)[1] if sh.weapon.sweep and alive > 1
                                     else plain.cap(alive))
        return kills_by_alive[alive]

    def move(s):
        if s.alive == 0:
            return STAY
        dist = kills(s.alive)
        pairs: list[tuple[UnitState | None, int]] = []
        for k, w in enumerate(dist.weights):
            if not w:
                continue
            if k == 0:
                pairs.append((None, w * D10))
                continue
            shot = s.shot or (attack.kind == SHOOTING and not morale.after_each)
            after = UnitState(s.alive - k, s.routed, shot, s.assault_lost + (k if assault and morale.shooting_only
                                                                             else 0))
            if tests and after.alive and not s.routed:  # a routed unit stays routed whatever it rolls (AQMF R31)
                passed = int(p_pass(morale.deduction(after, n0, lost_before)) * D10)
                pairs.append((after, w * passed))
                pairs.append((after._replace(routed=True), w * (D10 - passed)))
            else:
                pairs.append((after, w * D10))
        return tuple(pairs), dist.den * D10

    return move


def end_test_move(target: Target, lost_before: int, morale: MoraleReadings = SITE_MORALE):
    """AQMF 9.2-9.3: a unit that lost an element to shooting tests at the end of the Combat Phase,
    subtracting every element lost that turn (ruling AQMF R18); one that has already routed takes the test
    too but stays routed whatever it rolls (ruling AQMF R31)."""
    def move(s):
        if not s.shot or s.alive == 0 or s.routed:
            return STAY
        passed = int(p_pass(morale.deduction(s, target.elements, lost_before)) * D10)
        return ((s, passed), (s._replace(routed=True), D10 - passed)), D10
    return move


def broken_if_ended(s: UnitState, target: Target, lost_before: int, morale: MoraleReadings = SITE_MORALE) -> Fraction:
    """P(routed or wiped out) for a state if the Combat Phase ended now."""
    if s.alive == 0 or s.routed:
        return Fraction(1)
    if s.shot:
        return p_fail(morale.deduction(s, target.elements, lost_before))
    return Fraction(0)


def units_turn(attacks: list[Attack], target: Target, opts: RollOptions, lost_before: int = 0,
               morale: MoraleReadings = SITE_MORALE) -> Turn:
    """The unit's exact state after each attacker, then after the end-of-phase test."""
    chain = Chain(UnitState(target.elements, False, False))
    after = []
    human = target.kind == "human"
    cut = None
    for i, attack in enumerate(attacks):
        if not _step(chain, units_move(attack, target, opts, lost_before, morale)):
            cut = i
            break
        step = {"wiped": chain.p(lambda s: s.alive == 0), "lost": chain.expect(lambda s: target.elements - s.alive),
                "hurt": chain.p(lambda s: s.alive < target.elements)}
        if human:
            step["broken"] = chain.expect(lambda s: broken_if_ended(s, target, lost_before, morale))
        after.append(step)
    tests = Fraction(0)
    if human:
        # AQMF 9.2: every unit that lost an element to shooting tests, a routed one too (ruling AQMF R31).
        tests = chain.p(lambda s: s.shot and s.alive > 0)
        chain.step(end_test_move(target, lost_before, morale))
    return Turn(chain, after, tests, cut)
