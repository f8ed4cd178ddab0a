"""The Diplomacy rulings a player can switch (issue 19), and the typed options the engine plays them by.

Each ruling is declared once, as an enum of its readings (``core.rulings.RulingEnum``): the ruling boxes of
docs/diplomacy/rulings.md, the calculators' "Rulings" group and the engine all read it (``RULINGS`` is the
rulings as data, built from the enums).  The engine never sees reading ids: the calculator builds an
:class:`Options` value from the chosen ``Readings`` once, at the top (``Options.from_readings``), and
passes it down (``adjudicate_phase(..., options=...)``); each part of the engine reads the one field it
needs.  Every field is a ruling's enum, defaulting to the site's reading (``Paradox.default()``), whose
values are the reading ids, so a result can cite the reading it used (``options.cite("DIP R4")`` ->
``"DIP R4: fallback-to-land"``).

    >>> from calculators.core.rulings import Readings
    >>> chosen = Readings({"DIP R4": "fallback-to-land"}, RULINGS)
    >>> options = Options.from_readings(chosen)
    >>> options.convoy_intent is ConvoyIntent.FALLBACK_TO_LAND, options.cite("DIP R4"), options.cite("DIP R2")
    (True, 'DIP R4: fallback-to-land', 'DIP R2')
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.rulings import Reading, RulingEnum, ruling_fields

if TYPE_CHECKING:
    from typing import Self


class Paradox(RulingEnum, ruling="DIP R2", question="How is a convoy paradox resolved?"):
    """DIP R2 (DATC 4.A.2): how a convoy paradox is settled."""

    SZYKMAN = Reading(
        "szykman", "Szykman rule", default=True,
        summary="The convoy orders of the fleets caught in the paradox are treated as holds: the army "
                "stays and cuts no support (DATC 4.A.2, preferred).")
    ALL_HOLD = Reading(
        "all-hold", "All hold",
        summary="Every move in the paradox fails, the convoyed army's included; nothing in it is "
                "dislodged (the 'All Hold' backup rule).")
    RULE_1982 = Reading(
        "1982", "1982 rule",
        summary="A convoyed army never cuts a support given to a body of water that holds a convoying "
                "fleet, paradox or not (1982 rulebook); a paradox that still remains is settled by the "
                "Szykman rule.")


class ConvoyIntent(RulingEnum, ruling="DIP R4",
                   question="When does an army travel by convoy to a province it could walk to?"):
    """DIP R4 (DATC 4.A.3): when an army ordered to a province it could walk to travels by convoy."""

    RULEBOOK_2023 = Reading(
        "2023", "2000/2023 rulebook, no fall-back", default=True,
        summary="By convoy when the order says via convoy or a fleet of the army's own power is ordered "
                "to convoy it; if the convoy fails, the move fails (DATC 4.A.3, preferred since v3.0).")
    FALLBACK_TO_LAND = Reading(
        "fallback-to-land", "Fall back to the land route",
        summary="As in 2000/2023, but when no route of convoying fleets holds, the army goes over land "
                "instead (DATC v2's preference; several judges and libraries play it so).")
    VIA_CONVOY_ONLY = Reading(
        "via-convoy-only", "Only when 'via convoy' is written (DPTG)",
        summary="A move to a neighbouring province goes by convoy only when its order says via convoy; "
                "a fleet's convoy order never shows intent.")
    OPPOSITE_MOVE_1971 = Reading(
        "1971", "1971 rulebook",
        summary="Any power's convoy counts, but only when the unit in the destination, army or fleet, "
                "moves the other way (a foreign fleet can kidnap an army, DATC 6.G.2); 'via convoy' is not "
                "read, and a disrupted convoy falls back to the land route (DATC 6.G.4).")


class ConvoyRetreat(RulingEnum, ruling="DIP R6", question="May a unit retreat to where a convoyed attacker came from?"):
    """DIP R6 (DATC 4.A.5): may a unit dislodged by convoy retreat to where its attacker started?"""

    OPEN = Reading(
        "open", "Yes (2023 rulebook)", default=True,
        summary="After an attack by convoy the attacker's starting province is open to the retreat "
                "(DATC 4.A.5, preferred).")
    CLOSED = Reading(
        "closed", "No: closed to the retreat",
        summary="The attacker's starting province is closed to the retreat whatever route it took.")


class Designation(RulingEnum, ruling="DIP R8", question="How strictly is the ordered unit identified?"):
    """DIP R8 (DATC 4.B.5, 4.C.1, 4.C.2): is a wrong or missing unit letter, or the ordered fleet's wrong
    coast, overlooked?"""

    LENIENT = Reading(
        "lenient", "The unit in the named province", default=True,
        summary="A wrong or missing A/F letter and a wrong coast of the ordered fleet are overlooked "
                "(DATC 4.B.5, 4.C.1, 4.C.2, preferred).")
    STRICT = Reading(
        "strict", "Only perfect designations",
        summary="An order that leaves out the unit's letter, names the wrong letter for the ordered, "
                "supported or convoyed unit, or the wrong coast of the ordered fleet is illegal: the "
                "unit holds.")


class RemovalDistance(RulingEnum, ruling="DIP R11",
                      question="Which units go when a power does not order enough disbands?"):
    """DIP R11 (DATC 4.D.8): how the units a power in civil disorder loses are chosen."""

    OWNED_CENTRES_2023 = Reading(
        "2023", "2023 rulebook: distance to owned centres", default=True,
        summary="Farthest from the nearest owned supply centre, counting steps over land and sea for "
                "every unit (DATC 4.D.8).")
    HOME_CENTRES = Reading(
        "home-centres", "Older rulebooks: distance to home centres",
        summary="Farthest from the nearest of the power's home centres, owned or not: fleets count "
                "fleet moves, armies step over land and sea alike.")


class MultiRoute(RulingEnum, ruling="DIP R14", question="When is a convoy with several routes disrupted?"):
    """DIP R14 (DATC 4.A.1): when a convoy with several routes is disrupted."""

    ANY_ROUTE = Reading(
        "any-route", "While one route holds", default=True,
        summary="The army arrives as long as one route of convoying fleets is intact (every rulebook "
                "after 1971; DATC 4.A.1).")
    RULE_1971 = Reading(
        "1971", "1971 rulebook: any broken route",
        summary="A dislodged fleet on any route of the convoying fleets disrupts the convoy.")


class ConvoyedCut(RulingEnum, ruling="DIP R15",
                  question="Does a convoyed attack cut a support aimed at the attacker's own province?"):
    """DIP R15 (DATC 4.A.4): does a convoyed attack cut a support aimed at the army's own province?"""

    FROM_ARMY_PROVINCE = Reading(
        "from-army-province", "No: the attack comes from the army's province", default=True,
        summary="The exception holds whatever the route (DATC 4.A.4, the game's creator).")
    FROM_THE_SEA = Reading(
        "from-the-sea", "Yes: the attack comes from the sea",
        summary="A convoyed attack cuts that support, as if it came from the convoying fleet's sea.")


