"""Games recorded elsewhere, read into the engine's values and written back (issue 29).

Modules: ``record`` (the values: a recorded game, its phases and orders, and the bounds), ``diplomacy_json``
(the ``diplomacy`` Python package's saved game), ``boardfile`` (this site's own game file), ``pasted`` (an
order list pasted as text), ``writer`` (a game written back as the package's JSON).

    >>> game = read_game("France: A Par - Bur\\nThe army at Munich move to Burgundy")
    >>> [(line.notation, line.read_as) for line in game.lines]
    [('short', 'France: A Par - Bur'), ('webDiplomacy', 'A Mun - Bur')]
"""
from __future__ import annotations

import json

from ...core.params import nesting
from . import boardfile, diplomacy_json, pasted
from .record import MAX_CHARS, MAX_DEPTH, GameFileError, ImportedGame


def read_game(text: str) -> ImportedGame:
    """A game from its text: the package's saved game or this site's game file (JSON), or a pasted order list."""
    if len(text) > MAX_CHARS:
        raise GameFileError(f"{len(text):,} characters: a game file holds at most {MAX_CHARS:,}")
    if not text.lstrip().startswith(("{", "[")):
        return pasted.read(text)
    doc = _json(text)
    if boardfile.looks_like(doc):
        return boardfile.read(doc, text)
    if diplomacy_json.looks_like(doc):
        return diplomacy_json.read(doc, text)
    raise GameFileError("JSON, but no game: a game is the diplomacy package's saved game ({\"phases\": [...]}) "
                        "or this site's game file ({\"format\": \"martian-front-game\", ...})")


def _json(text: str) -> object:
    if nesting(text) > MAX_DEPTH:  # before json.loads: deep nesting overflows the C stack in Pyodide
        raise GameFileError(f"the JSON nests more than {MAX_DEPTH} deep: no game file does")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        if err.msg == "Extra data":
            raise GameFileError("more than one JSON document: a .jsonl file holds one game a line; give one "
                                "game's line") from None
        raise GameFileError(f"not readable JSON: {err.msg} at line {err.lineno}, column {err.colno}") from None


__all__ = ["GameFileError", "ImportedGame", "read_game"]
