"""Write the sample games of tests/data/replay with the ``diplomacy`` package (MILA), the test-only dependency.

    .venv/bin/python tests/data/replay/make_games.py

Each game is played by the package itself, with orders from a small seeded player below: every unit
gets an order the package lists as possible, moves lean towards supply centres, supports and convoys
are matched to the power's own orders, and some disbands are left unordered so that the package removes
units itself (civil disorder).  The files are the package's own saved-game format
(``diplomacy.utils.export.to_saved_game_format``), written as the package writes them (``ujson.dumps``).
The package adjudicates every phase: its recorded results are the independent side of
tests/crosscheck/test_replay_crosscheck.py.  Nothing here runs in the engine or in the tests.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

import ujson
from diplomacy import Game
from diplomacy.utils.export import to_saved_game_format

HERE = Path(__file__).parent


def _kind(order: str) -> str:
    words = order.split()
    if len(words) == 3 and words[2] == "H":
        return "hold"
    if " S " in order:
        return "support"
    if " C " in order:
        return "convoy"
    if order.endswith(" VIA"):
        return "via"
    return "move"


def _possible(game: Game) -> dict[str, list[str]]:
    """The package's possible orders, sorted: it builds them from sets, whose order changes from run to run."""
    return {loc: sorted(orders) for loc, orders in game.get_all_possible_orders().items()}


def _movement(game: Game, power: str, rng: random.Random) -> list[str]:
    """Every unit an order: a move (towards a centre the power does not own, mostly), a hold, a support of one
    of the power's own orders, or a one-fleet convoy of one of its armies."""
    possible = _possible(game)
    locs = sorted(game.get_orderable_locations(power))
    owned = set(game.get_centers(power))
    centres = set(game.map.scs)
    chosen: dict[str, str] = {}
    for loc in locs:  # convoys first: a fleet at sea carries an army of its own power
        fleet_orders = [o for o in possible[loc] if _kind(o) == "convoy"]
        rng.shuffle(fleet_orders)
        for order in fleet_orders:
            army_loc = order.split()[4]
            if army_loc in locs and army_loc not in chosen and rng.random() < 0.5:
                via = f"A {army_loc} - {order.split()[-1]} VIA"
                if via in possible[army_loc]:
                    chosen[loc], chosen[army_loc] = order, via
                    break
    for loc in locs:
        if loc in chosen:
            continue
        roll = rng.random()
        orders = possible[loc]
        moves = [o for o in orders if _kind(o) == "move"]
        if roll < 0.62 and moves:
            weights = [4 if o.split()[-1][:3] in centres - owned else 1 for o in moves]
            chosen[loc] = rng.choices(moves, weights)[0]
        elif roll < 0.72:
            chosen[loc] = next(o for o in orders if _kind(o) == "hold")
    for loc in locs:  # the rest support an order of their own power, or anyone's unit at random
        if loc in chosen:
            continue
        wanted = {f"{o.split()[0]} {o.split()[1]}" + ("" if _kind(o) == "hold" else " - " + o.split()[-1]
                                                      if _kind(o) in ("move", "via") else "")
                  for o in chosen.values() if _kind(o) in ("hold", "move", "via")}
        supports = [o for o in possible[loc] if _kind(o) == "support" and o.split(" S ")[1] in wanted]
        others = [o for o in possible[loc] if _kind(o) == "support"]
        if supports:
            chosen[loc] = rng.choice(supports)
        elif others and rng.random() < 0.3:
            chosen[loc] = rng.choice(others)
        else:
            chosen[loc] = rng.choice(possible[loc])
    return list(chosen.values())


def _retreats(game: Game, power: str, rng: random.Random) -> list[str]:
    possible = _possible(game)
    out = []
    for loc in sorted(game.get_orderable_locations(power)):
        retreats = [o for o in possible[loc] if " R " in o]
        out.append(rng.choice(retreats) if retreats and rng.random() < 0.85 else rng.choice(possible[loc]))
    return out


