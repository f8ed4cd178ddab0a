"""What the Game of the Clans II rules fix about the board, without the map (ruling CLAN R2).

The source names provinces but gives no map: no adjacencies, no list of the 68 centres. Only the
facts the rules themselves state are held here.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Power(Enum):
    """The nine powers the source lists (CLAN 1.2; ruling CLAN R1 on the 'ten players')."""

    ENGLAND = "england"
    CAMPBELL = "campbell"
    FRASER = "fraser"
    GORDON = "gordon"
    GRAHAM = "graham"
    KEITH = "keith"
    MCDONALD = "mcdonald"
    MCLEOD = "mcleod"
    STEWART = "stewart"

    @property
    def title(self) -> str:
        return _TITLES[self]

    @property
    def is_clan(self) -> bool:
        return self is not Power.ENGLAND


_TITLES = {
    Power.ENGLAND: "England", Power.CAMPBELL: "Campbell", Power.FRASER: "Fraser", Power.GORDON: "Gordon",
    Power.GRAHAM: "Graham", Power.KEITH: "Keith", Power.MCDONALD: "McDonald", Power.MCLEOD: "McLeod",
    Power.STEWART: "Stewart",
}

POWERS: tuple[Power, ...] = tuple(Power)
CLANS: tuple[Power, ...] = tuple(p for p in Power if p.is_clan)


class UnitType(Enum):
    ARMY = "A"
    FLEET = "F"
    ARMY_FLEET = "A/F"  # an English fleet with an army aboard (CLAN 3.2)


@dataclass(frozen=True)
class StartingUnit:
    unit: UnitType
    place: str


def _armies(*places: str) -> tuple[StartingUnit, ...]:
    return tuple(StartingUnit(UnitType.ARMY, p) for p in places)


# CLAN 1.2, in the source's order and spelling.
STARTING_UNITS: dict[Power, tuple[StartingUnit, ...]] = {
    Power.ENGLAND: _armies("Carlisle", "Newcastle") + (
        StartingUnit(UnitType.ARMY_FLEET, "South Channel"), StartingUnit(UnitType.ARMY_FLEET, "Blyth Bay")),
    Power.CAMPBELL: _armies("Stalcair", "Tarbert", "Rothesay", "Loudoun", "Cawdor"),
    Power.FRASER: _armies("Dingwall", "Tordarroch", "Invergarry", "Philorth", "Muchalls"),
    Power.GORDON: _armies("Rothiemurchas", "Cluny", "Aboyne", "Gight", "Aberdeen"),
    Power.GRAHAM: _armies("Montrose", "Claverhouse", "Mugdock", "Dalhousie", "Avandale"),
    Power.KEITH: _armies("Berriedale", "Inverugie", "Caskieber", "Dunottar", "Crichton"),
    Power.MCDONALD: _armies("Kiessimul", "Armadale", "Eilean Tioram", "Finlagan", "Skipness"),
    Power.MCLEOD: _armies("Lewis", "Aultbea", "Eilean Donan", "Duart", "Ardverck"),
    Power.STEWART: _armies("Blair", "Buchanan", "Stirling", "Crookston", "Morton"),
}

# Ruling CLAN R3: a clan's home centres are its five starting provinces; England's are Carlisle and
# Newcastle (its two sea starting spaces are build sites, not centres).
HOME_CENTRES: dict[Power, tuple[str, ...]] = {
    p: tuple(u.place for u in units if u.unit is UnitType.ARMY) for p, units in STARTING_UNITS.items()
}
HOME_OWNER: dict[str, Power] = {place: p for p, places in HOME_CENTRES.items() for place in places}

ENGLISH_ARMY_SITES = ("Carlisle", "Newcastle")  # CLAN 2.3
ENGLISH_FLEET_SITES = ("Blyth Bay", "South Channel")  # CLAN 2.3, CLAN 1.3

# CLAN 3.7: the waters English fleets may never enter, in the source's order.
ENGLISH_NO_GO_WATERS = (
    "Solway Firth", "Wigton Bay", "Luce Bay", "Galloway Strait", "Firth of Clyde", "Bute Sound",
    "Wemyss Bay", "Sound of Jura", "Firth of Lorne", "Loch Linnhe",
)

TOTAL_CENTRES = 68  # CLAN 5.2
OUTRIGHT_WIN = 35  # CLAN 5.3
JOINT_SMALLER_MIN = 12  # CLAN 5.4
FIRST_YEAR = 1491  # CLAN 6.1
OFFBOARD_START = 8  # CLAN 2.5
MAX_BB_PER_CLAN = 3  # CLAN 4.6


def slug(name: str) -> str:
    """A province name as a parameter value: 'Eilean Donan' -> 'eilean-donan'."""
    return name.lower().replace(" ", "-")
