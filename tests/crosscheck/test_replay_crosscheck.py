"""The site's adjudicator against an independent one: the ``diplomacy`` package (MILA, 1.1.2, pinned test-only).

The package plays games here with the seeded player of tests/data/replay/make_games.py, and records its own
results; the site replays them (dip-replay).  Where the two differ, the difference must be one the site's
switchable rulings name: the package plays DIP R4 as ``fallback-to-land`` (an army ordered via convoy that
no fleet carries moves over land) and DIP R11 as ``home-centres`` (a power in civil disorder loses the units
farthest from its home centres).  Under those two readings every phase must match.  The other way round, a
game the site writes in the package's format must load in the package and play to the same positions.
"""
from __future__ import annotations

import importlib.util
import json
import pathlib

import pytest
from diplomacy import Game
from diplomacy.utils.export import to_saved_game_format
from diplomacy.utils.game_phase_data import GamePhaseData

import calculators
from calculators.diplomacy.variant import STANDARD, reader_for

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "replay"
_spec = importlib.util.spec_from_file_location("make_games", DATA / "make_games.py")
make_games = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_games)

PACKAGE_READINGS = {"dip_r4": "fallback-to-land", "dip_r11": "home-centres"}
# Games the package plays here: (seed, last year) -> what sets the two adjudicators apart in it under the site's
# readings, and under the package's two readings; found by replaying them, and confirmed with the package on the
# minimal positions of the tests further down.
OWN_SUPPORT, RETREATS = "own-power support, convoyed", "retreats after a convoy"
DISRUPTED = "disrupted convoy, no fall-back"
GAMES = {
    (39, 1908): (set(), set()),
    (32, 1908): ({"DIP R11"}, set()),
    (35, 1908): ({"DIP R4", "DIP R11"}, set()),
    (31, 1908): ({"DIP R4", "DIP R11", OWN_SUPPORT}, {OWN_SUPPORT}),
    (37, 1908): ({RETREATS}, {RETREATS}),
    (149, 1910): ({"DIP R11"}, {DISRUPTED}),
}


def test_every_place_of_the_package_s_map_is_the_site_s():
    """The package names each location as the site does, in capitals: A PAR, F STP/SC, F BUL/EC."""
    reader = reader_for(STANDARD)
    locs = Game().map.locs
    assert len(locs) == 82 and {"STP/SC", "BUL/EC", "SPA/NC"} <= set(locs)
    for loc in locs:
        place, _ = reader.place([loc.lower()], 0, (0, loc))
        assert place.upper() == loc.upper(), loc


def deviation(phase: dict, matched_by_the_site: set[str]) -> str:
    """Which of the package's own ways a phase that differs shows (see the tests of the package on minimal
    positions below).  ``matched_by_the_site``: the phases that match under the site's own readings (a movement
    phase that matches under DIP R4 2023 but not fallback-to-land had a convoy disrupted)."""
    differences = phase["differences"]
    if any("does not count against its own power's unit" in d["site"] for d in differences):
        return OWN_SUPPORT
    if phase["label"] in matched_by_the_site and phase["label"].endswith("movement"):
        return DISRUPTED
    if {d["part"].split(" of ")[0] for d in differences} <= {"retreats", "dislodged units"}:
        return RETREATS
    return "unexplained"


@pytest.fixture(scope="module")
def played() -> dict[tuple[int, int], str]:
    """The games, played by the package now (not the stored samples)."""
    return {(seed, year): json.dumps(make_games.play(seed, year, f"crosscheck-{seed}")) for seed, year in GAMES}


