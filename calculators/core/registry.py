"""The calculator registry and the contract: ``catalog()`` and ``run(id, params)``.

The browser worker, the CLI and the tests all come through here, so validation,
error shape and JSON-safety are enforced once for every calculator.
"""
from __future__ import annotations

import importlib
from collections import deque
import inspect
import json
import re
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable, Generator, Iterator

from . import games
from .board import Board
from .compare import COMPARE_KEY, Answer, Figures, compare, comparison, default_note, variants
from .errors import InputError
from .params import BoolParam, Param, ruling_param
from .presets import Presets
from .progress import mapped
from .result import Result
from .rulings import Readings, all_rulings, named_result

# Game subpackages (``games.GAMES``), imported on first use; each registers its calculators on import.
GAMES = {g.package: g.title for g in games.GAMES}
# A calculator id starts with its game's prefix, so run() imports only that game's package
# (the browser's first result should not wait for every game's engine to import).
PREFIXES = {g.prefix: g.package for g in games.GAMES}
MAX_PARAMS = 64
PARAM_NAME = re.compile(r"[a-z][a-z0-9_]*")
# Keys a link uses for itself (``#calc=<id>&...``), and the one that asks run() for the comparison of
# readings: never a parameter's or a preset's name.
RESERVED = frozenset({"calc", COMPARE_KEY})


@dataclass(frozen=True)
class Calculator:
    id: str
    title: str
    game: str
    rules: tuple[str, ...]
    params: tuple[Param, ...]
    func: Callable[..., Any]
    description: str
    page: str  # docs path of the rules page that explains it and embeds its widget, e.g. "wotw/virus.md"
    presets: Presets | None = None
    # "live": the page recomputes as the player types. "on_request": it waits for the button
    # (an adjudicator: nothing is adjudicated until the player has given every order).
    run_mode: str = "live"
    run_label: str = "Calculate"
    # Switchable rulings it depends on (issue 19): a reading parameter each, in schema order
    # after the calculator's own; the function receives them as values["readings"].
    rulings: tuple[str, ...] = ()
    # ``figures(result_json) -> {label: Figure}``: what a player reads off its result, named in the game's
    # terms, which the note on the site's readings and the comparison view compare (core.compare; without
    # one, its summary and table cells).
    figures: Figures | None = None
    board: Board | None = None  # its widget's click-to-order board (issue 14)
    # Why it offers no comparison view ("compare readings"), when its result compares the readings itself.
    no_compare: str = ""

    @property
    def all_params(self) -> tuple[Param, ...]:
        known = all_rulings()
        return self.params + tuple(ruling_param(known[r]) for r in self.rulings)

    def entry(self) -> dict:
        return {
            "id": self.id,
            "title": self.title,
            "game": self.game,
            "game_title": GAMES[self.game],
            "description": self.description,
            "rules": list(self.rules),
            # Its own page (issue 24; the site's build makes it), and the rules page that explains and embeds it.
            "page": f"calculators/{self.id}.md",
            "rules_page": self.page,
            "params": [p.schema() for p in self.all_params],
            "rulings": list(self.rulings),
            "presets": self.presets.schema() if self.presets else None,
            "run": {"mode": self.run_mode, "label": self.run_label},
            "board": self.board.schema() if self.board else None,
            "compare": bool(self.rulings) and not self.no_compare,
        }


_REGISTRY: dict[str, Calculator] = {}
_loaded = False


