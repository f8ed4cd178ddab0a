"""dip-replay: games recorded elsewhere, played again (issue 29).

The sample games (tests/data/replay) were written by the ``diplomacy`` package (make_games.py): their
recorded positions and results are the package's, an independent adjudicator's.  Every expected value
below is the package's recording or worked by hand from the rules; a game the site wrote itself must
match the site (nothing else can differ), and a game read and written back must be the same bytes.
"""
from __future__ import annotations

import json
import pathlib

import pytest

import calculators
from calculators.diplomacy.gamefile.record import MAX_CHARS, MAX_DEPTH, MAX_ORDERS, MAX_PHASES
from calculators.diplomacy.replay.explain import MAX_SEARCHED

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "replay"
GAMES = sorted(p.stem for p in DATA.glob("*.json"))


def text(name: str) -> str:
    return (DATA / f"{name}.json").read_text(encoding="utf-8")


def replay(game: str | None, **params) -> dict:
    result = calculators.run("dip-replay", {**({"game": game} if game is not None else {}), **params})
    assert result["ok"], result
    return result


def phase(result: dict, name: str) -> dict:
    (found,) = [p for p in result["data"]["phases"] if p["name"] == name]
    return found


def refused(game: str) -> str:
    result = calculators.run("dip-replay", {"game": game})
    assert result["ok"] is False and result["error"]["field"] == "game", result
    return result["error"]["message"]


def test_the_samples_are_the_packages():
    assert GAMES == ["long", "midgame", "opening", "over-land", "stand-off"]
    for name in GAMES:
        assert json.loads(text(name))["map"] == "standard"


# -- round trips ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_a_package_game_comes_back_byte_for_byte(name):
    written = replay(text(name), export="diplomacy-json")["data"]["export"]
    assert written["text"] == text(name)
    assert written["note"] is None and written["filename"] == f"replay-{name}.json"


@pytest.mark.parametrize("indent", [None, 1, 2, 4])
def test_the_layout_it_was_written_in_is_kept(indent):
    doc = json.loads(text("opening"))
    source = json.dumps(doc, indent=indent)
    assert replay(source, export="diplomacy-json")["data"]["export"]["text"] == source


def test_a_layout_the_site_does_not_write_keeps_every_field_and_says_so():
    doc = json.loads(text("stand-off"))
    written = replay(json.dumps(doc, indent=3), export="diplomacy-json")["data"]["export"]
    assert json.loads(written["text"]) == doc
    assert "layout" in written["note"]


def test_the_site_s_own_game_file_plays_back_the_same():
    """The board file the replay writes holds each phase as replayed (the recorded position, the orders, the
    site's summary): replayed in turn, every phase comes out the same, the difference in Winter 1903 (the
    package removes another unit for Russia in civil disorder, DIP R11) included."""
    first = replay(text("midgame"), export="board-file")
    doc = json.loads(first["data"]["export"]["text"])
    assert doc["format"] == "martian-front-game" and doc["calculator"] == "dip-adjudicate"
    played = [p for p in first["data"]["phases"] if p["played"]]
    assert [p["label"] for p in doc["phases"]] == [p["label"] for p in played]
    assert doc["current"] == next(p["params"] for p in first["data"]["phases"] if not p["played"])
    again = replay(json.dumps(doc))
    assert again["data"]["source"] == "board file"
    assert [p["summary"] for p in again["data"]["phases"] if p["played"]] == [p["summary"] for p in doc["phases"]]
    assert [p["label"] for p in again["data"]["phases"] if p["matches"] is False] == ["Winter 1903 adjustments"]
    assert again["data"]["reproduced_by"][0]["cite"] == "DIP R11: home-centres"


def test_a_pasted_game_written_as_the_package_s_json_plays_back_the_same():
    first = replay(None, load="judge-1901", export="diplomacy-json")
    written = first["data"]["export"]["text"]
    doc = json.loads(written)
    assert [p["name"] for p in doc["phases"]] == ["S1901M", "F1901M", "W1901A"]
    assert doc["phases"][0]["orders"]["AUSTRIA"][:2] == ["A BUD - SER", "F TRI - ALB"]
    assert doc["phases"][0]["results"]["A VIE"] == ["bounce"]  # both armies into Galicia bounce (DIP 9.1)
    again = replay(written)
    assert again["data"]["counts"]["differ"] == 0 and again["data"]["counts"]["match"] == 2


