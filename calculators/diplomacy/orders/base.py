"""What every order kind shares: the written order (``ParsedOrder``), the kind's record
(``OrderSpec``), a refusal (``Illegal``), and the result of an order (``Outcome``, ``Status``)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum, IntEnum, StrEnum
from typing import Any, Generic, NamedTuple, TypeVar

from ..map import province_of, show
from ..units import PhaseKind, Unit, UnitType


class Kind(IntEnum):
    """What an order's piece does in the movement resolution (``resolver``); NONE: not resolved there."""

    NONE = -1
    HOLD = 0
    MOVE = 1
    SUPPORT = 2
    CONVOY = 3


# The kinds as module constants: the resolution's inner loop compares them, and a constant is read several
# times faster than an enum's member through its class.
HOLD, MOVE, SUPPORT, CONVOY = Kind.HOLD, Kind.MOVE, Kind.SUPPORT, Kind.CONVOY


class Status(StrEnum):
    SUCCEEDS = "succeeds"
    FAILS = "fails"
    ILLEGAL = "illegal"  # ignored: the unit holds (ruling DIP R1)
    VOID = "void"  # legal but not matched (a support or convoy nobody used)
    # A line not read as an order at all (an unknown province, a word out of place): ignored as an illegal order is
    # (DIP 4.1, ruling DIP R1), but named as the board's check names it, since no rule of the game was broken.
    UNREADABLE = "unreadable"


class Illegal(Exception):
    """An order that cannot be carried out, with the rules that say so."""

    def __init__(self, message: str, rules: tuple[str, ...]):
        super().__init__(message)
        self.message = message
        self.rules = tuple(rules)


class Spent(Illegal):
    """A legal adjustment order that the power's earlier orders leave no room for (its builds or removals used up,
    the centre taken by an earlier build, the unit already removed: ruling DIP R13). It *fails*; an order that breaks
    a rule whatever else was ordered is ``Illegal`` (ruling DIP R1)."""


class ParsedOrder(NamedTuple):
    """One written order as read, before the board is consulted (the parser's only product).

    ``kind`` is a member of an order-kind enum (``orders.OrderKind`` or a variant's); ``strength``
    is the strength written before the unit (a variant's 2A, 3A); ``parts`` the (strength, place)
    pairs of a move to several places at once (a variant's split).  A named tuple: phases read many.
    """

    line: int
    text: str
    power: str | None
    kind: Enum  # a member of an order-kind enum: its value is the kind's ``OrderSpec``
    unit_type: UnitType | None = None
    location: str | None = None  # the ordered (or built) unit's location as written
    target_type: UnitType | None = None
    target: str | None = None  # the supported or convoyed unit's location
    dest: str | None = None  # where the move, support or convoy goes
    via_convoy: bool = False
    strength: int | None = None
    parts: tuple[tuple[int | None, str], ...] = ()
    target_power: str | None = None  # the power written before the supported or convoyed unit

    @property
    def spec(self) -> OrderSpec[Any]:
        """The kind's record (the enum member's value, read without the enum's property)."""
        return self.kind._value_

    @property
    def province(self) -> str | None:
        return province_of(self.location) if self.location else None


T = TypeVar("T")  # a typed order: Move, Support, ...


@dataclass(frozen=True, repr=False)
class OrderSpec(Generic[T]):
    """One order kind: how it is read, checked, resolved, explained and written back.

    ``read(reader, toks, k, ctx)`` reads the words after the verb and ``read_leading`` those after a
    leading word (the unit included); each returns the ``ParsedOrder`` fields it found;
    ``check(context, unit, parsed)`` returns the typed
    order or raises ``Illegal``; ``explain(facts, i)`` says what became of piece i; ``describe``
    writes a typed order back in short notation; ``options(context, unit)`` lists every order of the kind
    the unit may be given, in the short form (issue 14's options lists).
    """

    name: str
    value: type[T]  # the typed order
    phases: frozenset[PhaseKind]
    describe: Callable[[T], str]
    resolution: Kind = Kind.NONE
    verbs: frozenset[str] = frozenset()  # words after the unit: A Par - Bur
    leading: frozenset[str] = frozenset()  # words before the unit: Build A Par
    read: Callable[..., dict[str, Any]] | None = None
    read_leading: Callable[..., dict[str, Any]] | None = None  # after a leading word: reads the unit too
    check: Callable[..., Any] = field(default_factory=lambda: _no_check)  # its typed order (or a simpler kind's)
    settle: Callable[..., dict[str, Any]] | None = None  # the cross-order stage: settle(context, chosen, reject)
    pieces: Callable[[T], Any] | None = None  # pieces(order) -> ((resolver order, group key), ...); None: itself
    explain: Callable[[Any, int], tuple[Status, str, tuple[str, ...]]] = field(default_factory=lambda: _unexplained)
    options: Callable[..., Any] | None = None  # options(context, unit) -> the unit's orders of this kind, as written

    def __repr__(self) -> str:
        return f"OrderSpec({self.name})"