def calculator(*, id: str, title: str, game: str, rules, params, page: str, description: str = "",
               presets: Presets | None = None, run_mode: str = "live", run_label: str = "Calculate",
               rulings=(), figures: Figures | None = None, board: Board | None = None, no_compare: str = ""):
    """Register ``func(values: dict) -> Result`` (or a generator yielding progress, returning Result).

    ``rulings``: ids of the switchable rulings the result depends on (``core.rulings``); each gets a
    reading parameter, and ``values["readings"]`` holds the readings in force (a ``Readings``). The
    result cites the readings used; under readings other than the site's it says how the site's
    readings would differ, comparing the figures ``figures(result_json)`` names (``core.compare``).
    ``board``: the click-to-order board its widget carries (``core.board``).
    ``no_compare``: why the calculator offers no comparison view, when its own result already compares the
    readings (the comparison would work it out once per reading); ``run`` then refuses ``compare_readings``.
    """
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    if not id or id != id.lower() or " " in id or "_" in id:
        raise ValueError(f"calculator id must be kebab-case: {id!r}")
    if PREFIXES.get(id.split("-")[0]) != game:
        raise ValueError(f"calculator id {id!r} must start with its game's prefix")
    names = [p.name for p in params] + ([presets.name] if presets else [])
    if len(set(names)) != len(names):
        raise ValueError(f"{id}: duplicate parameter names")
    bad = [n for n in names if not PARAM_NAME.fullmatch(n) or n in RESERVED]
    if bad:
        raise ValueError(f"{id}: parameter names must be lower_snake_case and not {sorted(RESERVED)}: {bad}")
    if run_mode not in ("live", "on_request"):
        raise ValueError(f"{id}: run_mode is 'live' or 'on_request', not {run_mode!r}")
    if figures is not None and not rulings:
        raise ValueError(f"{id}: figures= names what the readings are compared by, so it needs rulings=")

    def register(func):
        unknown = [r for r in rulings if r not in all_rulings()]
        if unknown:
            raise ValueError(f"{id}: no game declares the switchable rulings {unknown} (see core.rulings)")
        if id in _REGISTRY:
            raise ValueError(f"calculator {id!r} registered twice")
        _REGISTRY[id] = Calculator(id, title, game, tuple(rules), tuple(params), func,
                                   description or (inspect.getdoc(func) or "").split("\n\n")[0], page,
                                   presets, run_mode, run_label, tuple(rulings), figures, board, no_compare)
        return func

    return register


def _modules(game: str) -> dict[str, str]:
    """A game's manifest ``{calculator id: module}``; importing the package itself imports nothing heavy."""
    pkg = importlib.import_module(f"calculators.{game}")
    return getattr(pkg, "CALCULATORS", {})


def _load(calc_id: str | None = None) -> None:
    """Import every calculator, or only the module that defines ``calc_id``.

    Every module imported is start-up time in the browser, so the first result there should
    not wait for other calculators (or other games) to import.
    """
    global _loaded
    if _loaded:
        return
    if isinstance(calc_id, str) and calc_id.split("-")[0] in PREFIXES:
        game = PREFIXES[calc_id.split("-")[0]]
        module = _modules(game).get(calc_id)
        if module:
            importlib.import_module(f"calculators.{game}.{module}")
        if calc_id in _REGISTRY:
            return
    for game in GAMES:
        for module in sorted(set(_modules(game).values())):
            importlib.import_module(f"calculators.{game}.{module}")
    _loaded = True


def get(calc_id: str) -> Calculator:
    _load()
    return _REGISTRY[calc_id]


def catalog() -> list[dict]:
    """Every calculator with its id, title, game, rule IDs and parameter schema."""
    _load()
    return [c.entry() for c in sorted(_REGISTRY.values(), key=lambda c: (list(GAMES).index(c.game), c.id))]


def presets(calc_id: str) -> dict[str, dict]:
    """A calculator's presets with the values each puts in the form: ``{value: {"label", "params"}}``."""
    calc = get(calc_id)
    if calc.presets is None:
        return {}
    return {p.value: {"label": p.label, "params": dict(p.params)} for p in calc.presets.all().values()}


def validate(calc: Calculator, params: Any) -> dict:
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise InputError(None, "Parameters must be an object of name: value pairs.")
    if len(params) > MAX_PARAMS:
        raise InputError(None, "Too many parameters.")
    if calc.presets is not None and calc.presets.name in params:
        # A preset fills the fields first; any field given as well overrides it (as an edit does).
        chosen = params[calc.presets.name]
        params = {**calc.presets.params(chosen), **{k: v for k, v in params.items() if k != calc.presets.name}}
    known = {p.name: p for p in calc.all_params}
    for name in params:
        if name not in known:
            shown = str(name)[:40]
            takes = ", ".join([*known, *([calc.presets.name] if calc.presets else [])]) or "nothing"
            raise InputError(shown, f"Unknown parameter {shown!r}; {calc.id} takes: {takes}.")
    values = {}
    for p in calc.params:
        values[p.name] = _own(p, params.get(p.name, p.default))
    if calc.rulings:
        chosen = {p.ruling: _own(p, params.get(p.name, p.default)) for p in calc.all_params if p.ruling}
        values["readings"] = Readings(chosen, tuple(all_rulings()[r] for r in calc.rulings))
    return values


def _own(p: Param, raw: Any) -> Any:
    """A field's value checked on its own: its error names that field alone in ``fields``, so the page
    shows it where it belongs and never as a conflict with a field the player changed afterwards."""
    try:
        return p.coerce(raw)
    except InputError as err:
        if not err.fields:
            err.fields = (err.field,) if err.field else ()
        raise


