"""The saved-game JSON of the ``diplomacy`` Python package, read into a recorded game (rulings DIP R32, R33).

The document: ``{"id", "map", "rules", "phases": [...]}``; each phase ``{"name": "S1901M", "state": {...},
"orders": {power: [order, ...] or null}, "results": {unit: [word, ...]}, "messages": [...]}``; a state holds
``units`` (``"A PAR"``, ``"F STP/SC"``, a dislodged unit as ``"*A SER"``), ``centers`` and ``homes`` by
power, and ``retreats`` (each dislodged unit's possible retreats).  Every text in it (units, provinces,
orders, phase names) is read by the site's parser; the fields the site does not use (the package's hashes,
timestamps, influence, messages) are kept in the document as they were, for writing the game back.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TypeGuard

from ..map import province_of, show
from ..parser import ParseError, Reader, parse_phase, read_position
from ..position import Dislodged, Position, check_position
from ..retreats import retreat_options
from ..variant import STANDARD, reader_for
from .record import MAX_ORDERS, MAX_PHASES, GameFileError, ImportedGame, RecordedOrder, RecordedPhase, Source

END = "COMPLETED"
# The package's rules that change nothing the site adjudicates (how a game is run, who talks to whom).
PLAIN_RULES = frozenset({"NO_PRESS", "POWER_CHOICE", "REAL_TIME", "NO_DEADLINE", "CD_DUMMIES", "ALWAYS_WAIT",
                         "SOLITAIRE", "IGNORE_ERRORS", "NO_CHECK", "PUBLIC_PRESS", "NO_DIPLOMACY",
                         "START_MASTER", "HOLD_WIN", "SHARED_VICTORY", "MULTIPLE_POWERS_PER_PLAYER",
                         "NO_OBSERVATIONS"})


def looks_like(doc: object) -> TypeGuard[dict]:
    return isinstance(doc, dict) and isinstance(doc.get("phases"), list) and "format" not in doc


def read(doc: dict, text: str) -> ImportedGame:
    """DIP 14.8, rulings DIP R32, R33: every phase of a saved game, with its recorded position, orders and results."""
    if doc.get("map", "standard") != "standard":
        raise GameFileError(f"the game is played on the map \u2018{str(doc.get('map'))[:40]}\u2019: the site "
                            "adjudicates the standard map only")
    raw_phases = doc["phases"]
    if not raw_phases:
        raise GameFileError("the game has no phases")
    if len(raw_phases) > MAX_PHASES:
        raise GameFileError(f"the game has {len(raw_phases)} phases: at most {MAX_PHASES} are replayed")
    reader = reader_for(STANDARD)
    phases: list[RecordedPhase] = []
    for i, raw in enumerate(raw_phases):
        previous = raw_phases[i - 1] if i else None
        phases.append(_phase(reader, raw, previous, phases[-1] if phases else None, i))
    rules = doc.get("rules") or []
    notes = tuple(f"The game was played with the package's rule {r}, which changes what the site adjudicates: "
                  "phases it touches may differ." for r in rules if isinstance(r, str) and r not in PLAIN_RULES)
    game_id = doc.get("id")
    return ImportedGame(Source.PACKAGE, tuple(phases), game_id=str(game_id)[:80] if game_id is not None else None,
                        document=doc, text=text, notes=notes)


def _where(i: int, raw: object) -> str:
    name = raw.get("name") if isinstance(raw, dict) else None
    return f"phase {i + 1}" + (f" ({str(name)[:12]})" if isinstance(name, str) else "")


def _phase(reader: Reader, raw: object, previous, before: RecordedPhase | None, i: int) -> RecordedPhase:
    where = _where(i, raw)
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not isinstance(raw.get("state"), dict):
        raise GameFileError(f"{where}: a phase needs a \u201cname\u201d and a \u201cstate\u201d")
    name = raw["name"]
    phase = None
    if name != END:
        try:
            phase = parse_phase(name)
        except ParseError as err:
            raise GameFileError(f"{where}: {err.message}") from None
    at = phase or (before.position.phase if before and before.position else parse_phase("S1901M"))
    position, notes = _position(reader, at, raw["state"], previous, where)
    orders = _orders(reader, raw.get("orders"), where)
    results = _results(raw.get("results"), where)
    retreats = {d.unit.location: _recorded_options(reader, raw["state"].get("retreats"), d.unit)
                for d in position.dislodged}
    return RecordedPhase(name, phase, position, orders, results, played=bool(results) and phase is not None,
                         retreats=MappingProxyType({k: v for k, v in retreats.items() if v is not None}), notes=notes)


def _strings(value: object, where: str, what: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise GameFileError(f"{where}: {what} must be a list of texts")
    return value


def _by_power(state: dict, key: str, where: str) -> dict[str, list[str]]:
    value = state.get(key) or {}
    if not isinstance(value, dict):
        raise GameFileError(f"{where}: the state\u2019s \u201c{key}\u201d must be a record by power")
    return {str(power): _strings(items, where, f"the {key} of {power}") for power, items in value.items()}


def _position(reader: Reader, phase, state: dict, previous, where: str) -> tuple[Position, tuple[str, ...]]:
    """The units and centres of a state, read by the parser; in a retreat phase the dislodged units too, with
    the attacker's origin and the stand-offs worked back from the recording (ruling DIP R33)."""
    units = _by_power(state, "units", where)
    lines = [f"{power}: " + ", ".join(u for u in items if not u.startswith("*"))
             for power, items in units.items() if any(not u.startswith("*") for u in items)]
    lines += [f"Centres {power}: " + ", ".join(items) for power, items in _by_power(state, "centers", where).items()
              if items]
    try:
        position = read_position(reader, phase, "\n".join(lines))
        dislodged = [(power, u[1:]) for power, items in units.items() for u in items if u.startswith("*")]
        found = [reader.position_units(reader.power(p) or p, u, 0, u)[0] for p, u in dislodged]
    except ParseError as err:
        raise GameFileError(f"{where}: {err.message} (in \u201c{err.text[:60]}\u201d)") from None
    notes: tuple[str, ...] = ()
    if found:
        position, notes = _dislodged(reader, position, found, state.get("retreats"), previous, where)
    problems = check_position(reader.gmap, position)
    if problems:
        raise GameFileError(f"{where}: " + "; ".join(problems[:3]))
    return position, notes