class Outcome(NamedTuple):
    """What happened to one written order (or to an unordered unit).  A named tuple: phases make many."""

    power: str
    text: str  # as written by the player, or a generated description
    order: object | None  # the order carried out (None when the text could not be used)
    status: Status
    reason: str
    rules: tuple[str, ...] = ()
    dislodged: bool = False
    line: int = 0
    eliminated: bool = False  # taken off the board after the resolution by a variant's own rule (WOTW 3.3)

    def result(self) -> str:
        """The results table's word: the order's status, unless the unit itself was then eliminated (its order's
        own result stays in ``status`` and is counted as such; the reason says both)."""
        if self.eliminated:
            return "eliminated"
        return self.status.value + (" (dislodged)" if self.dislodged else "")

    def row(self) -> list:
        """The results table's row: the order without the power the Power column already gives."""
        return [self.power, self.bare(), self.result(), self.reason, ", ".join(self.rules)]

    def bare(self) -> str:
        """The order as written, less a leading ``Power:`` (``England: F Lon - Nth`` -> ``F Lon - Nth``)."""
        head, colon, rest = self.text.partition(":")
        if colon and head.strip().casefold() == self.power.casefold() and rest.strip():
            return rest.strip()
        return self.text


def _no_check(context: Any, unit: Unit, parsed: ParsedOrder) -> Any:
    raise TypeError(f"a {parsed.spec.name} order has no check of its own: its phase's step checks it")


def _unexplained(facts: Any, i: int) -> tuple[Status, str, tuple[str, ...]]:
    raise TypeError(f"piece {i}'s kind takes no part in the movement resolution: nothing to explain")


def read_nothing(reader, toks: list[str], k: int, ctx) -> dict:
    """Nothing may follow the order's word (``A Mun H``, ``A Mun D``, ``Build A Par``)."""
    reader.end(toks, k, ctx)
    return {}


def read_unit(reader, toks: list[str], k: int, ctx) -> dict:
    """The unit after a leading word (``Build A Par``, ``Remove A Par``), and nothing after it."""
    utype, loc, _, k = reader.unit(toks, k, ctx)
    reader.end(toks, k, ctx)
    return {"unit_type": utype, "location": loc}


def find_unit(units_by_province, location: str, power: str | None, what: str = "unit") -> Unit:
    """DIP 4.1: the unit an order addresses.  Its letter and coast are not checked (ruling DIP R8)."""
    prov = province_of(location)
    unit = units_by_province.get(prov)
    if unit is None:
        raise Illegal(f"there is no {what} in {show(prov)}", ("DIP 4.1",))
    if power is not None and unit.power != power:
        raise Illegal(f"the unit in {show(prov)} is {unit.power}'s, not {power}'s", ("DIP 4.1",))
    return unit


def strict_designation(units, unit: Unit, p: ParsedOrder) -> None:
    """Ruling DIP R8 under its strict reading: the letter of every unit the order names, and the coast of the
    ordered fleet, must be written and match the board, or the order is illegal (DATC 4.B.5, 4.C.1, 4.C.2)."""
    rules = ("DIP 4.1", "DIP R8: strict")
    if p.unit_type is None:
        raise Illegal(f"the order does not say whether the unit in {show(unit.province)} is an army or a fleet",
                      rules)
    if p.unit_type.value != unit.type.value:
        raise Illegal(f"the unit in {show(unit.province)} is {a_unit(unit)}, not {a_unit(p.unit_type)}", rules)
    location = p.location or unit.location
    written, actual = location.partition("/")[2], unit.location.partition("/")[2]
    if written and written != actual:
        raise Illegal(f"the fleet is on {show(unit.location)}, not {show(location)}", rules)
    if p.target is None:
        return
    target = units.get(province_of(p.target))
    if target is None:
        return  # the order's own check says so
    if p.target_type is None:
        raise Illegal(f"the order does not say whether the unit in {show(target.province)} is an army or a fleet",
                      rules)
    if p.target_type.value != target.type.value:
        raise Illegal(f"the unit in {show(target.province)} is {a_unit(target)}, not {a_unit(p.target_type)}", rules)
    if p.target_power is not None and p.target_power != target.power:
        raise Illegal(f"the unit in {show(target.province)} is {target.power}'s, not {p.target_power}'s", rules)


def a_unit(unit) -> str:
    """``an army``, ``a fleet``: of a unit, or of a unit type."""
    word = getattr(unit, "type", unit).word
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def phase_words(phases: frozenset[PhaseKind]) -> str:
    """Where an order kind may be given, in a player's words: "the retreat phase", "a retreat or an adjustment
    phase"."""
    names = {PhaseKind.MOVEMENT: "movement", PhaseKind.RETREATS: "retreat", PhaseKind.ADJUSTMENTS: "adjustment"}
    words = [names[p] for p in PhaseKind if p in phases]
    if len(words) == 1:
        return f"the {words[0]} phase"
    return " or ".join(f"{'an' if w[0] in 'aeiou' else 'a'} {w}" for w in words) + " phase"