# -- the DIP R4 difference ---------------------------------------------------------------------------------
def test_a_move_over_land_is_named_with_dip_r4():
    """France orders A Pic - Bel via convoy while its fleet in the Channel holds; the package moved the army over
    land.  The site's reading of DIP R4 (2023): no fleet convoys it, so the move fails (DIP 8.1)."""
    result = replay(text("over-land"))
    assert [p["matches"] for p in result["data"]["phases"]] == [True, False, True, None]
    fall = phase(result, "F1901M")
    (move,) = [d for d in fall["differences"] if d["part"] == "France: A Pic - Bel via convoy"]
    assert move["recorded"] == "moved to Bel over land"
    assert move["site"].startswith("fails: no convoy route")
    assert ("recorded: moved to Bel over land; this site: DIP R4, 2000/2023 rulebook, no fall-back: fails: no convoy "
            "route") in move["text"]
    assert "Under DIP R4: Fall back to the land route (dip_r4=fallback-to-land)" in move["text"]
    assert move["explained_by"][0]["param"] == "dip_r4" and move["explained_by"][0]["value"] == "fallback-to-land"
    assert {d["part"] for d in fall["differences"]} == {"France: A Pic - Bel via convoy", "units", "supply centres"}
    assert [(r["param"], r["value"]) for r in result["data"]["reproduced_by"]] == [("dip_r4", "fallback-to-land")]
    assert "DIP R4" in result["rules"]


def test_under_fallback_to_land_the_difference_is_gone():
    result = replay(text("over-land"), dip_r4="fallback-to-land")
    assert result["data"]["counts"]["differ"] == 0 and result["data"]["counts"]["match"] == 3
    assert phase(result, "F1901M")["params"]["dip_r4"] == "fallback-to-land"
    assert any("Under the site's reading" in n and "Fall 1901 movement: differs (here matches)" in n
               for n in result["notes"])


# -- positions ----------------------------------------------------------------------------------------------
def test_a_retreat_phase_gets_its_attacker_and_its_stand_off_back():
    """The package records only where A Ven may retreat (Apu): worked back, the attack came from Tri (Austria's
    A Tri - Ven) and France and Italy stood off in Tus (ruling DIP R33)."""
    result = replay(text("stand-off"))
    retreats = phase(result, "F1901R")
    assert "Dislodged Italy: A Ven from Tri" in retreats["params"]["position"].splitlines()
    assert "Contested: Tus" in retreats["params"]["position"].splitlines()
    assert retreats["matches"] is True and retreats["orders"][0]["order"] == "Italy: A Ven R Apu"
    fall = phase(result, "F1901M")
    after = calculators.run("dip-adjudicate", fall["params"])
    assert after["data"]["next"]["position"] == retreats["params"]["position"]
    assert after["data"]["dislodged"][0]["retreats"] == ["Apu"]


def test_what_if_each_phase_plays_on_in_the_adjudicator():
    """Every phase's parameters are the adjudicator's own: a changed order, or another reading, plays on."""
    result = replay(text("over-land"))
    fall = phase(result, "F1901M")
    again = calculators.run("dip-adjudicate", fall["params"])
    pic = next(o for o in again["data"]["orders"] if o["order"] == "France: A Pic - Bel via convoy")
    assert pic["result"] == "fails"
    other = calculators.run("dip-adjudicate", {**fall["params"], "dip_r4": "fallback-to-land"})
    pic = next(o for o in other["data"]["orders"] if o["order"] == "France: A Pic - Bel via convoy")
    assert pic["result"] == "succeeds"
    changed = calculators.run("dip-adjudicate", {**fall["params"], "orders": "France: A Pic - Bel"})
    assert "France: A Bel" in changed["data"]["next"]["position"].replace("F Eng, ", "").replace(", A Spa", "")
    assert fall["next"] == {"phase": "Winter 1901 adjustments", "position": again["data"]["next"]["position"],
                            "orders": ""}


def test_the_search_for_a_reading_stops_after_the_first_phases_that_differ():
    """Every phase of the long sample in reverse order: each differs from the "recording" that follows it."""
    doc = json.loads(text("long"))
    doc["phases"] = list(reversed(doc["phases"][:-1]))[:MAX_SEARCHED + 5]
    phases = replay(json.dumps(doc))["data"]["phases"]
    differing = [p for p in phases if p["matches"] is False]
    assert len(differing) > MAX_SEARCHED
    late = differing[MAX_SEARCHED:]
    assert all(p["reproduced_by"] == [] and "Not searched" in p["notes"][-1] for p in late)
    assert all("Not searched for a reading" in d["text"] for p in late for d in p["differences"])


def test_the_last_phase_not_played_yet_is_there_to_play_on():
    last = replay(text("opening"))["data"]["phases"][-1]
    assert last["played"] is False and last["name"] == "S1903M"
    assert calculators.run("dip-adjudicate", last["params"])["ok"]