@pytest.mark.parametrize("game", GAMES, ids=[f"seed {s} to {y}" for s, y in GAMES])
def test_the_site_and_the_package_differ_only_where_named(played, game):
    """Under the site's readings each phase that differs is reproduced by DIP R4 fallback-to-land or DIP R11
    home-centres, or is one of the package's own ways below; under those two readings only the latter remain."""
    under_site, under_package = GAMES[game]
    site = calculators.run("dip-replay", {"game": played[game]})
    matched = {p["label"] for p in site["data"]["phases"] if p["matches"]}
    found = set()
    for p in site["data"]["phases"]:
        if p["matches"] is False:
            cited = {r["cite"] for r in p["reproduced_by"]} & {"DIP R4: fallback-to-land", "DIP R11: home-centres"}
            found |= {c.split(":")[0] for c in cited} if cited else {deviation(p, matched)}
    theirs = calculators.run("dip-replay", {"game": played[game], **PACKAGE_READINGS})
    left = {deviation(p, matched) for p in theirs["data"]["phases"] if p["matches"] is False}
    assert (found, left) == (under_site, under_package)
    assert theirs["data"]["counts"]["match"] > 20
    # The only phases not compared are the ones the package skips and the site plays (nobody had a choice).
    assert all(p["origin"] == "inserted" for p in theirs["data"]["phases"] if p["played"] and p["matches"] is None)


def test_the_stored_samples_match_under_the_package_s_readings():
    for path in sorted(DATA.glob("*.json")):
        result = calculators.run("dip-replay", {"game": path.read_text(encoding="utf-8"), **PACKAGE_READINGS})
        assert result["data"]["counts"]["differ"] == 0, path.name


# -- the package's own ways, on minimal positions --------------------------------------------------------------
def _package_game(units: dict, orders: dict) -> str:
    """One movement phase the package plays from these units, saved as the package saves games."""
    game = Game(game_id="crosscheck-minimal")
    for power in game.powers:
        game.set_units(power, units.get(power, []), reset=True)
    for power, given in orders.items():
        game.set_orders(power, given)
    assert not game.error, game.error
    game.process()
    return json.dumps(to_saved_game_format(game))


def _differences(game: str, **readings) -> list[dict]:
    result = calculators.run("dip-replay", {"game": game, **readings})
    (first,) = [p for p in result["data"]["phases"] if p["name"] == "S1901M"]
    return first["differences"]


def test_the_package_counts_a_power_s_support_against_its_own_unit_when_the_attack_is_convoyed():
    """DIP 14.7: a power's support never helps dislodge its own unit.  Over land the package agrees (it marks the
    support void); by convoy it counts Russia's support, and Russia's F Sev, held in place by a bounce, is
    dislodged.  No reading of the site's rulings does that."""
    units = {"RUSSIA": ["F SEV", "A MOS"], "AUSTRIA": ["A BUD"], "TURKEY": ["A RUM", "F BLA"]}
    orders = {"RUSSIA": ["F SEV - RUM", "A MOS S A RUM - SEV"], "AUSTRIA": ["A BUD - RUM"],
              "TURKEY": ["A RUM - SEV VIA", "F BLA C A RUM - SEV"]}
    by_sea = _differences(_package_game(units, orders), **PACKAGE_READINGS)
    (move,) = [d for d in by_sea if d["part"] == "Turkey: A Rum - Sev via convoy"]
    assert move["recorded"] == "moved to Sev" and "does not count against its own power's unit" in move["site"]
    assert move["explained_by"] == []
    units = {"RUSSIA": ["F SEV", "A UKR"], "AUSTRIA": ["A BUD"], "TURKEY": ["A ARM"]}
    orders = {"RUSSIA": ["F SEV - RUM", "A UKR S A ARM - SEV"], "AUSTRIA": ["A BUD - RUM"], "TURKEY": ["A ARM - SEV"]}
    assert _differences(_package_game(units, orders)) == []