def _recorded_options(reader: Reader, retreats: object, unit) -> frozenset[str] | None:
    """The retreats the recording lists for a dislodged unit (locations), or None when it lists none."""
    if not isinstance(retreats, dict):
        return None
    for power, by_unit in retreats.items():
        if reader.power(str(power)) != unit.power or not isinstance(by_unit, dict):
            continue
        for written, options in by_unit.items():
            try:
                loc, _ = reader.place(str(written).lower().split()[1:], 0, (0, str(written)))
            except (ParseError, IndexError):
                continue
            if province_of(loc) == unit.province and isinstance(options, list):
                try:
                    return frozenset(reader.place([str(o).lower()], 0, (0, str(o)))[0] for o in options)
                except ParseError:
                    return None
    return None


def _attackers(reader: Reader, previous) -> dict[str, tuple[str, bool]]:
    """The moves of the phase before, by destination province: (origin province, by convoy)."""
    out: dict[str, list[tuple[str, bool]]] = {}
    orders = previous.get("orders") if isinstance(previous, dict) else None
    for power, items in (orders or {}).items() if isinstance(orders, dict) else ():
        for text in items or ():
            try:
                o = reader.order(f"{power}: {text}")
            except ParseError:
                continue
            origin = o.province if o is not None else None
            if o is not None and o.spec.name == "move" and o.dest is not None and origin is not None:
                far = province_of(o.dest) not in reader.gmap.neighbours(origin)
                out.setdefault(province_of(o.dest), []).append((origin, o.via_convoy or far))
    return {dest: moves[0] for dest, moves in out.items() if len(moves) == 1}


def _dislodged(reader: Reader, position: Position, units, retreats, previous, where: str):
    """Ruling DIP R33: a recording lists each dislodged unit's retreats, not where its attacker came from nor
    which provinces a stand-off left empty.  A province the recording closes to a unit is its attacker's origin
    when the phase before moved a unit from there into the unit's province (not by convoy, DIP R6); the others
    it closes, and no unit may retreat to, were left empty by a stand-off."""
    gmap = reader.gmap
    occupied = {u.province for u in position.units}
    attackers = _attackers(reader, previous)
    closed: dict[str, set[str]] = {}
    allowed: set[str] = set()
    for u in units:
        recorded = _recorded_options(reader, retreats, u)
        open_ = {province_of(x) for x in gmap.reach(u.type.reach, u.location)} - occupied
        if recorded is not None:
            allowed |= {province_of(x) for x in recorded}
            closed[u.province] = open_ - {province_of(x) for x in recorded}
    dislodged = []
    for u in units:
        origin, by_convoy = attackers.get(u.province, (None, False))
        shut = closed.get(u.province, set())
        dislodged.append(Dislodged(u, origin if origin in shut and not by_convoy else None))
    origins = {d.attacker_from for d in dislodged}
    contested = frozenset(set().union(*closed.values()) - origins - allowed) if closed else frozenset()
    position = position.but(dislodged=tuple(dislodged), contested=contested)
    return position, _unmatched(gmap, position, retreats, reader, where)


def _unmatched(gmap, position: Position, retreats, reader: Reader, where: str) -> tuple[str, ...]:
    notes = []
    for d in position.dislodged:
        recorded = _recorded_options(reader, retreats, d.unit)
        mine = frozenset(retreat_options(gmap, position, d))
        if recorded is not None and recorded != mine:
            notes.append(f"{where}: the recorded retreats of {d.unit.label()} ({_places(recorded)}) are not the "
                         f"ones this position gives ({_places(mine)})")
    return tuple(notes)


def _places(locations) -> str:
    return ", ".join(show(x) for x in sorted(locations)) or "none"


def _orders(reader: Reader, raw: object, where: str) -> tuple[RecordedOrder, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        raise GameFileError(f"{where}: \u201corders\u201d must be a record by power")
    out = [RecordedOrder(reader.power(str(power)) or str(power), text) for power, items in raw.items()
           for text in _strings(items, where, f"the orders of {power}")]
    if len(out) > MAX_ORDERS:
        raise GameFileError(f"{where}: {len(out)} orders: at most {MAX_ORDERS} a phase")
    return tuple(out)


def _results(raw: object, where: str) -> Mapping[str, tuple[str, ...]]:
    if not raw:
        return MappingProxyType({})
    if not isinstance(raw, dict):
        raise GameFileError(f"{where}: \u201cresults\u201d must be a record by unit")
    return MappingProxyType({str(unit): tuple(_strings(words, where, f"the results of {unit}"))
                             for unit, words in raw.items()})


def unit_key(text: str) -> str:
    """The unit an order of the package is for, as its results name it: ``A PAR - BUR`` -> ``A PAR``."""
    words = text.split()
    return " ".join(words[:2]) if len(words) > 1 else text.strip()


__all__ = ["END", "PLAIN_RULES", "looks_like", "read", "unit_key"]
