"""Unit and order rules: English A/Fs, the no-go waters, Boat Bunches (CLAN 3, CLAN 4).

Without a map (ruling CLAN R2) the check works on the kind of space a unit is in and the kind it
targets; whether two spaces are adjacent is the player's to say.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..core import InputError, Result, Table, bool_param, calculator, choice_param, int_param
from .board import ENGLISH_NO_GO_WATERS, MAX_BB_PER_CLAN, POWERS, Power, slug
from .cite import in_order, named_in


class Unit(Enum):
    ARMY = "army"
    FLEET = "fleet"
    AF = "af"  # English fleet carrying an army (CLAN 3.2)
    ABB = "army-bb"  # army carrying a Boat Bunch (CLAN 4)


class Kind(Enum):
    INLAND = "inland"
    COASTAL = "coastal"
    SEA = "sea"
    IRELAND = "ireland"
    FLEET = "fleet"  # a sea space where an English fleet stands, as a boarding or retreat target


class Order(Enum):
    HOLD = "hold"
    MOVE = "move"
    SUPPORT = "support"
    CONVOY = "convoy"
    EMBARK = "embark"
    DISEMBARK = "disembark"
    BUILD_BB = "build-bb"
    DESTROY_BB = "destroy-bb"
    ABANDON_BB = "abandon-bb"
    RETREAT = "retreat"


@dataclass(frozen=True)
class Space:
    kind: Kind
    water: str | None = None  # one of the ten no-go waters, by name

    @property
    def is_sea(self) -> bool:
        return self.kind in (Kind.SEA, Kind.FLEET)

    @property
    def is_land(self) -> bool:
        return self.kind in (Kind.INLAND, Kind.COASTAL)

    def describe(self) -> str:
        if self.water:
            return self.water
        return {Kind.INLAND: "an inland province", Kind.COASTAL: "a coastal province", Kind.SEA: "a sea space",
                Kind.IRELAND: "Ireland", Kind.FLEET: "a sea space holding an English fleet"}[self.kind]


@dataclass(frozen=True)
class Reason:
    rule: str
    text: str


@dataclass(frozen=True)
class Verdict:
    """``legal``: the order may be written; ``fails``: legal, but it cannot succeed as things stand."""

    legal: bool
    fails: bool
    reasons: tuple[Reason, ...]

    @property
    def word(self) -> str:
        return "illegal" if not self.legal else "fails" if self.fails else "legal"


NO_GO = {slug(w): w for w in ENGLISH_NO_GO_WATERS}


def parse_space(value: str) -> Space | None:
    if value == "none":
        return None
    if value in NO_GO:
        return Space(Kind.SEA, NO_GO[value])
    return Space(Kind(value))


def _target(to: Space | None) -> Space:
    """The target of an order that needs one (``NEEDS_TARGET``: the calculator asks for it before any check)."""
    if to is None:
        raise ValueError("this order needs a target space")
    return to


def _no(rule: str, text: str) -> Verdict:
    return Verdict(False, False, (Reason(rule, text),))


def _yes(*reasons: Reason, fails: bool = False) -> Verdict:
    return Verdict(True, fails, tuple(reasons))


def position_problem(power: Power, unit: Unit, at: Space) -> Verdict | None:
    """Whether the unit can be where it is at all (CLAN 2.1, 3.2, 3.4, 3.7, 4.3, 7.5)."""
    if at.kind in (Kind.IRELAND,):
        return _no("CLAN 7.5", "Ireland is impassable: no unit can be there.")
    if power.is_clan and unit in (Unit.FLEET, Unit.AF):
        return _no("CLAN 2.1", f"{power.title} is a clan: clans build only armies, and A/Fs are English "
                               "(CLAN 3.2), so a clan never has a fleet.")
    if unit is Unit.AF and not at.is_sea:
        return _no("CLAN 3.4", "An A/F can exist only at sea.")
    if unit is Unit.ABB and at.kind is Kind.INLAND:
        return _no("CLAN 4.3", "A Boat Bunch can exist only in coastal and sea spaces, never inland.")
    if unit is Unit.ARMY and at.is_sea:
        return _no("CLAN 0.1", "An army on its own cannot be at sea: at sea it is aboard an English fleet "
                               "(an A/F) or carries a Boat Bunch.")
    if unit is Unit.FLEET and at.kind is Kind.INLAND:
        return _no("CLAN 0.1", "A fleet is never in an inland province (standard rules).")
    if unit in (Unit.FLEET, Unit.AF) and at.water:
        return _no("CLAN 3.7", f"English fleets may never enter {at.water}, so none can be there.")
    return None


def can_move(power: Power, unit: Unit, at: Space, to: Space) -> Verdict:
    """CLAN 3.1, 3.4, 3.5, 3.7, 4.3, 4.4, 7.5 with rulings CLAN R13, R14: whether ``unit`` at ``at`` may move
    to a space of kind ``to`` (adjacency assumed)."""
    if to.kind is Kind.IRELAND:
        return _no("CLAN 7.5", "Ireland is impassable: no unit may enter it.")
    if unit is Unit.ARMY:
        if to.is_sea:
            return _no("CLAN 3.1", "An army may not move into a sea space (DIP 5.4). It crosses water by convoy "
                                   "(order the move to the coastal province it is going to), aboard an English "
                                   "fleet (CLAN 3.3) or with a Boat Bunch (CLAN 4.4).")
        return _yes(Reason("CLAN 0.1", f"An army may move to {to.describe()} next to it (standard rules); "
                                       "a coastal destination may also be reached by convoy (CLAN 3.1)."))
    if unit is Unit.ABB:
        if to.is_sea:
            return _yes(Reason("CLAN 4.4", "An army with a Boat Bunch may move into a sea space. There it stands "
                                           "off another army with a BB, but an unsupported English fleet attack "
                                           "dislodges it (ruling CLAN R14)."))
        if to.kind is Kind.COASTAL:
            return _yes(Reason("CLAN 4.3", "The army may take its Boat Bunch into a coastal province."))
        if at.is_sea:
            return _no("CLAN 0.1", "A sea space never borders an inland province.")
        return _yes(Reason("CLAN R13", "The army may move inland, but a Boat Bunch cannot exist there (CLAN 4.3): "
                                       "it is abandoned and leaves play (ruling CLAN R13)."))
    # fleets and A/Fs
    if to.water:
        return _no("CLAN 3.7", f"English fleets may never enter {to.water} (too shallow).")
    if to.kind is Kind.INLAND:
        return _no("CLAN 0.1", "A fleet never enters an inland province (standard rules).")
    if unit is Unit.AF and to.kind is Kind.COASTAL:
        return _no("CLAN 3.5", "A fleet carrying an army may not attack a coastal province. To land the army, "
                               "order it to disembark (CLAN 3.3).")
    if unit is Unit.AF:
        return _yes(Reason("CLAN 3.4", "An A/F moves from sea space to sea space."))
    return _yes(Reason("CLAN 0.1", f"A fleet may move to {to.describe()} next to it (standard rules)."))


def _hold(power: Power, unit: Unit, at: Space, to: Space | None, bb_count: int,
          attacked: bool) -> Verdict:
    """CLAN 3.4: any unit may hold, an A/F at sea."""
    if unit is Unit.AF:
        return _yes(Reason("CLAN 3.4", "An A/F may hold at sea."))
    return _yes(Reason("CLAN 0.1", "Any unit may hold (standard rules)."))


def _move(power: Power, unit: Unit, at: Space, to: Space | None, bb_count: int,
          attacked: bool) -> Verdict:
    """CLAN 3: where the unit may move."""
    to = _target(to)
    return can_move(power, unit, at, to)


def _support(power: Power, unit: Unit, at: Space, to: Space | None, bb_count: int,
             attacked: bool) -> Verdict:
    """CLAN 3.5, ruling CLAN R14: a support into a space the unit could move to; never on land by an A/F."""
    to = _target(to)
    if unit is Unit.AF and to.is_land:
        return _no("CLAN 3.5", "A fleet carrying an army may not support any land action, such as a move into "
                               "or a hold in a coastal province.")
    reach = can_move(power, unit, at, to)
    if not reach.legal:
        return Verdict(False, False, (Reason("CLAN 0.1", f"A unit supports only into a space it could move to "
                                                         f"itself, and it could not move to {to.describe()}:"),)
                       + reach.reasons)
    if unit is Unit.AF:
        return _yes(Reason("CLAN 3.5", "An A/F may support an action at sea, not on land."))
    if unit is Unit.ABB:
        return _yes(Reason("CLAN R14", f"An army with a Boat Bunch supports into {to.describe()} as it could "
                                       "move there (ruling CLAN R14)."))
    return _yes(Reason("CLAN 0.1", f"The unit could move to {to.describe()}, so it may support an action "
                                   "there (standard rules)."))


def _convoy(power: Power, unit: Unit, at: Space, to: Space | None, bb_count: int,
            attacked: bool) -> Verdict:
    """CLAN 3.1, ruling CLAN R12: English fleets convoy from sea spaces to coastal provinces."""
    to = _target(to)
    if unit not in (Unit.FLEET, Unit.AF):
        return _no("CLAN 3.1", "Only a fleet convoys; an army, with or without a Boat Bunch, cannot.")
    if not at.is_sea:
        return _no("CLAN 3.1", "A fleet convoys only from a sea space (standard rules).")
    if to.kind is not Kind.COASTAL:
        return _no("CLAN 3.1", "A convoy carries an army from one coastal province to another, so the "
                               "destination must be a coastal province (standard rules).")
    if unit is Unit.AF:
        return _yes(Reason("CLAN R12", "An A/F may still convoy another army; the rules bar it only from "
                                       "attacking coasts and supporting land actions (ruling CLAN R12)."))
    return _yes(Reason("CLAN 3.1", "English fleets convoy as in the standard rules."))


def _embark(power: Power, unit: Unit, at: Space, to: Space | None, bb_count: int,
            attacked: bool) -> Verdict:
    """CLAN 3.3, 3.7, ruling CLAN R11: an English army boards an English fleet (or the fleet takes it aboard)."""
    if unit is Unit.FLEET:
        return _yes(Reason("CLAN 3.3", "The fleet takes an army aboard. Boarding takes the full move and the "
                                       "fleet must stand (hold), not support, during it; at the end the two "
                                       "are one A/F."))
    if unit is Unit.AF:
        return _no("CLAN R11", "The fleet already carries an army; an A/F carries one army (ruling CLAN R11).")
    if unit is Unit.ABB:
        return _no("CLAN R11", "Only an army without a Boat Bunch boards an English fleet (ruling CLAN R11).")
    if power.is_clan:
        return _no("CLAN R11", "Only English armies board English fleets to form A/Fs (ruling CLAN R11). "
                               "A clan's army may still be convoyed (CLAN 3.1).")
    if at.kind is not Kind.COASTAL:
        return _no("CLAN 3.3", "An army boards a fleet from a coastal province next to the fleet's sea space.")
    to = _target(to)  # an army boarding names the fleet's sea space (the calculator asks for it)
    if to.water:
        return _no("CLAN 3.7", f"No English fleet can be in {to.water}.")
    if not to.is_sea:
        return _no("CLAN 3.3", "The army boards a fleet in a sea space: give the fleet's sea space as the target.")
    return _yes(Reason("CLAN 3.3", "The army boards: this takes the full move, and the fleet must stand "
                                   "(not support) for it."))


def _disembark(power: Power, unit: Unit, at: Space, to: Space | None, bb_count: int,
               attacked: bool) -> Verdict:
    """CLAN 3.3: an A/F lands its army in a coastal province."""
    to = _target(to)
    if unit is not Unit.AF:
        return _no("CLAN 3.3", "Only an A/F disembarks its army.")
    if to.kind is not Kind.COASTAL:
        return _no("CLAN 3.3", "The army lands in a coastal province next to the A/F's sea space.")
    return _yes(Reason("CLAN 3.3", "Landing the army takes the full move, and the fleet must stand (not "
                                   "support) for it; this is not an attack by the A/F on the coast."))


def _build_bb(power: Power, unit: Unit, at: Space, to: Space | None, bb_count: int,
              attacked: bool) -> Verdict:
    """CLAN 4.1, 4.2, 4.5, 4.6, 4.10, rulings CLAN R15, R16: a Scottish army on a coast builds a Boat Bunch."""
    if not power.is_clan:
        return _no("CLAN 4.10", "England may not build Boat Bunches (it may use captured ones).")
    if unit is Unit.ABB:
        return _no("CLAN 4.5", "An army may have only one Boat Bunch with it at a time.")
    if unit is not Unit.ARMY:
        return _no("CLAN 4.1", "Only a Scottish army builds a Boat Bunch.")
    if at.kind is not Kind.COASTAL:
        return _no("CLAN 4.1", "The army must stand in a coastal space to build a Boat Bunch.")
    if bb_count >= MAX_BB_PER_CLAN:
        return _no("CLAN 4.6", f"{power.title} already has {bb_count} Boat Bunches in existence; a clan may "
                               "have at most 3, captured ones still counting against it (ruling CLAN R16).")
    order_note = Reason("CLAN 4.1", "The army is ordered to stand (hold) and collects the local boats into a "
                                    f"Boat Bunch; {power.title} would then have {bb_count + 1} of at most 3.")
    if attacked:
        return _yes(order_note, Reason("CLAN 4.2", "The army is attacked this move, so building the Boat Bunch "
                                                   "fails (ruling CLAN R15)."), fails=True)
    return _yes(order_note)


def _destroy_bb(power: Power, unit: Unit, at: Space, to: Space | None, bb_count: int,
                attacked: bool) -> Verdict:
    """CLAN 4.8, ruling CLAN R13: a Boat Bunch destroyed before the regular move."""
    if unit is Unit.ABB:
        if at.is_sea:
            return _no("CLAN R13", "An army at sea may not destroy the Boat Bunch carrying it (ruling CLAN R13).")
        return _yes(Reason("CLAN 4.8", "The unit destroys its Boat Bunch first, then makes its regular move."))
    if unit in (Unit.FLEET, Unit.AF):
        return _yes(Reason("CLAN R13", "Legal only if this fleet holds a Boat Bunch it captured (ruling CLAN R13); "
                                       "it destroys it, then makes its regular move (CLAN 4.8)."))
    return _no("CLAN 4.8", "This army carries no Boat Bunch to destroy.")


def _abandon_bb(power: Power, unit: Unit, at: Space, to: Space | None, bb_count: int,
                attacked: bool) -> Verdict:
    """CLAN 4.7, ruling CLAN R13: an army leaves its Boat Bunch behind."""
    if unit is not Unit.ABB:
        return _no("CLAN 4.7", "Only an army carrying a Boat Bunch can abandon one.")
    if at.is_sea:
        return _no("CLAN R13", "An army at sea may not abandon the Boat Bunch carrying it (ruling CLAN R13).")
    return _yes(Reason("CLAN 4.7", "A Boat Bunch is transport, not a unit, and the army may abandon it; "
                                   "it then leaves play (ruling CLAN R13)."))


def _retreat(power: Power, unit: Unit, at: Space, to: Space | None, bb_count: int,
             attacked: bool) -> Verdict:
    """CLAN 3.6, 4.9, rulings CLAN R12, R13: where a dislodged unit may retreat."""
    to = _target(to)
    if unit in (Unit.ARMY, Unit.ABB) and to.kind is Kind.FLEET:
        return _no("CLAN 3.6", "An army may not retreat onto a fleet.")
    if to.kind is Kind.FLEET:
        return _no("CLAN 0.1", "A unit retreats only to an empty space (DIP 12.1), and this one holds a fleet.")
    if unit is Unit.ABB:
        if not to.is_land:
            return _no("CLAN 4.9", "A dislodged army abandons its Boat Bunch to the unit that dislodged it, so it "
                                   "retreats as a plain army: only to a land province (ruling CLAN R13).")
        return _yes(Reason("CLAN 4.9", "The army retreats without its Boat Bunch, which the dislodging unit "
                                       "captures; otherwise the standard retreat rules apply (DIP 12.1)."))
    if unit is Unit.AF and not to.is_sea:  # (a sea space with a fleet was refused above)
        return _no("CLAN R12", "A dislodged A/F retreats as one unit and can exist only at sea, so only to an "
                               "empty sea space (ruling CLAN R12).")
    move = can_move(power, unit, at, to)
    if not move.legal:
        return move
    return _yes(Reason("CLAN 0.1", f"A retreat to {to.describe()} is open if it is empty and meets the standard "
                                   "retreat rules (DIP 12.1)."))


_CHECKS = {
    Order.HOLD: _hold,
    Order.MOVE: _move,
    Order.SUPPORT: _support,
    Order.CONVOY: _convoy,
    Order.EMBARK: _embark,
    Order.DISEMBARK: _disembark,
    Order.BUILD_BB: _build_bb,
    Order.DESTROY_BB: _destroy_bb,
    Order.ABANDON_BB: _abandon_bb,
    Order.RETREAT: _retreat,
}


def check_order(power: Power, unit: Unit, at: Space, order: Order, to: Space | None,
                bb_count: int = 0, attacked: bool = False) -> Verdict:
    """CLAN 3 and CLAN 4: is this order legal for this unit where it stands, and why (no map: ruling CLAN R2)."""
    bad = position_problem(power, unit, at)
    if bad:
        return bad
    return _CHECKS[order](power, unit, at, to, bb_count, attacked)


POWER_CHOICES = [(p.value, p.title) for p in POWERS]
UNIT_CHOICES = [("army", "Army (A)"), ("fleet", "Fleet (F, English)"), ("af", "A/F: fleet carrying an army (English)"),
                ("army-bb", "Army with a Boat Bunch (A/BB)")]
SPACE_CHOICES = [("inland", "Inland province"), ("coastal", "Coastal province"), ("sea", "Sea space")] + \
    [(slug(w), f"{w} (sea, no English fleets)") for w in ENGLISH_NO_GO_WATERS]
TARGET_CHOICES = [("none", "None (hold, build or destroy a BB)")] + SPACE_CHOICES + \
    [("fleet", "Sea space with an English fleet (to board it)"), ("ireland", "Ireland")]
ORDER_CHOICES = [("hold", "Hold (stand)"), ("move", "Move"), ("support", "Support into the target"),
                 ("convoy", "Convoy (target: the army's destination)"),
                 ("embark", "Embark: board a fleet / take an army aboard"),
                 ("disembark", "Disembark the army (A/F)"), ("build-bb", "Stand and build a Boat Bunch"),
                 ("destroy-bb", "Destroy a Boat Bunch, then move"), ("abandon-bb", "Abandon the Boat Bunch"),
                 ("retreat", "Retreat (after being dislodged)")]
ORDER_PHRASES = {
    Order.HOLD: "hold", Order.MOVE: "move to", Order.SUPPORT: "support an action into",
    Order.CONVOY: "convoy an army to", Order.EMBARK: "embark", Order.DISEMBARK: "land its army in",
    Order.BUILD_BB: "stand and build a Boat Bunch", Order.DESTROY_BB: "destroy a Boat Bunch, then move",
    Order.ABANDON_BB: "abandon its Boat Bunch", Order.RETREAT: "retreat to",
}
UNIT_NAMES = {Unit.ARMY: "army", Unit.FLEET: "fleet", Unit.AF: "A/F", Unit.ABB: "army with a Boat Bunch"}
NEEDS_TARGET = {Order.MOVE, Order.SUPPORT, Order.CONVOY, Order.DISEMBARK, Order.RETREAT}
RULES = ["CLAN 0.1", "CLAN 3.1", "CLAN 3.2", "CLAN 3.3", "CLAN 3.4", "CLAN 3.5", "CLAN 3.6", "CLAN 3.7",
         "CLAN 4.1", "CLAN 4.2", "CLAN 4.3", "CLAN 4.4", "CLAN 4.5", "CLAN 4.6", "CLAN 4.7", "CLAN 4.8",
         "CLAN 4.9", "CLAN 4.10", "CLAN 7.5", "CLAN R11", "CLAN R12", "CLAN R13", "CLAN R14", "CLAN R15",
         "CLAN R16"]


@calculator(
    id="clans-orders",
    title="Order check",
    game="clans",
    rules=RULES,
    page="clans/checks.md",
    description="Is this order legal for this unit where it stands (A/Fs, the no-go waters, Boat Bunches), and why?",
    params=[
        choice_param("power", "Power", "mcdonald", POWER_CHOICES, help="Who owns the unit."),
        choice_param("unit", "Unit", "army", UNIT_CHOICES,
                     help="The unit ordered: fleets and A/Fs are English; any army may carry a Boat Bunch."),
        choice_param("location", "Where it stands", "coastal", SPACE_CHOICES,
                     help="The kind of space the unit is in (there is no map: ruling CLAN R2)."),
        choice_param("order", "Order", "build-bb", ORDER_CHOICES, help="The order to check."),
        choice_param("target", "Target space", "none", TARGET_CHOICES,
                     help="The space the order goes to: the destination of a move, retreat or convoy, the space "
                          "a support goes into, the fleet to board, the coast to land on."),
        int_param("bb_count", "Boat Bunches the clan has", 0, 0, MAX_BB_PER_CLAN, unit="BBs",
                  help="Boat Bunches the clan built that are still in existence, captured ones included "
                       "(0 to 3: a clan never has more, CLAN 4.6)."),
        bool_param("attacked", "Attacked this move", False,
                   help="Whether another power's unit is ordered to move into this unit's space this move."),
    ],
)
def orders(v: dict) -> Result:
    power, unit, order = Power(v["power"]), Unit(v["unit"]), Order(v["order"])
    at = _target(parse_space(v["location"]))  # a unit stands somewhere: the choices offer no "none" here
    to = parse_space(v["target"])
    if order in NEEDS_TARGET and to is None:
        raise InputError("target", f"A {order.value} order needs a target space.")
    if order is Order.EMBARK and unit is Unit.ARMY and to is None:
        raise InputError("target", "Give the sea space of the fleet the army boards.")
    verdict = check_order(power, unit, at, order, to, v["bb_count"], v["attacked"])
    what = f"{power.title} {UNIT_NAMES[unit]} in {at.describe()}"
    doing = ORDER_PHRASES[order]
    if order is Order.EMBARK:
        doing = "take an army aboard" if unit in (Unit.FLEET, Unit.AF) else "embark into"
    if to is not None and order is not Order.EMBARK or (order is Order.EMBARK and unit is Unit.ARMY and to):
        doing += f" {to.describe()}"
    head = {"legal": "Legal", "illegal": "Not legal", "fails": "Legal, but it fails"}[verdict.word]
    summary = f"{head}: {what}, ordered to {doing}. " + verdict.reasons[-1].text
    cited = {r.rule for r in verdict.reasons} | {"CLAN 0.1"}
    for r in verdict.reasons:
        cited |= named_in(r.text)
    rules = in_order(cited)
    data = {"verdict": verdict.word, "legal": verdict.legal, "fails": verdict.fails,
            "reasons": [{"rule": r.rule, "text": r.text} for r in verdict.reasons]}
    notes = ["There is no map (ruling CLAN R2): the check assumes the target is next to the unit; "
             "whether it is, is for the players' map to say."]
    return Result(summary=summary, data=data, rules=rules, notes=notes,
                  tables=[Table("Why", ["Rule", "Reason"], [[r.rule, r.text] for r in verdict.reasons])])