class DislodgedBounce(RulingEnum, ruling="DIP R16",
                      question="Can a dislodged unit still bounce a third unit out of its attacker's province?"):
    """DIP R16 (DATC 4.A.7): when does a dislodged unit lose its effect on its attacker's province?"""

    HEAD_TO_HEAD_ONLY = Reading(
        "head-to-head-only", "Yes, unless beaten head to head", default=True,
        summary="Only a unit beaten in a head-to-head battle loses its effect on the other province "
                "(DATC 4.A.7, preferred).")
    LITERAL = Reading(
        "literal", "No, never (the rulebook's letter)",
        summary="A dislodged unit never affects the province its attacker came from, even when one of "
                "them moved by convoy.")


@dataclass(frozen=True, slots=True)
class Options:
    """The readings a phase is adjudicated under, as the engine reads them (the site's by default)."""

    paradox: Paradox = Paradox.default()
    convoy_intent: ConvoyIntent = ConvoyIntent.default()
    convoy_retreat: ConvoyRetreat = ConvoyRetreat.default()
    designation: Designation = Designation.default()
    removal: RemovalDistance = RemovalDistance.default()
    multi_route: MultiRoute = MultiRoute.default()
    convoyed_cut: ConvoyedCut = ConvoyedCut.default()
    dislodged_bounce: DislodgedBounce = DislodgedBounce.default()

    @classmethod
    def from_readings(cls, readings: Mapping[str, str], **more: Any) -> Self:
        """The options for these readings (a ``core.rulings.Readings``); rulings it does not name keep the
        site's reading.  ``more``: a variant's own fields (its subclass of this record)."""
        chosen: dict[str, Any] = {name: kind.read(readings) for rid, (name, kind) in cls.fields_by_ruling().items()
                                  if rid in readings}
        return cls(**chosen, **more)

    @classmethod
    def fields_by_ruling(cls) -> dict[str, tuple[str, type[RulingEnum]]]:
        """Each ruling's field and enum, by ruling id (this record's fields, a variant's subclass's too)."""
        found = _BY_RULING.get(cls)
        if found is None:
            found = _BY_RULING[cls] = ruling_fields(cls)
        return found

    def reading(self, ruling_id: str) -> RulingEnum:
        return getattr(self, self.fields_by_ruling()[ruling_id][0])

    def is_default(self, ruling_id: str) -> bool:
        return self.reading(ruling_id).is_default

    def cite(self, ruling_id: str) -> str:
        """The ruling as an order's result cites it: ``"DIP R4"`` under the site's reading, else
        ``"DIP R4: fallback-to-land"``."""
        if self.is_default(ruling_id):
            return ruling_id
        return f"{ruling_id}: {self.reading(ruling_id).value}"

    @property
    def fallback_to_land(self) -> bool:
        """DIP R4: a convoy to a neighbouring province that fails falls back to the land route."""
        return self.convoy_intent in (ConvoyIntent.FALLBACK_TO_LAND, ConvoyIntent.OPPOSITE_MOVE_1971)


_BY_RULING: dict[type, dict[str, tuple[str, type[RulingEnum]]]] = {}
DEFAULT = Options()
# Each ruling's field of ``Options`` and the enum of its readings, by ruling id; the rulings as data.
FIELDS = Options.fields_by_ruling()
RULINGS = tuple(kind.ruling() for _, kind in FIELDS.values())