# -- pasted lists ------------------------------------------------------------------------------------------
def test_a_pasted_list_keeps_the_lines_it_reads_and_names_the_others():
    pasted = "France: A Par - Bur\nFrance: A Mar - Xyz\nThe army at Munich move to Ruhr\nhello there\nA Ven H"
    result = replay(pasted)
    lines = result["data"]["lines"]
    assert [x["line"] for x in lines] == [1, 2, 3, 4, 5]
    assert [x["read_as"] for x in lines] == ["France: A Par - Bur", None, "A Mun - Ruh", None, "A Ven H"]
    assert lines[1]["error"] == "unknown province \u2018xyz\u2019"
    assert lines[3]["error"] == "unknown province \u2018hello\u2019"
    orders = {o["order"]: o for o in result["data"]["phases"][0]["orders"]}
    assert orders["France: A Par - Bur"]["result"] == "succeeds"
    assert orders["A Mun - Ruh"]["result"] == "succeeds" and orders["A Mun - Ruh"]["power"] == "Germany"
    assert orders["France: A Mar - Xyz"]["result"] == "unreadable"  # a line not read (DIP 4.1, DIP R1)
    assert result["summary"].endswith("2 lines not read.")
    assert "Line 4 was not read: unknown province \u2018hello\u2019" in result["notes"]


def test_judge_results_are_compared_and_phases_follow_headings():
    result = replay(None, load="judge-1901")
    spring, fall = result["data"]["phases"][:2]
    assert spring["label"] == "Spring 1901 movement" and spring["matches"] is True  # both bounces in Gal recorded
    vie = next(o for o in spring["orders"] if o["order"] == "Austria: A Vie - Gal")
    assert vie["recorded_result"] == ["bounce"] and vie["result"] == "fails" and vie["matches"] is True
    assert fall["label"] == "Fall 1901 movement" and fall["origin"] == "site"
    bla = next(o for o in fall["orders"] if o["order"] == "Russia: F Bla - Rum")
    assert bla["result"] == "illegal"  # F Sev bounced in spring: no unit in Bla
    ank = next(o for o in fall["orders"] if o["order"] == "Turkey: F Ank - Bla")
    assert ank["result"] == "succeeds"
    assert [x["line"] for x in result["data"]["lines"] if x["error"]] == [24]


def test_orders_without_a_power_are_the_unit_owner_s():
    """Ruling DIP R31: an order with no power is given for the unit's owner; a waive needs its power."""
    result = replay("A Par - Bur\nF Kie - Den\nWaive")
    orders = {o["order"]: o for o in result["data"]["phases"][0]["orders"]}
    assert orders["A Par - Bur"]["power"] == "France" and orders["F Kie - Den"]["power"] == "Germany"
    assert orders["Waive"]["result"] == "illegal"


# -- bad input, bounds --------------------------------------------------------------------------------------
def test_the_bounds_are_stated_in_the_result():
    assert replay(text("opening"))["data"]["limits"] == {"characters": MAX_CHARS, "phases": MAX_PHASES}


def test_too_long_a_game_is_refused_at_its_field():
    result = calculators.run("dip-replay", {"game": " " * (MAX_CHARS + 1)})
    assert result["error"] == {"field": "game", "message": f"Game: at most {MAX_CHARS} characters "
                                                           f"(got {MAX_CHARS + 1}).", "fields": ["game"]}


def test_too_many_phases_are_refused():
    doc = json.loads(text("opening"))
    doc["phases"] = doc["phases"][:1] * (MAX_PHASES + 1)
    assert refused(json.dumps(doc)) == (f"This game cannot be read: the game has {MAX_PHASES + 1} phases: at most "
                                        f"{MAX_PHASES} are replayed")


def test_too_many_orders_in_a_phase_are_refused():
    doc = json.loads(text("opening"))
    doc["phases"][0]["orders"] = {"FRANCE": ["A PAR H"] * (MAX_ORDERS + 1)}
    assert refused(json.dumps(doc)).endswith(f"phase 1 (S1901M): {MAX_ORDERS + 1} orders: at most {MAX_ORDERS} a phase")