def _adjustments(game: Game, power: str, rng: random.Random) -> list[str]:
    """Builds up to the count (sometimes a waive), disbands up to the count or, one time in three, none at all
    (the package removes units itself)."""
    state = game.get_state()
    count = state["builds"][power]["count"]
    possible = _possible(game)
    locs = sorted(game.get_orderable_locations(power))
    if count > 0:
        out, used = [], set()
        for _ in range(count):
            if rng.random() < 0.1:
                out.append("WAIVE")
                continue
            options = [o for loc in locs if loc[:3] not in used for o in possible[loc] if o.endswith(" B")]
            if options:
                order = rng.choice(options)
                used.add(order.split()[1][:3])
                out.append(order)
        return out
    if count < 0 and rng.random() < 0.67:
        disbands = sorted({o for loc in locs for o in possible[loc] if o.endswith(" D")})
        return rng.sample(disbands, min(-count, len(disbands)))
    return []


def play(seed: int, last_year: int, game_id: str) -> dict:
    rng = random.Random(seed)
    game = Game(game_id=game_id)
    while not game.is_game_done and int(game.get_current_phase()[1:5]) <= last_year:
        kind = game.get_current_phase()[-1]
        for power in sorted(game.powers):
            if not game.get_orderable_locations(power):
                continue
            pick = {"M": _movement, "R": _retreats, "A": _adjustments}[kind]
            game.set_orders(power, pick(game, power, rng))
        game.process()
    return to_saved_game_format(game)


def over_land(game_id: str) -> dict:
    """DIP R4: France orders A Pic - Bel via convoy while its fleet in the Channel holds; the package moves
    the army over land (as DIP R4's fallback-to-land reading does), the site's 2023 reading fails it."""
    game = Game(game_id=game_id)
    script = [
        {"FRANCE": ["A PAR - PIC", "F BRE - ENG", "A MAR - SPA"], "ENGLAND": ["F LON - NTH", "F EDI - NWG",
                                                                               "A LVP - YOR"],
         "GERMANY": ["A MUN - RUH", "A BER - KIE", "F KIE - HOL"]},
        {"FRANCE": ["A PIC - BEL VIA", "F ENG H", "A SPA H"], "ENGLAND": ["F NTH C A YOR - NWY",
                                                                         "A YOR - NWY VIA", "F NWG H"],
         "GERMANY": ["A RUH S F HOL", "A KIE - DEN", "F HOL H"]},
    ]
    for orders in script:
        for power, list_ in orders.items():
            game.set_orders(power, list_)
        game.process()
    while game.get_current_phase().endswith("A"):  # the builds the script's centres give
        for power in sorted(game.powers):
            state = game.get_state()["builds"][power]
            game.set_orders(power, [f"A {home} B" for home in state["homes"][:state["count"]] if home != "STP"])
        game.process()
    return to_saved_game_format(game)


def stand_off(game_id: str) -> dict:
    """A retreat phase: Austria dislodges Italy's A Ven from Tri while France and Italy stand off in Tus, so the
    army may retreat only to Apu (the package records the retreats, not the attacker nor the stand-off)."""
    game = Game(game_id=game_id)
    script = [
        {"AUSTRIA": ["F TRI - ADR", "A VIE - TRI", "A BUD H"], "ITALY": ["A ROM H", "A VEN H", "F NAP H"],
         "FRANCE": ["A MAR - PIE", "A PAR H", "F BRE H"], "GERMANY": ["A MUN - TYR", "A BER H", "F KIE H"]},
        {"AUSTRIA": ["A TRI - VEN", "F ADR S A TRI - VEN", "A BUD H"], "ITALY": ["A ROM - TUS", "A VEN H",
                                                                               "F NAP H"],
         "FRANCE": ["A PIE - TUS", "A PAR H", "F BRE H"], "GERMANY": ["A TYR H", "A BER H", "F KIE H"]},
        {"ITALY": ["A VEN R APU"]},
    ]
    for orders in script:
        for power, list_ in orders.items():
            game.set_orders(power, list_)
        game.process()
    return to_saved_game_format(game)


GAMES = {
    "opening": lambda: play(11, 1902, "replay-opening"),
    "midgame": lambda: play(12, 1906, "replay-midgame"),
    "long": lambda: play(13, 1915, "replay-long"),
    "over-land": lambda: over_land("replay-over-land"),
    "stand-off": lambda: stand_off("replay-stand-off"),
}


def main(names: list[str]) -> None:
    for name in names or GAMES:
        doc = GAMES[name]()
        (HERE / f"{name}.json").write_text(ujson.dumps(doc) + "\n")
        print(f"{name}: {len(doc['phases'])} phases")


if __name__ == "__main__":
    main(sys.argv[1:])
