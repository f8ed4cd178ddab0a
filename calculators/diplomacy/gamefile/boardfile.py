"""This site's own game file, as the board's *Export game* writes it (ruling DIP R33):
``{"format": "martian-front-game", "version": 1, "calculator": "dip-adjudicate", "phases": [{"label",
"params", "summary"}], "current": params}``.  Each phase is the adjudicator's own parameters and the summary
it gave; War of the Worlds games (``wotw-adjudicate``) come only in this form.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import TypeGuard

from ..parser import ParseError, parse_phase, read_position
from ..position import check_position
from ..variant import STANDARD, reader_for
from .record import MAX_ORDERS, MAX_PHASES, GameFileError, ImportedGame, RecordedOrder, RecordedPhase, Source

FORMAT = "martian-front-game"
CALCULATORS = {"dip-adjudicate": "Diplomacy", "wotw-adjudicate": "War of the Worlds"}


def looks_like(doc: object) -> TypeGuard[dict]:
    return isinstance(doc, dict) and "format" in doc


def read(doc: dict, text: str) -> ImportedGame:
    """Ruling DIP R33: a board file's phases, each to be played again by its own calculator."""
    if doc.get("format") != FORMAT:
        raise GameFileError(f"its \u201cformat\u201d is not {FORMAT} (this site's game file)")
    if doc.get("version") != 1:
        raise GameFileError("it is a game file of a version this site does not read")
    calc = doc.get("calculator")
    if calc not in CALCULATORS:
        raise GameFileError("it is a game file of \u201c" + str(calc)[:40] + "\u201d: the board files replayed are "
                            + " and ".join(CALCULATORS) + "'s")
    raw = doc.get("phases")
    if not isinstance(raw, list) or len(raw) > MAX_PHASES:
        raise GameFileError(f"its \u201cphases\u201d must be a list of at most {MAX_PHASES}")
    phases = [_phase(calc, p, i) for i, p in enumerate(raw)]
    current = _params(doc.get("current"), "the current phase")
    phases.append(_typed(RecordedPhase(_label(calc, current), _phase_value(calc, current), None, params=current,
                                       played=False), "the current phase"))
    return ImportedGame(Source.BOARD, tuple(phases), calculator=calc, document=doc, text=text)


def _typed(rec: RecordedPhase, where: str) -> RecordedPhase:
    """A standard game's phase read as the engine's values: its position and its orders, one a line, as the
    adjudicator reads them (a War of the Worlds phase stays the parameters of its own calculator)."""
    if rec.phase is None or rec.params is None:
        return rec
    reader = reader_for(STANDARD)
    try:
        position = read_position(reader, rec.phase, str(rec.params.get("position", "")))
    except ParseError as err:
        raise GameFileError(f"{where}: its position: {err}") from None
    problems = check_position(STANDARD.map, position)
    if problems:
        raise GameFileError(f"{where}: its position: " + "; ".join(problems[:3]))
    segments = reader.segments(str(rec.params.get("orders", "")))
    if len(segments) > MAX_ORDERS:
        raise GameFileError(f"{where}: {len(segments)} orders: at most {MAX_ORDERS} a phase")
    orders = tuple(RecordedOrder(s.order.power if s.order else s.power, s.standalone(), None, s.line)
                   for s in segments)
    return replace(rec, position=position, orders=orders)


def _params(value: object, where: str) -> Mapping[str, object]:
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise GameFileError(f"{where}: its \u201cparams\u201d must be a record of field: value")
    return MappingProxyType(dict(value))


def _label(calc: str, params: Mapping[str, object]) -> str:
    if calc == "dip-adjudicate":
        return str(params.get("phase", ""))[:40]
    return f"{str(params.get('season', '')).capitalize()} {params.get('year', '')}".strip()[:40]


def _phase_value(calc: str, params: Mapping[str, object]):
    if calc != "dip-adjudicate":
        return None  # War of the Worlds' calendar is its own (WOTW 2): the label names the season
    try:
        return parse_phase(str(params.get("phase", "")))
    except ParseError:
        return None  # the calculator says what is wrong when the phase is played again


def _phase(calc: str, raw: object, i: int) -> RecordedPhase:
    where = f"phase {i + 1}"
    if not isinstance(raw, dict):
        raise GameFileError(f"{where} is not a record")
    params = _params(raw.get("params"), where)
    if not isinstance(raw.get("label"), str) or not isinstance(raw.get("summary"), str):
        raise GameFileError(f"{where} needs a \u201clabel\u201d and a \u201csummary\u201d (text)")
    return _typed(RecordedPhase(raw["label"][:40] or _label(calc, params), _phase_value(calc, params), None,
                                summary=raw["summary"], params=params), where)


__all__ = ["CALCULATORS", "FORMAT", "looks_like", "read"]
