"""War of the Worlds through the variant record: the build-site rule (WOTW 8.1, 8.2) in the standard
adjustment step, and the Martian unit named in the standard explanations, worked by hand on the
standard map."""
from __future__ import annotations

from calculators.diplomacy.api import (STANDARD, Phase, PhaseKind, Position, Season, Turn, Unit, UnitType,
                                       adjudicate_phase, adjustment_step, reader_for, standard_map)
from calculators.wotw.adjust import builder_of
from calculators.wotw.board import martian
from calculators.wotw.season import MartianState
from calculators.wotw.variant import WOTW

M = standard_map()
WINTER = Phase(1905, Season.WINTER, PhaseKind.ADJUSTMENTS)
SPRING = Phase(1904, Season.SPRING, PhaseKind.MOVEMENT)


def test_who_may_build_where():
    owners = {"par": "France", "bel": "France", "mun": "France", "hol": "Germany", "bre": "France"}
    destroyed = {"bre"}
    assert builder_of(M, owners, destroyed, "par") == "France"  # own home centre
    assert builder_of(M, owners, destroyed, "bel") == "France"  # controlled neutral centre (WOTW 8.2)
    assert builder_of(M, owners, destroyed, "mun") == "Germany"  # a captured home centre stays Germany's
    assert builder_of(M, owners, destroyed, "bre") is None  # destroyed (WOTW 8.1)
    assert builder_of(M, owners, destroyed, "spa") is None  # neutral, controlled by nobody
    assert builder_of(M, owners, destroyed, "bur") is None  # no centre


def _winter(variant, text):
    # France controls Par, Mar, Bel, Mun and Bre (destroyed, so left out of the owners): four
    # centres, one unit, three builds.
    owners = {"par": "France", "mar": "France", "bel": "France", "mun": "France"}
    pos = Position(WINTER, (Unit("France", UnitType.ARMY, "mar"),), owners, state=MartianState(frozenset({"bre"})))
    parsed, _ = reader_for(variant).orders(text)
    return adjustment_step(Turn(variant, WINTER, pos, tuple(parsed), pos))


def test_winter_builds_with_the_wotw_rule():
    # Bre is destroyed, Mun is Germany's home: only Bel and Par.
    text = "France: Build A Bre\nFrance: Build A Mun\nBuild A Bel\nFrance: Build A Par"
    r = _winter(WOTW, text)
    assert r.built == (Unit("France", UnitType.ARMY, "bel"), Unit("France", UnitType.ARMY, "par"))
    assert [o.status.value for o in r.outcomes][:4] == ["illegal", "illegal", "succeeds", "succeeds"]  # ruling DIP R1
    # The standard rule on the same position refuses the neutral centre.
    assert _winter(STANDARD, text).built == (Unit("France", UnitType.ARMY, "par"),)


def _season(earth, martians, orders, martian_orders):
    position = Position(SPRING, tuple(earth) + tuple(martians), {}, state=MartianState())
    text = orders + "\n" + "\n".join(f"Martian: {m}" for m in martian_orders.splitlines())
    return adjudicate_phase(position, text, WOTW)


def test_martian_units_are_named_by_their_strength_in_explanations():
    # WOTW 4.3, 6.1: 2A Ber holds at strength 2, so A Mun (strength 1) bounces.
    r = _season((Unit("Germany", UnitType.ARMY, "mun"),), (martian("ber", 2),), "Germany: A Mun - Ber", "")
    line = next(o for o in r.outcomes if o.power == "Germany")
    assert line.reason == "bounced: strength 1 against 2 of the Martian 2A Ber holding"
    # 2A Ber - Pru meets A Sil - Pru supported by A War: 2 against 2, both bounce (DIP 9.1); A Mun
    # then meets the Martian unit that failed to leave, at its strength 2 (DIP 9.2).
    earth = (Unit("Germany", UnitType.ARMY, "mun"), Unit("Russia", UnitType.ARMY, "sil"),
             Unit("Russia", UnitType.ARMY, "war"))
    r = _season(earth, (martian("ber", 2),), "Germany: A Mun - Ber\nRussia: A Sil - Pru\nRussia: A War S A Sil - Pru",
                "2A Ber - Pru")
    line = next(o for o in r.outcomes if o.power == "Germany")
    assert line.reason == "bounced: strength 1 against 2 of the Martian 2A Ber which failed to move and stays"


def test_the_variant_uses_only_the_public_face_of_the_standard_package():
    """Issue 17: War of the Worlds imports the standard engine through ``diplomacy.api`` alone, and no private
    name (board drawing excepted: the map helper's module, drawn through the record's ``draw`` hook)."""
    import ast
    import pathlib

    package = pathlib.Path(__file__).resolve().parents[2] / "calculators" / "wotw"
    found = []
    for path in sorted(package.glob("*.py")):
        if path.name == "board_svg.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("diplomacy") and node.level == 2:
                if node.module != "diplomacy.api" or any(a.name.startswith("_") for a in node.names):
                    found.append(f"{path.name}: from ..{node.module} import {[a.name for a in node.names]}")
            elif isinstance(node, ast.Import) and any("diplomacy" in a.name for a in node.names):
                found.append(f"{path.name}: import {[a.name for a in node.names]}")
    assert not found
