"""A game written back: as the ``diplomacy`` package's saved game, or as this site's game file (ruling DIP R32).

A game read from the package's JSON comes back as it was read, in the layout it was written in, byte for
byte.  Any other game (a pasted list, a board file, a game played on from a recording) is written from the
site's own results: each phase's position, its orders in the package's words and their results.
"""
from __future__ import annotations

import json
from collections.abc import Callable

from ..orders import Status, spec_of
from ..position import Position
from ..retreats import retreat_options
from ..variant import STANDARD
from .boardfile import FORMAT
from .record import GameFileError, ImportedGame, Source

# How JSON writers lay out a document; the package writes with ujson (compact, "/" escaped).
LAYOUTS: dict[str, Callable[[object], str]] = {
    "the package's (ujson)": lambda doc: json.dumps(doc, separators=(",", ":")).replace("/", "\\/"),
    "compact": lambda doc: json.dumps(doc, separators=(",", ":")),
    "spaced": json.dumps,
    "indented by 1": lambda doc: json.dumps(doc, indent=1),
    "indented by 2": lambda doc: json.dumps(doc, indent=2),
    "indented by 4": lambda doc: json.dumps(doc, indent=4),
}
FAILED_WORDS = {"move": "bounce", "support": "cut", "convoy": "disrupted", "retreat": "bounce", "build": "void",
                "disband": "void"}


def layout_of(doc: object, text: str) -> Callable[[object], str] | None:
    """The layout that writes ``doc`` as exactly ``text`` (a final newline or none), or None."""
    body = text[:-1] if text.endswith("\n") else text
    for dumps in LAYOUTS.values():
        if dumps(doc) == body:
            return dumps
    return None


def package_text(game: ImportedGame) -> tuple[str, str | None]:
    """The package game as read, in its own layout; a note when its layout is not one the site writes."""
    dumps = layout_of(game.document, game.text)
    if dumps is not None:
        return dumps(game.document) + ("\n" if game.text.endswith("\n") else ""), None
    return (LAYOUTS["the package's (ujson)"](game.document) + "\n",
            "The file's layout (spacing, escapes) is not one the site writes: every field is written back, in the "
            "package's own layout.")


def _unit(u) -> str:
    return f"{u.type.value} {u.location.upper()}"


def package_order(order, position: Position) -> str:
    """A typed order in the package's words: ``A PAR - BUR``, ``F NTH C A LON - BEL``, ``A PAR B``, ``WAIVE``."""
    name = spec_of(order).name
    if name == "waive":
        return "WAIVE"
    if name == "build":
        return f"{order.type.value} {order.location.upper()} B"
    me = _unit(order.unit)
    if name == "move":
        return f"{me} - {order.dest.upper()}" + (" VIA" if order.via_convoy else "")
    if name == "support":
        target = position.unit_in(order.target)
        them = _unit(target) if target is not None else f"A {order.target.upper()}"
        return f"{me} S {them}" + (f" - {order.dest.upper()}" if order.dest else "")
    if name == "convoy":
        return f"{me} C A {order.army.upper()} - {order.dest.upper()}"
    if name == "retreat":
        return f"{me} R {order.dest.upper()}"
    return f"{me} {'D' if name == 'disband' else 'H'}"


def _state(position: Position, name: str) -> dict:
    gmap = STANDARD.map
    powers = [p.name for p in gmap.powers]
    units = {p.upper(): [_unit(u) for u in position.units_of(p)] +
             [f"*{_unit(d.unit)}" for d in position.dislodged if d.unit.power == p] for p in powers}
    retreats = {p.upper(): {_unit(d.unit): [x.upper() for x in retreat_options(gmap, position, d)]
                            for d in position.dislodged if d.unit.power == p} for p in powers}
    centres = {p.upper(): [c.upper() for c, owner in position.owners.items() if owner == p] for p in powers}
    homes = {p.upper(): [c.upper() for c in gmap.home_centres(p)] for p in powers}
    return {"name": name, "units": units, "retreats": retreats, "centers": centres, "homes": homes}


def _phase_doc(replayed) -> dict:
    start, result = replayed.start, replayed.result
    orders: dict[str, list[str]] = {p.name.upper(): [] for p in STANDARD.map.powers}
    results: dict[str, list[str]] = {}
    for o in result.outcomes:
        if o.order is None:
            continue
        text = package_order(o.order, start)
        if o.line:
            orders.setdefault(o.power.upper(), []).append(text)
        words = [] if o.status is Status.SUCCEEDS else ["void"] if o.status in (Status.VOID, Status.ILLEGAL) else \
            [FAILED_WORDS.get(spec_of(o.order).name, "")] if FAILED_WORDS.get(spec_of(o.order).name) else []
        results[" ".join(text.split()[:2]) if text != "WAIVE" else "WAIVE"] = words + (["dislodged"] if o.dislodged
                                                                                      else [])
    code = start.phase.code
    return {"name": code, "state": _state(start, code), "orders": orders, "results": results, "messages": []}


def package_from_replay(game: ImportedGame, typed) -> str:
    """Ruling DIP R32: a game the site played, as the package's saved game: each phase from the site's results,
    and last the position the final phase leads to."""
    if not typed:
        raise GameFileError("there is no phase of the standard game to write")
    phases = [_phase_doc(pr) for pr in typed]
    last = typed[-1].result
    end = "COMPLETED" if last.winner else last.after.phase.code
    phases.append({"name": end, "state": _state(last.after, end), "orders": {}, "results": {}, "messages": []})
    doc = {"id": game.game_id or "martian-front-replay", "map": "standard", "rules": [], "phases": phases}
    return LAYOUTS["the package's (ujson)"](doc) + "\n"


def board_file(game: ImportedGame, phases: list[dict]) -> str:
    """This site's game file: the phases played with their parameters and summaries, and the next to play."""
    played = [p for p in phases if p["played"] and p["summary"] is not None]
    waiting = next((p["params"] for p in phases if not p["played"]), None)
    current = waiting or (played[-1]["next"] if played and played[-1]["next"] else {})
    doc = {"format": FORMAT, "version": 1, "calculator": game.calculator,
           "phases": [{"label": p["label"], "params": p["params"], "summary": p["summary"]} for p in played],
           "current": current}
    return json.dumps(doc, indent=1) + "\n"


def write(game: ImportedGame, fmt: str, phases: list[dict], typed) -> dict:
    """The game written back in ``fmt`` (``diplomacy-json`` or ``board-file``), with its file name."""
    stem = (game.game_id or "game").replace("/", "-")[:60]
    if fmt == "board-file":
        return {"format": fmt, "filename": f"{stem}-{game.calculator}-game.json", "text": board_file(game, phases),
                "note": None}
    if game.calculator != "dip-adjudicate":
        raise GameFileError("a War of the Worlds game is written back only as this site's game file: the diplomacy "
                            "package plays the standard game")
    if game.source is Source.PACKAGE:
        text, note = package_text(game)
    else:
        text, note = package_from_replay(game, typed), None
    return {"format": fmt, "filename": f"{stem}.json", "text": text, "note": note}