def test_the_package_lets_a_unit_dislodged_by_convoy_retreat_to_any_neighbour():
    """DIP 12.1-12.3: a dislodged unit retreats to an empty province no stand-off left empty.  After an attack by
    convoy the package lists every neighbour, the occupied Pie, Rom and Tri too; over land it does not."""
    units = {"AUSTRIA": ["A APU", "F ADR", "A PIE"], "ITALY": ["A VEN", "A ROM"], "RUSSIA": ["A TRI"]}
    orders = {"AUSTRIA": ["A APU - VEN VIA", "F ADR C A APU - VEN", "A PIE - VEN"], "ITALY": ["A VEN H", "A ROM - VEN"],
              "RUSSIA": ["A TRI S A APU - VEN"]}
    (retreats,) = _differences(_package_game(units, orders))
    assert retreats["part"] == "retreats of A Ven"
    assert retreats["recorded"] == "Apu, Pie, Rom, Tri, Tus, Tyr" and retreats["site"] == "Apu, Tus, Tyr"
    units = {"AUSTRIA": ["A TYR", "A PIE"], "ITALY": ["A VEN", "A ROM"], "RUSSIA": ["A TRI"]}
    orders = {"AUSTRIA": ["A TYR - VEN", "A PIE - VEN"], "ITALY": ["A VEN H", "A ROM - VEN"],
              "RUSSIA": ["A TRI S A TYR - VEN"]}
    assert _differences(_package_game(units, orders)) == []


def test_the_package_falls_back_to_land_only_when_no_route_is_ordered():
    """DIP R4: the package sends an army ordered via convoy over land when no fleet is ordered to carry it (as the
    fallback-to-land reading does), but not when a convoy ordered along a whole route is disrupted: there the
    move fails, as under the site's own 2023 reading.  Neither of the site's readings plays both."""
    units = {"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["F ENG", "A PIC"]}
    orders = {"ENGLAND": ["F LON - ENG", "F WAL S F LON - ENG"], "FRANCE": ["F ENG C A PIC - BEL", "A PIC - BEL VIA"]}
    disrupted = _package_game(units, orders)
    assert _differences(disrupted) == []
    (move, *rest) = _differences(disrupted, dip_r4="fallback-to-land")
    assert move["part"] == "France: A Pic - Bel via convoy" and move["recorded"] == "no convoy"
    unordered = _package_game({"FRANCE": ["F ENG", "A PIC"]}, {"FRANCE": ["F ENG H", "A PIC - BEL VIA"]})
    assert _differences(unordered, dip_r4="fallback-to-land") == []
    assert _differences(unordered)[0]["explained_by"][0]["cite"] == "DIP R4: fallback-to-land"


def _same(units: dict, other: dict) -> bool:
    return {p: sorted(u) for p, u in units.items() if u} == {p: sorted(u) for p, u in other.items() if u}


@pytest.mark.parametrize("preset", ["judge-1901"])
def test_a_game_the_site_writes_plays_the_same_in_the_package(preset):
    """Each phase of the site's written game, loaded into the package with its orders and processed, reaches the
    position the site wrote next (the phases hold no DIP R4 or R11 case)."""
    result = calculators.run("dip-replay", {"load": preset, "export": "diplomacy-json"})
    doc = json.loads(result["data"]["export"]["text"])
    for now, following in zip(doc["phases"], doc["phases"][1:], strict=False):
        game = Game(rules=["SOLITAIRE", "NO_PRESS", "IGNORE_ERRORS", "POWER_CHOICE"])
        game.set_phase_data(GamePhaseData.from_dict(now))
        game.clear_orders()
        for power, orders in now["orders"].items():
            game.set_orders(power, orders)
        assert not game.error, (now["name"], game.error)
        game.process()
        assert game.get_current_phase() == following["name"]
        assert _same(game.get_units(), following["state"]["units"]), now["name"]
        assert _same(game.get_centers(), following["state"]["centers"]), now["name"]


def test_the_package_writes_what_the_site_reads_back():
    """A game saved by the package now reads, replays and comes back byte for byte in the package's layout."""
    game = Game(game_id="crosscheck-save")
    game.set_orders("FRANCE", ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"])
    game.process()
    import ujson

    saved = ujson.dumps(to_saved_game_format(game))
    result = calculators.run("dip-replay", {"game": saved, "export": "diplomacy-json"})
    assert result["data"]["export"]["text"] == saved
    assert result["data"]["counts"]["match"] == 1
