"""A War of the Worlds game file played again by its own calculator, phase by phase (ruling DIP R33).

War of the Worlds games exist only as this site's game files: each phase is ``wotw-adjudicate``'s parameters
and the summary it gave.  Each phase is worked out again with them (the standard rulings under the
readings given to the replay, the variant's own as recorded), its summary set beside the recorded one,
and the position it leads to beside the one the file gives the next phase.
"""
from __future__ import annotations

import inspect
from collections.abc import Mapping
from dataclasses import dataclass

from ...core.errors import InputError
from ...core.params import ruling_param_name
from ...core.registry import get, validate
from ...core.result import Result
from ...core.rulings import Readings, all_rulings
from ..gamefile.record import ImportedGame, RecordedPhase
from .explain import MAX_SEARCHED
from .verdict import Difference


@dataclass(frozen=True)
class CalculatedPhase:
    """One phase worked out again by its calculator: the parameters used, its result (or why the calculator
    refused them), and how it differs from the file."""

    recorded: RecordedPhase
    params: Mapping[str, object]
    result: Result | None
    error: str | None
    differences: tuple[Difference, ...]
    reproduced_by: tuple[tuple[str, str], ...] | None = ()  # None: not searched (ruling DIP R32's bound)

    @property
    def matches(self) -> bool | None:
        return None if self.result is None else not self.differences


def _run(calc_id: str, params: Mapping[str, object]) -> Result:
    calc = get(calc_id)
    out = calc.func(validate(calc, dict(params)))
    while inspect.isgenerator(out):  # a calculator that reports progress: its result is what it returns
        try:
            next(out)
        except StopIteration as stop:
            out = stop.value
    return out


# The next phase's fields a player fills in (orders) or chooses (readings): not part of the board after a phase.
_CHOSEN = frozenset({"orders", "martian_orders"})


def _board_fields(params: Mapping[str, object]) -> tuple[frozenset[str], dict[str, object]]:
    """Ruling DIP R32: the board a phase leaves, as the next phase's parameters give it: the position's lines (in
    any order), and every other field the calculator carried on (the cylinders' landing sites, the virus, the
    season), not the orders and readings the players choose."""
    readings = {ruling_param_name(rid) for rid in all_rulings()}
    lines = frozenset(ln.strip() for ln in str(params.get("position", "")).splitlines() if ln.strip())
    return lines, {k: v for k, v in params.items() if k not in _CHOSEN | {"position"} and k not in readings}


def _differences(rec: RecordedPhase, following: RecordedPhase | None, result: Result) -> list[Difference]:
    """Ruling DIP R32: a phase matches when it leaves the board the file's next phase starts from; its summary
    is words, shown beside the site's, not compared."""
    after = result.next.params if result.next is not None else None
    if following is None or following.params is None or after is None:
        return []
    (mine, mine_rest), (theirs, their_rest) = _board_fields(after), _board_fields(following.params)
    out = []
    if mine != theirs:
        out.append(Difference("position of the next phase", "; ".join(sorted(theirs - mine)) or "none",
                              "; ".join(sorted(mine - theirs)) or "none"))
    for key in sorted(set(mine_rest) | set(their_rest)):
        if mine_rest.get(key) != their_rest.get(key):
            out.append(Difference(f"{key} of the next phase", str(their_rest.get(key, "none")),
                                  str(mine_rest.get(key, "none"))))
    return out


def _overrides(calc_id: str, readings: Readings) -> dict[str, str]:
    """The readings given to the replay, for the rulings the phase's calculator also takes."""
    takes = set(get(calc_id).rulings)
    return {ruling_param_name(r): readings[r] for r in readings if r in takes}


def _reproducing(calc_id: str, rec: RecordedPhase, following, params: dict) -> tuple[tuple[str, str], ...]:
    """Ruling DIP R32: every single other reading of the calculator's rulings under which the phase matches."""
    found = []
    for rid in get(calc_id).rulings:
        name = ruling_param_name(rid)
        for reading in all_rulings()[rid].readings:
            if reading.id == params.get(name, all_rulings()[rid].default.id):
                continue
            try:
                trial = _run(calc_id, {**params, name: reading.id})
            except InputError:
                continue
            if not _differences(rec, following, trial):
                found.append((rid, reading.id))
    return tuple(found)


def replay_calculated(game: ImportedGame, readings: Readings) -> list[CalculatedPhase]:
    """Ruling DIP R33: every played phase of the file, worked out again by the file's calculator."""
    out: list[CalculatedPhase] = []
    phases, searched = game.phases, 0
    for i, rec in enumerate(phases):
        if not rec.played or rec.params is None:
            continue
        following = phases[i + 1] if i + 1 < len(phases) else None
        params = {**rec.params, **_overrides(game.calculator, readings)}
        try:
            result = _run(game.calculator, params)
        except InputError as err:
            out.append(CalculatedPhase(rec, params, None, f"{err.field}: {err.message}" if err.field else err.message,
                                       ()))
            continue
        differences = tuple(_differences(rec, following, result))
        found: tuple[tuple[str, str], ...] | None = ()
        if differences:
            searched += 1
            found = _reproducing(game.calculator, rec, following, params) if searched <= MAX_SEARCHED else None
        out.append(CalculatedPhase(rec, params, result, None, differences, found))
    return out