REFUSED = {
    "nested": ('{"phases": ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}", f"nests more than {MAX_DEPTH} deep"),
    "two games": (text("opening") + text("opening"), "a .jsonl file holds one game a line"),
    "not JSON": ('{"phases": [}', "not readable JSON"),
    "no game": ('{"a": 1}', "JSON, but no game"),
    "another map": (json.dumps({"map": "modern", "phases": []}), "the site adjudicates the standard map only"),
    "no phases": (json.dumps({"map": "standard", "phases": []}), "the game has no phases"),
    "a phase without state": (json.dumps({"phases": [{"name": "S1901M"}]}), "a phase needs a"),
    "a bad phase name": (json.dumps({"phases": [{"name": "Q1901M", "state": {}}]}), "phase 1 (Q1901M):"),
    "a unit at sea": (json.dumps({"phases": [{"name": "S1901M", "state": {"units": {"FRANCE": ["A NTH"]}}}]}),
                      "an army cannot stand in North Sea"),
    "an unknown place": (json.dumps({"phases": [{"name": "S1901M", "state": {"units": {"FRANCE": ["A XYZ"]}}}]}),
                         "unknown province"),
    "a pasted list from Fall": ("Fall 1905 movement\nFrance: A Par - Bur", "starts with Spring 1901 movement"),
    "phases out of order": ("A Par - Bur\nSpring 1901 movement\nA Mar - Spa",
                            "give the phases in the order they were played"),
    "another game's file": (json.dumps({"format": "martian-front-game", "version": 1, "calculator": "com-defend",
                                        "phases": [], "current": {}}), "the board files replayed are"),
}


@pytest.mark.parametrize("game, expected", REFUSED.values(), ids=REFUSED.keys())
def test_a_game_that_cannot_be_read_is_refused_with_the_reason(game, expected):
    message = refused(game)
    assert message.startswith("This game cannot be read: ") and expected in message, message


def test_the_replay_compares_readings_itself_and_offers_no_comparison_view():
    """The comparison view would replay the whole game once per reading (twelve times): the replay names the
    reading for each difference instead."""
    entry = next(c for c in calculators.catalog() if c["id"] == "dip-replay")
    assert entry["compare"] is False
    assert next(c for c in calculators.catalog() if c["id"] == "dip-adjudicate")["compare"] is True
    result = calculators.run("dip-replay", {"game": "A Par - Bur", "compare_readings": True})
    assert result["error"]["field"] is None and "compares the readings itself" in result["error"]["message"]


def test_an_empty_game_asks_for_one():
    assert calculators.run("dip-replay", {})["error"]["field"] == "game"


# -- War of the Worlds ----------------------------------------------------------------------------------------
def _wotw_file(orders: str = "France: A Mar - Gas") -> dict:
    """Two phases of War of the Worlds played by its own calculator, as the board's Export game writes them."""
    params: dict = {"season": "spring", "year": 1901, "orders": orders}
    phases = []
    for _ in range(2):
        result = calculators.run("wotw-adjudicate", params)
        assert result["ok"], result
        phases.append({"label": f"{params['season'].capitalize()} {params['year']}", "params": params,
                       "summary": result["summary"]})
        params = dict(result["next"]["params"])
    return {"format": "martian-front-game", "version": 1, "calculator": "wotw-adjudicate", "phases": phases,
            "current": params}


def test_a_war_of_the_worlds_game_file_plays_again():
    doc = _wotw_file()
    result = replay(json.dumps(doc))
    assert result["data"]["calculator"] == "wotw-adjudicate"
    assert [p["matches"] for p in result["data"]["phases"]] == [True, True, None]
    assert calculators.run("dip-replay", {"game": json.dumps(doc), "export": "diplomacy-json"})["error"]["field"] \
        == "export"


def test_a_board_file_s_summary_is_words_and_its_next_board_is_compared():
    """Ruling DIP R32: a file whose summary the site words otherwise (a file written before the site reworded it)
    still matches, both wordings shown; a file whose next phase starts from another board differs."""
    doc = _wotw_file()
    doc["phases"][1]["summary"] = "Something else happened."
    second = replay(json.dumps(doc))["data"]["phases"][1]
    assert second["matches"] is True and second["differences"] == []
    assert any("Something else happened." in note for note in second["notes"])
    doc = _wotw_file()
    doc["current"]["position"] = doc["current"]["position"].replace("A Gas", "A Spa")
    second = replay(json.dumps(doc))["data"]["phases"][1]
    assert second["matches"] is False
    assert [(d["part"], d["recorded"], d["site"]) for d in second["differences"]] == \
        [("position of the next phase", "France: F Bre, A Spa, A Par", "France: F Bre, A Gas, A Par")]


def test_the_sample_the_page_loads_is_the_package_s_game():
    assert calculators.presets("dip-replay")["over-land"]["params"]["game"] == text("over-land")


def test_a_war_of_the_worlds_difference_is_named_with_the_reading_that_gives_it():
    """WOTW R6: with the spring landing before the moves, the cylinder lands on A Mar before it can leave for
    Gas (WOTW 6), so France's next phase has no A Gas; a file written under that reading, its parameters left
    at the site's, differs in the next phase's position and is reproduced by that reading."""
    doc = _wotw_file()
    before = calculators.run("wotw-adjudicate", {**doc["phases"][0]["params"], "wotw_r6": "before-moves"})
    doc["phases"][0]["summary"] = before["summary"]
    doc["phases"][1]["params"] = {**before["next"]["params"], "wotw_r6": "after-moves"}
    first = replay(json.dumps(doc))["data"]["phases"][0]
    assert first["matches"] is False
    assert [d["part"] for d in first["differences"]] == ["position of the next phase"]
    assert [(r["param"], r["value"]) for r in first["reproduced_by"]] == [("wotw_r6", "before-moves")]