def _error(field, message, fields=()) -> dict:
    error = {"field": field, "message": message}
    if fields:
        error["fields"] = list(fields)
    return {"ok": False, "error": error}


def iter_run(calc_id: Any, params: Any = None) -> Iterator[dict]:
    """Like ``run`` but yields ``{"progress": x}`` events (0..1) before the final result.

    The Web Worker drives this one step at a time so that a long Monte Carlo can
    report progress and be cancelled between steps; everything else calls ``run``.
    """
    _load(calc_id)
    if not isinstance(calc_id, str) or calc_id not in _REGISTRY:
        yield _error("id", f"Unknown calculator {str(calc_id)[:60]!r}. Use catalog() to list them.")
        return
    calc = _REGISTRY[calc_id]
    try:
        compare = False
        if isinstance(params, dict) and COMPARE_KEY in params:
            params = dict(params)
            compare = BoolParam(COMPARE_KEY, "Compare readings", False).coerce(params.pop(COMPARE_KEY))
        values = validate(calc, params)
        result = yield from (_compared(calc, values) if compare else _answer(calc, values))
        json.dumps(result)  # the contract promises JSON: fail here, not in the page
    except InputError as err:
        yield _error(err.field, err.message, err.fields)
        return
    except RecursionError:
        yield _error(None, "The input is too deeply nested to work out.")
        return
    except Exception as err:  # noqa: BLE001 - the contract: a message, never a traceback
        yield _error(None, f"Internal error in {calc_id} ({type(err).__name__}: {err}). "
                           "Please report it with this link.")
        return
    yield result


def _drive(calc: Calculator, values: dict, lo: float = 0.0, hi: float = 1.0):
    """Run the calculator's function once, passing its progress on mapped into [lo, hi]; return its Result."""
    out = calc.func(values)
    if isinstance(out, Generator):
        out = yield from mapped(out, lambda step: {"progress": lo + (hi - lo) * float(step)})
    if not isinstance(out, Result):
        raise TypeError(f"{calc.id} returned {type(out).__name__}, not Result")
    return out


def _answer(calc: Calculator, values: dict):
    """The result, citing the readings used; under readings other than the site's, with a note on how
    the site's readings would differ (the calculation run again with them)."""
    readings: Readings | None = values.get("readings") if calc.rulings else None
    rerun = readings is not None and not readings.all_default
    out = yield from _drive(calc, values, 0.0, 0.5 if rerun else 1.0)
    result = out.to_json(calc.id)
    result["readings"] = {}
    if readings is None:
        return result
    result["rules"] = list(dict.fromkeys([*result["rules"], *(readings.cite(r) for r in readings)]))
    result["readings"] = {"in_force": dict(readings), "site": dict(readings.defaults()), "cited": readings.names()}
    if rerun:
        site: Answer
        try:
            site = yield from _drive(calc, {**values, "readings": readings.defaults()}, 0.5, 1.0)
        except InputError as err:
            site = err.message
        found = compare(out, site, calc.figures, calc.id)
        result["notes"] += default_note(readings, found)
        result["readings"]["site_gives"] = found.verdict
        if found.refused_site is not None:
            result["readings"]["site_refuses"] = found.refused_site
        else:
            result["readings"]["site_differs"] = found.lines(None)
    # how a reader sees each reading cited: its ruling and label, never its id (the "Rules" column too)
    return named_result(result, readings.names())


def _compared(calc: Calculator, values: dict):
    """The comparison view: the result under the site's readings and each other reading, side by side."""
    if not calc.rulings:
        raise InputError(None, f"{calc.title} depends on no switchable ruling: there are no readings to compare.")
    if calc.no_compare:
        raise InputError(None, calc.no_compare)
    chosen: Readings = values["readings"]
    columns = variants(chosen)
    outcomes: list[Result | str] = []
    for i, col in enumerate(columns):
        try:
            outcomes.append((yield from _drive(calc, {**values, "readings": col.readings},
                                               i / len(columns), (i + 1) / len(columns))))
        except InputError as err:
            if col.readings == chosen:
                raise  # the input itself is wrong: the form says where, as for one result
            outcomes.append(err.message)
    names = {c: n for col in columns for c, n in col.readings.names().items()}
    return named_result(comparison(calc.id, calc.title, columns, outcomes, calc.figures), names)


def run(calc_id: Any, params: Any = None) -> dict:
    """Run one calculator: JSON in, JSON out (``{"ok": true, ...}`` or ``{"ok": false, "error": ...}``)."""
    return deque(iter_run(calc_id, params), maxlen=1)[0]  # the last event is the result
